# Shared by the package tests: a work folder removed at exit, fail, and
# ring checks of a program's output on 2 PEs.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}
# expect_ring WHAT COMMAND...: runs COMMAND, which must print both PEs' ring lines.
expect_ring() {
    local what=$1 out
    shift
    out=$("$@" 2>&1) || fail "$what: exit status $?: $out"
    for pe in 0 1; do
        grep -q "^PE $pe: .*ring ok$" <<<"$out" || fail "$what: PE $pe did not report: $out"
    done
    echo "ok: $what"
}
# cmake_install CMAKE BUILD_DIR PREFIX: cmake --install of the build into PREFIX.
cmake_install() {
    "$1" --install "$2" --prefix "$3" >"$WORK/install.log" 2>&1 ||
        { cat "$WORK/install.log" >&2; fail "cmake --install failed"; }
}
# build_consumer CMAKE PREFIX TARGET NAME: a user's CMake project in
# $WORK/consumer finds mishmem in PREFIX (find_package) and links ring.c
# to TARGET as the program $WORK/consumer/build/NAME.
build_consumer() {
    local cmake=$1 prefix=$2 target=$3 name=$4
    mkdir "$WORK/consumer"
    cat >"$WORK/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(mishmem REQUIRED)
add_executable($name $(dirname "${BASH_SOURCE[0]}")/ring.c)
target_link_libraries($name PRIVATE $target)
CMAKE
    "$cmake" -S "$WORK/consumer" -B "$WORK/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
        >"$WORK/consumer.log" 2>&1 || { cat "$WORK/consumer.log" >&2; fail "find_package(mishmem) failed"; }
    "$cmake" --build "$WORK/consumer/build" >>"$WORK/consumer.log" 2>&1 ||
        { cat "$WORK/consumer.log" >&2; fail "building against $target failed"; }
}
