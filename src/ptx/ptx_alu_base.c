/* ptx_alu_base.c -- the baseline instantiation of ptx_alu_tpl.h, the PTX front end's arithmetic
 * executors for the scalar and NEON backends (no ISA flags)
 * SPDX-License-Identifier: MIT */
#define PX_VARIANT base
#include "ptx_alu_tpl.h"
