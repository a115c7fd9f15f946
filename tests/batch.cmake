# batch.cmake -- ctest settings of the tests/batch tests
# SPDX-License-Identifier: MIT
#
# These tests alternate short parallel batches with serial work of their own (the oracle).
# Between two parallel regions libgomp's helper threads spin by default (GOMP_SPINCOUNT,
# milliseconds per region), which takes the second core of a 2-core machine from whatever
# ctest -j2 runs beside; with OMP_WAIT_POLICY=PASSIVE they sleep.  No result depends on it.
foreach(t test_batch_tex test_batch_map test_batch_region test_batch_sured test_batch_errors test_batch_unorm8 test_batch_bytes)
  if(TEST ${t})
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT "OMP_WAIT_POLICY=PASSIVE")
  endif()
endforeach()
