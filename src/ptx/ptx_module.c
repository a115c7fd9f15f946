/* ptx_module.c -- the PTX front end's public API: load, bind, register memory, launch, unload
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_internal.h"
#include "warptex/backend.h"
#include "warptex/object.h"

static void module_free(struct wt_module_s *m)
{
    if (!m)
        return;
    wt__ptx_module_free(m);
    for (int i = 0; i < m->nbinds; i++) {
        if (m->binds[i].owned)
            wt_destroy_sampler_object(m->binds[i].handle);
        free(m->binds[i].name);
    }
    free(m->binds);
    for (int i = 0; i < m->nranges; i++)
        if (m->ranges[i].owned)
            wt__free((void *)m->ranges[i].base);
    free(m->ranges);
    free(m->imm);
    free(m->handles);
    free(m->name);
    free(m);
}

wt_status wt_module_load_ptx(wt_module *out, const char *text, size_t len, const char *name)
{
    static const char *FN = "wt_module_load_ptx";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out is NULL", FN);
    *out = NULL;
    if (!text)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): text is NULL", FN);
    struct wt_module_s *m = calloc(1, sizeof *m);
    if (!m)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    const char *nm = name ? name : "<ptx>";
    m->name = malloc(strlen(nm) + 1);
    if (!m->name) {
        free(m);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    }
    strcpy(m->name, nm);
    wt_status st = wt__ptx_parse(m, text, len);
    if (st == WT_SUCCESS)
        wt__ptx_plan_entries(m);
    if (st == WT_SUCCESS) {
        m->handles = calloc((size_t)(m->nfuncs ? m->nfuncs : 1), sizeof *m->handles);
        if (!m->handles)
            st = wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
        for (int i = 0; m->handles && i < m->nfuncs; i++) {
            m->handles[i].mod = m;
            m->handles[i].fn = m->funcs[i];
        }
    }
    if (st != WT_SUCCESS) {
        module_free(m);
        return st;
    }
    *out = m;
    return WT_SUCCESS;
}

wt_status wt_module_load_ptx_file(wt_module *out, const char *path)
{
    static const char *FN = "wt_module_load_ptx_file";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out is NULL", FN);
    *out = NULL;
    if (!path)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): path is NULL", FN);
    FILE *f = fopen(path, "rb");
    if (!f)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): cannot open %s", FN, path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (n < cap)
            break;
        if (cap > ((size_t)1 << 30)) {
            free(buf);
            fclose(f);
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is larger than 1 GiB", FN, path);
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (!buf)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    if (err) {
        free(buf);
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): cannot read %s", FN, path);
    }
    const char *base = strrchr(path, '/');
    wt_status st = wt_module_load_ptx(out, buf, n, base ? base + 1 : path);
    free(buf);
    return st;
}

wt_status wt_module_unload(wt_module mod)
{
    if (!mod)
        return wt__error(WT_ERROR_INVALID_HANDLE, "wt_module_unload(): mod is NULL");
    module_free(mod);
    return WT_SUCCESS;
}

wt_status wt_module_get_function(wt_function *out, wt_module mod, const char *name)
{
    static const char *FN = "wt_module_get_function";
    if (!out || !mod || !name)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", FN, !out ? "out" : !mod ? "mod" : "name");
    *out = NULL;
    for (int i = 0; i < mod->nfuncs; i++)
        if (!strcmp(mod->funcs[i]->name, name)) {
            if (!mod->funcs[i]->is_entry)
                return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is a .func, not a kernel entry", FN, name);
            if (!mod->funcs[i]->defined)
                return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %s is declared but not defined", FN, name);
            *out = &mod->handles[i];
            return WT_SUCCESS;
        }
    return wt__error(WT_ERROR_INVALID_VALUE, "%s(): no entry named %s in %s", FN, name, mod->name);
}

wt_status wt_function_param_count(wt_function fn, int *count)
{
    if (!fn || !count)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_function_param_count(): %s is NULL", !fn ? "fn" : "count");
    *count = fn->fn->nparams;
    return WT_SUCCESS;
}

wt_status wt_function_param_size(wt_function fn, int i, size_t *size)
{
    if (!fn || !size)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_function_param_size(): %s is NULL", !fn ? "fn" : "size");
    if (i < 0 || i >= fn->fn->nparams)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_function_param_size(): i = %d, %s has %d parameters", i,
                         fn->fn->name, fn->fn->nparams);
    *size = fn->fn->params[i].size;
    return WT_SUCCESS;
}

static wt_status bind(wt_module mod, const char *name, uint64_t h, int kind, const char *FN)
{
    if (!mod || !name)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", FN, !mod ? "mod" : "name");
    for (int i = 0; i < mod->nbinds; i++)
        if (!strcmp(mod->binds[i].name, name)) {
            if (mod->binds[i].kind != kind)
                return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is a .%s", FN, name,
                                 mod->binds[i].kind == WT_TYPE_TEXREF ? "texref"
                                 : mod->binds[i].kind == WT_TYPE_SURFREF ? "surfref" : "samplerref");
            if (mod->binds[i].owned) {
                wt_destroy_sampler_object(mod->binds[i].handle);
                mod->binds[i].owned = 0;
            }
            mod->binds[i].handle = h;
            return WT_SUCCESS;
        }
    return wt__error(WT_ERROR_INVALID_VALUE, "%s(): no module variable named %s", FN, name);
}

wt_status wt_module_set_texref(wt_module mod, const char *name, wt_tex tex)
{
    return bind(mod, name, tex, WT_TYPE_TEXREF, "wt_module_set_texref");
}
wt_status wt_module_set_surfref(wt_module mod, const char *name, wt_surf surf)
{
    return bind(mod, name, surf, WT_TYPE_SURFREF, "wt_module_set_surfref");
}
wt_status wt_module_set_samplerref(wt_module mod, const char *name, wt_sampler smp)
{
    return bind(mod, name, smp, WT_TYPE_SAMPLERREF, "wt_module_set_samplerref");
}

wt_status wt_module_register_memory(wt_module mod, void *ptr, size_t size, int writable)
{
    static const char *FN = "wt_module_register_memory";
    if (!mod || !ptr)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", FN, !mod ? "mod" : "ptr");
    uintptr_t b = (uintptr_t)ptr;
    if (size == 0 || b + size < b || ((uint64_t)(b + size - 1) >> 60))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): size = %zu at %p is empty or wraps", FN, size, ptr);
    for (int i = 0; i < mod->nranges; i++) {
        const px_range *r = &mod->ranges[i];
        if (b < r->base + r->size && r->base < b + size)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): [%p, +%zu) overlaps a registered range [%p, +%zu)", FN, ptr,
                             size, (void *)r->base, r->size);
    }
    if (!wt__ptx_add_range(mod, ptr, size, writable != 0, 0))
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    return WT_SUCCESS;
}

wt_status wt_module_unregister_memory(wt_module mod, void *ptr)
{
    static const char *FN = "wt_module_unregister_memory";
    if (!mod || !ptr)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", FN, !mod ? "mod" : "ptr");
    for (int i = 0; i < mod->nranges; i++)
        if (mod->ranges[i].base == (uintptr_t)ptr && !mod->ranges[i].owned) {
            memmove(&mod->ranges[i], &mod->ranges[i + 1], (size_t)(mod->nranges - i - 1) * sizeof mod->ranges[0]);
            mod->nranges--;
            return WT_SUCCESS;
        }
    return wt__error(WT_ERROR_INVALID_VALUE, "%s(): no registered range starts at %p", FN, ptr);
}

wt_status wt_launch_kernel(wt_function fn, wt_dim3 grid, wt_dim3 block, size_t shared_bytes, void *const *params)
{
    if (!fn)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_launch_kernel(): fn is NULL");
    return wt__ptx_launch(fn, grid, block, shared_bytes, params);
}
