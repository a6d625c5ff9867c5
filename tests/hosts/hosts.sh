#!/usr/bin/env bash
# hosts_<scenario>: mishmemrun --hosts over two network-namespace "hosts".
#   bash hosts.sh LAUNCHER PROBE SCENARIO [PROGRAM [ARGS...]]
# The PEs are pe_probe (tests/tools), except for the scenarios given a
# mishmem PROGRAM: *_one_host run it with all four PEs on host a, the
# others with PEs on both hosts (they need the libfabric transport).
# Skips (77) without root or `ip netns`.
LAUNCHER=$1 PROBE=$2 SCENARIO=$3 PROGRAM=${4:-}
# The namespaces are the hosts here: a MISHMEM_HOST_ID from the caller (CI
# runs the suite once with h%p) would split them further.
unset MISHMEM_HOST_ID
PROGRAM_ARGS=("${@:5}")
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../tools/lib.sh"
. "$HERE/netns.sh"

A=$MISHMEM_NS_ADDR_A B=$MISHMEM_NS_ADDR_B
# run_launcher's guard: just under this test's 90 s watchdog (ctest
# TIMEOUT), far below the sleepers' 300 s.
RUN_GUARD=80
HOSTS_AB=(--hosts a:2,b:2 --rdv-addr "$A" --agent "$NS_AGENT")

# ns-agent.sh with an empty environment, as ssh passes none of ours: what
# reaches the PEs then came through the helper (-x).
CLEAN_AGENT="env -i PATH=$PATH MISHMEM_NS_A=$MISHMEM_NS_A MISHMEM_NS_B=$MISHMEM_NS_B MISHMEM_NS_ADDR_A=$A MISHMEM_NS_ADDR_B=$B $NS_AGENT"

# run_program ARGS...: run_launcher for the mishmem programs, whose time
# depends on the machine's load: the launcher's --timeout 90 (not the
# 20 s guard of run_launcher) bounds them.
run_program() {
    local start
    start=$(now)
    timeout -k 2 100 "$LAUNCHER" --timeout 90 "$@" >"$WORK/out" 2>"$WORK/err"
    RC=$?
    ELAPSED=$(seconds_since "$start")
}
netns_id() { echo "net:[$(stat -L -c %i "/run/netns/$1")]"; }

# Nothing of the job in either namespace, and no probe anywhere.
expect_nothing_left() {
    expect_no_probe_left
    expect_namespaces_empty
}

# check_reports DIR N RDV_IP HOST_OF_PE...: the contract each PE saw, and
# each PE on its host.
check_reports() {
    local dir=$1 n=$2 ip=$3 pe file
    shift 3
    check_contract_reports "$dir" "$n" "$ip" "*:env=$dir,reach,sleep=2|a b"
    for ((pe = 0; pe < n; pe++)); do
        file=$dir/pe.$pe
        local host=$1 ns
        shift
        if [ "$host" = a ]; then ns=$MISHMEM_NS_A; else ns=$MISHMEM_NS_B; fi
        [ "$(field "$file" NETNS)" = "$(netns_id "$ns")" ] || fail "PE $pe is not on host $host"
    done
}

# The secret must be in no process's command line while the job runs.
expect_secret_not_in_argv() {
    local secret=$1 file
    for file in /proc/[0-9]*/cmdline; do
        if grep -qaF -- "$secret" "$file" 2>/dev/null; then
            fail "the job secret is in the command line of pid $(basename "$(dirname "$file")"): $(tr '\0' ' ' <"$file")"
        fi
    done
}

# contract LAUNCHER_ARGS... -- N RDV_IP HOSTS...: run, check while running and after.
# Every PE also connects to PE 0's rendezvous address from its own host.
contract() {
    local args=() dir=$WORK/reports
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    shift
    local n=$1
    mkdir -p "$dir"
    timeout -k 2 50 "$LAUNCHER" "${args[@]}" "$PROBE" "$MARK" "*:env=$dir,reach,sleep=2" "a b" \
        >"$WORK/out" 2>"$WORK/err" &
    local launcher_pid=$! tries
    for tries in $(seq 300); do
        [ "$(ls "$dir" | wc -l)" -eq "$n" ] && break
        sleep 0.1
    done
    [ -s "$dir/pe.0" ] || fail "no report from PE 0 within 30 s"
    sleep 0.1 # pe.0 complete
    expect_secret_not_in_argv "$(field "$dir/pe.0" SECRET)"
    wait "$launcher_pid"
    RC=$?
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
    check_reports "$dir" "$@"
    ELAPSED=-
}

case $SCENARIO in
contract)
    contract "${HOSTS_AB[@]}" -- 4 "$A" a a b b
    ;;
contract_addresses)
    # Hosts named by address, -n below the slots: the rendezvous default is the first host.
    contract --hosts "$A:2,$B:2" -n 3 --agent "$NS_AGENT" -- 3 "$A" a a b
    ;;
hostfile_two_hosts)
    # Open MPI's hostfile form, with a comment and a blank line: 2 PEs on each namespace.
    printf '# the two namespaces\na slots=2\n\nb slots=2 max_slots=8\n' >"$WORK/hostfile"
    contract --hostfile "$WORK/hostfile" --rdv-addr "$A" --agent "$NS_AGENT" -- 4 "$A" a a b b
    ;;
hostfile_unknown_host)
    # The agent cannot reach host c: the job ends with its status (255, as
    # ssh's), naming the host, and nothing is left on a.
    printf 'a:2\nc:2\n' >"$WORK/hostfile"
    run_launcher --hostfile "$WORK/hostfile" --rdv-addr "$A" --agent "$NS_AGENT" "$PROBE" "$MARK" "*:sleep=300"
    expect_rc 255
    expect_stderr_line "mishmemrun: host c: the agent ended (status 255) before 2 of its PEs did"
    ;;
x_two_hosts)
    # -x reaches every PE on both hosts through the helpers (the agent
    # passes no environment), with --tag-output; a secret-like value given
    # as -x NAME is on no command line while the job runs; the launcher
    # plans one port range for the job (none set) and both hosts get it.
    unset SHMEM_INSTANCE_PORT_RANGE
    token=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
    export MISHMEM_TEST_TOKEN=$token
    timeout -k 2 50 "$LAUNCHER" --hosts a:2,b:2 --rdv-addr "$A" --agent "$CLEAN_AGENT" --tag-output \
        -x MISHMEM_TEST_TOKEN -x SHMEM_SYMMETRIC_SIZE=3M -x MISHMEM_TEST_EMPTY= \
        bash -c 'echo "$MISHMEM_TEST_TOKEN $SHMEM_SYMMETRIC_SIZE ${MISHMEM_TEST_EMPTY-unset}. $(readlink /proc/self/ns/net) $MISHMEM_PORT_RANGE"; echo "to stderr" >&2; sleep 2' \
        >"$WORK/out" 2>"$WORK/err" &
    launcher_pid=$!
    for tries in $(seq 300); do
        [ "$(grep -c . "$WORK/out")" -eq 4 ] && break
        sleep 0.1
    done
    expect_secret_not_in_argv "$token"
    wait "$launcher_pid"
    RC=$?
    ELAPSED=-
    expect_rc 0
    for pe in 0 1 2 3; do
        if [ "$pe" -lt 2 ]; then ns=$MISHMEM_NS_A; else ns=$MISHMEM_NS_B; fi
        grep -qE "^\[$pe\] $token 3M \. $(netns_id "$ns" | sed 's/[][]/\\&/g') [0-9]+:[0-9]+\$" "$WORK/out" ||
            fail "PE $pe on its host did not see the -x values or the range: $(cat "$WORK/out")"
        grep -qx "\[$pe\] to stderr" "$WORK/err" || fail "PE $pe: no tagged stderr line"
    done
    [ "$(awk '{print $NF}' "$WORK/out" | sort -u | wc -l)" -eq 1 ] || fail "the hosts got different ranges: $(cat "$WORK/out")"
    ;;
killed_on_b)
    run_launcher "${HOSTS_AB[@]}" "$PROBE" "$MARK" "3:sleep=0.5,kill=9" "*:sleep=300"
    expect_rc 137
    expect_stderr_line "mishmemrun: PE 3 was killed by signal SIGKILL (9)"
    expect_stderr_count '^mishmemrun:' 1
    ;;
exit_code)
    run_launcher "${HOSTS_AB[@]}" "$PROBE" "$MARK" "2:sleep=0.5,exit=7" "*:sleep=300"
    expect_rc 7
    expect_stderr_line "mishmemrun: PE 2 exited with status 7"
    expect_stderr_count '^mishmemrun:' 1
    ;;
global_exit)
    run_launcher "${HOSTS_AB[@]}" "$PROBE" "$MARK" "3:sleep=0.5,ctrl=42,sleep=300" "*:sleep=300"
    expect_rc 42
    ;;
timeout)
    run_launcher --timeout 2 "${HOSTS_AB[@]}" "$PROBE" "$MARK" "*:ignore-term,sleep=300"
    expect_rc 124
    expect_elapsed_above 1.8
    expect_stderr_line "mishmemrun: timeout after 2 s; killing 4 PEs"
    ;;
sigterm | sigint)
    # Job control keeps SIGINT deliverable to a background job.
    set -m
    signame=${SCENARIO#sig}
    signame=${signame^^}
    "$LAUNCHER" "${HOSTS_AB[@]}" "$PROBE" "$MARK" "*:sleep=300" 2>"$WORK/err" &
    launcher_pid=$!
    wait_for_probes 4
    signal_launcher "$launcher_pid" "$signame"
    expect_rc $((128 + $(kill -l "$signame")))
    ;;
helper_killed)
    # Host b's helper dies (its PEs with its PID namespace): the job ends with the agent's status.
    "$LAUNCHER" "${HOSTS_AB[@]}" "$PROBE" "$MARK" "*:sleep=300" >"$WORK/out" 2>"$WORK/err" &
    launcher_pid=$!
    wait_for_probes 4
    helper=
    for pid in $(pgrep -f -- "--serve-host 2 2 4 rdv=tcp://$A:[0-9]* -- $PROBE $MARK"); do
        # Not the agent (unshare) whose command line holds the same words.
        [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mishmemrun ] && helper=$pid
    done
    [ -n "$helper" ] || fail "no helper for host b"
    kill -KILL $helper
    wait "$launcher_pid"
    RC=$?
    ELAPSED=-
    # The status is the agent's: unshare here reports a killed child as 1.
    [ "$RC" -ne 0 ] && [ "$RC" -ne 124 ] || fail "launcher exit status $RC, expected the agent's failure"
    grep -qx "mishmemrun: host b: the agent ended (status $RC) before 2 of its PEs did" "$WORK/err" ||
        fail "no line about host b's agent"
    ;;
launcher_killed)
    # Even a SIGKILLed launcher leaves nothing on any host.
    "$LAUNCHER" "${HOSTS_AB[@]}" "$PROBE" "$MARK" "*:sleep=300" 2>"$WORK/err" &
    launcher_pid=$!
    wait_for_probes 4
    kill -KILL "$launcher_pid"
    { wait "$launcher_pid"; } 2>/dev/null
    RC=$?
    ELAPSED=-
    expect_rc 137
    ;;
too_many)
    run_launcher --hosts a:2,b:2 -n 5 --agent "$NS_AGENT" "$PROBE" "$MARK"
    expect_rc 2
    grep -qF -- "-n 5 is more than the 4 slots of --hosts" "$WORK/err" || fail "no message about the slots"
    ;;
ring_one_host)
    # A mishmem program, all PEs on one "host": through the agent and its helper.
    run_launcher --timeout 30 --hosts a:4 --rdv-addr "$A" --agent "$NS_AGENT" "$PROGRAM"
    expect_rc 0
    grep -qx "ring ok" "$WORK/out" || fail "no 'ring ok' on stdout: $(cat "$WORK/out")"
    ;;
ring_two_hosts)
    # An instance across the two hosts: PEs 0,1 on a and 2,3 on b, each in
    # its own network, PID and UTS namespace, so 1 -> 2 and 3 -> 0 go over
    # libfabric and 0 -> 1, 2 -> 3 by shared memory.
    run_launcher --timeout 30 --hosts a:2,b:2 --rdv-addr "$A" --agent "$NS_AGENT" "$PROGRAM"
    expect_rc 0
    grep -qx "ring ok" "$WORK/out" || fail "no 'ring ok' on stdout: $(cat "$WORK/out")"
    for link in "0 1 yes" "1 2 no" "2 3 yes" "3 0 no"; do
        set -- $link
        grep -qx "PE $1 reaches PE $2 by load/store: $3" "$WORK/out" || fail "PE $1 -> $2 should be '$3': $(cat "$WORK/out")"
    done
    ;;
two_instances_one_host)
    # The README's example (a second instance by ip_port) on host a.
    SHMEM_INSTANCE_PORT_RANGE=32100:32354 run_launcher --timeout 30 --hosts a:4 --rdv-addr "$A" \
        --agent "$NS_AGENT" "$PROGRAM"
    expect_rc 0
    [ "$(grep -c '^PE [0-3] got .* in instance 1$' "$WORK/out")" -eq 4 ] ||
        fail "expected 4 'PE k got ... in instance 1' lines: $(cat "$WORK/out")"
    ;;
coll_types_two_hosts | coll_stress_two_hosts | coll_active_set_two_hosts)
    # tests/coll's programs unchanged, PEs 0,1 on a and 2,3 on b: their
    # teams (world, odd PEs, reversed world, 2D rows and columns) mix
    # members on both hosts; each program checks every result on every PE
    # and ends non-zero on the first wrong value.
    run_program "${HOSTS_AB[@]}" "$PROGRAM" "${PROGRAM_ARGS[@]}"
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
    if [ "$SCENARIO" = coll_stress_two_hosts ]; then
        grep -qE "^stress: 4 PEs, ${PROGRAM_ARGS[0]} iterations of" "$WORK/out" ||
            fail "no line about ${PROGRAM_ARGS[0]} iterations on 4 PEs: $(cat "$WORK/out")"
    else
        [ "$(grep -cE '^PE [0-3]: [1-9][0-9]* .*collectives checked' "$WORK/out")" -eq 4 ] ||
            fail "expected a 'N collectives checked' line from each of the 4 PEs: $(cat "$WORK/out")"
    fi
    ;;
coll_families_two_hosts)
    # test_coll_families (sizes around every algorithm threshold, up to
    # 256 KiB) across the hosts gives the same digests as on one host,
    # where the pointer-based family runs.
    timeout -k 2 100 "$LAUNCHER" --timeout 90 -n 4 "$PROGRAM" >"$WORK/local" 2>"$WORK/err" ||
        fail "the run on one host failed, status $?"
    run_program "${HOSTS_AB[@]}" "$PROGRAM"
    expect_rc 0
    [ "$(grep -c '^digest PE' "$WORK/out")" -eq 4 ] || fail "expected 4 digests: $(cat "$WORK/out")"
    diff <(grep '^digest PE' "$WORK/local" | sort) <(grep '^digest PE' "$WORK/out" | sort) >&2 ||
        fail "the digests across the hosts (right) differ from those on one host (left)"
    ;;
hier_2_2 | hier_3_1)
    # The hierarchical collectives (tests/hosts/hosts_hier.c): A:2,B:2 and
    # the uneven A:3,B:1, two instances at once (the world and instance 7,
    # rendezvous on host a), teams mixing the hosts, every root, values
    # checked on every PE, many iterations. The DEBUG line of each PE's
    # world team in both instances shows the hierarchy is in force.
    if [ "$SCENARIO" = hier_2_2 ]; then hosts=a:2,b:2 here=2; else hosts=a:3,b:1 here=3; fi
    SHMEM_LOG_LEVEL=DEBUG SHMEM_INSTANCE_PORT_RANGE=32400:32654 \
        run_program --hosts "$hosts" --rdv-addr "$A" --agent "$NS_AGENT" "$PROGRAM" "${PROGRAM_ARGS[@]}" "$A"
    expect_rc 0
    for pe in 0 1 2 3; do
        grep -qE "^PE $pe: hier ok [1-9][0-9]* checks$" "$WORK/out" || fail "no 'hier ok' from PE $pe: $(cat "$WORK/out")"
    done
    hier_lines=$(grep -c 'team of 4 PEs (start 0, stride 1) over 2 hosts: hierarchical collectives' "$WORK/err")
    if [ "${MISHMEM_COLL_PORTABLE:-0}" = 1 ] || [ "${MISHMEM_PEERS_UNMAPPED:-0}" = 1 ]; then
        # Both turn the hierarchy off: the plain portable family passes the same checks.
        [ "$hier_lines" -eq 0 ] || fail "hierarchical teams under MISHMEM_COLL_PORTABLE / MISHMEM_PEERS_UNMAPPED"
    else
        [ "$hier_lines" -eq 8 ] || fail "expected 8 lines about hierarchical world teams, got $hier_lines"
        [ "$(grep -c "over 2 hosts: hierarchical collectives, $here PEs on this host, leader PE 0\$" "$WORK/err")" -ge $((2 * here)) ] ||
            fail "host a's PEs did not report $here PEs on their host with leader PE 0"
    fi
    ;;
amo_two_hosts | amo_two_hosts_messages | amo_two_hosts_net)
    # _messages and _net: the test's environment asks for atomics as
    # messages (MISHMEM_OFI_ATOMICS=message, MISHMEM_OFI_PROVIDER=net); every
    # PE must say that it runs them so.
    SHMEM_DEBUG=1 run_program "${HOSTS_AB[@]}" "$PROGRAM"
    expect_rc 0
    for target in 1 2; do
        grep -qx "amo ok with the words on PE $target" "$WORK/out" || fail "no result for PE $target: $(cat "$WORK/out")"
    done
    grep -qx "amo ok" "$WORK/out" || fail "no 'amo ok': $(cat "$WORK/out")"
    as_messages=$(grep -c "atomics as messages the target's CPU applies" "$WORK/err")
    if [ "$SCENARIO" = amo_two_hosts ]; then
        [ "$as_messages" -eq 0 ] || fail "atomics as messages without asking"
    else
        [ "$as_messages" -ge 4 ] || fail "expected 4 PEs running atomics as messages, got $as_messages"
    fi
    ;;
instances_two_hosts | instances_two_hosts_planned)
    # Instance 2 over both hosts (rendezvous on host a's address), instance
    # 1 on host a only; ports from the range (each namespace has its own):
    # given, or (planned) the one the launcher's first helper picked.
    if [ "$SCENARIO" = instances_two_hosts ]; then
        SHMEM_INSTANCE_PORT_RANGE=32100:32354 run_program "${HOSTS_AB[@]}" "$PROGRAM" "$A"
    else
        unset SHMEM_INSTANCE_PORT_RANGE
        run_program "${HOSTS_AB[@]}" "$PROGRAM" "$A"
    fi
    expect_rc 0
    expect_line_count() { # count, line
        [ "$(grep -cxF -- "$2" "$WORK/out")" -eq "$1" ] || fail "expected $1 times '$2': $(cat "$WORK/out")"
    }
    for pe in 0 1 2 3; do
        expect_line_count 2 "PE $pe: instance 2 (PE $pe of 4) beside the other: ok"
        expect_line_count 1 "PE $pe: instance 2 (PE $pe of 4) after instance 1 was finalized: ok"
    done
    for pe in 0 1; do
        expect_line_count 2 "PE $pe: instance 1 (PE $pe of 2) beside the other: ok"
        expect_line_count 1 "PE $pe: instance 1 (PE $pe of 2) after instance 2 was finalized: ok"
    done
    [ "$(grep -c 'instance 1 (PE' "$WORK/out")" -eq 6 ] || fail "instance 1 reached host b: $(cat "$WORK/out")"
    expect_line_count 1 "instances ok"
    ;;
killed_pe_on_b)
    # A real mishmem program stalls (PE 0 in wait_until on a flag PE 3
    # would set, PEs 1, 2 in a barrier, PE 3 asleep); PE 3, on host b, is
    # SIGKILLed from outside. The job ends with the launcher's status for
    # it and nothing is left on either host.
    start=$(now)
    timeout -k 2 70 "$LAUNCHER" "${HOSTS_AB[@]}" "$PROGRAM" stall >"$WORK/out" 2>"$WORK/err" &
    launcher_pid=$!
    for tries in $(seq 400); do
        [ "$(grep -c '^PE [0-3] ready$' "$WORK/out")" -eq 4 ] && break
        sleep 0.1
    done
    [ "$(grep -c '^PE [0-3] ready$' "$WORK/out")" -eq 4 ] || fail "the 4 PEs were not ready within 40 s: $(cat "$WORK/out")"
    victim=
    for pid in $(ip netns pids "$MISHMEM_NS_B"); do
        [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$(basename "$PROGRAM" | cut -c1-15)" ] || continue
        tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx MISHMEM_PE=3 && victim=$pid
    done
    [ -n "$victim" ] || fail "no PE 3 in host b's namespace"
    kill -KILL "$victim"
    wait "$launcher_pid"
    RC=$?
    ELAPSED=$(seconds_since "$start")
    expect_rc 137
    expect_stderr_line "mishmemrun: PE 3 was killed by signal SIGKILL (9)"
    if grep -q 'the stall ended' "$WORK/err"; then fail "a PE left the stall before the kill"; fi
    ;;
quickstart_tcp | quickstart_uid)
    # No launcher: each PE started by hand, as a user would on two hosts,
    # with its own environment (RANK, WORLD_SIZE and the mode's variables).
    mode=${SCENARIO#quickstart_}
    secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
    pids=()
    for pe in 0 1 2 3; do
        if [ "$pe" -lt 2 ]; then ns=$MISHMEM_NS_A; else ns=$MISHMEM_NS_B; fi
        vars=(RANK=$pe WORLD_SIZE=4)
        if [ "$mode" = tcp ]; then
            vars+=(MASTER_ADDR=$A SHMEM_INSTANCE_PORT_RANGE=32100:32354 SHMEM_BOOTSTRAP_SECRET=$secret)
        else
            vars+=(UID_FILE=$WORK/uid)
            [ "$pe" -eq 0 ] && vars+=(SHMEM_UID_SOCK_IFNAME=$MISHMEM_NS_VETH_A)
        fi
        env "${vars[@]}" timeout -k 2 60 ip netns exec "$ns" unshare --pid --fork --kill-child --uts \
            "$PROGRAM" "$mode" >"$WORK/out.$pe" 2>"$WORK/err.$pe" &
        pids+=($!)
    done
    for pe in 0 1 2 3; do
        wait "${pids[$pe]}"
        RC=$?
        [ "$RC" -eq 0 ] || fail "PE $pe exited with status $RC: $(cat "$WORK/err.$pe")"
        prev=$(((pe + 3) % 4))
        grep -qx "PE $pe: quick start ($mode) ok, data from PE $prev" "$WORK/out.$pe" ||
            fail "PE $pe: no result line: $(cat "$WORK/out.$pe" "$WORK/err.$pe")"
    done
    ELAPSED=-
    ;;
crash_two_hosts)
    # A PE that dereferences NULL in an instance across both hosts (so
    # libfabric is loaded): the job ends with the signal's status and no
    # libinfinipath backtrace file appears where the PEs ran.
    unset IPATH_NO_BACKTRACE
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"
    cd "$WORK" || fail "cannot enter $WORK"
    run_program --hosts a:1,b:1 --rdv-addr "$A" --agent "$NS_AGENT" "$PROGRAM"
    expect_rc 139
    grep -q "PE 1 was killed by signal SIGSEGV" "$WORK/err" || fail "the launcher did not name the signal"
    ! ls "$WORK"/*.btr >/dev/null 2>&1 || fail "a .btr file appeared: $(ls "$WORK"/*.btr)"
    ;;
progress_two_hosts)
    # The progress chosen across real namespaces (src/transport/ofi/
    # ofi_progress_choice.h): both hosts share this kernel, so the PEs of
    # both count against this machine's CPUs (nproc, whose affinity the
    # agent keeps). One PE a host, then two.
    cpus=$(nproc)
    for split in 1 2; do
        pes=$((2 * split))
        if [ "$pes" -le "$cpus" ]; then
            what=manual how="no more than"
        else
            what=automatic how="more than"
        fi
        SHMEM_DEBUG=1 run_program --hosts "a:$split,b:$split" --rdv-addr "$A" --agent "$NS_AGENT" "$PROGRAM"
        expect_rc 0
        grep -qx "ring ok" "$WORK/out" || fail "a:$split,b:$split: no 'ring ok': $(cat "$WORK/out")"
        said=$(grep -cE "instance [0-9]+ PE [0-9]+: libfabric provider .*, $what progress \($pes PEs of the instance on this kernel, $how the $cpus CPUs? this process may use\)\$" "$WORK/err")
        [ "$said" -eq "$pes" ] ||
            fail "a:$split,b:$split: $said of $pes PEs said '$what progress' for $pes PEs on $cpus CPUs: $(grep 'progress (' "$WORK/err")"
    done
    ;;
*)
    fail "unknown scenario $SCENARIO"
    ;;
esac
expect_nothing_left
echo "PASS: $SCENARIO (status $RC after ${ELAPSED}s)"
