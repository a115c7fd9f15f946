/* device_clock.cpp -- the device clock: clock() and clock64() in a kernel, cudaDevAttrClockRate
 * SPDX-License-Identifier: MIT
 *
 * A GPU's clock() and clock64() count the SM's cycles, and programs turn a time into cycles with
 * cudaDevAttrClockRate (kHz): a kernel that spins "for 10 ms" waits until clock() has advanced
 * 10 * rate.  So the two must agree here too: the device clock is the monotonic clock since the
 * first reading, scaled to the rate the device reports, which is the CPU's (cpufreq's maximum,
 * else /proc/cpuinfo's "cpu MHz"), or 1 GHz (nanoseconds) where the system says neither. */
#include <mutex>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cuda_internal.h"

namespace {
int probe_khz()
{
    long khz = 0;
    if (FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r")) {
        if (fscanf(f, "%ld", &khz) != 1)
            khz = 0;
        fclose(f);
    }
    if (khz <= 0) {
        if (FILE *f = fopen("/proc/cpuinfo", "r")) {
            char line[256];
            double mhz = 0;
            while (fgets(line, sizeof line, f))
                if (!strncmp(line, "cpu MHz", 7)) {
                    const char *colon = strchr(line, ':');
                    if (colon && sscanf(colon + 1, "%lf", &mhz) == 1 && mhz > 0)
                        break;
                }
            fclose(f);
            khz = (long)(mhz * 1000.0);
        }
    }
    return khz > 0 && khz < 2147483647L ? (int)khz : 1000000;
}

std::once_flag g_once;
int g_khz;
long long g_epoch_ns;

long long now_ns()
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void start()
{
    g_khz = probe_khz();
    g_epoch_ns = now_ns();
}
} // namespace

namespace wt_cuda_rt {
int clock_khz(void)
{
    std::call_once(g_once, start);
    return g_khz;
}
} // namespace wt_cuda_rt

extern "C" long long wt_cuda_clock64(void)
{
    std::call_once(g_once, start);
    /* cycles = ns * kHz / 10^6, as whole milliseconds and the rest so that nothing overflows
     * before 2^63 cycles (some 70 years at 4 GHz) */
    const long long ns = now_ns() - g_epoch_ns, ms = ns / 1000000, rest = ns % 1000000;
    return ms * g_khz + rest * g_khz / 1000000;
}

extern "C" clock_t wt_cuda_clock(void)
{
    if (!wt_cuda_tls.block)
        return (clock)(); /* host code: the C library's processor time ((clock) is not the macro) */
    /* the 32-bit %clock register, as CUDA's clock() reads it */
    return (clock_t)(unsigned int)wt_cuda_clock64();
}
