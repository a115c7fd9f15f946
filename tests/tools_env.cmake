# tools_env.cmake -- ctest: the environment warptex reads (WARPTEX_NUM_THREADS, WARPTEX_TEXEL_PAIRS) with hostile values
# SPDX-License-Identifier: MIT
#
# Issue 9, defect 4: WARPTEX_NUM_THREADS=100000 once reached OpenMP unchecked
# and crashed.  A value outside 1..1024, or not an integer, is ignored, said
# once on stderr, and shown by `warptex info`; runs still succeed.  Uses the
# tools.cmake runner (wt_tool_test), so it sorts after tools.cmake in the glob.
if(TARGET warptex AND COMMAND wt_tool_test)
  set(i 0)
  foreach(v "100000" "0" "-3" "1025" "4x" "abc" "99999999999999999999")
    math(EXPR i "${i} + 1")
    wt_tool_test(env_num_threads_info_${i} ARGS "info"
                 OUT_RE "ignored setting: +WARPTEX_NUM_THREADS=\"${v}\" ignored: not an integer in 1..1024"
                 ERR_RE "^warptex: WARPTEX_NUM_THREADS=\"${v}\" ignored[^\n]*\n$")
    set_property(TEST env_num_threads_info_${i} PROPERTY ENVIRONMENT "WARPTEX_NUM_THREADS=${v}")
  endforeach()
  # The run that crashed: a parallel resample with the huge value.
  wt_tool_test(env_num_threads_resample
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/env_threads.png|--scale|0.5|--rotate|10"
               OUT_RE "Msamples/s" ERR_RE "WARPTEX_NUM_THREADS=\"100000\" ignored")
  set_property(TEST env_num_threads_resample PROPERTY ENVIRONMENT "WARPTEX_NUM_THREADS=100000")
  # A valid value is used and not reported.
  wt_tool_test(env_num_threads_valid ARGS "info" OUT_RE "threads: +3 ")
  set_property(TEST env_num_threads_valid PROPERTY ENVIRONMENT "WARPTEX_NUM_THREADS= 3 ")
endif()
# Without WARPTEX_NUM_THREADS the count is OpenMP's default, which
# OMP_NUM_THREADS sets (a build without OpenMP prints "1 (built without OpenMP)").
if(TARGET warptex AND COMMAND wt_tool_test AND OpenMP_C_FOUND)
  wt_tool_test(env_omp_num_threads ARGS "info" OUT_RE "threads: +1 \\(OpenMP\\)")
  set_property(TEST env_omp_num_threads PROPERTY ENVIRONMENT "OMP_NUM_THREADS=1")
endif()
# WARPTEX_TEXEL_PAIRS (x86: how the AVX-512 u8 kernels read RGBA8 pairs, src/core/cpu.h) takes gather or
# loads; anything else is ignored and said, beside a bad WARPTEX_NUM_THREADS too.
if(TARGET warptex AND COMMAND wt_tool_test AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  wt_tool_test(env_texel_pairs_info ARGS "info"
               OUT_RE "ignored setting: +WARPTEX_NUM_THREADS=\"0\" ignored[^\n]*\nignored setting: +WARPTEX_TEXEL_PAIRS=\"fast\" ignored: not gather or loads"
               ERR_RE "warptex: WARPTEX_TEXEL_PAIRS=\"fast\" ignored")
  set_property(TEST env_texel_pairs_info PROPERTY ENVIRONMENT "WARPTEX_TEXEL_PAIRS=fast;WARPTEX_NUM_THREADS=0")
  wt_tool_test(env_texel_pairs_valid ARGS "info" OUT_RE "cpu features" ERR_RE "^$")
  set_property(TEST env_texel_pairs_valid PROPERTY ENVIRONMENT "WARPTEX_TEXEL_PAIRS=gather")
endif()
