// xcheck.cu -- the two front doors cross-checked: every kernel of xcheck_cases.h run natively (the
// source compiled by warptex-cxx, or by nvcc for a GPU) and, in warptex builds, from nvcc's
// committed PTX through the module API (warptex/ptx.h), on the same inputs; outputs compared.
// SPDX-License-Identifier: MIT
//
//   xcheck PTX_DIR [--write FILE] [--against FILE] [--only SUBSTRING] [--case NAME] [--list]
//   (XCHECK_DUMP=1 in the environment prints the first 4096 bytes of each input buffer)
//
// warptex-cxx build: each case runs through both doors and their outputs are compared (the
// case's rules, xcheck_spec.h); --against compares both with a results file another build wrote
// (the GPU's, tests/crosscheck/gpu/); --write writes the native door's outputs.
// nvcc build (a GPU): only the native door runs; --write writes its outputs, which is how
// gpu/results.txt was made (tests/crosscheck/gpu_run.sh).
// Exit status 0 when every comparison passed, 1 otherwise (each difference is printed first).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#ifdef __WARPTEX_CUDA__
#include <warptex/ptx.h>
#endif

#include "xcheck_cases.h"
#include "xcheck_fill.h"
#include "xcheck_registry.h"
#include "xcheck_spec.h"

// ---- the registry: filled by the kernel sources' static constructors --------------------------
static std::vector<xc_kernel> &xc_kernels()
{
    static std::vector<xc_kernel> k;
    return k;
}
void xc_register_kernels(const xc_kernel *table, int n)
{
    for (int i = 0; i < n; i++)
        xc_kernels().push_back(table[i]);
}
static const xc_kernel *xc_find(const char *source, const char *name)
{
    for (const xc_kernel &k : xc_kernels())
        if (!strcmp(k.source, source) && !strcmp(k.name, name))
            return &k;
    return nullptr;
}

// ---- one run of a case through one door --------------------------------------------------------
typedef std::vector<std::vector<unsigned char>> xc_results; // one byte vector per output

static size_t xc_elem_size(const cudaChannelFormatDesc &f) { return (size_t)(f.x + f.y + f.z + f.w) / 8; }

// the extent cudaMemcpy3D copies of an array (levels: of mip level `level`)
static cudaExtent xc_extent(const xc_array &a, int level)
{
    size_t w = (size_t)a.w, h = (size_t)a.h, d = (size_t)a.d;
    const bool layered = (a.flags & (cudaArrayLayered | cudaArrayCubemap)) != 0;
    w = w >> level ? w >> level : 1;
    if (h)
        h = h >> level ? h >> level : 1;
    if (d && !layered)
        d = d >> level ? d >> level : 1;
    return make_cudaExtent(w, h ? h : 1, d ? d : 1);
}

static bool xc_copy(cudaArray_t arr, void *host, cudaExtent e, size_t es, bool to_array)
{
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    cudaPitchedPtr hp = make_cudaPitchedPtr(host, e.width * es, e.width, e.height);
    if (to_array) {
        p.srcPtr = hp;
        p.dstArray = arr;
        p.kind = cudaMemcpyHostToDevice;
    } else {
        p.srcArray = arr;
        p.dstPtr = hp;
        p.kind = cudaMemcpyDeviceToHost;
    }
    p.extent = e;
    return cudaMemcpy3D(&p) == cudaSuccess;
}

struct xc_made_array {
    void *linear = nullptr;
    size_t linear_bytes = 0;
    cudaArray_t arr = nullptr;
    cudaMipmappedArray_t mip = nullptr;
};

static bool xc_make_array(const xc_array &a, const std::string &key, xc_made_array *m)
{
    const size_t es = xc_elem_size(a.fmt);
    if (a.kind == XC_LINEAR) {
        m->linear_bytes = (size_t)a.w * es;
        if (cudaMalloc(&m->linear, m->linear_bytes) != cudaSuccess)
            return false;
        std::vector<unsigned char> host(m->linear_bytes);
        xc_fill_bytes(host.data(), host.size(), a.fill, key);
        return cudaMemcpy(m->linear, host.data(), host.size(), cudaMemcpyHostToDevice) == cudaSuccess;
    }
    cudaExtent ext = make_cudaExtent((size_t)a.w, (size_t)a.h, (size_t)a.d);
    const int levels = a.kind == XC_MIPMAPPED ? a.levels : 1;
    if (a.kind == XC_MIPMAPPED) {
        if (cudaMallocMipmappedArray(&m->mip, &a.fmt, ext, (unsigned)levels, a.flags) != cudaSuccess)
            return false;
    } else if (cudaMalloc3DArray(&m->arr, &a.fmt, ext, a.flags) != cudaSuccess) {
        return false;
    }
    for (int l = 0; l < levels; l++) {
        cudaArray_t level = m->arr;
        if (m->mip && cudaGetMipmappedArrayLevel(&level, m->mip, (unsigned)l) != cudaSuccess)
            return false;
        const cudaExtent e = xc_extent(a, l);
        std::vector<unsigned char> host(e.width * e.height * e.depth * es);
        xc_fill_bytes(host.data(), host.size(), a.fill, key + "/level" + std::to_string(l));
        if (!xc_copy(level, host.data(), e, es, true))
            return false;
    }
    return true;
}

static void xc_free_array(xc_made_array &m)
{
    if (m.linear)
        cudaFree(m.linear);
    if (m.arr)
        cudaFreeArray(m.arr);
    if (m.mip)
        cudaFreeMipmappedArray(m.mip);
}

enum xc_door { XC_NATIVE, XC_PTX };

#ifdef __WARPTEX_CUDA__
static std::map<std::string, wt_module> xc_modules;
static wt_module xc_module(const std::string &dir, const char *source, std::string *err)
{
    auto it = xc_modules.find(source);
    if (it != xc_modules.end())
        return it->second;
    wt_module m = nullptr;
    const std::string path = dir + "/" + source + ".ptx";
    if (wt_module_load_ptx_file(&m, path.c_str()) != WT_SUCCESS) {
        *err = "cannot load " + path + ": " + wt_last_error_message();
        return nullptr;
    }
    xc_modules[source] = m;
    return m;
}
#endif

/* Runs case c through door d; the outputs in *out.  Returns "" or what went wrong. */
static std::string xc_run(const xc_case &c, xc_door d, const std::string &ptx_dir, xc_results *out)
{
    std::string err;
    std::vector<void *> bufs(c.buffers.size(), nullptr);
    std::vector<xc_made_array> tex_arrays(c.textures.size()), surf_arrays(c.surfaces.size());
    std::vector<cudaTextureObject_t> texs(c.textures.size(), 0);
    std::vector<cudaSurfaceObject_t> surfs(c.surfaces.size(), 0);
    std::vector<unsigned long long> words(c.params.size(), 0); /* each parameter's bytes */
    std::vector<void *> args(c.params.size(), nullptr);
    const xc_kernel *k = xc_find(c.source, c.kernel);
    cudaError_t e;

    for (size_t i = 0; i < c.buffers.size() && err.empty(); i++) {
        const xc_buffer &b = c.buffers[i];
        std::vector<unsigned char> host(b.bytes);
        xc_fill_bytes(host.data(), host.size(), b.fill, c.name + "/buf" + std::to_string(i));
        if (getenv("XCHECK_DUMP") && d == XC_NATIVE) { /* the inputs of a reproducer */
            printf("%s buffer %zu:", c.name.c_str(), i);
            for (size_t k = 0; k < b.bytes && k < 4096; k += 4) {
                uint32_t w;
                memcpy(&w, &host[k], 4);
                printf(" %08x", w);
            }
            printf("\n");
        }
        if (cudaMalloc(&bufs[i], b.bytes) != cudaSuccess ||
            cudaMemcpy(bufs[i], host.data(), b.bytes, cudaMemcpyHostToDevice) != cudaSuccess)
            err = "buffer " + std::to_string(i) + ": " + cudaGetErrorString(cudaGetLastError());
    }
    for (size_t i = 0; i < c.textures.size() && err.empty(); i++) {
        const xc_texture &t = c.textures[i];
        if (!xc_make_array(t.array, c.name + "/tex" + std::to_string(i), &tex_arrays[i])) {
            err = "texture " + std::to_string(i) + " contents: " + cudaGetErrorString(cudaGetLastError());
            break;
        }
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        if (t.array.kind == XC_LINEAR) {
            rd.resType = cudaResourceTypeLinear;
            rd.res.linear.devPtr = tex_arrays[i].linear;
            rd.res.linear.desc = t.array.fmt;
            rd.res.linear.sizeInBytes = tex_arrays[i].linear_bytes;
        } else if (t.array.kind == XC_MIPMAPPED) {
            rd.resType = cudaResourceTypeMipmappedArray;
            rd.res.mipmap.mipmap = tex_arrays[i].mip;
        } else {
            rd.resType = cudaResourceTypeArray;
            rd.res.array.array = tex_arrays[i].arr;
        }
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        for (int a = 0; a < 3; a++)
            td.addressMode[a] = t.address[a];
        td.filterMode = t.filter;
        td.readMode = t.read;
        td.normalizedCoords = t.normalized;
        td.mipmapFilterMode = t.mip_filter;
        td.maxMipmapLevelClamp = t.max_level;
        td.borderColor[0] = 0.25f;
        td.borderColor[1] = 0.5f;
        td.borderColor[2] = 0.75f;
        td.borderColor[3] = 1.0f;
        if ((e = cudaCreateTextureObject(&texs[i], &rd, &td, nullptr)) != cudaSuccess)
            err = "texture " + std::to_string(i) + ": " + cudaGetErrorString(e);
    }
    for (size_t i = 0; i < c.surfaces.size() && err.empty(); i++) {
        if (!xc_make_array(c.surfaces[i], c.name + "/surf" + std::to_string(i), &surf_arrays[i])) {
            err = "surface " + std::to_string(i) + " contents: " + cudaGetErrorString(cudaGetLastError());
            break;
        }
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = surf_arrays[i].arr;
        if ((e = cudaCreateSurfaceObject(&surfs[i], &rd)) != cudaSuccess)
            err = "surface " + std::to_string(i) + ": " + cudaGetErrorString(e);
    }
    for (size_t i = 0; i < c.params.size(); i++) {
        const xc_param &p = c.params[i];
        switch (p.kind) {
        case XC_P_BUF: memcpy(&words[i], &bufs[p.index], sizeof(void *)); break;
        case XC_P_TEX: words[i] = texs[p.index]; break;
        case XC_P_SURF: words[i] = surfs[p.index]; break;
        case XC_P_I32: memcpy(&words[i], &p.i, 4); break;
        case XC_P_F32: memcpy(&words[i], &p.f, 4); break;
        }
        args[i] = &words[i];
    }

    if (err.empty() && d == XC_NATIVE) {
        if (!k)
            err = std::string("kernel ") + c.source + "/" + c.kernel + " is not registered in this build";
        else if ((e = k->launch(c.grid, c.block, c.shared, args.data())) != cudaSuccess ||
                 (e = cudaDeviceSynchronize()) != cudaSuccess)
            err = std::string("launch: ") + cudaGetErrorString(e);
    }
#ifdef __WARPTEX_CUDA__
    if (err.empty() && d == XC_PTX) {
        wt_module m = xc_module(ptx_dir, c.source, &err);
        wt_function fn = nullptr;
        int count = 0;
        if (m && wt_module_get_function(&fn, m, c.entry) != WT_SUCCESS)
            err = std::string("no entry ") + c.entry + ": " + wt_last_error_message();
        if (fn && (wt_function_param_count(fn, &count) != WT_SUCCESS || count != (int)c.params.size()))
            err = std::string(c.entry) + " takes " + std::to_string(count) + " parameters, the case gives " +
                  std::to_string(c.params.size());
        for (size_t i = 0; i < bufs.size() && err.empty(); i++)
            if (wt_module_register_memory(m, bufs[i], c.buffers[i].bytes, 1) != WT_SUCCESS)
                err = std::string("register: ") + wt_last_error_message();
        if (err.empty()) {
            const wt_dim3 g = {c.grid.x, c.grid.y, c.grid.z}, b = {c.block.x, c.block.y, c.block.z};
            if (wt_launch_kernel(fn, g, b, c.shared, args.data()) != WT_SUCCESS)
                err = std::string("PTX launch: ") + wt_last_error_message();
        }
        for (size_t i = 0; m && i < bufs.size(); i++)
            wt_module_unregister_memory(m, bufs[i]);
    }
#else
    if (err.empty() && d == XC_PTX)
        err = "the PTX door runs in warptex builds only";
    (void)ptx_dir;
#endif

    out->clear();
    for (size_t o = 0; o < c.outputs.size() && err.empty(); o++) {
        const xc_output &op = c.outputs[o];
        std::vector<unsigned char> host;
        if (op.kind == XC_O_BUF) {
            host.resize(c.buffers[op.index].bytes);
            if ((e = cudaMemcpy(host.data(), bufs[op.index], host.size(), cudaMemcpyDeviceToHost)) != cudaSuccess)
                err = std::string("read back: ") + cudaGetErrorString(e);
        } else {
            const xc_array &a = c.surfaces[op.index];
            const cudaExtent ex = xc_extent(a, 0);
            host.resize(ex.width * ex.height * ex.depth * xc_elem_size(a.fmt));
            if (!xc_copy(surf_arrays[op.index].arr, host.data(), ex, xc_elem_size(a.fmt), false))
                err = std::string("read back surface: ") + cudaGetErrorString(cudaGetLastError());
        }
        out->push_back(host);
    }

    for (cudaTextureObject_t t : texs)
        if (t)
            cudaDestroyTextureObject(t);
    for (cudaSurfaceObject_t s : surfs)
        if (s)
            cudaDestroySurfaceObject(s);
    for (xc_made_array &m : tex_arrays)
        xc_free_array(m);
    for (xc_made_array &m : surf_arrays)
        xc_free_array(m);
    for (void *b : bufs)
        if (b)
            cudaFree(b);
    return err;
}

// ---- comparison ----------------------------------------------------------------------------------
static size_t xc_type_size(xc_type t)
{
    static const size_t s[] = {1, 2, 4, 8, 4, 8};
    return s[t];
}

/* distance in representable values between two floats of the same kind (ordered integers) */
static uint64_t xc_ulps(uint64_t a, uint64_t b, int bits)
{
    const uint64_t sign = 1ull << (bits - 1);
    const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    auto ord = [&](uint64_t x) { return (x & sign) ? sign - (x & (sign - 1)) : x + sign; };
    a &= mask;
    b &= mask;
    uint64_t oa = ord(a), ob = ord(b);
    return oa > ob ? oa - ob : ob - oa;
}

static double xc_value(uint64_t v, xc_type t)
{
    if (t == XC_F32)
        return (double)xc_bits_f((uint32_t)v);
    if (t == XC_F64) {
        double d;
        memcpy(&d, &v, 8);
        return d;
    }
    return (double)v;
}

static bool xc_is_nan(uint64_t v, xc_type t)
{
    if (t == XC_F32)
        return (v & 0x7f800000u) == 0x7f800000u && (v & 0x007fffffu);
    if (t == XC_F64)
        return (v & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (v & 0x000fffffffffffffull);
    return false;
}

static int xc_failures = 0, xc_known = 0;
static long xc_compared = 0, xc_within_bound = 0;

/* Compares output o of case c between two runs; `native` is true when one of them is warptex-cxx's
 * native code (then two NaNs match whatever their bits).  Returns the number of differences. */
static long xc_lane_known = 0; /* differences in threads the case marks (known_lanes) */
static long xc_compare(const xc_case &c, size_t o, const std::vector<unsigned char> &a,
                       const std::vector<unsigned char> &b, const char *an, const char *bn, bool native,
                       bool vs_gpu = false)
{
    const xc_output &op = c.outputs[o];
    if (a.size() != b.size()) {
        printf("%s output %zu: %s has %zu bytes, %s %zu\n", c.name.c_str(), o, an, a.size(), bn, b.size());
        return 1;
    }
    const size_t ncol = op.cols.size(), es = xc_type_size(op.cols[0].type);
    long bad = 0;
    for (size_t i = 0; i * es < a.size(); i++) {
        const xc_col &col = op.cols[i % ncol];
        uint64_t va = 0, vb = 0;
        memcpy(&va, &a[i * es], es);
        memcpy(&vb, &b[i * es], es);
        xc_compared++;
        if (va == vb)
            continue;
        const bool fl = col.type == XC_F32 || col.type == XC_F64;
        if (fl && native && xc_is_nan(va, col.type) && xc_is_nan(vb, col.type))
            continue;
        if (fl && (col.ulps || col.abs) && !xc_is_nan(va, col.type) && !xc_is_nan(vb, col.type)) {
            const uint64_t u = xc_ulps(va, vb, col.type == XC_F32 ? 32 : 64);
            const double da = xc_value(va, col.type), db = xc_value(vb, col.type);
            if (u <= col.ulps || fabs(da - db) <= col.abs) {
                xc_within_bound++;
                continue;
            }
        }
        if (vs_gpu && c.known_lanes && ((c.known_lanes >> (i / (size_t)c.known_group % 16)) & 1)) {
            xc_lane_known++;
            continue;
        }
        if (bad < (getenv("XCHECK_ALL") ? 100000 : 6)) {
            printf("  %s output %zu element %zu (row %zu column %zu): %s %0*llx (%.9g), %s %0*llx (%.9g)", c.name.c_str(),
                   o, i, i / ncol, i % ncol, an, (int)(2 * es), (unsigned long long)va, xc_value(va, col.type), bn,
                   (int)(2 * es), (unsigned long long)vb, xc_value(vb, col.type));
            if (col.why)
                printf(" beyond %s", col.why);
            printf("\n");
        }
        bad++;
    }
    if (bad)
        printf("%s output %zu: %ld of %zu elements differ between %s and %s\n", c.name.c_str(), o, bad, a.size() / es,
               an, bn);
    return bad;
}

// ---- results files: one line per output: "<case>#<output> <hex bytes>" ----------------------------
static void xc_write(FILE *f, const xc_case &c, const xc_results &r)
{
    for (size_t o = 0; o < r.size(); o++) {
        fprintf(f, "%s#%zu ", c.name.c_str(), o);
        for (unsigned char b : r[o])
            fprintf(f, "%02x", b);
        fputc('\n', f);
    }
}

static bool xc_read(const char *path, std::map<std::string, std::vector<unsigned char>> *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    std::string line;
    int ch;
    auto hexval = [](int h) { return h <= '9' ? h - '0' : (h | 32) - 'a' + 10; };
    while ((ch = fgetc(f)) != EOF) {
        if (ch != '\n') {
            line.push_back((char)ch);
            continue;
        }
        const size_t sp = line.find(' ');
        if (sp != std::string::npos && line.compare(0, sp, "#unavailable") != 0 &&
            sp >= 12 && line.compare(sp - 12, 12, "#unavailable") == 0) { /* "<case>#unavailable why" */
            (*out)[line.substr(0, sp)] = std::vector<unsigned char>(line.begin() + (long)sp + 1, line.end());
        } else if (sp != std::string::npos && line[0] != '#') {
            std::vector<unsigned char> bytes;
            for (size_t i = sp + 1; i + 1 < line.size(); i += 2)
                bytes.push_back((unsigned char)(hexval(line[i]) << 4 | hexval(line[i + 1])));
            (*out)[line.substr(0, sp)] = bytes;
        }
        line.clear();
    }
    fclose(f);
    return true;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PTX_DIR [--write FILE] [--against FILE] [--only SUBSTRING] [--case NAME] | --list\n",
                argv[0]);
        return 2;
    }
    const std::string ptx_dir = argv[1];
    const char *write_path = nullptr, *against_path = nullptr, *only = nullptr, *exact = nullptr;
    const std::vector<xc_case> cases = xc_cases();
    if (argc > 2 && !strcmp(argv[2], "--list")) { /* the case names, one a line */
        for (const xc_case &c : cases)
            printf("%s\n", c.name.c_str());
        return 0;
    }
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--case"))
            exact = argv[i + 1];
        else if (!strcmp(argv[i], "--write"))
            write_path = argv[i + 1];
        else if (!strcmp(argv[i], "--against"))
            against_path = argv[i + 1];
        else if (!strcmp(argv[i], "--only"))
            only = argv[i + 1];
        else {
            fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]);
            return 2;
        }
    }
    std::map<std::string, std::vector<unsigned char>> against;
    if (against_path && !xc_read(against_path, &against)) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], against_path);
        return 2;
    }
    FILE *wf = write_path ? fopen(write_path, "w") : nullptr;
    if (write_path && !wf) {
        fprintf(stderr, "%s: cannot write %s\n", argv[0], write_path);
        return 2;
    }
#ifdef __WARPTEX_CUDA__
    const bool both = true;
#else
    const bool both = false;
#endif
    int kernels_native = 0, kernels_ptx = 0, kernels_gpu = 0;
    long outputs = 0;
    for (const xc_case &c : cases) {
        if ((only && !strstr(c.name.c_str(), only)) || (exact && c.name != exact))
            continue;
        const bool has_native = xc_find(c.source, c.kernel) != nullptr;
        if (!has_native && !both) { /* a GPU build runs every kernel or says so */
            printf("%s: not built into this program\n", c.name.c_str());
            xc_failures++;
            continue;
        }
        /* which comparisons the case's mark expects to differ: "native" or "ptx", that door's
         * with everything; "warptex", both doors' with the GPU (the doors still agree) */
        const bool known_warptex = c.known_door && !strcmp(c.known_door, "warptex");
        const bool known_native = (c.known_door && !strcmp(c.known_door, "native")) || known_warptex,
                   known_ptx = (c.known_door && !strcmp(c.known_door, "ptx")) || known_warptex;
        const bool known_doors = c.known_door && !known_warptex;
        xc_results rn, rp;
        std::string en, ep;
        long bad = 0, bad_known = 0; /* differences; those the case's mark expects */
        const long lane_known_before = xc_lane_known;
        if (has_native && !(en = xc_run(c, XC_NATIVE, ptx_dir, &rn)).empty()) {
            printf("%s: native door: %s\n", c.name.c_str(), en.c_str());
            (known_native ? bad_known : bad)++;
        }
        if (both && !(ep = xc_run(c, XC_PTX, ptx_dir, &rp)).empty()) {
            printf("%s: PTX door: %s\n", c.name.c_str(), ep.c_str());
            (known_ptx ? bad_known : bad)++;
        }
        kernels_native += has_native && en.empty();
        kernels_ptx += both && ep.empty();
        if (wf && has_native && en.empty())
            xc_write(wf, c, rn);
        const bool run_n = has_native && en.empty(), run_p = both && ep.empty();
        if (run_n && run_p)
            for (size_t o = 0; o < c.outputs.size(); o++)
                (known_doors ? bad_known : bad) += xc_compare(c, o, rn[o], rp[o], "warptex-cxx", "PTX", true);
        auto unavailable = against.find(c.name + "#unavailable");
        if (against_path && unavailable != against.end()) {
            printf("%s: no GPU result: %s\n", c.name.c_str(),
                   std::string(unavailable->second.begin(), unavailable->second.end()).c_str());
        } else if (against_path) {
            bool found = true;
            for (size_t o = 0; o < c.outputs.size() && found; o++) {
                auto it = against.find(c.name + "#" + std::to_string(o));
                if (it == against.end()) {
                    printf("%s: no output %zu in %s\n", c.name.c_str(), o, against_path);
                    found = false;
                    bad++;
                    continue;
                }
                if (run_n)
                    (known_native ? bad_known : bad) += xc_compare(c, o, rn[o], it->second, "warptex-cxx", "GPU", true, true);
                if (run_p)
                    (known_ptx ? bad_known : bad) += xc_compare(c, o, rp[o], it->second, "PTX", "GPU", false, true);
            }
            kernels_gpu += found;
        }
        if (c.known_lanes && xc_lane_known > lane_known_before)
            printf("%s: known difference with the GPU in %ld elements of the marked threads: %s\n", c.name.c_str(),
                   xc_lane_known - lane_known_before, c.known_lanes_why);
        else if (c.known_lanes && against_path && unavailable == against.end()) {
            printf("%s: the known difference of the marked threads is gone (%s): remove the mark\n", c.name.c_str(),
                   c.known_lanes_why);
            bad++;
        }
        outputs += (long)c.outputs.size();
        if (c.known_door && bad_known) {
            printf("%s: known difference of the %s door (%ld): %s\n", c.name.c_str(), c.known_door, bad_known,
                   c.known_why);
            xc_known++;
        } else if (c.known_door && !c.known_optional && (both || against_path) && (known_native ? has_native : both) &&
                   !(known_warptex && (!against_path || unavailable != against.end()))) {
            printf("%s: the known difference of the %s door is gone (%s): remove the mark\n", c.name.c_str(),
                   c.known_door, c.known_why);
            bad++;
        }
        if (bad) {
            printf("%s: FAILED (%ld differences)\n", c.name.c_str(), bad);
            xc_failures++;
        }
    }
    if (wf)
        fclose(wf);
#ifdef __WARPTEX_CUDA__
    for (auto &m : xc_modules)
        wt_module_unload(m.second);
#endif
    printf("xcheck: %zu cases, %d run natively, %d through PTX, %d compared with %s; %ld outputs, %ld elements "
           "compared (%ld within a documented bound); %d known differences; %d failed\n",
           cases.size(), kernels_native, kernels_ptx, kernels_gpu, against_path ? against_path : "no results file",
           outputs, xc_compared, xc_within_bound, xc_known, xc_failures);
    printf("xcheck: %s\n", xc_failures ? "FAILED" : "ok");
    return xc_failures ? 1 : 0;
}
