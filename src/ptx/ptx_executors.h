/* ptx_executors.h -- the builds of the PTX executors a backend's table names
 * (wt__backend.ptx_executor; the baseline one where the slot is NULL): each gives the executor
 * of a decoded instruction from its own instantiation of ptx_exec_tpl.h, NULL for control flow
 * SPDX-License-Identifier: MIT */
#ifndef WT_PTX_EXECUTORS_H
#define WT_PTX_EXECUTORS_H

#include "core/dispatch.h"

WT_INTERNAL wt__ptx_exec wt__ptx_exec_for_base(const struct px_insn *in);   /* ptx_exec_base.c */
WT_INTERNAL wt__ptx_exec wt__ptx_exec_for_avx2(const struct px_insn *in);   /* src/avx2 */
WT_INTERNAL wt__ptx_exec wt__ptx_exec_for_avx512(const struct px_insn *in); /* src/avx512 */

#endif
