#!/bin/sh
# write_checks.sh -- the warptex command under failing writes and oversized inputs (issue 9, defects 2 and 3)
# SPDX-License-Identifier: MIT
#
# usage: sh write_checks.sh WARPTEX WORKDIR CASE [EMULATOR [ARG...]]
# Runs one CASE in a fresh WORKDIR (removed and recreated) and exits 0 when
# every check of the case held, 1 otherwise, printing each command, its
# output and each failed check.  Registered as ctest tests by tests/tools.cmake.
# A cross-compiled WARPTEX runs as EMULATOR ARG... WARPTEX (qemu-aarch64 -L /).
#
# `ulimit -f` counts 512-byte blocks in dash and 1024-byte blocks in bash; the
# limit used, 2 blocks, is at most 2 KiB either way, and every image written
# under it is larger than that (the 96x64 demo image is about 4.8 KB).
set -u
exe=$1
dir=$2
case=$3
shift 3
# The emulator's words, one a line (no argument holds a newline).
emulator=""
for a in "$@"; do
    emulator="$emulator$a
"
done
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1

# warptex ARGS...: the command under test (through the emulator, if any).
warptex() (
    IFS='
'
    set -f
    exec $emulator "$exe" "$@"
)

fails=0
fail() {
    echo "FAIL: $*"
    fails=$((fails + 1))
}

# run WANT_RC LIMIT ARGS...: runs warptex ARGS (under `ulimit -f LIMIT` unless
# LIMIT is -), stdout to out.txt and stderr to err.txt, and checks the exit code.
run() {
    want=$1
    lim=$2
    shift 2
    if [ "$lim" = - ]; then
        warptex "$@" >out.txt 2>err.txt
    else
        (ulimit -f "$lim" && warptex "$@") >out.txt 2>err.txt
    fi
    got=$?
    echo "\$ warptex $* (ulimit -f $lim) -> exit $got"
    cat out.txt err.txt
    [ "$got" = "$want" ] || fail "expected exit $want, got $got"
}
err_has() { grep -Eq -- "$1" err.txt || fail "stderr does not match '$1'"; }
out_has() { grep -Eq -- "$1" out.txt || fail "stdout does not match '$1'"; }
same() { cmp -s "$1" "$2" || fail "$1 is not byte-identical to $2"; }
absent() { [ ! -e "$1" ] && [ ! -L "$1" ] || fail "$1 exists and should not"; }
no_temps() {
    left=$(ls -A | grep -F '.warptex-')
    [ -z "$left" ] || fail "temporary files left behind: $left"
}
# A 96x64 input (small: fast, also under the sanitizers).
make_input() {
    run 0 - demo-image "$1" --size 96x64
    [ -s "$1" ] || fail "could not make the input $1"
}

limit_re='is 268451840 pixels; the limit is 268435456 pixels'

case $case in
size_limit_input)
    # The PNG signature and an IHDR chunk (with its CRC) for a 16385x16384
    # 8-bit RGB image: 268451840 pixels, 16384 over the limit, and nothing
    # else.  stb_image's own limit (2^30 bytes of RGB) lets it through, so
    # only the command's limit can refuse it, from the header, before any
    # decoding or allocation.
    printf '\211\120\116\107\015\012\032\012\000\000\000\015\111\110\104\122\000\000\100\001\000\000\100\000\010\002\000\000\000\311\150\354\355' >big.png
    make_input small.png
    run 1 - resample big.png out.png
    err_has "image 'big.png' 16385x16384 $limit_re"
    absent out.png
    run 1 - compare big.png small.png
    err_has "image 'big.png' 16385x16384 $limit_re"
    run 1 - compare small.png big.png
    err_has "image 'big.png' 16385x16384 $limit_re"
    ;;
write_dev_full)
    # OUT must end in .png, so a link named out.png stands for /dev/full: a
    # target that is not a regular file is written in place, and ENOSPC from
    # write() must come back as exit 1, not as a "wrote" line and exit 0.
    ln -s /dev/full full.png || exit 1
    run 1 - demo-image full.png --size 96x64
    err_has "cannot write 'full.png': No space left on device"
    make_input in.png
    run 1 - resample in.png full.png --scale 0.5
    err_has "cannot write 'full.png': No space left on device"
    [ -L full.png ] || fail "the link full.png was replaced"
    ;;
write_stdout_full)
    # A report that cannot be written to stdout is a failure too.
    warptex info >/dev/full 2>err.txt
    got=$?
    echo "\$ warptex info >/dev/full -> exit $got"
    cat err.txt
    [ "$got" = 1 ] || fail "expected exit 1, got $got"
    err_has "cannot write standard output: No space left on device"
    ;;
write_ulimit)
    # Past `ulimit -f`: exit 1 with the reason; a new target never appears,
    # an existing one keeps every byte; no temporary file stays behind.
    run 1 2 demo-image new.png --size 96x64
    err_has "cannot write 'new.png': File too large"
    absent new.png
    make_input old.png
    cp old.png orig.png || exit 1
    run 1 2 demo-image old.png --size 128x128
    err_has "cannot write 'old.png': File too large"
    same old.png orig.png
    run 1 2 demo-image old.bmp --size 96x64
    err_has "cannot write 'old.bmp': File too large"
    absent old.bmp
    no_temps
    ;;
resample_in_place_keeps_input)
    # `resample in.png in.png` whose write fails keeps the input whole.
    make_input in.png
    cp in.png orig.png || exit 1
    run 1 2 resample in.png in.png --scale 2
    err_has "cannot write 'in.png': File too large"
    same in.png orig.png
    no_temps
    ;;
resample_in_place)
    # In place, when the write succeeds: identity first (the file must come
    # back equal), then a real change (the file must be the new, whole image).
    make_input in.png
    cp in.png orig.png || exit 1
    chmod 640 in.png || exit 1
    run 0 - resample in.png in.png --filter point
    run 0 - compare orig.png in.png
    out_has "max channel difference 0,"
    run 0 - resample in.png in.png --scale 0.5
    out_has "output in.png 48x32"
    run 0 - resample in.png check.png
    out_has "input  in.png 48x32"
    # The replaced file keeps its permission bits (the temporary is 0600).
    mode=$(stat -c %a in.png)
    [ "$mode" = 640 ] || fail "in.png has mode $mode after the rewrite, not 640"
    # A symbolic link is written through: the link stays, its file changes.
    ln -s in.png link.png || exit 1
    run 0 - resample link.png link.png --scale 0.5
    [ -L link.png ] || fail "link.png is no longer a symbolic link"
    run 0 - resample in.png check.png
    out_has "input  in.png 24x16"
    no_temps
    ;;
*)
    echo "unknown case '$case'"
    exit 2
    ;;
esac

if [ "$fails" -ne 0 ]; then
    echo "$case: $fails check(s) failed"
    exit 1
fi
echo "$case: all checks passed"
exit 0
