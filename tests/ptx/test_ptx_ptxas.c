/* test_ptx_ptxas.c -- ptxas (when installed) accepts every committed PTX fixture ([semantics#decision-ptx-legality]:
 * ptxas decides what is PTX); skipped with a message when ptxas is not installed
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WT_PTXAS
#define WT_PTXAS ""
#endif

static int check_dir(const char *ptxas, const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cannot open %s\n", dir);
        return 1;
    }
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".ptx"))
            continue;
        /* the target named in the file: sm_90 fixtures go to ptxas as sm_90, the rest as sm_75 */
        const char *arch = strstr(e->d_name, "sm_90") ? "sm_90" : "sm_75";
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "'%s' -arch=%s '%s/%s' -o /dev/null", ptxas, arch, dir, e->d_name);
        int rc = system(cmd);
        printf("%s %s/%s (%s)\n", rc == 0 ? "ok  " : "FAIL", dir, e->d_name, arch);
        bad += rc != 0;
        (*count)++;
    }
    closedir(d);
    return bad;
}

int main(void)
{
    const char *ptxas = getenv("WT_PTXAS") ? getenv("WT_PTXAS") : WT_PTXAS;
    if (!*ptxas || access(ptxas, X_OK) != 0) {
        printf("SKIP: ptxas is not installed (looked for '%s'); the fixtures are not re-checked\n", ptxas);
        return 77;
    }
    int count = 0;
    int bad = check_dir(ptxas, WT_PTX_FIXTURES, &count) + check_dir(ptxas, WT_PTX_EXAMPLES, &count);
    printf("%d fixtures, %d rejected by ptxas\n", count, bad);
    return bad != 0 || count < 10;
}
