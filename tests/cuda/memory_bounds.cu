// memory_bounds.cu -- every copy and set of the CUDA layer checks the device side of its range
// against the allocation it lies in: a range just inside succeeds and copies the right bytes; one
// byte past the end, a pointer one past the end, a huge or overflowing size is cudaErrorInvalidValue
// (recorded once, not sticky) and writes nothing, neither in the block nor in its neighbours.
// Arrays are checked against their extent.  Prints one line per failed check and "FAILED" at the
// end if any failed.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "include/expect.h"
#define EXPECT_OK(call) expect_error((call), cudaSuccess, __LINE__, #call)
#define EXPECT_REFUSED(call) expect_error((call), cudaErrorInvalidValue, __LINE__, #call)
#define EXPECT_ERROR(call, want) expect_error((call), (want), __LINE__, #call)

// The call returned want; an error is the last error once (peek, then get, then get is success) and
// is not sticky (the next call still works).
static void expect_error(cudaError_t got, cudaError_t want, int line, const char *what)
{
    if (got != want) {
        std::printf("%s:%d: %s returned %s, expected %s\n", __FILE__, line, what, cudaGetErrorName(got),
                    cudaGetErrorName(want));
        failures++;
    }
    const cudaError_t peek = cudaPeekAtLastError(), last = cudaGetLastError(), after = cudaGetLastError();
    if (peek != want || last != want || after != cudaSuccess) {
        std::printf("%s:%d: %s: last error %s / %s then %s, expected %s once\n", __FILE__, line, what,
                    cudaGetErrorName(peek), cudaGetErrorName(last), cudaGetErrorName(after), cudaGetErrorName(want));
        failures++;
    }
}

// ---- guarded blocks: every block the tests use, and neighbours between them, refilled before each
// case; after a refused call all of them must still hold their fill ----
struct tracked {
    unsigned char *p;
    size_t n;
    unsigned char fill;
    bool pinned; // from cudaMallocHost: freed with cudaFreeHost
};
static std::vector<tracked> blocks;
static unsigned char hsrc[1 << 20], hdst[1 << 20]; // host memory: a pattern, and a destination
static const size_t MiB = 1 << 20;

static unsigned char pattern(size_t i) { return (unsigned char)(i * 7 + 3); }

static void *track(void *p, size_t n, bool pinned = false)
{
    blocks.push_back(tracked{(unsigned char *)p, n, (unsigned char)(0x40 + blocks.size()), pinned});
    return p;
}

// a device block of n bytes between two 64-byte neighbours
static unsigned char *dev_block(size_t n)
{
    void *before = nullptr, *p = nullptr, *after = nullptr;
    EXPECT(cudaMalloc(&before, 64) == cudaSuccess);
    EXPECT(cudaMalloc(&p, n) == cudaSuccess);
    EXPECT(cudaMalloc(&after, 64) == cudaSuccess);
    track(before, 64);
    track(after, 64);
    return (unsigned char *)track(p, n);
}

static void arm()
{
    for (const tracked &b : blocks)
        std::memset(b.p, b.fill, b.n); // device memory is host memory here
    std::memset(hdst, 0xEE, sizeof hdst);
}

static bool untouched_blocks()
{
    for (const tracked &b : blocks)
        for (size_t i = 0; i < b.n; i++)
            if (b.p[i] != b.fill)
                return false;
    return true;
}

static bool untouched_host()
{
    for (size_t i = 0; i < sizeof hdst; i++)
        if (hdst[i] != 0xEE)
            return false;
    return true;
}
// the fill arm() gives the tracked block holding p
static unsigned char fill_of(const void *p)
{
    for (const tracked &b : blocks)
        if ((const unsigned char *)p >= b.p && (const unsigned char *)p < b.p + b.n)
            return b.fill;
    return 0;
}
#define EXPECT_UNTOUCHED() EXPECT(untouched_blocks() && untouched_host())

static bool holds_pattern(const void *p, size_t n, size_t from = 0)
{
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)p)[i] != pattern(from + i))
            return false;
    return true;
}

static bool holds_byte(const void *p, size_t n, unsigned char v)
{
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)p)[i] != v)
            return false;
    return true;
}

// ---- cudaMemcpy, cudaMemcpyAsync: dev and dev2 are 64-byte blocks ----
static void check_memcpy(unsigned char *dev, unsigned char *dev2)
{
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    // just inside: the whole block, an interior pointer to the end, the last byte, nothing at the end
    arm();
    EXPECT_OK(cudaMemcpy(dev, hsrc, 64, cudaMemcpyHostToDevice));
    EXPECT(holds_pattern(dev, 64));
    arm();
    EXPECT_OK(cudaMemcpy(dev + 10, hsrc, 54, cudaMemcpyHostToDevice));
    EXPECT(holds_pattern(dev + 10, 54) && holds_byte(dev, 10, fill_of(dev)));
    arm();
    EXPECT_OK(cudaMemcpy(dev + 63, hsrc, 1, cudaMemcpyDefault));
    EXPECT(dev[63] == pattern(0) && holds_byte(dev, 63, fill_of(dev)));
    EXPECT_OK(cudaMemcpy(dev + 64, hsrc, 0, cudaMemcpyHostToDevice));
    arm();
    EXPECT_OK(cudaMemcpy(hdst, dev, 64, cudaMemcpyDeviceToHost));
    EXPECT(holds_byte(hdst, 64, fill_of(dev)) && hdst[64] == 0xEE);
    arm();
    EXPECT_OK(cudaMemcpyAsync(dev2 + 32, dev + 32, 32, cudaMemcpyDeviceToDevice, s));
    EXPECT(holds_byte(dev2 + 32, 32, fill_of(dev)) && holds_byte(dev2, 32, fill_of(dev2)));

    // one byte past the end, from the start and from inside; a pointer one past the end
    arm();
    EXPECT_REFUSED(cudaMemcpy(dev, hsrc, 65, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(dev + 10, hsrc, 55, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(dev + 63, hsrc, 2, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(dev + 64, hsrc, 1, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpyAsync(dev, hsrc, 65, cudaMemcpyHostToDevice, s));
    EXPECT_UNTOUCHED();
    // the device side is found from the pointer, whatever the kind says (as cudaMemcpyDefault infers it)
    EXPECT_REFUSED(cudaMemcpy(dev, hsrc, 65, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemcpy(dev, hsrc, 65, cudaMemcpyHostToHost));
    EXPECT_REFUSED(cudaMemcpy(hdst, dev, 65, cudaMemcpyDeviceToHost));
    EXPECT_REFUSED(cudaMemcpy(hdst, dev + 1, 64, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemcpy(hdst, dev + 64, 1, cudaMemcpyDeviceToHost));
    // device to device: either side past its block
    EXPECT_REFUSED(cudaMemcpy(dev2, dev + 1, 64, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpy(dev2 + 1, dev, 64, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyAsync(dev2 + 1, dev, 64, cudaMemcpyDefault, s));
    EXPECT_UNTOUCHED();
    // not a direction at all: still cudaErrorInvalidMemcpyDirection
    EXPECT_ERROR(cudaMemcpy(dev, hsrc, 8, (cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
}

// ---- cudaMemset, cudaMemsetAsync ----
static void check_memset(unsigned char *dev)
{
    arm();
    EXPECT_OK(cudaMemset(dev, 0x7F, 64));
    EXPECT(holds_byte(dev, 64, 0x7F));
    arm();
    EXPECT_OK(cudaMemsetAsync(dev + 32, 0x7F, 32));
    EXPECT(holds_byte(dev + 32, 32, 0x7F) && holds_byte(dev, 32, fill_of(dev)));
    EXPECT_OK(cudaMemset(dev + 64, 0x7F, 0));
    arm();
    EXPECT_REFUSED(cudaMemset(dev, 0x7F, 65));
    EXPECT_REFUSED(cudaMemset(dev + 32, 0x7F, 33));
    EXPECT_REFUSED(cudaMemset(dev + 64, 0x7F, 1));
    EXPECT_REFUSED(cudaMemsetAsync(dev + 1, 0x7F, 64));
    EXPECT_UNTOUCHED();
}

// ---- 2D: the range ends at the last byte touched, (height - 1) * pitch + width ----
static void check_2d(unsigned char *dev)
{
    const unsigned char f = fill_of(dev);
    // the 64-byte block as 4 rows of 16
    arm();
    EXPECT_OK(cudaMemcpy2D(dev, 16, hsrc, 16, 16, 4, cudaMemcpyHostToDevice));
    EXPECT(holds_pattern(dev, 64));
    arm();
    EXPECT_OK(cudaMemcpy2D(dev + 4, 20, hsrc, 12, 12, 3, cudaMemcpyHostToDevice)); // ends at 4 + 2 * 20 + 12 = 56
    EXPECT(holds_pattern(dev + 4, 12) && holds_pattern(dev + 24, 12, 12) && holds_pattern(dev + 44, 12, 24) &&
           holds_byte(dev + 16, 8, f) && holds_byte(dev + 56, 8, f));
    arm();
    EXPECT_OK(cudaMemcpy2D(hdst, 16, dev + 48, 100, 16, 1, cudaMemcpyDeviceToHost)); // the pitch past the end is not touched
    EXPECT(holds_byte(hdst, 16, f) && hdst[16] == 0xEE);
    arm();
    EXPECT_REFUSED(cudaMemcpy2D(dev, 16, hsrc, 16, 16, 5, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2D(dev, 17, hsrc, 16, 16, 4, cudaMemcpyHostToDevice)); // 3 * 17 + 16 = 67
    EXPECT_REFUSED(cudaMemcpy2D(dev + 1, 16, hsrc, 16, 16, 4, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2D(dev + 64, 16, hsrc, 16, 1, 1, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2DAsync(dev, 16, hsrc, 16, 16, 5, cudaMemcpyDefault, 0));
    EXPECT_REFUSED(cudaMemcpy2D(hdst, 16, dev, 16, 16, 5, cudaMemcpyDeviceToHost));
    EXPECT_REFUSED(cudaMemcpy2D(hdst, 16, dev + 1, 16, 16, 4, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemcpy2DAsync(hdst, 16, dev + 49, 100, 16, 1, cudaMemcpyDeviceToHost, 0));
    EXPECT_UNTOUCHED();
    // sets
    arm();
    EXPECT_OK(cudaMemset2D(dev, 16, 0x33, 16, 4));
    EXPECT(holds_byte(dev, 64, 0x33));
    arm();
    EXPECT_OK(cudaMemset2DAsync(dev + 8, 16, 0x33, 8, 4)); // ends at 8 + 3 * 16 + 8 = 64
    EXPECT(holds_byte(dev + 8, 8, 0x33) && holds_byte(dev + 56, 8, 0x33) && holds_byte(dev, 8, f) &&
           holds_byte(dev + 16, 8, f));
    arm();
    EXPECT_REFUSED(cudaMemset2D(dev, 16, 0x33, 16, 5));
    EXPECT_REFUSED(cudaMemset2D(dev + 9, 16, 0x33, 8, 4));
    EXPECT_REFUSED(cudaMemset2DAsync(dev, 21, 0x33, 2, 4)); // 3 * 21 + 2 = 65
    EXPECT_REFUSED(cudaMemset2D(dev + 64, 16, 0x33, 1, 1));
    EXPECT_UNTOUCHED();

    // a cudaMallocPitch block is pitch * height bytes: a row may use the whole pitch
    unsigned char *pd = nullptr;
    size_t pitch = 0;
    EXPECT(cudaMallocPitch(&pd, &pitch, 100, 4) == cudaSuccess && pitch >= 100);
    track(pd, pitch * 4);
    arm();
    EXPECT_OK(cudaMemcpy2D(pd, pitch, hsrc, pitch, pitch, 4, cudaMemcpyHostToDevice));
    EXPECT(holds_pattern(pd, pitch * 4));
    arm();
    EXPECT_OK(cudaMemcpy2D(pd + 1, pitch, hsrc, pitch, pitch - 1, 4, cudaMemcpyHostToDevice));
    EXPECT(pd[0] == fill_of(pd) && holds_pattern(pd + 1 + 3 * pitch, pitch - 1, 3 * pitch));
    arm();
    EXPECT_REFUSED(cudaMemcpy2D(pd + 1, pitch, hsrc, pitch, pitch, 4, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2D(pd, pitch, hsrc, pitch, 100, 5, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemset2D(pd, pitch, 0, 100, 5));
    EXPECT_REFUSED(cudaMemset2D(pd + 3 * pitch + 1, pitch, 0, pitch, 1));
    EXPECT_UNTOUCHED();
}

// ---- cudaMalloc3D, cudaMemset3D, cudaMemcpy3D between pitched pointers ----
static void check_3d_linear()
{
    cudaPitchedPtr pp = {};
    EXPECT(cudaMalloc3D(&pp, make_cudaExtent(100, 4, 3)) == cudaSuccess);
    EXPECT(pp.pitch >= 100 && pp.xsize == 100 && pp.ysize == 4);
    const size_t P = pp.pitch, slice = P * 4, whole = slice * 3;
    unsigned char *base = (unsigned char *)track(pp.ptr, whole);
    const unsigned char f = fill_of(base);
    arm();
    EXPECT_OK(cudaMemset3D(pp, 0x44, make_cudaExtent(P, 4, 3)));
    EXPECT(holds_byte(base, whole, 0x44));
    // an interior pointer (the second row): 3 rows of each of 3 slices end at the block's end
    const cudaPitchedPtr in = make_cudaPitchedPtr(base + P, P, 100, 4);
    arm();
    EXPECT_OK(cudaMemset3DAsync(in, 0x44, make_cudaExtent(P, 3, 3)));
    EXPECT(holds_byte(base, P, f) && holds_byte(base + P, 3 * P, 0x44) && holds_byte(base + slice, P, f) &&
           holds_byte(base + 2 * slice + P, 3 * P, 0x44));
    arm();
    EXPECT_REFUSED(cudaMemset3D(pp, 0x44, make_cudaExtent(P, 4, 4)));
    EXPECT_REFUSED(cudaMemset3D(pp, 0x44, make_cudaExtent(P, 5, 3)));
    EXPECT_REFUSED(cudaMemset3D(in, 0x44, make_cudaExtent(1, 4, 3)));
    EXPECT_REFUSED(cudaMemset3D(make_cudaPitchedPtr(base, P, 100, 5), 0x44, make_cudaExtent(100, 4, 3)));
    EXPECT_REFUSED(cudaMemset3DAsync(make_cudaPitchedPtr(base + whole, P, 100, 4), 0x44, make_cudaExtent(1, 1, 1)));
    EXPECT_UNTOUCHED();
    EXPECT_ERROR(cudaMemset3D(pp, 0, make_cudaExtent(P + 1, 1, 1)), cudaErrorInvalidPitchValue);

    // host -> the 3D block
    cudaMemcpy3DParms c = {};
    c.srcPtr = make_cudaPitchedPtr(hsrc, P, 100, 4);
    c.dstPtr = pp;
    c.extent = make_cudaExtent(100, 4, 3);
    c.kind = cudaMemcpyHostToDevice;
    arm();
    EXPECT_OK(cudaMemcpy3D(&c));
    EXPECT(holds_pattern(base + 2 * slice + 3 * P, 100, 2 * slice + 3 * P) && base[100] == f);
    c.dstPos = make_cudaPos(P - 100, 0, 1); // the last row of the last slice ends at the block's last byte
    c.extent = make_cudaExtent(100, 4, 2);
    arm();
    EXPECT_OK(cudaMemcpy3DAsync(&c, 0));
    EXPECT(holds_pattern(base + whole - 100, 100, slice + 3 * P) && holds_byte(base, slice, f));
    arm();
    c.extent = make_cudaExtent(100, 4, 3); // slices 1..3 of 3
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(0, 1, 2); // rows 1..4 of the last slice
    c.extent = make_cudaExtent(100, 4, 1);
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPtr = make_cudaPitchedPtr(base + 1, P, 100, 4); // an interior pointer, the same box
    c.dstPos = make_cudaPos(P - 100, 3, 2);
    c.extent = make_cudaExtent(100, 1, 1);
    EXPECT_REFUSED(cudaMemcpy3DAsync(&c, 0));
    EXPECT_UNTOUCHED();
    c.dstPtr = pp;
    c.dstPos = make_cudaPos(1, 0, 0);
    c.extent = make_cudaExtent(P, 1, 1);
    EXPECT_ERROR(cudaMemcpy3D(&c), cudaErrorInvalidPitchValue); // a row past the pitch

    // the 3D block -> host: the source side past its block
    cudaMemcpy3DParms r = {};
    r.srcPtr = pp;
    r.srcPos = make_cudaPos(0, 0, 1);
    r.dstPtr = make_cudaPitchedPtr(hdst, P, 100, 4);
    r.extent = make_cudaExtent(100, 4, 3);
    r.kind = cudaMemcpyDeviceToHost;
    arm();
    EXPECT_REFUSED(cudaMemcpy3D(&r));
    r.kind = cudaMemcpyDefault;
    EXPECT_REFUSED(cudaMemcpy3D(&r));
    EXPECT_UNTOUCHED();
    r.extent = make_cudaExtent(100, 4, 2);
    EXPECT_OK(cudaMemcpy3D(&r));
    EXPECT(holds_byte(hdst + slice + 3 * P, 100, f));
}

// ---- arrays: checked against their extent; their linear side against its device block ----
static void check_arrays(unsigned char *dev)
{
    const unsigned char f = fill_of(dev);
    const cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t a = nullptr, b = nullptr;
    EXPECT(cudaMallocArray(&a, &fd, 16, 8) == cudaSuccess); // 8 rows of 64 bytes
    EXPECT(cudaMallocArray(&b, &fd, 16, 8) == cudaSuccess);
    static unsigned char got[512];
    auto read = [](cudaArray_t arr) { return cudaMemcpy2DFromArray(got, 64, arr, 0, 0, 64, 8, cudaMemcpyDeviceToHost); };
    EXPECT_OK(cudaMemcpy2DToArray(a, 0, 0, hsrc, 64, 64, 8, cudaMemcpyHostToDevice));
    EXPECT_OK(read(a));
    EXPECT(holds_pattern(got, 512));

    // from a device block: one row fits its 64 bytes, two do not
    arm();
    EXPECT_OK(cudaMemcpy2DToArray(a, 0, 7, dev, 64, 64, 1, cudaMemcpyDeviceToDevice));
    EXPECT_OK(read(a));
    EXPECT(holds_pattern(got, 448) && holds_byte(got + 448, 64, f));
    EXPECT_OK(cudaMemcpyToArray(a, 0, 7, hsrc + 448, 64, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2DToArray(a, 0, 6, dev, 64, 64, 2, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpy2DToArray(a, 0, 0, dev, 32, 32, 3, cudaMemcpyDefault)); // 2 * 32 + 32 = 96
    EXPECT_REFUSED(cudaMemcpy2DToArrayAsync(a, 0, 0, dev + 1, 64, 64, 1, cudaMemcpyDeviceToDevice, 0));
    EXPECT_REFUSED(cudaMemcpyToArray(a, 0, 0, dev, 68, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyToArray(a, 0, 0, dev + 64, 4, cudaMemcpyDeviceToDevice));
    // the array's extent
    EXPECT_REFUSED(cudaMemcpy2DToArray(a, 0, 1, hsrc, 64, 64, 8, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2DToArray(a, 4, 0, hsrc, 64, 64, 1, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpyToArray(a, 0, 7, hsrc, 68, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpyToArray(a, 60, 7, hsrc, 8, cudaMemcpyHostToDevice));
    EXPECT_OK(read(a));
    EXPECT(holds_pattern(got, 512));

    // into a device block
    arm();
    EXPECT_REFUSED(cudaMemcpy2DFromArray(dev, 64, a, 0, 0, 64, 2, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpy2DFromArrayAsync(dev + 32, 32, a, 0, 0, 32, 2, cudaMemcpyDefault, 0)); // 32 + 32 + 32
    EXPECT_REFUSED(cudaMemcpyFromArray(dev, a, 0, 0, 68, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyFromArray(dev + 64, a, 0, 0, 4, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyFromArray(hdst, a, 0, 7, 68, cudaMemcpyDeviceToHost)); // past the array
    EXPECT_UNTOUCHED();
    EXPECT_OK(cudaMemcpyFromArray(dev, a, 0, 1, 64, cudaMemcpyDeviceToDevice));
    EXPECT(holds_pattern(dev, 64, 64));
    arm();
    EXPECT_OK(cudaMemcpy2DFromArray(dev + 32, 16, a, 16, 0, 16, 2, cudaMemcpyDeviceToDevice)); // ends at 64
    EXPECT(holds_pattern(dev + 32, 16, 16) && holds_pattern(dev + 48, 16, 80) && holds_byte(dev, 32, f));

    // array to array: b holds 0xEE; a refused copy leaves it so
    arm();
    EXPECT_OK(cudaMemcpy2DToArray(b, 0, 0, hdst, 64, 64, 8, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpyArrayToArray(b, 4, 0, a, 0, 0, 512));
    EXPECT_REFUSED(cudaMemcpyArrayToArray(b, 0, 0, a, 4, 0, 512));
    EXPECT_REFUSED(cudaMemcpyArrayToArray(b, 0, 0, a, 0, 0, SIZE_MAX - 3));
    EXPECT_OK(read(b));
    EXPECT(holds_byte(got, 512, 0xEE));
    EXPECT_OK(cudaMemcpyArrayToArray(b, 4, 1, a, 0, 0, 64, cudaMemcpyDefault));
    EXPECT_OK(read(b));
    EXPECT(holds_byte(got, 68, 0xEE) && holds_pattern(got + 68, 64) && holds_byte(got + 132, 380, 0xEE));

    // a 3D array of 3 slices of 4 rows of 32 bytes
    cudaArray_t v = nullptr, v2 = nullptr;
    EXPECT(cudaMalloc3DArray(&v, &fd, make_cudaExtent(8, 4, 3)) == cudaSuccess);
    EXPECT(cudaMalloc3DArray(&v2, &fd, make_cudaExtent(8, 4, 2)) == cudaSuccess);
    auto read3 = [](cudaArray_t arr, size_t depth) {
        cudaMemcpy3DParms r = {};
        r.srcArray = arr;
        r.dstPtr = make_cudaPitchedPtr(got, 32, 8, 4);
        r.extent = make_cudaExtent(8, 4, depth);
        r.kind = cudaMemcpyDeviceToHost;
        return cudaMemcpy3D(&r);
    };
    cudaMemcpy3DParms c = {};
    c.srcPtr = make_cudaPitchedPtr(hsrc, 32, 8, 4);
    c.dstArray = v;
    c.extent = make_cudaExtent(8, 4, 3);
    c.kind = cudaMemcpyHostToDevice;
    EXPECT_OK(cudaMemcpy3D(&c));
    EXPECT_OK(read3(v, 3));
    EXPECT(holds_pattern(got, 384));
    // a box one slice, one row or one element past the array: refused before any slice is written
    arm();
    c.srcPtr = make_cudaPitchedPtr(hdst, 32, 8, 4);
    c.dstPos = make_cudaPos(0, 0, 1);
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(0, 1, 0);
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(0, 0, 0);
    c.extent = make_cudaExtent(9, 4, 3);
    c.srcPtr = make_cudaPitchedPtr(hdst, 36, 9, 4);
    EXPECT_REFUSED(cudaMemcpy3DAsync(&c, 0));
    EXPECT_OK(read3(v, 3));
    EXPECT(holds_pattern(got, 384));
    // the array -> a device block: two rows of 32 bytes fit its 64, three do not
    cudaMemcpy3DParms r = {};
    r.srcArray = v;
    r.dstPtr = make_cudaPitchedPtr(dev, 32, 8, 2);
    r.extent = make_cudaExtent(8, 2, 1);
    r.kind = cudaMemcpyDeviceToDevice;
    arm();
    EXPECT_OK(cudaMemcpy3D(&r));
    EXPECT(holds_pattern(dev, 64));
    arm();
    r.extent = make_cudaExtent(8, 3, 1);
    EXPECT_REFUSED(cudaMemcpy3D(&r));
    r.extent = make_cudaExtent(8, 2, 2); // the second slice starts at the block's end
    EXPECT_REFUSED(cudaMemcpy3D(&r));
    r.extent = make_cudaExtent(8, 2, 1);
    r.dstPos = make_cudaPos(0, 1, 0);
    r.kind = cudaMemcpyDefault;
    EXPECT_REFUSED(cudaMemcpy3D(&r));
    EXPECT_UNTOUCHED();
    // a device block -> the array, the source side past its block
    cudaMemcpy3DParms w = {};
    w.srcPtr = make_cudaPitchedPtr(dev, 32, 8, 2);
    w.dstArray = v;
    w.extent = make_cudaExtent(8, 2, 2);
    w.kind = cudaMemcpyDeviceToDevice;
    EXPECT_REFUSED(cudaMemcpy3D(&w));
    EXPECT_OK(read3(v, 3));
    EXPECT(holds_pattern(got, 384));
    // array -> array: a slice past either array's depth writes nothing
    cudaMemcpy3DParms aa = {};
    aa.srcArray = v;
    aa.dstArray = v2;
    aa.extent = make_cudaExtent(8, 4, 2);
    aa.kind = cudaMemcpyDeviceToDevice;
    arm();
    c.srcPtr = make_cudaPitchedPtr(hdst, 32, 8, 4);
    c.dstArray = v2;
    c.extent = make_cudaExtent(8, 4, 2);
    EXPECT_OK(cudaMemcpy3D(&c)); // v2 holds 0xEE
    aa.extent = make_cudaExtent(8, 4, 3);
    EXPECT_REFUSED(cudaMemcpy3D(&aa));
    aa.extent = make_cudaExtent(8, 4, 2);
    aa.srcPos = make_cudaPos(0, 0, 2);
    EXPECT_REFUSED(cudaMemcpy3D(&aa));
    aa.srcPos = make_cudaPos(0, 0, 0);
    aa.extent = make_cudaExtent(8, 4, SIZE_MAX);
    EXPECT_REFUSED(cudaMemcpy3D(&aa));
    aa.extent = make_cudaExtent(SIZE_MAX / 2, 4, 1);
    EXPECT_REFUSED(cudaMemcpy3D(&aa));
    aa.extent = make_cudaExtent(8, 5, 1);
    EXPECT_REFUSED(cudaMemcpy3D(&aa));
    aa.extent = make_cudaExtent(8, 4, 2);
    EXPECT_OK(read3(v2, 2));
    EXPECT(holds_byte(got, 256, 0xEE));
    aa.srcPos = make_cudaPos(0, 0, 1); // slices 1..2 of v to 0..1 of v2: both fit
    EXPECT_OK(cudaMemcpy3D(&aa));
    EXPECT_OK(read3(v2, 2));
    EXPECT(holds_pattern(got, 256, 128));
    EXPECT(cudaFreeArray(a) == cudaSuccess && cudaFreeArray(b) == cudaSuccess);
    EXPECT(cudaFreeArray(v) == cudaSuccess && cudaFreeArray(v2) == cudaSuccess);
}

// ---- symbols: the offset and count against the symbol, the other side against its block ----
__device__ float sym[16];

static void check_symbols(unsigned char *dev)
{
    const unsigned char *bytes = (const unsigned char *)sym;
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    arm();
    EXPECT_OK(cudaMemcpyToSymbol(sym, hsrc, 64));
    EXPECT_OK(cudaMemcpyToSymbol(sym, hsrc + 60, 4, 60));
    EXPECT(holds_pattern(bytes, 64));
    EXPECT_REFUSED(cudaMemcpyToSymbol(sym, hdst, 5, 60));
    EXPECT_REFUSED(cudaMemcpyToSymbol(sym, hdst, 1, 64));
    EXPECT_REFUSED(cudaMemcpyToSymbol(sym, hdst, 2, SIZE_MAX));
    EXPECT_REFUSED(cudaMemcpyToSymbol(sym, hdst, SIZE_MAX, 1));
    EXPECT_REFUSED(cudaMemcpyToSymbolAsync(sym, hdst, 65, 0, cudaMemcpyHostToDevice, s));
    EXPECT_REFUSED(cudaMemcpyFromSymbol(hdst, sym, 4, 61));
    EXPECT_REFUSED(cudaMemcpyFromSymbolAsync(hdst, sym, 65));
    // the other side a device block
    EXPECT_REFUSED(cudaMemcpyToSymbol(sym, dev + 1, 64, 0, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyToSymbolAsync(sym, dev + 32, 40, 0, cudaMemcpyDefault, s));
    EXPECT_REFUSED(cudaMemcpyFromSymbol(dev + 1, sym, 64, 0, cudaMemcpyDeviceToDevice));
    EXPECT_REFUSED(cudaMemcpyFromSymbolAsync(dev + 60, sym, 8, 8, cudaMemcpyDefault, s));
    EXPECT_UNTOUCHED();
    EXPECT(holds_pattern(bytes, 64));
    EXPECT_OK(cudaMemcpyFromSymbol(dev + 56, sym, 8, 8, cudaMemcpyDeviceToDevice));
    EXPECT(holds_pattern(dev + 56, 8, 8) && holds_byte(dev, 56, fill_of(dev)));
    EXPECT_OK(cudaMemcpyFromSymbolAsync(hdst, sym, 8, 56, cudaMemcpyDeviceToHost, s));
    EXPECT(holds_pattern(hdst, 8, 56));
    arm();
    EXPECT_OK(cudaMemcpyToSymbolAsync(sym, dev, 64, 0, cudaMemcpyDeviceToDevice, s));
    EXPECT(holds_byte(bytes, 64, fill_of(dev)));
    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
}

// ---- managed memory is a device allocation; pinned host memory is host memory ----
static void check_managed_and_pinned(unsigned char *dev)
{
    unsigned char *m = nullptr, *h = nullptr;
    EXPECT(cudaMallocManaged(&m, 64) == cudaSuccess);
    EXPECT(cudaMallocHost(&h, 64) == cudaSuccess);
    track(m, 64);
    track(h, 64, true);
    arm();
    EXPECT_OK(cudaMemcpy(m, hsrc, 64, cudaMemcpyDefault));
    EXPECT(holds_pattern(m, 64));
    arm();
    EXPECT_REFUSED(cudaMemcpy(m, hsrc, 65, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemset(m + 1, 0, 64));
    EXPECT_REFUSED(cudaMemcpy(h, m + 8, 64, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemcpy(h, dev, 65, cudaMemcpyDeviceToHost)); // the device side decides
    EXPECT_UNTOUCHED();
    EXPECT_OK(cudaMemcpy(h, dev, 64, cudaMemcpyDeviceToHost));
    EXPECT(holds_byte(h, 64, fill_of(dev)));
}

// ---- the memsets take device memory and pinned host memory only (CUDA: cudaErrorInvalidValue for
// any other pointer; its cudaMemset notes that devPtr may be pinned host memory) ----
static void check_memset_pointers(unsigned char *dev)
{
    unsigned char *h = nullptr, stack[64];
    EXPECT(cudaMallocHost(&h, 64) == cudaSuccess);
    track(h, 64, true);
    unsigned char *heap = new unsigned char[64];
    track(heap, 64);
    track(stack, sizeof stack);
    arm();
    EXPECT_REFUSED(cudaMemset(hdst, 0x11, 16));
    EXPECT_REFUSED(cudaMemset(stack, 0x11, 16));
    EXPECT_REFUSED(cudaMemset(heap, 0x11, 64));
    EXPECT_REFUSED(cudaMemsetAsync(hdst, 0x11, 1));
    EXPECT_REFUSED(cudaMemset2D(hdst, 16, 0x11, 16, 4));
    EXPECT_REFUSED(cudaMemset2DAsync(stack, 16, 0x11, 8, 2));
    EXPECT_REFUSED(cudaMemset3D(make_cudaPitchedPtr(heap, 16, 16, 2), 0x11, make_cudaExtent(16, 2, 2)));
    EXPECT_REFUSED(cudaMemset3DAsync(make_cudaPitchedPtr(hdst, 16, 16, 2), 0x11, make_cudaExtent(16, 2, 2)));
    EXPECT_REFUSED(cudaMemset(nullptr, 0x11, 1));
    // pinned memory: inside its block only, as a device block
    EXPECT_REFUSED(cudaMemset(h, 0x11, 65));
    EXPECT_REFUSED(cudaMemset(h + 64, 0x11, 1));
    EXPECT_REFUSED(cudaMemset2D(h, 16, 0x11, 16, 5));
    EXPECT_UNTOUCHED();
    EXPECT_OK(cudaMemset(h, 0x11, 64));
    EXPECT(holds_byte(h, 64, 0x11));
    arm();
    EXPECT_OK(cudaMemset2D(h + 8, 16, 0x22, 8, 4));
    EXPECT(h[8] == 0x22 && h[56 + 7] == 0x22 && h[0] == fill_of(h) && h[16] == fill_of(h));
    EXPECT_OK(cudaMemset(dev, 0x33, 64)); // device memory still is
    EXPECT(holds_byte(dev, 64, 0x33));
    blocks.pop_back(); // stack
    blocks.pop_back(); // heap
    delete[] heap;
}

// ---- the Async forms check their stream first, as the 2D and 3D ones: a destroyed or made-up
// handle is cudaErrorInvalidResourceHandle, and nothing is written ----
static void check_async_streams(unsigned char *dev, unsigned char *dev2)
{
    cudaStream_t s, gone;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    EXPECT(cudaStreamCreate(&gone) == cudaSuccess);
    EXPECT(cudaStreamDestroy(gone) == cudaSuccess);
    cudaStream_t made_up = (cudaStream_t)(uintptr_t)0x1234;
    arm();
    EXPECT_ERROR(cudaMemcpyAsync(dev, hsrc, 64, cudaMemcpyHostToDevice, gone), cudaErrorInvalidResourceHandle);
    EXPECT_ERROR(cudaMemcpyAsync(hdst, dev, 64, cudaMemcpyDeviceToHost, made_up), cudaErrorInvalidResourceHandle);
    EXPECT_ERROR(cudaMemcpyAsync(dev2, dev, 64, cudaMemcpyDefault, gone), cudaErrorInvalidResourceHandle);
    EXPECT_ERROR(cudaMemsetAsync(dev, 0x5A, 64, gone), cudaErrorInvalidResourceHandle);
    EXPECT_ERROR(cudaMemsetAsync(dev, 0x5A, 64, made_up), cudaErrorInvalidResourceHandle);
    EXPECT_UNTOUCHED();
    // the same calls on a live stream and on the null stream go through
    EXPECT_OK(cudaMemcpyAsync(dev, hsrc, 64, cudaMemcpyHostToDevice, s));
    EXPECT(holds_pattern(dev, 64));
    EXPECT_OK(cudaMemsetAsync(dev, 0x5A, 64, s));
    EXPECT(holds_byte(dev, 64, 0x5A));
    EXPECT_OK(cudaMemsetAsync(dev2, 0x5B, 64, 0));
    EXPECT(holds_byte(dev2, 64, 0x5B));
    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
}

// ---- blocks made and freed on several host threads while copies look them up (TSan) ----
static void check_threads()
{
    int bad[4] = {};
    std::vector<std::thread> ts;
    for (int t = 0; t < 4; t++)
        ts.emplace_back([t, &bad] {
            for (int i = 0; i < 300; i++) {
                unsigned char *p = nullptr, buf[160];
                const size_t n = 32 + 16 * (size_t)((t + i) % 8);
                if (cudaMalloc(&p, n) != cudaSuccess) {
                    bad[t]++;
                    continue;
                }
                if (cudaMemset(p, t + 1, n) != cudaSuccess || cudaMemcpy(buf, p, n, cudaMemcpyDefault) != cudaSuccess ||
                    buf[n - 1] != t + 1)
                    bad[t]++;
                if (cudaMemcpy(buf, p + 1, n, cudaMemcpyDefault) != cudaErrorInvalidValue)
                    bad[t]++;
                if (cudaGetLastError() != cudaErrorInvalidValue || cudaFree(p) != cudaSuccess)
                    bad[t]++;
            }
        });
    for (std::thread &th : ts)
        th.join();
    for (int t = 0; t < 4; t++)
        EXPECT(bad[t] == 0);
}

// ---- huge sizes, and sizes whose arithmetic overflows size_t (last: an unchecked layer crashes) ----
static void check_huge(unsigned char *dev)
{
    arm();
    EXPECT_REFUSED(cudaMemcpy(dev, hsrc, MiB, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(hdst, dev, MiB, cudaMemcpyDeviceToHost));
    EXPECT_REFUSED(cudaMemset(dev, 0, MiB));
    EXPECT_REFUSED(cudaMemcpy2D(dev, 1024, hsrc, 1024, 1024, 1024, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemset2D(dev, 1024, 0, 1024, 1024));
    EXPECT_UNTOUCHED();
    EXPECT_REFUSED(cudaMemcpy(dev, hsrc, SIZE_MAX, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(dev + 1, hsrc, SIZE_MAX, cudaMemcpyDefault));
    EXPECT_REFUSED(cudaMemcpy(hdst, hsrc, SIZE_MAX, cudaMemcpyHostToHost)); // wraps the address space
    EXPECT_REFUSED(cudaMemset(dev + 32, 0, SIZE_MAX - 16));
    EXPECT_REFUSED(cudaMemcpy2D(dev, SIZE_MAX / 2 + 1, hsrc, 16, 16, 3, cudaMemcpyHostToDevice)); // 2 * pitch
    EXPECT_REFUSED(cudaMemcpy2D(dev, 16, hsrc, 16, 16, SIZE_MAX, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy2D(hdst, 16, dev, 16, 16, SIZE_MAX / 16 + 2, cudaMemcpyDeviceToHost));
    EXPECT_REFUSED(cudaMemcpy2D(hdst, SIZE_MAX / 2 + 1, hsrc, 16, 1, 3, cudaMemcpyHostToHost));
    EXPECT_REFUSED(cudaMemset2D(dev, SIZE_MAX / 4, 0, 16, 5));
    EXPECT_REFUSED(cudaMemset2D(dev, 16, 0, 16, SIZE_MAX / 16 + 2));
    EXPECT_REFUSED(cudaMemset3D(make_cudaPitchedPtr(dev, 16, 16, SIZE_MAX / 8), 0, make_cudaExtent(16, 1, 2)));
    EXPECT_REFUSED(cudaMemset3D(make_cudaPitchedPtr(dev, 16, 16, 4), 0, make_cudaExtent(16, 4, SIZE_MAX)));
    cudaMemcpy3DParms c = {};
    c.srcPtr = make_cudaPitchedPtr(hsrc, 16, 16, 4);
    c.dstPtr = make_cudaPitchedPtr(dev, 16, 16, 4);
    c.dstPos = make_cudaPos(0, 0, SIZE_MAX / 64);
    c.extent = make_cudaExtent(16, 1, 1);
    c.kind = cudaMemcpyHostToDevice;
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(0, SIZE_MAX, 0);
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(0, 0, 0);
    c.extent = make_cudaExtent(16, 4, SIZE_MAX);
    EXPECT_REFUSED(cudaMemcpy3D(&c));
    c.dstPos = make_cudaPos(SIZE_MAX, 0, 0);
    c.extent = make_cudaExtent(16, 1, 1);
    EXPECT_ERROR(cudaMemcpy3D(&c), cudaErrorInvalidPitchValue);
    EXPECT_UNTOUCHED();
}

int main()
{
    std::setvbuf(stdout, nullptr, _IONBF, 0); // an unchecked layer may crash: the lines before it still show
    for (size_t i = 0; i < sizeof hsrc; i++)
        hsrc[i] = pattern(i);
    unsigned char *dev = dev_block(64), *dev2 = dev_block(64);
    check_memcpy(dev, dev2);
    check_memset(dev);
    check_2d(dev);
    check_3d_linear();
    check_arrays(dev);
    check_symbols(dev);
    check_managed_and_pinned(dev);
    check_memset_pointers(dev);
    check_async_streams(dev, dev2);
    check_threads();
    check_huge(dev);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess); // nothing sticky
    for (const tracked &b : blocks)
        EXPECT((b.pinned ? cudaFreeHost(b.p) : cudaFree(b.p)) == cudaSuccess);
    if (failures) {
        std::printf("memory_bounds: %d checks FAILED\n", failures);
        return 1;
    }
    std::printf("memory_bounds: ok\n");
    return 0;
}
