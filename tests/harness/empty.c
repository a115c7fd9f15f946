/* empty.c -- keeps the harness library non-empty */
typedef int wt_harness_empty_unit;
