/* warptex_limits.c -- the image limit of the `warptex` command: one check for every size it allocates from
 * SPDX-License-Identifier: MIT
 *
 * The limit itself (TOOL_MAX_PIXELS, TOOL_MAX_BYTES, TOOL_MAX_SIDE) is in
 * warptex_tool.h.  Sizes arrive as long long so that a caller can pass what a
 * user typed or a header held without narrowing it first; every product is
 * checked by division before it is formed, so nothing here can wrap. */
#include <limits.h>
#include <stdint.h>

#include "warptex_tool.h"

int tool_image_limit(const char *cmd, const char *what, long long w, long long h, size_t *bytes)
{
    if (w < 1 || h < 1) {
        tool_error(cmd, "%s %lldx%lld: each side must be at least 1", what, w, h);
        return -1;
    }
    /* Pixels in unsigned long long (at least as wide as size_t here), checked
     * by division before the product is formed. */
    const unsigned long long uw = (unsigned long long)w, uh = (unsigned long long)h;
    if (uw > ULLONG_MAX / uh) {
        tool_error(cmd, "%s %lldx%lld is more than %llu pixels; the limit is %zu pixels (the warptex image limit, 2^28)",
                   what, w, h, ULLONG_MAX, TOOL_MAX_PIXELS);
        return -1;
    }
    if (uw * uh > TOOL_MAX_PIXELS) {
        tool_error(cmd, "%s %lldx%lld is %llu pixels; the limit is %zu pixels (the warptex image limit, 2^28)", what, w,
                   h, uw * uh, TOOL_MAX_PIXELS);
        return -1;
    }
    const size_t pixels = (size_t)(uw * uh); /* <= TOOL_MAX_PIXELS: fits */
    if (w > TOOL_MAX_SIDE || h > TOOL_MAX_SIDE) {
        tool_error(cmd, "%s %lldx%lld has a side of %lld pixels; the limit is %d pixels a side (the warptex image limit)",
                   what, w, h, w > h ? w : h, TOOL_MAX_SIDE);
        return -1;
    }
    /* 4 bytes a pixel: cannot wrap once pixels <= TOOL_MAX_PIXELS, but the
     * byte limit is its own promise, so it is checked on its own. */
    if (pixels > SIZE_MAX / 4u || pixels * 4u > TOOL_MAX_BYTES) {
        tool_error(cmd, "%s %lldx%lld needs more than %zu bytes of RGBA; the limit is %zu bytes (the warptex image limit)",
                   what, w, h, TOOL_MAX_BYTES, TOOL_MAX_BYTES);
        return -1;
    }
    if (bytes)
        *bytes = pixels * 4u;
    return 0;
}
