# nvvm.cmake -- tests of the generated NVVM API: generator freshness, and the spies of test_nvvm_names
# SPDX-License-Identifier: MIT
#
# Included by CMakeLists.txt (tests/*.cmake).  Also run as a script by the
# nvvm_generated_fresh test: cmake -DGEN=... -DSRC=... -DOUT=... [-DEMULATOR=cmd;args] -P nvvm.cmake
# (a cross-compiled GEN runs through EMULATOR, CMAKE_CROSSCOMPILING_EMULATOR).
set(WT_NVVM_FILES include/warptex/nvvm.h src/nvvm/nvvm_entry.c src/nvvm/nvvm_names.inc)

if(CMAKE_SCRIPT_MODE_FILE)
  # Script mode: regenerate into OUT and compare byte for byte with SRC.
  file(MAKE_DIRECTORY ${OUT})
  execute_process(COMMAND ${EMULATOR} ${GEN} ${OUT}/nvvm.h ${OUT}/nvvm_entry.c ${OUT}/nvvm_names.inc RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gen_nvvm failed (${rc})")
  endif()
  foreach(checked_in ${WT_NVVM_FILES})
    get_filename_component(fresh ${checked_in} NAME)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/${fresh} ${SRC}/${checked_in}
                    RESULT_VARIABLE differs)
    if(differs)
      message(SEND_ERROR "${checked_in} is not what tools/gen_nvvm.c generates; regenerate with "
                         "'cmake --build <build> --target nvvm_regenerate'")
    endif()
  endforeach()
else()
  if(TARGET gen_nvvm)
    set(emulator "")
    if(CMAKE_CROSSCOMPILING)
      set(emulator ${CMAKE_CROSSCOMPILING_EMULATOR})
    endif()
    add_test(NAME nvvm_generated_fresh
             COMMAND ${CMAKE_COMMAND} -DGEN=$<TARGET_FILE:gen_nvvm> -DSRC=${PROJECT_SOURCE_DIR}
                     -DOUT=${PROJECT_BINARY_DIR}/nvvm_fresh "-DEMULATOR=${emulator}"
                     -P ${CMAKE_CURRENT_LIST_FILE})
    # Writes the three files into the source tree (then commit them); add_custom_target runs a
    # cross-compiled gen_nvvm through the emulator itself.
    add_custom_target(nvvm_regenerate
                      COMMAND gen_nvvm ${PROJECT_SOURCE_DIR}/include/warptex/nvvm.h
                              ${PROJECT_SOURCE_DIR}/src/nvvm/nvvm_entry.c ${PROJECT_SOURCE_DIR}/src/nvvm/nvvm_names.inc
                      DEPENDS gen_nvvm VERBATIM)
  endif()
  # test_nvvm_names watches what each wrapper hands its lane entry (GNU ld / lld --wrap).
  if(TARGET test_nvvm_names)
    target_link_options(test_nvvm_names PRIVATE -Wl,--wrap=wt__tex_lane -Wl,--wrap=wt__surf_lane
                        -Wl,--wrap=wt__query_lane)
  endif()
endif()
