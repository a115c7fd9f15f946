# planted.cmake -- docs_citations_planted: check_citations fails, naming file and line, on every kind of bad citation
# SPDX-License-Identifier: MIT
#
#   cmake -DCHECKER=<check_citations> -DDIR=<scratch dir> [-DEMULATOR=a|b] -P planted.cmake
#
# Builds a small tree in DIR: docs/semantics.md with two anchors, a source file whose citations all
# resolve, and a source file with one bad citation per line.  The checker must pass the good tree
# (exit 0, nothing reported), then fail the tree with the bad file (exit 1), naming each bad line as
# src/bad.c:N and never the good file.  The bad spellings are assembled from pieces so that this
# file passes the repository's own check.
string(REPLACE "|" ";" EMULATOR "${EMULATOR}")
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/docs ${DIR}/src)

file(WRITE ${DIR}/docs/semantics.md "# page\n\n<a id=\"good-anchor\"></a>\n## A rule\n\nSee [the rule](#good-anchor).\n\n<a id=\"other\"></a>\n## Another\n")
string(CONCAT good "/* the rule [semantics" "#good-anchor], step 2 */\n"
                   "/* also docs/semantics" ".md#other and docs/semantics" ".md */\n"
                   "int q16 = 0; /* a Q" "16.16 number, a seed of 0x7E57, D2 */\n")
file(WRITE ${DIR}/src/good.c "${good}")

function(run_checker expect_rc out_var)
  execute_process(COMMAND ${EMULATOR} ${CHECKER} ${DIR} src docs RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  message("$ check_citations ${DIR} src docs -> exit ${rc}\n${out}${err}")
  if(NOT "${rc}" STREQUAL "${expect_rc}")
    message(FATAL_ERROR "check_citations exited ${rc}, expected ${expect_rc}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

run_checker(0 out)

string(ASCII 194 167 section)
set(bad_lines
    "/* [semantics@#no-such-anchor] */"             # 1 an anchor the page lacks
    "/* [bench@#w1] */"                             # 2 a page docs/ lacks
    "/* docs/@nothere.md */"                         # 3 a page docs/ lacks, by path
    "/* docs/@semantics.md#missing */"              # 4 an anchor the page lacks, by path
    "/* ${section}5.4 step 6 */"                    # 5 a section number of the notes
    "/* SEMANT@ICS.md and BEN@CH.md */"             # 6 the notes by name
    "/* D@2.7 */"                                   # 7 a decision label
    "/* Q@11 */"                                    # 8 a question label
    "/* seed@ 000 */"                               # 9 a numbered seed
    "/* ../sha@red/SEMANT@ICS.md */"                # 10 the shared notes
    "/* [semantics@#Bad] */")                       # 11 a malformed citation
set(bad "")
foreach(l ${bad_lines})
  string(REPLACE "@" "" l "${l}")
  string(APPEND bad "${l}\n")
endforeach()
file(WRITE ${DIR}/src/bad.c "${bad}")
# a docs/ page with a link to an anchor that does not exist
file(APPEND ${DIR}/docs/semantics.md "\nSee [nothing](#no-anchor-here).\n")

run_checker(1 out)
foreach(n RANGE 1 11)
  if(NOT out MATCHES "src/bad\\.c:${n}: ")
    message(FATAL_ERROR "check_citations did not report src/bad.c:${n}")
  endif()
endforeach()
if(NOT out MATCHES "src/bad\\.c:6: 'BENCH\\.md'")
  message(FATAL_ERROR "check_citations did not report both notes on src/bad.c:6")
endif()
if(NOT out MATCHES "docs/semantics\\.md:[0-9]+: '#no-anchor-here'")
  message(FATAL_ERROR "check_citations did not report the broken link inside docs/")
endif()
if(out MATCHES "src/good\\.c")
  message(FATAL_ERROR "check_citations reported a citation that resolves")
endif()
