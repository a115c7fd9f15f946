/* pending.c -- TEMPORARY placeholders for functions still being written.
 * Whoever implements a function deletes its placeholder here in the same step.
 * This file must be empty (and deleted) before the work lands. */
#include "../scalar/scalar.h"
#include <string.h>

void wt__texel_load(const wt__format *f, const uint8_t *p, uint32_t raw[4]) { (void)f; (void)p; memset(raw, 0, 16); }
void wt__taps_resolve(const wt__tex_ctx *ctx, const wt_op *op, const wt__taps *taps, uint32_t d[4]) { (void)ctx; (void)op; (void)taps; memset(d, 0, 16); }
uint32_t wt__gather_value(const wt__tex_ctx *ctx, const wt_op *op, uint32_t raw) { (void)ctx; (void)op; return raw; }
void wt__border_to_texel(const wt__tex *t, const float border[4], uint8_t out[16]) { (void)t; (void)border; memset(out, 0, 16); }
void wt__lod_plan_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, wt__lod_plan *plan) { (void)ctx; (void)op; (void)in; memset(plan, 0, sizeof *plan); plan->n = 1; plan->e[0].weight = 256; }
int32_t wt__grad_lod_2d(float a, float b, float c, float d) { (void)a; (void)b; (void)c; (void)d; return 0; }
int32_t wt__grad_lod_3d(const float dx[3], const float dy[3]) { (void)dx; (void)dy; return 0; }
void wt__cube_project(float x, float y, float z, int *face, float *s, float *t) { (void)x; (void)y; (void)z; *face = 0; *s = *t = 0.5f; }
void wt__tex_sample_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4]) { (void)ctx; (void)op; (void)in; memset(d, 0, 16); }
int wt__surf_access_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4], const uint64_t v[4], uint64_t d[4]) { (void)s; (void)op; (void)c; (void)v; memset(d, 0, 32); return 0; }
int32_t wt__surf_query(const wt__surf *s, int query) { (void)s; (void)query; return 0; }
wt_status wt_create_surface_object(wt_surf *out, const wt_resource_desc *res) { (void)res; *out = 0; return WT_ERROR_UNSUPPORTED; }
wt_status wt_destroy_surface_object(wt_surf surf) { (void)surf; return WT_ERROR_INVALID_HANDLE; }
