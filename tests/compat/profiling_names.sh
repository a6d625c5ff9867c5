#!/usr/bin/env bash
# compat_profiling_names: every exported shmem_* / shmemx_* function (and
# each legacy name) of libmishmem.so and libmishmem.a has its p-prefixed
# twin, and in the archive the shmem_* definitions are weak.
#   bash profiling_names.sh LIBMISHMEM_SO LIBMISHMEM_A
set -u
SO=$1 AR=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
legacy='start_pes|shmalloc|shfree|shrealloc|shmemalign|_my_pe|_num_pes'

# check LABEL NM_OUTPUT: "ADDRESS TYPE NAME" lines of defined symbols.
check() {
    local label=$1 table=$2 names missing count
    names=$(awk '$2 ~ /^[TW]$/ { print $3 }' <<<"$table" | grep -E "^(shmemx?_.+|$legacy)$" | sort -u)
    count=$(wc -l <<<"$names")
    [ "$count" -ge 100 ] || fail "$label: only $count shmem functions found"
    missing=$(comm -23 <(sed 's/^/p/' <<<"$names") \
                       <(awk '$2 == "T" { print $3 }' <<<"$table" | sort -u))
    [ -z "$missing" ] || fail "$label lacks these twins: $(echo $missing | cut -c1-400)"
    for name in start_pes shmalloc _my_pe; do
        grep -qx "$name" <<<"$names" || fail "$label does not define $name"
    done
    echo "$label: $count functions, each with its twin"
}

check "$SO" "$(nm -D --defined-only "$SO")"
table=$(nm --defined-only "$AR" 2>/dev/null)
check "$AR" "$table"
strong=$(awk '$2 == "T" { print $3 }' <<<"$table" | grep -E "^(shmemx?_.+|$legacy)$" | head -5)
[ -z "$strong" ] || fail "$AR defines these strongly (a profiler's would clash): $(echo $strong)"
echo "PASS: profiling names"
