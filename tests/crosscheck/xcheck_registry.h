/* xcheck_registry.h -- the kernels the cross-check can launch natively, by source and name
 * SPDX-License-Identifier: MIT
 *
 * Each kernel source is compiled in its own translation unit (a file of glue/, or the source itself
 * for kernels/NAME.cu) that ends with XC_REGISTER(XC_KERNEL(k), ...): a static table of launchers, one
 * per kernel, that cudaLaunchKernel the kernel with an argument array.  The same files build with
 * warptex-cxx (the kernels run as C++ on the CPU) and with nvcc (they run on a GPU); the driver
 * (xcheck.cu) finds a kernel by its source's name and its own name.  Kernels written in inline PTX
 * exist only in nvcc builds: warptex-cxx cannot compile their asm, so they are not registered there. */
#ifndef XCHECK_REGISTRY_H
#define XCHECK_REGISTRY_H

#include <cuda_runtime.h>

typedef cudaError_t (*xc_launcher)(dim3 grid, dim3 block, size_t shared, void **args);

struct xc_kernel {
    const char *source; /* the kernel source's name: "programs", "ops", "rotate", ... */
    const char *name;   /* the kernel's name in that source */
    xc_launcher launch;
};

template <auto K> static cudaError_t xc_launch(dim3 grid, dim3 block, size_t shared, void **args)
{
    return cudaLaunchKernel(K, grid, block, args, shared, 0);
}

/* Adds a source's table to the driver's list (xcheck.cu); called by static constructors. */
void xc_register_kernels(const xc_kernel *table, int n);

#define XC_KERNEL(k) xc_kernel{XC_SOURCE, #k, &xc_launch<&k>}
#define XC_REGISTER(...)                                                                           \
    static const xc_kernel xc_table_[] = {__VA_ARGS__};                                            \
    [[maybe_unused]] static const int xc_registered_ = (xc_register_kernels(xc_table_, (int)(sizeof xc_table_ /     \
                                                                           sizeof xc_table_[0])),  \
                                       0);

#endif
