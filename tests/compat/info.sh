#!/usr/bin/env bash
# compat_info: SHMEM_INFO prints the version and every variable of the table
# in src/util/params_table.h once (PE 0) at start-up; SHMEM_VERSION the version only;
# neither prints nothing.
#   bash info.sh MISHMEMRUN PROGRAM ENV_H
set -u
LAUNCHER=$1 PROGRAM=$2 ENV_H=$3
OUT=$(mktemp) ERR=$(mktemp)
trap 'rm -f "$OUT" "$ERR"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$OUT" "$ERR" >&2; exit 1; }
version_line='^mishmem: OpenSHMEM 1\.6, mishmem [0-9]'

names=$(sed -n 's/^ *X(\([A-Z_][A-Z0-9_]*\),.*/\1/p' "$ENV_H")
[ "$(echo "$names" | wc -l)" -ge 10 ] || fail "found only these variables in $ENV_H: $names"

SHMEM_INFO=1 SHMEM_SYMMETRIC_SIZE=48M timeout 20 "$LAUNCHER" -n 2 "$PROGRAM" >"$OUT" 2>"$ERR" ||
    fail "the program failed with SHMEM_INFO=1"
[ "$(grep -c "$version_line" "$OUT")" -eq 1 ] || fail "SHMEM_INFO: not exactly one version line"
for name in $names; do
    [ "$(grep -cE "^  $name +=" "$OUT")" -eq 1 ] || fail "SHMEM_INFO does not list $name once"
done
grep -qE "^  SHMEM_SYMMETRIC_SIZE += 48M " "$OUT" || fail "SHMEM_INFO does not show the value set"

SHMEM_VERSION=1 timeout 20 "$LAUNCHER" -n 2 "$PROGRAM" >"$OUT" 2>"$ERR" || fail "SHMEM_VERSION=1 failed"
[ "$(grep -c "$version_line" "$OUT")" -eq 1 ] || fail "SHMEM_VERSION: not exactly one version line"
grep -qE "^  SHMEM_LOG_LEVEL +=" "$OUT" && fail "SHMEM_VERSION printed the variables"

env -u SHMEM_INFO -u SHMEM_VERSION timeout 20 "$LAUNCHER" -n 2 "$PROGRAM" >"$OUT" 2>"$ERR" ||
    fail "the program failed"
grep -q "OpenSHMEM 1\.6" "$OUT" && fail "the version was printed without SHMEM_VERSION or SHMEM_INFO"
echo "PASS: info ($(echo "$names" | wc -l) variables)"
