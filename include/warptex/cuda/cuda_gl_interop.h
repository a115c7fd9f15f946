/* cuda_gl_interop.h -- CUDA's OpenGL interop on the CPU: declared, each call cudaErrorNotSupported (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Programs include this for their display path (map an OpenGL buffer, let a
 * kernel write into it, draw it).  Without a GPU there is nothing to share
 * with OpenGL, so every call returns cudaErrorNotSupported, records it as the
 * last error and says why on stderr once (src/cuda/interop.cpp); a program's
 * paths that do not display (its self-tests) never call them.  The GL types
 * are declared as OpenGL's own headers declare them, so no GL header is
 * needed here. */
#ifndef WARPTEX_CUDA_GL_INTEROP_H
#define WARPTEX_CUDA_GL_INTEROP_H
#define __CUDA_GL_INTEROP_H__ /* CUDA's own include guard */

#include "cuda_runtime_api.h"

typedef unsigned int GLuint;
typedef unsigned int GLenum;

enum cudaGLDeviceList {
    cudaGLDeviceListAll = 1,
    cudaGLDeviceListCurrentFrame = 2,
    cudaGLDeviceListNextFrame = 3
};
enum cudaGLMapFlags {
    cudaGLMapFlagsNone = 0,
    cudaGLMapFlagsReadOnly = 1,
    cudaGLMapFlagsWriteDiscard = 2
};

extern "C" {
cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices, unsigned int cudaDeviceCount,
                             enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image, GLenum target,
                                        unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer, unsigned int flags);
/* deprecated in CUDA, still declared there */
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);
}

#endif
