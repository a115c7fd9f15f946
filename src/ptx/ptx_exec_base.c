/* ptx_exec_base.c -- the baseline instantiation of ptx_exec_tpl.h, the PTX front end's memory,
 * texture and warp executors for the scalar and NEON backends (no ISA flags)
 * SPDX-License-Identifier: MIT */
#define PX_VARIANT base
#include "ptx_exec_tpl.h"
