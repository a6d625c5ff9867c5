#!/usr/bin/env bash
# package_static_consumer: cmake --install into a temporary prefix, then a
# consumer CMake project links mishmem::mishmem_static from it; the
# program holds no dependency on libmishmem.so and runs on 2 PEs under the
# installed mishmemrun.
#   bash static.sh CMAKE BUILD_DIR
CMAKE=$1 BUILD_DIR=$2
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"
"$CMAKE" --install "$BUILD_DIR" --prefix "$WORK/prefix" >"$WORK/install.log" 2>&1 ||
    { cat "$WORK/install.log" >&2; fail "cmake --install failed"; }
mkdir "$WORK/consumer"
cat >"$WORK/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(mishmem REQUIRED)
add_executable(ring_static $SRC/ring.c)
target_link_libraries(ring_static PRIVATE mishmem::mishmem_static)
CMAKE
"$CMAKE" -S "$WORK/consumer" -B "$WORK/consumer/build" -DCMAKE_PREFIX_PATH="$WORK/prefix" \
    >"$WORK/consumer.log" 2>&1 || { cat "$WORK/consumer.log" >&2; fail "find_package(mishmem) failed"; }
"$CMAKE" --build "$WORK/consumer/build" >>"$WORK/consumer.log" 2>&1 ||
    { cat "$WORK/consumer.log" >&2; fail "linking mishmem::mishmem_static failed"; }
prog=$WORK/consumer/build/ring_static
if readelf -d "$prog" | grep -q 'NEEDED.*libmishmem'; then
    fail "ring_static needs libmishmem.so: $(readelf -d "$prog" | grep NEEDED)"
fi
expect_ring "mishmem::mishmem_static build" "$WORK/prefix/bin/mishmemrun" -n 2 --timeout 60 "$prog"
echo "PASS: a consumer project links mishmem::mishmem_static from the installed prefix and runs"
