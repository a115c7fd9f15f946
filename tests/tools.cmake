# tools.cmake -- ctest runs of the warptex command: info, demo-image, resample option sets, errors, exactness,
# the image limit, failing writes
# SPDX-License-Identifier: MIT
#
# Included by CMakeLists.txt (tests/*.cmake).  Each test runs this file as a
# script:  cmake -DEXE=... -DARGS=a|b|c [-DRC=n] [-DOUT_RE=re] [-DERR_RE=re]
#                [-DTHEN=a|b|c] [-DTHEN_RC=n] [-DTHEN_OUT_RE=re] [-DTHEN_ERR_RE=re]
#                [-DEMULATOR=cmd;args] -P tools.cmake
# It runs EXE with ARGS ('|' separates arguments), checks the exit code (RC,
# default 0) and that stdout/stderr match OUT_RE/ERR_RE, then does the same for
# the optional second command THEN.  A cross build's EXE runs through EMULATOR
# (CMAKE_CROSSCOMPILING_EMULATOR, a list: qemu-aarch64 -L /).

if(CMAKE_SCRIPT_MODE_FILE)
  function(wt_tool_run args rc out_re err_re)
    string(REPLACE "|" ";" argv "${args}")
    execute_process(COMMAND ${EMULATOR} ${EXE} ${argv} RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message("$ warptex ${argv}\n${out}${err}-> exit ${got}")
    if(NOT "${got}" STREQUAL "${rc}")
      message(FATAL_ERROR "expected exit code ${rc}, got ${got}")
    endif()
    if(NOT "${out_re}" STREQUAL "" AND NOT out MATCHES "${out_re}")
      message(FATAL_ERROR "stdout does not match '${out_re}'")
    endif()
    if(NOT "${err_re}" STREQUAL "" AND NOT err MATCHES "${err_re}")
      message(FATAL_ERROR "stderr does not match '${err_re}'")
    endif()
    if(NOT "${rc}" STREQUAL "0" AND "${err}" STREQUAL "")
      message(FATAL_ERROR "a failure must say why on stderr")
    endif()
  endfunction()
  if(NOT DEFINED RC)
    set(RC 0)
  endif()
  if(NOT DEFINED THEN_RC)
    set(THEN_RC 0)
  endif()
  wt_tool_run("${ARGS}" "${RC}" "${OUT_RE}" "${ERR_RE}")
  if(DEFINED THEN)
    wt_tool_run("${THEN}" "${THEN_RC}" "${THEN_OUT_RE}" "${THEN_ERR_RE}")
  endif()
  return()
endif()

if(TARGET warptex)
  set(WT_TOOLS_SCRIPT ${CMAKE_CURRENT_LIST_FILE})
  set(WT_TOOL_DIR ${PROJECT_BINARY_DIR}/tool_out)
  file(MAKE_DIRECTORY ${WT_TOOL_DIR})
  set(WT_IN ${WT_TOOL_DIR}/input.png)
  # Cross-compiled: the command runs through the emulator (the toolchain file's), passed on to
  # the script as one argument and to write_checks.sh as its trailing arguments.
  set(WT_TOOL_EMULATOR "")
  if(CMAKE_CROSSCOMPILING)
    set(WT_TOOL_EMULATOR ${CMAKE_CROSSCOMPILING_EMULATOR})
  endif()

  # wt_tool_test(NAME ARGS <a|b|c> [RC n] [OUT_RE re] [ERR_RE re] [THEN ...] [THEN_RC n] ...)
  function(wt_tool_test name)
    cmake_parse_arguments(T "SETUP" "ARGS;RC;OUT_RE;ERR_RE;THEN;THEN_RC;THEN_OUT_RE;THEN_ERR_RE" "" ${ARGN})
    set(defs -DEXE=$<TARGET_FILE:warptex> "-DARGS=${T_ARGS}" "-DEMULATOR=${WT_TOOL_EMULATOR}")
    foreach(k RC OUT_RE ERR_RE THEN THEN_RC THEN_OUT_RE THEN_ERR_RE)
      if(DEFINED T_${k})
        list(APPEND defs "-D${k}=${T_${k}}")
      endif()
    endforeach()
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} ${defs} -P ${WT_TOOLS_SCRIPT})
    if(T_SETUP)
      set_tests_properties(${name} PROPERTIES FIXTURES_SETUP wt_tool_input TIMEOUT 60)
    else()
      set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED wt_tool_input TIMEOUT 60)
    endif()
  endfunction()

  # ---- runs that must succeed ------------------------------------------------
  add_test(NAME tool_info COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:warptex> -DARGS=info
                                  "-DOUT_RE=backend in use: +[a-z0-9]+" "-DEMULATOR=${WT_TOOL_EMULATOR}"
                                  -P ${CMAKE_CURRENT_LIST_FILE})
  wt_tool_test(tool_help ARGS "--help" OUT_RE "resample IN OUT")
  wt_tool_test(tool_resample_help ARGS "resample|--help" OUT_RE "--address")
  # A small non-square input keeps every run fast (also under the sanitizers).
  wt_tool_test(tool_demo_image SETUP ARGS "demo-image|${WT_IN}|--size|96x64" OUT_RE "96x64")
  foreach(f point linear)
    foreach(a clamp wrap mirror border)
      wt_tool_test(tool_resample_${f}_${a}
                   ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/${f}_${a}.png|--filter|${f}|--address|${a}|--scale|1.7|--rotate|20"
                   OUT_RE "filter ${f}, address ${a}.*Msamples/s")
    endforeach()
  endforeach()
  wt_tool_test(tool_resample_mipmaps
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/mip.png|--mipmaps|--scale|0.25|--rotate|30"
               OUT_RE "output [^ ]+ 24x16.*mip levels 7 .*tex.grad")
  wt_tool_test(tool_resample_srgb ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/srgb.png|--srgb|--scale|0.5|--mipmaps"
               OUT_RE "sRGB, mip levels 7")
  wt_tool_test(tool_resample_size ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/size.png|--size|100x37"
               OUT_RE "output [^ ]+ 100x37")
  wt_tool_test(tool_resample_rotate45 ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/rot45.png|--rotate|45|--threads|2"
               OUT_RE "output [^ ]+ 96x64.*rotate 45")
  wt_tool_test(tool_resample_bmp ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/out.bmp|--scale=0.5|--filter=point"
               OUT_RE "48x32")
  # The exact `make demo` commands (at full size: the demo's own input).
  wt_tool_test(tool_make_demo
               ARGS "demo-image|${WT_TOOL_DIR}/demo-input.png|--size|512x512"
               THEN "resample|${WT_TOOL_DIR}/demo-input.png|${WT_TOOL_DIR}/demo-output.png|--scale|0.37|--rotate|30|--filter|linear|--mipmaps"
               THEN_OUT_RE "output [^ ]+ 189x189.*mip levels 10")

  # ---- exactness: the resample path against the image itself ------------------
  # Scale 1, no rotation: every output pixel centre is a texel centre, so point
  # and linear filtering both return the texel and rounding restores the byte.
  foreach(f point linear)
    wt_tool_test(tool_identity_${f}
                 ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/ident_${f}.png|--filter|${f}"
                 THEN "compare|${WT_IN}|${WT_TOOL_DIR}/ident_${f}.png" THEN_OUT_RE "max channel difference 0,")
  endforeach()
  # Two half turns are the identity; one half turn is not (compare must notice).
  wt_tool_test(tool_rotate180_once
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/r180.png|--filter|point|--rotate|180"
               THEN "compare|${WT_IN}|${WT_TOOL_DIR}/r180.png" THEN_RC 1 THEN_ERR_RE "images differ by up to")
  set_tests_properties(tool_rotate180_once PROPERTIES FIXTURES_SETUP wt_tool_r180)
  wt_tool_test(tool_rotate180_twice
               ARGS "resample|${WT_TOOL_DIR}/r180.png|${WT_TOOL_DIR}/r360.png|--filter|point|--rotate|-180"
               THEN "compare|${WT_IN}|${WT_TOOL_DIR}/r360.png" THEN_OUT_RE "max channel difference 0,")
  set_tests_properties(tool_rotate180_twice PROPERTIES FIXTURES_REQUIRED "wt_tool_input;wt_tool_r180")
  # Halving: level 1 of the chain (2x2 box averages read by point sampling at
  # LOD 1) against a bilinear read of level 0 at the same points (the same
  # 2x2 averages, weights 128/256, rounded the same way): equal.  Were the LOD
  # not 1, point sampling would pick single texels and the images would differ.
  wt_tool_test(tool_mip_half_box
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/half_mip.png|--scale|0.5|--mipmaps|--filter|point"
               THEN "resample|${WT_IN}|${WT_TOOL_DIR}/half_lin.png|--scale|0.5|--filter|linear")
  set_tests_properties(tool_mip_half_box PROPERTIES FIXTURES_SETUP wt_tool_half)
  wt_tool_test(tool_mip_half_compare ARGS "compare|${WT_TOOL_DIR}/half_mip.png|${WT_TOOL_DIR}/half_lin.png|--tolerance|0")
  set_tests_properties(tool_mip_half_compare PROPERTIES FIXTURES_REQUIRED "wt_tool_input;wt_tool_half")
  # --srgb must change the result of filtering (averages in linear light).
  wt_tool_test(tool_srgb_differs
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/half_srgb.png|--scale|0.5|--filter|linear|--srgb"
               THEN "compare|${WT_TOOL_DIR}/half_lin.png|${WT_TOOL_DIR}/half_srgb.png" THEN_RC 1
               THEN_ERR_RE "images differ")
  set_tests_properties(tool_srgb_differs PROPERTIES FIXTURES_REQUIRED "wt_tool_input;wt_tool_half")
  # sRGB decode (measured table) then sRGB encode (formula) at texel centres.
  wt_tool_test(tool_identity_srgb
               ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/ident_srgb.png|--filter|point|--srgb"
               THEN "compare|${WT_IN}|${WT_TOOL_DIR}/ident_srgb.png|--tolerance|1")

  # ---- failures: a clear message and the documented exit code -------------------
  wt_tool_test(tool_err_missing_input ARGS "resample|${WT_TOOL_DIR}/no-such-file.png|${WT_TOOL_DIR}/x.png"
               RC 1 ERR_RE "cannot read image '.*no-such-file.png'")
  wt_tool_test(tool_err_bad_filter ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--filter|cubic"
               RC 2 ERR_RE "--filter: 'cubic' is not one of point, linear")
  wt_tool_test(tool_err_bad_address ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--address|repeat"
               RC 2 ERR_RE "--address: 'repeat' is not one of")
  wt_tool_test(tool_err_scale_zero ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--scale|0"
               RC 2 ERR_RE "--scale: 0 must be greater than 0")
  wt_tool_test(tool_err_scale_negative ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--scale=-2"
               RC 2 ERR_RE "--scale: -2 must be greater than 0")
  wt_tool_test(tool_err_scale_nan ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--scale|nan"
               RC 2 ERR_RE "--scale: 'nan' is not a finite number")
  wt_tool_test(tool_err_scale_huge ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--scale|1e6"
               RC 1 ERR_RE "96000000x64000000 is 6144000000000000 pixels; the limit is 268435456 pixels")
  wt_tool_test(tool_err_size_zero ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--size|0x5"
               RC 2 ERR_RE "--size: 0x5: each side must be at least 1")
  wt_tool_test(tool_err_size_malformed ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--size|12by5"
               RC 2 ERR_RE "--size: '12by5' is not WIDTHxHEIGHT")
  wt_tool_test(tool_err_unknown_option ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--bogus"
               RC 2 ERR_RE "unknown option '--bogus'")
  wt_tool_test(tool_err_missing_value ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--rotate"
               RC 2 ERR_RE "option --rotate needs a value")
  wt_tool_test(tool_err_missing_out ARGS "resample|${WT_IN}" RC 2 ERR_RE "needs IN and OUT")
  wt_tool_test(tool_err_out_extension ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.gif"
               RC 2 ERR_RE "OUT must end in .png")
  wt_tool_test(tool_err_unwritable ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/no-such-dir/x.png"
               RC 1 ERR_RE "cannot write '.*no-such-dir/x.png'")
  wt_tool_test(tool_err_not_an_image ARGS "resample|${CMAKE_CURRENT_LIST_FILE}|${WT_TOOL_DIR}/x.png"
               RC 1 ERR_RE "cannot read image")
  wt_tool_test(tool_err_threads ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/x.png|--threads|0"
               RC 2 ERR_RE "--threads: '0' is not an integer in 1..1024")
  wt_tool_test(tool_err_unknown_command ARGS "frobnicate" RC 2 ERR_RE "unknown command 'frobnicate'")
  wt_tool_test(tool_err_no_command ARGS "" RC 2 ERR_RE "usage: warptex COMMAND")
  wt_tool_test(tool_err_demo_size ARGS "demo-image|${WT_TOOL_DIR}/x.png|--size|5x0"
               RC 2 ERR_RE "--size: 5x0: each side must be at least 1")
  wt_tool_test(tool_err_compare_tolerance ARGS "compare|${WT_IN}|${WT_IN}|--tolerance|x"
               RC 2 ERR_RE "--tolerance: 'x' is not an integer")
  wt_tool_test(tool_err_compare_sizes ARGS "demo-image|${WT_TOOL_DIR}/small.png|--size|10x10"
               THEN "compare|${WT_IN}|${WT_TOOL_DIR}/small.png" THEN_RC 1 THEN_ERR_RE "sizes differ: .* is 96x64, .* is 10x10")

  # ---- the image limit (issue 9, defect 2): exit 1, naming the limit -------------
  # 32768x32768 once wrapped stb_image_write's int byte count (a heap overflow).
  set(limit_re "is 1073741824 pixels; the limit is 268435456 pixels \\(the warptex image limit")
  wt_tool_test(tool_size_limit_demo_image ARGS "demo-image|${WT_TOOL_DIR}/limit.png|--size|32768x32768"
               RC 1 ERR_RE "--size 32768x32768 ${limit_re}")
  wt_tool_test(tool_size_limit_demo_image_side ARGS "demo-image|${WT_TOOL_DIR}/limit.png|--size|40000x1"
               RC 1 ERR_RE "--size 40000x1 has a side of 40000 pixels; the limit is 32768 pixels a side")
  wt_tool_test(tool_size_limit_demo_image_huge ARGS "demo-image|${WT_TOOL_DIR}/limit.png|--size|99999999999999999999x1"
               RC 1 ERR_RE "has a side of more than 9223372036854775807 pixels; the limit is 32768 pixels a side")
  wt_tool_test(tool_size_limit_resample_size ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/limit.png|--size|32768x32768"
               RC 1 ERR_RE "--size 32768x32768 ${limit_re}")
  # 96x64 input at --scale 300: 28800x19200, each side allowed, the product not.
  wt_tool_test(tool_size_limit_resample_scale ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/limit.png|--scale|300"
               RC 1 ERR_RE "output \\(--scale 300\\) 28800x19200 is 552960000 pixels; the limit is 268435456 pixels")
  wt_tool_test(tool_size_limit_resample_scale_inf ARGS "resample|${WT_IN}|${WT_TOOL_DIR}/limit.png|--scale|1e308"
               RC 1 ERR_RE "the limit is 268435456 pixels")

  # ---- writes that fail, inputs too large (issue 9, defects 2 and 3) ---------------
  # tests/tools/write_checks.sh runs each case in its own directory.
  foreach(c size_limit_input write_dev_full write_stdout_full write_ulimit resample_in_place_keeps_input
            resample_in_place)
    add_test(NAME tool_${c} COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/tools/write_checks.sh $<TARGET_FILE:warptex>
                                    ${WT_TOOL_DIR}/${c} ${c} ${WT_TOOL_EMULATOR})
    set_tests_properties(tool_${c} PROPERTIES TIMEOUT 60)
  endforeach()
endif()
