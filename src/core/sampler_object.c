/* sampler_object.c -- PTX .samplerref objects for independent texturing mode
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "internal.h"

wt_status wt_create_sampler_object(wt_sampler *out, const wt_sampler_desc *d)
{
    const char *fn = "wt_create_sampler_object";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    *out = 0;
    if (!d)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): sampler descriptor is NULL", fn);
    for (int i = 0; i < 3; i++)
        if ((unsigned)d->address_mode[i] > WT_ADDRESS_CLAMP_OGL)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): address_mode[%d] = %d is not a wt_address_mode", fn, i,
                             (int)d->address_mode[i]);
    if ((unsigned)d->filter_mode > WT_FILTER_LINEAR)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): filter_mode = %d is not a wt_filter_mode", fn,
                         (int)d->filter_mode);
    wt__sampler *s = wt__alloc(sizeof *s);
    if (!s)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    s->filter = (uint8_t)d->filter_mode;
    for (int i = 0; i < 3; i++)
        s->address[i] = (uint8_t)d->address_mode[i];
    s->force_unnormalized = d->force_unnormalized_coords != 0;
    memcpy(s->border, d->border_color, sizeof s->border);
    wt_status st = wt__handle_new(out, WT__KIND_SAMPLER, s);
    if (st)
        wt__free(s);
    return st;
}

wt_status wt_destroy_sampler_object(wt_sampler smp)
{
    wt__sampler *s = wt__handle_remove(smp, WT__KIND_SAMPLER);
    if (!s)
        return wt__error(WT_ERROR_INVALID_HANDLE, "wt_destroy_sampler_object(): 0x%016llx is not a live sampler",
                         (unsigned long long)smp);
    wt__retire(s, wt__free); /* readers may still hold it (reclaim.c) */
    return WT_SUCCESS;
}
