/* texture_fetch_functions.h -- tex1Dfetch ... texCubemapLayeredGrad and tex2Dgather on texture objects (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Every function is CUDA's, with CUDA's overloads: the value form
 * (tex2D<float4>(obj, x, y)), the pointer form (tex2D(&v, obj, x, y)) and,
 * where CUDA has them, the sparse forms taking bool *isResident.  T is one of
 * the types CUDA allows: char, signed char, unsigned char, short, unsigned
 * short, int, unsigned int, float and their 1-, 2- and 4-vectors; any other T
 * fails to compile.  Each call is one lane of the PTX instruction CUDA emits
 * for it, made through warptex's per-lane entry points (include/warptex/nvvm.h:
 * float T -> .v4.f32, signed -> .v4.s32, unsigned -> .v4.u32; tex1Dfetch uses
 * integer coordinates), so results equal the GPU's as docs/semantics.md defines;
 * the first components of the four are returned.  Layer indices go to the
 * instruction as CUDA passes them (unsigned in the hardware).
 *
 * isResident: warptex objects are always resident, so it is set to true.
 * tex2Dgather's comp 0..3 gathers R, G, B or A (tld4.r/g/b/a); any other
 * value gathers R.
 * Errors: an invalid or destroyed object makes the fetch return zeros and
 * fails the launch with cudaErrorLaunchFailure (the block's check, src/cuda).
 * Thread-safety: any thread, lock-free (the library's per-lane calls). */
#ifndef WARPTEX_CUDA_TEXTURE_FETCH_FUNCTIONS_H
#define WARPTEX_CUDA_TEXTURE_FETCH_FUNCTIONS_H
#define __TEXTURE_INDIRECT_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <string.h>
#include <type_traits>

#include "host_defines.h"
#include "texture_types.h"
#include "vector_types.h"
#include "warptex/lane2d.h"
#include "warptex/nvvm.h"
#include "warptex/op.h"
#include "warptex/warp.h"

#include "device_launch_parameters.h"

/* src/cuda/launch.cpp: t's inline view, remembered for the running block */
extern "C" const wt_lane2d_view *wt_cuda_lane2d_lookup(unsigned long long t);

/* src/cuda/lane_fetch.cpp: a base-level fetch with .f32 coordinates c (PTX order, bit patterns)
 * through the object's one-lane kernel, the object resolved once a block: 1 with d written, or 0
 * where that kernel does not serve (the per-lane call answers then) */
extern "C" int wt_cuda_tex_lane(unsigned long long t, const wt_op *op, const uint32_t c[4], uint32_t d[4]);
namespace wt_cuda_detail {
static inline uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static constexpr wt_op lane_op(unsigned geom, unsigned dtype)
{
    wt_op o{};
    o.family = WT_FAMILY_TEX;
    o.geom = (uint8_t)geom;
    o.mip = WT_MIP_BASE;
    o.dtype = (uint8_t)dtype;
    o.ctype = WT_CTYPE_F32;
    return o;
}
template <class R> static inline R lane_words(const uint32_t d[4])
{
    R r;
    static_assert(sizeof r == 4 * sizeof d[0], "four words");
    memcpy(&r, d, sizeof r);
    return r;
}
} // namespace wt_cuda_detail
#define WT__UNPAREN(...) __VA_ARGS__
#define WT__LANE ::wt_cuda_detail::lane_in()
/* the per-lane entry points' shapes (pre##v4f32##post in WT__TEX_BODY below): the one-lane kernel,
 * else the per-lane call */
#define WT__LANE_FORM(name, geom, v, R, dtype, params, c0, c1, c2, ...)                                  \
    static inline R name(cudaTextureObject_t t, WT__UNPAREN params)                                     \
    {                                                                                                   \
        static constexpr wt_op op = ::wt_cuda_detail::lane_op(geom, dtype);                             \
        const uint32_t c[4] = {c0, c1, c2, 0};                                                          \
        uint32_t d[4];                                                                                  \
        if (__builtin_expect(wt_cuda_tex_lane(t, &op, c, d), 1))                                        \
            return ::wt_cuda_detail::lane_words<R>(d);                                                  \
        return __VA_ARGS__;                                                                             \
    }
#define WT__LANE_FORMS(v, R, dtype)                                                                     \
    WT__LANE_FORM(wt_cuda_lane_2d_##v##_f32, WT_GEOM_2D, v, R, dtype, (float x, float y),                \
                  ::wt_cuda_detail::fbits(x), ::wt_cuda_detail::fbits(y), 0u,                           \
                  wt_tex_unified_2d_##v##_f32(t, x, y))                                                 \
    WT__LANE_FORM(wt_cuda_lane_2d_array_##v##_f32, WT_GEOM_A2D, v, R, dtype, (int layer, float x, float y), \
                  (uint32_t)layer, ::wt_cuda_detail::fbits(x), ::wt_cuda_detail::fbits(y),              \
                  wt_tex_unified_2d_array_##v##_f32(t, layer, x, y))                                    \
    WT__LANE_FORM(wt_cuda_lane_3d_##v##_f32, WT_GEOM_3D, v, R, dtype, (float x, float y, float z),       \
                  ::wt_cuda_detail::fbits(x), ::wt_cuda_detail::fbits(y), ::wt_cuda_detail::fbits(z),   \
                  wt_tex_unified_3d_##v##_f32(t, x, y, z))
WT__LANE_FORMS(v4f32, wt_float4, WT_DTYPE_F32)
WT__LANE_FORMS(v4s32, wt_int4, WT_DTYPE_S32)
WT__LANE_FORMS(v4u32, wt_int4, WT_DTYPE_U32)
#undef WT__LANE_FORMS
#undef WT__LANE_FORM

namespace wt_cuda_detail {
/* kind: 0 float (.f32), 1 signed (.s32), 2 unsigned (.u32) */
template <class T> struct tex_ret; /* undefined: T is not a CUDA texture type */
#define WT__TR(T, E, n, k)                                                                              \
    template <> struct tex_ret<T> { typedef E elem; static constexpr int count = n, kind = k; };
#define WT__TR_ALL(S, V, k) WT__TR(S, S, 1, k) WT__TR(V##1, S, 1, k) WT__TR(V##2, S, 2, k) WT__TR(V##4, S, 4, k)
WT__TR(char, char, 1, std::is_signed<char>::value ? 1 : 2)
WT__TR_ALL(signed char, char, 1)
WT__TR_ALL(unsigned char, uchar, 2)
WT__TR_ALL(short, short, 1)
WT__TR_ALL(unsigned short, ushort, 2)
WT__TR_ALL(int, int, 1)
WT__TR_ALL(unsigned int, uint, 2)
WT__TR_ALL(float, float, 0)
#undef WT__TR_ALL
#undef WT__TR

template <class T> static inline T tex_from(wt_float4 v)
{
    typedef typename tex_ret<T>::elem E;
    const E e[4] = {(E)v.x, (E)v.y, (E)v.z, (E)v.w};
    T r;
    memcpy(&r, e, sizeof r);
    return r;
}
template <class T> static inline T tex_from(wt_int4 v)
{
    typedef typename tex_ret<T>::elem E;
    const E e[4] = {(E)v.x, (E)v.y, (E)v.z, (E)v.w};
    T r;
    memcpy(&r, e, sizeof r);
    return r;
}

/* an inline fetch's R, G, B, A as T (float, float1, float2 or float4): its
 * first components, copied straight from the register */
template <class T> static inline T px_to(wt__l2_px p)
{
    static_assert(sizeof(T) <= sizeof p, "a float texture type");
    float f[4];
    memcpy(f, &p, sizeof f);
    const float e[4] = {f[0], f[1], f[2], f[3]};
    T r;
    memcpy(&r, e, sizeof r);
    return r;
}

/* the per-lane call's result in the inline fetch's form, so that both paths
 * meet in one register */
static inline wt__l2_px px_from(wt_float4 f)
{
    wt__l2_px p;
    static_assert(sizeof p == sizeof f, "four floats");
    memcpy(&p, &f, sizeof p);
    return p;
}

/* lane2d.h's variants out of line (templates: one copy per program, none
 * where unused), each saving only the registers it uses, so that what a
 * kernel inlines per fetch is a jump through a table and a call */
template <int mode, int linear> __attribute__((noinline)) wt__l2_px lane2d_variant(const wt_lane2d_view *v, float x, float y)
{
    return wt__l2_rgba8_body(v, x, y, mode, linear);
}
static inline wt__l2_px lane2d_fetch(const wt_lane2d_view *v, float x, float y)
{
#define WT__L2_VARIANT(mode, linear) lane2d_variant<mode, linear>(v, x, y)
    WT__L2_DISPATCH(v, WT__L2_VARIANT)
#undef WT__L2_VARIANT
}

/* The view of t the running block remembers (one entry: the last object
 * asked for, NULL where it has none); -ffast-math code does not fetch inline
 * (lane2d.h). */
static inline const wt_lane2d_view *lane2d_of(cudaTextureObject_t t)
{
#ifdef __FAST_MATH__
    (void)t;
    return nullptr;
#else
    if (__builtin_expect(wt_cuda_tls.lane_tex == t, 1))
        return static_cast<const wt_lane2d_view *>(wt_cuda_tls.lane_view);
    return wt_cuda_lane2d_lookup(t);
#endif
}
} // namespace wt_cuda_detail

namespace wt_cuda_detail {
/* One lane's operands for wt_tex_lane, built in PTX order: lane_in().c(x).c(y).lod(level) */
struct lane_in {
    wt_tex_lane_args a{};
    int n = 0;
    lane_in &c(float v) { a.c[n++] = fbits(v); return *this; }
    lane_in &c(int v) { a.c[n++] = (uint32_t)v; return *this; }
    lane_in &lod(float v) { a.lod = fbits(v); return *this; }
    lane_in &grad(float dx0, float dx1, float dx2, float dy0, float dy1, float dy2)
    {
        a.dpdx[0] = dx0, a.dpdx[1] = dx1, a.dpdx[2] = dx2;
        a.dpdy[0] = dy0, a.dpdy[1] = dy1, a.dpdy[2] = dy2;
        return *this;
    }
};
/* A fetch with the residency predicate (tex ... |p): the texels that decide it and the zeros a
 * non-resident fetch returns are docs/semantics.md's; on a dense texture always resident.  A
 * failing call (a bad handle) reads as not resident and fails the launch as any fetch does. */
template <class T>
static inline T resident_fetch(cudaTextureObject_t t, unsigned family, unsigned comp, unsigned geom, unsigned mip,
                               const lane_in &in, bool *isResident)
{
    static_assert(sizeof(tex_ret<T>) > 0, "not a CUDA texture type");
    wt_op op{};
    op.family = (uint8_t)family;
    op.geom = (uint8_t)geom;
    op.mip = (uint8_t)mip;
    op.dtype = (uint8_t)(tex_ret<T>::kind == 0 ? WT_DTYPE_F32 : tex_ret<T>::kind == 1 ? WT_DTYPE_S32 : WT_DTYPE_U32);
    op.ctype = WT_CTYPE_F32;
    op.comp = (uint8_t)comp;
    uint32_t d[4];
    int resident = 0;
    wt_tex_lane(&op, t, 0, &in.a, d, &resident);
    *isResident = resident != 0;
    if constexpr (tex_ret<T>::kind == 0)
        return tex_from<T>(lane_words<wt_float4>(d));
    else
        return tex_from<T>(lane_words<wt_int4>(d));
}
} // namespace wt_cuda_detail

/* The body of every fetch: pick the instruction's destination type from T.
 * pre##v4f32##post etc. name the per-lane entry point; __VA_ARGS__ its operands. */
#define WT__TEX_BODY(T, fast, pre, post, ...)                                                           \
    static_assert(sizeof(::wt_cuda_detail::tex_ret<T>) > 0, "not a CUDA texture type");                 \
    fast(T, __VA_ARGS__)                                                                                \
    if constexpr (::wt_cuda_detail::tex_ret<T>::kind == 0)                                              \
        return ::wt_cuda_detail::tex_from<T>(pre##v4f32##post(__VA_ARGS__));                            \
    else if constexpr (::wt_cuda_detail::tex_ret<T>::kind == 1)                                         \
        return ::wt_cuda_detail::tex_from<T>(pre##v4s32##post(__VA_ARGS__));                            \
    else                                                                                                \
        return ::wt_cuda_detail::tex_from<T>(pre##v4u32##post(__VA_ARGS__));

/* name(obj, PARAMS) -> T, the pointer form and (sparse = 1) the isResident forms */
#define WT__TEXFN_F(name, params, fast, pre, post, ...)                                                 \
    template <class T> static inline T name(cudaTextureObject_t t, WT__UNPAREN params)                  \
    {                                                                                                   \
        WT__TEX_BODY(T, fast, pre, post, t, __VA_ARGS__)                                                \
    }                                                                                                   \
    template <class T> static inline void name(T *ret, cudaTextureObject_t t, WT__UNPAREN params)       \
    {                                                                                                   \
        *ret = [&]() -> T { WT__TEX_BODY(T, fast, pre, post, t, __VA_ARGS__) }();                       \
    }
/* ... and the isResident forms: the per-lane call that reports residency (wt_tex_lane), with
 * resid = (geom, mip, the lane's operands as a lane_in) */
#define WT__TEXFN_SPARSE_F(name, params, fast, resid, pre, post, ...)                                   \
    WT__TEXFN_F(name, params, fast, pre, post, __VA_ARGS__)                                             \
    template <class T> static inline T name(cudaTextureObject_t t, WT__UNPAREN params, bool *isResident) \
    {                                                                                                   \
        return ::wt_cuda_detail::resident_fetch<T>(t, WT_FAMILY_TEX, 0, WT__UNPAREN resid, isResident);  \
    }                                                                                                   \
    template <class T>                                                                                  \
    static inline void name(T *ret, cudaTextureObject_t t, WT__UNPAREN params, bool *isResident)        \
    {                                                                                                   \
        *ret = ::wt_cuda_detail::resident_fetch<T>(t, WT_FAMILY_TEX, 0, WT__UNPAREN resid, isResident);  \
    }
#define WT__TEXFN(name, params, pre, post, ...) WT__TEXFN_F(name, params, WT__NO_FAST, pre, post, __VA_ARGS__)
#define WT__TEXFN_SPARSE(name, params, resid, pre, post, ...)                                           \
    WT__TEXFN_SPARSE_F(name, params, WT__NO_FAST, resid, pre, post, __VA_ARGS__)
#define WT__NO_FAST(T, ...)
/* tex2D<float T> on a .2d RGBA8 normalised texture: the one-lane kernel's
 * arithmetic inline (warptex/lane2d.h), on the view the running block has
 * cached for t; anything else falls through to the per-lane call. */
#define WT__FAST_2D(T, t, x, y)                                                                         \
    if constexpr (::wt_cuda_detail::tex_ret<T>::kind == 0) {                                            \
        const wt_lane2d_view *v_ = ::wt_cuda_detail::lane2d_of(t);                                      \
        return ::wt_cuda_detail::px_to<T>(v_ ? ::wt_cuda_detail::lane2d_fetch(v_, x, y)                 \
                                             : ::wt_cuda_detail::px_from(wt_cuda_lane_2d_v4f32_f32(t, x, y))); \
    }

WT__TEXFN(tex1Dfetch, (int x), wt_tex_unified_1d_, _s32, x)
WT__TEXFN(tex1D, (float x), wt_tex_unified_1d_, _f32, x)
WT__TEXFN_SPARSE_F(tex2D, (float x, float y), WT__FAST_2D, (WT_GEOM_2D, WT_MIP_BASE, WT__LANE.c(x).c(y)),
                   wt_cuda_lane_2d_, _f32, x, y)
WT__TEXFN_SPARSE(tex3D, (float x, float y, float z), (WT_GEOM_3D, WT_MIP_BASE, WT__LANE.c(x).c(y).c(z)),
                 wt_cuda_lane_3d_, _f32, x, y, z)
WT__TEXFN(tex1DLayered, (float x, int layer), wt_tex_unified_1d_array_, _f32, layer, x)
WT__TEXFN_SPARSE(tex2DLayered, (float x, float y, int layer), (WT_GEOM_A2D, WT_MIP_BASE, WT__LANE.c(layer).c(x).c(y)),
                 wt_cuda_lane_2d_array_, _f32, layer, x, y)
WT__TEXFN(texCubemap, (float x, float y, float z), wt_tex_unified_cube_, _f32, x, y, z)
WT__TEXFN(texCubemapLayered, (float x, float y, float z, int layer), wt_tex_unified_cube_array_, _f32, layer, x,
          y, z)
WT__TEXFN(tex1DLod, (float x, float level), wt_tex_unified_1d_level_, _f32, x, level)
WT__TEXFN_SPARSE(tex2DLod, (float x, float y, float level), (WT_GEOM_2D, WT_MIP_LEVEL, WT__LANE.c(x).c(y).lod(level)),
                 wt_tex_unified_2d_level_, _f32, x, y, level)
WT__TEXFN_SPARSE(tex3DLod, (float x, float y, float z, float level),
                 (WT_GEOM_3D, WT_MIP_LEVEL, WT__LANE.c(x).c(y).c(z).lod(level)), wt_tex_unified_3d_level_, _f32, x,
                 y, z, level)
WT__TEXFN(tex1DLayeredLod, (float x, int layer, float level), wt_tex_unified_1d_array_level_, _f32, layer, x,
          level)
WT__TEXFN_SPARSE(tex2DLayeredLod, (float x, float y, int layer, float level),
                 (WT_GEOM_A2D, WT_MIP_LEVEL, WT__LANE.c(layer).c(x).c(y).lod(level)), wt_tex_unified_2d_array_level_,
                 _f32, layer, x, y, level)
WT__TEXFN(texCubemapLod, (float x, float y, float z, float level), wt_tex_unified_cube_level_, _f32, x, y, z,
          level)
WT__TEXFN(texCubemapLayeredLod, (float x, float y, float z, int layer, float level),
          wt_tex_unified_cube_array_level_, _f32, layer, x, y, z, level)
WT__TEXFN(tex1DGrad, (float x, float dPdx, float dPdy), wt_tex_unified_1d_grad_, _f32, x, dPdx, dPdy)
WT__TEXFN_SPARSE(tex2DGrad, (float x, float y, float2 dPdx, float2 dPdy),
                 (WT_GEOM_2D, WT_MIP_GRAD, WT__LANE.c(x).c(y).grad(dPdx.x, dPdx.y, 0, dPdy.x, dPdy.y, 0)),
                 wt_tex_unified_2d_grad_, _f32, x, y, dPdx.x, dPdx.y, dPdy.x, dPdy.y)
WT__TEXFN_SPARSE(tex3DGrad, (float x, float y, float z, float4 dPdx, float4 dPdy),
                 (WT_GEOM_3D, WT_MIP_GRAD, WT__LANE.c(x).c(y).c(z).grad(dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z)),
                 wt_tex_unified_3d_grad_, _f32, x, y, z, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z)
WT__TEXFN(tex1DLayeredGrad, (float x, int layer, float dPdx, float dPdy), wt_tex_unified_1d_array_grad_, _f32,
          layer, x, dPdx, dPdy)
WT__TEXFN_SPARSE(tex2DLayeredGrad, (float x, float y, int layer, float2 dPdx, float2 dPdy),
                 (WT_GEOM_A2D, WT_MIP_GRAD, WT__LANE.c(layer).c(x).c(y).grad(dPdx.x, dPdx.y, 0, dPdy.x, dPdy.y, 0)),
                 wt_tex_unified_2d_array_grad_, _f32, layer, x, y, dPdx.x, dPdx.y, dPdy.x, dPdy.y)
WT__TEXFN(texCubemapGrad, (float x, float y, float z, float4 dPdx, float4 dPdy), wt_tex_unified_cube_grad_, _f32,
          x, y, z, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z)
WT__TEXFN(texCubemapLayeredGrad, (float x, float y, float z, int layer, float4 dPdx, float4 dPdy),
          wt_tex_unified_cube_array_grad_, _f32, layer, x, y, z, dPdx.x, dPdx.y, dPdx.z, dPdy.x, dPdy.y, dPdy.z)

/* tex2Dgather: tld4 of component comp (0 R, 1 G, 2 B, 3 A) */
namespace wt_cuda_detail {
template <class T> static inline T gather(cudaTextureObject_t t, float x, float y, int comp)
{
    switch (comp) {
    case 1: { WT__TEX_BODY(T, WT__NO_FAST, wt_tld4_unified_g_2d_, _f32, t, x, y) }
    case 2: { WT__TEX_BODY(T, WT__NO_FAST, wt_tld4_unified_b_2d_, _f32, t, x, y) }
    case 3: { WT__TEX_BODY(T, WT__NO_FAST, wt_tld4_unified_a_2d_, _f32, t, x, y) }
    default: { WT__TEX_BODY(T, WT__NO_FAST, wt_tld4_unified_r_2d_, _f32, t, x, y) }
    }
}
} // namespace wt_cuda_detail
template <class T> static inline T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp = 0)
{
    return wt_cuda_detail::gather<T>(t, x, y, comp);
}
template <class T> static inline void tex2Dgather(T *ret, cudaTextureObject_t t, float x, float y, int comp = 0)
{
    *ret = wt_cuda_detail::gather<T>(t, x, y, comp);
}
template <class T>
static inline T tex2Dgather(cudaTextureObject_t t, float x, float y, bool *isResident, int comp = 0)
{
    return wt_cuda_detail::resident_fetch<T>(t, WT_FAMILY_TLD4, comp >= 0 && comp <= 3 ? (unsigned)comp : 0u,
                                             WT_GEOM_2D, WT_MIP_BASE,
                                             WT__LANE.c(x).c(y), isResident);
}
template <class T>
static inline void tex2Dgather(T *ret, cudaTextureObject_t t, float x, float y, bool *isResident, int comp = 0)
{
    *ret = tex2Dgather<T>(t, x, y, isResident, comp);
}

#endif
