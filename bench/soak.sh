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
# soak.csv: pe,t,cycles,rss,fds,threads,anon,shmem,file,heap,maps (KiB).
/usr/bin/python3 - "$OUT/soak.out" "$OUT/soak.csv" <<'EOF' | tee "$OUT/summary.txt"
import collections, sys
KEYS = ["pe", "t", "cycles", "rss_kib", "fds", "threads", "anon_kib", "shmem_kib", "file_kib", "heap_kib", "maps"]
rows = collections.defaultdict(list)
with open(sys.argv[2], "w") as csv:
    for line in open(sys.argv[1]):
        if not line.startswith("SOAK "):
            continue
        fields = dict(kv.split("=", 1) for kv in line.split()[1:])
        if any(k not in fields for k in KEYS):
            continue
        row = [float(fields[k]) if k == "t" else int(fields[k]) for k in KEYS]
        csv.write(",".join(str(v) for v in row) + "\n")
        rows[row[0]].append(dict(zip(KEYS, row)))
print("per PE: first -> last, and growth per hour after the first minute (KiB/h; counts for fds, threads, maps)")
for pe in sorted(rows):
    r = rows[pe]
    warm = [x for x in r if x["t"] >= 60] or r
    span_h = max(warm[-1]["t"] - warm[0]["t"], 1e-9) / 3600
    parts = []
    for k in KEYS[3:]:
        parts.append(f"{k.replace('_kib', '')} {r[0][k]}->{r[-1][k]} ({(warm[-1][k] - warm[0][k]) / span_h:+.0f}/h)")
    print(f"PE {pe}: {r[-1]['t']:.0f} s, {r[-1]['cycles']} cycles; " + "; ".join(parts))
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
