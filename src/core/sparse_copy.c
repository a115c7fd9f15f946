/* sparse_copy.c -- host copies into and out of a sparse array, tile by tile
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "internal.h"
#include "sparse.h"

void wt__sparse_copy(struct wt_array_s *a, size_t x, size_t y, size_t z, void *host, size_t pitch, size_t w, size_t h,
                     size_t d, int to_array)
{
    const wt__sparse_level *sl = wt__array_sparse_level(a, 0);
    const uint32_t es = a->fmt.esize;
    const int planes = a->dims == 3; /* z: depth planes of a 3D array, else slices (layers) */
    /* A read section: a map call racing with the copy may unmap a tile and
     * release its pool, whose memory then waits for this copy to end. */
    wt__read_begin();
    for (size_t k = 0; k < d; k++) {
        for (size_t j = 0; j < h; j++) {
            uint8_t *row = (uint8_t *)host + (k * h + j) * pitch;
            const uint32_t slice = planes ? 0 : (uint32_t)(z + k), zz = planes ? (uint32_t)(z + k) : 0;
            size_t i = 0;
            while (i < w) {
                const uint32_t xx = (uint32_t)(x + i);
                /* One run: to the end of the tile's row, or one element in
                 * the mip tail (whose rows may cross a page) */
                size_t run = sl->tw ? sl->tw - xx % sl->tw : 1;
                if (run > w - i)
                    run = w - i;
                uint8_t *p = wt__sparse_texel(sl, slice, xx, (uint32_t)(y + j), zz, es);
                /* [semantics#sparse-copies]: into an unmapped tile dropped,
                 * out of one zeros */
                if (to_array) {
                    if (p)
                        memcpy(p, row + i * es, run * es);
                } else if (p) {
                    memcpy(row + i * es, p, run * es);
                } else {
                    memset(row + i * es, 0, run * es);
                }
                i += run;
            }
        }
    }
    wt__read_end();
}
