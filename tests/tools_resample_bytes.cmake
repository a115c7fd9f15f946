# tools_resample_bytes.cmake -- ctest: `warptex resample` writes exactly the PNG bytes it wrote before it moved to the
# batch API, with 1 and 2 threads
# SPDX-License-Identifier: MIT
#
# The SHA-256 sums below are of the files the warp-call version of the
# command (commit 58d0cad, one wt_tex_warp per 32 pixels of a row, libm's pow
# for --srgb) wrote from the same inputs on x86-64 Debian 12.  The inputs are
# made by `warptex demo-image`, whose sum is checked first, so a changed
# input is told apart from a changed resample.  demo-image and the rotation use
# libm's sin/cos/atan2, which other C libraries or CPUs may round differently
# in the last bit: the sums are registered on x86-64 only.
#
# Script mode: cmake -DEXE=warptex -DIN=input.png -DIN_SHA256=... -DOUT=out.png
#                    -DARGS=a|b|c -DSHA256=... -P tools_resample_bytes.cmake

if(CMAKE_SCRIPT_MODE_FILE)
  file(SHA256 "${IN}" got)
  if(NOT got STREQUAL "${IN_SHA256}")
    message(FATAL_ERROR "the input ${IN} has SHA-256 ${got}, not ${IN_SHA256}: `warptex demo-image` changed, "
                        "so these sums no longer apply")
  endif()
  string(REPLACE "|" ";" argv "${ARGS}")
  foreach(t 1 2)
    file(REMOVE "${OUT}")
    execute_process(COMMAND ${EXE} resample ${IN} ${OUT} ${argv} --threads ${t}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message("$ warptex resample ${IN} ${OUT} ${argv} --threads ${t}\n${out}${err}-> exit ${rc}")
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "resample failed")
    endif()
    file(SHA256 "${OUT}" got)
    if(NOT got STREQUAL "${SHA256}")
      message(FATAL_ERROR "--threads ${t}: the output's SHA-256 is ${got}, the warp-call version wrote ${SHA256}")
    endif()
  endforeach()
  return()
endif()

if(TARGET warptex AND COMMAND wt_tool_test AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(WT_BYTES_SCRIPT ${CMAKE_CURRENT_LIST_FILE})
  # Inputs: tools.cmake's 96x64 demo image (fixture wt_tool_input), an odd-sized one and the `make demo` one.
  set(WT_BYTES_IN_SHA256 d31f211f024ae80c6dcdeb2db763d25c6e49f36375b3522d81c5a3c3bbf5bb88)
  set(WT_BYTES_ODD ${WT_TOOL_DIR}/bytes_odd.png)
  set(WT_BYTES_ODD_SHA256 db5761123b75b85d0ec9d212d76dc9432d8dc1f6285caf068a1e90ef2d0193a8)
  set(WT_BYTES_DEMO ${WT_TOOL_DIR}/bytes_demo.png)
  set(WT_BYTES_DEMO_SHA256 4ae1ff7f851d43f2ef76169b039b8a926dfc786501227c1e9bbe9765cf468580)
  wt_tool_test(tool_resample_bytes_input_odd SETUP ARGS "demo-image|${WT_BYTES_ODD}|--size|75x53")
  wt_tool_test(tool_resample_bytes_input_demo SETUP ARGS "demo-image|${WT_BYTES_DEMO}|--size|512x512")
  set_tests_properties(tool_resample_bytes_input_odd PROPERTIES FIXTURES_SETUP wt_bytes_odd)
  set_tests_properties(tool_resample_bytes_input_demo PROPERTIES FIXTURES_SETUP wt_bytes_demo)

  # wt_bytes_test(NAME INPUT INPUT_SHA256 FIXTURE ARGS SHA256)
  function(wt_bytes_test name in in_sha fixture args sha)
    add_test(NAME tool_resample_bytes_${name}
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:warptex> -DIN=${in} -DIN_SHA256=${in_sha}
                     -DOUT=${WT_TOOL_DIR}/bytes_${name}.png "-DARGS=${args}" -DSHA256=${sha} -P ${WT_BYTES_SCRIPT})
    set_tests_properties(tool_resample_bytes_${name} PROPERTIES FIXTURES_REQUIRED ${fixture} TIMEOUT 120)
  endfunction()

  set(in ${WT_IN} ${WT_BYTES_IN_SHA256} wt_tool_input)
  wt_bytes_test(linear_clamp_rot20 ${in} "--filter|linear|--address|clamp|--scale|1.7|--rotate|20"
                050a9c767d8eb2b12c25b145b5831417de5608e58dac6d7e1b3a6247ba603244)
  wt_bytes_test(point_wrap_rot20 ${in} "--filter|point|--address|wrap|--scale|1.7|--rotate|20"
                1f17e2396463ee855703fa574e2d93a7b73f012b79f1b98c86cd7f6f8d9df8e5)
  wt_bytes_test(mirror_size ${in} "--size|100x37|--address|mirror"
                2e1e473b8421c0a0397c9248eea2c10e895fe96c2e6cddc4afb73fd498ebeb79)
  wt_bytes_test(border_rot45 ${in} "--address|border|--rotate|45|--scale|0.8"
                ee628c3ddd89f360efcb0740f8c1a7ae21573086a07dd40f479deeb95ad2deae)
  wt_bytes_test(mip_rot30 ${in} "--mipmaps|--scale|0.25|--rotate|30"
                b026ccf4496de67a1a50e99ad966fef4631e384974067847fb93d9f917866a35)
  wt_bytes_test(srgb_mip ${in} "--srgb|--scale|0.5|--mipmaps"
                5d1c6ff681b79fe76e03263bdb902df687452c8e5c627c36f73881123016157b)
  wt_bytes_test(srgb_linear_rot10 ${in} "--srgb|--scale|1.3|--rotate|10"
                1ea9dfef7a250b783b0cc684c0dd764e27ab185c3a1f0fd23efb67b4b20bf1be)
  set(in ${WT_BYTES_ODD} ${WT_BYTES_ODD_SHA256} wt_bytes_odd)
  wt_bytes_test(odd_mip_srgb ${in} "--mipmaps|--srgb|--scale|0.3|--rotate|15"
                efc4372d145d8066b8fc8ec85fb3efdd9d074a17aebf66148308df0a95f5dc07)
  wt_bytes_test(odd_size_point ${in} "--size|33x31|--filter|point|--rotate|200|--mipmaps"
                560a179c83ee6348b1df53cf68aac77d5d5fa291c13946bd8c36810e8c5722a8)
  set(in ${WT_BYTES_DEMO} ${WT_BYTES_DEMO_SHA256} wt_bytes_demo)
  wt_bytes_test(make_demo ${in} "--scale|0.37|--rotate|30|--filter|linear|--mipmaps"
                bb756361fc53b6e9ab5169e7e172386ba4ebc576d4299c775180da594310250a)
endif()
