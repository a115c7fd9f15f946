/* status.c -- names and descriptions of wt_status, expanded from WT_STATUS_LIST
 * SPDX-License-Identifier: MIT */
#include "internal.h"

const char *wt_status_string(wt_status s)
{
    switch (s) {
#define X(name, value, msg) case WT_##name: return "WT_" #name;
        WT_STATUS_LIST(X)
#undef X
    default: return "WT_UNKNOWN_STATUS";
    }
}

const char *wt_status_description(wt_status s)
{
    switch (s) {
#define X(name, value, msg) case WT_##name: return msg;
        WT_STATUS_LIST(X)
#undef X
    default: return "unknown status";
    }
}
