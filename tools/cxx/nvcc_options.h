/* nvcc_options.h -- nvcc's command-line options, as warptex-cxx reads them
 * SPDX-License-Identifier: MIT
 *
 * The table (nvcc_options.c) holds every option of nvcc 13 (`nvcc --help`): its long spelling
 * (--name), its short one (-name), whether it takes a value, the values nvcc allows, and what
 * warptex-cxx does with it (enum wt_nvcc_id).  The spellings nvcc accepts, and only those:
 *   --long-name value   --long-name=value   -short value   -short=value
 *   -Dvalue -Uvalue -Ivalue -Lvalue -lvalue -Ovalue -tvalue   (the value glued on: these seven)
 * A list option (<value>,...) splits its value at commas: -I a,b is -I a -I b. */
#ifndef WT_NVCC_OPTIONS_H
#define WT_NVCC_OPTIONS_H

#include <stddef.h>

enum wt_nvcc_arg {
    WT_NVCC_FLAG,  /* no value */
    WT_NVCC_VALUE, /* one value */
    WT_NVCC_LIST,  /* values separated by commas */
    WT_NVCC_OPTIONAL, /* a value or none: "=value", or the next argument when it is an allowed value */
};

/* What warptex-cxx does with an option: the driver's switch (warptex_cxx.c). */
enum wt_nvcc_id {
    WT_OPT_IGNORED,       /* no meaning on a CPU: accepted, said once with -v */
    WT_OPT_HOST,          /* passed to the host compiler as the option's host spelling */
    WT_OPT_DEVICE_ONLY,   /* an output that holds only device code (-ptx, -cubin...): refused */
    WT_OPT_PREPROCESS,    /* -E */
    WT_OPT_DEPS,          /* -M */
    WT_OPT_DEPS_NONSYS,   /* -MM */
    WT_OPT_DEPS_COMPILE,  /* -MD */
    WT_OPT_DEPS_COMPILE_NONSYS, /* -MMD */
    WT_OPT_DEPS_FILE,     /* -MF */
    WT_OPT_DEPS_PHONY,    /* -MP */
    WT_OPT_DEPS_TARGET,   /* -MT */
    WT_OPT_COMPILE,       /* -c */
    WT_OPT_DEVICE_C,      /* -dc */
    WT_OPT_DEVICE_W,      /* -dw */
    WT_OPT_DEVICE_LINK,   /* -dlink */
    WT_OPT_LINK,          /* -link */
    WT_OPT_LIB,           /* -lib */
    WT_OPT_RUN,           /* -run */
    WT_OPT_RUN_ARGS,      /* -run-args */
    WT_OPT_OUTPUT,        /* -o */
    WT_OPT_PRE_INCLUDE,   /* -include */
    WT_OPT_LIBRARY,       /* -l */
    WT_OPT_DEFINE,        /* -D */
    WT_OPT_UNDEFINE,      /* -U */
    WT_OPT_INCLUDE_PATH,  /* -I */
    WT_OPT_SYSTEM_INCLUDE, /* -isystem */
    WT_OPT_LIBRARY_PATH,  /* -L */
    WT_OPT_OUTPUT_DIR,    /* -odir */
    WT_OPT_CCBIN,         /* -ccbin */
    WT_OPT_ARCHIVER,      /* -arbin */
    WT_OPT_DEBUG,         /* -g */
    WT_OPT_DEVICE_DEBUG,  /* -G */
    WT_OPT_OPTIMIZE,      /* -O */
    WT_OPT_DOPT,          /* -dopt */
    WT_OPT_TEMPLATE_DEPTH,     /* -ftemplate-depth */
    WT_OPT_TEMPLATE_BACKTRACE, /* -ftemplate-backtrace-limit */
    WT_OPT_SHARED,        /* -shared */
    WT_OPT_LANGUAGE,      /* -x */
    WT_OPT_STD,           /* -std */
    WT_OPT_EXTENDED_LAMBDA,   /* --extended-lambda: __CUDACC_EXTENDED_LAMBDA__ */
    WT_OPT_RELAXED_CONSTEXPR, /* --expt-relaxed-constexpr: __CUDACC_RELAXED_CONSTEXPR__ */
    WT_OPT_DEFAULT_STREAM,    /* --default-stream per-thread: CUDA_API_PER_THREAD_DEFAULT_STREAM */
    WT_OPT_XCOMPILER,     /* -Xcompiler */
    WT_OPT_XLINKER,       /* -Xlinker */
    WT_OPT_XARCHIVE,      /* -Xarchive */
    WT_OPT_FORWARD_COMPILER, /* -forward-unknown-to-host-compiler */
    WT_OPT_FORWARD_LINKER,   /* -forward-unknown-to-host-linker */
    WT_OPT_FORWARD_BOTH,     /* -forward-unknown-opts */
    WT_OPT_DRYRUN,        /* -dryrun */
    WT_OPT_VERBOSE,       /* -v */
    WT_OPT_KEEP,          /* -keep, -save-temps */
    WT_OPT_KEEP_DIR,      /* -keep-dir */
    WT_OPT_CLEAN,         /* -clean */
    WT_OPT_ARCH,          /* -arch */
    WT_OPT_CODE,          /* -code */
    WT_OPT_GENCODE,       /* -gencode */
    WT_OPT_RDC,           /* -rdc */
    WT_OPT_WERROR,        /* -Werror <kind> */
    WT_OPT_LIST_GPU,      /* -arch-ls, -code-ls */
    WT_OPT_RELOCATABLE_LINK, /* -r */
    WT_OPT_RANDOM_SEED,   /* -frandom-seed */
    WT_OPT_HELP,          /* -h */
    WT_OPT_VERSION,       /* -V */
    WT_OPT_OPTIONS_FILE,  /* -optf */
};

struct wt_nvcc_option {
    const char *long_name;  /* spelled --long_name */
    const char *short_name; /* spelled -short_name; NULL: none */
    enum wt_nvcc_arg arg;
    const char *values;     /* the values allowed, '|'-separated; "#": a number; NULL: any */
    enum wt_nvcc_id id;
    const char *host;       /* WT_OPT_HOST: the host compiler's spelling */
};

/* One item of a command line: an option with its value (one element of a list), or an input. */
struct wt_nvcc_item {
    const struct wt_nvcc_option *opt; /* NULL: an input file, or an unknown option (unknown set) */
    const char *value;                /* the value, or the input's path, or the unknown option */
    int unknown;                      /* an argument that starts with '-' and is no nvcc option */
    const char *spelling;             /* the argument as written (for messages) */
};

/* wt_nvcc_parse: argv[0..argc) (no program name; --options-file already expanded, see
 * wt_nvcc_expand_options_files) into items.  *items is malloc'd (free it, and *store: the split
 * values live there).  Returns 0, or -1 with a message in err naming the argument: an option
 * missing its value, a value an option does not allow, a flag given a value. */
int wt_nvcc_parse(int argc, char **argv, struct wt_nvcc_item **items, int *n_items, char **store,
                  char *err, size_t errlen);

/* wt_nvcc_expand_options_files: argv with every --options-file / -optf F[,G] replaced by the
 * words of F (blanks separate, '...' and "..." group, files may name more files: 8 deep).
 * Returns a malloc'd NULL-terminated vector (free each element and it) with its length in
 * *out_argc, or NULL with a message in err (a file that cannot be read, too deep, no value). */
char **wt_nvcc_expand_options_files(int argc, char **argv, int *out_argc, char *err, size_t errlen);

/* The whole table, for --help and for the tests: n entries. */
const struct wt_nvcc_option *wt_nvcc_options(size_t *n);

/* wt_nvcc_check_gencode: SPEC of --generate-code (arch=A,code=C or code=[C1,C2]): 0, or -1 with
 * a message as nvcc's (a keyword other than arch and code, a keyword twice, no code). */
int wt_nvcc_check_gencode(const char *spec, char *err, size_t errlen);

/* wt_nvcc_check_arch: a GPU architecture name (sm_80, compute_86, lto_90a, and for -arch also
 * all, all-major, native): 0, or -1 with a message. */
int wt_nvcc_check_arch(const char *name, int is_arch_option, char *err, size_t errlen);

#endif
