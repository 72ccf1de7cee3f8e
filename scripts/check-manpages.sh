#!/bin/sh
# check-manpages.sh -- holds each program's manual page (docs/man/PROG.1.md) to its --help:
# every long option the program's --help names (its subcommands' too) appears in the page, and
# the page names no option that --help does not. In the page's code blocks only what follows
# bin/PROG on a line counts, so an example may hand options to another command (GNU parallel,
# a script). --help itself is every program's.
#
# Usage: scripts/check-manpages.sh BIN_DIR [DOCS_DIR]
# Prints one line per difference, PAGE: what differs, and exits 1 if there is any.
set -eu
bin=${1:?usage: check-manpages.sh BIN_DIR [DOCS_DIR]}
docs=${2:-$(dirname "$0")/../docs}
options() { grep -o -- '--[a-z][a-z0-9_-]*' | sort -u; }
status=0
helpfile=$(mktemp) pagefile=$(mktemp)
trap 'rm -f "$helpfile" "$pagefile"' EXIT
for prog in solve bench render enumerate micro; do
    page="$docs/man/$prog.1.md"
    if [ ! -x "$bin/$prog" ]; then
        echo "$bin/$prog: no such program to check $page against"; status=1; continue
    fi
    help=$("$bin/$prog" --help 2>&1 || true)
    if [ "$prog" = bench ]; then
        for sub in merge verify compare report; do help="$help
$("$bin/bench" "$sub" --help 2>&1 || true)"; done
    fi
    printf '%s\n' "$help" | options > "$helpfile"
    awk -v prog="bin/$prog" '
        /^```/ { code = !code; next }
        code { at = 0; s = $0
               while ((i = index(s, prog)) > 0) { at += i + length(prog) - 1; s = substr(s, i + length(prog)) }
               if (at) print substr($0, at + 1)
               next }
        { print }
    ' "$page" | options > "$pagefile"
    for o in $(comm -23 "$helpfile" "$pagefile"); do
        echo "$page: lacks $o, which $prog --help names"; status=1
    done
    for o in $(comm -13 "$helpfile" "$pagefile"); do
        [ "$o" = --help ] && continue
        echo "$page: names $o, which $prog does not take"; status=1
    done
done
exit $status
