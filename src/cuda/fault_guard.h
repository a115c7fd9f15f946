/* fault_guard.h -- a kernel's memory fault ends its launch, not the process
 * SPDX-License-Identifier: MIT
 *
 * A GPU reports a wild store as cudaErrorIllegalAddress and the program goes
 * on to print it; on the CPU the same store is a SIGSEGV.  So, from the first
 * launch on, a handler for SIGSEGV, SIGBUS and SIGFPE (installed once, with
 * SA_ONSTACK: a fiber that ran into its guard page has no stack left) looks
 * at the faulting OS thread's fault_scope: when a kernel fiber runs there,
 * it leaves the fiber for the scheduler (siglongjmp to the point that
 * resumed it, launch.cpp's to_fiber), which abandons the fiber and stops the
 * launch with a sticky error.  Any other fault goes to the disposition the
 * signal had before: the program's handler, or the default action (the
 * process dies as it would without warptex).
 *
 * Not recoverable, so passed on like a fault outside a kernel (with a line
 * on stderr): a fault inside a texture or surface call (the library's state
 * may be half changed).  Off: in sanitizer builds of the library (the
 * sanitizer owns these signals and reports the fault itself) and with
 * WARPTEX_CUDA_FAULT_HANDLER=0 (a debugger or core dump then sees the fault
 * where it happened). */
#ifndef WT_CUDA_FAULT_GUARD_H
#define WT_CUDA_FAULT_GUARD_H

#include <setjmp.h>
#include <stddef.h>

#include "cuda_internal.h"

namespace wt_cuda_rt {
/* What the handler saw, for the scheduler's message. */
struct fault_record {
    int sig;       /* SIGSEGV, SIGBUS or SIGFPE */
    int code;      /* si_code */
    void *addr;    /* si_addr */
    bool overflow; /* addr is in the running fiber's guard page */
};

/* Per OS thread.  Plain data in __thread storage, so that the handler may
 * read it (async-signal-safe). */
struct fault_scope {
    sigjmp_buf *jump;    /* where the handler leaves the running fiber to; null: no kernel runs here */
    const char *guard;   /* the running fiber's guard page (one page) */
    unsigned read_depth; /* the thread's read-section depth outside texture calls (launch.cpp's run_blocks) */
    fault_record last;   /* the fault that ended the last fiber left this way */
};
extern __thread fault_scope t_fault;

/* Installs the handler on the first call; whether it is on (above). */
bool fault_guard_start(void);
/* Gives the calling OS thread an alternate signal stack for the handler, once
 * (one the program gave it already is kept); false when none could be made
 * (a stack overflow in a kernel on this thread then kills the process). */
bool fault_guard_thread(void);
/* The CUDA error of a fault, and a sentence saying what happened. */
cudaError_t fault_error(const fault_record &f);
void fault_describe(const fault_record &f, char *out, size_t len);
/* The system's page size. */
size_t fault_page_size(void);
} // namespace wt_cuda_rt

#endif
