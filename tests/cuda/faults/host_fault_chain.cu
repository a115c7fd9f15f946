// host_fault_chain.cu -- warptex's fault handler respects the program's own SIGSEGV handlers:
//  - one installed before the first launch: a kernel's fault is still the launch's error (the program's
//    handler is not called), a fault in host code goes to the program's handler;
//  - one installed after (replacing warptex's) gets every fault, kernels' too; when it passes a fault
//    it does not want on to the handler it replaced, as well-behaved handlers do, a kernel's fault is
//    again the launch's error.
// Prints "FAILED" if a check fails; "host_fault_chain: ok" from the program's handler at the end;
// "skipped" in sanitizer builds of the library.
// SPDX-License-Identifier: MIT
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

#include <cuda_runtime.h>

#include "fault_test.h"

static volatile sig_atomic_t before_calls = 0, after_calls = 0;
static struct sigaction replaced; // what the later handler replaced: warptex's

static void say(const char *s)
{
    ssize_t r = write(1, s, strlen(s));
    (void)r;
}

// installed before the first launch: ends the process cleanly, as a crash reporter would
static void before_handler(int, siginfo_t *, void *)
{
    before_calls = before_calls + 1;
    if (failures == 0 && after_calls == 2) // the kernel's fault, then this one
        say("host_fault_chain: the program's handler got the host fault\nhost_fault_chain: ok\n");
    else
        say("host_fault_chain: FAILED\n");
    _exit(0);
}

// installed after: counts, then passes the fault on to the handler it replaced
static void after_handler(int sig, siginfo_t *si, void *uc)
{
    after_calls = after_calls + 1;
    if (replaced.sa_flags & SA_SIGINFO)
        replaced.sa_sigaction(sig, si, uc);
}

__global__ void store_to(int *p) { p[threadIdx.x] = 1; }

int main(int argc, char **argv)
{
    if (sanitized) {
        std::printf("host_fault_chain: skipped, a sanitizer build: the sanitizer owns SIGSEGV\n");
        return 0;
    }
    setvbuf(stdout, nullptr, _IONBF, 0);
    int *bad = reinterpret_cast<int *>(std::strtoull(argc > 1 ? argv[1] : "16", nullptr, 0));
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = before_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, nullptr);

    // one block each time: one worker runs it, so exactly one lane faults (two blocks on two workers
    // could both fault before the launch ends, and the handler below would count two)
    store_to<<<1, 32>>>(bad); // the first launch: warptex's handler goes in front of the program's
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    EXPECT(before_calls == 0);
    cudaDeviceReset();

    sa.sa_sigaction = after_handler;
    sigaction(SIGSEGV, &sa, &replaced);
    EXPECT((replaced.sa_flags & SA_SIGINFO) && replaced.sa_sigaction != before_handler);
    store_to<<<1, 32>>>(bad);
    EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    EXPECT(after_calls == 1);
    EXPECT(before_calls == 0);
    cudaDeviceReset();

    std::printf("host_fault_chain: faulting in host code\n");
    *reinterpret_cast<volatile int *>(bad) = 1; // after_handler -> warptex's -> before_handler
    std::printf("host_fault_chain: survived a host fault (FAILED)\n");
    return 1;
}
