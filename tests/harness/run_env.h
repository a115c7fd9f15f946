/* run_env.h -- what the environment asks of a test run: WARPTEX_STRESS, and which backends a
 * cross-backend test compares
 * SPDX-License-Identifier: MIT */
#ifndef WT_RUN_ENV_H
#define WT_RUN_ENV_H

#include "core/dispatch.h"

/* WARPTEX_STRESS as a multiplier of a test's work: a positive integer, else 1. */
int wt_test_stress(void);

/* Whether a cross-backend test compares backend b with the reference: not
 * the scalar one itself, and usable on this CPU (one that is compiled in
 * but not usable is said SKIPPED, never passed). */
int wt_test_backend_compared(const wt__backend *b);

#endif
