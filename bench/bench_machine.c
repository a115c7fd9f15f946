/* bench_machine.c -- what the report says about the machine and the build: CPU model, architecture, compiler
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* sysconf */

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* The value of the first "key<spaces/tabs>: value" line of /proc/cpuinfo
 * whose key is `key`, trimmed, in buf; 0 when found. */
static int cpuinfo_value(const char *key, char *buf, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return -1;
    char line[512];
    int found = -1;
    const size_t klen = strlen(key);
    while (found && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, klen) != 0)
            continue;
        const char *p = line + klen;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != ':')
            continue;
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, "\r\n");
        while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        if (n) {
            snprintf(buf, size, "%.*s", (int)n, p);
            found = 0;
        }
    }
    fclose(f);
    return found;
}

void bench_cpu_model(char *buf, size_t size)
{
    char part[64], impl[64];
    if (cpuinfo_value("model name", buf, size) == 0) /* x86, and some Arm kernels */
        return;
    if (cpuinfo_value("Hardware", buf, size) == 0)
        return;
    if (cpuinfo_value("CPU implementer", impl, sizeof impl) == 0 &&
        cpuinfo_value("CPU part", part, sizeof part) == 0) { /* AArch64: the MIDR fields */
        snprintf(buf, size, "CPU implementer %s, part %s", impl, part);
        return;
    }
    snprintf(buf, size, "unknown");
}

const char *bench_arch(void)
{
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__i386__)
    return "i386";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__arm__)
    return "arm";
#else
    return "unknown";
#endif
}

const char *bench_compiler(void)
{
    static char buf[48];
#if defined(__clang__)
    snprintf(buf, sizeof buf, "clang %d.%d.%d", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
    snprintf(buf, sizeof buf, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    snprintf(buf, sizeof buf, "unknown");
#endif
    return buf;
}

int bench_processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 1 << 20 ? (int)n : 1;
}

int bench_load_average(double load[3])
{
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return -1;
    const int n = fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]);
    fclose(f);
    return n == 3 ? 0 : -1;
}
