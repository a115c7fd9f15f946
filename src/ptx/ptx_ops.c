/* ptx_ops.c -- the opcode table: ptx_ops.def's rows as data, indexed by px_opcode
 * SPDX-License-Identifier: MIT
 *
 * Read by the decoder (names, classes, operand shapes) and the support check (types). */
#include "ptx_internal.h"

const px_opinfo wt__ptx_ops[PX_OP_COUNT] = {
#define X(name, cls, shape, types, mods) {#name, PX_CLS_##cls, shape, (types), (mods)},
#include "ptx_ops.def"
#undef X
};
