// object_bounds.cu -- texture and surface objects over linear and pitch2D memory stay inside the
// allocation their pointer lies in: the range sizeInBytes from devPtr, or (height - 1) * pitch +
// width * element size, must fit one device (or pinned host) allocation, or creation is
// cudaErrorInvalidValue (recorded once, not sticky) and gives the null object.  An object holds
// its allocation: cudaFree ends the allocation at once but a kernel fetching through the object
// still reads the block's last contents, never freed memory (ASan: make asan), and the memory goes
// with the last object (LeakSanitizer).  Prints one line per failed check and "FAILED" at the end
// if any failed.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>

#include "include/expect.h"
#define EXPECT_OK(call) expect_error((call), cudaSuccess, __LINE__, #call)
#define EXPECT_REFUSED(call) expect_error((call), cudaErrorInvalidValue, __LINE__, #call)

// The call returned want; an error is the last error once and is not sticky.
static void expect_error(cudaError_t got, cudaError_t want, int line, const char *what)
{
    if (got != want) {
        std::printf("%s:%d: %s returned %s, expected %s\n", __FILE__, line, what, cudaGetErrorName(got),
                    cudaGetErrorName(want));
        failures++;
    }
    const cudaError_t last = cudaGetLastError(), after = cudaGetLastError();
    if (last != want || after != cudaSuccess) {
        std::printf("%s:%d: %s: last error %s then %s, expected %s once\n", __FILE__, line, what,
                    cudaGetErrorName(last), cudaGetErrorName(after), cudaGetErrorName(want));
        failures++;
    }
}

static cudaResourceDesc linear(void *p, size_t bytes, cudaChannelFormatDesc d = cudaCreateChannelDesc<float>())
{
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = p;
    r.res.linear.desc = d;
    r.res.linear.sizeInBytes = bytes;
    return r;
}

static cudaResourceDesc pitch2d(void *p, size_t width, size_t height, size_t pitch)
{
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = p;
    r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = width;
    r.res.pitch2D.height = height;
    r.res.pitch2D.pitchInBytes = pitch;
    return r;
}

static cudaTextureDesc point_desc()
{
    cudaTextureDesc t;
    std::memset(&t, 0, sizeof t);
    return t;
}

// A texture over r: accepted (and destroyed again) or refused with the null object.
static void texture(const cudaResourceDesc &r, bool accepted, int line)
{
    const cudaTextureDesc td = point_desc();
    cudaTextureObject_t t = 77;
    const cudaError_t e = cudaCreateTextureObject(&t, &r, &td, nullptr);
    expect_error(e, accepted ? cudaSuccess : cudaErrorInvalidValue, line, "cudaCreateTextureObject");
    if (accepted) {
        EXPECT(t != 0);
        EXPECT(cudaDestroyTextureObject(t) == cudaSuccess);
    } else {
        EXPECT(t == 0);
    }
}
static void surface(const cudaResourceDesc &r, bool accepted, int line)
{
    cudaSurfaceObject_t s = 77;
    const cudaError_t e = cudaCreateSurfaceObject(&s, &r);
    expect_error(e, accepted ? cudaSuccess : cudaErrorInvalidValue, line, "cudaCreateSurfaceObject");
    if (accepted) {
        EXPECT(s != 0);
        EXPECT(cudaDestroySurfaceObject(s) == cudaSuccess);
    } else {
        EXPECT(s == 0);
    }
}
#define TEXTURE_OK(r) texture((r), true, __LINE__)
#define TEXTURE_REFUSED(r) texture((r), false, __LINE__)
#define SURFACE_OK(r) surface((r), true, __LINE__)
#define SURFACE_REFUSED(r) surface((r), false, __LINE__)

// ---- linear: [devPtr, devPtr + sizeInBytes) inside one allocation ----
static void check_linear()
{
    unsigned char *before, *dev, *after, *pinned;
    static float host[64];
    EXPECT_OK(cudaMalloc(&before, 64));
    EXPECT_OK(cudaMalloc(&dev, 64));
    EXPECT_OK(cudaMalloc(&after, 64));
    EXPECT_OK(cudaMallocHost(&pinned, 64));
    TEXTURE_OK(linear(dev, 64));
    TEXTURE_OK(linear(dev + 4, 60));
    TEXTURE_OK(linear(dev + 60, 4));
    TEXTURE_OK(linear(pinned, 64)); // pinned host memory is the device's too
    TEXTURE_REFUSED(linear(dev, 68));
    TEXTURE_REFUSED(linear(dev, 65)); // the range given, not only the whole elements read
    TEXTURE_REFUSED(linear(dev + 4, 64));
    TEXTURE_REFUSED(linear(dev + 60, 8));
    TEXTURE_REFUSED(linear(dev + 64, 4)); // one past the end: the block's padding
    TEXTURE_REFUSED(linear(dev, 1 << 20));
    TEXTURE_REFUSED(linear(pinned, 68));
    TEXTURE_REFUSED(linear(host, sizeof host)); // pageable host memory
    TEXTURE_REFUSED(linear(dev, (size_t)1 << 30));
    SURFACE_OK(linear(dev, 64, cudaCreateChannelDesc<unsigned char>()));
    SURFACE_REFUSED(linear(dev, 65, cudaCreateChannelDesc<unsigned char>()));
    SURFACE_REFUSED(linear(dev + 1, 64, cudaCreateChannelDesc<unsigned char>()));
    SURFACE_REFUSED(linear(host, 16, cudaCreateChannelDesc<unsigned char>()));
    EXPECT_OK(cudaFree(before));
    EXPECT_OK(cudaFree(dev));
    EXPECT_OK(cudaFree(after));
    EXPECT_OK(cudaFreeHost(pinned));
    // a freed block is no allocation: no object over it
    TEXTURE_REFUSED(linear(dev, 64));
}

// ---- pitch2D: (height - 1) * pitch + width * element size from devPtr ----
static void check_pitch2d()
{
    unsigned char *pd;
    size_t pitch = 0;
    EXPECT_OK(cudaMallocPitch(&pd, &pitch, 64, 4)); // 4 rows of 16 floats: the block is 4 * pitch bytes
    const size_t whole = 4 * pitch;
    EXPECT(pitch >= 64 && pitch % 4 == 0);
    TEXTURE_OK(pitch2d(pd, 16, 4, pitch));
    TEXTURE_OK(pitch2d(pd + pitch, 16, 3, pitch));
    TEXTURE_OK(pitch2d(pd + pitch - 64, 16, 4, pitch)); // ends at the block's last byte
    TEXTURE_OK(pitch2d(pd, 1, 1, 4));
    TEXTURE_OK(pitch2d(pd + whole - 4, 1, 1, 4));
    TEXTURE_REFUSED(pitch2d(pd, 16, 5, pitch));
    TEXTURE_REFUSED(pitch2d(pd + pitch, 16, 4, pitch));
    TEXTURE_REFUSED(pitch2d(pd + pitch - 60, 16, 4, pitch)); // one float past the end
    TEXTURE_REFUSED(pitch2d(pd, 16, 4, pitch + pitch / 2)); // 3 * 1.5 * pitch + 64 > 4 * pitch
    TEXTURE_REFUSED(pitch2d(pd + whole, 1, 1, 4));
    TEXTURE_REFUSED(pitch2d(pd, 16, 2, ((size_t)1 << 62) & ~(size_t)511)); // a huge pitch
    SURFACE_OK(pitch2d(pd, 16, 4, pitch));
    SURFACE_REFUSED(pitch2d(pd, 16, 5, pitch));
    SURFACE_REFUSED(pitch2d(pd + pitch - 60, 16, 4, pitch));
    EXPECT_OK(cudaFree(pd));
}

// ---- an object holds its block: cudaFree, then fetches and surface writes through the object ----
__global__ void read_all(cudaTextureObject_t t, float *out)
{
    out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}
__global__ void write_all(cudaSurfaceObject_t s)
{
    surf1Dwrite((unsigned char)(threadIdx.x + 1), s, threadIdx.x);
}

static void check_free_while_held()
{
    float *dev, *out, host[16];
    unsigned char *bytes;
    for (int i = 0; i < 16; i++)
        host[i] = (float)i * 1.5f + 2.0f;
    EXPECT_OK(cudaMalloc(&dev, sizeof host));
    EXPECT_OK(cudaMalloc(&bytes, 32));
    EXPECT_OK(cudaMallocManaged(&out, 2 * sizeof host));
    EXPECT_OK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    const cudaResourceDesc r = linear(dev, sizeof host);
    const cudaTextureDesc td = point_desc();
    cudaTextureObject_t t1 = 0, t2 = 0;
    cudaSurfaceObject_t s = 0;
    EXPECT_OK(cudaCreateTextureObject(&t1, &r, &td, nullptr));
    EXPECT_OK(cudaCreateTextureObject(&t2, &r, &td, nullptr)); // two holders of one block
    const cudaResourceDesc rs = linear(bytes, 32, cudaCreateChannelDesc<unsigned char>());
    EXPECT_OK(cudaCreateSurfaceObject(&s, &rs));
    EXPECT_OK(cudaFree(dev));
    EXPECT_OK(cudaFree(bytes));
    // no allocation any more: not freed twice, not copied to as device memory, no new object over it
    EXPECT_REFUSED(cudaFree(dev));
    EXPECT_REFUSED(cudaMemset(dev, 0, 4));
    EXPECT_REFUSED(cudaMemcpy(dev, host, 4, cudaMemcpyHostToDevice));
    EXPECT_REFUSED(cudaMemcpy(host, dev, 4, cudaMemcpyDefault));
    TEXTURE_REFUSED(r);
    // the objects still read (and write) the block's memory
    read_all<<<1, 16>>>(t1, out);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(std::memcmp(out, host, sizeof host) == 0);
    EXPECT_OK(cudaDestroyTextureObject(t1));
    read_all<<<1, 16>>>(t2, out + 16); // the other holder keeps it
    write_all<<<1, 32>>>(s);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(std::memcmp(out + 16, host, sizeof host) == 0);
    EXPECT(bytes[0] == 1 && bytes[31] == 32); // device memory is host memory here, still held
    EXPECT_OK(cudaDestroyTextureObject(t2)); // the last texture over dev: its memory goes now
    EXPECT_OK(cudaDestroySurfaceObject(s));
    EXPECT_OK(cudaFree(out));
}

int main()
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    check_linear();
    check_pitch2d();
    check_free_while_held();
    EXPECT(cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess); // nothing sticky
    if (failures) {
        std::printf("object_bounds: %d checks FAILED\n", failures);
        return 1;
    }
    std::printf("object_bounds: ok\n");
    return 0;
}
