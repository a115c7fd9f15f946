/* interop.cpp -- graphics interop (cudaErrorNotSupported, saying why once) and the profiler (no-ops)
 * SPDX-License-Identifier: MIT
 *
 * A program's display path registers an OpenGL buffer or texture with CUDA,
 * maps it and lets a kernel write into it.  On the CPU no GPU shares memory
 * with OpenGL, so nothing can be registered or mapped: each call returns
 * cudaErrorNotSupported, recorded as the last error like any failed call, and
 * the first one says why on stderr.  cudaProfilerStart/Stop bracket what a
 * profiler records; no profiler attaches to the CPU device, so they succeed. */
#include <atomic>
#include <stdio.h>

#include "cuda_gl_interop.h"
#include "cuda_internal.h"
#include "cuda_profiler_api.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

namespace {
std::atomic<bool> g_said{false};

cudaError_t not_supported(const char *call)
{
    if (cudaError_t e = enter())
        return e;
    if (!g_said.exchange(true))
        fprintf(stderr,
                "warptex: %s: graphics interop is not supported on the CPU (no GPU shares memory with OpenGL); "
                "every interop call returns cudaErrorNotSupported\n",
                call);
    return fail(cudaErrorNotSupported);
}
} // namespace

extern "C" {
cudaError_t cudaGLGetDevices(unsigned int *, int *, unsigned int, enum cudaGLDeviceList)
{
    return not_supported("cudaGLGetDevices");
}
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **, GLuint, GLenum, unsigned int)
{
    return not_supported("cudaGraphicsGLRegisterImage");
}
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **, GLuint, unsigned int)
{
    return not_supported("cudaGraphicsGLRegisterBuffer");
}
cudaError_t cudaGLSetGLDevice(int) { return not_supported("cudaGLSetGLDevice"); }
cudaError_t cudaGLRegisterBufferObject(GLuint) { return not_supported("cudaGLRegisterBufferObject"); }
cudaError_t cudaGLMapBufferObject(void **, GLuint) { return not_supported("cudaGLMapBufferObject"); }
cudaError_t cudaGLUnmapBufferObject(GLuint) { return not_supported("cudaGLUnmapBufferObject"); }
cudaError_t cudaGLUnregisterBufferObject(GLuint) { return not_supported("cudaGLUnregisterBufferObject"); }
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint, unsigned int) { return not_supported("cudaGLSetBufferObjectMapFlags"); }
cudaError_t cudaGLMapBufferObjectAsync(void **, GLuint, cudaStream_t)
{
    return not_supported("cudaGLMapBufferObjectAsync");
}
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint, cudaStream_t) { return not_supported("cudaGLUnmapBufferObjectAsync"); }

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t)
{
    return not_supported("cudaGraphicsUnregisterResource");
}
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t, unsigned int)
{
    return not_supported("cudaGraphicsResourceSetMapFlags");
}
cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t *, cudaStream_t)
{
    return not_supported("cudaGraphicsMapResources");
}
cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t *, cudaStream_t)
{
    return not_supported("cudaGraphicsUnmapResources");
}
cudaError_t cudaGraphicsResourceGetMappedPointer(void **, size_t *, cudaGraphicsResource_t)
{
    return not_supported("cudaGraphicsResourceGetMappedPointer");
}
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *, cudaGraphicsResource_t, unsigned int, unsigned int)
{
    return not_supported("cudaGraphicsSubResourceGetMappedArray");
}
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *, cudaGraphicsResource_t)
{
    return not_supported("cudaGraphicsResourceGetMappedMipmappedArray");
}

cudaError_t cudaProfilerStart(void) { return enter(); }
cudaError_t cudaProfilerStop(void) { return enter(); }
}
