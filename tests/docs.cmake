# docs.cmake -- ctest: README.md is a front door of at most 250 lines that begins with the two
# commands (make demo, make test), and every relative link of README.md and docs/*.md names a
# file and a heading that exist (tests/docs/check_docs.sh)
# SPDX-License-Identifier: MIT
add_test(NAME readme_front_door COMMAND sh ${PROJECT_SOURCE_DIR}/tests/docs/check_docs.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(readme_front_door PROPERTIES PASS_REGULAR_EXPRESSION "readme_front_door: ok")
