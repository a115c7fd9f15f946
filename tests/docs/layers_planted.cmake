# layers_planted.cmake -- layers_planted: check_layers fails, naming file and line, on every kind of fault
# SPDX-License-Identifier: MIT
#
#   cmake -DCHECKER=<check_layers> -DDIR=<scratch dir> [-DEMULATOR=a|b] -P layers_planted.cmake
#
# Builds a small tree in DIR: docs/design.md declaring three layers (lib/low; lib/mid and
# lib/side as siblings; lib/high) and files that include only downward.  The checker must pass
# it (exit 0), then fail (exit 1) once each fault is planted, naming the file and line or the
# circle: an include from a higher layer, an include of a sibling folder, a file in a folder
# the layers do not list, and two headers including each other.  Each fault is planted alone
# on the good tree, and removed again before the next.
string(REPLACE "|" ";" EMULATOR "${EMULATOR}")
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/docs ${DIR}/lib/low ${DIR}/lib/mid ${DIR}/lib/side ${DIR}/lib/high)

file(WRITE ${DIR}/docs/design.md "# Design\n\n<a id=\"layers\"></a>\n## Layers\n\n```\n"
                                 "lib/low             -- the bottom\n"
                                 "lib/mid lib/side    -- two siblings\n"
                                 "lib/high            -- the top\n```\n\nText after the block.\n")
file(WRITE ${DIR}/lib/low/low.h "#ifndef LOW_H\n#define LOW_H\n#include <stdint.h>\nint low(void);\n#endif\n")
file(WRITE ${DIR}/lib/low/low.c "#include \"low.h\"\nint low(void) { return 1; }\n")
file(WRITE ${DIR}/lib/mid/mid.h "#include \"../low/low.h\"\nint mid(void);\n")
file(WRITE ${DIR}/lib/mid/mid.c "#include \"mid.h\"\n#include \"lib/low/low.h\"\nint mid(void) { return low(); }\n")
file(WRITE ${DIR}/lib/side/side.c "  #  include \"../low/low.h\"\n#include \"not_in_the_tree.h\"\n")
file(WRITE ${DIR}/lib/high/high.c "#include \"../mid/mid.h\"\n#include \"../side/../low/low.h\"\n")

function(run_checker expect_rc out_var)
  execute_process(COMMAND ${EMULATOR} ${CHECKER} ${DIR} lib RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  message("$ check_layers ${DIR} lib -> exit ${rc}\n${out}${err}")
  if(NOT "${rc}" STREQUAL "${expect_rc}")
    message(FATAL_ERROR "check_layers exited ${rc}, expected ${expect_rc}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(expect out pattern what)
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "check_layers did not report ${what}")
  endif()
endfunction()

run_checker(0 out)
expect("${out}" "check_layers: ok \\(6 files, 6 includes" "the good tree's files and includes")

# 1. a lower layer includes a higher one (line 2)
file(WRITE ${DIR}/lib/low/up.c "#include \"low.h\"\n#include \"../high/high.c\"\n")
run_checker(1 out)
expect("${out}" "lib/low/up\\.c:2: includes lib/high/high\\.c, from lib/high, a layer above lib/low" "the upward include")
file(REMOVE ${DIR}/lib/low/up.c)

# 2. a sibling includes a sibling (line 3)
file(APPEND ${DIR}/lib/side/side.c "#include \"../mid/mid.h\"\n")
run_checker(1 out)
expect("${out}" "lib/side/side\\.c:3: includes lib/mid/mid\\.h, from lib/mid, a sibling of lib/side" "the sideways include")
file(WRITE ${DIR}/lib/side/side.c "  #  include \"../low/low.h\"\n#include \"not_in_the_tree.h\"\n")

# 3. a file in a folder the layers do not list
file(MAKE_DIRECTORY ${DIR}/lib/stray)
file(WRITE ${DIR}/lib/stray/stray.h "int stray;\n")
run_checker(1 out)
expect("${out}" "lib/stray/stray\\.h:1: the folder is in no layer" "the unlisted folder")
file(REMOVE_RECURSE ${DIR}/lib/stray)

# 4. two headers of one folder include each other
file(WRITE ${DIR}/lib/mid/a.h "#include \"b.h\"\n")
file(WRITE ${DIR}/lib/mid/b.h "int b;\n#include \"a.h\"\n")
run_checker(1 out)
expect("${out}" "include cycle: lib/mid/a\\.h -> lib/mid/b\\.h -> lib/mid/a\\.h \\(lib/mid/b\\.h:2\\)" "the include cycle")
file(REMOVE ${DIR}/lib/mid/a.h ${DIR}/lib/mid/b.h)

# 5. a circle of three headers
file(WRITE ${DIR}/lib/high/x.h "#include \"y.h\"\n")
file(WRITE ${DIR}/lib/high/y.h "#include \"z.h\"\n")
file(WRITE ${DIR}/lib/high/z.h "#include \"x.h\"\n")
run_checker(1 out)
expect("${out}" "include cycle: lib/high/x\\.h -> lib/high/y\\.h -> lib/high/z\\.h -> lib/high/x\\.h" "the three-file cycle")
file(REMOVE ${DIR}/lib/high/x.h ${DIR}/lib/high/y.h ${DIR}/lib/high/z.h)

# 6. no layers declared
file(WRITE ${DIR}/docs/design.md "# Design\n\nNo layers here.\n")
run_checker(2 out)

message("layers_planted: ok")
