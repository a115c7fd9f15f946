/* cooperative_groups/reduce.h -- cg::reduce over a tile, with CUDA's function objects (warptex)
 * SPDX-License-Identifier: MIT
 *
 * reduce(tile, value, op): every thread of the tile gets op folded over the
 * tile's values, in thread-rank order (op(op(v0, v1), v2) ...): exact for
 * the integer and min/max ops; a float sum may differ from the GPU's in the
 * last bits (the GPU adds in a tree).  plus, less (the smaller), greater (the
 * larger), bit_and, bit_or, bit_xor as CUDA names them; any callable works.
 * Tiles of more than 32 threads (64 ... 512) reduce values of up to 8 bytes,
 * as CUDA's. */
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

namespace details {
template <class G> struct multi_warp_tile : std::false_type {};
template <unsigned N, class P> struct multi_warp_tile<thread_block_tile<N, P>> : std::integral_constant<bool, (N > 32)> {};
} // namespace details

template <class Tile, class T, class Op> inline T reduce(const Tile &tile, T value, Op op)
{
    const unsigned n = (unsigned)tile.size();
    if constexpr (details::multi_warp_tile<Tile>::value) /* its values through the block's slots at once */
        return details::multi_warp_fold(n, value, op);
    if constexpr (std::is_same<Tile, coalesced_group>::value)
        return tile.fold_(value, op);
    T r = tile.shfl(value, 0);
    for (unsigned i = 1; i < n; i++)
        r = op(r, tile.shfl(value, (int)i));
    return r;
}
} // namespace cooperative_groups

#endif
