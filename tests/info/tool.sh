#!/usr/bin/env bash
# mishmem_info_<case>: the mishmem-info tool (tools/mishmem_info.c).
#   bash tool.sh MISHMEM_INFO PARAMS_TABLE_H CASE
set -u
tool=$1 table=$2 case=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL (mishmem-info $case): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
names=$(sed -n 's/^ *X(\([A-Z_][A-Z0-9_]*\),.*/\1/p' "$table")
[ "$(echo "$names" | wc -l)" -ge 30 ] || fail "found only these parameters in $table: $names"
every_name() { for n in $names; do grep -qE "$1$n\b" "$out" || fail "$n is missing"; done; }

case $case in
default)
    # Defaults: without the provider CI's pass on a second one sets.
    env -u MISHMEM_OFI_PROVIDER "$tool" >"$out" 2>"$err" || fail "status $?"
    grep -qE '^mishmem [0-9]+\.[0-9]+\.[0-9]+$' "$out" || fail "no version"
    grep -q '^OpenSHMEM version: 1\.6$' "$out" || fail "no OpenSHMEM version"
    grep -q '^Build options: CMAKE_BUILD_TYPE=' "$out" || fail "no build options"
    grep -qE '^  libfabric transport: (not built|built, libfabric (loads|cannot be loaded) here)$' "$out" || fail "no libfabric state"
    if grep -q '^  libfabric providers: ' "$out"; then
        grep -qE "^  across hosts, tried in order: [^ ]+ \((a NIC's own|no NIC provider here)" "$out" ||
            fail "no order of the providers tried across hosts"
        MISHMEM_OFI_PROVIDER=net "$tool" | grep -qx '  across hosts, tried in order: net (set by MISHMEM_OFI_PROVIDER)' ||
            fail "MISHMEM_OFI_PROVIDER=net not shown as the only one tried"
    fi
    grep -qE '^  PMIx bootstrap plugin: (not built|built, (loads|cannot be loaded) here)$' "$out" || fail "no PMIx state"
    grep -qE '^  MPI bootstrap plugin: (not built|built, (loads|cannot be loaded) here)$' "$out" || fail "no MPI state"
    every_name '^  '
    grep -qE '^  SHMEM_SYMMETRIC_SIZE +default 256M +symmetric heap' "$out" || fail "no default and meaning"
    grep -q 'value here' "$out" && fail "values shown without --all"
    [ -s "$err" ] && fail "wrote to stderr"
    ;;
all)
    SHMEM_SYMMETRIC_SIZE=3G "$tool" --all >"$out" 2>"$err" || fail "status $?"
    every_name '^  '
    grep -qE 'type size 1\.\.40G, category HEAP, value here: 3G \(environment\)' "$out" || fail "no SHMEM_SYMMETRIC_SIZE details"
    grep -qE 'type integer 1\.\.86400, category INIT, value here: 120 \(default\)' "$out" || fail "no SHMEM_INIT_TIMEOUT details"
    [ "$("$tool" -a | wc -l)" -eq "$(wc -l <"$out")" ] || fail "-a differs from --all"
    ;;
param)
    "$tool" --param SHMEM_INIT_TIMEOUT >"$out" 2>"$err" || fail "status $?"
    [ "$(wc -l <"$out")" -eq 2 ] || fail "not only SHMEM_INIT_TIMEOUT"
    grep -qE '^  SHMEM_INIT_TIMEOUT +default 120 +seconds shmem_init waits' "$out" || fail "no row"
    grep -q 'type integer 1\.\.86400' "$out" || fail "no details"
    SHMEM_LOG_LEVEL=INFO "$tool" -p SHMEM_LOG_LEVEL >"$out" 2>"$err" || fail "-p: status $?"
    grep -q 'value here: INFO (environment)' "$out" || fail "-p: no value here"
    "$tool" --param=MISHMEM_OFI_PROVIDER >"$out" 2>"$err" || fail "--param=: status $?"
    grep -q "a NIC's own" "$out" || fail "--param=: no row"
    "$tool" --param NO_SUCH_PARAMETER >"$out" 2>"$err" && fail "an unknown parameter was accepted"
    grep -q 'NO_SUCH_PARAMETER is not a mishmem parameter' "$err" || fail "no message for an unknown parameter"
    ;;
json)
    command -v python3 >/dev/null || { echo "SKIPPED: no python3"; exit 0; }
    SHMEM_DEBUG=1 "$tool" --json >"$out" 2>"$err" || fail "status $?"
    python3 -m json.tool "$out" >/dev/null || fail "not valid JSON"
    python3 - "$out" $names <<'PY' || fail "JSON content"
import json, sys
doc = json.load(open(sys.argv[1]))
names = sys.argv[2:]
assert doc["openshmem_version"] == "1.6", doc["openshmem_version"]
assert doc["version"] and doc["build_options"]
assert set(doc["parts"]) == {"libfabric", "pmix", "mpi"}, doc["parts"]
assert isinstance(doc["parts"]["libfabric"]["providers"], list)
rows = {p["name"]: p for p in doc["parameters"]}
assert sorted(rows) == sorted(names), set(rows) ^ set(names)
assert rows["SHMEM_SYMMETRIC_SIZE"]["default"] == "256M"
assert rows["SHMEM_INSTANCE_PORT_RANGE"]["default"] is None
assert all(p["meaning"] for p in rows.values())
PY
    "$tool" --json --all --param SHMEM_DEBUG >"$out" 2>"$err" || fail "--param: status $?"
    SHMEM_DEBUG=1 "$tool" --json --all --param SHMEM_DEBUG >"$out" 2>"$err" || fail "--param: status $?"
    python3 - "$out" <<'PY' || fail "JSON of one parameter"
import json, sys
doc = json.load(open(sys.argv[1]))
assert "version" not in doc
(p,) = doc["parameters"]
assert p["name"] == "SHMEM_DEBUG" and p["type"] == "bool" and p["category"] == "INFO", p
assert p["value"] == "1" and p["source"] == "environment", p
PY
    ;;
help)
    "$tool" --help >"$out" 2>"$err" || fail "status $?"
    for opt in -a --all -p --param -j --json -m --markdown -h --help -V --version; do
        grep -qE "(^|[ ,])$opt\b" "$out" || fail "--help does not list $opt"
    done
    [ "$("$tool" -h)" = "$(cat "$out")" ] || fail "-h differs from --help"
    "$tool" --bogus >"$out" 2>"$err" && fail "an unknown option was accepted"
    grep -q 'unknown option --bogus' "$err" && grep -q '^Usage: mishmem-info' "$err" || fail "no usage for a bad option"
    ;;
version)
    "$tool" --version >"$out" 2>"$err" || fail "status $?"
    grep -qE '^mishmem-info \(mishmem\) [0-9]+\.[0-9]+\.[0-9]+$' "$out" || fail "no version line"
    [ "$("$tool" -V)" = "$(cat "$out")" ] || fail "-V differs from --version"
    ;;
*) fail "unknown case" ;;
esac
echo "PASS: mishmem-info $case"
