/* fault_guard.cpp -- the CUDA layer's SIGSEGV/SIGBUS/SIGFPE handler (fault_guard.h)
 * SPDX-License-Identifier: MIT
 *
 * The handler runs on the faulting thread, on its alternate signal stack,
 * and does only async-signal-safe things: it reads this thread's
 * fault_scope and read-section depth, then either siglongjmps to the
 * scheduler or hands the signal to the disposition it had before. */
#include <errno.h>
#include <mutex>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../core/read_section.h" /* this thread's read-section depth (async-signal-safe) */
#include "fault_guard.h"
#include "stack_pool.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WT_CUDA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define WT_CUDA_SANITIZED 1
#endif
#endif

namespace wt_cuda_rt {
__thread fault_scope t_fault;

namespace {
const int k_signals[3] = {SIGSEGV, SIGBUS, SIGFPE};
/* The dispositions before ours: written before the handler is installed, only read after. */
struct sigaction g_prev[3];
size_t g_page = 4096;

int slot(int sig) { return sig == SIGSEGV ? 0 : sig == SIGBUS ? 1 : 2; }

void say(const char *s)
{
    ssize_t r = write(2, s, strlen(s));
    (void)r;
}

/* The fault is not a kernel's, or cannot be recovered from: what would have
 * happened without warptex.  The program's handler is called as the kernel
 * would have called it; a default or ignored disposition is put back, so
 * that the faulting instruction, run again on return, faults under it (and
 * a signal that was sent, not raised by a fault, is sent again). */
void pass_on(int sig, siginfo_t *si, void *uc)
{
    const struct sigaction &p = g_prev[slot(sig)];
    if (p.sa_flags & SA_SIGINFO) {
        if (p.sa_sigaction) {
            p.sa_sigaction(sig, si, uc);
            return;
        }
    } else if (p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN) {
        p.sa_handler(sig);
        return;
    }
    sigaction(sig, &p, nullptr);
    if (si->si_code <= 0)
        raise(sig);
}

void on_fault(int sig, siginfo_t *si, void *uc)
{
    fault_scope &s = t_fault;
    /* si_code > 0: raised by the fault itself, not sent by kill() */
    if (s.jump && si->si_code > 0) {
        if (wt__read_depth() <= s.read_depth) {
            const char *a = static_cast<const char *>(si->si_addr);
            s.last = fault_record{sig, si->si_code, si->si_addr,
                                  sig != SIGFPE && a >= s.guard && a < s.guard + g_page};
            sigjmp_buf *to = s.jump;
            s.jump = nullptr;
            /* the jump does not restore the mask (sigsetjmp(.., 0): no system call per switch) */
            sigset_t set;
            sigemptyset(&set);
            sigaddset(&set, sig);
            pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
            siglongjmp(*to, 1);
        }
        say("warptex: a kernel faulted inside a texture or surface call; the library's state cannot be trusted "
            "there, so the fault is not turned into a CUDA error\n");
    }
    pass_on(sig, si, uc);
}

bool install(void)
{
#ifdef WT_CUDA_SANITIZED
    (void)&on_fault; /* built, so that it compiles everywhere, but the sanitizer keeps the signals */
    (void)k_signals;
    return false;
#else
    const char *env = getenv("WARPTEX_CUDA_FAULT_HANDLER");
    if (env && strcmp(env, "0") == 0)
        return false;
    if (env && *env && strcmp(env, "1") != 0)
        fprintf(stderr, "warptex: WARPTEX_CUDA_FAULT_HANDLER=%s is not 0 or 1; the fault handler is on\n", env);
    g_page = fault_page_size();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++)
        if (sigaction(k_signals[i], nullptr, &g_prev[i]) != 0)
            return false;
    for (int i = 0; i < 3; i++)
        sigaction(k_signals[i], &sa, nullptr);
    return true;
#endif
}

/* The alternate signal stack this thread was given by fault_guard_thread, if any. */
struct alt_stack {
    bool done = false, ok = false;
    char *map = nullptr; /* guard page + stack */
    size_t map_size = 0;
    ~alt_stack()
    {
        if (!map)
            return;
        stack_t cur;
        if (sigaltstack(nullptr, &cur) == 0 && cur.ss_sp == map + g_page && !(cur.ss_flags & SS_ONSTACK)) {
            stack_t off;
            memset(&off, 0, sizeof off);
            off.ss_flags = SS_DISABLE;
            if (sigaltstack(&off, nullptr) == 0)
                munmap(map, map_size);
        }
    }
};
thread_local alt_stack t_alt;
} // namespace

size_t fault_page_size(void)
{
    const long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

bool fault_guard_start(void)
{
    static bool on = false;
    static std::once_flag once;
    std::call_once(once, [] { on = install(); });
    return on;
}

bool fault_guard_thread(void)
{
    alt_stack &a = t_alt;
    if (a.done)
        return a.ok;
    a.done = true;
    stack_t cur;
    if (sigaltstack(nullptr, &cur) == 0 && !(cur.ss_flags & SS_DISABLE) && cur.ss_size >= (size_t)MINSIGSTKSZ)
        return a.ok = true; /* the program's own */
    /* The handler needs little, but a program handler it passes a fault on to runs here too. */
    size_t size = 64 * 1024;
    if ((size_t)SIGSTKSZ > size)
        size = (size_t)SIGSTKSZ;
    size = (size + g_page - 1) / g_page * g_page;
    void *m = mmap(nullptr, size + g_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return false;
    char *base = static_cast<char *>(m);
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = base + g_page;
    ss.ss_size = size;
    if (mprotect(base, g_page, PROT_NONE) != 0 || sigaltstack(&ss, nullptr) != 0) {
        munmap(m, size + g_page);
        return false;
    }
    a.map = base;
    a.map_size = size + g_page;
    return a.ok = true;
}

cudaError_t fault_error(const fault_record &f)
{
    if (f.overflow)
        return cudaErrorHardwareStackError; /* "exceeding the stack size limit" */
    if (f.sig == SIGFPE)
        return cudaErrorLaunchFailure;
    if (f.sig == SIGBUS && f.code == BUS_ADRALN)
        return cudaErrorMisalignedAddress;
    return cudaErrorIllegalAddress;
}

void fault_describe(const fault_record &f, char *out, size_t len)
{
    if (f.overflow)
        snprintf(out, len,
                 "the thread's stack overflowed into its guard page at %p (deep recursion or large locals; "
                 "WARPTEX_CUDA_STACK_SIZE sets the size, now %zu bytes)",
                 f.addr, stack_size());
    else if (f.sig == SIGSEGV)
        snprintf(out, len, "an illegal memory access at address %p (SIGSEGV, %s)", f.addr,
                 f.code == SEGV_MAPERR   ? "nothing is mapped there"
                 : f.code == SEGV_ACCERR ? "the page does not allow the access"
                                         : "memory fault");
    else if (f.sig == SIGBUS)
        snprintf(out, len, "a bus error at address %p (SIGBUS%s)", f.addr,
                 f.code == BUS_ADRALN ? ", misaligned" : "");
    else
        snprintf(out, len,
                 "an arithmetic trap at %p (SIGFPE: integer division by zero or overflow; "
                 "a GPU gives an unspecified value instead)",
                 f.addr);
}
} // namespace wt_cuda_rt
