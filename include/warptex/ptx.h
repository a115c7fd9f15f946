/* warptex/ptx.h -- the PTX front end: load the PTX text nvcc writes, launch its kernels on the CPU
 *
 * A module is PTX text (what `nvcc -ptx` writes for sm_75..sm_90, -O3 or -G).
 * Loading parses it and decodes every instruction once; texture and surface
 * instructions become the op records of warptex/op.h and run through
 * wt_tex_warp / wt_surf_warp / wt_query, so a kernel samples exactly as the C
 * API does.  Launching runs the grid warp by warp: 32 lanes in
 * structure-of-arrays registers, divergence and reconvergence per lane, the
 * warps of a block together (bar.sync, shared memory), blocks in parallel.
 *
 * Memory.  A kernel's global memory is what the caller registers with
 * wt_module_register_memory() (and the module's own .global/.const
 * variables): a load or store outside every registered range, or one not
 * aligned to its size, stops the launch with WT_ERROR_LAUNCH_FAILED and a
 * message naming the kernel, the PTX line and the lane.  Pointer parameters
 * are plain 64-bit values; they need a registered range behind them.
 *
 * Arithmetic follows PTX exactly where PTX defines it (IEEE roundings,
 * .rz/.rm/.rp, .ftz, .sat, fused fma, separate mul and add; a NaN result of
 * f32 arithmetic is the canonical 0x7fffffff, of f64 0x7fffffffffffffff).
 * The .approx forms (rcp/sqrt/rsqrt/sin/cos/lg2/ex2 .approx, div.approx and
 * div.full) have no published bit-exact definition: warptex computes them
 * with the C library in double and rounds to nearest f32, which is within
 * the documented error bounds; they are the only results not claimed to
 * match a GPU bit for bit.
 */
#ifndef WARPTEX_PTX_H
#define WARPTEX_PTX_H

#include "status.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wt_module_s *wt_module;
typedef struct wt_function_s *wt_function;

/* wt_module_load_ptx: parse and decode PTX text (len bytes, need not be
 * NUL-terminated).  `name` names the text in messages (NULL: "<ptx>").
 * Module-scope .samplerref variables with initialisers become sampler
 * objects owned by the module; .texref/.surfref variables start unbound.
 * Errors (*out = NULL): WT_ERROR_INVALID_VALUE (NULL out or text),
 * WT_ERROR_PTX_PARSE (malformed text: the message names the file, line and
 * column and quotes the offending token), WT_ERROR_PTX_UNSUPPORTED (a legal
 * form warptex does not run, named with its line), WT_ERROR_OUT_OF_MEMORY.
 * Thread-safety: any thread; modules are independent. */
wt_status wt_module_load_ptx(wt_module *out, const char *text, size_t len, const char *name);

/* wt_module_load_ptx_file: wt_module_load_ptx on the contents of a file.
 * Errors: as wt_module_load_ptx, and WT_ERROR_INVALID_VALUE when the file
 * cannot be read.  Thread-safety: any thread. */
wt_status wt_module_load_ptx_file(wt_module *out, const char *path);

/* wt_module_unload: free a module, its functions and the samplers it made.
 * Objects bound to it and registered memory are the caller's and stay.
 * Errors: WT_ERROR_INVALID_HANDLE (NULL).  Thread-safety: not while a launch
 * of the module runs. */
wt_status wt_module_unload(wt_module mod);

/* wt_module_get_function: the .entry named `name` (the mangled name as in
 * the PTX).  Errors: WT_ERROR_INVALID_VALUE (NULL argument, no such entry;
 * a .func is not launchable).  Thread-safety: any thread. */
wt_status wt_module_get_function(wt_function *out, wt_module mod, const char *name);

/* wt_function_param_count / wt_function_param_size: the number of
 * parameters of an entry and the byte size of parameter i (for building the
 * params array of wt_launch_kernel).  Errors: WT_ERROR_INVALID_VALUE.
 * Thread-safety: any thread. */
wt_status wt_function_param_count(wt_function fn, int *count);
wt_status wt_function_param_size(wt_function fn, int i, size_t *size);

/* wt_module_set_texref / _set_surfref / _set_samplerref: bind the
 * module-scope .texref / .surfref / .samplerref variable `name` to an
 * object (0 unbinds).  A texref uses the object's own texture description
 * (its PTX initialisers are parsed and ignored, as for unified-mode texture
 * objects); a samplerref replaces the sampler the module made from its
 * initialiser.  The handle is read at each launch; using an unbound or
 * destroyed object makes the instruction fail as the warp API does.
 * Errors: WT_ERROR_INVALID_VALUE (NULL, no such variable of that kind).
 * Thread-safety: not concurrently with a launch of the module. */
wt_status wt_module_set_texref(wt_module mod, const char *name, wt_tex tex);
wt_status wt_module_set_surfref(wt_module mod, const char *name, wt_surf surf);
wt_status wt_module_set_samplerref(wt_module mod, const char *name, wt_sampler smp);

/* wt_module_register_memory: let kernels of this module read (and, when
 * writable, write) the `size` bytes at `ptr` as global memory.  Ranges may
 * not overlap.  Errors: WT_ERROR_INVALID_VALUE (NULL mod or ptr, size 0, an
 * overlap, a range that wraps the address space), WT_ERROR_OUT_OF_MEMORY.
 * wt_module_unregister_memory removes the range starting at ptr
 * (WT_ERROR_INVALID_VALUE when none does).
 * Thread-safety: not concurrently with a launch of the module. */
wt_status wt_module_register_memory(wt_module mod, void *ptr, size_t size, int writable);
wt_status wt_module_unregister_memory(wt_module mod, void *ptr);

typedef struct wt_dim3 {
    uint32_t x, y, z;
} wt_dim3;

/* wt_launch_kernel: run the entry `fn` over grid x block threads.
 * params[i] points to the bytes of parameter i (wt_function_param_size()
 * bytes each; a pointer parameter is the pointer's 8 bytes, a texture
 * object the wt_tex's 8 bytes).  shared_bytes is the dynamic shared memory
 * (extern .shared arrays).  Blocks run in parallel (OpenMP, as the batch
 * entry points; WARPTEX_NUM_THREADS); the warps of one block run together.
 * Errors: WT_ERROR_INVALID_VALUE (NULL fn, a zero or oversized dimension:
 * block x*y*z above 1024, a NULL params with parameters),
 * WT_ERROR_PTX_UNSUPPORTED (the kernel reaches a recursive call; the message
 * names the cycle), WT_ERROR_OUT_OF_MEMORY (the declared registers, local
 * and shared memory are past the limits of docs/ptx.md ("Limits"): a warp's
 * state along the deepest call chain above 32 MiB, shared memory above
 * 1 GiB a block, a block's state above 1 GiB; checked before anything is
 * allocated), WT_ERROR_LAUNCH_FAILED (an access outside the registered
 * memory, a misaligned access; the message names kernel, line and lane, the
 * instruction, its size and the address), WT_ERROR_TRAP (a `trap` ran), and the
 * status of a texture or surface instruction that failed (e.g.
 * WT_ERROR_INVALID_HANDLE), its message prefixed with kernel and line.
 * Blocks already run keep their effects; the launch stops at the first
 * failing block in each thread.  bar.sync / barrier.sync wait for every
 * thread of the block that has not exited (a thread count operand is read
 * and not checked); registers and .local memory are undefined until written,
 * as on a GPU (they may hold values from an earlier block).  A kernel that
 * loops forever never returns, unless the environment variable
 * WARPTEX_PTX_MAX_STEPS=N is set: then a warp that runs more than N
 * instructions in one block stops the launch with WT_ERROR_LAUNCH_FAILED.
 * Thread-safety: launches may run concurrently, including of one module
 * (they share its registered memory as GPU kernels share global memory). */
wt_status wt_launch_kernel(wt_function fn, wt_dim3 grid, wt_dim3 block, size_t shared_bytes,
                           void *const *params);

#ifdef __cplusplus
}
#endif
#endif
