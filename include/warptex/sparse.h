/* warptex/sparse.h -- sparse arrays: tile pools, the sparse properties, mapping tiles
 *
 * A sparse array (WT_ARRAY_SPARSE, resource.h) has no memory of its own: its
 * levels are cut into 64 KiB tiles, and the program maps tiles onto tile
 * pools (CUDA's cuMemCreate tile pools and cuMemMapArrayAsync).  A fetch
 * that reads an unmapped tile reports it through the residency predicate
 * and returns zeros; the rules are [semantics#sparse]. */
#ifndef WARPTEX_SPARSE_H
#define WARPTEX_SPARSE_H

#include "types.h"
#include "status.h"
#include "resource.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes in one tile, and the granularity of every pool size and offset and
 * of mip-tail ranges (cuMemGetAllocationGranularity of a tile pool). */
#define WT_SPARSE_TILE_BYTES 65536u

/* cudaArraySparseProperties.flags: one mip tail for all layers.  warptex
 * gives every layer its own ([semantics#sparse-tiles]), so it never sets it. */
#define WT_SPARSE_PROPERTIES_SINGLE_MIPTAIL 0x1u

/* cudaArraySparseProperties.  tile_*: a tile's extent in elements (depth 1
 * unless 3D); miptail_first_level: the first level in the mip tail (the
 * level count when there is none); miptail_size: bytes of one layer's mip
 * tail, a multiple of WT_SPARSE_TILE_BYTES (0 when there is none). */
typedef struct wt_sparse_properties {
    unsigned tile_width, tile_height, tile_depth;
    unsigned miptail_first_level;
    unsigned long long miptail_size;
    unsigned flags;
} wt_sparse_properties;

/* wt_array_get_sparse_properties / wt_mipmapped_array_get_sparse_properties:
 * cudaArrayGetSparseProperties / cudaMipmappedArrayGetSparseProperties.
 * A plain array is a mipmapped array of one level.
 * Errors: WT_ERROR_INVALID_VALUE (NULL out, not a live array, a level array
 * of a mipmapped array: ask the mipmapped array), WT_ERROR_INVALID_RESOURCE_TYPE
 * (the array is not sparse).  Thread-safety: any thread. */
wt_status wt_array_get_sparse_properties(wt_sparse_properties *out, wt_array arr);
wt_status wt_mipmapped_array_get_sparse_properties(wt_sparse_properties *out, wt_mipmapped_array marr);

/* A tile pool: memory that tiles are mapped onto. */
typedef struct wt_tile_pool_s *wt_tile_pool;

/* wt_tile_pool_create: cuMemCreate with CU_MEM_CREATE_USAGE_TILE_POOL.
 * `bytes` of library memory, zeroed; a multiple of WT_SPARSE_TILE_BYTES.
 * wt_tile_pool_create_from: a pool over the caller's memory, which must be
 * aligned to 16 bytes, hold `bytes` (a multiple of WT_SPARSE_TILE_BYTES) and
 * outlive every mapping onto it; warptex never frees it.
 * Errors: WT_ERROR_INVALID_VALUE (NULL out or memory, bytes 0 or not a
 * multiple of the tile, misaligned memory, a range past the end of the
 * address space), WT_ERROR_OUT_OF_MEMORY.  Thread-safety: any thread. */
wt_status wt_tile_pool_create(wt_tile_pool *out, size_t bytes);
wt_status wt_tile_pool_create_from(wt_tile_pool *out, void *memory, size_t bytes);

/* wt_tile_pool_release: cuMemRelease.  The handle dies at once; the memory
 * lives on while tiles are mapped onto it and goes with its last mapping
 * (unmapped, remapped elsewhere, or its array freed).
 * Errors: WT_ERROR_INVALID_VALUE (NULL, or not a live pool).
 * Thread-safety: any thread; of two racing releases exactly one succeeds. */
wt_status wt_tile_pool_release(wt_tile_pool pool);

/* What an entry maps: a region of a level, or a byte range of a mip tail. */
typedef enum wt_sparse_subresource {
    WT_SPARSE_LEVEL = 0,   /* CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL */
    WT_SPARSE_MIPTAIL = 1  /* CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL */
} wt_sparse_subresource;

typedef enum wt_sparse_op {
    WT_SPARSE_MAP = 1,   /* CU_MEM_OPERATION_TYPE_MAP */
    WT_SPARSE_UNMAP = 2  /* CU_MEM_OPERATION_TYPE_UNMAP */
} wt_sparse_op;

/* CUarrayMapInfo.  res_type is WT_RESOURCE_ARRAY (array) or
 * WT_RESOURCE_MIPMAPPED_ARRAY (mipmap); a level array of a mipmapped array
 * is mapped through the mipmapped array.
 *   WT_SPARSE_LEVEL: level `level`, layer `layer` (0 unless layered), the
 *     region x, y, z, width, height, depth in elements (z, depth: 0, 1 unless
 *     3D).  Each side starts on a tile boundary and ends on one or at the
 *     level's edge; the level must lie before the mip tail.  Its tiles, x
 *     fastest, then y, then z, go to consecutive tiles of the pool.
 *   WT_SPARSE_MIPTAIL: bytes offset .. offset+size-1 of layer `layer`'s mip
 *     tail, both multiples of WT_SPARSE_TILE_BYTES.
 * op WT_SPARSE_MAP maps onto `pool` from byte pool_offset (a multiple of
 * WT_SPARSE_TILE_BYTES; the range must lie inside the pool), replacing any
 * mapping; WT_SPARSE_UNMAP unmaps and takes no pool (pool NULL). */
typedef struct wt_sparse_map_entry {
    wt_resource_type res_type;
    wt_array array;
    wt_mipmapped_array mipmap;
    wt_sparse_subresource sub;
    unsigned level, layer;
    size_t x, y, z, width, height, depth;
    size_t offset, size;
    wt_sparse_op op;
    wt_tile_pool pool;
    size_t pool_offset;
} wt_sparse_map_entry;

/* wt_sparse_map: cuMemMapArrayAsync over `count` entries, applied in order
 * (a later entry for a tile wins).  Every entry is checked before any is
 * applied: on an error nothing changes.
 * Errors: WT_ERROR_INVALID_VALUE (NULL entries with count > 0, and per
 * entry, named by its index: a resource that is not a live sparse array or
 * mipmapped array, a level array, an unknown sub or op, a level or layer
 * out of range, a level inside the mip tail, an empty or misaligned region
 * or one past the level, a mip-tail range misaligned or past the tail, a
 * mip tail where there is none, a pool that is not live, a pool offset
 * misaligned or a range past the pool, an unmap that names a pool).
 * Thread-safety: any thread; map calls run one at a time.  A fetch, copy or
 * surface access racing with a map call sees each tile either as before the
 * call or as after it (never freed memory); which of the two, tile by tile,
 * is undefined, so a footprint over several tiles may mix them. */
wt_status wt_sparse_map(const wt_sparse_map_entry *entries, size_t count);

#ifdef __cplusplus
}
#endif
#endif
