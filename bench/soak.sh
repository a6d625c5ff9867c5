#!/usr/bin/env bash
# bench/soak.sh: a soak run across two namespace "hosts" (as root): PEs
# run bench_soak (checked traffic, an instance created and finalized every
# cycle) for SECONDS, each reporting its resident memory, descriptors and
# threads every second; writes soak.csv, a summary (first and last minute
# of each PE, growth per hour) and soak.svg (gnuplot, when installed).
#   bench/soak.sh [--seconds S] [--hosts a:2,b:2] [--out DIR] [BUILD]
# BUILD is a mishmem build tree (default build-rel next to bench/).
set -u
SECONDS_RUN=600 HOSTS=a:2,b:2 OUT=/tmp/soak.$$
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) SECONDS_RUN=$2; shift 2 ;;
    --hosts) HOSTS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    *) break ;;
    esac
done
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(cd "${1:-$HERE/../build-rel}" && pwd)
for f in bin/mishmemrun bench/bench_soak; do
    [ -x "$BUILD/$f" ] || { echo "soak: no $BUILD/$f" >&2; exit 2; }
done
mkdir -p "$OUT"
unset MISHMEM_HOST_ID
. "$HERE/../tests/hosts/netns.sh"
A=$MISHMEM_NS_ADDR_A
echo "soak: $HOSTS for $SECONDS_RUN s, build $BUILD ($(git -C "$HERE" describe --always --dirty 2>/dev/null)), load $(cut -d' ' -f1-3 /proc/loadavg)" |
    tee "$OUT/about.txt" >&2
"$BUILD/bin/mishmemrun" --timeout $((SECONDS_RUN + 120)) --hosts "$HOSTS" --rdv-addr "$A" --agent "$NS_AGENT" \
    "$BUILD/bench/bench_soak" --seconds "$SECONDS_RUN" --rdv "$A" >"$OUT/soak.out" 2>"$OUT/soak.err"
status=$?
echo "soak: bench_soak ended with status $status; load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/about.txt" >&2
sed -n 's/^SOAK pe=\([0-9]*\) t=\([0-9.]*\) cycles=\([0-9]*\) rss_kib=\([0-9-]*\) fds=\([0-9]*\) threads=\([0-9]*\)$/\1,\2,\3,\4,\5,\6/p' \
    "$OUT/soak.out" >"$OUT/soak.csv"
/usr/bin/python3 - "$OUT/soak.csv" <<'EOF' | tee "$OUT/summary.txt"
import collections, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    pe, t, cycles, rss, fds, threads = line.strip().split(",")
    rows[int(pe)].append((float(t), int(cycles), int(rss), int(fds), int(threads)))
print("PE  seconds  cycles  rss KiB first->last (growth/hour after the first minute)  fds first->last  threads first->last")
for pe in sorted(rows):
    r = rows[pe]
    warm = [x for x in r if x[0] >= 60] or r
    span_h = max(warm[-1][0] - warm[0][0], 1e-9) / 3600
    growth = (warm[-1][2] - warm[0][2]) / span_h
    print(f"{pe:<3} {r[-1][0]:8.0f} {r[-1][1]:7d}  {r[0][2]:7d} -> {r[-1][2]:7d} ({growth:+.0f} KiB/h)"
          f"           {r[0][3]:3d} -> {r[-1][3]:3d}       {r[0][4]:3d} -> {r[-1][4]:3d}")
EOF
if command -v gnuplot >/dev/null && [ -s "$OUT/soak.csv" ]; then
    gnuplot <<EOF
set terminal svg size 900,700
set output "$OUT/soak.svg"
set datafile separator ","
set multiplot layout 3,1 title "bench_soak, $HOSTS: each PE over time"
set xlabel "seconds"
set ylabel "RSS (KiB)"
plot for [pe=0:31] "$OUT/soak.csv" using (\$1==pe ? \$2 : 1/0):4 with lines title sprintf("PE %d", pe)
set ylabel "descriptors"
plot for [pe=0:31] "$OUT/soak.csv" using (\$1==pe ? \$2 : 1/0):5 with lines notitle
set ylabel "threads"
plot for [pe=0:31] "$OUT/soak.csv" using (\$1==pe ? \$2 : 1/0):6 with lines notitle
unset multiplot
EOF
    echo "soak: plot $OUT/soak.svg" >&2
fi
exit $status
