/* xcheck_spec.h -- how a cross-check case is described: its resources, parameters, launch shape and
 * which outputs are compared how (xcheck_cases.h holds the cases, xcheck.cu runs them)
 * SPDX-License-Identifier: MIT */
#ifndef XCHECK_SPEC_H
#define XCHECK_SPEC_H

#include <stdint.h>
#include <string>
#include <vector>

#include <cuda_runtime.h>

/* What a buffer, a texture's texels or a surface's texels start as.  Every fill is a function of
 * the case's name and the resource's position only (xcheck_fill.h), so every build makes the same
 * bytes. */
enum xc_fill_kind {
    XC_ZERO,     /* all bytes 0 */
    XC_WORDS,    /* the 32-bit words of `words`, repeated */
    XC_BYTES,    /* random bytes */
    XC_I32_EDGE, /* int32: INT_MIN, INT_MAX, 0, -1, the 8- and 16-bit boundaries, then random */
    XC_F32_EDGE, /* float: NaN (payloads), +-inf, +-0, subnormals, FLT_MAX, 2^31, 2^63, halves, then random */
    XC_F32_RANGE,/* float: uniform in [lo, hi), the first values lo, hi, 0, -0 where in range */
    XC_F64_EDGE, /* double: edge values, then random */
    XC_TEX_OPS,  /* tex_forms.cu's Op (8 floats): coordinates in [lo, hi), layer in [0, layers], lod, gradients */
    XC_SURF_OPS, /* surf_forms.cu's Q (4 ints): x in bytes (element size esize), y, z, value; see xcheck_fill.h */
};
struct xc_fill {
    xc_fill_kind kind = XC_ZERO;
    double lo = 0, hi = 0;
    std::vector<uint32_t> words = {};
    int layers = 0;          /* XC_TEX_OPS: layer count; XC_SURF_OPS: w, h, d of the surface, element size */
    int w = 0, h = 0, d = 0, esize = 0;
    int unique = 0;          /* XC_SURF_OPS: every thread a different texel (stores) */
    int layered = 0;         /* XC_SURF_OPS: z is a layer, always in range */
    int fetch = 0;           /* XC_TEX_OPS: a holds integer bits (tex1Dfetch), in [-2, w + 2) */
};

/* A global-memory buffer (cudaMalloc) */
struct xc_buffer {
    size_t bytes;
    xc_fill fill;
};

/* A CUDA array (or mipmapped array, or linear memory) for a texture or a surface */
enum xc_array_kind { XC_LINEAR, XC_ARRAY, XC_MIPMAPPED };
struct xc_array {
    xc_array_kind kind;
    int w, h, d;            /* cudaMalloc3DArray's extent: h 0 for 1D, d 0 unless 3D / layered / cube */
    unsigned flags;         /* cudaArrayLayered, cudaArrayCubemap, cudaArraySurfaceLoadStore */
    int levels;             /* XC_MIPMAPPED */
    cudaChannelFormatDesc fmt;
    xc_fill fill;           /* XC_BYTES, or XC_F32_RANGE for float formats */
};

struct xc_texture {
    xc_array array;
    cudaTextureAddressMode address[3];
    cudaTextureFilterMode filter;
    cudaTextureReadMode read;
    int normalized;
    cudaTextureFilterMode mip_filter;
    float max_level; /* maxMipmapLevelClamp */
};

enum xc_param_kind { XC_P_BUF, XC_P_TEX, XC_P_SURF, XC_P_I32, XC_P_F32 };
struct xc_param {
    xc_param_kind kind;
    int index; /* XC_P_BUF / TEX / SURF: which one */
    int32_t i;
    float f;
};

/* How two results are compared: element type, and a tolerance for results the CUDA programming
 * guide gives an error bound for (why: the bound, cited in the case).  Float types: equal bits, or
 * both NaN where one side is warptex-cxx's native code (its NaN encoding is the host CPU's). */
enum xc_type { XC_U8, XC_U16, XC_U32, XC_U64, XC_F32, XC_F64 };
struct xc_col {
    xc_type type;
    unsigned ulps = 0;   /* units in the last place allowed */
    double abs = 0;      /* or this absolute difference */
    const char *why = nullptr;
};
enum xc_out_kind { XC_O_BUF, XC_O_SURF };
struct xc_output {
    xc_out_kind kind;
    int index;
    std::vector<xc_col> cols; /* one per column of a row; one column: all elements alike */
};

struct xc_case {
    std::string name;       /* unique: the key of the outputs in a results file */
    const char *source;     /* the kernel source: its PTX is ptx/<source>.ptx */
    const char *kernel;     /* the kernel's name in the source (registry) */
    const char *entry;      /* its .entry in the PTX (mangled for C++ kernels) */
    dim3 grid, block;
    size_t shared;
    std::vector<xc_buffer> buffers;
    std::vector<xc_texture> textures;
    std::vector<xc_array> surfaces;
    std::vector<xc_param> params;
    std::vector<xc_output> outputs;
    /* A difference known and reported, not yet fixed: the door ("native" or "ptx") whose results
     * are expected to differ from the others (or not to run), and why.  Such a case passes only
     * while the difference is there, so the mark goes when the fix comes. */
    const char *known_door = nullptr;
    const char *known_why = nullptr;
    int known_optional = 0; /* the difference depends on the host compiler: it may be absent */
    /* Known differences of some threads only, with the GPU: thread t (its `group` output elements)
     * differs when bit t % 16 of `lanes` is set (the fills give every 16th thread an edge value). */
    unsigned known_lanes = 0;
    int known_group = 1;
    const char *known_lanes_why = nullptr;
};

#endif
