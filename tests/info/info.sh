#!/usr/bin/env bash
# info_<case>: what an init prints (src/init/info.c).
#   world_info / aclshmem_info: SHMEM_INFO=1 prints the parameter table once
#     per job (the launcher's PE 0), each row with its value and where it
#     came from, though another instance has its PE 0 elsewhere.
#   debug: SHMEM_DEBUG=1 prints the init steps, the bootstrap mode, the
#     transport per peer and the heap layout; without it none of that.
#   bash info.sh MISHMEMRUN PROGRAM CASE
set -u
run=$1 prog=$2 case=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL (info $case): $*" >&2; echo "--- stdout:" >&2; cat "$out" >&2; echo "--- stderr:" >&2; cat "$err" >&2; exit 1; }
job() { "$run" -n 3 --timeout 60 "$prog" "$@" >"$out" 2>"$err" || fail "the job failed (status $?)"; }
header='^mishmem parameters '

case $case in
world_info | aclshmem_info)
    mode=${case%_info}
    SHMEM_INFO=1 SHMEM_INIT_TIMEOUT=77 job "$mode"
    [ "$(grep -c "info_job $mode: PE [0-9] ok" "$out")" -eq 3 ] || fail "not every PE finished"
    [ "$(grep -c "$header" "$out")" -eq 1 ] || fail "not exactly one parameter table in the job"
    grep -qE '^  SHMEM_INIT_TIMEOUT +=  ?77 +\(environment\) ' "$out" || fail "no SHMEM_INIT_TIMEOUT = 77 (environment)"
    grep -qE '^  SHMEM_SYMMETRIC_SIZE += 256M +\(default\) +symmetric heap' "$out" ||
        fail "no SHMEM_SYMMETRIC_SIZE = 256M (default) with its meaning"
    grep -qE '^  MISHMEM_PE += 0 +\(environment\)' "$out" || fail "the table was not printed by the job's PE 0"
    ;;
debug)
    SHMEM_DEBUG=1 job world
    # The world's id and the peers' transports follow the CI pass's
    # environment (instance 7, every PE its own host, unmapped peers).
    transport='transport: PEs 0\.\.2 through shm \(AMOs through shm\), mapped, same host'
    if [ -n "${MISHMEM_HOST_ID:-}" ] || [ "${MISHMEM_PEERS_UNMAPPED:-0}" = 1 ]; then
        transport='transport: PEs [0-9]+\.\.[0-9]+ through [a-z]+ \(AMOs through [a-z]+\), (not )?mapped, (same|another) host'
    fi
    for want in "init: instance ${SHMEM_WORLD_INSTANCE_ID:-0}, PE [0-2] of 3, bootstrap mode launcher" \
                'init: instance 3, PE [0-2] of 3, bootstrap mode tcp' \
                'init: bootstrap connected' 'init: segment of [0-9]+ bytes mapped' \
                "$transport" \
                'heap: control area at 0x[0-9a-f]+, symmetric heap at 0x[0-9a-f]+, [0-9]+ bytes'; do
        [ "$(grep -cE "$want" "$err")" -ge 3 ] || fail "not on every PE: $want"
    done
    SHMEM_DEBUG=1 SHMEM_LOG_LEVEL=WARN job world
    grep -q 'DEBUG' "$err" && fail "SHMEM_LOG_LEVEL=WARN did not win over SHMEM_DEBUG's output"
    env -u SHMEM_DEBUG job world
    grep -qE 'DEBUG|init: ' "$err" && fail "debug output without SHMEM_DEBUG"
    ;;
*) fail "unknown case" ;;
esac
echo "PASS: info $case"
