# bench.cmake -- ctest smoke run of warptex-bench --quick --reps 1: all workloads and backends, checksums agree
# SPDX-License-Identifier: MIT
#
# Included by CMakeLists.txt (tests/*.cmake).  The run exits nonzero on a
# library error or when backends, thread counts or the plain-C comparisons
# disagree, so the test fails then too.

if(TARGET warptex-bench)
  add_test(NAME bench_smoke COMMAND warptex-bench --quick --reps 1)
  # The exit status decides; the regular expression also catches a warning
  # printed by a run that would otherwise exit 0.
  set_tests_properties(bench_smoke PROPERTIES TIMEOUT 60 FAIL_REGULAR_EXPRESSION "MISMATCH|WARNING")
endif()
