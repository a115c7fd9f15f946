# tools_run.cmake -- ctest: `warptex run`'s documented examples all run; every numeric or list
# argument of the warptex subcommands that is malformed or out of range is a usage error (exit 2)
# naming the argument; the scalar parameters reach the kernel with the values written
# SPDX-License-Identifier: MIT
#
# Script mode (cmake -DMODE=... -P tools_run.cmake):
#   MODE=examples  -DEXE -DSRC=source dir -DWORK=dir [-DEMULATOR]: takes every `warptex run`
#                  example from `warptex run --help` (its Examples section) and from README.md
#                  and docs/*.md (inline code and fenced lines; the KERNEL.ptx synopses are
#                  not examples), makes the inputs they name (images with `warptex
#                  demo-image`, file= inputs as 256 bytes of (u, v) float pairs), runs each in
#                  WORK (with a copy of examples/ptx) and fails unless each exits 0.  Every code
#                  span of those pages that is a PARAM (`i32:...`, `tex:...`, `buf:...` ...)
#                  must be an argument of one of those examples, so a PARAM form the
#                  documentation shows is run too.
#   MODE=values    -DEXE -DWORK -DARGS=a|b|c -DOUT=file -DEXPECT_HEX=hex [-DEMULATOR]: runs
#                  the command in WORK and compares the bytes of OUT (as hex) with EXPECT_HEX.
# The bad-argument table runs tests/tools.cmake's script (exit code and stderr pattern).

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_policy(SET CMP0057 NEW) # if(IN_LIST)
  function(wt_make_inputs args)
    foreach(a IN LISTS args)
      # (nested: an if() expands its arguments before MATCHES sets CMAKE_MATCH_n)
      if(a MATCHES "^(tex|surf):([^,]+\\.(png|bmp|tga|jpg))")
        set(img ${CMAKE_MATCH_2})
        if(NOT EXISTS "${WORK}/${img}")
          execute_process(COMMAND ${EMULATOR} ${EXE} demo-image ${img} --size 64x48
                          WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_QUIET)
          if(NOT rc EQUAL 0)
            message(FATAL_ERROR "could not make ${img} with warptex demo-image")
          endif()
        endif()
      endif()
      string(REGEX MATCHALL "file=[^,]+" files "${a}")
      foreach(f IN LISTS files)
        string(SUBSTRING "${f}" 5 -1 f)
        if(NOT EXISTS "${WORK}/${f}")
          # 32 (u, v) pairs of the float 0x3f3f3f3f (0.747): inside a normalised texture
          string(REPEAT "?" 256 bytes)
          file(WRITE "${WORK}/${f}" "${bytes}")
        endif()
      endforeach()
    endforeach()
  endfunction()

  if(MODE STREQUAL "values")
    string(REPLACE "|" ";" argv "${ARGS}")
    file(MAKE_DIRECTORY ${WORK})
    file(REMOVE ${WORK}/${OUT})
    execute_process(COMMAND ${EMULATOR} ${EXE} ${argv} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message("$ warptex ${argv}\n${out}${err}-> exit ${rc}")
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "expected exit code 0")
    endif()
    file(READ ${WORK}/${OUT} got HEX)
    if(NOT got STREQUAL EXPECT_HEX)
      message(FATAL_ERROR "${OUT} holds\n  ${got}\nexpected\n  ${EXPECT_HEX}")
    endif()
    return()
  endif()

  # MODE=examples
  file(REMOVE_RECURSE ${WORK})
  file(MAKE_DIRECTORY ${WORK})
  file(COPY ${SRC}/examples/ptx DESTINATION ${WORK}/examples)
  execute_process(COMMAND ${EMULATOR} ${EXE} run --help RESULT_VARIABLE rc OUTPUT_VARIABLE help)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "warptex run --help exited ${rc}")
  endif()
  # --help: the lines after "Examples", each "  warptex run ..." continued on deeper-indented lines
  string(REPLACE ";" "," help "${help}")
  string(FIND "${help}" "\nExamples" at)
  if(at LESS 0)
    message(FATAL_ERROR "warptex run --help has no Examples section")
  endif()
  string(SUBSTRING "${help}" ${at} -1 help)
  string(REGEX REPLACE "\n      +" " " help "${help}") # join continuation lines
  string(REGEX MATCHALL "\n  warptex run [^\n]*" help_examples "${help}")
  # README.md and docs/*.md: inline code spans and fenced lines
  file(GLOB pages ${SRC}/docs/*.md)
  set(readme "")
  foreach(page ${SRC}/README.md ${pages})
    file(READ ${page} text)
    string(APPEND readme "\n${text}")
  endforeach()
  string(REPLACE ";" "," readme "${readme}")
  string(REGEX MATCHALL "`warptex run [^`]*`" spans "${readme}")
  string(REGEX MATCHALL "\nwarptex run [^\n]*" fenced "${readme}")
  set(readme_examples "")
  foreach(e IN LISTS spans fenced)
    if(NOT e MATCHES "KERNEL\\.ptx")
      list(APPEND readme_examples "${e}")
    endif()
  endforeach()
  list(LENGTH help_examples nhelp)
  list(LENGTH readme_examples nreadme)
  message("${nhelp} examples in warptex run --help, ${nreadme} in README.md and docs/*.md")
  if(nhelp LESS 2 OR nreadme LESS 2)
    message(FATAL_ERROR "expected at least two examples in each: the extraction no longer finds them")
  endif()
  set(all_args "")
  foreach(e IN LISTS help_examples readme_examples)
    string(REGEX REPLACE "[`\n]" " " e "${e}")
    string(STRIP "${e}" e)
    string(REGEX REPLACE "[ \t]+" ";" argv "${e}")
    list(POP_FRONT argv first) # "warptex"
    wt_make_inputs("${argv}")
    list(APPEND all_args ${argv})
    execute_process(COMMAND ${EMULATOR} ${EXE} ${argv} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message("$ ${e}\n${out}${err}-> exit ${rc}")
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "the documented example `${e}` exited ${rc}")
    endif()
  endforeach()
  string(REGEX MATCHALL "`(i32|u32|i64|u64|f32|f64|tex|surf|buf):[^`]*`" params "${readme}")
  foreach(p IN LISTS params)
    string(REPLACE "`" "" p "${p}")
    if(NOT p IN_LIST all_args)
      message(FATAL_ERROR "the documentation shows the PARAM `${p}`, which no tested example uses")
    endif()
  endforeach()
  return()
endif()

if(TARGET warptex)
  set(WT_RUN_WORK ${CMAKE_BINARY_DIR}/tool_run)
  set(WT_RUN_EMULATOR "")
  if(CMAKE_CROSSCOMPILING)
    set(WT_RUN_EMULATOR ${CMAKE_CROSSCOMPILING_EMULATOR})
  endif()
  # The W1 example of docs/ptx.md launches 4M threads 7 times beside as many direct passes: a few
  # seconds, much longer under a sanitizer or an emulator.
  add_test(NAME tool_run_examples
           COMMAND ${CMAKE_COMMAND} -DMODE=examples -DEXE=$<TARGET_FILE:warptex> -DSRC=${PROJECT_SOURCE_DIR}
                   -DWORK=${WT_RUN_WORK}/examples "-DEMULATOR=${WT_RUN_EMULATOR}" -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(tool_run_examples PROPERTIES TIMEOUT 600 ENVIRONMENT "${WT_TEST_ENV}")

  # Every scalar kind, written as the help says (hex, bounds, a leading zero is decimal), reaches
  # the kernel as those bytes: tests/tools/params.ptx stores them to a 40-byte buffer.
  set(params_ptx ${PROJECT_SOURCE_DIR}/tests/tools/params.ptx)
  set(run_params "run|${params_ptx}|--entry|params|--grid|1|--block|1|buf:40,out=vals.bin")
  foreach(case
      # name|the six values|the 40 bytes: i32, u32, i64, u64, f32, 4 bytes of padding, f64
      "a|i32:-5|u32:0xffffffff|i64:-0x10|u64:18446744073709551615|f32:0.5|f64:-2|fbffffff\
ffffffff\
f0ffffffffffffff\
ffffffffffffffff\
0000003f00000000\
00000000000000c0"
      "b|i32:-2147483648|u32:010|i64:-9223372036854775808|u64:0x0|f32:3.4028234e38|f64:1e-320|00000080\
0a000000\
0000000000000080\
0000000000000000\
ffff7f7f00000000\
e807000000000000")
    string(REPLACE "|" ";" c "${case}")
    list(GET c 0 name)
    list(SUBLIST c 1 6 vals)
    list(GET c 7 hex)
    string(REPLACE ";" "|" vals "${vals}")
    add_test(NAME tool_run_values_${name}
             COMMAND ${CMAKE_COMMAND} -DMODE=values -DEXE=$<TARGET_FILE:warptex> -DWORK=${WT_RUN_WORK}/values_${name}
                     "-DARGS=${run_params}|${vals}" -DOUT=vals.bin -DEXPECT_HEX=${hex}
                     "-DEMULATOR=${WT_RUN_EMULATOR}" -P ${CMAKE_CURRENT_LIST_FILE})
    set_tests_properties(tool_run_values_${name} PROPERTIES TIMEOUT 60 ENVIRONMENT "${WT_TEST_ENV}")
  endforeach()

  # ---- the bad forms: exit 2 and a message naming the argument --------------------------
  set(bad_dir ${WT_RUN_WORK}/bad)
  add_test(NAME tool_run_bad_setup COMMAND warptex demo-image ${bad_dir}/in.png --size 16x16)
  set_tests_properties(tool_run_bad_setup PROPERTIES FIXTURES_SETUP wt_run_bad_in)
  file(MAKE_DIRECTORY ${bad_dir})
  # wt_run_bad(NAME ARGS ERR_RE): ARGS '|'-separated; an empty value is written --opt=
  function(wt_run_bad name args err_re)
    add_test(NAME tool_bad_${name}
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:warptex> "-DARGS=${args}" -DRC=2 "-DERR_RE=${err_re}"
                     "-DEMULATOR=${WT_RUN_EMULATOR}" -P ${PROJECT_SOURCE_DIR}/tests/tools.cmake)
    set_tests_properties(tool_bad_${name} PROPERTIES FIXTURES_REQUIRED wt_run_bad_in TIMEOUT 60
                         ENVIRONMENT "${WT_TEST_ENV}")
  endfunction()
  # params.ptx with good values, one of them replaced by each case
  set(P "run|${params_ptx}|--entry|params")
  set(G "--grid|1|--block|1")
  set(V1 "i32:1|u32:1|i64:1|u64:1|f32:1|f64:1")
  set(B "buf:40")
  foreach(row
      # name            args                                          message
      "grid_fourth      ${P}|--grid|1,1,1,1|--block|1|${B}|${V1}      --grid '1,1,1,1' has more than three components"
      "grid_trailing    ${P}|--grid|1,1,1,|--block|1|${B}|${V1}       --grid '1,1,1,' has more than three components"
      "grid_empty_y     ${P}|--grid|1,,1|--block|1|${B}|${V1}         --grid '1,,1': component Y is empty"
      "grid_comma_end   ${P}|--grid|4,|--block|1|${B}|${V1}           --grid '4,': component Y is empty"
      "grid_empty       ${P}|--grid=|--block|1|${B}|${V1}             --grid '': component X is empty"
      "grid_text_after  ${P}|--grid|4x|--block|1|${B}|${V1}           --grid '4x': X '4x' is not a positive integer"
      "grid_space       ${P}|--grid| 4|--block|1|${B}|${V1}           --grid ' 4': X ' 4' is not a positive integer"
      "grid_plus        ${P}|--grid|1,+4|--block|1|${B}|${V1}         --grid '1,.4': Y '.4' is not a positive integer"
      "grid_negative    ${P}|--grid|-4|--block|1|${B}|${V1}           --grid '-4': X '-4' is not a positive integer"
      "grid_zero        ${P}|--grid|0|--block|1|${B}|${V1}            --grid '0': X is 0. it must be 1..2147483647"
      "grid_x_range     ${P}|--grid|2147483648|--block|1|${B}|${V1}   --grid '2147483648': X is 2147483648. it must be 1..2147483647"
      "grid_y_range     ${P}|--grid|1,65536|--block|1|${B}|${V1}      --grid '1,65536': Y is 65536. it must be 1..65535"
      "grid_huge        ${P}|--grid|1,1,99999999999999999999999999|--block|1|${B}|${V1}  --grid '1,1,9+': Z is 9+. it must be 1..65535"
      "block_fourth     ${P}|--grid|1|--block|2,2,2,2|${B}|${V1}      --block '2,2,2,2' has more than three components"
      "block_x          ${P}|--grid|1|--block|1025|${B}|${V1}         --block '1025': X is 1025. it must be 1..1024"
      "block_z          ${P}|--grid|1|--block|1,1,65|${B}|${V1}       --block '1,1,65': Z is 65. it must be 1..64"
      "block_threads    ${P}|--grid|1|--block|32,33|${B}|${V1}        --block '32,33' is 1056 threads. a block has at most 1024"
      "block_text       ${P}|--grid|1|--block|32abc|${B}|${V1}        --block '32abc': X '32abc' is not a positive integer"
      "shared_text      ${P}|${G}|--shared|1x|${B}|${V1}              --shared: '1x' is not an integer in 0..1073741824"
      "shared_range     ${P}|${G}|--shared|1073741825|${B}|${V1}      --shared: '1073741825' is not an integer in 0..1073741824"
      "shared_negative  ${P}|${G}|--shared=-1|${B}|${V1}              --shared: '-1' is not an integer"
      "repeat_zero      ${P}|${G}|--repeat|0|${B}|${V1}               --repeat: '0' is not an integer in 1..1000"
      "repeat_plus      ${P}|${G}|--repeat|+3|${B}|${V1}              --repeat: '.3' is not an integer"
      "threads_space    ${P}|${G}|--threads| 2|${B}|${V1}             --threads: ' 2' is not an integer"
      "i32_text         ${P}|${G}|${B}|i32:5x|u32:1|i64:1|u64:1|f32:1|f64:1        'i32:5x': '5x' is not an integer"
      "i32_hex_empty    ${P}|${G}|${B}|i32:0x|u32:1|i64:1|u64:1|f32:1|f64:1        'i32:0x': '0x' is not an integer"
      "i32_space        ${P}|${G}|${B}|i32: 5|u32:1|i64:1|u64:1|f32:1|f64:1       'i32: 5': ' 5' is not an integer"
      "i32_plus         ${P}|${G}|${B}|i32:+5|u32:1|i64:1|u64:1|f32:1|f64:1        'i32:.5': '.5' is not an integer"
      "i32_range        ${P}|${G}|${B}|i32:2147483648|u32:1|i64:1|u64:1|f32:1|f64:1  'i32:2147483648': 2147483648 is out of range for i32"
      "i32_range_neg    ${P}|${G}|${B}|i32:-2147483649|u32:1|i64:1|u64:1|f32:1|f64:1  'i32:-2147483649': -2147483649 is out of range for i32"
      "i32_options      ${P}|${G}|${B}|i32:5,ro|u32:1|i64:1|u64:1|f32:1|f64:1      'i32:5,ro': a scalar takes no options"
      "u32_negative     ${P}|${G}|${B}|i32:1|u32:-1|i64:1|u64:1|f32:1|f64:1        'u32:-1': -1 is out of range for u32 .0..4294967295."
      "u32_range        ${P}|${G}|${B}|i32:1|u32:4294967296|i64:1|u64:1|f32:1|f64:1  'u32:4294967296': 4294967296 is out of range for u32"
      "u32_text         ${P}|${G}|${B}|i32:1|u32:12abc|i64:1|u64:1|f32:1|f64:1     'u32:12abc': '12abc' is not an integer"
      "i64_range        ${P}|${G}|${B}|i32:1|u32:1|i64:9223372036854775808|u64:1|f32:1|f64:1  'i64:9223372036854775808': 9223372036854775808 is out of range for i64"
      "i64_text         ${P}|${G}|${B}|i32:1|u32:1|i64:0x1g|u64:1|f32:1|f64:1      'i64:0x1g': '0x1g' is not an integer"
      "u64_range        ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:18446744073709551616|f32:1|f64:1  'u64:18446744073709551616': 18446744073709551616 is out of range for u64"
      "u64_negative     ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:-1|f32:1|f64:1        'u64:-1': -1 is out of range for u64"
      "f32_range        ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:1|f32:1e39|f64:1      'f32:1e39': 1e39 is out of range for f32"
      "f32_text         ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:1|f32:1.5x|f64:1      f32:1.5x: '1.5x' is not a finite number"
      "f32_nan          ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:1|f32:nan|f64:1       f32:nan: 'nan' is not a finite number"
      "f64_inf          ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:1|f32:1|f64:1e999     f64:1e999: '1e999' is not a finite number"
      "f64_space        ${P}|${G}|${B}|i32:1|u32:1|i64:1|u64:1|f32:1|f64: 1        f64: 1: ' 1' is not a finite number"
      "buf_zero         ${P}|${G}|buf:0|${V1}                         'buf:0': BYTES is 0. it must be 1..2.34"
      "buf_range        ${P}|${G}|buf:17179869185|${V1}               'buf:17179869185': BYTES is 17179869185. it must be 1..2.34"
      "buf_negative     ${P}|${G}|buf:-8|${V1}                        'buf:-8': BYTES is -8. it must be 1..2.34"
      "buf_text         ${P}|${G}|buf:40x|${V1}                       'buf:40x': BYTES '40x' is not a number"
      "buf_file_empty   ${P}|${G}|buf:40,file=|${V1}                  'buf:40,file=': option file needs a value"
      "buf_unknown      ${P}|${G}|buf:40,bogus=1|${V1}                'buf:40,bogus=1': unknown option 'bogus'"
      "buf_flag_value   ${P}|${G}|buf:40,ro=1|${V1}                   'buf:40,ro=1': option ro takes no value"
      "buf_twice        ${P}|${G}|buf:40,ro,ro|${V1}                  'buf:40,ro,ro': option ro is given twice"
      "buf_as           ${P}|${G}|buf:40,as=f64|${V1}                 'buf:40,as=f64': as=f64 is not f32, u32, i32 or u8"
      "buf_nothing      ${P}|${G}|buf:|${V1}                          'buf:': buf: needs BYTES or file=FILE"
      "buf_options      ${P}|${G}|buf:40,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro,ro|${V1}  more than 15 options"
      "param_kind       ${P}|${G}|${B}|i16:1|u32:1|i64:1|u64:1|f32:1|f64:1         'i16:1': unknown parameter kind 'i16'"
      "tex_no_src       run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:|surf:4x4|i32:4|i32:4|f32:0  'tex:': tex: needs SRC"
      "tex_unknown      run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png,nrm|surf:4x4|i32:4|i32:4|f32:0  unknown option 'nrm'"
      "tex_flag_value   run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png,norm=1|surf:4x4|i32:4|i32:4|f32:0  option norm takes no value"
      "tex_needs_value  run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png,filter|surf:4x4|i32:4|i32:4|f32:0  option filter needs a value"
      "tex_checked_first run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:no-such.png,filter=cubic|surf:4x4|i32:4|i32:4|f32:0  filter=cubic is not point or linear"
      "surf_text        run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png|surf:64x48junk|i32:4|i32:4|f32:0  surf:64x48junk: '64x48junk' is not WIDTHxHEIGHT"
      "surf_negative    run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png|surf:64x-5|i32:4|i32:4|f32:0  surf:64x-5: '64x-5' is not WIDTHxHEIGHT"
      "surf_zero        run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png|surf:0x5|i32:4|i32:4|f32:0  surf:0x5: 0x5: each side must be at least 1"
      "surf_out         run|${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx|--entry|rotate_blur|${G}|tex:${bad_dir}/in.png|surf:4x4,out=a.gif|i32:4|i32:4|f32:0  out=a.gif: not .png"
      "demo_size_space  demo-image|${bad_dir}/x.png|--size| 5x5       --size: ' 5x5' is not WIDTHxHEIGHT"
      "demo_size_after  demo-image|${bad_dir}/x.png|--size|5x5x       --size: '5x5x' is not WIDTHxHEIGHT"
      "demo_size_plus   demo-image|${bad_dir}/x.png|--size|+5x5       --size: '.5x5' is not WIDTHxHEIGHT"
      "demo_size_neg    demo-image|${bad_dir}/x.png|--size|5x-5       --size: '5x-5' is not WIDTHxHEIGHT"
      "resample_size    resample|${bad_dir}/in.png|${bad_dir}/x.png|--size|10x10px  --size: '10x10px' is not WIDTHxHEIGHT"
      "resample_threads resample|${bad_dir}/in.png|${bad_dir}/x.png|--threads|2x    --threads: '2x' is not an integer in 1..1024"
      "resample_scale   resample|${bad_dir}/in.png|${bad_dir}/x.png|--scale|0.5x    --scale: '0.5x' is not a finite number"
      "resample_rotate  resample|${bad_dir}/in.png|${bad_dir}/x.png|--rotate| 5      --rotate: ' 5' is not a finite number"
      "compare_range    compare|${bad_dir}/in.png|${bad_dir}/in.png|--tolerance|256  --tolerance: '256' is not an integer in 0..255"
      "compare_space    compare|${bad_dir}/in.png|${bad_dir}/in.png|--tolerance| 1   --tolerance: ' 1' is not an integer in 0..255"
      "bench_reps_text  bench|--reps|3x                               --reps: '3x' is not an integer in 1..1000"
      "bench_reps_plus  bench|--reps|+3                               --reps: '.3' is not an integer in 1..1000"
      "bench_threads    bench|--threads| 2                            --threads: ' 2' is not an integer in 1..1024"
      )
    # columns: two or more spaces apart (an argument may hold one space: "--grid| 4")
    string(REGEX MATCH "^([a-z0-9_]+) +(([^ ]| [^ ])+)  +(.+)$" m "${row}")
    if(NOT m)
      message(FATAL_ERROR "tools_run.cmake: bad table row '${row}'")
    endif()
    wt_run_bad(${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" "${CMAKE_MATCH_4}")
  endforeach()
endif()
