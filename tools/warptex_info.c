/* warptex_info.c -- `warptex info`: version, CPU features, backend in use and backends available
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include <warptex.h>

#include "warptex_tool.h"

/* Every backend name the library may know (backend.h); the library says
 * which of them are compiled in and usable on this CPU. */
static const char *const known_backends[] = {"scalar", "avx2", "avx512", "neon"};

int tool_info(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: warptex info\n"
                   "Prints the library version, the CPU features warptex looks at, the backend in use\n"
                   "(WARPTEX_BACKEND overrides the choice) and the backends this build can use.\n");
            return TOOL_OK;
        }
        return tool_usage_error("info", "unexpected argument '%s'", argv[i]);
    }
    printf("warptex %s\n", wt_version());
    printf("cpu features:       %s\n", wt_cpu_features());
    printf("backend in use:     %s\n", wt_backend_name());
    printf("backends available:");
    for (size_t i = 0; i < sizeof known_backends / sizeof known_backends[0]; i++)
        if (wt_backend_available(known_backends[i]))
            printf(" %s", known_backends[i]);
    printf("\n");
    /* What each backend runs where: never a silently slower path. */
    for (size_t i = 0; i < sizeof known_backends / sizeof known_backends[0]; i++)
        printf("backend %-11s %s%s\n", known_backends[i], wt_backend_describe(known_backends[i]),
               wt_backend_available(known_backends[i]) || !strcmp(wt_backend_describe(known_backends[i]), "compiled in: no")
                   ? ""
                   : " (compiled in, but this CPU lacks it)");
#ifdef _OPENMP
    printf("threads:            %d (OpenMP)\n", wt_get_num_threads());
#else
    printf("threads:            1 (built without OpenMP)\n");
#endif
    /* Environment settings the library ignored, and why (also said once on stderr). */
    const char *problems = wt_config_problems();
    for (const char *p = problems; *p;) {
        size_t n = strcspn(p, "\n");
        printf("ignored setting:    %.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
    }
    return TOOL_OK;
}
