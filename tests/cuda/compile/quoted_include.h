/* quoted_include.h -- included by quoted_include.cu with "..." (warptex-cxx adds -iquote)
 * SPDX-License-Identifier: MIT */
#define QUOTED_VALUE 42
