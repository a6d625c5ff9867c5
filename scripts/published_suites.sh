#!/usr/bin/env bash
# Builds published OpenSHMEM test suites, unedited, with mishmem's wrappers
# and runs them with mishmemrun, in the launcher's default world and again
# with SHMEM_WORLD_INSTANCE_ID set. Prints PASS/FAIL/SKIP per test and
# run, then a summary; exits 1 if anything failed.
#
#   scripts/published_suites.sh [options] [--sos DIR] [--osu DIR] [--uh DIR]
#     --sos DIR       a Sandia OpenSHMEM (SOS) or openshmem-org/tests-sos
#                     checkout: runs test/unit, and test/spec-example when
#                     the checkout has it (test/include on the -I path)
#     --osu DIR       an OSU micro-benchmarks tree: builds and runs the
#                     openshmem/ benchmarks (scripts/suites/osu.sh)
#     --uh DIR        an openshmem-org/tests-uh checkout: feature_tests/C
#                     with its own Makefile (scripts/suites/tests_uh.sh)
#     --build DIR     mishmem build folder holding bin/ (default: build in
#                     the repository)
#     --npes "N..."   PE counts to run each test with (default: "2 4")
#     --worlds "K..." world instance ids; 0 leaves SHMEM_WORLD_INSTANCE_ID
#                     unset (default: "0 7")
#     --timeout S     seconds per run (default: 60)
#     --only REGEX    only tests whose name matches
#     --cflags FLAGS  more compiler flags for every test (e.g. -I for a
#                     header a partial checkout lacks)
#     --work DIR      where binaries and logs go (default: a temporary folder)
#
# Each suite is one function: run_sos here, run_osu and run_uh in
# scripts/suites/ (they print their own PASS/FAIL lines and count as one
# failure each in the summary when anything in them failed).
# shellcheck source-path=SCRIPTDIR
set -u
root=$(cd "$(dirname "$0")/.." && pwd)

build=$root/build npes_list="2 4" worlds="0 7" timeout_s=60 only="" work="" sos="" cflags="" osu="" uh=""
while [ $# -gt 0 ]; do
    case $1 in
    --sos) sos=$2; shift ;;
    --osu) osu=$2; shift ;;
    --uh) uh=$2; shift ;;
    --build) build=$2; shift ;;
    --npes) npes_list=$2; shift ;;
    --worlds) worlds=$2; shift ;;
    --timeout) timeout_s=$2; shift ;;
    --only) only=$2; shift ;;
    --cflags) cflags=$2; shift ;;
    --work) work=$2; shift ;;
    -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$sos$osu$uh" ] || { echo "nothing to run: give --sos, --osu or --uh DIR" >&2; exit 2; }

bin=$(cd "$build/bin" 2>/dev/null && pwd) || { echo "no $build/bin: build mishmem first" >&2; exit 2; }
if [ -z "$work" ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-suites.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
npass=0 nfail=0 nskip=0 failed=""

report() { # report RESULT NAME [DETAIL]
    printf '%-4s %s%s\n' "$1" "$2" "${3:+  ($3)}"
    case $1 in
    PASS) npass=$((npass + 1)) ;;
    SKIP) nskip=$((nskip + 1)) ;;
    *) nfail=$((nfail + 1)); failed="$failed $2" ;;
    esac
}

# build_test NAME SOURCE [EXTRA FLAGS...]: compiles with mishmemcc or
# mishmemc++ by extension; pthreads and OpenMP when the source asks for them.
build_test() {
    local name=$1 src=$2; shift 2
    local flags=("$@") cc=$bin/mishmemcc
    # shellcheck disable=SC2206 # --cflags are words on purpose
    flags+=($cflags)
    case $src in
    *.cpp|*.cc) cc=$bin/mishmemc++ ;;
    *) flags=(-std=gnu11 "${flags[@]}") ;;
    esac
    grep -q 'pthread' "$src" && flags+=(-pthread)
    grep -q '<omp.h>\|pragma omp' "$src" && flags+=(-fopenmp)
    "$cc" -O2 "${flags[@]}" "$src" -o "$work/$name" -lm >"$work/$name.build.log" 2>&1
}

# run_test NAME NPES WORLD [ARGS...]: one run of $work/NAME; its output goes
# to a log in $work (kept with --work), whose tail is shown on failure.
run_test() {
    local name=$1 np=$2 world=$3; shift 3
    local label="${name/_//} np=$np world=$world" log="$work/$name.$np.$world.log"
    if [ "$world" = 0 ]; then
        env -u SHMEM_WORLD_INSTANCE_ID "$bin/mishmemrun" -n "$np" --timeout "$timeout_s" \
            "$work/$name" "$@" >"$log" 2>&1
    else
        SHMEM_WORLD_INSTANCE_ID=$world "$bin/mishmemrun" -n "$np" --timeout "$timeout_s" \
            "$work/$name" "$@" >"$log" 2>&1
    fi
    local rc=$?
    if [ $rc = 0 ]; then
        report PASS "$label"
    else
        report FAIL "$label" "exit $rc, log $log"
        tail -n 5 "$log" | sed 's/^/     | /'
    fi
}

# sos_skip_reason NAME SOURCE: why SOS program NAME is not run, if it is
# not. Rules that look into SOURCE hold only for the versions of a program
# that do what they say (later tests-sos versions of some of these were
# fixed and run). (A program that does not build only for want of shmemx_*
# names is skipped too: see sos_program.)
sos_skip_reason() {
    local src=$2
    case $1 in
    # Programs that rely on what OpenSHMEM leaves undefined or forbids.
    shmem_team_b2b_collectives)
        echo "collects npes*NELEMS longs into a NELEMS-long dest (overruns into src)" ;;
    broadcast_active_set)
        # Its team broadcast checks the root with the active-set rule.
        grep -q '? i-1 : i' "$src" &&
            echo "expects the root's dest left as it was by a team broadcast; OpenSHMEM 1.5 and 1.6 update it on the root too" ;;
    c11_shmem_team_reduce)
        grep -q 'TEST_SHMEM_REDUCE(and, long long)' "$src" &&
            echo "calls shmem_and_reduce on long long, no bitwise reduction type of OpenSHMEM 1.6 (its int64_t is long here)" ;;
    shmem_team_ptr)
        # A member stores its value, then reads the other members' at once.
        awk '/shr_team_data = team_me;/ { f = 1 }
             f && /sync|barrier/ { exit 0 }
             f && /shmem_team_ptr\(new_team/ { exit 1 }' "$src" ||
            echo "reads team peers' variables through shmem_team_ptr right after they store them, with nothing to order the two (a data race)" ;;
    shmem_team_get_config)
        # tests-sos fixed it (openshmem-org/tests-sos#37): mask SHMEM_TEAM_NUM_CONTEXTS.
        grep -q '&config, 0, &even_team' "$src" &&
            echo "expects num_contexts from a config passed with config_mask 0; OpenSHMEM: a mask of 0 creates the team with default values" ;;
    # Sources that are not programs.
    mt_lock)
        echo "helper library, linked into mt_lock_test (Makefile.am: mt_lock_test_SOURCES)" ;;
    # test/spec-example programs that need what mishmem does not offer.
    hybrid_mpi_*)
        echo "an MPI+OpenSHMEM example: needs mpi.h and an MPI launcher" ;;
    shmem_session_example)
        grep -q 'shmem_session_start(' "$src" &&
            echo "calls the draft shmem_session_start/stop(options, ctx); OpenSHMEM 1.6 has shmem_ctx_session_start/stop(ctx, ...)" ;;
    *)
        # Older versions of the spec examples, rma_coverage and shmem_test.
        if grep -q 'shmemx_team_t' "$src"; then
            echo "written for SOS's pre-1.5 shmemx_team_* names (shmemx_team_t, SHMEMX_TEAM_NUM_CONTEXTS)"
        elif grep -q 'SHMEM_DECLARE_FOR_RMA' "$src"; then
            echo "needs SOS's internal SHMEM_DECLARE_FOR_RMA (SHMEM_INTERNAL_INCLUDE)"
        elif grep -q 'shmem_cmp_t' "$src"; then
            echo "uses shmem_cmp_t, a type SOS's header has and OpenSHMEM does not (its cmp arguments are int)"
        fi ;;
    esac
}

# sos_extra_sources NAME: what test/unit/Makefile.am links into NAME besides
# NAME.c (its NAME_SOURCES), one path a line, relative to the test folder.
sos_extra_sources() {
    case $1 in
    mt_lock_test) echo mt_lock.c ;;
    esac
}

# sos_variants NAME: programs Makefile.am builds from NAME.c with other flags
# (NAME_SOURCES = NAME.c, NAME_CFLAGS), as "program flags..." lines.
sos_variants() {
    case $1 in
    query_thread) echo "query_thread_funneled -DENABLE_THREADS" ;;
    esac
}

# only_shmemx_missing LOG: the build failed only for want of shmemx_* names
# (SOS's own extensions), at compile or at link time. An error on a source
# line that already has one naming shmemx_* follows from it (a cast to an
# unknown shmemx_ type is also "expected expression before ')'").
only_shmemx_missing() {
    local errors
    errors=$(grep -E 'error|undefined reference' "$1" | grep -v 'ld returned')
    [ -n "$errors" ] && awk '
        { split($0, at, ":"); line = at[1] ":" at[2] }
        tolower($0) ~ /shmemx_/ { named[line] = 1; next }
        { rest[NR] = line }
        END { for (i in rest) if (!(rest[i] in named)) exit 1 }' <<<"$errors"
}

run_sos() {
    [ -d "$sos/test/unit" ] || { echo "no $sos/test/unit" >&2; return 1; }
    run_sos_dir unit
    # Makefile.am there runs every spec example without arguments too.
    [ -d "$sos/test/spec-example" ] && run_sos_dir spec-example
}

# run_sos_dir SUB: every program in $sos/test/SUB (unit: sos/NAME,
# spec-example: sos-spec/NAME), and the variants Makefile.am builds.
run_sos_dir() {
    local dir=$sos/test/$1 tag=sos src name variant
    [ "$1" = spec-example ] && tag="sos-spec"
    echo "== SOS test/$1 from $sos"
    for src in "$dir"/*.c "$dir"/*.cpp "$dir"/*.f90; do
        [ -e "$src" ] || continue
        name=$(basename "$src"); name=${name%.*}
        sos_program "$tag" "$dir" "$src" "$name"
        while read -r variant; do
            # shellcheck disable=SC2086 # a name and its flags, as words
            [ -n "$variant" ] && sos_program "$tag" "$dir" "$src" $variant
        done <<<"$(sos_variants "$name")"
    done
}

# sos_program TAG DIR SOURCE NAME [FLAGS...]: skips, or builds (with the
# extra sources Makefile.am names and -I for test/include, as its
# AM_CPPFLAGS has) and runs program NAME once per world and PE count.
sos_program() {
    local tag=$1 dir=$2 src=$3 name=$4 reason extra np world
    shift 4
    local flags=(-I"$dir" "$@")
    [ -n "$only" ] && ! [[ $name =~ $only ]] && return
    case $src in
    *.f90) reason="Fortran: mishmem has no Fortran interface" ;;
    *) reason=$(sos_skip_reason "$name" "$src") ;;
    esac
    if [ -n "$reason" ]; then
        report SKIP "$tag/$name" "$reason"
        return
    fi
    [ -d "$sos/test/include" ] && flags+=(-I"$sos/test/include")
    for extra in $(sos_extra_sources "$name"); do flags+=("$dir/$extra"); done
    if ! build_test "${tag}_$name" "$src" "${flags[@]}"; then
        if only_shmemx_missing "$work/${tag}_$name.build.log"; then
            report SKIP "$tag/$name" "uses SOS-only shmemx_* extensions"
            return
        fi
        report FAIL "$tag/$name build" "log $work/${tag}_$name.build.log"
        grep -m 3 -E 'error|undefined reference' "$work/${tag}_$name.build.log" | sed 's/^/     | /'
        return
    fi
    # Makefile.am runs every program without arguments.
    for world in $worlds; do
        for np in $npes_list; do
            run_test "${tag}_$name" "$np" "$world"
        done
    done
}

[ -n "$sos" ] && run_sos
# shellcheck source=suites/osu.sh
. "$root/scripts/suites/osu.sh"
# shellcheck source=suites/tests_uh.sh
. "$root/scripts/suites/tests_uh.sh"
if [ -n "$osu" ]; then
    if MISHMEM_BIN=$bin OSU_WORK=$work/osu run_osu "$osu"; then npass=$((npass + 1)); else nfail=$((nfail + 1)); failed="$failed osu"; fi
fi
if [ -n "$uh" ]; then
    if MISHMEM_BIN=$bin run_uh "$uh"; then npass=$((npass + 1)); else nfail=$((nfail + 1)); failed="$failed tests-uh"; fi
fi
echo "published_suites: $npass passed, $nfail failed, $nskip skipped"
[ -n "$failed" ] && echo "failed:$failed"
[ $nfail = 0 ]
