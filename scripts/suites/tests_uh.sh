# shellcheck shell=bash
# openshmem-org/tests-uh, C feature tests: sourced by
# scripts/published_suites.sh (--uh DIR).
#
#   run_uh DIR
#
# DIR is a tests-uh checkout (DIR/feature_tests/C with its Makefile and
# test_parameters.conf). The tests are built by the suite's own Makefile,
# unmodified, with only CC overridden on the make command line (the Makefile
# says CC = oshcc), and run the way common/testrunner.pl does: each
# "name.x, NPES, ..." line of test_parameters.conf with that many PEs, here
# with mishmemrun, once as instance 0 and once with SHMEM_WORLD_INSTANCE_ID=7,
# and also with 4 PEs. PASS when the program exits 0, prints a "Passed" line
# and no "Failed" line; test_shmem_global_exit.x must instead end the whole job
# with its status (99) at once and print no "Failed". (The Makefile's own
# `run` target is not used: it calls oshrun, runs only 12 of the programs,
# and in some versions names files the suite does not have,
# test_shmem_get_shmem_alloc.x and test_shmem_put_shmem_alloc.x.)
# A program uh_skip_reason names is not run (one SKIP line with the reason).
# Environment: MISHMEM_BIN, UH_TIMEOUT (default 60 s per run).

# uh_skip_reason NAME SOURCE: why tests-uh program NAME (name.x) is not run,
# if it is not. Rules look into SOURCE, so they hold only for the versions
# of a program that do what they say (a fixed version runs).
uh_skip_reason() {
    local src=$2
    case $1 in
    # Programs that cannot pass against a correct OpenSHMEM.
    test_shmem_put.x)
        # Its shmem_short_put check is inverted; the other types use !=.
        grep -qF 'if (dest1[i] == (npes - 1))' "$src" &&
            echo "reports shmem_short_put Failed when dest1 holds the value put (its check reads == where the other types read !=); it also shmem_putmem's 7 bytes into a 4-byte shmem_malloc block" ;;
    esac
}

run_uh() {
    local dir=${1:?usage: run_uh DIR}
    local bin=${MISHMEM_BIN:?the folder of mishmemcc and mishmemrun (published_suites.sh sets it)}
    local cc=$bin/mishmemcc run=$bin/mishmemrun tmo=${UH_TIMEOUT:-60}
    local tdir=$dir/feature_tests/C
    [ -f "$tdir/Makefile" ] && [ -f "$tdir/test_parameters.conf" ] ||
        { echo "FAIL tests-uh (no feature_tests/C/Makefile + test_parameters.conf under $dir)"; return 1; }
    local log
    log=$(mktemp -d /tmp/uh.XXXXXX)
    local fails=0 passes=0 skips=0
    # Programs left by an earlier run may be linked to another build.
    make -C "$tdir" clean > "$log/make.out" 2>&1
    make -C "$tdir" CC="$cc" >> "$log/make.out" 2>&1 ||
        { echo "FAIL tests-uh (make, see $log/make.out)"; fails=$((fails + 1)); }

    local name np rest n inst out rc what reason
    while IFS=, read -r name np rest; do
        name=$(echo "$name" | tr -d ' '); np=$(echo "$np" | tr -d ' ')
        [ -n "$name" ] || continue
        reason=$(uh_skip_reason "$name" "$tdir/${name%.x}.c")
        if [ -n "$reason" ]; then
            echo "SKIP $name ($reason)"; skips=$((skips + 1)); continue
        fi
        if [ ! -x "$tdir/$name" ]; then
            echo "FAIL $name (not built, see $log/make.out)"; fails=$((fails + 1)); continue
        fi
        for n in $(printf '%s\n' "$np" 4 | sort -un); do
            for inst in 0 7; do
                out="$log/$name.n$n.i$inst"
                what="$name -np $n (instance $inst)"
                rc=0
                if [ "$inst" = 0 ]; then
                    (cd "$tdir" && unset SHMEM_WORLD_INSTANCE_ID &&
                     timeout $((tmo + 30)) "$run" -np "$n" --timeout "$tmo" "./$name") > "$out" 2>&1 || rc=$?
                else
                    (cd "$tdir" && SHMEM_WORLD_INSTANCE_ID=$inst \
                     timeout $((tmo + 30)) "$run" -np "$n" --timeout "$tmo" "./$name") > "$out" 2>&1 || rc=$?
                fi
                if grep -q 'Failed' "$out"; then
                    echo "FAIL $what (a 'Failed' line, see $out)"; fails=$((fails + 1))
                elif [ "$name" = test_shmem_global_exit.x ]; then
                    if [ $rc -eq 99 ]; then echo "PASS $what"; passes=$((passes + 1))
                    else echo "FAIL $what (exit $rc, want 99, see $out)"; fails=$((fails + 1)); fi
                elif [ $rc -ne 0 ]; then
                    echo "FAIL $what (exit $rc, see $out)"; fails=$((fails + 1))
                elif ! grep -q 'Passed' "$out"; then
                    echo "FAIL $what (no 'Passed' line, see $out)"; fails=$((fails + 1))
                else
                    echo "PASS $what"; passes=$((passes + 1))
                fi
            done
        done
    done < "$tdir/test_parameters.conf"
    echo "tests-uh: $passes passed, $fails failed, $skips skipped (logs in $log)"
    [ "$fails" -eq 0 ]
}
