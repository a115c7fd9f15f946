/* gen_nvvm.c -- generates the NVVM-named per-lane API (nvvm.h, nvvm_entry.c, nvvm_names.inc) from one table
 * SPDX-License-Identifier: MIT
 *
 * Usage (from the repository root):
 *   gen_nvvm include/warptex/nvvm.h src/nvvm/nvvm_entry.c src/nvvm/nvvm_names.inc
 *
 * The entry points are the legal product of a few axes ([design#generated-tables]).  The axes
 * are the tables below; the legality rules are the *_legal() predicates next
 * to them.  Adding a form means adding a row or relaxing a predicate, never
 * writing an entry point by hand.  The ctest nvvm_generated_fresh reruns this
 * program and compares its output with the checked-in files byte for byte.
 *
 * Naming ([design#nvvm-names]): drop "llvm.nvvm.", turn each "." into "_", prefix "wt_".
 * Forms with no NVVM intrinsic (sured, suq, txq, istypep) use the PTX spelling
 * without the ".b32" type suffix as their name ("sured.b.add.2d.u32.trap"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the axes ---------------------------------------------------------------- */

/* Which families accept a geometry. */
#define G_TEX 0x01   /* tex (unified and independent) */
#define G_TLD4 0x02  /* tld4: .2d .a2d .cube .acube (PTX ISA 9.7.10) */
#define G_SURF 0x04  /* suld, sust.b, sust.p: .1d .2d .3d .a1d .a2d (PTX ISA 9.7.11; sust.p: [semantics#decision-ptx-legality]) */
#define G_SURED 0x08 /* sured: .1d .2d .3d only (PTX ISA 9.7.11) */

typedef struct geom {
    const char *nv;  /* NVVM spelling */
    const char *wt;  /* wt_geom enumerator */
    int ncoord;      /* coordinates after the layer/cube index (and sample) */
    int layered;     /* an int32_t idx comes first (PTX order, op.h) */
    int cube;        /* cube forms take .f32 coordinates only */
    int ms;          /* multisample: an int32_t sample after idx; .s32, base mode only */
    int ngrad;       /* .grad components per gradient ([semantics#decision-grad-components]) */
    unsigned fams;   /* G_* */
} geom;

/* NVVM spells PTX's .aNd as "Nd.array"; the multisample geometries have no
 * intrinsic and follow the same pattern (.2dms "2dms", .a2dms "2dms.array"). */
static const geom GEOMS[] = {
    /* nv           wt               ncoord layered cube ms ngrad families */
    {"1d",         "WT_GEOM_1D",    1, 0, 0, 0, 1, G_TEX | G_SURF | G_SURED},
    {"1d.array",   "WT_GEOM_A1D",   1, 1, 0, 0, 1, G_TEX | G_SURF},
    {"2d",         "WT_GEOM_2D",    2, 0, 0, 0, 2, G_TEX | G_TLD4 | G_SURF | G_SURED},
    {"2d.array",   "WT_GEOM_A2D",   2, 1, 0, 0, 2, G_TEX | G_TLD4 | G_SURF},
    {"3d",         "WT_GEOM_3D",    3, 0, 0, 0, 3, G_TEX | G_SURF | G_SURED},
    {"cube",       "WT_GEOM_CUBE",  3, 0, 1, 0, 3, G_TEX | G_TLD4},
    {"cube.array", "WT_GEOM_ACUBE", 3, 1, 1, 0, 3, G_TEX | G_TLD4},
    {"2dms",       "WT_GEOM_2DMS",  2, 0, 0, 1, 0, G_TEX},
    {"2dms.array", "WT_GEOM_A2DMS", 2, 1, 0, 1, 0, G_TEX},
};
#define NGEOMS (sizeof GEOMS / sizeof GEOMS[0])

/* tex/tld4 texturing mode: unified (.texref alone) or independent (explicit sampler). */
typedef struct texmode {
    const char *nv; /* "unified." or "" */
    int sampler;    /* takes a wt_sampler after the texture (WT_OP_SAMPLER) */
} texmode;
static const texmode TEXMODES[] = {{"unified.", 0}, {"", 1}};

typedef struct mip {
    const char *nv; /* infix, "" for the base mode */
    const char *wt;
} mip;
static const mip MIPS[] = {{"", "WT_MIP_BASE"}, {"level.", "WT_MIP_LEVEL"}, {"grad.", "WT_MIP_GRAD"}};

typedef struct dtype {
    const char *nv;
    const char *wt;
    const char *ret;  /* C result type */
    const char *conv; /* nvvm_entry.c helper turning d[4] into it */
} dtype;
static const dtype DTYPES[] = {
    {"v4f32", "WT_DTYPE_F32", "wt_float4", "f4"},
    {"v4s32", "WT_DTYPE_S32", "wt_int4", "i4"},
    {"v4u32", "WT_DTYPE_U32", "wt_int4", "i4"},
};

typedef struct ctype {
    const char *nv;
    const char *wt;
    const char *c;    /* C type of a coordinate */
    const char *bits; /* helper giving its bit pattern */
} ctype;
static const ctype CTYPES[] = {{"f32", "WT_CTYPE_F32", "float", "fbits"}, {"s32", "WT_CTYPE_S32", "int32_t", "(uint32_t)"}};

/* PTX tex (PTX ISA 9.7.10): ".cube, .acube require .f32", ".2dms, .a2dms require
 * .s32" and take neither .level nor .grad.  Every other geometry takes .s32
 * or .f32 in every mip mode; the type of a .level lod follows .ctype and the
 * .grad gradients are .f32.  NVVM's list has .s32 only in base mode: the
 * .level/.grad .s32 forms (like the multisample ones) have no intrinsic and
 * take the name the pattern gives them. */
static int tex_legal(const geom *g, const mip *m, const ctype *c)
{
    if (g->ms)
        return c == &CTYPES[1] && m == &MIPS[0];
    if (c == &CTYPES[1])
        return !g->cube;
    return 1;
}

static const char *const TLD4_COMPS[] = {"r", "g", "b", "a"};

typedef struct clampm {
    const char *nv;
    const char *wt;
} clampm;
static const clampm CLAMPS[] = {{"clamp", "WT_CLAMP_CLAMP"}, {"trap", "WT_CLAMP_TRAP"}, {"zero", "WT_CLAMP_ZERO"}};

/* suld/sust element shapes: vector width x element bits. */
static const int VECS[] = {1, 2, 4};
static const int BITS[] = {8, 16, 32, 64};

/* PTX suld/sust.b: .v2/.v4 of .b8 .. .b64, at most 128 bits (no .v4.b64). */
static int surf_b_legal(int vec, int bits) { return vec * bits <= 128; }

/* sust.p: NVVM's whole list (NVVM IR spec 13.5.3), 5 geometries x 11 element
 * shapes x 3 clamp modes = 165 names.  [semantics#decision-ptx-legality]/[semantics#decision-sust-p-layered]: ptxas takes
 * sust.p on .a1d/.a2d, so the .array names are real PTX; [semantics#decision-nvvm-sust-p-elements]: the i8, i16
 * and i64 shapes (which PTX's .b32-only sust.p cannot spell) are each element
 * made a 32-bit word, then the .b32 store.  That widening depends on the
 * surface's channel kind, so it happens in the reference at the access
 * (surf_convert_scalar.c), not here: the wrapper passes each element's low
 * bits, zero-extended, exactly as for sust.b. */
static int sust_p_legal(const geom *g, int vec, int bits)
{
    return (g->fams & G_SURF) && surf_b_legal(vec, bits);
}

/* NVVM element types: 8- and 16-bit elements travel as i16 (%short2/4). */
static const char *elem_ctype(int bits)
{
    return bits <= 16 ? "int16_t" : bits == 32 ? "int32_t" : "int64_t";
}

static const char *suld_ret(int vec, int bits)
{
    static const char *const t[3][4] = {{"int16_t", "int16_t", "int32_t", "int64_t"},
                                        {"wt_short2", "wt_short2", "wt_int2", "wt_long2"},
                                        {"wt_short4", "wt_short4", "wt_int4", NULL}};
    int v = vec == 1 ? 0 : vec == 2 ? 1 : 2, b = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3;
    return t[v][b];
}

typedef struct redop {
    const char *nv;
    const char *wt;
} redop;
static const redop REDOPS[] = {{"add", "WT_RED_ADD"}, {"min", "WT_RED_MIN"}, {"max", "WT_RED_MAX"},
                               {"and", "WT_RED_AND"}, {"or", "WT_RED_OR"}};

typedef struct rtype {
    const char *nv;
    const char *wt;
    int bits;
} rtype;
static const rtype RTYPES[] = {{"u32", "WT_RTYPE_U32", 32}, {"s32", "WT_RTYPE_S32", 32}, {"b32", "WT_RTYPE_B32", 32},
                               {"u64", "WT_RTYPE_U64", 64}, {"s64", "WT_RTYPE_S64", 64}, {"b64", "WT_RTYPE_B64", 64}};

/* PTX sured (PTX ISA 9.7.11): .b: add on u32/u64/s32, min/max on u32/s32/u64/s64,
 * and/or on b32; .p: b32 for every op, b64 for min/max only. */
static int sured_legal(int p, const redop *o, const rtype *t)
{
    int add = o == &REDOPS[0], minmax = o == &REDOPS[1] || o == &REDOPS[2];
    const char *n = t->nv;
    if (p)
        return !strcmp(n, "b32") || (!strcmp(n, "b64") && minmax);
    if (add)
        return !strcmp(n, "u32") || !strcmp(n, "u64") || !strcmp(n, "s32");
    if (minmax)
        return n[0] == 'u' || n[0] == 's';
    return !strcmp(n, "b32");
}

/* txq/suq queries (PTX spelling) and where each applies. */
#define Q_TEX 0x01   /* txq.<q> on a texture */
#define Q_SMP 0x02   /* txq.<q> on an independent-mode sampler */
#define Q_LEVEL 0x04 /* txq.level.<q> on a texture, with a lod */
#define Q_SURF 0x08  /* suq.<q> */

typedef struct query {
    const char *ptx;
    const char *wt;
    const char *wt_level; /* enumerator of the txq.level form */
    unsigned where;
} query;
static const query QUERIES[] = {
    {"width", "WT_Q_WIDTH", "WT_Q_LEVEL_WIDTH", Q_TEX | Q_LEVEL | Q_SURF},
    {"height", "WT_Q_HEIGHT", "WT_Q_LEVEL_HEIGHT", Q_TEX | Q_LEVEL | Q_SURF},
    {"depth", "WT_Q_DEPTH", "WT_Q_LEVEL_DEPTH", Q_TEX | Q_LEVEL | Q_SURF},
    {"channel_data_type", "WT_Q_CHANNEL_DATA_TYPE", NULL, Q_TEX | Q_SURF},
    {"channel_order", "WT_Q_CHANNEL_ORDER", NULL, Q_TEX | Q_SURF},
    {"normalized_coords", "WT_Q_NORMALIZED_COORDS", NULL, Q_TEX},
    {"force_unnormalized_coords", "WT_Q_FORCE_UNNORMALIZED_COORDS", NULL, Q_SMP},
    {"filter_mode", "WT_Q_FILTER_MODE", NULL, Q_TEX | Q_SMP},
    {"addr_mode_0", "WT_Q_ADDR_MODE_0", NULL, Q_TEX | Q_SMP},
    {"addr_mode_1", "WT_Q_ADDR_MODE_1", NULL, Q_TEX | Q_SMP},
    {"addr_mode_2", "WT_Q_ADDR_MODE_2", NULL, Q_TEX | Q_SMP},
    {"array_size", "WT_Q_ARRAY_SIZE", NULL, Q_TEX | Q_SURF},
    {"num_mipmap_levels", "WT_Q_NUM_MIPMAP_LEVELS", NULL, Q_TEX},
    {"num_samples", "WT_Q_NUM_SAMPLES", NULL, Q_TEX},
    {"memory_layout", "WT_Q_MEMORY_LAYOUT", NULL, Q_SURF},
};

static const struct {
    const char *ptx;
    const char *wt;
} HTYPES[] = {{"texref", "WT_TYPE_TEXREF"}, {"samplerref", "WT_TYPE_SAMPLERREF"}, {"surfref", "WT_TYPE_SURFREF"}};

/* ---- the doc comment of each group in nvvm.h ---------------------------------- */

#define ERRORS                                                                                        \
    " * Errors: a bad handle (0, destroyed, forged or of the wrong kind) sets the thread's last\n"      \
    " * error to WT_ERROR_INVALID_HANDLE, a trap or an object that cannot serve the form sets\n"       \
    " * its status; the call then returns zeros.  Read the status with wt_get_last_error()\n"          \
    " * (which clears it) or wt_peek_last_error(); a successful call leaves it unchanged.\n"           \
    " * Thread-safety: lock-free; callable from any thread.\n"

enum { GR_TEX_U, GR_TEX_I, GR_TLD4_U, GR_TLD4_I, GR_SULD, GR_SUST_B, GR_SUST_P, GR_SURED_B, GR_SURED_P,
       GR_SUQ, GR_TXQ, GR_TXQ_LEVEL, GR_TXQ_SMP, GR_ISTYPEP, GR_COUNT };

static const char *const GROUP_DOC[GR_COUNT] = {
    [GR_TEX_U] =
        "/* tex, unified mode: llvm.nvvm.tex.unified.<geom>[.level|.grad].<dtype>.<ctype>\n"
        " * Texture fetch with the texture object's own sampling state (PTX tex.<geom>.v4.<dtype>.<ctype>).\n"
        " * Operands in the intrinsic's order: .array forms take the layer (cube.array: the cube)\n"
        " * index `idx` first, read as unsigned; the multisample forms (2dms = PTX .2dms, 2dms.array =\n"
        " * .a2dms) then the `sample`; then x[, y[, z]] as float (.f32) or int32_t (.s32: not for cube\n"
        " * geometries; the only type of the multisample ones).  .level adds the LOD `level`, of the\n"
        " * coordinates' type (an .s32 lod selects a level, [semantics#decision-int-coords-mipmaps]); .grad adds the float\n"
        " * gradients dPdx and dPdy with 1 (1d), 2 (2d) or 3 (3d, cube) components each ([semantics#decision-grad-components]).\n"
        " * v4f32 returns wt_float4; v4s32 and v4u32 return wt_int4 (the four destination registers).\n"
        " * The set is every form PTX allows; NVVM's own list lacks .level/.grad with .s32 and the\n"
        " * multisample geometries, which take the name the pattern gives them.\n" ERRORS
        " */\n",
    [GR_TEX_I] =
        "/* tex, independent mode: llvm.nvvm.tex.<geom>[.level|.grad].<dtype>.<ctype>\n"
        " * As the unified forms, with an explicit sampler object after the texture (PTX\n"
        " * tex [a, b, c]): the sampler decides filtering, addressing, the border colour and forced\n"
        " * unnormalised coordinates; levels, bias and LOD clamps stay the texture's.\n" ERRORS
        " */\n",
    [GR_TLD4_U] =
        "/* tld4, unified mode: llvm.nvvm.tld4.unified.<comp>.<geom>.<dtype>.f32\n"
        " * Gather: component <comp> (r, g, b, a) of the four texels of the bilinear footprint,\n"
        " * counter-clockwise from the lower left ([semantics#tld4]).  Geometries 2d, 2d.array (PTX .a2d),\n"
        " * cube and cube.array (.acube); .f32 coordinates, the array forms take `idx` first.\n" ERRORS
        " */\n",
    [GR_TLD4_I] =
        "/* tld4, independent mode: llvm.nvvm.tld4.<comp>.<geom>.<dtype>.f32\n"
        " * As the unified forms, with an explicit sampler object after the texture.\n" ERRORS " */\n",
    [GR_SULD] =
        "/* suld.b: llvm.nvvm.suld.<geom>.<type>.<clamp>\n"
        " * Unformatted surface load (PTX suld.b.<geom>.<vec>.b<n>.<clamp>).  x is a byte offset; y, z\n"
        " * are rows and slices; .array forms take the layer `idx` first.  <clamp> is the out-of-range\n"
        " * policy (clamp, trap, zero; [semantics#surface-out-of-range]).  8- and 16-bit elements come back as int16_t\n"
        " * (an 8-bit element with the high byte zero); i32 as int32_t, i64 as int64_t.  No v4i64:\n"
        " * PTX caps a vector access at 128 bits.\n" ERRORS
        " */\n",
    [GR_SUST_B] =
        "/* sust.b: llvm.nvvm.sust.b.<geom>.<type>.<clamp>\n"
        " * Unformatted surface store (PTX sust.b): coordinates as for suld, then the elements r[, g[,\n"
        " * b, a]] as int16_t (8- and 16-bit elements; an 8-bit store ignores the high byte), int32_t or\n"
        " * int64_t.  A trap (out of range under .trap, or misaligned) stores nothing.\n" ERRORS
        " */\n",
    [GR_SUST_P] =
        "/* sust.p: llvm.nvvm.sust.p.<geom>.<type>.<clamp>\n"
        " * Formatted surface store (PTX sust.p.<geom>.<vec>.b32, on .1d .2d .3d and, as ptxas accepts,\n"
        " * .a1d .a2d: [semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]): coordinates as for suld but x counts samples; a layer\n"
        " * past the end writes the last layer ([semantics#decision-layer-past-end]).  r, g, b, a are converted to the surface\n"
        " * format, read as .f32 for float and normalised formats, .u32/.s32 for integer ones\n"
        " * ([semantics#sust-p], [semantics#decision-sust-p-normalized]); channels the vector does not reach are written 0.\n"
        " * Element types ([semantics#decision-nvvm-sust-p-elements]): i32 is the .b32 register; each i8 (the low byte of its int16_t\n"
        " * operand) or i16 element is first sign-extended to 32 bits when the surface's channels\n"
        " * are signed integers (WT_CHANNEL_SIGNED) and zero-extended otherwise; an i64 element\n"
        " * keeps its low 32 bits.  The 32-bit word then takes the .b32 store unchanged.\n" ERRORS
        " */\n",
    [GR_SURED_B] =
        "/* sured.b (PTX spelling; no NVVM intrinsic): wt_sured_b_<op>_<geom>_<type>_<clamp>\n"
        " * Atomic reduction into surface memory, byte-addressed x ([semantics#sured], [semantics#decision-sured]):\n"
        " * add on u32/u64/s32 (wrapping), min/max on u32/s32/u64/s64, and/or on b32.  The value is\n"
        " * int32_t or int64_t (bit pattern; signedness from <type>).  Nothing is returned.\n" ERRORS
        " */\n",
    [GR_SURED_P] =
        "/* sured.p (PTX spelling): wt_sured_p_<op>_<geom>_<b32|b64>_<clamp>\n"
        " * Sample-addressed reduction; signedness from the surface format; .b64 only with min/max and\n"
        " * only on two-channel 32-bit integer formats ([semantics#decision-sured-p-forms]).\n" ERRORS
        " */\n",
    [GR_SUQ] =
        "/* suq (PTX spelling): wt_suq_<query>(surf)\n"
        " * Surface attributes ([semantics#queries], [semantics#decision-query-values]): width/height/depth in elements (1 for an\n"
        " * axis the surface lacks: a layered surface has depth 1), channel_data_type/channel_order as\n"
        " * OpenCL enumerators (UNORM/SNORM only for the normalised channel kinds), array_size (layers;\n"
        " * 6 x cubes for cubemaps, the a2d layers they are addressed by; else 0), memory_layout (1 over\n"
        " * linear or pitch2D memory, 0 over an array).\n" ERRORS
        " */\n",
    [GR_TXQ] =
        "/* txq (PTX spelling): wt_txq_<query>(tex)\n"
        " * Texture attributes ([semantics#queries]): sizes in elements of level 0 (a view's first level;\n"
        " * depth 1 unless 3D, height 1 for 1D), channel data type and order (OpenCL enumerators by\n"
        " * format and read mode, [semantics#decision-query-values]), normalized_coords, the sampling state the texture\n"
        " * carries (filter_mode 0 nearest / 1 linear; addr_mode_0..2 as given, in PTX's enum: wrap 0,\n"
        " * mirror 1, clamp 3, border 4, [semantics#decision-clamp-ogl-samplers]; linear resources report point, clamp,\n"
        " * unnormalised), array_size (layers, cubes for a cubemap array), num_mipmap_levels (levels\n"
        " * the view shows) and num_samples (0 when not layered, mipmapped or multisample).  The\n"
        " * sampler queries also take a sampler object (unified mode asks the texture).\n" ERRORS
        " */\n",
    [GR_TXQ_LEVEL] =
        "/* txq.level (PTX spelling): wt_txq_level_<width|height|depth>(tex, lod)\n"
        " * Size of mip level `lod` in elements, max(1, size >> lod) ([semantics#mip-levels]), counted from a\n"
        " * view's first level; a lod outside the levels the texture shows (a non-mipmapped texture has\n"
        " * level 0 only) is WT_ERROR_INVALID_VALUE and returns 0.\n" ERRORS
        " */\n",
    [GR_TXQ_SMP] =
        "/* txq on a sampler (PTX txq.<squery> on a .samplerref): wt_txq_sampler_<query>(sampler)\n"
        " * Independent-mode sampler attributes: force_unnormalized_coords (1/0), filter_mode,\n"
        " * addr_mode_0..2 (PTX's enum, clamp_ogl 2).  Named txq_sampler_* because the PTX spelling is\n"
        " * the texture query's; these forms take a sampler only (a texture is the wrong kind).\n" ERRORS
        " */\n",
    [GR_ISTYPEP] =
        "/* istypep (PTX spelling): wt_istypep_<texref|samplerref|surfref>(h)\n"
        " * 1 when h is a live object of that kind, else 0.  Never an error: the last error is\n"
        " * left unchanged.  Thread-safety: lock-free; callable from any thread.\n"
        " */\n",
};

/* ---- the entries ---------------------------------------------------------------- */

typedef struct entry {
    char name[80];    /* lookup key: intrinsic name or PTX spelling */
    char fn[80];      /* C name */
    const char *fam;  /* WT_FAMILY_* */
    char op[224];     /* wt_op initialiser */
    const char *ret;  /* C result type */
    char params[320]; /* C parameter list */
    char body[768];   /* statements after the op record */
    int group;
} entry;

static entry *ents;
static size_t nents, cap;

static void die(const char *what)
{
    perror(what);
    exit(1);
}

static void cat(char *dst, size_t n, const char *fmt, ...)
{
    size_t len = strlen(dst);
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(dst + len, n - len, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= n - len) {
        fprintf(stderr, "gen_nvvm: buffer too small for \"%s\"\n", dst);
        exit(1);
    }
}
#define CAT(field, ...) cat(field, sizeof field, __VA_ARGS__)

/* A new entry named `name`; its C name follows [design#nvvm-names]. */
static entry *add(int group, const char *fam, const char *ret, const char *name)
{
    if (nents == cap) {
        cap = cap ? 2 * cap : 1024;
        ents = realloc(ents, cap * sizeof *ents);
        if (!ents)
            die("realloc");
    }
    entry *e = &ents[nents++];
    memset(e, 0, sizeof *e);
    e->group = group;
    e->fam = fam;
    e->ret = ret;
    CAT(e->name, "%s", name);
    const char *s = strncmp(name, "llvm.nvvm.", 10) ? name : name + 10;
    CAT(e->fn, "wt_");
    for (; *s; s++)
        CAT(e->fn, "%c", *s == '.' ? '_' : *s);
    return e;
}

static void gen_tex(void)
{
    static const char *const XYZ[] = {"x", "y", "z"};
    for (size_t mo = 0; mo < 2; mo++) {
        const texmode *tm = &TEXMODES[mo];
        for (size_t gi = 0; gi < NGEOMS; gi++) {
            const geom *g = &GEOMS[gi];
            if (!(g->fams & G_TEX))
                continue;
            for (size_t mi = 0; mi < 3; mi++)
                for (size_t di = 0; di < 3; di++)
                    for (size_t ci = 0; ci < 2; ci++) {
                        const mip *m = &MIPS[mi];
                        const dtype *dt = &DTYPES[di];
                        const ctype *ct = &CTYPES[ci];
                        if (!tex_legal(g, m, ct))
                            continue;
                        char name[80];
                        snprintf(name, sizeof name, "llvm.nvvm.tex.%s%s.%s%s.%s", tm->nv, g->nv, m->nv, dt->nv, ct->nv);
                        entry *e = add(tm->sampler ? GR_TEX_I : GR_TEX_U, "WT_FAMILY_TEX", dt->ret, name);
                        CAT(e->op, "{.family = WT_FAMILY_TEX, .geom = %s, .mip = %s, .dtype = %s, .ctype = %s, .flags = %s}",
                            g->wt, m->wt, dt->wt, ct->wt, tm->sampler ? "WT_OP_SAMPLER" : "0");
                        CAT(e->params, "wt_tex tex%s", tm->sampler ? ", wt_sampler sampler" : "");
                        char c[128] = "";
                        if (g->layered) {
                            CAT(e->params, ", int32_t idx");
                            CAT(c, "(uint32_t)idx");
                        }
                        if (g->ms) {
                            CAT(e->params, ", int32_t sample");
                            CAT(c, "%s(uint32_t)sample", c[0] ? ", " : "");
                        }
                        for (int k = 0; k < g->ncoord; k++) {
                            CAT(e->params, ", %s %s", ct->c, XYZ[k]);
                            CAT(c, "%s%s(%s)", c[0] ? ", " : "", ct->bits, XYZ[k]);
                        }
                        CAT(e->body, "    const wt__tex_lane_in in = {.c = {%s}", c);
                        if (m == &MIPS[1]) {
                            /* the lod's type follows .ctype (PTX tex.level) */
                            CAT(e->params, ", %s level", ct->c);
                            CAT(e->body, ", .lod = %s(level)", ct->bits);
                        } else if (m == &MIPS[2]) {
                            for (int dy = 0; dy < 2; dy++) {
                                CAT(e->body, ", .%s = {", dy ? "dpdy" : "dpdx");
                                for (int k = 0; k < g->ngrad; k++) {
                                    char p[16];
                                    snprintf(p, sizeof p, "dPd%s%s%s", dy ? "y" : "x", g->ngrad > 1 ? "_" : "",
                                             g->ngrad > 1 ? XYZ[k] : "");
                                    CAT(e->params, ", float %s", p);
                                    CAT(e->body, "%s%s", k ? ", " : "", p);
                                }
                                CAT(e->body, "}");
                            }
                        }
                        CAT(e->body, "};\n    uint32_t d[4] = {0, 0, 0, 0};\n");
                        CAT(e->body, "    wt__tex_lane(&op, tex, %s, &in, d);\n    return %s(d);\n",
                            tm->sampler ? "sampler" : "0", dt->conv);
                    }
        }
    }
}

static void gen_tld4(void)
{
    static const char *const XYZ[] = {"x", "y", "z"};
    for (size_t mo = 0; mo < 2; mo++) {
        const texmode *tm = &TEXMODES[mo];
        for (int comp = 0; comp < 4; comp++)
            for (size_t gi = 0; gi < NGEOMS; gi++) {
                const geom *g = &GEOMS[gi];
                if (!(g->fams & G_TLD4))
                    continue;
                for (size_t di = 0; di < 3; di++) {
                    const dtype *dt = &DTYPES[di];
                    char name[80];
                    snprintf(name, sizeof name, "llvm.nvvm.tld4.%s%s.%s.%s.f32", tm->nv, TLD4_COMPS[comp], g->nv, dt->nv);
                    entry *e = add(tm->sampler ? GR_TLD4_I : GR_TLD4_U, "WT_FAMILY_TLD4", dt->ret, name);
                    CAT(e->op, "{.family = WT_FAMILY_TLD4, .geom = %s, .mip = WT_MIP_BASE, .dtype = %s, "
                        ".ctype = WT_CTYPE_F32, .comp = %d, .flags = %s}", g->wt, dt->wt, comp,
                        tm->sampler ? "WT_OP_SAMPLER" : "0");
                    CAT(e->params, "wt_tex tex%s", tm->sampler ? ", wt_sampler sampler" : "");
                    char c[128] = "";
                    if (g->layered) {
                        CAT(e->params, ", int32_t idx");
                        CAT(c, "(uint32_t)idx");
                    }
                    for (int k = 0; k < g->ncoord; k++) {
                        CAT(e->params, ", float %s", XYZ[k]);
                        CAT(c, "%sfbits(%s)", c[0] ? ", " : "", XYZ[k]);
                    }
                    CAT(e->body, "    const wt__tex_lane_in in = {.c = {%s}};\n    uint32_t d[4] = {0, 0, 0, 0};\n", c);
                    CAT(e->body, "    wt__tex_lane(&op, tex, %s, &in, d);\n    return %s(d);\n",
                        tm->sampler ? "sampler" : "0", dt->conv);
                }
            }
    }
}

/* Coordinates of a surface access: parameters and the c[4] initialiser. */
static void surf_coords(entry *e, const geom *g)
{
    static const char *const XYZ[] = {"x", "y", "z"};
    char c[64] = "";
    CAT(e->params, "wt_surf surf");
    if (g->layered) {
        CAT(e->params, ", int32_t idx");
        CAT(c, "idx");
    }
    for (int k = 0; k < g->ncoord; k++) {
        CAT(e->params, ", int32_t %s", XYZ[k]);
        CAT(c, "%s%s", c[0] ? ", " : "", XYZ[k]);
    }
    CAT(e->body, "    const int32_t c[4] = {%s};\n", c);
}

static void surf_type_name(char *buf, size_t n, int vec, int bits)
{
    if (vec > 1)
        snprintf(buf, n, "v%di%d", vec, bits);
    else
        snprintf(buf, n, "i%d", bits);
}

static void gen_suld(void)
{
    for (size_t gi = 0; gi < NGEOMS; gi++) {
        const geom *g = &GEOMS[gi];
        if (!(g->fams & G_SURF))
            continue;
        for (size_t vi = 0; vi < 3; vi++)
            for (size_t bi = 0; bi < 4; bi++) {
                int vec = VECS[vi], bits = BITS[bi];
                if (!surf_b_legal(vec, bits))
                    continue;
                for (size_t ki = 0; ki < 3; ki++) {
                    char t[16], name[80];
                    surf_type_name(t, sizeof t, vec, bits);
                    snprintf(name, sizeof name, "llvm.nvvm.suld.%s.%s.%s", g->nv, t, CLAMPS[ki].nv);
                    entry *e = add(GR_SULD, "WT_FAMILY_SULD", suld_ret(vec, bits), name);
                    CAT(e->op, "{.family = WT_FAMILY_SULD, .geom = %s, .mode = WT_SURF_B, .vec = %d, .bits = %d, "
                        ".clamp = %s}", g->wt, vec, bits, CLAMPS[ki].wt);
                    surf_coords(e, g);
                    CAT(e->body, "    static const uint64_t v[4] = {0, 0, 0, 0};\n    uint64_t d[4] = {0, 0, 0, 0};\n");
                    CAT(e->body, "    wt__surf_lane(&op, surf, c, v, d);\n");
                    /* e8/e16/e32/e64: element k of d as the NVVM result type. */
                    if (vec == 1) {
                        CAT(e->body, "    return e%d(d[0]);\n", bits);
                    } else {
                        CAT(e->body, "    return (%s){", e->ret);
                        for (int k = 0; k < vec; k++)
                            CAT(e->body, "%se%d(d[%d])", k ? ", " : "", bits, k);
                        CAT(e->body, "};\n");
                    }
                }
            }
    }
}

static void gen_sust(void)
{
    static const char *const RGBA[] = {"r", "g", "b", "a"};
    for (int p = 0; p < 2; p++)
        for (size_t gi = 0; gi < NGEOMS; gi++) {
            const geom *g = &GEOMS[gi];
            if (!(g->fams & G_SURF))
                continue;
            for (size_t vi = 0; vi < 3; vi++)
                for (size_t bi = 0; bi < 4; bi++) {
                    int vec = VECS[vi], bits = BITS[bi];
                    if (p ? !sust_p_legal(g, vec, bits) : !surf_b_legal(vec, bits))
                        continue;
                    for (size_t ki = 0; ki < 3; ki++) {
                        char t[16], name[80];
                        surf_type_name(t, sizeof t, vec, bits);
                        snprintf(name, sizeof name, "llvm.nvvm.sust.%s.%s.%s.%s", p ? "p" : "b", g->nv, t, CLAMPS[ki].nv);
                        entry *e = add(p ? GR_SUST_P : GR_SUST_B, "WT_FAMILY_SUST", "void", name);
                        CAT(e->op, "{.family = WT_FAMILY_SUST, .geom = %s, .mode = %s, .vec = %d, .bits = %d, "
                            ".clamp = %s}", g->wt, p ? "WT_SURF_P" : "WT_SURF_B", vec, bits, CLAMPS[ki].wt);
                        surf_coords(e, g);
                        CAT(e->body, "    const uint64_t v[4] = {");
                        for (int k = 0; k < vec; k++) {
                            CAT(e->params, ", %s %s", elem_ctype(bits), RGBA[k]);
                            /* u8/u16/u32/u64: the element's low bits, zero-extended. */
                            CAT(e->body, "%su%d(%s)", k ? ", " : "", bits, RGBA[k]);
                        }
                        CAT(e->body, "};\n    uint64_t d[4];\n    wt__surf_lane(&op, surf, c, v, d);\n");
                    }
                }
        }
}

static void gen_sured(void)
{
    for (int p = 0; p < 2; p++)
        for (size_t oi = 0; oi < 5; oi++)
            for (size_t gi = 0; gi < NGEOMS; gi++) {
                const geom *g = &GEOMS[gi];
                if (!(g->fams & G_SURED))
                    continue;
                for (size_t ti = 0; ti < 6; ti++) {
                    const rtype *rt = &RTYPES[ti];
                    if (!sured_legal(p, &REDOPS[oi], rt))
                        continue;
                    for (size_t ki = 0; ki < 3; ki++) {
                        char name[80];
                        snprintf(name, sizeof name, "sured.%s.%s.%s.%s.%s", p ? "p" : "b", REDOPS[oi].nv, g->nv, rt->nv,
                                 CLAMPS[ki].nv);
                        entry *e = add(p ? GR_SURED_P : GR_SURED_B, "WT_FAMILY_SURED", "void", name);
                        CAT(e->op, "{.family = WT_FAMILY_SURED, .geom = %s, .mode = %s, .vec = 1, .bits = %d, "
                            ".clamp = %s, .redop = %s, .rtype = %s}", g->wt, p ? "WT_SURF_P" : "WT_SURF_B", rt->bits,
                            CLAMPS[ki].wt, REDOPS[oi].wt, rt->wt);
                        surf_coords(e, g);
                        CAT(e->params, ", %s v", rt->bits == 32 ? "int32_t" : "int64_t");
                        CAT(e->body, "    const uint64_t v4[4] = {u%d(v)};\n    uint64_t d[4];\n", rt->bits);
                        CAT(e->body, "    wt__surf_lane(&op, surf, c, v4, d);\n");
                    }
                }
            }
}

/* The query forms: which QUERIES rows they take, their PTX prefix, group,
 * op flags, parameters and the handle and lod they pass on. */
typedef struct query_form {
    unsigned where;
    const char *prefix, *family;
    int group, level;
    const char *flags, *params, *handle, *lod;
} query_form;
static const query_form QUERY_FORMS[] = {
    {Q_SURF, "suq", "WT_FAMILY_SUQ", GR_SUQ, 0, "", "wt_surf surf", "surf", "0"},
    {Q_TEX, "txq", "WT_FAMILY_TXQ", GR_TXQ, 0, "", "wt_tex tex", "tex", "0"},
    {Q_LEVEL, "txq.level", "WT_FAMILY_TXQ", GR_TXQ_LEVEL, 1, "", "wt_tex tex, int32_t lod", "tex", "lod"},
    /* A sampler query says so with WT_OP_SAMPLER: the handle is a wt_sampler. */
    {Q_SMP, "txq.sampler", "WT_FAMILY_TXQ", GR_TXQ_SMP, 0, ".flags = WT_OP_SAMPLER, ", "wt_sampler sampler",
     "sampler", "0"},
};

static void gen_queries(void)
{
    size_t nq = sizeof QUERIES / sizeof QUERIES[0];
    for (size_t f = 0; f < sizeof QUERY_FORMS / sizeof QUERY_FORMS[0]; f++) {
        const query_form *qf = &QUERY_FORMS[f];
        for (size_t i = 0; i < nq; i++) {
            const query *q = &QUERIES[i];
            if (!(q->where & qf->where))
                continue;
            char name[80];
            snprintf(name, sizeof name, "%s.%s", qf->prefix, q->ptx);
            entry *e = add(qf->group, qf->family, "int32_t", name);
            CAT(e->op, "{.family = %s, %s.query = %s}", qf->family, qf->flags, qf->level ? q->wt_level : q->wt);
            CAT(e->params, "%s", qf->params);
            CAT(e->body, "    return wt__query_lane(&op, %s, %s);\n", qf->handle, qf->lod);
        }
    }
    for (size_t i = 0; i < 3; i++) {
        char name[80];
        snprintf(name, sizeof name, "istypep.%s", HTYPES[i].ptx);
        entry *e = add(GR_ISTYPEP, "WT_FAMILY_ISTYPEP", "int32_t", name);
        CAT(e->op, "{.family = WT_FAMILY_ISTYPEP, .query = %s}", HTYPES[i].wt);
        CAT(e->params, "uint64_t h");
        CAT(e->body, "    return wt__query_lane(&op, h, 0);\n");
    }
}

/* ---- output ------------------------------------------------------------------ */

#define BANNER_TAIL                                                                                    \
    " * generated by tools/gen_nvvm.c, do not edit.  Regenerate from the repository root with\n"       \
    " *   <build>/gen_nvvm include/warptex/nvvm.h src/nvvm/nvvm_entry.c src/nvvm/nvvm_names.inc\n"     \
    " * (the ctest nvvm_generated_fresh fails until the checked-in files match).\n"                   \
    " * SPDX-License-Identifier: MIT */\n"

static FILE *open_out(const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        die(path);
    return f;
}

static void close_out(FILE *f, const char *path)
{
    if (ferror(f) || fclose(f))
        die(path);
}

static void write_header(const char *path)
{
    FILE *f = open_out(path);
    fprintf(f, "/* warptex/nvvm.h -- per-lane texture and surface calls named after the NVVM intrinsics\n" BANNER_TAIL);
    fprintf(f, "#ifndef WARPTEX_NVVM_H\n#define WARPTEX_NVVM_H\n\n#include \"types.h\"\n\n");
    fprintf(f, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    fprintf(f, "/* Naming ([design#nvvm-names]): llvm.nvvm.tex.unified.2d.v4f32.f32 is wt_tex_unified_2d_v4f32_f32; forms\n"
               " * with no intrinsic take the PTX spelling (wt_sured_b_add_2d_u32_trap, wt_txq_width).  Argument\n"
               " * order and types are the intrinsic's, the handle first.  Each call is one lane of the\n"
               " * instruction; the warp calls of warp.h run 32 lanes at once with identical results. */\n");
    int group = -1;
    for (size_t i = 0; i < nents; i++) {
        const entry *e = &ents[i];
        if (e->group != group) {
            group = e->group;
            fprintf(f, "\n%s", GROUP_DOC[group]);
        }
        fprintf(f, "%s %s(%s);\n", e->ret, e->fn, e->params);
    }
    fprintf(f, "\n#ifdef __cplusplus\n}\n#endif\n#endif\n");
    close_out(f, path);
}

static void write_entry(const char *path)
{
    FILE *f = open_out(path);
    fprintf(f, "/* nvvm_entry.c -- the NVVM-named per-lane wrappers: an op record and a call to the lane entry\n"
               BANNER_TAIL);
    fprintf(f, "#include <string.h>\n\n#include \"../entry/entry.h\"\n\n");
    fprintf(f,
            "/* Bit patterns in and out of the 32-bit destination and coordinate registers. */\n"
            "static uint32_t fbits(float f)\n{\n    uint32_t u;\n    memcpy(&u, &f, sizeof u);\n    return u;\n}\n\n"
            "static wt_float4 f4(const uint32_t d[4])\n{\n    wt_float4 r;\n    memcpy(&r, d, sizeof r);\n"
            "    return r;\n}\n\n"
            "static wt_int4 i4(const uint32_t d[4])\n{\n    wt_int4 r;\n    memcpy(&r, d, sizeof r);\n    return r;\n}\n\n"
            "/* Surface elements: a loaded element (zero-extended in d) as its NVVM type; an\n"
            " * 8-bit element comes back with the high byte zero ([design#nvvm-names]; the NVVM spec\n"
            " * leaves it undefined, [semantics#surface-addressing]). */\n"
            "static int16_t e8(uint64_t v)\n{\n    uint16_t u = (uint16_t)(v & 0xffu);\n    int16_t s;\n"
            "    memcpy(&s, &u, sizeof s);\n    return s;\n}\n\n"
            "static int16_t e16(uint64_t v)\n{\n    uint16_t u = (uint16_t)v;\n    int16_t s;\n"
            "    memcpy(&s, &u, sizeof s);\n    return s;\n}\n\n"
            "static int32_t e32(uint64_t v)\n{\n    uint32_t u = (uint32_t)v;\n    int32_t s;\n"
            "    memcpy(&s, &u, sizeof s);\n    return s;\n}\n\n"
            "static int64_t e64(uint64_t v)\n{\n    int64_t s;\n    memcpy(&s, &v, sizeof s);\n    return s;\n}\n\n"
            "/* A source element's low bits, zero-extended; an 8-bit store ignores the high\n"
            " * byte of its i16 operand (NVVM IR spec 13.5.3). */\n"
            "static uint64_t u8(int16_t v) { return (uint16_t)v & 0xffu; }\n"
            "static uint64_t u16(int16_t v) { return (uint16_t)v; }\n"
            "static uint64_t u32(int32_t v) { return (uint32_t)v; }\n"
            "static uint64_t u64(int64_t v) { return (uint64_t)v; }\n");
    for (size_t i = 0; i < nents; i++) {
        const entry *e = &ents[i];
        fprintf(f, "\n%s %s(%s)\n{\n    static const wt_op op = %s;\n%s}\n", e->ret, e->fn, e->params, e->op, e->body);
    }
    close_out(f, path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const entry *)a)->name, ((const entry *)b)->name);
}

static void write_names(const char *path)
{
    entry *sorted = malloc(nents * sizeof *sorted);
    if (!sorted)
        die("malloc");
    memcpy(sorted, ents, nents * sizeof *sorted);
    qsort(sorted, nents, sizeof *sorted, by_name);
    FILE *f = open_out(path);
    fprintf(f, "/* nvvm_names.inc -- intrinsic name -> C function -> op record, one row per per-lane entry point\n"
               BANNER_TAIL
               "/* Rows: WT_NVVM(name, function, family, op initialiser), sorted by strcmp() on the\n"
               " * name so that wt__nvvm_lookup() can bisect.  The op initialiser is a braced\n"
               " * wt_op initialiser with commas in it: define WT_NVVM(name, fn, family, ...)\n"
               " * and use __VA_ARGS__.  name is the intrinsic (llvm.nvvm.*) or, for forms with no\n"
               " * intrinsic, the PTX spelling without the .b32 type suffix (sured.*, suq.*,\n"
               " * txq.*, txq.level.*, istypep.*); txq.sampler.* are the txq sampler queries on a\n"
               " * .samplerref (PTX spells them as the texture's). */\n");
    for (size_t i = 0; i < nents; i++) {
        if (i && !by_name(&sorted[i - 1], &sorted[i])) {
            fprintf(stderr, "gen_nvvm: duplicate name %s\n", sorted[i].name);
            exit(1);
        }
        fprintf(f, "WT_NVVM(\"%s\", %s, %s, %s)\n", sorted[i].name, sorted[i].fn, sorted[i].fam, sorted[i].op);
    }
    close_out(f, path);
    free(sorted);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s NVVM_H NVVM_ENTRY_C NVVM_NAMES_INC\n", argv[0]);
        return 2;
    }
    gen_tex();
    gen_tld4();
    gen_suld();
    gen_sust();
    gen_sured();
    gen_queries();
    write_header(argv[1]);
    write_entry(argv[2]);
    write_names(argv[3]);
    free(ents);
    return 0;
}
