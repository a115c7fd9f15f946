/* cooperative_groups.h -- CUDA's cooperative groups on the CPU: the thread block, its tiles, the grid's indices (warptex)
 * SPDX-License-Identifier: MIT
 *
 * namespace cooperative_groups (commonly `namespace cg = cooperative_groups;`):
 *   thread_block = this_thread_block(): sync(), thread_rank(), size(),
 *     num_threads(), group_index() (blockIdx), thread_index() (threadIdx),
 *     dim_threads() / group_dim() (blockDim); cg::sync(g) for any group.
 *   thread_block_tile<N> = tiled_partition<N>(parent), N a power of two up to
 *     32: consecutive threads of the block (by thread_rank) in tiles of N, each
 *     inside one warp.  sync, thread_rank, size, meta_group_rank (which tile),
 *     meta_group_size, and the warp exchanges among the tile's threads: shfl,
 *     shfl_up, shfl_down, shfl_xor (any trivially copyable type), any, all,
 *     ballot (bit i: the tile's thread i), match_any, match_all.
 *   thread_block_tile<N> of 64, 128, 256 or 512 threads (several warps, as
 *     CUDA's): sync (a barrier of the tile's threads alone), thread_rank,
 *     size, meta_group_rank, meta_group_size, shfl, any, all and cg::reduce
 *     on values of up to 8 bytes; this_thread_block(block_tile_memory<N> &)
 *     takes CUDA's scratch (not needed here).
 *   tiled_partition(parent, n): the same tiles as a thread_group (sync,
 *     thread_rank, size, meta_group_rank, meta_group_size); n a power of two
 *     up to 32, else the launch fails (__trap).
 *   cooperative_groups/reduce.h: reduce(tile, value, op) with plus, less,
 *     greater, bit_and, bit_or, bit_xor or any callable.
 *   grid_group = this_grid(): thread_rank, size, num_threads, block_rank,
 *     num_blocks, block_index, dim_blocks.  grid_group::sync() and
 *     cg::sync(grid) do not compile: a launch runs its blocks a few at a time
 *     on the CPU's threads, so no block can wait for all others (the message
 *     says so); cudaLaunchCooperativeKernel is refused likewise.
 *   coalesced_threads() (the caller alone, see below), labeled_partition and
 *     binary_partition of a tile of up to 32 threads or of such a group:
 *     coalesced_group with sync, thread_rank, size, shfl, shfl_up,
 *     shfl_down, any, all, ballot and cg::reduce.
 * Not provided (they do not compile): multi-grid groups.
 * The tile exchanges are __shfl_sync and its kind (device_functions.h) on the
 * tile's lanes, so every thread of a tile must make the same calls. */
#ifndef WARPTEX_CUDA_COOPERATIVE_GROUPS_H
#define WARPTEX_CUDA_COOPERATIVE_GROUPS_H
#define _COOPERATIVE_GROUPS_H_ /* CUDA's own include guard */

#include <string.h>
#include <type_traits>
#include <vector>

#include "cuda_runtime.h"

namespace cooperative_groups {
namespace details {
/* the caller's linear index in its block */
static inline unsigned block_rank_of_thread(void)
{
    const uint3 t = threadIdx;
    const dim3 d = blockDim;
    return t.x + d.x * (t.y + d.y * t.z);
}
static inline unsigned block_threads(void) { return blockDim.x * blockDim.y * blockDim.z; }
/* the lanes of the caller's warp in its tile of n threads (n a power of two up to 32) */
static inline unsigned tile_mask(unsigned n)
{
    const unsigned lane = block_rank_of_thread() & 31u;
    return n >= 32u ? 0xffffffffu : ((1u << n) - 1u) << (lane & ~(n - 1u));
}
/* lane src of the caller's warp's value of v, any trivially copyable type, 8 bytes at a time
 * (every lane of mask makes the same calls) */
template <class T> static inline T shfl_any(unsigned mask, const T &v, int src)
{
    static_assert(std::is_trivially_copyable<T>::value, "cooperative_groups: shfl moves trivially copyable values");
    T out;
    unsigned char in_bytes[sizeof(T)], out_bytes[sizeof(T)];
    memcpy(in_bytes, &v, sizeof(T));
    for (size_t at = 0; at < sizeof(T); at += 8) {
        unsigned long long chunk = 0;
        const size_t n = sizeof(T) - at < 8 ? sizeof(T) - at : 8;
        memcpy(&chunk, in_bytes + at, n);
        chunk = wt_cuda_warp_shfl(mask, chunk, src);
        memcpy(out_bytes + at, &chunk, n);
    }
    memcpy(&out, out_bytes, sizeof(T));
    return out;
}
/* Tiles of more than 32 threads (several warps) exchange values through one
 * slot per thread of the block, between two barriers of the tile: the first
 * lets the tile's previous exchange finish reading, the second makes every
 * value written.  The slots are the block's (the block runs on one OS
 * thread), never held across a barrier (a first exchange may grow them). */
static inline std::vector<unsigned long long> &group_slots(void)
{
    static thread_local std::vector<unsigned long long> slots;
    return slots;
}
/* every thread of the caller's tile of n threads publishes v; returns the
 * block rank of the tile's first thread (its slot holds rank 0's value) */
template <class T> static inline unsigned multi_warp_publish(unsigned n, const T &v)
{
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8,
                  "cooperative_groups: collectives of tiles larger than 32 threads take trivially copyable values of "
                  "up to 8 bytes (as CUDA's)");
    const unsigned me = block_rank_of_thread();
    wt_cuda_sync_tile(n);
    std::vector<unsigned long long> &slots = group_slots();
    if (slots.size() < block_threads())
        slots.resize(block_threads());
    unsigned long long bits = 0;
    memcpy(&bits, &v, sizeof(T));
    slots[me] = bits;
    wt_cuda_sync_tile(n);
    return me - me % n;
}
/* the value published in the slot of block rank r */
template <class T> static inline T multi_warp_value(unsigned r)
{
    T v;
    const unsigned long long bits = group_slots()[r];
    memcpy(&v, &bits, sizeof(T));
    return v;
}
/* the same for the lanes of mask in the caller's warp (a coalesced_group):
 * the barriers are __syncwarp(mask)'s */
template <class T> static inline void warp_group_publish(unsigned mask, const T &v)
{
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8, "8 bytes at a time");
    __syncwarp(mask);
    std::vector<unsigned long long> &slots = group_slots();
    if (slots.size() < block_threads())
        slots.resize(block_threads());
    unsigned long long bits = 0;
    memcpy(&bits, &v, sizeof(T));
    slots[block_rank_of_thread()] = bits;
    __syncwarp(mask);
}
/* lane src's v (any trivially copyable type, 8 bytes at a time), among the
 * lanes of mask, all of which make the same calls */
template <class T> static inline T warp_group_shfl(unsigned mask, const T &v, unsigned src)
{
    static_assert(std::is_trivially_copyable<T>::value, "cooperative_groups: shfl moves trivially copyable values");
    if ((mask & (mask - 1)) == 0) /* the caller alone */
        return v;
    const unsigned warp = block_rank_of_thread() & ~31u;
    unsigned char in_bytes[sizeof(T)], out_bytes[sizeof(T)];
    memcpy(in_bytes, &v, sizeof(T));
    for (size_t at = 0; at < sizeof(T); at += 8) {
        unsigned long long chunk = 0;
        const size_t n = sizeof(T) - at < 8 ? sizeof(T) - at : 8;
        memcpy(&chunk, in_bytes + at, n);
        warp_group_publish(mask, chunk);
        chunk = group_slots()[warp + src];
        memcpy(out_bytes + at, &chunk, n);
    }
    T out;
    memcpy(&out, out_bytes, sizeof(T));
    return out;
}
/* the lane of the r-th set bit of mask */
static inline unsigned lane_of_rank(unsigned mask, unsigned r)
{
    for (; r; r--)
        mask &= mask - 1;
    return mask ? (unsigned)__builtin_ctz(mask) : 32u;
}
/* op folded over the values of the lanes of mask, in lane order */
template <class T, class Op> static inline T warp_group_fold(unsigned mask, const T &v, Op op)
{
    if ((mask & (mask - 1)) == 0)
        return v;
    warp_group_publish(mask, v);
    const unsigned warp = block_rank_of_thread() & ~31u;
    T r = multi_warp_value<T>(warp + (unsigned)__builtin_ctz(mask));
    for (unsigned m = mask & (mask - 1); m; m &= m - 1)
        r = op(r, multi_warp_value<T>(warp + (unsigned)__builtin_ctz(m)));
    return r;
}
/* op folded over the values of the caller's tile of n threads, in rank order */
template <class T, class Op> static inline T multi_warp_fold(unsigned n, const T &v, Op op)
{
    const unsigned base = multi_warp_publish(n, v);
    const unsigned end = base + n < block_threads() ? base + n : block_threads();
    T r = multi_warp_value<T>(base);
    for (unsigned i = base + 1; i < end; i++)
        r = op(r, multi_warp_value<T>(i));
    return r;
}
} // namespace details

/* this_thread_block(scratch)'s scratch: CUDA keeps the exchanges of tiles of
 * more than 32 threads there; here they need none (details::group_slots) */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
  private:
    [[maybe_unused]] unsigned char unused_ = 0;
};

/* a group of threads of one block: the whole block, or a tile of it */
class thread_group {
  protected:
    unsigned size_;  /* threads in the group */
    unsigned rank_;  /* the caller's rank in it */
    unsigned mask_;  /* a tile's lanes in the caller's warp (0 for the block) */
    unsigned meta_rank_, meta_size_;
    thread_group(unsigned size, unsigned rank, unsigned mask, unsigned meta_rank, unsigned meta_size)
        : size_(size), rank_(rank), mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size)
    {
    }

  public:
    void sync() const
    {
        if (mask_)
            __syncwarp(mask_);
        else if (size_ < details::block_threads())
            wt_cuda_sync_tile(size_); /* a tile of several warps */
        else
            __syncthreads();
    }
    unsigned long long size() const { return size_; }
    unsigned long long num_threads() const { return size_; }
    unsigned long long thread_rank() const { return rank_; }
    unsigned int meta_group_rank() const { return meta_rank_; }
    unsigned int meta_group_size() const { return meta_size_; }
};

class thread_block : public thread_group {
    friend thread_block this_thread_block();
    template <unsigned int M> friend thread_block this_thread_block(block_tile_memory<M> &);
    thread_block()
        : thread_group(details::block_threads(), details::block_rank_of_thread(), 0u, 0u, 1u)
    {
    }

  public:
    void sync() const { __syncthreads(); }
    unsigned int size() const { return size_; }
    unsigned int num_threads() const { return size_; }
    unsigned int thread_rank() const { return rank_; }
    dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    dim3 group_dim() const { return dim_threads(); }
};
inline thread_block this_thread_block() { return thread_block(); }
template <unsigned int MaxBlockSize> inline thread_block this_thread_block(block_tile_memory<MaxBlockSize> &)
{
    return thread_block();
}

/* tiled_partition(parent, n): tiles of n threads as a thread_group */
inline thread_group tiled_partition(const thread_group &parent, unsigned int n);

template <unsigned int N, class ParentT = void> class thread_block_tile : public thread_group {
    static_assert(N >= 1 && N <= 512 && (N & (N - 1)) == 0,
                  "warptex: thread_block_tile<N>: N must be a power of two up to 32, or 64, 128, 256 or 512");
    static constexpr bool multi_warp = N > 32;
    unsigned base_; /* the tile's first lane in the warp (0 for a tile of several warps) */
    template <unsigned M, class P> friend thread_block_tile<M, P> tiled_partition(const P &parent);
    template <unsigned M, class P> friend class thread_block_tile;
    thread_block_tile(unsigned parent_rank, unsigned parent_size)
        : thread_group(N, parent_rank % N, multi_warp ? 0u : details::tile_mask(N), parent_rank / N,
                       (parent_size + N - 1) / N),
          base_(details::block_rank_of_thread() & 31u & ~(N - 1))
    {
    }

  public:
    /* a tile of a named parent converts to the same tile of an unnamed one (thread_block_tile<N>) */
    template <class P, class = std::enable_if_t<std::is_void<ParentT>::value && !std::is_void<P>::value>>
    thread_block_tile(const thread_block_tile<N, P> &t)
        : thread_group(N, (unsigned)t.thread_rank(), t.mask_, t.meta_group_rank(), t.meta_group_size()),
          base_(t.base_)
    {
    }
    void sync() const
    {
        if (multi_warp)
            wt_cuda_sync_tile(N);
        else
            __syncwarp(mask_);
    }
    unsigned int size() const { return N; }
    unsigned int num_threads() const { return N; }
    unsigned int thread_rank() const { return rank_; }
    /* src_rank's var (src_rank modulo N) */
    template <class T> T shfl(const T &var, int src_rank) const
    {
        if constexpr (multi_warp)
            return details::multi_warp_value<T>(details::multi_warp_publish(N, var) + ((unsigned)src_rank & (N - 1)));
        else
            return details::shfl_any(mask_, var, (int)base_ + (int)((unsigned)src_rank & (N - 1)));
    }
    /* the var of thread_rank() - delta (the caller's own where that is below 0) */
    template <class T> T shfl_up(const T &var, unsigned int delta) const
    {
        static_assert(!multi_warp || sizeof(T) == 0, "cooperative_groups: shfl_up needs a tile of up to 32 threads");
        return details::shfl_any(mask_, var, rank_ >= delta ? (int)(base_ + rank_ - delta) : -1);
    }
    /* the var of thread_rank() + delta (the caller's own where that is past the tile) */
    template <class T> T shfl_down(const T &var, unsigned int delta) const
    {
        static_assert(!multi_warp || sizeof(T) == 0, "cooperative_groups: shfl_down needs a tile of up to 32 threads");
        return details::shfl_any(mask_, var, rank_ + delta < N ? (int)(base_ + rank_ + delta) : -1);
    }
    template <class T> T shfl_xor(const T &var, unsigned int lane_mask) const
    {
        static_assert(!multi_warp || sizeof(T) == 0, "cooperative_groups: shfl_xor needs a tile of up to 32 threads");
        const unsigned src = rank_ ^ lane_mask;
        return details::shfl_any(mask_, var, src < N ? (int)(base_ + src) : -1);
    }
    int any(int predicate) const
    {
        if (multi_warp)
            return details::multi_warp_fold(N, predicate != 0, [](bool a, bool b) { return a || b; });
        return __any_sync(mask_, predicate);
    }
    int all(int predicate) const
    {
        if (multi_warp)
            return details::multi_warp_fold(N, predicate != 0, [](bool a, bool b) { return a && b; });
        return __all_sync(mask_, predicate);
    }
    /* bit i: the tile's thread i */
    template <class U = void> unsigned int ballot(int predicate) const
    {
        static_assert(!multi_warp || !std::is_void<U>::value, "cooperative_groups: ballot needs a tile of up to 32 threads");
        return __ballot_sync(mask_, predicate) >> base_;
    }
    template <class T> unsigned int match_any(T val) const
    {
        static_assert(!multi_warp || sizeof(T) == 0, "cooperative_groups: match_any needs a tile of up to 32 threads");
        return __match_any_sync(mask_, val) >> base_;
    }
    template <class T> unsigned int match_all(T val, int &pred) const
    {
        static_assert(!multi_warp || sizeof(T) == 0, "cooperative_groups: match_all needs a tile of up to 32 threads");
        return __match_all_sync(mask_, val, &pred) >> base_;
    }
};

/* tiled_partition<N>(parent): the caller's tile of N threads of parent (a block, or a larger tile) */
template <unsigned int N, class ParentT> thread_block_tile<N, ParentT> tiled_partition(const ParentT &parent)
{
    return thread_block_tile<N, ParentT>((unsigned)parent.thread_rank(), (unsigned)parent.size());
}

inline thread_group tiled_partition(const thread_group &parent, unsigned int n)
{
    if (n == 0 || n > 32 || (n & (n - 1)) != 0) {
        __trap(); /* CUDA: undefined; here the launch fails */
        n = 1;
    }
    struct tile : thread_group {
        tile(unsigned n, unsigned parent_rank, unsigned parent_size)
            : thread_group(n, parent_rank % n, details::tile_mask(n), parent_rank / n, (parent_size + n - 1) / n)
        {
        }
    };
    return tile(n, (unsigned)parent.thread_rank(), (unsigned)parent.size());
}

/* A group of lanes of one warp (CUDA's coalesced_group): coalesced_threads(),
 * and labeled_partition / binary_partition of a tile of up to 32 threads or
 * of such a group.  Ranks follow lane order.  Its exchanges go through the
 * block's slots between two __syncwarp(mask) (a barrier of exactly these
 * lanes, as bar.warp.sync's), so groups on two sides of a branch exchange
 * apart from each other and from the warp's own __shfl_sync rounds. */
class coalesced_group : public thread_group {
    template <unsigned M, class P> friend coalesced_group labeled_partition(const thread_block_tile<M, P> &, int);
    friend coalesced_group labeled_partition(const coalesced_group &, int);
    friend coalesced_group coalesced_threads();
    static unsigned lane(void) { return details::block_rank_of_thread() & 31u; }
    explicit coalesced_group(unsigned lanes)
        : thread_group((unsigned)__builtin_popcount(lanes), (unsigned)__builtin_popcount(lanes & ((1u << lane()) - 1u)),
                       lanes, 0u, 1u)
    {
    }

  public:
    void sync() const
    {
        if (size_ > 1)
            __syncwarp(mask_);
    }
    unsigned int size() const { return size_; }
    unsigned int num_threads() const { return size_; }
    unsigned int thread_rank() const { return rank_; }
    /* the var of the group's thread src_rank (modulo the size) */
    template <class T> T shfl(const T &var, unsigned int src_rank) const
    {
        return details::warp_group_shfl(mask_, var, details::lane_of_rank(mask_, src_rank % size_));
    }
    /* the var of thread_rank() - delta (the caller's own where that is below 0) */
    template <class T> T shfl_up(const T &var, unsigned int delta) const
    {
        const unsigned src = rank_ >= delta ? rank_ - delta : rank_;
        return details::warp_group_shfl(mask_, var, details::lane_of_rank(mask_, src));
    }
    /* the var of thread_rank() + delta (the caller's own where that is past the group) */
    template <class T> T shfl_down(const T &var, unsigned int delta) const
    {
        const unsigned src = rank_ + delta < size_ ? rank_ + delta : rank_;
        return details::warp_group_shfl(mask_, var, details::lane_of_rank(mask_, src));
    }
    int any(int predicate) const
    {
        return details::warp_group_fold(mask_, predicate != 0, [](bool a, bool b) { return a || b; });
    }
    int all(int predicate) const
    {
        return details::warp_group_fold(mask_, predicate != 0, [](bool a, bool b) { return a && b; });
    }
    /* bit i: the group's thread i */
    unsigned int ballot(int predicate) const
    {
        const unsigned mine = predicate ? 1u << rank_ : 0u;
        return details::warp_group_fold(mask_, mine, [](unsigned a, unsigned b) { return a | b; });
    }
    /* for reduce: op folded over the group's values in rank order */
    template <class T, class Op> T fold_(const T &v, Op op) const { return details::warp_group_fold(mask_, v, op); }
};

/* coalesced_threads(): the threads of the caller's warp that make this call
 * together.  A block's threads run one after another here, each up to its
 * next barrier, so no other thread is ever at the call with the caller: the
 * group is the caller alone, a grouping CUDA allows too (independent thread
 * scheduling promises no convergence).  Its exchanges then cost nothing. */
inline coalesced_group coalesced_threads() { return coalesced_group(1u << coalesced_group::lane()); }

namespace details {
/* the lanes of mask whose label equals the caller's (every lane of mask calls) */
static inline unsigned same_label(unsigned mask, int label)
{
    if ((mask & (mask - 1)) == 0)
        return mask;
    warp_group_publish(mask, label);
    const unsigned warp = block_rank_of_thread() & ~31u;
    unsigned same = 0;
    for (unsigned m = mask; m; m &= m - 1) {
        const unsigned l = (unsigned)__builtin_ctz(m);
        if (multi_warp_value<int>(warp + l) == label)
            same |= 1u << l;
    }
    return same;
}
} // namespace details

/* labeled_partition(parent, label): the threads of parent with the caller's
 * label, a collective of parent (a tile of up to 32 threads or a
 * coalesced_group); binary_partition(parent, pred): the same with pred's
 * truth as the label. */
template <unsigned M, class P> inline coalesced_group labeled_partition(const thread_block_tile<M, P> &parent, int label)
{
    static_assert(M <= 32, "cooperative_groups: labeled_partition needs a tile of up to 32 threads");
    (void)parent;
    return coalesced_group(details::same_label(details::tile_mask(M), label));
}
inline coalesced_group labeled_partition(const coalesced_group &parent, int label)
{
    return coalesced_group(details::same_label(parent.mask_, label));
}
template <unsigned M, class P> inline coalesced_group binary_partition(const thread_block_tile<M, P> &parent, bool pred)
{
    return labeled_partition(parent, pred ? 1 : 0);
}
inline coalesced_group binary_partition(const coalesced_group &parent, bool pred)
{
    return labeled_partition(parent, pred ? 1 : 0);
}

/* cg::sync(group), cg::thread_rank(group), cg::num_threads(group) */
template <class G> inline void sync(const G &g) { g.sync(); }
template <class G> inline auto thread_rank(const G &g) -> decltype(g.thread_rank()) { return g.thread_rank(); }
template <class G> inline auto num_threads(const G &g) -> decltype(g.num_threads()) { return g.num_threads(); }

/* the grid: indices only, no grid-wide barrier */
class grid_group {
    friend grid_group this_grid();
    grid_group() {}

  public:
    template <class T = void> void sync() const
    {
        static_assert(wt_cuda_detail::always_false<T>::value,
                      "warptex: grid_group::sync() (grid-wide synchronisation) is not supported on the CPU: a "
                      "launch runs its blocks a few at a time, so no block can wait for all the others");
    }
    bool is_valid() const { return true; }
    unsigned long long num_blocks() const { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
    unsigned long long block_rank() const
    {
        return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    }
    unsigned long long num_threads() const { return num_blocks() * details::block_threads(); }
    unsigned long long size() const { return num_threads(); }
    unsigned long long thread_rank() const
    {
        return block_rank() * details::block_threads() + details::block_rank_of_thread();
    }
    dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    dim3 group_dim() const { return dim3(blockDim.x * gridDim.x, blockDim.y * gridDim.y, blockDim.z * gridDim.z); }
};
inline grid_group this_grid() { return grid_group(); }
} // namespace cooperative_groups

#endif
