#!/usr/bin/env bash
# launcher_option_<scenario>: the options with Open MPI's meanings on one
# host (-x, --tag-output, --bind-to/--map-by, --version, --hostfile through
# a local agent) and the port ranges the launcher plans.
#   bash options.sh LAUNCHER PROBE SCENARIO [PROGRAM]
LAUNCHER=$1 PROBE=$2 SCENARIO=$3 PROGRAM=${4:-}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
LOCAL_AGENT=$HERE/../hosts/local-agent.sh
# The local agent with an empty environment, as ssh passes none of ours:
# what reaches the PEs then came through the helper.
CLEAN_AGENT="env -i PATH=$PATH $LOCAL_AGENT"

expect_usage_error() { # message, then launcher arguments
    local message=$1
    shift
    run_launcher "$@"
    [ "$RC" -eq 2 ] || fail "'mishmemrun $*' exited $RC, expected 2"
    grep -qF -- "$message" "$WORK/err" || fail "'mishmemrun $*': no message '$message'"
}

# The cores of this machine that we may use: "socket:core" pairs, one a line.
usable_cores() {
    local list cpu part
    list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
    for part in ${list//,/ }; do
        for cpu in $(seq "${part%-*}" "${part#*-}"); do
            local topo=/sys/devices/system/cpu/cpu$cpu/topology
            echo "$(cat "$topo/physical_package_id" 2>/dev/null || echo 0):$(cat "$topo/core_id" 2>/dev/null || echo "$cpu")"
        done
    done | sort -u
}

# A PE reporting its CPU affinity: "PE <n> CPUs <list>".
AFFINITY='echo "PE $MISHMEM_PE CPUs $(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/self/status)"'

case $SCENARIO in
version)
    run_launcher --version
    expect_rc 0
    grep -qE '^mishmemrun \(mishmem\) [0-9]+\.[0-9]+\.[0-9]+$' "$WORK/out" || fail "--version printed: $(cat "$WORK/out")"
    ;;
usage)
    expect_usage_error "option -x needs a value" -n 1 -x
    expect_usage_error "-x '1X': not a variable name" -n 1 -x 1X=2 "$PROBE" "$MARK"
    expect_usage_error "-x 'A-B': not a variable name" -n 1 -x A-B "$PROBE" "$MARK"
    expect_usage_error "-x '': not a variable name" -n 1 -x =3 "$PROBE" "$MARK"
    expect_usage_error "-x MISHMEM_SECRET: the launcher sets this variable itself" -n 1 -x MISHMEM_SECRET=00 "$PROBE" "$MARK"
    expect_usage_error "-x MISHMEM_PE: the launcher sets this variable itself" -n 1 -x MISHMEM_PE "$PROBE" "$MARK"
    expect_usage_error "invalid --bind-to 'socket' (want core or none)" -n 1 --bind-to socket "$PROBE" "$MARK"
    expect_usage_error "invalid --bind-to '' (want core or none)" -n 1 --bind-to= "$PROBE" "$MARK"
    expect_usage_error "option --bind-to needs a value" -n 1 --bind-to
    expect_usage_error "invalid --map-by 'node' (want core or socket)" -n 1 --map-by node "$PROBE" "$MARK"
    expect_usage_error "option --hostfile needs a value" --hostfile
    expect_usage_error "give --hosts or --hostfile, not both" --hosts localhost --hostfile /dev/null "$PROBE" "$MARK"
    expect_usage_error "--keep-going works on one host only" --hostfile /dev/null --keep-going "$PROBE" "$MARK"
    expect_usage_error "--agent and --rdv-addr need --hosts or --hostfile" -n 1 --agent ssh "$PROBE" "$MARK"
    expect_usage_error "cannot read the hostfile '$WORK/none'" --hostfile "$WORK/none" "$PROBE" "$MARK"
    : >"$WORK/empty"
    expect_usage_error "the hostfile '$WORK/empty' names no host" --hostfile "$WORK/empty" "$PROBE" "$MARK"
    printf '# only comments\n\n   # and blanks\n' >"$WORK/comments"
    expect_usage_error "the hostfile '$WORK/comments' names no host" --hostfile "$WORK/comments" "$PROBE" "$MARK"
    printf 'localhost slots=0\n' >"$WORK/bad"
    expect_usage_error "$WORK/bad:1: invalid 'slots=0'" --hostfile "$WORK/bad" "$PROBE" "$MARK"
    printf '\nlocalhost:x\n' >"$WORK/bad"
    expect_usage_error "$WORK/bad:2: invalid slot count 'x'" --hostfile "$WORK/bad" "$PROBE" "$MARK"
    printf 'localhost 4\n' >"$WORK/bad"
    expect_usage_error "$WORK/bad:1: unexpected '4'" --hostfile "$WORK/bad" "$PROBE" "$MARK"
    printf 'localhost slots=2\n' >"$WORK/two"
    expect_usage_error "-n 3 is more than the 2 slots of --hostfile" --hostfile "$WORK/two" -n 3 "$PROBE" "$MARK"
    # A first host that does not resolve: PE 0's rendezvous has no address.
    printf 'nosuch.invalid slots=2\nlocalhost\n' >"$WORK/unknown"
    expect_usage_error "cannot resolve the first host 'nosuch.invalid'" --hostfile "$WORK/unknown" --agent "$LOCAL_AGENT" "$PROBE" "$MARK"
    expect_no_probe_left
    ;;
export)
    # -x NAME=VALUE, -x NAME (our value), the last -x of a name wins, and a
    # NAME that is not set here: a warning, and the PE sees no such variable.
    unset MISHMEM_TEST_UNSET
    export MISHMEM_TEST_FROM_HERE="from here"
    run_launcher -n 2 -x MISHMEM_TEST_A="a value=with equals" -x MISHMEM_TEST_FROM_HERE \
        -x MISHMEM_TEST_B=1 -x MISHMEM_TEST_B=2 -x MISHMEM_TEST_UNSET -x MISHMEM_TEST_EMPTY= \
        bash -c 'echo "PE $MISHMEM_PE|$MISHMEM_TEST_A|$MISHMEM_TEST_FROM_HERE|$MISHMEM_TEST_B|${MISHMEM_TEST_UNSET-unset}|${MISHMEM_TEST_EMPTY-unset}"'
    expect_rc 0
    for pe in 0 1; do
        grep -qxF "PE $pe|a value=with equals|from here|2|unset|" "$WORK/out" || fail "PE $pe saw: $(cat "$WORK/out")"
    done
    expect_stderr_line "mishmemrun: warning: -x MISHMEM_TEST_UNSET: MISHMEM_TEST_UNSET is not set here; the PEs get no value for it from the launcher"
    expect_stderr_count '^mishmemrun:' 1
    ;;
tag_output)
    # Every line of both streams of every PE, each tagged with its PE; a
    # last line without a newline too; lines of PEs never mix.
    run_launcher -n 3 --tag-output bash -c \
        'for i in $(seq 200); do echo "out $MISHMEM_PE $i"; echo "err $MISHMEM_PE $i" >&2; done; printf "tail $MISHMEM_PE"'
    expect_rc 0
    [ "$(wc -l <"$WORK/out")" -eq $((3 * 201)) ] || fail "expected 603 lines on stdout, got $(wc -l <"$WORK/out")"
    for pe in 0 1 2; do
        [ "$(grep -cE "^\[$pe\] out $pe [0-9]+$" "$WORK/out")" -eq 200 ] || fail "PE $pe: stdout lines lost or untagged"
        [ "$(grep -cE "^\[$pe\] err $pe [0-9]+$" "$WORK/err")" -eq 200 ] || fail "PE $pe: stderr lines lost or untagged"
        grep -qx "\[$pe\] tail $pe" "$WORK/out" || fail "PE $pe: the unterminated last line is missing"
        # Each PE's lines keep their order.
        diff <(grep "^\[$pe\] out" "$WORK/out" | awk '{print $4}') <(seq 200) >/dev/null || fail "PE $pe: stdout lines out of order"
    done
    [ "$(grep -vcE '^\[[0-2]\] ' "$WORK/out")" -eq 0 ] || fail "untagged stdout lines: $(grep -vE '^\[[0-2]\] ' "$WORK/out" | head -3)"
    [ "$(grep -vcE '^\[[0-2]\] ' "$WORK/err")" -eq 0 ] || fail "untagged stderr lines"
    # Tagged output of a failing PE still arrives, and the launcher's own lines stay untagged.
    run_launcher -n 2 --tag-output bash -c 'echo "last words of $MISHMEM_PE"; exit $((MISHMEM_PE + 3))'
    [ "$RC" -eq 3 ] || [ "$RC" -eq 4 ] || fail "launcher exit status $RC, expected a PE's 3 or 4"
    grep -qx '\[[01]\] last words of [01]' "$WORK/out" || fail "no tagged line from the failing PEs"
    grep -qE '^mishmemrun: PE [01] exited with status [34]$' "$WORK/err" || fail "no untagged launcher line"
    ;;
bind_core | map_socket)
    if [ "$SCENARIO" = bind_core ]; then map=core; else map=socket; fi
    cores=$(usable_cores | wc -l)
    [ "$cores" -ge 1 ] || fail "no usable core found"
    # One PE per core: every PE on one core of its own, all of them used, printed under SHMEM_INFO.
    SHMEM_INFO=1 run_launcher -n "$cores" --bind-to core --map-by "$map" bash -c "$AFFINITY"
    expect_rc 0
    expect_stderr_count '^mishmemrun: PE [0-9]* bound to core [0-9]* of socket [0-9]* (CPUs [0-9,]*)$' "$cores"
    for ((pe = 0; pe < cores; pe++)); do
        printed=$(sed -n "s/^mishmemrun: PE $pe bound to core [0-9]* of socket [0-9]* (CPUs \([0-9,]*\))\$/\1/p" "$WORK/err")
        seen=$(sed -n "s/^PE $pe CPUs //p" "$WORK/out")
        [ -n "$printed" ] || fail "no binding printed for PE $pe"
        # The kernel lists ranges (0-1); the launcher lists CPUs (0,1): compare as sets.
        expand() { local p; for p in ${1//,/ }; do seq "${p%-*}" "${p#*-}"; done | sort -n | tr '\n' ' '; }
        [ "$(expand "$seen")" = "$(expand "$printed")" ] || fail "PE $pe runs on CPUs '$seen', the launcher printed '$printed'"
    done
    [ "$(sed -n 's/.*(CPUs \(.*\))$/\1/p' "$WORK/err" | sort -u | wc -l)" -eq "$cores" ] || fail "two PEs share a core: $(cat "$WORK/err")"
    # Without SHMEM_INFO nothing is printed; without --bind-to nothing is pinned.
    SHMEM_INFO=0 run_launcher -n 1 --bind-to core bash -c "$AFFINITY"
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
    run_launcher -n 1 bash -c "$AFFINITY"
    expect_rc 0
    [ "$(sed -n 's/^PE 0 CPUs //p' "$WORK/out")" = "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)" ] ||
        fail "a PE without --bind-to has another affinity than the launcher: $(cat "$WORK/out")"
    # More PEs than cores: refused (as Open MPI does), nothing started.
    run_launcher -n $((cores + 1)) --bind-to core --map-by "$map" "$PROBE" "$MARK" "*:sleep=60"
    expect_rc 2
    expect_stderr_line "mishmemrun: --bind-to core: $((cores + 1)) PEs on this host but only $cores cores that this launcher may use; run fewer PEs here or use --bind-to none"
    expect_no_probe_left
    ;;
hostfile)
    # Open MPI's form, plain host:N, comments, blanks; a host named twice adds its slots.
    cat >"$WORK/hostfile" <<HOSTS
# two "hosts" that are both this one
localhost slots=1 max_slots=4   # a comment after the host

127.0.0.1:2
localhost
HOSTS
    mkdir -p "$WORK/reports"
    run_launcher --hostfile "$WORK/hostfile" --agent "$CLEAN_AGENT" -x MISHMEM_TEST_PASSTHROUGH=via-x \
        "$PROBE" "$MARK" "*:env=$WORK/reports"
    expect_rc 0
    expect_stderr_count '^mishmemrun:' 0
    [ "$(ls "$WORK/reports" | wc -l)" -eq 4 ] || fail "expected 4 PEs (localhost 2, 127.0.0.1 2): $(ls "$WORK/reports")"
    for pe in 0 1 2 3; do
        grep -qx "NPES=4" "$WORK/reports/pe.$pe" || fail "PE $pe: NPES"
        grep -qx "PASS=via-x" "$WORK/reports/pe.$pe" || fail "PE $pe: -x did not reach it through the helper"
    done
    # -n below the slots; --hostfile=FILE.
    run_launcher --hostfile="$WORK/hostfile" -n 3 --agent "$CLEAN_AGENT" bash -c 'echo "PE $MISHMEM_PE of $MISHMEM_NPES"'
    expect_rc 0
    [ "$(sort "$WORK/out" | tr '\n' ' ')" = "PE 0 of 3 PE 1 of 3 PE 2 of 3 " ] || fail "-n 3 ran: $(cat "$WORK/out")"
    # -x NAME takes the launcher's value; one not set here is left out with a warning.
    export MISHMEM_TEST_FROM_HERE="from here"
    unset MISHMEM_TEST_UNSET
    run_launcher --hostfile "$WORK/hostfile" --agent "$CLEAN_AGENT" -x MISHMEM_TEST_FROM_HERE -x MISHMEM_TEST_UNSET \
        bash -c 'echo "PE $MISHMEM_PE|$MISHMEM_TEST_FROM_HERE|${MISHMEM_TEST_UNSET-unset}"'
    expect_rc 0
    [ "$(sort "$WORK/out" | tr '\n' ' ')" = "PE 0|from here|unset PE 1|from here|unset PE 2|from here|unset PE 3|from here|unset " ] ||
        fail "-x through the helpers: $(cat "$WORK/out")"
    expect_stderr_count '^mishmemrun: warning: -x MISHMEM_TEST_UNSET: ' 1
    # --tag-output and --bind-to through the helpers.
    run_launcher --hostfile "$WORK/hostfile" -n 2 --agent "$LOCAL_AGENT" --tag-output bash -c 'echo "hello"; echo oops >&2'
    expect_rc 0
    [ "$(sort "$WORK/out" | tr '\n' ' ')" = "[0] hello [1] hello " ] || fail "tagged stdout through the helper: $(cat "$WORK/out")"
    grep -qx '\[1\] oops' "$WORK/err" || fail "tagged stderr through the helper: $(cat "$WORK/err")"
    printf 'localhost slots=%d\n' $(($(usable_cores | wc -l) + 1)) >"$WORK/crowded"
    run_launcher --hostfile "$WORK/crowded" --agent "$LOCAL_AGENT" --bind-to core "$PROBE" "$MARK" "*:sleep=60"
    [ "$RC" -eq 2 ] || fail "--bind-to core with too many PEs on a host: status $RC, expected 2"
    grep -qF -- "--bind-to core: $(($(usable_cores | wc -l) + 1)) PEs on this host but only" "$WORK/err" || fail "no refusal from the helper"
    expect_no_probe_left
    ;;
port_range)
    # The launcher's range (MISHMEM_PORT_RANGE): in every PE, the same, 255
    # ports, held while the job runs; an inherited one is replaced; an
    # explicit SHMEM_INSTANCE_PORT_RANGE (here or by -x) wins, and then
    # the PEs get no planned range.
    unset SHMEM_INSTANCE_PORT_RANGE
    SHOW='echo "PE $MISHMEM_PE planned ${MISHMEM_PORT_RANGE-none} user ${SHMEM_INSTANCE_PORT_RANGE-none}"'
    MISHMEM_PORT_RANGE=1:255 run_launcher -n 2 bash -c "$SHOW"
    expect_rc 0
    ranges=$(sed -n 's/^PE [01] planned \(.*\) user none$/\1/p' "$WORK/out" | sort -u)
    [ "$(grep -c . "$WORK/out")" -eq 2 ] && [ "$(echo "$ranges" | wc -l)" -eq 1 ] &&
        [[ $ranges =~ ^([0-9]+):([0-9]+)$ ]] || fail "PEs got: $(cat "$WORK/out")"
    [ $((BASH_REMATCH[2] - BASH_REMATCH[1])) -eq 254 ] || fail "range $ranges does not hold 255 ids"
    [ "$ranges" != 1:255 ] || fail "the inherited MISHMEM_PORT_RANGE was kept"
    SHMEM_INSTANCE_PORT_RANGE=20000:20010 run_launcher -n 1 bash -c "$SHOW"
    [ "$(cat "$WORK/out")" = "PE 0 planned none user 20000:20010" ] || fail "with the user's range: $(cat "$WORK/out")"
    run_launcher -n 1 -x SHMEM_INSTANCE_PORT_RANGE=21000:21254 bash -c "$SHOW"
    [ "$(cat "$WORK/out")" = "PE 0 planned none user 21000:21254" ] || fail "with -x's range: $(cat "$WORK/out")"
    expect_usage_error "-x MISHMEM_PORT_RANGE: the launcher sets this variable itself" -n 1 -x MISHMEM_PORT_RANGE=1:2 true
    # While a job runs, its holding port (end + 1) is taken, so another launcher picks another range.
    # (It runs until the test creates $WORK/release, 60 s at most.)
    timeout -k 2 70 "$LAUNCHER" -n 1 bash -c 'echo "$MISHMEM_PORT_RANGE" >'"$WORK/first"'
        for i in $(seq 600); do [ -e '"$WORK/release"' ] && exit 0; sleep 0.1; done; exit 1' &
    first_pid=$!
    trap 'kill "$first_pid" 2>/dev/null; cleanup' EXIT # even when the test fails
    for tries in $(seq 100); do [ -s "$WORK/first" ] && break; sleep 0.1; done
    first=$(cat "$WORK/first")
    [ -n "$first" ] || fail "the first job did not report its range"
    # Binding it must fail (without SO_REUSEADDR, as the holding socket binds it).
    if python3 -c 'import socket, sys; socket.socket().bind(("0.0.0.0", int(sys.argv[1])))' $((${first#*:} + 1)) 2>/dev/null; then
        fail "the holding port $((${first#*:} + 1)) of range $first is free while the job runs"
    fi
    for i in 1 2 3 4 5; do
        run_launcher -n 1 bash -c 'echo "$MISHMEM_PORT_RANGE"'
        [ "$(cat "$WORK/out")" != "$first" ] || fail "a second job got the running job's range $first"
    done
    touch "$WORK/release"
    wait "$first_pid" || fail "the first job failed"
    ;;
two_jobs)
    # Two jobs of PROGRAM (instances made with ip_port port 0) at once on
    # this host, no SHMEM_INSTANCE_PORT_RANGE set: the launcher's ranges
    # keep them apart. SHMEM_INFO shows each job's range. (The seed's
    # example would pick a range of its own when neither is set.)
    unset SHMEM_INSTANCE_PORT_RANGE
    for job in 1 2; do
        SHMEM_INFO=1 timeout -k 2 130 "$LAUNCHER" -n 4 --timeout 120 "$PROGRAM" >"$WORK/out.$job" 2>"$WORK/err.$job" &
        eval "pid$job=\$!"
    done
    for job in 1 2; do
        eval "wait \$pid$job"
        rc=$?
        [ "$rc" -eq 0 ] || { cat "$WORK/out.$job" "$WORK/err.$job" >&2; fail "job $job exited with status $rc"; }
        grep -q "all checks passed\|instance 1" "$WORK/out.$job" || fail "job $job printed no result: $(cat "$WORK/out.$job")"
    done
    range1=$(sed -n 's/^ *MISHMEM_PORT_RANGE *= *\([0-9]*:[0-9]*\).*/\1/p' "$WORK/out.1" | sort -u)
    range2=$(sed -n 's/^ *MISHMEM_PORT_RANGE *= *\([0-9]*:[0-9]*\).*/\1/p' "$WORK/out.2" | sort -u)
    [ -n "$range1" ] && [ -n "$range2" ] || fail "SHMEM_INFO showed no range: '$range1' '$range2'"
    [ "$range1" != "$range2" ] || fail "both jobs got the range $range1"
    ELAPSED=-
    ;;
*)
    fail "unknown scenario $SCENARIO"
    ;;
esac
echo "PASS: $SCENARIO"
