# shellcheck shell=bash
# OSU micro-benchmarks, OpenSHMEM part: sourced by scripts/published_suites.sh
# (--osu DIR).
#
#   run_osu DIR
#
# DIR is an OSU micro-benchmarks tree holding openshmem/osu_oshm_*.c and
# util/osu_util*.{c,h} (OMB 5.x layout), or c/openshmem + c/util (OMB 6/7).
# Sources are compiled unmodified with mishmemcc, the way OMB's
# openshmem/Makefile.am does it (AM_CFLAGS = -I$(top_srcdir)/util,
# sources = bench.c + util/osu_util.c + util/osu_util_pgas.c) with the -D
# flags OMB's configure.ac puts in DEFS (it has no config header), including
# OSHM_1_3 which configure defines when AC_CHECK_FUNC([shmem_finalize])
# links -- the same probe is repeated here.
# Every benchmark is run in the launcher's world as instance 0 and again with
# SHMEM_WORLD_INSTANCE_ID=7; prints "PASS name" / "FAIL name (why)" per run and
# returns non-zero when anything failed.
#
# Environment: MISHMEM_BIN  directory holding mishmemcc and mishmemrun
#              OSU_WORK     scratch directory (default: mktemp -d)
#              OSU_TIMEOUT  seconds per run (default 120)

run_osu() {
    local dir=${1:?usage: run_osu DIR}
    local bin=${MISHMEM_BIN:?the folder of mishmemcc and mishmemrun (published_suites.sh sets it)}
    local cc=$bin/mishmemcc run=$bin/mishmemrun
    local tmo=${OSU_TIMEOUT:-120}
    [ -x "$cc" ] && [ -x "$run" ] || { echo "FAIL osu (no mishmemcc/mishmemrun in $bin)"; return 1; }

    local src util
    if [ -d "$dir/openshmem" ] && [ -d "$dir/util" ]; then
        src=$dir/openshmem util=$dir/util
    elif [ -d "$dir/c/openshmem" ] && [ -d "$dir/c/util" ]; then
        src=$dir/c/openshmem util=$dir/c/util
    else
        echo "FAIL osu (no openshmem/ + util/ under $dir)"; return 1
    fi

    local work=${OSU_WORK:-$(mktemp -d /tmp/osu.XXXXXX)}
    mkdir -p "$work/obj" "$work/log"
    local fails=0 passes=0

    # configure.ac: AC_CHECK_FUNC([shmem_finalize], [oshm_13_library=true])
    local defs=(-DPACKAGE_NAME=\"OSU-Micro-Benchmarks\"
                -DPACKAGE_TARNAME=\"osu-micro-benchmarks\"
                -DPACKAGE_VERSION=\"5.7\"
                "-DPACKAGE_STRING=\"OSU-Micro-Benchmarks 5.7\""
                -DPACKAGE_BUGREPORT=\"mvapich-discuss@cse.ohio-state.edu\"
                -DPACKAGE_URL=\"\" -DPACKAGE=\"osu-micro-benchmarks\"
                -DVERSION=\"5.7\"
                -DHAVE_STDLIB_H=1 -DHAVE_STRING_H=1 -DHAVE_SYS_TIME_H=1
                -DHAVE_UNISTD_H=1 -DHAVE_GETPAGESIZE=1 -DHAVE_GETTIMEOFDAY=1
                -DHAVE_MEMSET=1 -DHAVE_SQRT=1
                -DFIELD_WIDTH=18 -DFLOAT_PRECISION=2)
    local f
    for f in shmem_barrier_all shmem_finalize; do
        printf 'char %s(void);\nint main(void){return %s();}\n' "$f" "$f" > "$work/conftest.c"
        if ! "$cc" "$work/conftest.c" -o "$work/conftest" > "$work/log/conftest.$f" 2>&1; then
            echo "FAIL osu-configure (AC_CHECK_FUNC $f does not link)"; fails=$((fails + 1))
        fi
    done
    if [ "$fails" -eq 0 ]; then defs+=(-DOSHM_1_3=1); fi

    # Build: helpers once, then one program per osu_oshm_*.c.
    local cflags=(-g -O2 -I"$util")
    "$cc" "${defs[@]}" "${cflags[@]}" -c "$util/osu_util.c" -o "$work/obj/osu_util.o" \
        > "$work/log/build.osu_util" 2>&1 &&
    "$cc" "${defs[@]}" "${cflags[@]}" -c "$util/osu_util_pgas.c" -o "$work/obj/osu_util_pgas.o" \
        > "$work/log/build.osu_util_pgas" 2>&1 ||
        { echo "FAIL osu-util (build, see $work/log/build.osu_util*)"; return 1; }

    local progs=() b
    for f in "$src"/osu_oshm_*.c; do
        b=$(basename "$f" .c)
        if "$cc" "${defs[@]}" "${cflags[@]}" "$f" "$work/obj/osu_util.o" \
               "$work/obj/osu_util_pgas.o" -o "$work/$b" -lm -lpthread \
               > "$work/log/build.$b" 2>&1; then
            progs+=("$b")
        else
            echo "FAIL $b (build: $(grep -m1 -E 'error' "$work/log/build.$b"))"
            fails=$((fails + 1))
        fi
    done

    # _osu_one NAME EXPECT NPES ARGS... : one run, PASS when it exits 0 and
    # its output has a line starting with EXPECT (the last size / operation).
    _osu_one() {
        local name=$1 expect=$2 n=$3; shift 3
        local inst log
        for inst in 0 7; do
            log="$work/log/$name.n$n.$(echo "$*" | tr ' ' '_').i$inst"
            local rc=0
            if [ "$inst" = 0 ]; then
                (unset SHMEM_WORLD_INSTANCE_ID
                 timeout $((tmo + 30)) "$run" -n "$n" --timeout "$tmo" "$work/$name" "$@") > "$log" 2>&1 || rc=$?
            else
                SHMEM_WORLD_INSTANCE_ID=$inst \
                timeout $((tmo + 30)) "$run" -n "$n" --timeout "$tmo" "$work/$name" "$@" > "$log" 2>&1 || rc=$?
            fi
            local what="$name -n $n $* (instance $inst)"
            if [ $rc -ne 0 ]; then
                echo "FAIL $what (exit $rc, see $log)"; fails=$((fails + 1))
            elif ! grep -Eq "^$expect([[:space:]]|\$)" "$log"; then
                echo "FAIL $what (no '$expect' line, see $log)"; fails=$((fails + 1))
            elif grep -Eqi '(^|[[:space:]])-?(nan|inf)([[:space:]]|$)' "$log"; then
                echo "FAIL $what (nan/inf in output, see $log)"; fails=$((fails + 1))
            else
                echo "PASS $what"; passes=$((passes + 1))
            fi
        done
    }

    local p m n
    for p in "${progs[@]}"; do
        case $p in
        osu_oshm_put|osu_oshm_get|osu_oshm_put_nb|osu_oshm_get_nb|osu_oshm_put_overlap)
            # exactly two PEs; sizes 1 B .. 1 MiB
            for m in heap global; do _osu_one "$p" 1048576 2 "$m"; done ;;
        osu_oshm_put_mr|osu_oshm_put_mr_nb|osu_oshm_get_mr_nb)
            # pairs of PEs; sizes 1 B .. 4 MiB over a 200 MiB buffer
            for m in heap global; do _osu_one "$p" 4194304 2 "$m"; done ;;
        osu_oshm_atomics)
            for n in 2 4; do for m in heap global; do
                _osu_one "$p" shmem_longlong_fetch "$n" "$m"
            done; done ;;
        osu_oshm_barrier)
            for n in 2 4 8; do _osu_one "$p" '[[:space:]]*[0-9]+\.[0-9]+' "$n" -i 100; done ;;
        osu_oshm_broadcast|osu_oshm_collect|osu_oshm_fcollect|osu_oshm_reduce)
            for n in 2 4 8; do _osu_one "$p" 65536 "$n" -i 100 -m 65536; done ;;
        *)
            echo "FAIL $p (no run rule in run_osu)"; fails=$((fails + 1)) ;;
        esac
    done
    unset -f _osu_one

    echo "osu: $passes passed, $fails failed (logs in $work/log)"
    [ "$fails" -eq 0 ]
}
