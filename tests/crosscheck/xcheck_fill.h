/* xcheck_fill.h -- the deterministic contents of the cross-check's buffers, textures and surfaces
 * SPDX-License-Identifier: MIT
 *
 * A resource's bytes depend on the case's name, the resource's position and its fill (xc_fill) only:
 * a 64-bit LCG seeded from an FNV-1a hash of "<case>/<resource>".  Plain integer arithmetic and
 * exact float conversions only, so warptex-cxx's build and nvcc's host code make the same bytes.
 * The edge values come first, each buffer starting at its own point of the list (drawn from its
 * key), so that two edge buffers of a case pair different edges (NaN with inf, INT_MIN with -1). */
#ifndef XCHECK_FILL_H
#define XCHECK_FILL_H

#include <stdint.h>
#include <string.h>
#include <string>

#include "xcheck_spec.h"

struct xc_rng {
    uint64_t s;
    explicit xc_rng(const std::string &key)
    {
        s = 1469598103934665603ull;
        for (unsigned char c : key)
            s = (s ^ c) * 1099511628211ull;
    }
    uint32_t next()
    {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(s >> 32);
    }
    double unit() { return (next() >> 8) * (1.0 / 16777216.0); } /* [0, 1), 24 bits */
    float range(double lo, double hi) { return (float)(lo + (hi - lo) * unit()); }
    int32_t irange(int32_t lo, int32_t hi) { return lo + (int32_t)(next() % (uint32_t)(hi - lo)); } /* [lo, hi) */
};

static inline float xc_bits_f(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static inline uint32_t xc_f_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static const uint32_t xc_f32_edges[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, /* +-0 +-inf NaNs */
    0x00000001u, 0x807fffffu, 0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu,             /* subnormal, normal, max */
    0x4f000000u, 0xcf000000u, 0x4effffffu, 0x4f800000u, 0xcf000001u, 0x5f000000u, 0xdf000000u, /* 2^31, 2^32, 2^63 */
    0x3f000000u, 0xbf000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x3f7fffffu, 0xbf800000u, /* halves, ~1 */
    0x42ff0000u, 0xc3008000u, 0x437f8000u, 0x46fffe00u, 0xc7000080u, 0x477fff80u, 0x3eaaaaabu, /* 127.5 -128.5 ... */
    0x501502f9u, 0xd01502f9u, 0x7e967699u, 0x00400000u, 0xc2fe0000u, 0x43000000u, 0xc3010000u, /* 1e10, 1e38, ... */
};
static const uint32_t xc_i32_edges[] = {
    0x00000000u, 0x00000001u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x0000007fu, 0x00000080u, 0xffffff80u,
    0xffffff7fu, 0x000000ffu, 0x00000100u, 0x00007fffu, 0x00008000u, 0xffff8000u, 0xffff7fffu, 0x0000ffffu,
    0x00010000u, 0x7f7f7f7fu, 0x80808080u, 0xdeadbeefu, 0x80000001u, 0xfffffffeu, 0x00ffff80u, 0x55aa55aau,
};
static const uint64_t xc_f64_edges[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull, 0x7fefffffffffffffull,
    0x41dfffffffc00000ull, 0xc1e0000000000000ull, 0x41e0000000000000ull, 0x3fe0000000000000ull,
    0xbff8000000000000ull, 0x4004000000000000ull, 0x36a0000000000000ull, 0x47efffffe0000000ull,
};

/* One float of an XC_F32_EDGE buffer: an edge value, else 1/4 random bits, 1/4 in [-300, 300),
 * 1/4 a random magnitude (2^-30 .. 2^40), 1/4 in [-4, 4). */
static inline float xc_f32_edge(xc_rng &r, size_t i, size_t shift)
{
    const size_t ne = sizeof xc_f32_edges / sizeof xc_f32_edges[0];
    if (i < ne)
        return xc_bits_f(xc_f32_edges[(i + shift) % ne]);
    switch (r.next() & 3) {
    case 0: return xc_bits_f(r.next());
    case 1: return r.range(-300.0, 300.0);
    case 2: {
        float m = (float)(1.0 + r.unit());
        int e = r.irange(-30, 41);
        float p = 1.0f;
        for (; e > 0; e--)
            p *= 2.0f;
        for (; e < 0; e++)
            p *= 0.5f;
        return (r.next() & 1) ? -m * p : m * p;
    }
    default: return r.range(-4.0, 4.0);
    }
}

static inline int32_t xc_i32_edge(xc_rng &r, size_t i, size_t shift)
{
    const size_t ne = sizeof xc_i32_edges / sizeof xc_i32_edges[0];
    if (i < ne)
        return (int32_t)xc_i32_edges[(i + shift) % ne];
    switch (r.next() & 3) {
    case 0:
    case 1: return (int32_t)r.next();
    case 2: return r.irange(-1000, 1000);
    default: return r.irange(-70000, 70000);
    }
}

/* Fills `bytes` bytes at p.  elem: the element size of an array's format (XC_F32_RANGE writes
 * floats only where it is 4 or 16 bytes... of float channels: the caller passes float formats). */
static inline void xc_fill_bytes(void *p, size_t bytes, const xc_fill &f, const std::string &key)
{
    xc_rng r(key);
    const size_t shift = r.next() % 16; /* where the edge list starts */
    unsigned char *b = (unsigned char *)p;
    switch (f.kind) {
    case XC_ZERO: memset(p, 0, bytes); break;
    case XC_WORDS:
        for (size_t i = 0; i * 4 < bytes; i++) {
            uint32_t w = f.words[i % f.words.size()];
            memcpy(b + 4 * i, &w, bytes - 4 * i < 4 ? bytes - 4 * i : 4);
        }
        break;
    case XC_BYTES:
        for (size_t i = 0; i < bytes; i++)
            b[i] = (unsigned char)(r.next() >> 24);
        break;
    case XC_I32_EDGE:
        for (size_t i = 0; i * 4 < bytes; i++) {
            int32_t v = xc_i32_edge(r, i, shift);
            memcpy(b + 4 * i, &v, 4);
        }
        break;
    case XC_F32_EDGE:
        for (size_t i = 0; i * 4 < bytes; i++) {
            float v = xc_f32_edge(r, i, shift);
            memcpy(b + 4 * i, &v, 4);
        }
        break;
    case XC_F32_RANGE:
        for (size_t i = 0; i * 4 < bytes; i++) {
            float v = r.range(f.lo, f.hi);
            memcpy(b + 4 * i, &v, 4);
        }
        break;
    case XC_F64_EDGE:
        for (size_t i = 0; i * 8 < bytes; i++) {
            const size_t ne = sizeof xc_f64_edges / sizeof xc_f64_edges[0];
            uint64_t bits;
            if (i < ne) {
                bits = xc_f64_edges[(i + shift) % ne];
            } else {
                double v = (r.next() & 1) ? (double)(int32_t)r.next() * (1.0 + r.unit()) : r.unit() * 1e-3 - 5e-4;
                memcpy(&bits, &v, 8);
            }
            memcpy(b + 8 * i, &bits, 8);
        }
        break;
    case XC_TEX_OPS:
        /* Op {a, b, c, d (layer, int bits), e (lod), f, g, h (gradients)}; every 16th op has an edge
         * coordinate: -0, +inf in b, NaN in a */
        for (size_t i = 0; i * 32 < bytes; i++) {
            float o[8];
            for (int k = 0; k < 3; k++)
                o[k] = r.range(f.lo, f.hi);
            int32_t layer = f.layers ? r.irange(0, f.layers + 1) : 0;
            memcpy(&o[3], &layer, 4);
            o[4] = r.range(-1.0, 5.0);
            for (int k = 5; k < 8; k++)
                o[k] = r.range(-0.3, 0.3);
            if (f.fetch) {
                int32_t x = r.irange(-2, f.w + 2);
                memcpy(&o[0], &x, 4);
            } else if (i % 16 == 13) {
                o[0] = -0.0f;
            } else if (i % 16 == 14) {
                o[1] = xc_bits_f(0x7f800000u);
            } else if (i % 16 == 15) {
                o[0] = xc_bits_f(0x7fc00000u);
            }
            memcpy(b + 32 * i, o, 32);
        }
        break;
    case XC_SURF_OPS: {
        /* Q {x (bytes), y, z, v}: loads anywhere in [-1, size] (the boundary modes), stores (unique)
         * one texel each, in order of a stride coprime to the texel count */
        const int n = f.w * (f.h ? f.h : 1) * (f.d ? f.d : 1);
        for (size_t i = 0; i * 16 < bytes; i++) {
            int32_t q[4];
            if (f.unique) {
                int t = (int)((i * 7 + 3) % (size_t)n);
                q[0] = (t % f.w) * f.esize;
                q[1] = f.h ? t / f.w % f.h : 0;
                q[2] = f.d ? t / (f.w * (f.h ? f.h : 1)) : 0;
            } else {
                q[0] = r.irange(-1, f.w + 1) * f.esize;
                q[1] = f.h ? r.irange(-1, f.h + 1) : 0;
                q[2] = f.d ? (f.layered ? r.irange(0, f.d) : r.irange(-1, f.d + 1)) : 0;
            }
            q[3] = (int32_t)r.next();
            memcpy(b + 16 * i, q, 16);
        }
        break;
    }
    }
}

#endif
