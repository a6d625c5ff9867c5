#!/usr/bin/env bash
# A two-node Slurm cluster on one machine, for trying mishmem under srun and
# sbatch by hand and for the tests in tests/slurm. As root:
#
#   bash scripts/slurm-cluster.sh                 # a shell on the controller host
#   bash scripts/slurm-cluster.sh srun --mpi=pmix -N 2 -n 4 ./ring
#
# brings the cluster up, runs the command (default: an interactive shell)
# on the controller host with SLURM_CONF set, and tears everything down
# when it ends, whatever its outcome; the exit status is the command's.
# Sourced (tests/slurm), it defines slurm_cluster_up and the helpers below
# without running anything.
#
# The hosts: "ctl" (slurmctld and munged) and "node1", "node2" (one slurmd
# each). Each host is a network namespace (named mishmem-slurm-PID-HOST)
# with its own PID, mount and UTS namespaces (hostname = host name, /proc
# of its own, /etc/hosts naming the three hosts). The nodes are joined to
# a bridge in ctl's namespace by veth pairs; the addresses (10.78.X.0/24)
# exist only inside the namespaces. munged runs with its own key and
# socket; slurm.conf uses proctrack/linuxproc and task/none (no cgroups);
# all state, spool directories, logs and the hosts' TmpFS (where Slurm's
# PMIx plugin keeps files, private to each node) live in one temporary
# directory. Every wait for a daemon is bounded: one that does
# not come up fails with its log shown. Every process of the cluster dies
# with this script, even on SIGKILL (parent-death signals), and a later
# run removes namespaces that a killed run left behind.

# The daemons live in sbin, which a user's PATH may lack.
PATH=$PATH:/usr/sbin:/sbin
SLURM_CLUSTER_HOSTS="ctl node1 node2"
SLURM_CLUSTER_NODES="node1 node2"
# Seconds a daemon gets to come up (a loaded machine is slow, never this slow).
SLURM_CLUSTER_START_TIMEOUT=${SLURM_CLUSTER_START_TIMEOUT:-60}

slurm_cluster_die() {
    echo "slurm-cluster: $*" >&2
    exit 1
}

# slurm_cluster_check: exits 77 (a skip, with the reason) where the
# cluster cannot exist here: not root, or no network, PID, mount or UTS
# namespaces. Missing Slurm or munge is a failure: scripts/deps.sh
# installs them.
slurm_cluster_check() {
    local tool
    if [ "$(id -u)" -ne 0 ]; then
        echo "SKIP: the Slurm cluster needs root (network namespaces, daemons as root)" >&2
        exit 77
    fi
    for tool in ip unshare nsenter setpriv; do
        if ! command -v "$tool" >/dev/null; then
            echo "SKIP: '$tool' is not installed (iproute2, util-linux): no namespaces here" >&2
            exit 77
        fi
    done
    if ! ip netns list >/dev/null 2>&1 || ! unshare --net --pid --fork --mount --uts true 2>/dev/null; then
        echo "SKIP: network, PID, mount or UTS namespaces are not available here" >&2
        exit 77
    fi
    for tool in slurmctld slurmd srun sbatch scontrol sinfo munged mungekey munge unmunge; do
        command -v "$tool" >/dev/null ||
            slurm_cluster_die "'$tool' is not installed: install slurmctld slurmd slurm-client munge (scripts/deps.sh does)"
    done
}

# The namespace name of HOST.
slurm_ns() { echo "mishmem-slurm-$$-$1"; }

# Namespaces and folders whose creating script is gone (SIGKILLed before
# its cleanup); both names carry that script's pid.
slurm_cluster_sweep() {
    local ns owner pid dir
    for dir in "${TMPDIR:-/tmp}"/mishmem-slurm-[0-9]*.*; do
        [ -d "$dir" ] || continue
        owner=${dir##*/mishmem-slurm-}
        owner=${owner%%.*}
        kill -0 "$owner" 2>/dev/null || rm -rf "$dir"
    done
    for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep '^mishmem-slurm-[0-9]*-'); do
        owner=${ns#mishmem-slurm-}
        owner=${owner%%-*}
        if ! kill -0 "$owner" 2>/dev/null; then
            for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
            ip netns del "$ns" 2>/dev/null
        fi
    done
}

slurm_cluster_down() {
    local host pid
    for pid in ${SLURM_KEEPERS:-}; do kill -KILL "$pid" 2>/dev/null; done
    for pid in ${SLURM_KEEPERS:-}; do wait "$pid" 2>/dev/null; done
    for host in $SLURM_CLUSTER_HOSTS; do
        for pid in $(ip netns pids "$(slurm_ns "$host")" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
        ip netns del "$(slurm_ns "$host")" 2>/dev/null
    done
    SLURM_KEEPERS=
    if [ -n "${SLURM_DIR:-}" ] && [ -z "${SLURM_CLUSTER_KEEP:-}" ]; then
        rm -rf "$SLURM_DIR"
    fi
}

# The host's init (PID 1 of its PID namespace): names the host, gives it
# its /etc/hosts and its own TmpFS, then reaps what is orphaned to it
# until it is killed.
slurm_host_init() {
    cat <<'EOF'
set -e
hostname "$1"
mount --bind "$2/hosts" /etc/hosts
mkdir -p "$2/tmpfs.$1"
mount --bind "$2/tmpfs.$1" "$2/tmpfs"
echo up >"$2/init.$1"
set +e
while :; do sleep 3600 & wait; done
EOF
}

# slurm_on HOST COMMAND...: runs COMMAND on HOST (its network, mount, UTS
# and PID namespaces), as a child of this script.
slurm_on() {
    local host=$1
    shift
    local var="SLURM_INIT_$host"
    # --wd: the caller's folder (a relative program path means the same there).
    nsenter --target "${!var}" --net --mount --uts --pid --wd="$PWD" -- "$@"
}

# slurm_login COMMAND...: runs a client command (srun, sbatch, ...) on the
# controller host.
slurm_login() {
    slurm_on ctl env SLURM_CONF="$SLURM_CONF" "$@"
}

# slurm_host_pids HOST: the pids (as this script sees them) of every
# process on HOST (in its network namespace), the cluster's own included.
slurm_host_pids() {
    ip netns pids "$(slurm_ns "$1")" 2>/dev/null
}

# slurm_show_log NAME FILE: the end of a daemon's log, on stderr, and of
# what it wrote to stderr before its log was open (FILE's .out).
slurm_show_log() {
    echo "--- $1 log ($2):" >&2
    tail -n 40 "$2" >&2 2>/dev/null || echo "(no log)" >&2
    if [ "${2%.log}.out" != "$2" ] && [ -s "${2%.log}.out" ]; then
        echo "--- $1 stderr (${2%.log}.out):" >&2
        tail -n 20 "${2%.log}.out" >&2
    fi
}

# slurm_wait WHAT PID LOG COMMAND...: until COMMAND succeeds; fails with
# LOG shown when the daemon PID ends or SLURM_CLUSTER_START_TIMEOUT passes.
slurm_wait() {
    local what=$1 pid=$2 log=$3
    shift 3
    local deadline=$((SECONDS + SLURM_CLUSTER_START_TIMEOUT))
    until "$@" >/dev/null 2>&1; do
        if ! kill -0 "$pid" 2>/dev/null; then
            slurm_show_log "$what" "$log"
            slurm_cluster_die "$what exited while starting"
        fi
        if [ "$SECONDS" -ge "$deadline" ]; then
            slurm_show_log "$what" "$log"
            slurm_cluster_die "$what did not come up within ${SLURM_CLUSTER_START_TIMEOUT} s"
        fi
        sleep 0.2
    done
}

slurm_write_conf() {
    local node n=2
    cat >"$SLURM_CONF" <<EOF
# Generated by scripts/slurm-cluster.sh for one run; removed with it.
ClusterName=mishmem
SlurmctldHost=ctl($SLURM_SUBNET.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SLURM_DIR/munge/munge.socket
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool/%n
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/spool/slurmd.%n.pid
SlurmctldLogFile=$SLURM_DIR/log/slurmctld.log
SlurmdLogFile=$SLURM_DIR/log/slurmd.%n.log
SlurmctldDebug=info
SlurmdDebug=info
# Seen by each host as its own folder (slurm_host_init): Slurm's PMIx
# plugin makes TmpFS/spmix_appdir_UID_JOB.STEP on every node of a step.
TmpFS=$SLURM_DIR/tmpfs
PlugStackConfig=$SLURM_DIR/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# The nodes' CPUs are the machine's, shared: take the counts below as they are.
SlurmdParameters=config_overrides
ReturnToService=2
KillWait=5
InactiveLimit=0
MinJobAge=5
EOF
    for node in $SLURM_CLUSTER_NODES; do
        echo "NodeName=$node NodeAddr=$SLURM_SUBNET.$n CPUs=2 State=UNKNOWN" >>"$SLURM_CONF"
        n=$((n + 1))
    done
    echo "PartitionName=main Nodes=$(echo $SLURM_CLUSTER_NODES | tr ' ' ,) Default=YES MaxTime=30 State=UP" >>"$SLURM_CONF"
    : >"$SLURM_DIR/plugstack.conf"
}

slurm_network() {
    local ctl node n=2
    ctl=$(slurm_ns ctl)
    for node in $SLURM_CLUSTER_HOSTS; do
        ip netns add "$(slurm_ns "$node")" || return 1
        ip -n "$(slurm_ns "$node")" link set lo up || return 1
    done
    ip -n "$ctl" link add "msb$$" type bridge &&
        ip -n "$ctl" addr add "$SLURM_SUBNET.1/24" dev "msb$$" &&
        ip -n "$ctl" link set "msb$$" up || return 1
    for node in $SLURM_CLUSTER_NODES; do
        # One veth pair per node: "ms<pid>c<n>" on the bridge, "ms<pid>n<n>" on the node.
        ip link add "ms$$c$n" netns "$ctl" type veth peer name "ms$$n$n" netns "$(slurm_ns "$node")" &&
            ip -n "$ctl" link set "ms$$c$n" master "msb$$" &&
            ip -n "$ctl" link set "ms$$c$n" up &&
            ip -n "$(slurm_ns "$node")" addr add "$SLURM_SUBNET.$n/24" dev "ms$$n$n" &&
            ip -n "$(slurm_ns "$node")" link set "ms$$n$n" up || return 1
        n=$((n + 1))
    done
}

# slurm_start_host HOST: its namespaces and init; sets SLURM_INIT_<HOST>.
slurm_start_host() {
    local host=$1 keeper init tries
    # SIGKILL reaches unshare when this script dies, and its child (the
    # init, PID 1) with it: the kernel then kills the whole PID namespace.
    # nsenter --net, not ip netns exec: that remounts /sys, hiding
    # /sys/fs/cgroup, and slurmd 22.05 loads a cgroup plugin at start even
    # when nothing uses it (it creates no cgroup here).
    setpriv --pdeathsig KILL nsenter --net="/run/netns/$(slurm_ns "$host")" \
        unshare --pid --fork --kill-child --mount --propagation private --mount-proc --uts \
        bash -c "$(slurm_host_init)" "slurm-init-$host" "$host" "$SLURM_DIR" \
        </dev/null >>"$SLURM_DIR/log/init.$host.log" 2>&1 &
    keeper=$!
    SLURM_KEEPERS="${SLURM_KEEPERS:-} $keeper"
    for tries in $(seq 100); do
        [ -e "$SLURM_DIR/init.$host" ] && break
        kill -0 "$keeper" 2>/dev/null || break
        sleep 0.1
    done
    init=$(pgrep -P "$keeper" | head -n 1)
    if [ ! -e "$SLURM_DIR/init.$host" ] || [ -z "$init" ]; then
        slurm_show_log "host $host" "$SLURM_DIR/log/init.$host.log"
        slurm_cluster_die "host $host did not start"
    fi
    printf -v "SLURM_INIT_$host" %s "$init"
}

# slurm_cluster_up: everything above, started and checked; sets SLURM_DIR,
# SLURM_CONF and SLURM_SUBNET. Call slurm_cluster_down (an EXIT trap) after.
slurm_cluster_up() {
    local started=$SECONDS node pid
    slurm_cluster_check
    slurm_cluster_sweep
    SLURM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-slurm-$$.XXXXXX")
    SLURM_CONF=$SLURM_DIR/slurm.conf
    SLURM_SUBNET="10.78.$(($$ % 250 + 1))"
    mkdir -p "$SLURM_DIR/munge" "$SLURM_DIR/state" "$SLURM_DIR/log" "$SLURM_DIR/tmpfs"
    for node in $SLURM_CLUSTER_NODES; do mkdir -p "$SLURM_DIR/spool/$node"; done
    chmod 711 "$SLURM_DIR/munge" # munged wants its socket folder searchable by all
    {
        echo "127.0.0.1 localhost"
        echo "$SLURM_SUBNET.1 ctl"
        echo "$SLURM_SUBNET.2 node1"
        echo "$SLURM_SUBNET.3 node2"
    } >"$SLURM_DIR/hosts"
    slurm_write_conf
    slurm_network || slurm_cluster_die "cannot create the namespaces and veth pairs"
    for node in $SLURM_CLUSTER_HOSTS; do slurm_start_host "$node"; done

    # munge: its own key and socket, on the controller host.
    mungekey --create --keyfile="$SLURM_DIR/munge/munge.key" >/dev/null 2>&1 ||
        dd if=/dev/urandom of="$SLURM_DIR/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$SLURM_DIR/munge/munge.key"
    slurm_on ctl munged --foreground --force --socket="$SLURM_DIR/munge/munge.socket" \
        --key-file="$SLURM_DIR/munge/munge.key" --pid-file="$SLURM_DIR/munge/munged.pid" \
        --seed-file="$SLURM_DIR/munge/munged.seed" --log-file="$SLURM_DIR/log/munged.log" \
        </dev/null >>"$SLURM_DIR/log/munged.log" 2>&1 &
    pid=$!
    slurm_wait munged "$pid" "$SLURM_DIR/log/munged.log" \
        sh -c 'munge -n -S "$1" | unmunge -S "$1"' sh "$SLURM_DIR/munge/munge.socket"

    slurm_on ctl env SLURM_CONF="$SLURM_CONF" slurmctld -D -i \
        </dev/null >>"$SLURM_DIR/log/slurmctld.out" 2>&1 &
    pid=$!
    slurm_wait slurmctld "$pid" "$SLURM_DIR/log/slurmctld.log" slurm_ctld_up
    for node in $SLURM_CLUSTER_NODES; do
        slurm_on "$node" env SLURM_CONF="$SLURM_CONF" slurmd -D \
            </dev/null >>"$SLURM_DIR/log/slurmd.$node.out" 2>&1 &
        printf -v "SLURM_SLURMD_$node" %s $!
    done
    for node in $SLURM_CLUSTER_NODES; do
        pid="SLURM_SLURMD_$node"
        slurm_wait "slurmd on $node" "${!pid}" "$SLURM_DIR/log/slurmd.$node.log" \
            slurm_node_idle "$node"
    done
    export SLURM_CONF
    echo "slurm-cluster: ctl, node1, node2 up in $((SECONDS - started)) s (config: $SLURM_CONF)" >&2
}

# slurm_ctld_up: slurmctld answers.
slurm_ctld_up() {
    slurm_login scontrol ping 2>/dev/null | grep -q 'is UP'
}

# slurm_node_idle NODE: slurmctld sees NODE idle.
slurm_node_idle() {
    [ "$(slurm_login sinfo -h -n "$1" -o %t 2>/dev/null)" = idle ]
}

# Run as a command: up, COMMAND (or a shell) on ctl, down.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -u
    trap slurm_cluster_down EXIT
    trap 'exit 130' INT TERM
    slurm_cluster_up
    if [ $# -eq 0 ]; then
        echo "slurm-cluster: a shell on ctl; 'exit' tears the cluster down" >&2
        set -- "${SHELL:-bash}"
    fi
    rc=0
    slurm_login "$@" || rc=$?
    exit "$rc"
fi
