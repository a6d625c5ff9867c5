#!/usr/bin/env bash
# Runs a command and passes only when it exits 0 AND its output (stdout
# and stderr together) has lines matching each pattern, in the given order
# (ctest's PASS_REGULAR_EXPRESSION alone ignores the exit status).
#   bash expect_lines.sh PATTERN... -- COMMAND [ARGS...]
# Patterns are extended regular expressions (grep -E), one per line.
set -u
patterns=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    patterns+=("$1")
    shift
done
if [ $# -lt 2 ] || [ ${#patterns[@]} -eq 0 ]; then
    echo "usage: expect_lines.sh PATTERN... -- COMMAND [ARGS...]" >&2
    exit 2
fi
shift
out=$(mktemp "${TMPDIR:-/tmp}/mishmem-expect-lines.XXXXXX")
trap 'rm -f "$out"' EXIT
"$@" >"$out" 2>&1
rc=$?
cat "$out"
fail() { echo "FAIL (expect_lines): $*" >&2; exit 1; }
[ "$rc" -eq 0 ] || fail "'$1' exited with status $rc"
# Each pattern must match a line after the one the previous pattern matched.
from=1
for pattern in "${patterns[@]}"; do
    at=$(tail -n +"$from" "$out" | grep -nE -m1 -- "$pattern" | cut -d: -f1)
    [ -n "$at" ] || fail "no line matching '$pattern' (after line $((from - 1)))"
    from=$((from + at))
done
echo "expect_lines: status 0 and ${#patterns[@]} expected line(s) seen"
