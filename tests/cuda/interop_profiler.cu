// interop_profiler.cu -- the headers programs include for their display and profiling paths:
// cuda_gl_interop.h (every call cudaErrorNotSupported, recorded as the last error),
// cuda_profiler_api.h (succeeds, no effect), driver_functions.h, cuda_texture_types.h,
// cuda_surface_types.h, device_types.h.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_gl_interop.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cuda_surface_types.h>
#include <cuda_texture_types.h>
#include <device_types.h>
#include <driver_functions.h>

#include <cstdio>

#if !defined(__CUDA_GL_INTEROP_H__) || !defined(__CUDA_PROFILER_API_H__) || !defined(__DRIVER_FUNCTIONS_H__) ||  \
    !defined(__DEVICE_TYPES_H__)
#error "the interop, profiler and driver-function headers do not define CUDA's include guards"
#endif

#include "include/expect.h"
// the call fails with cudaErrorNotSupported, which is then the last error (and is cleared)
#define EXPECT_NOT_SUPPORTED(call)                                                         \
    do {                                                                                   \
        EXPECT((call) == cudaErrorNotSupported);                                           \
        EXPECT(cudaGetLastError() == cudaErrorNotSupported);                               \
        EXPECT(cudaGetLastError() == cudaSuccess);                                         \
    } while (0)

int main()
{
    EXPECT(cudaProfilerStart() == cudaSuccess);
    EXPECT(cudaProfilerStop() == cudaSuccess);
    EXPECT(cudaGetLastError() == cudaSuccess);

    cudaGraphicsResource *res = nullptr;
    void *ptr = nullptr;
    size_t size = 0;
    cudaArray_t array = nullptr;
    cudaMipmappedArray_t mip = nullptr;
    unsigned int count = 0;
    int devices[1] = {0};
    const GLuint buffer = 1;
    const GLenum target = 0x0DE1; // GL_TEXTURE_2D
    EXPECT_NOT_SUPPORTED(cudaGraphicsGLRegisterBuffer(&res, buffer, cudaGraphicsMapFlagsWriteDiscard));
    EXPECT(res == nullptr);
    EXPECT_NOT_SUPPORTED(cudaGraphicsGLRegisterImage(&res, buffer, target, cudaGraphicsRegisterFlagsReadOnly));
    EXPECT_NOT_SUPPORTED(cudaGraphicsMapResources(1, &res, 0));
    EXPECT_NOT_SUPPORTED(cudaGraphicsResourceGetMappedPointer(&ptr, &size, res));
    EXPECT_NOT_SUPPORTED(cudaGraphicsSubResourceGetMappedArray(&array, res, 0, 0));
    EXPECT_NOT_SUPPORTED(cudaGraphicsResourceGetMappedMipmappedArray(&mip, res));
    EXPECT_NOT_SUPPORTED(cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsNone));
    EXPECT_NOT_SUPPORTED(cudaGraphicsUnmapResources(1, &res, 0));
    EXPECT_NOT_SUPPORTED(cudaGraphicsUnregisterResource(res));
    EXPECT_NOT_SUPPORTED(cudaGLGetDevices(&count, devices, 1, cudaGLDeviceListAll));
    EXPECT_NOT_SUPPORTED(cudaGLSetGLDevice(0));
    EXPECT_NOT_SUPPORTED(cudaGLRegisterBufferObject(buffer));
    EXPECT_NOT_SUPPORTED(cudaGLMapBufferObject(&ptr, buffer));
    EXPECT_NOT_SUPPORTED(cudaGLUnmapBufferObject(buffer));
    EXPECT_NOT_SUPPORTED(cudaGLSetBufferObjectMapFlags(buffer, cudaGLMapFlagsReadOnly));
    EXPECT_NOT_SUPPORTED(cudaGLMapBufferObjectAsync(&ptr, buffer, 0));
    EXPECT_NOT_SUPPORTED(cudaGLUnmapBufferObjectAsync(buffer, 0));
    EXPECT_NOT_SUPPORTED(cudaGLUnregisterBufferObject(buffer));
    EXPECT(ptr == nullptr && array == nullptr && mip == nullptr);
    // the runtime still works after them
    EXPECT(cudaMalloc(&ptr, 64) == cudaSuccess && cudaFree(ptr) == cudaSuccess);

    const cudaExtent e = make_cudaExtent(4, 5, 6);
    const cudaPos p = make_cudaPos(1, 2, 3);
    char buf[8];
    const cudaPitchedPtr pp = make_cudaPitchedPtr(buf, 8, 2, 4);
    EXPECT(e.width == 4 && e.height == 5 && e.depth == 6 && p.x == 1 && p.y == 2 && p.z == 3);
    EXPECT(pp.ptr == buf && pp.pitch == 8 && pp.xsize == 2 && pp.ysize == 4);
    EXPECT(cudaRoundNearest == 0 && cudaRoundMinInf == 3);

    std::printf("interop_profiler: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
