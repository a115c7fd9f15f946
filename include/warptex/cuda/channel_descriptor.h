/* channel_descriptor.h -- cudaCreateChannelDesc<T>() for CUDA's element types (warptex)
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_CHANNEL_DESCRIPTOR_H
#define WARPTEX_CUDA_CHANNEL_DESCRIPTOR_H
#define __CHANNEL_DESCRIPTOR_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include "driver_types.h"
#include "vector_types.h"
#include "cuda_fp16.h"

/* cudaCreateChannelDesc(x, y, z, w, f): the descriptor as given (validated
 * where it is used).  Defined in src/cuda/memory.cpp. */
extern "C" struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                               enum cudaChannelFormatKind f);

namespace wt_cuda_detail {
template <class T> struct channel_of; /* no descriptor for other types: a compile error */
#define WT__CH(T, n, k)                                                                          \
    template <> struct channel_of<T> {                                                            \
        static constexpr int bits = (int)(sizeof(T) * 8 / n), count = n;                          \
        static constexpr cudaChannelFormatKind kind = k;                                          \
    };
#define WT__CH_ALL(S, V, k)                                                                      \
    WT__CH(S, 1, k) WT__CH(V##1, 1, k) WT__CH(V##2, 2, k) WT__CH(V##4, 4, k)
WT__CH(char, 1, cudaChannelFormatKindSigned)
WT__CH_ALL(signed char, char, cudaChannelFormatKindSigned)
WT__CH_ALL(unsigned char, uchar, cudaChannelFormatKindUnsigned)
WT__CH_ALL(short, short, cudaChannelFormatKindSigned)
WT__CH_ALL(unsigned short, ushort, cudaChannelFormatKindUnsigned)
WT__CH_ALL(int, int, cudaChannelFormatKindSigned)
WT__CH_ALL(unsigned int, uint, cudaChannelFormatKindUnsigned)
WT__CH_ALL(float, float, cudaChannelFormatKindFloat)
WT__CH(__half, 1, cudaChannelFormatKindFloat)
WT__CH(__half2, 2, cudaChannelFormatKindFloat)
#undef WT__CH_ALL
#undef WT__CH
} // namespace wt_cuda_detail

template <class T> static inline cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
    typedef wt_cuda_detail::channel_of<T> c;
    return cudaCreateChannelDesc(c::bits, c::count > 1 ? c::bits : 0, c::count > 2 ? c::bits : 0,
                                 c::count > 2 ? c::bits : 0, c::kind);
}

static inline cudaChannelFormatDesc cudaCreateChannelDescHalf(void) { return cudaCreateChannelDesc<__half>(); }
static inline cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) { return cudaCreateChannelDesc<__half>(); }
static inline cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) { return cudaCreateChannelDesc<__half2>(); }

#endif
