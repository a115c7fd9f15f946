/* format.c -- channel descriptors: validation and the internal format record
 * SPDX-License-Identifier: MIT */
#include "internal.h"

wt_channel_desc wt_make_channel_desc(int x, int y, int z, int w, wt_channel_kind kind)
{
    wt_channel_desc d = {x, y, z, w, kind};
    return d;
}

wt_status wt__format_from_desc(wt__format *f, const wt_channel_desc *d, const char *fn)
{
    if (!d)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): channel descriptor is NULL", fn);
    int bits = d->x, nch;
    /* CUDA arrays have 1, 2 or 4 channels of one width (no 3-channel arrays). */
    if (d->y == 0 && d->z == 0 && d->w == 0)
        nch = 1;
    else if (d->y == bits && d->z == 0 && d->w == 0)
        nch = 2;
    else if (d->y == bits && d->z == bits && d->w == bits)
        nch = 4;
    else
        return wt__error(WT_ERROR_INVALID_CHANNEL_DESCRIPTOR,
                         "%s(): channel bits {%d,%d,%d,%d} are not 1, 2 or 4 channels of one width", fn,
                         d->x, d->y, d->z, d->w);
    int ct = -1, kind = (int)d->kind;
    switch (d->kind) {
    case WT_CHANNEL_UNSIGNED:
        ct = bits == 8 ? WT__U8 : bits == 16 ? WT__U16 : bits == 32 ? WT__U32 : -1;
        break;
    case WT_CHANNEL_SIGNED:
        ct = bits == 8 ? WT__S8 : bits == 16 ? WT__S16 : bits == 32 ? WT__S32 : -1;
        break;
    case WT_CHANNEL_FLOAT:
        ct = bits == 16 ? WT__F16 : bits == 32 ? WT__F32 : -1;
        break;
    case WT_CHANNEL_UNSIGNED_NORMALIZED:
        ct = bits == 8 ? WT__U8 : bits == 16 ? WT__U16 : -1;
        kind = WT__KIND_UNORM;
        break;
    case WT_CHANNEL_SIGNED_NORMALIZED:
        ct = bits == 8 ? WT__S8 : bits == 16 ? WT__S16 : -1;
        kind = WT__KIND_SNORM;
        break;
    default:
        if (d->kind >= WT_CHANNEL_UNSIGNED_NORMALIZED_8X1 && d->kind <= WT_CHANNEL_SIGNED_NORMALIZED_16X4) {
            /* CUDA's sized kinds: 5..10 unsigned, 11..16 signed, each
             * 8X1, 8X2, 8X4, 16X1, 16X2, 16X4; the bits must say the same. */
            int i = (int)d->kind - WT_CHANNEL_UNSIGNED_NORMALIZED_8X1, sgn = i >= 6;
            int want_bits = i % 6 < 3 ? 8 : 16, want_nch = i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 4;
            if (bits != want_bits || nch != want_nch)
                return wt__error(WT_ERROR_INVALID_CHANNEL_DESCRIPTOR,
                                 "%s(): kind = %d (%s normalised %dX%d) needs %d channel(s) of %d bits, not "
                                 "{%d,%d,%d,%d}",
                                 fn, (int)d->kind, sgn ? "signed" : "unsigned", want_bits, want_nch, want_nch,
                                 want_bits, d->x, d->y, d->z, d->w);
            ct = sgn ? (bits == 8 ? WT__S8 : WT__S16) : (bits == 8 ? WT__U8 : WT__U16);
            kind = sgn ? WT__KIND_SNORM : WT__KIND_UNORM;
            break;
        }
        return wt__error(WT_ERROR_INVALID_CHANNEL_DESCRIPTOR,
                         "%s(): kind = %d is not a wt_channel_kind warptex supports (0..2, 5..16, 0x100, 0x101)",
                         fn, (int)d->kind);
    }
    if (ct < 0)
        return wt__error(WT_ERROR_INVALID_CHANNEL_DESCRIPTOR,
                         "%s(): %d-bit channels are not supported for kind %d", fn, bits, (int)d->kind);
    f->nch = (uint8_t)nch;
    f->ctype = (uint8_t)ct;
    f->cbytes = (uint8_t)(bits / 8);
    f->esize = (uint8_t)(nch * bits / 8);
    f->kind = (uint8_t)kind;
    f->given = (uint16_t)d->kind;
    return WT_SUCCESS;
}

int wt__kind_class(int kind)
{
    if (kind == WT_CHANNEL_SIGNED || kind == WT_CHANNEL_UNSIGNED || kind == WT_CHANNEL_FLOAT)
        return kind;
    if (kind == WT_CHANNEL_UNSIGNED_NORMALIZED ||
        (kind >= WT_CHANNEL_UNSIGNED_NORMALIZED_8X1 && kind <= WT_CHANNEL_UNSIGNED_NORMALIZED_16X4))
        return WT__KIND_UNORM;
    if (kind == WT_CHANNEL_SIGNED_NORMALIZED ||
        (kind >= WT_CHANNEL_SIGNED_NORMALIZED_8X1 && kind <= WT_CHANNEL_SIGNED_NORMALIZED_16X4))
        return WT__KIND_SNORM;
    return -1;
}

wt_channel_desc wt__format_to_desc(const wt__format *f)
{
    int b = f->cbytes * 8;
    wt_channel_desc d = {b, f->nch >= 2 ? b : 0, f->nch >= 4 ? b : 0, f->nch >= 4 ? b : 0,
                         (wt_channel_kind)f->given};
    return d;
}
