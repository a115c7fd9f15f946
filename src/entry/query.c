/* query.c -- txq, suq and istypep
 * SPDX-License-Identifier: MIT */
#include "../core/internal.h"
#include "entry.h"

/* PTX enum { wrap, mirror, clamp_ogl, clamp_to_edge, clamp_to_border } ([semantics#decision-clamp-ogl-samplers]). */
static int32_t ptx_addr_mode(int m)
{
    switch (m) {
    case WT_ADDRESS_WRAP: return 0;
    case WT_ADDRESS_MIRROR: return 1;
    case WT_ADDRESS_CLAMP_OGL: return 2;
    case WT_ADDRESS_CLAMP: return 3;
    default: return 4; /* WT_ADDRESS_BORDER */
    }
}

static wt_status txq_sampler(const wt__sampler *s, int q, int32_t *v)
{
    switch (q) {
    case WT_Q_FILTER_MODE: *v = s->filter; return WT_SUCCESS;
    case WT_Q_ADDR_MODE_0: case WT_Q_ADDR_MODE_1: case WT_Q_ADDR_MODE_2:
        *v = ptx_addr_mode(s->address[q - WT_Q_ADDR_MODE_0]);
        return WT_SUCCESS;
    case WT_Q_FORCE_UNNORMALIZED_COORDS: *v = s->force_unnormalized; return WT_SUCCESS;
    default:
        return wt__error(WT_ERROR_UNSUPPORTED, "txq: query %d does not apply to a sampler", q);
    }
}

static wt_status txq_texture(const wt__tex *t, int q, int32_t lod, int32_t *v)
{
    switch (q) {
    case WT_Q_WIDTH: *v = t->lv[0].w; return WT_SUCCESS;
    case WT_Q_HEIGHT: *v = t->lv[0].h; return WT_SUCCESS;
    case WT_Q_DEPTH: *v = t->lv[0].d; return WT_SUCCESS; /* 1 unless 3D ([semantics#decision-query-values]) */
    case WT_Q_CHANNEL_DATA_TYPE: *v = wt__channel_data_type(&t->fmt, t->read_norm); return WT_SUCCESS;
    case WT_Q_CHANNEL_ORDER: *v = wt__channel_order(&t->fmt); return WT_SUCCESS;
    case WT_Q_NORMALIZED_COORDS: *v = t->samp.normalized; return WT_SUCCESS;
    case WT_Q_FORCE_UNNORMALIZED_COORDS: *v = 0; return WT_SUCCESS;
    case WT_Q_FILTER_MODE: case WT_Q_ADDR_MODE_0: case WT_Q_ADDR_MODE_1: case WT_Q_ADDR_MODE_2:
        return txq_sampler(&t->samp, q, v);
    case WT_Q_ARRAY_SIZE: *v = (int32_t)t->num_layers; return WT_SUCCESS;
    case WT_Q_NUM_MIPMAP_LEVELS: *v = t->mipmapped ? (int32_t)t->num_levels : 0; return WT_SUCCESS;
    case WT_Q_NUM_SAMPLES: *v = (int32_t)t->num_samples; return WT_SUCCESS;
    case WT_Q_LEVEL_WIDTH: case WT_Q_LEVEL_HEIGHT: case WT_Q_LEVEL_DEPTH:
        if (lod < 0 || (uint32_t)lod >= t->num_levels)
            return wt__error(WT_ERROR_INVALID_VALUE, "txq.level: lod = %d is not in [0, %u)", lod, t->num_levels);
        *v = q == WT_Q_LEVEL_WIDTH ? t->lv[lod].w : q == WT_Q_LEVEL_HEIGHT ? t->lv[lod].h : t->lv[lod].d;
        return WT_SUCCESS;
    default:
        return wt__error(WT_ERROR_UNSUPPORTED, "txq: query %d does not apply to a texture", q);
    }
}

static wt_status query(const wt_op *op, uint64_t h, int32_t lod, int32_t *value)
{
    switch (op->family) {
    case WT_FAMILY_ISTYPEP: {
        static const wt__kind kind[] = {WT__KIND_TEX, WT__KIND_SAMPLER, WT__KIND_SURF};
        if (op->query > WT_TYPE_SURFREF)
            return wt__error(WT_ERROR_INVALID_VALUE, "istypep: type %u is not .texref/.samplerref/.surfref", op->query);
        *value = wt__handle_get(h, kind[op->query]) != NULL;
        return WT_SUCCESS;
    }
    case WT_FAMILY_TXQ: {
        if (op->query >= WT_Q_COUNT)
            return wt__error(WT_ERROR_INVALID_VALUE, "txq: query = %u is not a wt_query_kind", op->query);
        /* PTX txq takes a .texref or a .samplerref (unified mode asks the
         * texture for its sampling state).  WT_OP_SAMPLER says the operand is
         * a .samplerref (the wt_txq_sampler_* forms): a texture is then the
         * wrong kind. */
        if (!(op->flags & WT_OP_SAMPLER)) {
            const wt__tex *t = wt__handle_get(h, WT__KIND_TEX);
            if (t)
                return txq_texture(t, op->query, lod, value);
        }
        const wt__sampler *s = wt__handle_get(h, WT__KIND_SAMPLER);
        if (s)
            return txq_sampler(s, op->query, value);
        return wt__error(WT_ERROR_INVALID_HANDLE, "txq: 0x%016llx is not a live %s object", (unsigned long long)h,
                         (op->flags & WT_OP_SAMPLER) ? "sampler" : "texture or sampler");
    }
    case WT_FAMILY_SUQ: {
        const wt__surf *s = wt__handle_get(h, WT__KIND_SURF);
        if (!s)
            return wt__error(WT_ERROR_INVALID_HANDLE, "suq: 0x%016llx is not a live surface object",
                             (unsigned long long)h);
        switch (op->query) {
        case WT_Q_WIDTH: case WT_Q_HEIGHT: case WT_Q_DEPTH: case WT_Q_CHANNEL_DATA_TYPE: case WT_Q_CHANNEL_ORDER:
        case WT_Q_ARRAY_SIZE: case WT_Q_MEMORY_LAYOUT:
            *value = wt__surf_query(s, op->query);
            return WT_SUCCESS;
        default:
            return wt__error(WT_ERROR_UNSUPPORTED, "suq: query %u does not apply to a surface", op->query);
        }
    }
    default:
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_query(): op family %u is not txq, suq or istypep", op->family);
    }
}

wt_status wt_query(const wt_op *op, uint64_t h, int32_t lod, int32_t *value)
{
    if (!op || !value)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_query(): %s is NULL", op ? "value" : "op");
    *value = 0;
    wt__read_begin(); /* the object stays valid until read_end (reclaim.c) */
    wt_status st = query(op, h, lod, value);
    wt__read_end();
    return st;
}

int32_t wt__query_lane(const wt_op *op, uint64_t h, int32_t lod)
{
    int32_t v = 0;
    wt_query(op, h, lod, &v);
    return v;
}
