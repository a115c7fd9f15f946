/* surface_functions.h -- surf1Dread ... surfCubemapLayeredwrite on surface objects (warptex)
 * SPDX-License-Identifier: MIT
 *
 * CUDA's surface functions with CUDA's overloads: the value form
 * (surf2Dread<float4>(obj, x, y)), the pointer/by-reference form
 * (surf2Dread(&v, obj, x, y)) and the writes (surf2Dwrite(v, obj, x, y)), each
 * with a cudaSurfaceBoundaryMode (default cudaBoundaryModeTrap, as CUDA).  x
 * is in bytes, as on the GPU.  T may be any trivially copyable type of 1, 2,
 * 4, 8 or 16 bytes; it is moved as suld.b/sust.b of that size (.b8, .b16,
 * .b32, .b64, .v4.b32) through warptex's per-lane entry points, so clamping,
 * zeroing and traps are the GPU's ([semantics#surfaces]).  Cubemap faces and layers
 * address the layers of a 2D layered surface: layer = face, or 6 * cube + face.
 *
 * Errors: a trap (out of range under cudaBoundaryModeTrap, a misaligned x) or
 * an invalid surface object ends the calling CUDA thread, as on the GPU, and
 * fails the launch with cudaErrorLaunchFailure (sticky; cuda_runtime_api.h).
 * Called outside a kernel, the failure stays in wt_get_last_error().
 * Thread-safety: any thread (the library's per-lane calls). */
#ifndef WARPTEX_CUDA_SURFACE_FUNCTIONS_H
#define WARPTEX_CUDA_SURFACE_FUNCTIONS_H
#define __SURFACE_INDIRECT_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <stdint.h>
#include <string.h>
#include <type_traits>

#include "host_defines.h"
#include "surface_types.h"
#include "warptex/nvvm.h"
#include "warptex/status.h"

/* Inside a kernel: ends the CUDA thread if the last per-lane call failed
 * (src/cuda/launch.cpp).  Outside one: returns. */
extern "C" void wt_cuda_check_lane_call(void);

namespace wt_cuda_detail {
static inline void after_surface_call(void)
{
    if (__builtin_expect(wt_peek_last_error() != WT_SUCCESS, 0))
        wt_cuda_check_lane_call();
}
} // namespace wt_cuda_detail

#define WT__SUMODE(fn, m, ...)                                                     \
    ((m) == cudaBoundaryModeZero    ? fn##_zero(__VA_ARGS__)                       \
     : (m) == cudaBoundaryModeClamp ? fn##_clamp(__VA_ARGS__)                      \
                                    : fn##_trap(__VA_ARGS__))
#define WT__SUMODE_VOID(fn, m, ...)                                                \
    do {                                                                           \
        if ((m) == cudaBoundaryModeZero)                                           \
            fn##_zero(__VA_ARGS__);                                                \
        else if ((m) == cudaBoundaryModeClamp)                                     \
            fn##_clamp(__VA_ARGS__);                                               \
        else                                                                       \
            fn##_trap(__VA_ARGS__);                                                \
    } while (0)

/* r = suld of sizeof(T) bytes at (__VA_ARGS__) */
#define WT__SULD(T, r, geom, m, ...)                                                               \
    static_assert(std::is_trivially_copyable<T>::value, "surface value types are trivially copyable"); \
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, \
                  "surface accesses move 1, 2, 4, 8 or 16 bytes");                                  \
    if constexpr (sizeof(T) == 1) {                                                                \
        const uint8_t v = (uint8_t)WT__SUMODE(wt_suld_##geom##_i8, m, __VA_ARGS__);                \
        memcpy(&r, &v, 1);                                                                         \
    } else if constexpr (sizeof(T) == 2) {                                                         \
        const int16_t v = WT__SUMODE(wt_suld_##geom##_i16, m, __VA_ARGS__);                        \
        memcpy(&r, &v, 2);                                                                         \
    } else if constexpr (sizeof(T) == 4) {                                                         \
        const int32_t v = WT__SUMODE(wt_suld_##geom##_i32, m, __VA_ARGS__);                        \
        memcpy(&r, &v, 4);                                                                         \
    } else if constexpr (sizeof(T) == 8) {                                                         \
        const int64_t v = WT__SUMODE(wt_suld_##geom##_i64, m, __VA_ARGS__);                        \
        memcpy(&r, &v, 8);                                                                         \
    } else {                                                                                       \
        const wt_int4 v = WT__SUMODE(wt_suld_##geom##_v4i32, m, __VA_ARGS__);                      \
        const int32_t e[4] = {v.x, v.y, v.z, v.w};                                                 \
        memcpy(&r, e, 16);                                                                         \
    }                                                                                              \
    ::wt_cuda_detail::after_surface_call();

/* sust.b of the sizeof(T) bytes of d at (__VA_ARGS__) */
#define WT__SUST(T, d, geom, m, ...)                                                               \
    static_assert(std::is_trivially_copyable<T>::value, "surface value types are trivially copyable"); \
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, \
                  "surface accesses move 1, 2, 4, 8 or 16 bytes");                                  \
    if constexpr (sizeof(T) == 1) {                                                                \
        uint8_t v;                                                                                 \
        memcpy(&v, &d, 1);                                                                         \
        WT__SUMODE_VOID(wt_sust_b_##geom##_i8, m, __VA_ARGS__, (int16_t)v);                        \
    } else if constexpr (sizeof(T) == 2) {                                                         \
        int16_t v;                                                                                 \
        memcpy(&v, &d, 2);                                                                         \
        WT__SUMODE_VOID(wt_sust_b_##geom##_i16, m, __VA_ARGS__, v);                                \
    } else if constexpr (sizeof(T) == 4) {                                                         \
        int32_t v;                                                                                 \
        memcpy(&v, &d, 4);                                                                         \
        WT__SUMODE_VOID(wt_sust_b_##geom##_i32, m, __VA_ARGS__, v);                                \
    } else if constexpr (sizeof(T) == 8) {                                                         \
        int64_t v;                                                                                 \
        memcpy(&v, &d, 8);                                                                         \
        WT__SUMODE_VOID(wt_sust_b_##geom##_i64, m, __VA_ARGS__, v);                                \
    } else {                                                                                       \
        int32_t e[4];                                                                              \
        memcpy(e, &d, 16);                                                                         \
        WT__SUMODE_VOID(wt_sust_b_##geom##_v4i32, m, __VA_ARGS__, e[0], e[1], e[2], e[3]);         \
    }                                                                                              \
    ::wt_cuda_detail::after_surface_call();

#define WT__SURF_UNPAREN(...) __VA_ARGS__
/* readname/writename(obj, PARAMS, mode) over geometry geom with operands ARGS */
#define WT__SURFFN(readname, writename, params, geom, args)                                                   \
    template <class T>                                                                                        \
    static inline T readname(cudaSurfaceObject_t s, WT__SURF_UNPAREN params,                                  \
                             cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)                                \
    {                                                                                                         \
        T r;                                                                                                  \
        WT__SULD(T, r, geom, m, s, WT__SURF_UNPAREN args)                                                     \
        return r;                                                                                             \
    }                                                                                                         \
    template <class T>                                                                                        \
    static inline void readname(T *ret, cudaSurfaceObject_t s, WT__SURF_UNPAREN params,                       \
                                cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)                             \
    {                                                                                                         \
        T r;                                                                                                  \
        WT__SULD(T, r, geom, m, s, WT__SURF_UNPAREN args)                                                     \
        *ret = r;                                                                                             \
    }                                                                                                         \
    template <class T>                                                                                        \
    static inline void writename(T d, cudaSurfaceObject_t s, WT__SURF_UNPAREN params,                         \
                                 cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap)                            \
    {                                                                                                         \
        WT__SUST(T, d, geom, m, s, WT__SURF_UNPAREN args)                                                     \
    }

WT__SURFFN(surf1Dread, surf1Dwrite, (int x), 1d, (x))
WT__SURFFN(surf2Dread, surf2Dwrite, (int x, int y), 2d, (x, y))
WT__SURFFN(surf3Dread, surf3Dwrite, (int x, int y, int z), 3d, (x, y, z))
WT__SURFFN(surf1DLayeredread, surf1DLayeredwrite, (int x, int layer), 1d_array, (layer, x))
WT__SURFFN(surf2DLayeredread, surf2DLayeredwrite, (int x, int y, int layer), 2d_array, (layer, x, y))
WT__SURFFN(surfCubemapread, surfCubemapwrite, (int x, int y, int face), 2d_array, (face, x, y))
WT__SURFFN(surfCubemapLayeredread, surfCubemapLayeredwrite, (int x, int y, int layerFace), 2d_array,
           (layerFace, x, y))

#endif
