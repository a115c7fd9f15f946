/* sys_quoted.h -- included with "..." but found only in an -isystem directory: not the program's,
 * so it is not rewritten either
 * SPDX-License-Identifier: MIT */
#pragma once
#include <sys_header.h>
