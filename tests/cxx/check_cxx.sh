#!/bin/sh
# check_cxx.sh CHECK WARPTEX_CXX SOURCE_DIR WORK_DIR [EMULATOR] -- one check of warptex-cxx as a
# drop-in nvcc (tests/cxx.cmake runs each as a test).  Prints "CHECK: ok" and exits 0, or says
# what failed and exits 1; "CHECK: skipped, ..." when it needs a tool that is not installed
# (nvcc, clang++).  NVCC (environment): nvcc's path, for the checks that compare with it;
# WT_CXX_COMPILER: the build's C++ compiler, for the launcher check.
# EMULATOR (words, e.g. "qemu-aarch64 -L /") runs warptex-cxx and what it builds in a cross build.
# SPDX-License-Identifier: MIT
set -u
check=$1 W=$2 S=$3 T=$4/$1 EMU=${5:-}
rm -rf "$T" && mkdir -p "$T" || exit 1
cd "$T" || exit 1

fail() { echo "$check: FAILED: $*"; exit 1; }
# wt ARGS...: warptex-cxx, its output (stdout and stderr) in $T/out
# shellcheck disable=SC2086 # the emulator is words
wt() { $EMU "$W" "$@" > out 2>&1; }
# the command line NVIDIA's sample CMake gives nvcc (with -c and -o after it)
SAMPLE="-O3 -Wno-deprecated-gpu-targets -lineinfo --extended-lambda -rdc=true --generate-code=arch=compute_80,code=[compute_80,sm_80]"
printf '__global__ void k(int *p) { *p = 1; }\nint main() { int *p; cudaMallocManaged(&p, 4); k<<<1, 1>>>(p); int bad = *p != 1; cudaFree(p); return bad; }\n' > x.cu

case $check in
spellings)
    # every spelling of the options nvcc users write, accepted (-dryrun: listed, not run); where
    # nvcc is installed, nvcc accepts each as well (so that the list is nvcc's, not ours)
    printf -- '-O2\n' > opts
    while IFS= read -r spelling; do
        [ -n "$spelling" ] || continue
        # shellcheck disable=SC2086 # a spelling is words
        wt -dryrun $spelling -c x.cu -o x.o || fail "warptex-cxx refused '$spelling': $(cat out)"
        if [ -n "${NVCC:-}" ]; then
            # shellcheck disable=SC2086
            "$NVCC" -dryrun $spelling -c x.cu -o x.o > nvcc.out 2>&1 || fail "nvcc refused '$spelling' (the list is wrong): $(cat nvcc.out)"
        fi
    done <<'EOF'
-arch=sm_80
-arch sm_80
-arch=compute_80
--gpu-architecture sm_86
--gpu-architecture=sm_90a
-arch=native
-arch=compute_80 -code=sm_80,compute_80
-arch compute_80 --gpu-code sm_86
-gencode arch=compute_80,code=sm_80
-gencode=arch=compute_80,code=[compute_80,sm_80]
-gencode arch=compute_80,code=[compute_80,sm_80] -gencode arch=compute_86,code=sm_86
--generate-code arch=compute_80,code=sm_80
--generate-code=arch=compute_80,code=[compute_80,sm_80]
-O0
-O1
-O2
-O3
-O 3
-O=2
--optimize 1
--optimize=3
-G
--device-debug
-g
--debug
-lineinfo
--generate-line-info
-Xcompiler -Wall,-Wextra
-Xcompiler=-Wall,-Wextra
-Xcompiler -Wall -Xcompiler -Wno-unused
--compiler-options -Wall
--compiler-options=-Wall,-Wno-unused
-Xptxas -v
-Xptxas=-v,-O3
--ptxas-options=-v
--ptxas-options -v
-Xlinker --as-needed
-Xlinker=--as-needed
--linker-options=--as-needed
--expt-relaxed-constexpr
-expt-relaxed-constexpr
--extended-lambda
-extended-lambda
--expt-extended-lambda
-rdc=true
-rdc true
-rdc=false
--relocatable-device-code=true
--relocatable-device-code false
-dc
--device-c
-dw
--device-w
-x cu
-x=cu
--x cu
-ccbin c++
-ccbin=c++
--compiler-bindir c++
--threads 2
--threads=0
-t 2
-t2
-maxrregcount=32
-maxrregcount 32
--maxrregcount=64
-ftz=true
-ftz false
--ftz=true
-prec-div=false
--prec-div=true
-prec-sqrt=false
--prec-sqrt true
-fmad=false
--fmad=true
--use_fast_math
-use_fast_math
--keep
-keep
-save-temps
-res-usage
--resource-usage
--default-stream per-thread
-default-stream=legacy
-MD
-MMD
-MD -MF x.d
-MD -MT x -MF x.d
--generate-dependencies-with-compile --dependency-output x.d --dependency-target-name x
--options-file opts
-optf opts
--options-file=opts
-forward-unknown-to-host-compiler
-std=c++17
-std c++17
--std=c++20
-I.
-I .
--include-path .
-I=.
-DX=1
-D X
-DA=1,B=2
--define-macro=X
-UX
-U X
--undefine-macro X
-Lx
-L x
--library-path=x
-lm
-l m
--library m
-Wno-deprecated-gpu-targets
-w
-Werror all-warnings
-Werror=cross-execution-space-call
-v
--verbose
-isystem .
-include stdio.h
--pre-include=stdio.h
-m64
-cudart static
-cudart=shared
--dopt on
-G -dopt=on
--split-compile 4
-Wreorder
-Wno-deprecated-declarations
-noeh
--restrict
--extra-device-vectorization
-lto
-allow-unsupported-compiler
EOF
    ;;
table)
    # the option table (warptex-cxx --help) against nvcc's own: every long and short spelling,
    # and whether each takes a value, as `nvcc --help` lists them
    [ -n "${NVCC:-}" ] || { echo "$check: skipped, nvcc is not installed"; exit 0; }
    # the names from the help text; whether each takes a value from nvcc itself (its help omits
    # the value of a few: -MF, -e, -qpp-config)
    "$NVCC" --help | sed -n 's/^--\([^ ]*\) .*(\(-[^ )]*\)).*/\1 \2/p; s/^--\(no-align-double\) .*/\1 -/p' |
        while read -r long short; do
            if "$NVCC" -dryrun "--$long" 2>&1 | grep -q "argument expected after"; then kind=value; else kind=flag; fi
            echo "$long $short $kind"
        done | sort > nvcc.table
    [ "$(wc -l < nvcc.table)" -gt 100 ] || fail "could not read nvcc's options ($(wc -l < nvcc.table) lines)"
    wt --help || fail "--help: $(cat out)"
    # (an optional value, [<value>], reads as nvcc's help shows it: as a flag)
    sed 's/ \[<value>\]//' out | sed -n 's/^  --\([^ ]*\)\( <value>\)\{0,1\}\( (\(-[^)]*\))\)\{0,1\}.*/\1 \4 \2/p' |
        awk '{ if (NF == 2 && $2 == "<value>") print $1, "-", "value"; else print $1, ($2 == "" ? "-" : $2), ($3 == "" ? "flag" : "value") }' |
        sort > ours.table
    diff nvcc.table ours.table > table.diff || fail "the option table differs from nvcc's (< nvcc, > warptex-cxx): $(cat table.diff)"
    ;;
unknown)
    # an option nvcc does not have is an error naming it; malformed values are errors too
    for bad in "-foo|Unknown option '-foo'" "-Wall|Unknown option '-Wall'" "--arch=sm_80|Unknown option '--arch=sm_80'" \
               "-gpu-architecture=sm_80|Unknown option '-gpu-architecture=sm_80'" "-xcu|Unknown option '-xcu'" \
               "-rdc=1|'1': expected true or false" "-std=gnu++17|Value 'gnu++17' is not defined for option 'std'" \
               "-arch=gfx90a|Unsupported gpu architecture 'gfx90a'" "-gencode arch=compute_80|missing code" \
               "-gencode foo=bar,code=sm_80|Keyword 'foo'" "-O fast|'fast': expected a number" \
               "--extended-lambda=true|no argument expected after '--extended-lambda'" \
               "-ptx|-ptx: it makes device code alone" "-code=sm_80|-arch option not specified" \
               "--options-file missing.opts|Could not open options file 'missing.opts'"; do
        args=${bad%%|*} message=${bad#*|}
        # shellcheck disable=SC2086
        if wt -dryrun $args -c x.cu -o x.o; then fail "'$args' was accepted"; fi
        grep -qF -- "$message" out || fail "'$args': the message does not say \"$message\": $(cat out)"
    done
    # -Xcompiler passes host options (split at commas and, as nvcc's shell does, at blanks);
    # -forward-unknown-to-host-compiler passes the unknown ones
    wt -v -dryrun -Xcompiler "-Wall -Wextra",-Wshadow -c x.cu -o x.o && grep -q -- ' -Wall -Wextra -Wshadow ' out ||
        fail "-Xcompiler with blanks: $(cat out)"
    wt -dryrun -forward-unknown-to-host-compiler -Wall -fno-strict-aliasing -c x.cu -o x.o || fail "forwarding: $(cat out)"
    grep -q -- ' -Wall -fno-strict-aliasing ' out || fail "the unknown options were not forwarded: $(cat out)"
    ;;
help)
    wt --help && grep -q 'warptex' out && grep -q -- '--generate-code <value> (-gencode)' out || fail "--help: $(cat out)"
    wt --version && grep -q '^warptex-cxx [0-9]' out || fail "--version: $(cat out)"
    wt -V && grep -q '^warptex-cxx [0-9]' out || fail "-V: $(cat out)"
    wt -c && grep -q 'no input files' out && fail "no input accepted"
    if [ -z "$EMU" ]; then # -run starts the program itself (not through an emulator)
        wt -run x.cu -o runme && test -x runme || fail "-run: $(cat out)"
    fi
    wt -v -dryrun -std=c++14 -c x.cu && grep -q 'c++14: ignored, .*compiled as c++17' out &&
        grep -q -- ' -std=c++17 ' out || fail "-std=c++14: $(cat out)"
    ;;
optimise)
    # a .cu file is compiled optimised unless -O or -G says otherwise; other sources as told
    printf 'int f() { return 1; }\n' > y.cpp
    wt -v -dryrun -c x.cu -o x.o && grep -q -- '^#\$ .* -O3 .*x\.cu' out || fail "no -O3 for x.cu by default: $(cat out)"
    wt -v -dryrun -O1 -c x.cu -o x.o && grep -q -- ' -O1 ' out && ! grep -q -- ' -O3 ' out || fail "-O1 not kept: $(cat out)"
    wt -v -dryrun -G -c x.cu -o x.o && grep -q -- ' -O0 -g ' out || fail "-G: not -O0 -g: $(cat out)"
    wt -v -dryrun -O3 -G -dopt on -c x.cu -o x.o && grep -q -- ' -O3 -g ' out || fail "-G -dopt on: $(cat out)"
    wt -v -dryrun -c y.cpp -o y.o && ! grep -q -- ' -O[0-9]' out || fail "a .cpp file optimised unasked: $(cat out)"
    # the options with no meaning on a CPU are said once each with -v, and not without it
    wt -v -dryrun -arch=sm_80 -arch=sm_86 -Xptxas -v -c x.cu -o x.o || fail "$(cat out)"
    [ "$(grep -c -- '-arch=sm_8.: ignored' out)" = 1 ] && grep -q -- '-Xptxas -v: ignored' out || fail "the notes: $(cat out)"
    wt -dryrun -arch=sm_80 -c x.cu -o x.o && ! grep -q ignored out || fail "a note without -v: $(cat out)"
    ;;
separate)
    # kernels and a __device__ variable of one .cu used from another: NVIDIA's sample command
    # line with -c for each, then linked; and the -dc / -dlink flow of separate compilation
    # shellcheck disable=SC2086
    wt $SAMPLE -c "$S/separate/kernels.cu" -o kernels.o && wt $SAMPLE -c "$S/separate/main.cu" -o main.o &&
        wt --generate-code=arch=compute_80,code=[compute_80,sm_80] -rdc=true kernels.o main.o -o app || fail "$(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app > run.out 2>&1 && grep -q 'separate compilation: ok' run.out || fail "$(cat run.out)"
    wt -dc -arch=sm_80 "$S/separate/kernels.cu" "$S/separate/main.cu" && test -s kernels.o && test -s main.o || fail "-dc: $(cat out)"
    wt -dlink -arch=sm_80 kernels.o main.o -o dlink.o && test -s dlink.o || fail "-dlink: $(cat out)"
    wt -dlink kernels.o main.o && test -s a_dlink.o || fail "-dlink, default name: $(cat out)"
    wt kernels.o main.o dlink.o -o app2 || fail "linking with the -dlink object: $(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app2 > run.out 2>&1 && grep -q 'separate compilation: ok' run.out || fail "$(cat run.out)"
    ;;
mixed)
    # .cu, .cpp (with -x cu: compiled as CUDA), an object and a static library made by -lib
    M=$S/mixed
    wt -c "$M/plus.cpp" -o plus.o && wt -lib "$M/twice.cu" -o libtwice.a && test -s libtwice.a || fail "$(cat out)"
    wt -x cu -DFILL_IS_CUDA "$M/main.cu" "$M/fill.cpp" plus.o libtwice.a -o app || fail "$(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app > run.out 2>&1 && grep -q 'mixed inputs: ok' run.out || fail "$(cat run.out)"
    # -x cu never touches the objects and libraries: they go to the linker as they are
    wt -v -dryrun -x cu "$M/main.cu" "$M/fill.cpp" plus.o libtwice.a -o app || fail "$(cat out)"
    grep -q -- '-x c++ [^ ]*/m/[^ ]*/fill\.cpp' out || fail "fill.cpp not compiled as CUDA: $(cat out)"
    grep -q -- 'plus\.o libtwice\.a -o app ' out || fail "the object and library not linked as given: $(cat out)"
    grep -q -- '-x c++ plus.o\|-x c++ libtwice.a\|/m/[^ ]*plus\.o' out && fail "-x cu applied to an object: $(cat out)"
    # without -x cu the .cpp file is C++: its launch does not compile (nvcc too)
    wt -DFILL_IS_CUDA "$M/main.cu" "$M/fill.cpp" plus.o libtwice.a -o app3 && fail "fill.cpp compiled as CUDA without -x cu"
    # the same with -L/-l; nvcc's default names: a.a (-lib), <stem>.o (-c of several sources)
    wt -x cu -DFILL_IS_CUDA "$M/main.cu" "$M/fill.cpp" plus.o -L. -ltwice -o app2 || fail "-L/-l: $(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app2 > run.out 2>&1 && grep -q 'mixed inputs: ok' run.out || fail "$(cat run.out)"
    wt -lib "$M/twice.cu" plus.o && test -s a.a || fail "-lib default name: $(cat out)"
    rm -f plus.o && wt -c "$M/twice.cu" "$M/plus.cpp" && test -s twice.o && test -s plus.o || fail "-c of two: $(cat out)"
    wt -c "$M/twice.cu" "$M/plus.cpp" -o both.o && fail "-c of two sources into one -o accepted"
    ;;
deps)
    # -M lists the dependencies with the files' own names (not warptex-cxx's scratch copies)
    H=$S/headers
    wt -M -I"$H/inc" -isystem "$H/sys" "$H/app.cu" || fail "-M: $(cat out)"
    grep -q '^app\.o:' out && grep -q "$H/app\.cu" out && grep -q 'launch\.cuh' out && grep -q 'from_path\.cuh' out &&
        grep -q 'more\.cuh' out || fail "-M: $(cat out)"
    grep -q 'warptex-cxx-' out && fail "-M names a scratch file: $(cat out)"
    wt -M -MT target.o -MF app.d -I"$H/inc" -isystem "$H/sys" "$H/app.cu" && grep -q '^target\.o:' app.d &&
        grep -q 'launch\.cuh' app.d || fail "-M -MT -MF: $(cat out; cat app.d)"
    mkdir -p sub && wt -MD -c -I"$H/inc" -isystem "$H/sys" "$H/app.cu" -o sub/app.o && test -s sub/app.o &&
        grep -q '^sub/app\.o:' sub/app.d && grep -q 'more\.cuh' sub/app.d || fail "-MD: $(cat out)"
    grep -q 'warptex-cxx-' sub/app.d && fail "-MD names a scratch file: $(cat sub/app.d)"
    wt -MMD -MF own.d -c -I"$H/inc" -isystem "$H/sys" "$H/app.cu" -o app.o && grep -q 'launch\.cuh' own.d &&
        ! grep -q '/usr/include' own.d || fail "-MMD -MF: $(cat out; cat own.d)"
    ;;
clean)
    # -clean: the files the same command would make are removed instead of made (none missing is
    # an error), as nvcc's --clean-targets; nothing else is touched
    printf 'int f(void) { return 1; }\n' > b.c
    wt -c -MD x.cu b.c && test -s x.o && test -s b.o && test -s x.d || fail "-c -MD: $(cat out)"
    wt -clean -c -MD x.cu b.c && ! test -e x.o && ! test -e b.o && ! test -e x.d && test -s x.cu && test -s b.c ||
        fail "-clean -c -MD left its outputs: $(cat out; ls)"
    wt --clean-targets -c x.cu b.c || fail "-clean of files that are not there: $(cat out)"
    wt x.cu -o prog && test -s prog || fail "link: $(cat out)"
    wt -v -dryrun -clean x.cu -o prog && test -s prog && grep -q '^#\$ rm prog$' out || fail "-clean -dryrun: $(cat out)"
    wt -clean x.cu -o prog && ! test -e prog || fail "-clean of a program: $(cat out)"
    wt -lib x.cu -o libx.a && test -s libx.a && wt -clean -lib x.cu -o libx.a && ! test -e libx.a ||
        fail "-clean -lib: $(cat out)"
    wt -dlink x.o -o dl.o && test -s dl.o && wt -clean -dlink x.o -o dl.o && ! test -e dl.o || fail "-clean -dlink: $(cat out)"
    mkdir -p od && wt -c -odir od x.cu && test -s od/x.o && wt -clean -c -odir od x.cu && ! test -e od/x.o ||
        fail "-clean -odir: $(cat out)"
    ;;
optionsfile)
    # --options-file: the options of a file (and the files it names), in place
    printf '%s\n' '-DFROM_FILE=7 "-DSPACED=1 + 1"' '--options-file inner.opts' > outer.opts
    printf '%s\n' '-O1 -Xcompiler -Wall,-Werror' > inner.opts
    printf '#if FROM_FILE != 7 || SPACED != 2\n#error the options file was not read\n#endif\n' > f.cu
    cat x.cu >> f.cu
    wt -v --options-file outer.opts f.cu -o f || fail "$(cat out)"
    grep -q -- '-O1 .*-DFROM_FILE=7 .*-Wall -Werror' out || fail "$(cat out)"
    # shellcheck disable=SC2086
    $EMU ./f || fail "the program built from the options file failed"
    wt -optf=outer.opts,missing.opts f.cu -o f && fail "a missing options file accepted"
    grep -q "missing.opts" out || fail "$(cat out)"
    ;;
ccbin)
    # -ccbin chooses the host compiler (a name, or the directory holding it)
    command -v clang++ > /dev/null || { echo "$check: skipped, clang++ is not installed"; exit 0; }
    [ -z "$EMU" ] || { echo "$check: skipped, clang++ compiles for this machine, not the cross target"; exit 0; }
    wt -v -ccbin clang++ x.cu -o x && grep -q '^#\$ clang++ ' out && [ -z "$(grep '^#\$ ' out | grep -v '^#\$ clang++ ')" ] ||
        fail "-ccbin clang++ not used: $(cat out)"
    # shellcheck disable=SC2086
    $EMU ./x || fail "the program built by clang++ failed"
    wt -v -dryrun -ccbin clang -c x.cu && grep -q '^#\$ clang++ ' out || fail "-ccbin clang: not clang++: $(cat out)"
    wt -v -dryrun --compiler-bindir "$(dirname "$(command -v clang++)")" -c x.cu && grep -q '^#\$ /' out ||
        fail "-ccbin DIR: $(cat out)"
    ;;
headers)
    # launches inside the program's own headers are rewritten; system headers are left alone;
    # diagnostics name the original files
    H=$S/headers
    wt --keep-dir "$T" -I"$H/inc" -isystem "$H/sys" "$H/app.cu" -o app || fail "$(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app > run.out 2>&1 && grep -q 'launches in headers: ok' run.out || fail "$(cat run.out)"
    find "$T" -path '*/m/*' -type f | sed 's|.*/m/|/|' | sort > rewritten
    for f in app.cu launch.cuh nested/more.cuh inc/from_path.cuh; do
        grep -q "^$H/$f\$" rewritten || fail "$f not rewritten: $(cat rewritten)"
    done
    grep -q 'sys_' rewritten && fail "a system header was rewritten: $(cat rewritten)"
    wt -DWARN_FROM_HEADER -I"$H/inc" -isystem "$H/sys" -c "$H/app.cu" -o w.o || fail "$(cat out)"
    grep -q "launch\.cuh:10:2: warning: .*a diagnostic from launch\.cuh" out && ! grep -q 'warptex-cxx-' out ||
        fail "the diagnostic: $(cat out)"
    ;;
macros)
    # the macros nvcc defines from its command line for a .cu file, as nvcc's own host pass has them
    ARGS="-rdc=true --extended-lambda --expt-relaxed-constexpr --generate-code=arch=compute_86,code=[compute_86,sm_86] -gencode arch=compute_80,code=sm_80"
    WANT="-D__CUDA_ARCH_LIST__=800,860 -D__CUDACC_RDC__ -D__CUDACC_EXTENDED_LAMBDA__ -D__CUDACC_RELAXED_CONSTEXPR__"
    # shellcheck disable=SC2086
    wt -v -dryrun $ARGS -c x.cu && grep -q -- "$WANT" out || fail "$(cat out)"
    if [ -n "${NVCC:-}" ]; then
        # shellcheck disable=SC2086
        "$NVCC" -dryrun $ARGS -c x.cu 2>&1 | grep ' -E -x c++ ' | head -1 > nvcc.out
        for d in $WANT; do grep -q -- "$d" nvcc.out || fail "nvcc does not define $d: $(cat nvcc.out)"; done
    fi
    wt -v -dryrun -dc -c x.cu && grep -q -- '-D__CUDA_ARCH_LIST__=750 -D__CUDACC_RDC__' out || fail "-dc: $(cat out)"
    for pair in "-G|-D__CUDACC_DEBUG__" "-default-stream per-thread|-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"; do
        # shellcheck disable=SC2086
        wt -v -dryrun ${pair%%|*} -c x.cu && grep -q -- " ${pair#*|}" out || fail "${pair%%|*}: $(cat out)"
        if [ -n "${NVCC:-}" ]; then
            # shellcheck disable=SC2086
            "$NVCC" -dryrun ${pair%%|*} -c x.cu 2>&1 | grep -q -- " ${pair#*|}" || fail "nvcc does not define ${pair#*|}"
        fi
    done
    printf 'int f() { return 1; }\n' > y.cpp
    # shellcheck disable=SC2086
    wt -v -dryrun $ARGS -c y.cpp && ! grep -q -- '__CUDA' out || fail "a .cpp file given CUDA's macros: $(cat out)"
    printf '#if !defined(__CUDACC_RDC__) || __CUDA_ARCH_LIST__ != 800\n#error the macros\n#endif\n' > m.cu
    cat x.cu >> m.cu
    wt -dc -arch=sm_80 m.cu -o m.o || fail "$(cat out)"
    ;;
launch)
    # --warptex-launch: a build system's C++ command line (CMake's launcher) with .cu sources
    H=$S/headers
    CXX=${WT_CXX_COMPILER:-c++} # the build's C++ compiler (a cross build's targets what the emulator runs)
    wt --warptex-launch "$CXX" -I"$H/inc" -isystem "$H/sys" -Wall -Werror -MD -MT app.o -MF app.d -o app.o -c "$H/app.cu" ||
        fail "$(cat out)"
    grep -q 'launch\.cuh' app.d && grep -q 'from_path\.cuh' app.d && ! grep -q 'warptex-cxx-' app.d ||
        fail "the depfile: $(cat app.d)"
    wt app.o -o app || fail "$(cat out)"
    # shellcheck disable=SC2086
    $EMU ./app > run.out 2>&1 && grep -q 'launches in headers: ok' run.out || fail "$(cat run.out)"
    # a command without a .cu source runs as it is
    printf 'int main() { return 0; }\n' > plain.cpp
    WARPTEX_CXX_VERBOSE=1 wt --warptex-launch "$CXX" -c plain.cpp -o plain.o && grep -q "^#\\$ $CXX -c plain.cpp -o plain.o\$" out ||
        fail "a plain command was changed: $(cat out)"
    ;;
*)
    fail "no such check"
    ;;
esac
echo "$check: ok"
