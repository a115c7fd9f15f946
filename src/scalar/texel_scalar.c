/* texel_scalar.c -- raw channel codes of one texel in memory (little-endian)
 * SPDX-License-Identifier: MIT */
#include "scalar.h"

void wt__texel_load(const wt__format *f, const uint8_t *p, uint32_t raw[4])
{
    for (int c = 0; c < 4; c++) {
        raw[c] = 0; /* [semantics#point-conversion]: channels the format lacks read 0 */
        if (c >= f->nch)
            continue;
        const uint8_t *q = p + (size_t)c * f->cbytes;
        switch (f->ctype) {
        case WT__U8:
            raw[c] = q[0];
            break;
        case WT__S8: /* sign-extend through the two's complement of the byte */
            raw[c] = (uint32_t)q[0] | (q[0] & 0x80u ? 0xffffff00u : 0u);
            break;
        case WT__U16:
        case WT__F16: /* half: its 16 bits */
            raw[c] = (uint32_t)q[0] | (uint32_t)q[1] << 8;
            break;
        case WT__S16:
            raw[c] = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (q[1] & 0x80u ? 0xffff0000u : 0u);
            break;
        default: /* U32, S32, F32: the 32 bits */
            raw[c] = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
            break;
        }
    }
}
