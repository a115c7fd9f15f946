#!/bin/sh
# check_docs.sh SOURCE_DIR -- README.md stays a front door and no link of the documentation is dead
# SPDX-License-Identifier: MIT
#
# Fails (exit 1, naming each problem) when
#   - README.md is longer than 250 lines;
#   - README.md does not begin, after its title, with the two commands of a fresh machine: a
#     ```sh block holding exactly `make demo` and `make test`;
#   - a line of README.md's prose (outside code blocks and tables) is wider than 100 characters;
#   - a relative link of README.md or docs/*.md names a file that does not exist, or an anchor
#     that the page it names lacks (a heading's, as GitHub makes it from the heading's text, or
#     an explicit <a id="...">).
# Links to other sites (http:, https:, mailto:) are not followed.
set -u
root=${1:?usage: check_docs.sh SOURCE_DIR}
cd "$root" || exit 1
status=0

lines=$(wc -l < README.md)
if [ "$lines" -gt 250 ]; then
    echo "README.md: $lines lines, more than the front door's 250 (move details into docs/)"
    status=1
fi

# The first five non-blank lines: the title, then the two commands in a sh block.
head=$(awk 'NF { print; if (++n == 5) exit }' README.md)
want=$(printf '%s\n' '```sh' 'make demo' 'make test' '```')
case "$head" in
'# '*) ;;
*) echo "README.md: the first line is not a title ('# ...')"; status=1 ;;
esac
if [ "$(printf '%s\n' "$head" | tail -n 4)" != "$want" ]; then
    echo "README.md: after the title it must begin with the two commands:"
    printf '%s\n' "$want" | sed 's/^/    /'
    status=1
fi

# Prose width, then links and anchors (headings are collected from every page first).
pages="README.md $(ls docs/*.md 2>/dev/null | tr '\n' ' ')"
# shellcheck disable=SC2086 # the page list is words
awk -v readme=README.md '
function slug(h, s) {
    s = tolower(h)
    gsub(/[^a-z0-9 _-]/, "", s)
    gsub(/ /, "-", s)
    return s
}
function normal(p) {
    while (sub(/^\.\//, "", p) || sub(/\/\.\//, "/", p)) ;
    while (sub(/[^\/.][^\/]*\/\.\.\//, "", p)) ;
    return p
}
function problem(msg) {
    print FILENAME ":" FNR ": " msg
    bad = 1
}
FNR == 1 { fence = 0 }
/^ *```/ { fence = !fence; next }
fence { next }
pass == 1 {
    # explicit anchors: <a id="x"></a> (or name="x"), anywhere on a line
    line = $0
    while (match(line, /<a (id|name)="[^"]+"/)) {
        a = substr(line, RSTART, RLENGTH)
        sub(/^<a (id|name)="/, "", a)
        sub(/"$/, "", a)
        anchor[FILENAME "#" a] = 1
        line = substr(line, RSTART + RLENGTH)
    }
}
pass == 1 && /^#+ / {
    h = $0
    sub(/^#+ +/, "", h)
    sub(/ +#* *$/, "", h)
    s = slug(h)
    # GitHub numbers repeated headings: x, x-1, x-2 ...
    k = FILENAME SUBSEP s
    if (k in seen) { seen[k]++; s = s "-" seen[k] } else seen[k] = 0
    anchor[FILENAME "#" s] = 1
    next
}
pass == 2 {
    if (FILENAME == readme && length($0) > 100 && $0 !~ /^\|/)
        problem("a line of " length($0) " characters (wrap the prose at 100)")
    line = $0
    gsub(/`[^`]*`/, "", line)
    while (match(line, /\]\([^) ]+\)/)) {
        t = substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
        if (t ~ /^[a-z]+:/)
            continue
        path = t; anc = ""
        if ((i = index(t, "#")) > 0) { path = substr(t, 1, i - 1); anc = substr(t, i + 1) }
        dir = FILENAME
        if (!sub(/\/[^\/]*$/, "", dir)) dir = ""
        if (path == "") target = FILENAME
        else target = normal(dir == "" ? path : dir "/" path)
        if (system("test -e \"" target "\"") != 0) {
            problem("link to " t ": no file " target)
            continue
        }
        if (anc != "" && target ~ /\.md$/ && !((target "#" anc) in anchor))
            problem("link to " t ": " target " has no heading #" anc)
    }
}
END { exit bad }
' pass=1 $pages pass=2 $pages || status=1

[ $status = 0 ] && echo "readme_front_door: ok (README.md $lines lines; links of $pages)"
exit $status
