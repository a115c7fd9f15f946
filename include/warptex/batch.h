/* warptex/batch.h -- batch entry points: any number of lanes, run as warps on all cores */
#ifndef WARPTEX_BATCH_H
#define WARPTEX_BATCH_H

#include "op.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every batch call shares.
 *
 * Lanes.  A batch of n lanes (any n, 0 included) runs as warps: lane i is
 * lane i % 32 of warp i / 32, and the last warp's active mask holds only the
 * lanes that exist.  Each warp goes through wt_tex_warp / wt_surf_warp with
 * the op given, so every lane's result is bit for bit what the warp call (and
 * the per-lane NVVM call) gives for it, whatever the thread count.
 *
 * Threads.  Warps are spread over wt_get_num_threads() threads (set by
 * wt_set_num_threads(), else WARPTEX_NUM_THREADS, else all cores); the
 * calling thread is one of them.  Batches of a few warps run on the calling
 * thread alone.  Called from inside an OpenMP parallel region, a batch runs
 * on the thread that called it (OpenMP does not nest teams by default).
 * Many threads may run batches at once.  The helper threads' own last error
 * (wt_get_last_error on them) is left as it was.  The lanes take no lock
 * beyond the warp calls' (none for tex, suld, sust); a failing warp's report
 * is recorded under a short spinlock of the batch's own.
 *
 * Errors.  A call first validates everything (NULL pointers where n > 0,
 * sizes that overflow, the op, the handles, the op against the object);
 * such an error returns before any lane runs and changes nothing: no output
 * written, no surface touched, the trap mask left as it was.  Then every
 * warp runs, even when some fail, and the call returns the status of the
 * failing warp with the lowest index (so the report does not depend on the
 * thread count); the message (wt_last_error_message) names the batch
 * function, the warp and its lanes, and carries the warp call's message.
 * After validation a warp can fail only because
 *   - lanes trapped (surfaces, .trap): WT_ERROR_TRAP.  Exactly as in
 *     wt_surf_warp, a trapped lane touches no memory and loads 0, and every
 *     other lane runs: a store or reduction of every other lane is done
 *     exactly once.  The message counts the trapped lanes and names the
 *     first one (its batch lane index and coordinates).
 *   - the object was destroyed while the batch ran: WT_ERROR_INVALID_HANDLE
 *     for the warps that no longer found it; their lanes read 0.
 * Outputs of lanes whose warp failed are written as 0 (tex: every output
 * format reads 0; suld: zero bytes).
 *
 * Trap masks.  The surface calls take an optional trap mask: NULL, or an
 * array of (n + 31) / 32 words; after validation every word is written, bit
 * i % 32 of word i / 32 set when lane i trapped (a batch's wt_surf_result
 * trap, warp after warp).
 *
 * Memory.  Inputs and outputs must not overlap one another, nor the memory
 * of the object that is sampled or stored (as with memcpy). */

/* Bits of wt_tex_batch_in.uniform and wt_sured_batch_in.uniform: the input
 * named holds one value (one vector for the gradients) that every lane uses,
 * instead of one per lane. */
#define WT_BATCH_UNIFORM_LAYER 0x1u
#define WT_BATCH_UNIFORM_LOD 0x2u
#define WT_BATCH_UNIFORM_GRAD 0x4u
#define WT_BATCH_UNIFORM_VALUE 0x8u

/* The operands of a tex / tld4 batch, float coordinates only (op->ctype
 * .f32).  The float components of a geometry are
 *   1d, a1d: x        2d, a2d: x y        3d, cube, acube: x y z
 * (cube and acube: a direction), given either interleaved or as planes:
 *   coords   interleaved: lane i's components at coords[i*k .. i*k + k-1],
 *            k = 1, 2 or 3 as above.  x, y, z must then be NULL.
 *   x, y, z  planes (coords NULL): component arrays of n floats; y only for
 *            2d, a2d, 3d, cube, acube, z only for 3d, cube, acube.
 *   layer    a1d, a2d: the layer of each lane; acube: the cube (PTX's .u32
 *            operand: an index past the end is clamped, as in the warp call).
 *   lod      tex.level (op->mip WT_MIP_LEVEL): each lane's level of detail.
 *   dpdx, dpdy  tex.grad (WT_MIP_GRAD): g floats per lane, interleaved as
 *            coords (g = 1 for 1d and a1d, 2 for 2d and a2d, 3 for 3d, cube
 *            and acube).
 *   uniform  WT_BATCH_UNIFORM_LAYER, _LOD, _GRAD: layer[0], lod[0] or
 *            dpdx[0..g-1] and dpdy[0..g-1] serve every lane.
 * A pointer the op does not use must be NULL (and its uniform bit clear), so
 * that an operand given by mistake is an error rather than ignored. */
typedef struct wt_tex_batch_in {
    const float *coords;
    const float *x, *y, *z;
    const uint32_t *layer;
    const float *lod;
    const float *dpdx, *dpdy;
    unsigned uniform;
} wt_tex_batch_in;

/* How a tex batch writes a lane's four destination registers d[0..3] (the
 * bits the op's dtype gives, e.g. r g b a as floats for .v4.f32):
 *   WT_BATCH_V4         16 bytes per lane: d[0], d[1], d[2], d[3] as 32-bit
 *                       words (a float4 for .f32, an int4 for .s32/.u32).
 *   WT_BATCH_CHANNEL    4 bytes per lane: the word d[channel].
 *   WT_BATCH_U8X4       4 bytes per lane: wt_float_to_unorm8() of d[0..3]
 *                       (op->dtype must be .f32).
 *   WT_BATCH_U8X4_SRGB  4 bytes per lane: wt_float_to_srgb8() of d[0..2] and
 *                       wt_float_to_unorm8() of d[3] (alpha is never sRGB):
 *                       what an sRGB texture decoded, encoded back (.f32).
 *   WT_BATCH_U8         1 byte per lane: wt_float_to_unorm8() of d[channel]
 *                       (.f32).
 *   WT_BATCH_HALF4      8 bytes per lane: wt_float_to_half() of d[0], d[1],
 *                       d[2], d[3], four IEEE binary16 words (.f32 only: an
 *                       integer result is refused, not converted).
 *   WT_BATCH_ELEM8      1 byte per lane: the low byte of the integer word
 *                       d[channel] of an element-type read of an 8-bit
 *                       integer format (the code a CUDA kernel reading
 *                       uchar / char texels stores).  op->dtype .u32 or
 *                       .s32, and the texture's format must have 8-bit
 *                       integer channels read as element type; any other
 *                       read is refused.
 *   WT_BATCH_ELEM8X4    4 bytes per lane: the low bytes of d[0], d[1], d[2],
 *                       d[3] of such a read, in that order (the uchar4 /
 *                       char4 a CUDA kernel stores); a channel the format
 *                       lacks is byte 0, as its register reads 0.  Same
 *                       dtypes and textures as WT_BATCH_ELEM8.
 * Words are stored in the machine's byte order; data needs no alignment. */
typedef enum wt_batch_format {
    WT_BATCH_V4 = 0,
    WT_BATCH_CHANNEL,
    WT_BATCH_U8X4,
    WT_BATCH_U8X4_SRGB,
    WT_BATCH_U8,
    WT_BATCH_HALF4,
    WT_BATCH_ELEM8,
    WT_BATCH_ELEM8X4
} wt_batch_format;

/* wt_tex_batch_out.flags: how the words of WT_BATCH_V4 and WT_BATCH_CHANNEL
 * reach memory ([api#batch-stream]).  WT_BATCH_STREAM: streaming (non-
 * temporal) stores, which do not read the output's lines into the cache
 * first; 0 or WT_BATCH_NO_STREAM: ordinary stores (the library does not
 * stream on its own: where it pays depends on the machine, and on the
 * machines measured it did not).  The bytes written are the same either way. */
#define WT_BATCH_STREAM 0x1u
#define WT_BATCH_NO_STREAM 0x2u

/* Where a tex batch writes: lane i at data + i * (bytes per lane of the
 * format).  channel is 0..3 for WT_BATCH_CHANNEL, WT_BATCH_U8 and
 * WT_BATCH_ELEM8, and must be 0 for the other formats.  flags: 0 or one of
 * WT_BATCH_STREAM, WT_BATCH_NO_STREAM (above). */
typedef struct wt_tex_batch_out {
    void *data;
    wt_batch_format format;
    unsigned channel;
    unsigned flags;
} wt_tex_batch_out;

/* wt_tex_batch: tex or tld4 (op->family selects) for n lanes on texture tex,
 * with the explicit sampler smp when op->flags has WT_OP_SAMPLER (else smp is
 * ignored).  The op is a warp op (op.h) with float coordinates: geometry 1d,
 * 2d, 3d, a1d, a2d, cube or acube (tld4: 2d, a2d, cube, acube), ctype .f32,
 * mip base / level / grad (tex), any dtype for WT_BATCH_V4 and _CHANNEL and
 * .f32 for the byte formats and WT_BATCH_HALF4 (.u32 / .s32 for
 * WT_BATCH_ELEM8 and WT_BATCH_ELEM8X4); flags WT_OP_SAMPLER and WT_OP_PRED (which
 * changes nothing: a batch has no predicate output; on a sparse texture a
 * lane that is not resident reads zeros, [semantics#sparse-zero]), not
 * WT_OP_OFFSET or WT_OP_DEPTH_COMPARE.
 * Errors (see above for partial work): WT_ERROR_INVALID_VALUE (op, in or out
 * NULL; an input that the op needs NULL while n > 0, or one it does not use
 * given; coords and planes both given; a uniform bit unknown or for an input
 * not used; n so large that an array of n lanes would not fit in memory;
 * format or channel out of range; a byte format or WT_BATCH_HALF4 with a
 * dtype other than .f32; WT_BATCH_ELEM8 or _ELEM8X4 with a dtype other than .u32 /
 * .s32, or on a texture whose channels are not 8-bit integers read as
 * element type; an op field that batches do not take, as listed above; anything
 * wt_tex_warp refuses in the op), WT_ERROR_INVALID_HANDLE (tex, or smp with
 * WT_OP_SAMPLER, is not a live object of its kind, also for n = 0; or was
 * destroyed while the batch ran), WT_ERROR_INVALID_TEXTURE (the geometry
 * does not match the texture).
 * Thread-safety: any thread (see above); safe against a
 * concurrent destroy of tex or smp. */
wt_status wt_tex_batch(const wt_op *op, wt_tex tex, wt_sampler smp, size_t n, const wt_tex_batch_in *in,
                       const wt_tex_batch_out *out);

/* A mapping of a W x H output grid to texture coordinates, for
 * wt_tex_batch_map: output pixel (i, j), 0 <= i < width, 0 <= j < height,
 * samples at the point the 3 x 3 matrix m (row-major) gives its centre.
 * In exactly this order, each *, + and / one IEEE-754 single-precision
 * operation rounded to nearest even (never fused into a multiply-add, never
 * carried in wider precision):
 *   u = (float)i + 0.5f                 v = (float)j + 0.5f      (exact)
 *   X = (m[0] * u + m[1] * v) + m[2]    (both products rounded, then summed)
 *   Y = (m[3] * u + m[4] * v) + m[5]
 *   D = (m[6] * u + m[7] * v) + m[8]
 *   x = X / D                           y = Y / D
 * An affine map is the matrix whose last row is 0 0 1: then D is 1 and
 * (x, y) = (X, Y) bit for bit (the library skips the division, which
 * changes nothing).  x and y are the tex instruction's coordinates as they
 * are: normalised or not as the texture (or sampler) says, so a map onto a
 * normalised texture includes the 1 / width and 1 / height scaling.
 * Coordinates that come out infinite or NaN (a product or sum that
 * overflows, D = 0 on a projective map's horizon) go to the instruction as
 * they are, and it treats them as the warp call does.  width and height are
 * at most WT_TEX_MAP_MAX_SIDE, so that every pixel centre is exact. */
typedef struct wt_tex_map {
    float m[9];
    size_t width, height;
} wt_tex_map;

#define WT_TEX_MAP_MAX_SIDE ((size_t)1 << 23)

/* wt_tex_batch_map: tex or tld4 (as wt_tex_batch) at every pixel of the
 * grid `map` describes, the coordinates computed from map->m as above: this
 * is an image warp (affine or perspective) of any texture object, with every
 * filter, format and address mode the warp call has.  Pixel (i, j) is lane
 * i % 32 of a warp of row j (a warp never spans two rows); its result is bit
 * for bit what wt_tex_batch, wt_tex_warp or the per-lane call give at the
 * coordinates (x, y) computed as above.
 *   op   as wt_tex_batch takes it, on geometry 2d or a2d.
 *   in   NULL when the op needs nothing but coordinates; else the layer
 *        (a2d), lod (tex.level) and gradients (tex.grad) as wt_tex_batch
 *        takes them, pixel (i, j) being lane j * width + i of a per-lane
 *        array, or uniform (WT_BATCH_UNIFORM_*).  in->coords and the planes
 *        x, y, z must be NULL: the map gives the coordinates.
 *   out  the format and channel as for wt_tex_batch; pixel (i, j) is
 *        written at out->data + j * pitch + i * (bytes per lane of the
 *        format).  pitch 0 means rows packed (width * bytes per lane apart);
 *        any other pitch must be at least that (padded rows; the bytes
 *        between rows are not touched).
 * Errors (before any lane runs, nothing written): WT_ERROR_INVALID_VALUE
 * (op, map or out NULL; in NULL while the op needs a layer, lod or
 * gradients; an input wt_tex_batch would refuse, or coordinates given; a
 * geometry other than 2d and a2d; an entry of map->m that is not finite --
 * a NaN or infinity in the matrix is refused as a mistake, while the
 * arithmetic above may still produce them; width or height above
 * WT_TEX_MAP_MAX_SIDE; a pitch below the row; an output too large to
 * address), WT_ERROR_INVALID_HANDLE, WT_ERROR_INVALID_TEXTURE (as
 * wt_tex_batch).  After that, warps fail only as wt_tex_batch's do (the
 * object destroyed meanwhile); the message names the warp's row and
 * columns.  A grid with no pixels (width or height 0) is valid and does
 * nothing once the op and handles are checked.
 * Speed: the coordinates are computed 32 at a time into the warp's operands
 * and never stored in memory; rows are spread over the threads as batches
 * are.
 * Thread-safety: any thread (see above); safe against a concurrent destroy
 * of tex or smp. */
wt_status wt_tex_batch_map(const wt_op *op, wt_tex tex, wt_sampler smp, const wt_tex_map *map,
                           const wt_tex_batch_in *in, const wt_tex_batch_out *out, size_t pitch);

/* wt_float_to_unorm8: the byte of the byte formats: v clamped to [0, 1]
 * (NaN and negative values give 0), times 255, rounded to nearest with
 * halves rounded up: floor(v * 255 + 0.5), computed exactly.
 * Errors: none.  Thread-safety: any thread. */
uint8_t wt_float_to_unorm8(float v);

/* wt_float_to_srgb8: v clamped to [0, 1] as above (NaN gives 0), encoded to
 * sRGB (12.92 v up to 0.0031308, else 1.055 v^(1/2.4) - 0.055) and rounded as
 * wt_float_to_unorm8 rounds.  Computed by comparing v with the 255 floats
 * at which the byte steps up (a table checked against that formula for
 * every float in [0, 1]), so the byte is the same on every machine.
 * Errors: none.  Thread-safety: any thread. */
uint8_t wt_float_to_srgb8(float v);

/* wt_float_to_half: v as an IEEE 754 binary16 word, rounded to nearest with
 * ties to even: values from 65520 up (in magnitude) give infinity,
 * infinities stay infinite, values that fall below the smallest normal half
 * become subnormal halves (or zero, keeping the sign), and a NaN gives a
 * quiet NaN with v's sign and the top ten bits of its payload, the quiet bit
 * set (exactly what x86's vcvtps2ph and AArch64's fcvt do with their
 * default settings).  Errors: none.  Thread-safety: any thread. */
uint16_t wt_float_to_half(float v);

/* A rectangle of lanes on a surface for wt_suld_region / wt_sust_region.
 * Lane (i, j), i < width, j < height, is batch lane j * width + i; it
 * accesses the surface at x + i * step, row y + j, where step is the
 * access's size in bytes (vec * bits / 8) for .b ops (x in bytes, as the op
 * takes it) and 1 for sust.p (x in elements).  z is the slice of a .3d op
 * and the layer of an .a2d op; it must be 0 for .2d.  Every lane's
 * coordinates must be int32 values. */
typedef struct wt_region {
    int32_t x, y, z;
    size_t width, height;
} wt_region;

/* wt_suld_region: suld for every lane of region r, each lane's vec elements
 * of bits / 8 bytes, little-endian as surfaces hold them on every host (so
 * for .b the bytes are the surface's bytes), written to
 * dst + j * pitch + i * (vec * bits / 8).  pitch
 * 0 means rows packed (width * vec * bits / 8 bytes apart); any other pitch
 * must be at least that.  op: suld.b on .2d, .3d or .a2d, any vec/bits/clamp
 * that wt_surf_warp takes.  trap: NULL or (width * height + 31) / 32 words.
 * Errors (see above for traps and partial work): WT_ERROR_INVALID_VALUE (op
 * or r NULL, dst NULL while the region has lanes, an op that is not suld or
 * not on .2d/.3d/.a2d, z not 0 on .2d, a pitch below the row, a coordinate
 * of a lane or a byte of dst that cannot be addressed), WT_ERROR_INVALID_HANDLE,
 * WT_ERROR_INVALID_SURFACE (as wt_surf_warp), WT_ERROR_TRAP (lanes of a
 * .trap op out of range; they load 0).
 * Speed: a .b region whose lanes are aligned and all inside the surface is
 * the surface's bytes row by row, and is copied as such (rows over the
 * threads; a memcpy's speed); other regions run warp by warp.
 * Thread-safety: any thread (see above); safe against a concurrent destroy
 * of surf. */
wt_status wt_suld_region(const wt_op *op, wt_surf surf, const wt_region *r, void *dst, size_t pitch,
                         uint32_t *trap);

/* wt_sust_region: sust for every lane of region r, each lane's vec source
 * elements read from src + j * pitch + i * (vec * bits / 8), bits / 8 bytes
 * each, little-endian (sust.b: the bytes land on the surface as
 * they are; sust.p: each element is a register value, converted to the
 * surface's format as op.h says).  pitch as for wt_suld_region.  op: sust.b
 * or sust.p on .2d, .3d or .a2d.  trap: NULL or (width * height + 31) / 32
 * words.  Under .clamp, when the region reaches outside the surface, lanes
 * clamp onto the same edge elements: such a region runs on the calling
 * thread alone, lane after lane, so the last lane stores last (as one warp
 * call after another); every other region runs on all threads.
 * Errors: as wt_suld_region with src for dst and sust for suld.
 * Thread-safety: any thread (see above); stores racing with another thread's
 * stores or loads of the same element are a data race (as on the GPU); safe
 * against a concurrent destroy of surf. */
wt_status wt_sust_region(const wt_op *op, wt_surf surf, const wt_region *r, const void *src, size_t pitch,
                         uint32_t *trap);

/* The operands of a sured batch.  Coordinates are PTX's for the op's
 * geometry (.1d {x}, .2d {x,y}, .3d {x,y,z}; x in bytes for sured.b, in
 * elements for sured.p), interleaved or as planes:
 *   coords   interleaved: k int32 per lane (k = 1, 2, 3), x first; x, y, z
 *            then NULL.
 *   x, y, z  planes (coords NULL): y only for .2d and .3d, z only for .3d.
 *   values   the operand of each lane: uint32_t for the 32-bit rtypes
 *            (.u32 .s32 .b32, as bits), uint64_t for the 64-bit ones.
 *   uniform  WT_BATCH_UNIFORM_VALUE: values[0] serves every lane (a
 *            histogram adds 1 everywhere). */
typedef struct wt_sured_batch_in {
    const int32_t *coords;
    const int32_t *x, *y, *z;
    const void *values;
    unsigned uniform;
} wt_sured_batch_in;

/* wt_sured_batch: sured for n lanes.  Every lane that does not trap applies
 * its reduction exactly once, atomically (across lanes, threads and other
 * batches), so totals are exact whatever the thread count.  op: sured.b or
 * sured.p as wt_surf_warp takes them (.1d, .2d, .3d).  trap: NULL or
 * (n + 31) / 32 words.
 * Errors (see above for traps and partial work): WT_ERROR_INVALID_VALUE (op
 * or in NULL; an input the op needs NULL while n > 0, or one it does not use
 * given; coords and planes both given; a uniform bit other than
 * WT_BATCH_UNIFORM_VALUE; n too large for memory; an op that is not a legal
 * sured), WT_ERROR_INVALID_HANDLE, WT_ERROR_INVALID_SURFACE (as
 * wt_surf_warp), WT_ERROR_TRAP (lanes out of range under .trap, or every
 * lane of a sured.p on a format it cannot reduce, [semantics#decision-sured-p-forms]).
 * Speed: a sured.b batch on a 1D surface of at most 65536 elements, with
 * every lane aligned and inside and at least 4 lanes per element (a
 * histogram), combines each thread's lanes per element first and then
 * reduces each element it touched once: the same totals, about one atomic
 * per element and thread instead of one per lane.  While it runs, another
 * thread may see some of its reductions done and others not, as with any
 * batch.
 * Thread-safety: any thread; atomic; safe against a concurrent destroy of
 * surf. */
wt_status wt_sured_batch(const wt_op *op, wt_surf surf, size_t n, const wt_sured_batch_in *in, uint32_t *trap);

#ifdef __cplusplus
}
#endif
#endif
