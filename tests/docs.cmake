# docs.cmake -- ctest: README.md is a front door of at most 250 lines that begins with the two
# commands (make demo, make test), and every relative link of README.md and docs/*.md names a
# file and a heading that exist (tests/docs/check_docs.sh)
# SPDX-License-Identifier: MIT
add_test(NAME readme_front_door COMMAND sh ${PROJECT_SOURCE_DIR}/tests/docs/check_docs.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(readme_front_door PROPERTIES PASS_REGULAR_EXPRESSION "readme_front_door: ok")

# docs_citations runs tests/docs/check_citations.c over the source tree: a citation such as
# [semantics#float-blend] must name an anchor that a page under docs/ defines, and nothing may cite
# the working notes the project started from (see docs/semantics.md, "How the code cites this
# page").  docs_citations_planted proves that the checker fails, naming file and line, on each kind
# of bad citation planted in a scratch tree.
add_executable(check_citations ${PROJECT_SOURCE_DIR}/tests/docs/check_citations.c)
add_test(NAME docs_citations COMMAND check_citations ${PROJECT_SOURCE_DIR})
set_tests_properties(docs_citations PROPERTIES TIMEOUT 120)

set(WT_DOCS_EMULATOR "")
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  string(REPLACE ";" "|" WT_DOCS_EMULATOR "${CMAKE_CROSSCOMPILING_EMULATOR}")
endif()
add_test(NAME docs_citations_planted
         COMMAND ${CMAKE_COMMAND} -DCHECKER=$<TARGET_FILE:check_citations> -DDIR=${PROJECT_BINARY_DIR}/docs_planted
                 "-DEMULATOR=${WT_DOCS_EMULATOR}" -P ${PROJECT_SOURCE_DIR}/tests/docs/planted.cmake)
set_tests_properties(docs_citations_planted PROPERTIES TIMEOUT 120)

# layers runs tests/docs/check_layers.c over src/, include/, tools/ and bench/: every #include "..."
# points down the layer order that docs/design.md#layers declares (never up, never to a sibling
# folder), every file sits in a listed folder, and no circle of files includes each other.
# layers_planted proves that the checker fails, naming file and line, on each kind of fault
# planted in a scratch tree.
add_executable(check_layers ${PROJECT_SOURCE_DIR}/tests/docs/check_layers.c)
add_test(NAME layers COMMAND check_layers ${PROJECT_SOURCE_DIR})
set_tests_properties(layers PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION "check_layers: ok")
add_test(NAME layers_planted
         COMMAND ${CMAKE_COMMAND} -DCHECKER=$<TARGET_FILE:check_layers> -DDIR=${PROJECT_BINARY_DIR}/layers_planted
                 "-DEMULATOR=${WT_DOCS_EMULATOR}" -P ${PROJECT_SOURCE_DIR}/tests/docs/layers_planted.cmake)
set_tests_properties(layers_planted PROPERTIES TIMEOUT 120)

# Label "once": checks of text, the same under every backend, sanitizer and compiler (the
# forced-backend, sanitizer and clang runs leave them out: CTEST_ARGS="-LE once", Makefile).
set_tests_properties(readme_front_door docs_citations docs_citations_planted layers layers_planted
                     PROPERTIES LABELS once)
