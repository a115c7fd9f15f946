/* cooperative_groups/reduce.h -- cg::reduce over a tile, with CUDA's function objects (warptex)
 * SPDX-License-Identifier: MIT
 *
 * reduce(tile, value, op): every thread of the tile gets op folded over the
 * tile's values, in thread-rank order (op(op(v0, v1), v2) ...): exact for
 * the integer and min/max ops; a float sum may differ from the GPU's in the
 * last bits (the GPU adds in a tree).  plus, less (the smaller), greater (the
 * larger), bit_and, bit_or, bit_xor as CUDA names them; any callable works. */
#ifndef WARPTEX_CUDA_COOPERATIVE_GROUPS_REDUCE_H
#define WARPTEX_CUDA_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {
template <class T> struct plus { T operator()(const T &a, const T &b) const { return a + b; } };
template <class T> struct less { T operator()(const T &a, const T &b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(const T &a, const T &b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(const T &a, const T &b) const { return a & b; } };
template <class T> struct bit_or { T operator()(const T &a, const T &b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(const T &a, const T &b) const { return a ^ b; } };

template <class Tile, class T, class Op> inline T reduce(const Tile &tile, T value, Op op)
{
    const unsigned n = (unsigned)tile.size();
    T r = tile.shfl(value, 0);
    for (unsigned i = 1; i < n; i++)
        r = op(r, tile.shfl(value, (int)i));
    return r;
}
} // namespace cooperative_groups

#endif
