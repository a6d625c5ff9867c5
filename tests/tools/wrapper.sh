#!/usr/bin/env bash
# launcher_wrapper: mishmemcc / mishmemc++ add the right flags, quote
# arguments, and really compile and link; --showme:WHAT answers as Open
# MPI's wrappers do, and its flags build a working program with plain cc.
#   bash wrapper.sh MISHMEMCC MISHMEMCXX INCLUDE_DIR LIB_DIR VERSION
# MISHMEM_CC / MISHMEM_CXX from the environment pick the real compilers
# (sanitizer builds set them); the --showme checks run without them.
MISHMEMCC=$1 MISHMEMCXX=$2 INCDIR=$3 LIBDIR=$4 VERSION=$5
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"

LINK_FLAGS=("-L$LIBDIR" "-Wl,-rpath,$LIBDIR" -lmishmem -lpthread -lm)

# expect_printed OPTION EXPECTED_WORDS... -- WRAPPER ARGS...: WRAPPER ARGS
# OPTION prints words that a shell splits back into exactly the expected ones.
expect_printed() {
    local option=$1 expected=() actual=()
    shift
    while [ "$1" != -- ]; do expected+=("$1"); shift; done
    shift
    local printed
    printed=$(env -u MISHMEM_CC -u MISHMEM_CXX "$@" "$option") || fail "$* $option failed"
    eval "actual=($printed)"
    [ "${actual[*]@Q}" = "${expected[*]@Q}" ] ||
        fail "$* $option printed: $printed; expected: ${expected[*]@Q}"
}

expect_showme() { expect_printed --showme "$@"; }

check_showme() {
    local define='-DGREETING="hello world"' quote="it's"
    expect_showme cc "-I$INCDIR" "$define" "$quote" x.c "${LINK_FLAGS[@]}" \
        -- "$MISHMEMCC" "$define" "$quote" x.c
    expect_showme c++ "-I$INCDIR" x.cc -o 'my prog' "${LINK_FLAGS[@]}" \
        -- "$MISHMEMCXX" x.cc -o 'my prog'
    local no_link
    for no_link in -c -S -E -M -MM; do
        expect_showme cc "-I$INCDIR" "$no_link" x.c -- "$MISHMEMCC" "$no_link" x.c
    done
    # -MD and -MMD still link.
    expect_showme cc "-I$INCDIR" -MMD x.c "${LINK_FLAGS[@]}" -- "$MISHMEMCC" -MMD x.c
    # The compiler variables may hold several words.
    expect_showme ccache gcc -std=gnu11 "-I$INCDIR" -c x.c \
        -- env MISHMEM_CC="ccache gcc -std=gnu11" "$MISHMEMCC" -c x.c
    expect_showme clang++ "-I$INCDIR" -c x.cc -- env MISHMEM_CXX=clang++ "$MISHMEMCXX" -c x.cc
}

# The answers Open MPI's wrappers give to --showme:WHAT (build systems such
# as CMake's FindMPI and Meson ask for :compile and :link).
check_showme_parts() {
    expect_printed --showme:compile "-I$INCDIR" -- "$MISHMEMCC"
    expect_printed --showme:link "${LINK_FLAGS[@]}" -- "$MISHMEMCC"
    expect_printed --showme:command cc -- "$MISHMEMCC"
    expect_printed --showme:command c++ -- "$MISHMEMCXX"
    expect_printed --showme:command ccache gcc -- env MISHMEM_CC="ccache gcc" "$MISHMEMCC"
    expect_printed --showme:incdirs "$INCDIR" -- "$MISHMEMCC"
    expect_printed --showme:libdirs "$LIBDIR" -- "$MISHMEMCXX"
    expect_printed --showme:libs mishmem pthread m -- "$MISHMEMCC"
    # Like Open MPI's, :compile and :link also print the other arguments.
    expect_printed --showme:link x.o -o y "${LINK_FLAGS[@]}" -- "$MISHMEMCC" x.o -o y
    # Open MPI also takes one dash.
    expect_printed -showme:compile "-I$INCDIR" -- "$MISHMEMCC"

    local out
    out=$("$MISHMEMCC" --showme:version) || fail "--showme:version failed"
    [ "$out" = "mishmemcc: mishmem $VERSION (Language: C)" ] || fail "mishmemcc --showme:version: $out"
    out=$("$MISHMEMCXX" --showme:version) || fail "--showme:version failed"
    [ "$out" = "mishmemc++: mishmem $VERSION (Language: C++)" ] || fail "mishmemc++ --showme:version: $out"
    out=$("$MISHMEMCC" --showme:help) || fail "--showme:help failed"
    local part
    for part in command compile link incdirs libdirs libs version help; do
        grep -q -- "--showme:$part " <<<"$out" || fail "--showme:help does not list :$part: $out"
    done
    if "$MISHMEMCC" --showme:bogus >"$WORK/out" 2>"$WORK/err"; then
        fail "--showme:bogus was accepted"
    fi
    [ ! -s "$WORK/out" ] || fail "--showme:bogus printed to stdout: $(cat "$WORK/out")"
    grep -q "unrecognized option: --showme:bogus" "$WORK/err" || fail "--showme:bogus: $(cat "$WORK/err")"
    : >"$WORK/err"
}

# What a build system does with those answers: its own compiler, the
# flags of :compile for the object and of :link for the program.
check_build_from_parts() {
    cd "$WORK" || fail "no work dir"
    local cc=${MISHMEM_CC:-cc} compile_flags link_flags
    compile_flags=$("$MISHMEMCC" --showme:compile) || fail "--showme:compile failed"
    link_flags=$("$MISHMEMCC" --showme:link) || fail "--showme:link failed"
    local -a compile_words link_words
    eval "compile_words=($compile_flags)"
    eval "link_words=($link_flags)"
    # shellcheck disable=SC2086 # the compiler may hold several words
    $cc "${compile_words[@]}" -c "$SRC/showme_pe.c" -o showme_pe.o ||
        fail "$cc $compile_flags -c showme_pe.c failed"
    # shellcheck disable=SC2086
    $cc showme_pe.o -o showme_pe "${link_words[@]}" || fail "$cc showme_pe.o $link_flags failed"
    local out
    out=$(env -u LD_LIBRARY_PATH ./showme_pe) || fail "showme_pe failed: $out"
    [ "$out" = "PE 0 of 1" ] || fail "showme_pe printed: $out"
}

check_build() {
    cd "$WORK" || fail "no work dir"
    "$MISHMEMCC" -DGREETING='"hello world"' "$SRC/hello.c" -o 'hello prog' ||
        fail "mishmemcc could not compile and link hello.c"
    [ "$(./'hello prog')" = "hello world" ] || fail "hello prog printed '$(./'hello prog')'"

    "$MISHMEMCC" -c "$SRC/hello.c" -o hello.o || fail "mishmemcc -c failed"
    [ "$(od -An -tx1 -j16 -N2 hello.o | tr -d ' ')" = 0100 ] ||
        fail "mishmemcc -c did not produce a relocatable object"
    "$MISHMEMCC" hello.o -o from-object || fail "mishmemcc could not link hello.o"
    [ "$(./from-object)" = hello ] || fail "from-object printed '$(./from-object)'"

    "$MISHMEMCC" -E "$SRC/include_shmem.c" -o include_shmem.i ||
        fail "mishmemcc -E could not find <shmem.h>"

    if command -v "${MISHMEM_CXX:-c++}" >/dev/null 2>&1; then
        "$MISHMEMCXX" -x c++ "$SRC/hello.c" -o hello-cxx || fail "mishmemc++ could not build hello"
        [ "$(./hello-cxx)" = hello ] || fail "hello-cxx printed '$(./hello-cxx)'"
    fi
}

check_showme
check_showme_parts
check_build_from_parts
check_build
echo "PASS: wrapper"
