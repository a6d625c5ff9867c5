#!/usr/bin/env bash
# The lasting-cut loop (issue 27, item 1): RUNS short jobs of
# hosts_cut_kinds KIND (PEs 0,1 on host a, 2,3 on host b), the link cut
# for good at a random moment of each once every PE is in its loop; each
# run must end (status not 0, not the guard's 124) with a message naming a
# PE across the cut and the call this PE was in, within
# MISHMEM_PEER_TIMEOUT_MS plus CUT_SLACK_S seconds of the cut. Prints one
# line per run and the distribution (min/median/max) of the times from the
# cut to the job's end.
#   bash tests/hosts/cut_loop.sh KIND RUNS [LAUNCHER PROGRAM]
# LAUNCHER and PROGRAM default to build/bin/mishmemrun and
# build/tests/hosts/hosts_cut_kinds under the source tree.
# Environment: MISHMEM_PEER_TIMEOUT_MS (3000 by default), CUT_SLACK_S (the
# bound's slack, 3 s by default: see docs/guide/failures.md), CUT_BUSY=N
# (N busy loops beside the jobs), CUT_RECORD=FILE (appends
# "KIND SECONDS" per run), CUT_STACKS=FILE (the stacks of a job that
# outlives half the guard, with gdb), CUT_KEEP_GOING=1 (a failed run is counted and
# the loop goes on; the status is 1 at the end). Root only; skips (77)
# elsewhere.
KIND=${1:?usage: cut_loop.sh KIND RUNS [LAUNCHER PROGRAM]}
RUNS=${2:?usage: cut_loop.sh KIND RUNS [LAUNCHER PROGRAM]}
HERE=$(cd "$(dirname "$0")" && pwd)
LAUNCHER=${3:-$HERE/../../build/bin/mishmemrun}
PROGRAM=${4:-$HERE/../../build/tests/hosts/hosts_cut_kinds}
unset MISHMEM_HOST_ID # the namespaces are the hosts (as in hosts.sh)
. "$HERE/../tools/lib.sh"
. "$HERE/netns.sh"
. "$HERE/netns_faults.sh"

export MISHMEM_PEER_TIMEOUT_MS=${MISHMEM_PEER_TIMEOUT_MS:-3000}
SLACK=${CUT_SLACK_S:-3}
BOUND=$(awk -v t="$MISHMEM_PEER_TIMEOUT_MS" -v s="$SLACK" 'BEGIN { printf "%.3f", t / 1000 + s }')
# The guard ends a job that hangs: far past the bound, so that a slow
# detection is measured rather than cut short.
GUARD=$((MISHMEM_PEER_TIMEOUT_MS / 1000 + 90))
[ "$KIND" = coll_portable ] && export MISHMEM_COLL_PORTABLE=1

# Busy loops beside the jobs, ended with the script.
BUSY_PIDS=()
for _ in $(seq "${CUT_BUSY:-0}"); do
    sh -c 'while :; do :; done' &
    BUSY_PIDS+=($!)
done
cut_loop_previous_trap=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
trap '[ ${#BUSY_PIDS[@]} -eq 0 ] || kill "${BUSY_PIDS[@]}" 2>/dev/null; '"$cut_loop_previous_trap" EXIT

# run_fail MESSAGE: the run failed: the loop ends, or (CUT_KEEP_GOING)
# the failure is counted, the job's processes are killed and it goes on.
FAILED=0
run_fail() {
    [ -n "${CUT_KEEP_GOING:-}" ] || fail "run $run: $*"
    echo "FAILED run $run: $*"
    [ -z "${CUT_RECORD:-}" ] || echo "$KIND FAILED $* | stderr: $(tail -2 "$WORK/err" | tr '\n' ' ')" >>"$CUT_RECORD"
    FAILED=$((FAILED + 1))
    kill -KILL "$JOB" 2>/dev/null
    local pid
    for pid in $(ns_pids); do kill -KILL "$pid" 2>/dev/null; done
    wait "$JOB" 2>/dev/null
}

# dump_stacks: every thread's stack of every PE of the job (gdb).
dump_stacks() {
    local pid
    echo "=== $KIND run $run: the job outlived $((GUARD / 2)) s after the cut; stderr:"
    cat "$WORK/err"
    for pid in $(ns_pids); do
        [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$(basename "$PROGRAM" | cut -c1-15)" ] || continue
        echo "--- pid $pid"
        timeout 60 gdb -p "$pid" -batch -ex "thread apply all bt 20" 2>/dev/null | grep -E '^(#|Thread)'
    done
}

A=$MISHMEM_NS_ADDR_A
TIMES=()
for run in $(seq "$RUNS"); do
    fault_heal
    : >"$WORK/out"
    : >"$WORK/err"
    timeout -k 2 "$GUARD" "$LAUNCHER" --timeout $((GUARD - 5)) --hosts a:2,b:2 --rdv-addr "$A" \
        --agent "$NS_AGENT" "$PROGRAM" "$KIND" >"$WORK/out" 2>"$WORK/err" &
    JOB=$!
    for _ in $(seq 600); do
        [ "$(grep -c '^PE [0-3] running$' "$WORK/out")" -eq 4 ] && break
        kill -0 "$JOB" 2>/dev/null || fail "run $run: the job ended before it ran: $(cat "$WORK/out")"
        sleep 0.1
    done
    if [ "$(grep -c '^PE [0-3] running$' "$WORK/out")" -ne 4 ]; then
        run_fail "the 4 PEs were not running within 60 s"
        continue
    fi
    # A random moment of the loop: 0 to 1.5 s in.
    sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.3f", r % 1500 / 1000 }')"
    if ! kill -0 "$JOB" 2>/dev/null; then
        run_fail "the job ended before the cut: $(cat "$WORK/err")"
        continue
    fi
    fault_cut
    cut=$(now)
    # A job that outlives the bound by far: where its PEs wait is what
    # matters (CUT_STACKS=FILE, with gdb), before the guard kills them.
    while kill -0 "$JOB" 2>/dev/null; do
        if [ -n "${CUT_STACKS:-}" ] && ! less_than "$(seconds_since "$cut")" "$((GUARD / 2))"; then
            dump_stacks >>"$CUT_STACKS"
            break
        fi
        sleep 0.05
    done
    wait "$JOB"
    RC=$?
    ELAPSED=$(seconds_since "$cut")
    if [ "$RC" -eq 0 ] || [ "$RC" -eq 124 ]; then
        run_fail "status $RC: the job succeeded across a lasting cut, or hung until the guard (${GUARD}s)"
        continue
    fi
    # A PE names a peer on the other host (PEs 0,1 on a; 2,3 on b) and
    # the call it was in.
    message=$(grep -m1 -E "PE ([01] \(host [^)]*\).* while PE [23]|[23] \(host [^)]*\).* while PE [01]) (was|waited) in" "$WORK/err")
    if [ -z "$message" ]; then
        run_fail "no message naming a PE across the cut"
        continue
    fi
    if ! less_than "$ELAPSED" "$BOUND"; then
        run_fail "the job ended ${ELAPSED}s after the cut, above the bound of ${BOUND}s: $message"
        continue
    fi
    echo "run $run: ${ELAPSED}s: ${message#*mishmem*: }"
    TIMES+=("$ELAPSED")
    [ -z "${CUT_RECORD:-}" ] || echo "$KIND $ELAPSED" >>"$CUT_RECORD"
    # Nothing of the job is left before the next run.
    expect_namespaces_empty "run $run"
done
fault_heal
printf '%s\n' "${TIMES[@]}" | sort -g | awk -v kind="$KIND" -v bound="$BOUND" '
    { t[NR] = $1 }
    END { if (NR == 0) exit
          printf "cut_loop %s: %d runs, cut to end min %.2fs median %.2fs max %.2fs (bound %ss)\n",
          kind, NR, t[1], (NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2), t[NR], bound }'
[ "$FAILED" -eq 0 ] || fail "cut_loop $KIND: $FAILED of $RUNS runs failed"
echo "PASS: cut_loop $KIND: $RUNS runs"
