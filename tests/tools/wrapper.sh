#!/usr/bin/env bash
# launcher_wrapper: mishmemcc / mishmemc++ add the right flags, quote
# arguments, and really compile and link.
#   bash wrapper.sh MISHMEMCC MISHMEMCXX INCLUDE_DIR LIB_DIR
# MISHMEM_CC / MISHMEM_CXX from the environment pick the real compilers
# (sanitizer builds set them); the --showme checks run without them.
MISHMEMCC=$1 MISHMEMCXX=$2 INCDIR=$3 LIBDIR=$4
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"

LINK_FLAGS=("-L$LIBDIR" "-Wl,-rpath,$LIBDIR" -lmishmem -lpthread -lm)

# expect_showme EXPECTED_WORDS... -- WRAPPER ARGS...: --showme prints a
# command that a shell splits back into exactly the expected words.
expect_showme() {
    local expected=() actual=()
    while [ "$1" != -- ]; do expected+=("$1"); shift; done
    shift
    local printed
    printed=$(env -u MISHMEM_CC -u MISHMEM_CXX "$@" --showme) || fail "$* --showme failed"
    eval "actual=($printed)"
    [ "${actual[*]@Q}" = "${expected[*]@Q}" ] ||
        fail "$* --showme printed: $printed; expected: ${expected[*]@Q}"
}

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
check_build
echo "PASS: wrapper"
