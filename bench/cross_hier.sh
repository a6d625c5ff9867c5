#!/usr/bin/env bash
# bench/cross_hier.sh: collectives of 4 PEs on two namespace "hosts"
# (A:2,B:2 by default), this build against a baseline build, in one
# sitting, alternating the two every round (as root).
#   bench/cross_hier.sh [--rounds N] [--hosts a:2,b:2] [--samples S] [--sample-ms MS]
#                       BASELINE_BUILD [CURRENT_BUILD]
# Each BUILD is a mishmem build tree with bin/mishmemrun and
# bench/bench_collectives (configure with -DCMAKE_BUILD_TYPE=Release; the
# baseline from an older commit, e.g. main). Every round runs
# bench_collectives (barrier, sync_all, broadcast and broadcast_cycle of
# 8 B and 1 KiB, reduce_sum of 8 B and 1 KiB, fcollect and alltoall of 8 B)
# under `mishmemrun --hosts ... --agent tests/hosts/ns-agent.sh` once per
# build, the order swapped every round. Prints per figure the median over
# the rounds of each side's medians, the range of those, and the time
# ratio current / baseline (< 1: the current build is faster); writes the
# raw lines to $OUT (default /tmp/cross_hier.<pid>).
# The namespaces come from tests/hosts/netns.sh (MISHMEM_NETNS_PREFIX
# names them) and are removed on exit.
set -u
ROUNDS=5 HOSTS=a:2,b:2 SAMPLES=7 SAMPLE_MS=20
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --hosts) HOSTS=$2; shift 2 ;;
    --samples) SAMPLES=$2; shift 2 ;;
    --sample-ms) SAMPLE_MS=$2; shift 2 ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
BASE=$(cd "$1" && pwd)
CURRENT=$(cd "${2:-$HERE/../build-rel}" && pwd)
for build in "$BASE" "$CURRENT"; do
    for f in bin/mishmemrun bench/bench_collectives; do
        [ -x "$build/$f" ] || { echo "cross_hier: no $build/$f" >&2; exit 2; }
    done
done
OUT=${OUT:-/tmp/cross_hier.$$}
mkdir -p "$OUT"
unset MISHMEM_HOST_ID
. "$HERE/../tests/hosts/netns.sh"
A=$MISHMEM_NS_ADDR_A
echo "cross_hier: $HOSTS, $ROUNDS rounds; baseline $BASE, current $CURRENT; load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

run_side() { # side build round
    local side=$1 build=$2 round=$3
    timeout -k 2 200 "$build/bin/mishmemrun" --timeout 180 --hosts "$HOSTS" --rdv-addr "$A" --agent "$NS_AGENT" \
        "$build/bench/bench_collectives" --samples "$SAMPLES" --sample-ms "$SAMPLE_MS" --sizes 8,1024 \
        >"$OUT/$side.$round.out" 2>"$OUT/$side.$round.err" ||
        echo "cross_hier: $side round $round failed (status $?, see $OUT/$side.$round.err)" >&2
    sed -n "s/^RESULT .* name=\([a-z_]*\) size=\([0-9]*\) .* median=\([0-9.e+]*\) .*/$side $round \1 \2 \3/p" \
        "$OUT/$side.$round.out" >>"$OUT/raw.txt"
}

: >"$OUT/raw.txt"
for ((round = 1; round <= ROUNDS; round++)); do
    if ((round % 2)); then
        run_side baseline "$BASE" "$round"
        run_side current "$CURRENT" "$round"
    else
        run_side current "$CURRENT" "$round"
        run_side baseline "$BASE" "$round"
    fi
    echo "cross_hier: round $round done" >&2
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$OUT/raw.txt" "$HOSTS" <<'EOF'
import collections, statistics, sys
rows = collections.defaultdict(lambda: collections.defaultdict(list))
order = []
for line in open(sys.argv[1]):
    side, _, name, size, median = line.split()
    key = (name, int(size))
    if key not in order:
        order.append(key)
    rows[key][side].append(float(median) / 1000.0)
print(f"collectives of 4 PEs on {sys.argv[2]} (us; median of the round medians [min-max]; ratio current/baseline)")
print(f"{'figure':<22}{'baseline':>26}{'current':>26}{'ratio':>8}")
for key in order:
    b, c = rows[key].get("baseline", []), rows[key].get("current", [])
    if not b or not c:
        continue
    mb, mc = statistics.median(b), statistics.median(c)
    cell = lambda v, m: f"{m:8.1f} [{min(v):.1f}-{max(v):.1f}]"
    print(f"{key[0] + ' ' + str(key[1]) + ' B':<22}{cell(b, mb):>26}{cell(c, mc):>26}{mc / mb:8.2f}")
EOF
