// fast_intrinsics.cu -- the fast math intrinsics (__sinf, __expf, ... __sincosf) compile, link and
// compute libm's value (by the GPU's formula where it has one: __tanf is __sinf / __cosf, __powf is
// exp2(y * log2(x)); their accuracy is tests/cuda/math_intrinsics.cu's).  glibc's math.h declares these names but libm does not export them: a
// program that used one failed to link until device_functions.h defined them.
// SPDX-License-Identifier: MIT
#include <cmath>
#include <cstdio>

#include <cuda_runtime.h>

__global__ void fast(float *o, float x)
{
    float s, c;
    __sincosf(x, &s, &c);
    o[0] = __sinf(x), o[1] = __cosf(x), o[2] = __tanf(x), o[3] = __expf(x), o[4] = __exp10f(x);
    o[5] = __logf(x), o[6] = __log2f(x), o[7] = __log10f(x), o[8] = __powf(x, 3.0f), o[9] = s, o[10] = c;
}

int main()
{
    float *o;
    if (cudaMallocManaged(&o, 11 * sizeof(float)) != cudaSuccess)
        return 1;
    volatile float xv = 0.75f; /* libm at run time, as the kernel: no constant folding */
    const float x = xv;
    fast<<<1, 1>>>(o, x);
    if (cudaDeviceSynchronize() != cudaSuccess)
        return 1;
    const float want[11] = {sinf(x),  cosf(x),   sinf(x) / cosf(x),         expf(x), (float)pow(10.0, (double)x), logf(x),
                            log2f(x), log10f(x), exp2f(3.0f * log2f(x)), sinf(x), cosf(x)};
    int bad = 0;
    for (int i = 0; i < 11; i++)
        if (o[i] != want[i]) {
            std::printf("fast_intrinsics: result %d is %.9g, libm says %.9g\n", i, o[i], want[i]);
            bad++;
        }
    cudaFree(o);
    std::printf("fast_intrinsics: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
