/* fuzz_main.c -- the standalone runner for a libFuzzer entry point: a corpus, then seeded random inputs
 * SPDX-License-Identifier: MIT
 *
 *   fuzz_X [--runs N] [--seed S] [--max-len L] [FILE|DIR ...]
 *
 * Runs LLVMFuzzerTestOneInput on every file named (directories: every file
 * in them), then on N pseudo-random inputs of up to L bytes from seed S
 * (default 1000, 1, 512; WARPTEX_STRESS=k multiplies N).  A failure aborts
 * inside the entry point after printing what went wrong; the input's name
 * or random index is printed first, so a failure can be replayed.  Under
 * ctest this runs the committed corpus plus the random inputs; with
 * WT_LIBFUZZER=ON and clang the same entry point also builds as a libFuzzer
 * binary (tests/fuzz.cmake). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long files_run;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    uint8_t *buf = malloc(1 << 20);
    if (!buf)
        exit(2);
    size_t n = fread(buf, 1, 1 << 20, f);
    fclose(f);
    fprintf(stderr, "input %s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    files_run++;
}

static void run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        run_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        exit(2);
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", path, e->d_name);
        run_file(p);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    long runs = 1000, maxlen = 512;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--max-len") && i + 1 < argc)
            maxlen = atol(argv[++i]);
        else
            run_path(argv[i]);
    }
    const char *stress = getenv("WARPTEX_STRESS");
    if (stress && atol(stress) > 0)
        runs *= atol(stress);
    if (maxlen < 1)
        maxlen = 1;
    uint8_t *buf = malloc((size_t)maxlen);
    if (!buf)
        return 2;
    unsigned long long x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (long r = 0; r < runs; r++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t n = (size_t)(x % (unsigned long long)maxlen) + 1;
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[i] = (uint8_t)(x >> 32);
        }
        LLVMFuzzerTestOneInput(buf, n);
    }
    free(buf);
    printf("fuzz: %ld corpus inputs and %ld random inputs (seed %llu), no failures\n", files_run, runs, seed);
    return 0;
}
