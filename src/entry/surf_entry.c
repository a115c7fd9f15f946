/* surf_entry.c -- suld/sust/sured entries: validate, run, report traps through the API
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "../core/dispatch.h"
#include "../scalar/scalar.h" /* the reference, which the lane entries run */
#include "entry.h"

static const char *const FAMILY[] = {"tex", "tld4", "txq", "istypep", "suld", "sust", "sured", "suq"};
static const char *const GEOM[] = {"1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"};
static const char *const CLAMP[] = {"trap", "clamp", "zero"};
static const char *const REDOP[] = {"add", "min", "max", "and", "or"};
static const char *const RTYPE[] = {"u32", "s32", "b32", "u64", "s64", "b64"};

/* PTX spelling of a surface op, e.g. "suld.b.2d.v4.b8.trap". */
static void op_name(const wt_op *op, char *buf, size_t n)
{
    if (op->family == WT_FAMILY_SURED)
        snprintf(buf, n, "sured.%s.%s.%s.%s.%s", op->mode ? "p" : "b", REDOP[op->redop % 5], GEOM[op->geom % 9],
                 RTYPE[op->rtype % 6], CLAMP[op->clamp % 3]);
    else
        snprintf(buf, n, "%s.%s.%s%s.b%u.%s", FAMILY[op->family % 8], op->mode ? "p" : "b", GEOM[op->geom % 9],
                 op->vec == 4 ? ".v4" : op->vec == 2 ? ".v2" : "", op->bits, CLAMP[op->clamp % 3]);
}

static int geom_matches(const wt__surf *s, int geom)
{
    switch (geom) {
    case WT_GEOM_1D: return s->dims == 1 && !s->layered;
    case WT_GEOM_A1D: return s->dims == 1 && s->layered;
    case WT_GEOM_2D: return s->dims == 2 && !s->layered && !s->cube;
    case WT_GEOM_A2D: return s->dims == 2 && (s->layered || s->cube); /* cubes read as 2D layered ([semantics#cube-arrays]) */
    case WT_GEOM_3D: return s->dims == 3;
    default: return 0;
    }
}

/* PTX legality (PTX ISA 9.7.11) of the op and its fit to the surface. */
static wt_status check(const wt_op *op, const wt__surf *s, const char *fn)
{
    char name[64];
    if (!op)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op is NULL", fn);
    if (op->family != WT_FAMILY_SULD && op->family != WT_FAMILY_SUST && op->family != WT_FAMILY_SURED)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op family %u is not suld, sust or sured", fn, op->family);
    int geom_ok = op->geom <= WT_GEOM_A2D, clamp_ok = op->clamp <= WT_CLAMP_ZERO, ok = geom_ok && clamp_ok;
    if (op->family == WT_FAMILY_SURED) {
        int t = op->rtype, r = op->redop;
        ok = ok && op->geom <= WT_GEOM_3D && op->mode <= WT_SURF_P && t <= WT_RTYPE_B64 && r <= WT_RED_OR;
        if (ok && op->mode == WT_SURF_B)
            ok = wt__sured_b_form_ok(r, t);
        else if (ok)
            ok = t == WT_RTYPE_B32 || (t == WT_RTYPE_B64 && (r == WT_RED_MIN || r == WT_RED_MAX));
    } else {
        int bits_ok = op->bits == 8 || op->bits == 16 || op->bits == 32 || op->bits == 64;
        int vec_ok = op->vec == 1 || op->vec == 2 || op->vec == 4;
        ok = ok && bits_ok && vec_ok && op->vec * op->bits <= 128 && op->mode <= WT_SURF_P;
        /* No suld.p ([semantics#decision-ptx-legality]).  sust.p takes every geometry and shape sust.b
         * takes: .a1d/.a2d because ptxas accepts them ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]), 8-, 16-
         * and 64-bit elements as NVVM's list names them ([semantics#decision-nvvm-sust-p-elements], op.h). */
        if (ok && op->mode == WT_SURF_P)
            ok = op->family == WT_FAMILY_SUST;
    }
    if (ok && geom_matches(s, op->geom))
        return WT_SUCCESS;
    op_name(op, name, sizeof name); /* only on failure: this is every call's path */
    if (!ok)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is not a legal PTX surface instruction", fn, name);
    return wt__error(WT_ERROR_INVALID_SURFACE, "%s(): %s does not match the surface's geometry (%uD%s%s)", fn, name,
                     s->dims, s->layered ? " layered" : "", s->cube ? " cubemap" : "");
}

static const wt__surf *lookup(wt_surf surf, const char *fn)
{
    const wt__surf *s = wt__handle_get(surf, WT__KIND_SURF);
    if (!s)
        wt__error(WT_ERROR_INVALID_HANDLE, "%s(): 0x%016llx is not a live surface object", fn,
                  (unsigned long long)surf);
    return s;
}

/* Why a lane of op on s traps: [semantics#decision-sured-p-forms] refuses the format of a sured.p
 * outright; anything else is the address ([semantics#surface-addressing], [semantics#surface-out-of-range]). */
static const char *trap_reason(const wt__surf *s, const wt_op *op)
{
    if (op->family == WT_FAMILY_SURED && op->mode == WT_SURF_P && !wt__sured_p_format_ok(&s->fmt, op))
        return op->rtype == WT_RTYPE_B64 ? "sured.p .b64 needs a two-channel 32-bit integer format ([semantics#decision-sured-p-forms])"
                                         : "sured.p .b32 needs a one-channel 32-bit integer format ([semantics#decision-sured-p-forms])";
    return "out of range or misaligned";
}

static wt_status trap_error(const wt_op *op, wt_surf surf, const int32_t c[4], int lane, const char *why)
{
    char name[64];
    op_name(op, name, sizeof name);
    char where[24] = "";
    if (lane >= 0)
        snprintf(where, sizeof where, " lane %d:", lane);
    return wt__error(WT_ERROR_TRAP, "%s:%s trap on surface 0x%016llx at c = {%d, %d, %d, %d} (%s)", name, where,
                     (unsigned long long)surf, c[0], c[1], c[2], c[3], why);
}

wt_status wt_surf_warp(const wt_op *op, wt_surf surf, uint32_t active, const wt_surf_args *in, wt_surf_result *out)
{
    const char *fn = "wt_surf_warp";
    if (!in || !out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, in ? "out" : "in");
    out->trap = 0;
    wt__read_begin(); /* the surface stays valid until read_end (reclaim.c) */
    const wt__surf *s = lookup(surf, fn);
    wt_status st = s ? check(op, s, fn) : WT_ERROR_INVALID_HANDLE;
    if (st) {
        wt__read_end();
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < WT_WARP_SIZE; l++)
                if (active >> l & 1)
                    out->d[k][l] = 0;
        return st;
    }
    /* [semantics#sparse-surfaces]: a sparse surface runs the reference, the one path that knows its tiles */
    out->trap = s->sparse ? wt__surf_warp_reference(s, op, active, in, out)
                          : wt__backend_active()->surf_warp(s, op, active, in, out);
    const char *why = out->trap ? trap_reason(s, op) : NULL; /* s is valid until read_end */
    wt__read_end();
    if (out->trap) {
        int l = __builtin_ctz(out->trap);
        int32_t c[4] = {in->c[0][l], in->c[1][l], in->c[2][l], in->c[3][l]};
        return trap_error(op, surf, c, l, why);
    }
    return WT_SUCCESS;
}

void wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4], const uint64_t v[4], uint64_t d[4])
{
    const char *fn = "surface lane";
    memset(d, 0, 4 * sizeof d[0]);
    wt__read_begin();
    const wt__surf *s = lookup(surf, fn);
    int trapped = s && !check(op, s, fn) && wt__surf_access_scalar(s, op, c, v, d);
    const char *why = trapped ? trap_reason(s, op) : NULL;
    wt__read_end();
    if (trapped)
        trap_error(op, surf, c, -1, why);
}
