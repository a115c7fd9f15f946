// unsupported_texref.cu -- must not compile: texture references were removed in CUDA 12.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

int main()
{
    cudaArray_t a = nullptr;
    return cudaBindTextureToArray(0, a);
}
