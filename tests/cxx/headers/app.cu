// app.cu -- launches written in the program's own headers: one beside it (launch.cuh, which
// includes another, nested/more.cuh) and one in an -I directory (inc/from_path.cuh).  The headers
// of -isystem directories are not the program's: sys/ is left alone.
// SPDX-License-Identifier: MIT
#include <cstdio>
#include <cuda_runtime.h>
#include <sys_header.h>

#include "from_path.cuh"
#include "launch.cuh"

int main()
{
    int *v;
    if (cudaMallocManaged(&v, 4 * sizeof(int)) != cudaSuccess)
        return 1;
    launch_set(v);       // launch.cuh: v[0..1] = 1, 2
    launch_more(v + 2);  // nested/more.cuh: v[2] = 3
    launch_path(v + 3);  // inc/from_path.cuh: v[3] = SYS_HEADER_VALUE (4)
    cudaDeviceSynchronize();
    const int bad = v[0] != 1 || v[1] != 2 || v[2] != 3 || v[3] != 4;
    std::printf("launches in headers: %s\n", bad ? "FAILED" : "ok");
    cudaFree(v);
    return bad;
}
