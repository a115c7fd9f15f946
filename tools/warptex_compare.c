/* warptex_compare.c -- `warptex compare`: largest channel difference between two images (used by the tool tests)
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex_tool.h"

int tool_compare(int argc, char **argv)
{
    const char *cmd = "compare", *path[2] = {NULL, NULL}, *val;
    int tol = 0, npath = 0;
    for (int i = 1; i < argc; i++) {
        int m;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: warptex compare A B [--tolerance N]\n"
                   "Prints the largest difference of any channel (RGBA, 8-bit) between A and B and how\n"
                   "many channels differ.  Exit 0 when the largest difference is <= N (default 0),\n"
                   "1 when it is larger or the sizes differ, 2 on a usage error.\n");
            return TOOL_OK;
        }
        if ((m = tool_option(cmd, argc, argv, &i, "--tolerance", &val)) != 0) {
            if (m < 0 || tool_parse_int(cmd, "--tolerance", val, 0, 255, &tol))
                return TOOL_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return tool_usage_error(cmd, "unknown option '%s'", argv[i]);
        } else if (npath < 2) {
            path[npath++] = argv[i];
        } else {
            return tool_usage_error(cmd, "unexpected argument '%s'", argv[i]);
        }
    }
    if (npath < 2)
        return tool_usage_error(cmd, "needs two images, A and B");

    tool_image a = {0, 0, NULL}, b = {0, 0, NULL};
    int rc = TOOL_FAIL;
    if (tool_image_load(cmd, path[0], &a) || tool_image_load(cmd, path[1], &b))
        goto done;
    if (a.w != b.w || a.h != b.h) {
        tool_error(cmd, "sizes differ: %s is %dx%d, %s is %dx%d", path[0], a.w, a.h, path[1], b.w, b.h);
        goto done;
    }
    size_t n = (size_t)a.w * (size_t)a.h * 4u, ndiff = 0, first = 0;
    int maxd = 0;
    for (size_t k = 0; k < n; k++) {
        int d = abs((int)a.px[k] - (int)b.px[k]);
        if (d > 0 && ndiff++ == 0)
            first = k;
        if (d > maxd)
            maxd = d;
    }
    printf("compare: %dx%d, max channel difference %d, %zu of %zu channels differ\n", a.w, a.h, maxd, ndiff, n);
    if (maxd > tol) {
        size_t px = first / 4u;
        tool_error(cmd, "images differ by up to %d (tolerance %d); first difference at pixel (%zu, %zu) channel %zu",
                   maxd, tol, px % (size_t)a.w, px / (size_t)a.w, first % 4u);
        goto done;
    }
    rc = TOOL_OK;
done:
    tool_image_free(&a);
    tool_image_free(&b);
    return rc;
}
