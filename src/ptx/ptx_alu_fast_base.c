/* ptx_alu_fast_base.c -- the baseline instantiation of ptx_alu_fast_tpl.h, the PTX front end's
 * specialised arithmetic executors for the scalar and NEON backends (no ISA flags)
 * SPDX-License-Identifier: MIT */
#define PX_VARIANT base
#include "ptx_alu_fast_tpl.h"
