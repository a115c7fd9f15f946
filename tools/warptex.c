/* warptex.c -- the `warptex` command: usage and subcommand dispatch (messages, options and the clock it
 * shares with the subcommands are in warptex_messages.c, warptex_options.c and warptex_clock.c)
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* SIGXFSZ */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warptex.h>

#include "bench.h" /* bench_main(): `warptex bench` is warptex-bench (bench/) */
#include "warptex_tool.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: warptex COMMAND [ARGS]\n"
            "\n"
            "commands:\n"
            "  info                      version, CPU features, backends\n"
            "  resample IN OUT [options] resample an image through the texture API\n"
            "  demo-image OUT [--size WxH]\n"
            "                            write a synthetic test image (default 512x512)\n"
            "  compare A B [--tolerance N]\n"
            "                            largest channel difference of two images;\n"
            "                            exit 1 when it exceeds N (default 0)\n"
            "  bench [options]           the standard benchmark workloads, every backend, 1 thread\n"
            "                            and all cores (as warptex-bench; --json FILE|-)\n"
            "  run KERNEL.ptx --entry NAME --grid X[,Y,Z] --block X[,Y,Z] PARAM...\n"
            "                            launch a CUDA kernel from nvcc's PTX on the CPU\n"
            "\n"
            "resample options:\n"
            "  --scale S        output pixels per input pixel (default 1; > 0)\n"
            "  --rotate DEG     rotate the content DEG degrees counter-clockwise about the centre\n"
            "  --size WxH       output size (default: input size x S)\n"
            "  --filter point|linear             texel filter (default linear)\n"
            "  --address clamp|wrap|mirror|border address mode (default clamp)\n"
            "  --mipmaps        build a mip chain and sample with gradients when minifying\n"
            "  --srgb           the image is sRGB: filter in linear light, encode back on output\n"
            "  --threads N      OpenMP threads (default: all cores)\n"
            "\n"
            "OUT ends in .png, .bmp, .tga or .jpg.  Exit status: 0 done, 1 failure, 2 usage error.\n"
            "Run `warptex COMMAND --help` for one command.\n");
    fprintf(f,
            "\n"
            "Images read, made or written are at most %zu pixels and %d pixels a side\n"
            "(larger: exit 1).  OUT is replaced only by a complete file: it is written to a\n"
            "temporary file beside it and renamed; on any failure OUT is left as it was.\n",
            TOOL_MAX_PIXELS, TOOL_MAX_SIDE);
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return TOOL_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return TOOL_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("warptex %s\n", wt_version());
        return TOOL_OK;
    }
    if (!strcmp(cmd, "info"))
        return tool_info(argc - 1, argv + 1);
    if (!strcmp(cmd, "resample"))
        return tool_resample(argc - 1, argv + 1);
    if (!strcmp(cmd, "demo-image"))
        return tool_demo_image(argc - 1, argv + 1);
    if (!strcmp(cmd, "compare"))
        return tool_compare(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench"))
        return bench_main("warptex bench", argc - 1, argv + 1);
    if (!strcmp(cmd, "run"))
        return tool_run(argc - 1, argv + 1);
    fprintf(stderr, "warptex: unknown command '%s' (try: warptex --help)\n", cmd);
    return TOOL_USAGE;
}

int main(int argc, char **argv)
{
    /* A write past `ulimit -f` then fails with EFBIG, which tool_write_file
     * and the check of stdout below report, instead of the signal killing
     * the process mid-file. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGXFSZ, &sa, NULL);

    int rc = run(argc, argv);
    /* What was printed must have arrived: a report on stdout that could not
     * be written (a full disk, past `ulimit -f`) is a failure. */
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        const int e = errno;
        fprintf(stderr, "warptex: cannot write standard output: %s\n", e ? strerror(e) : "a write failed");
        if (rc == TOOL_OK)
            rc = TOOL_FAIL;
    }
    return rc;
}
