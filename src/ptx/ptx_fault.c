/* ptx_fault.c -- the record of a launch's first failure, with the kernel, function, line, block,
 * thread and lane it happened at (the executors' and the interpreter's faults alike)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "ptx_warp.h"

WT_PRINTF(5, 6)
int wt__ptx_fault(px_warp *w, const px_insn *in, int lane, wt_status st, const char *fmt, ...)
{
    px_block *b = w->blk;
    if (b->st != WT_SUCCESS)
        return -1;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const px_func *fn = w->frames[w->nframes - 1].fn;
    if (lane >= 0)
        snprintf(b->msg, sizeof b->msg,
                 "wt_launch_kernel(): kernel %s: %s line %u, block (%u,%u,%u) thread (%u,%u,%u) lane %d: %s",
                 b->entry->name, fn->name, in ? (unsigned)in->line : 0u, (unsigned)w->sreg[PX_SR_CTAID_X][0],
                 (unsigned)w->sreg[PX_SR_CTAID_Y][0], (unsigned)w->sreg[PX_SR_CTAID_Z][0],
                 (unsigned)w->sreg[PX_SR_TID_X][lane], (unsigned)w->sreg[PX_SR_TID_Y][lane],
                 (unsigned)w->sreg[PX_SR_TID_Z][lane], lane, msg);
    else
        snprintf(b->msg, sizeof b->msg, "wt_launch_kernel(): kernel %s: %s line %u, block (%u,%u,%u): %s",
                 b->entry->name, fn->name, in ? (unsigned)in->line : 0u, (unsigned)w->sreg[PX_SR_CTAID_X][0],
                 (unsigned)w->sreg[PX_SR_CTAID_Y][0], (unsigned)w->sreg[PX_SR_CTAID_Z][0], msg);
    b->st = st;
    return -1;
}
