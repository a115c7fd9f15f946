/* nvvm.h -- name -> op record lookup over the generated NVVM table (nvvm_names.inc)
 * SPDX-License-Identifier: MIT */
#ifndef WT_NVVM_H
#define WT_NVVM_H

#include "../core/internal.h"

/* The op record of an NVVM intrinsic ("llvm.nvvm.suld.2d.v4i8.clamp") or of a
 * PTX-spelled form with no intrinsic ("sured.b.add.2d.u32.trap", "txq.width",
 * "txq.level.width", "txq.sampler.filter_mode", "istypep.texref"); NULL when
 * the name is unknown or NULL.  It equals the record the matching wt_* wrapper
 * passes to its lane entry.  The record is static: never freed, never changes.
 * Thread-safe (read-only data). */
WT_INTERNAL const wt_op *wt__nvvm_lookup(const char *name);

#endif
