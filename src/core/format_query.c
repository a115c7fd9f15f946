/* format_query.c -- the OpenCL-numbered channel data type and order of a format, as txq and suq report them
 * SPDX-License-Identifier: MIT
 *
 * Shared by the texture query (query.c) and the surface query (surface_object.c); it
 * reads only the format, so it sits with the formats below both. */
#include "internal.h"

/* OpenCL channel enumerations ([semantics#queries], [semantics#decision-query-values]). */
enum {
    CL_SNORM_INT8 = 0x10D0, CL_SNORM_INT16 = 0x10D1, CL_UNORM_INT8 = 0x10D2, CL_UNORM_INT16 = 0x10D3,
    CL_SIGNED_INT8 = 0x10D7, CL_SIGNED_INT16 = 0x10D8, CL_SIGNED_INT32 = 0x10D9, CL_UNSIGNED_INT8 = 0x10DA,
    CL_UNSIGNED_INT16 = 0x10DB, CL_UNSIGNED_INT32 = 0x10DC, CL_HALF_FLOAT = 0x10DD, CL_FLOAT = 0x10DE,
    CL_R = 0x10B0, CL_RG = 0x10B2, CL_RGBA = 0x10B5
};

int32_t wt__channel_data_type(const wt__format *f, int read_norm)
{
    static const int32_t as_int[] = {CL_UNSIGNED_INT8, CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_SIGNED_INT8,
                                     CL_SIGNED_INT16, CL_SIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT};
    if (read_norm) {
        switch (f->ctype) {
        case WT__U8: return CL_UNORM_INT8;
        case WT__U16: return CL_UNORM_INT16;
        case WT__S8: return CL_SNORM_INT8;
        case WT__S16: return CL_SNORM_INT16;
        default: break;
        }
    }
    return as_int[f->ctype];
}

int32_t wt__channel_order(const wt__format *f)
{
    return f->nch == 1 ? CL_R : f->nch == 2 ? CL_RG : CL_RGBA;
}
