// unsupported_ipc.cu -- must not compile: inter-process memory is not supported; the message names the call.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

int main()
{
    void *handle = nullptr;
    return cudaIpcGetMemHandle(&handle, nullptr);
}
