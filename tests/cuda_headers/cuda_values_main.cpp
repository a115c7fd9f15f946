/* cuda_values_main.cpp -- warptex's CUDA-named headers against the CUDA toolkit's: every value of
 * cuda_values_list.h, by name.  Prints one line per mismatch and "... against the CUDA headers: ok".
 * SPDX-License-Identifier: MIT */
#include <cstdio>

#include "cuda_values_list.h"

extern "C" const long wt_toolkit_values[], wt_warptex_values[];

#define WT__NAME(e) #e,
#define WT__ENAME(name, value, msg) #name,
#define WT__ANAME(name, value) #name,
static const char *const names[] = {WT_CUDA_ERROR_LIST(WT__ENAME) WT_CUDA_DEVICE_ATTR_LIST(WT__ANAME)
                                    WT_CUDA_VALUES(WT__NAME) nullptr};

int main()
{
    int bad = 0, n = 0;
    for (; names[n]; n++)
        if (wt_toolkit_values[n] != wt_warptex_values[n]) {
            std::printf("%s: CUDA %ld, warptex %ld\n", names[n], wt_toolkit_values[n], wt_warptex_values[n]);
            bad++;
        }
    std::printf("%d values of the CUDA-named headers against the CUDA headers: %s\n", n, bad ? "MISMATCH" : "ok");
    return bad != 0;
}
