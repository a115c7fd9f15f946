/* sys_header.h -- stands for a system header (an -isystem directory): never rewritten
 * SPDX-License-Identifier: MIT */
#pragma once
#define SYS_HEADER_VALUE 4
