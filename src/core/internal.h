/* internal.h -- private declarations shared by src/core, src/scalar and the SIMD backends */
#ifndef WT_INTERNAL_H
#define WT_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "warptex.h"
#include "warptex/lane2d.h"

#include "read_section.h" /* wt__read_begin, wt__read_end, wt__read_depth */
#include "tex_plan.h"     /* wt__level, wt__tex_plan */
#include "visibility.h"

/* ---- errors (error.c) --------------------------------------------------- */

/* Record status + formatted detail as this thread's last error; returns st.
 * Messages read "fn(): field = value is ...". */
WT_INTERNAL wt_status wt__error(wt_status st, const char *fmt, ...) WT_PRINTF(2, 3);
/* Reset the thread's detail message (successful public calls do not). */
WT_INTERNAL void wt__error_clear(void);

/* ---- allocation (alloc.c): every allocation goes through here so tests can
 * make the N-th one fail. ------------------------------------------------- */
WT_INTERNAL void *wt__alloc(size_t n);   /* zeroed, 64-byte aligned; NULL on failure */
WT_INTERNAL void wt__free(void *p);
/* Test hook: fail the n-th allocation from now (0 = never). Not thread-safe. */
void wt_debug_fail_alloc_after(long n);

/* ---- formats (format.c) -------------------------------------------------- */

typedef enum wt__ctype {
    WT__U8 = 0, WT__U16, WT__U32, WT__S8, WT__S16, WT__S32, WT__F16, WT__F32
} wt__ctype;

/* wt__format.kind of the normalised kinds, sized or not. */
#define WT__KIND_UNORM 3
#define WT__KIND_SNORM 4

typedef struct wt__format {
    uint8_t nch;        /* 1, 2 or 4 channels */
    uint8_t ctype;      /* wt__ctype of every channel */
    uint8_t cbytes;     /* bytes per channel */
    uint8_t esize;      /* bytes per element = nch * cbytes */
    uint8_t kind;       /* WT_CHANNEL_SIGNED, _UNSIGNED, _FLOAT, WT__KIND_UNORM or WT__KIND_SNORM */
    uint16_t given;     /* the wt_channel_kind as given (wt_get_channel_desc returns it) */
} wt__format;

/* Validate a channel descriptor; fills *f.  Returns WT_SUCCESS or
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR (message prefixed with fn). */
WT_INTERNAL wt_status wt__format_from_desc(wt__format *f, const wt_channel_desc *d, const char *fn);
WT_INTERNAL wt_channel_desc wt__format_to_desc(const wt__format *f);
/* wt__format.kind of a public wt_channel_kind: WT_CHANNEL_SIGNED,
 * _UNSIGNED, _FLOAT, WT__KIND_UNORM (every unsigned normalised kind, sized
 * or not) or WT__KIND_SNORM; -1 for a kind warptex does not have. */
WT_INTERNAL int wt__kind_class(int kind);
static inline int wt__ctype_is_float(int ct) { return ct == WT__F16 || ct == WT__F32; }
static inline int wt__ctype_is_signed(int ct) { return ct == WT__S8 || ct == WT__S16 || ct == WT__S32; }

/* ---- arrays (array.c) ---------------------------------------------------- */

#define WT__MAX_LEVELS 18

/* Geometry of one mip level inside an array's storage.  Texel (x, y, z) of
 * slice s (s = layer, or 6*cube+face, or layer*samples+sample; z for 3D) is at
 * data + offset + s*slice_pitch + z*depth_pitch + y*row_pitch + x*esize. */
typedef struct wt__level_layout {
    uint32_t w, h, d;        /* d = 1 unless 3D */
    size_t offset;           /* byte offset of the level in the storage */
    size_t row_pitch, depth_pitch, slice_pitch;
} wt__level_layout;

struct wt_array_s {
    uint32_t magic;                 /* WT__ARRAY_MAGIC while alive */
    _Atomic int refs;               /* user reference + one per object */
    wt__format fmt;
    size_t width, height, depth;    /* as given at creation */
    unsigned flags;
    uint8_t dims;                   /* 1, 2 or 3 */
    uint32_t slices;                /* layers (or 6*cubes, or layers*samples); 1 if none */
    uint32_t samples;               /* 0 unless multisample */
    uint32_t num_levels;
    wt__level_layout lv[WT__MAX_LEVELS];
    uint8_t *data;                  /* owned storage (NULL for a level alias) */
    size_t bytes;
    struct wt__sparse *sparse;      /* the tile table of a sparse array (sparse.h), NULL when dense */
    struct wt_mipmapped_array_s *parent; /* set for wt_get_mipmapped_array_level() arrays */
    uint32_t parent_level;
};

struct wt_mipmapped_array_s {
    uint32_t magic;
    struct wt_array_s *arr;          /* the storage (all levels) */
    struct wt_array_s *level_views[WT__MAX_LEVELS]; /* lazily made aliases */
};

#define WT__ARRAY_MAGIC 0x57544152u  /* "WTAR" */
#define WT__MIPMAP_MAGIC 0x5754414du /* "WTAM" */

/* Live user pointers (live_set.c): arrays and mipmapped arrays are checked
 * by address before any dereference.  add returns -1 when out of memory;
 * remove returns 1 when p was live. */
WT_INTERNAL int wt__live_add(const void *p);
WT_INTERNAL int wt__live_remove(const void *p);
/* p is live and its first 32-bit word (the magic) equals magic, both
 * checked under the set's lock, so a racing free cannot slip in between. */
WT_INTERNAL int wt__live_has_magic(const void *p, uint32_t magic);
/* Take p out of the set when it is live with that magic and accept(p)
 * (NULL: always) holds, all under the lock: 1 taken, 0 not live, -1 live
 * but refused.  Of racing calls for one p, at most one gets 1. */
WT_INTERNAL int wt__live_take(const void *p, uint32_t magic, int (*accept)(const void *));
/* A live user array / mipmapped array (array.c). */
WT_INTERNAL int wt__array_live(wt_array a);
WT_INTERNAL int wt__mipmap_live(wt_mipmapped_array m);

/* Take a reference on the storage behind a (a level alias refers to its
 * mipmapped array's storage); returns the storage array, which is what the
 * object must later pass to wt__array_release(). */
WT_INTERNAL struct wt_array_s *wt__array_retain(struct wt_array_s *a);
WT_INTERNAL void wt__array_release(struct wt_array_s *a);
/* Storage base of an array (follows a level alias to its parent). */
WT_INTERNAL uint8_t *wt__array_data(struct wt_array_s *a);

/* ---- sampling state and texture descriptors ---------------------------- */

/* What a sampler decides (from the texture desc, or a PTX .samplerref). */
typedef struct wt__sampler {
    uint8_t filter;              /* wt_filter_mode */
    uint8_t mip_filter;          /* wt_filter_mode */
    uint8_t address[3];          /* wt_address_mode as given (incl. CLAMP_OGL) */
    uint8_t normalized;          /* coordinates normalised (before mipmap forcing) */
    uint8_t force_unnormalized;  /* .samplerref force_unnormalized_coords */
    uint8_t seamless;            /* seamless cubemap */
    uint8_t trilinear_opt;       /* 1 unless disable_trilinear_optimization */
    uint8_t max_aniso;           /* clamped to [1, 16] */
    float border[4];             /* border colour as given (bit patterns kept) */
    int32_t bias256;             /* trunc(bias*256), NaN -> 0 ([semantics#decision-nan-bias]) */
    float bias;                  /* the bias as given (NaN -> 0): the trilinear-opt rule needs it unrounded */
    int32_t min_clamp256;        /* trunc(clamp*256), relative to the view's first level */
    int32_t max_clamp256;
} wt__sampler;

struct wt__tex_lane_in;
typedef struct wt__tex {
    wt__format fmt;              /* after view reinterpretation */
    uint8_t read_norm;           /* 8/16-bit integers read as normalised float */
    uint8_t srgb;                /* sRGB decode active (8-bit unsigned, read_norm; [semantics#srgb], [semantics#decision-srgb-scope]) */
    uint8_t dims;                /* 1, 2 or 3 (cube: 2) */
    uint8_t layered;             /* 1D/2D layered, or cubemap layered */
    uint8_t cube;                /* cubemap (layered or not) */
    uint8_t res_type;            /* wt_resource_type */
    uint8_t mipmapped;           /* over a mipmapped array: LOD applies, coords normalised */
    uint8_t sparse;              /* over a sparse array: the reference alone reads it ([semantics#sparse-residency]) */
    uint32_t num_levels;         /* levels visible through the view (>= 1) */
    uint32_t num_layers;         /* layers (cubemap layered: cubes); 0 if not layered */
    uint32_t num_samples;        /* multisample: samples; else 0 */
    wt__level lv[WT__MAX_LEVELS];
    wt__sampler samp;            /* the texture's own sampling state */
    uint8_t border_texel[16];    /* samp.border converted to one texel of fmt ([semantics#border-color]) */
    wt_texture_desc desc;        /* effective descriptor, for queries */
    struct wt_array_s *arr;      /* referenced array (NULL for linear/pitch2D) */
    void (*kernels[8])(void);    /* per-backend bound kernels (wt__bind_tex_kernels), by backend id */
    const char *kernel_names[8]; /* what each is, for tests and `warptex info` */
    wt__tex_plan plan;           /* what every kernel reads, made once at creation (tex_plan.h) */
    /* the one-lane kernel of its shape (tex_lane.c), NULL: none (struct wt__tex_lane_in: lane.h) */
    void (*lane_fn)(const wt__tex_plan *p, const struct wt__tex_lane_in *in, uint32_t d[4]);
    wt_lane2d_view lane2d;       /* the plan's inline form where the shape is .2d RGBA8 normalised (lane2d.h); base NULL: none */
} wt__tex;

/* The effective address mode of axis 0..2 under sampler s: wrap and mirror
 * become clamp when the coordinates are unnormalised ([semantics#unnormalized-coords],
 * [semantics#decision-cube-unnormalized]), mipmapped textures included ([semantics#mip-levels]): the
 * demotion follows the coordinates the user gives, so a mipmapped texture
 * without normalized_coords still clamps.  The one place the rule lives: the
 * reference (wt__addr_mode, src/scalar/coord_scalar.c) and the plan every
 * kernel reads (tex_plan.c) take their modes from it. */
static inline int wt__sampler_addr_mode(const wt__sampler *s, int axis)
{
    const int m = s->address[axis];
    const int unnorm = !s->normalized || s->force_unnormalized;
    return unnorm && (m == WT_ADDRESS_WRAP || m == WT_ADDRESS_MIRROR) ? WT_ADDRESS_CLAMP : m;
}

/* 1 when t read through s scales its coordinates from normalised to texel
 * space: the sampler's normalized_coords unless force_unnormalized overrides
 * it ([semantics#normalized-coords]), and always for a mipmapped texture ([semantics#mip-levels]).
 * Shared as wt__sampler_addr_mode is. */
static inline int wt__sampler_coords_normalized(const wt__tex *t, const wt__sampler *s)
{
    return (s->normalized && !s->force_unnormalized) || t->mipmapped;
}

typedef struct wt__surf {
    wt__format fmt;
    uint8_t dims;                /* 1, 2 or 3 */
    uint8_t layered, cube;
    uint8_t res_type;
    uint32_t w, h, d;            /* in elements; d = 1 unless 3D */
    uint32_t num_layers;         /* slices: layers, 6*cubes; 0 if not layered */
    uint8_t *base;               /* NULL over a sparse array */
    size_t row_pitch, depth_pitch, slice_pitch;
    struct wt_array_s *arr;
    const struct wt__sparse_level *sparse; /* over a sparse array: its level's tiles (sparse.h) */
} wt__surf;

/* ---- handles (handle.c) -------------------------------------------------
 * handle = kind << 56 | generation (24 bits) << 32 | slot index + 1.
 * Lookup is lock-free; create/destroy lock. */
typedef enum wt__kind { WT__KIND_TEX = 1, WT__KIND_SURF = 2, WT__KIND_SAMPLER = 3 } wt__kind;

WT_INTERNAL wt_status wt__handle_new(uint64_t *out, wt__kind kind, void *obj);
/* Returns the object, or NULL when the handle is not a live one of `kind`.
 * Call inside a read section (below): the object stays valid until its end
 * even if another thread destroys the handle meanwhile. */
WT_INTERNAL void *wt__handle_get(uint64_t h, wt__kind kind);
/* Invalidate the handle and return its object (NULL when invalid).  The
 * object must then go to wt__retire(), never straight to free. */
WT_INTERNAL void *wt__handle_remove(uint64_t h, wt__kind kind);

/* ---- deferred release (reclaim.c) -----------------------------------------
 * Every lookup of a handle and every use of its object happens inside a read
 * section (read_section.h).  wt__retire() releases obj with release(obj) once
 * no read section that could have found it is left. */
WT_INTERNAL void wt__retire(void *obj, void (*release)(void *));
/* Release retired objects no reader can still hold, if any wait; never
 * blocks (object creation calls it, so such objects do not linger until the
 * next destroy). */
WT_INTERNAL void wt__reclaim_poll(void);

/* ---- queries (format_query.c, surface_object.c) -------------------------- */
/* OpenCL channel data type / order values of a format ([semantics#decision-query-values]). */
WT_INTERNAL int32_t wt__channel_data_type(const wt__format *f, int read_norm);
WT_INTERNAL int32_t wt__channel_order(const wt__format *f);
/* suq value of a surface for one wt_query (WT_Q_WIDTH ... WT_Q_MEMORY_LAYOUT). */
WT_INTERNAL int32_t wt__surf_query(const wt__surf *s, int query);

/* ---- the border colour and texel conversions (scalar reference) ---------- */

/* Convert a border colour (floats, integer colours bit-cast) into one raw
 * texel of t's format ([semantics#border-color]), written to out[0 .. esize-1]. */
WT_INTERNAL void wt__border_to_texel(const wt__tex *t, const float border[4], uint8_t out[16]);

#endif
