#!/usr/bin/env bash
# package_static_consumer: cmake --install into a temporary prefix, then a
# consumer CMake project links mishmem::mishmem_static from it; the
# program holds no dependency on libmishmem.so and runs on 2 PEs under the
# installed mishmemrun.
#   bash static.sh CMAKE BUILD_DIR
CMAKE=$1 BUILD_DIR=$2
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"
cmake_install "$CMAKE" "$BUILD_DIR" "$WORK/prefix"
build_consumer "$CMAKE" "$WORK/prefix" mishmem::mishmem_static ring_static
prog=$WORK/consumer/build/ring_static
if readelf -d "$prog" | grep -q 'NEEDED.*libmishmem'; then
    fail "ring_static needs libmishmem.so: $(readelf -d "$prog" | grep NEEDED)"
fi
expect_ring "mishmem::mishmem_static build" "$WORK/prefix/bin/mishmemrun" -n 2 --timeout 60 "$prog"
echo "PASS: a consumer project links mishmem::mishmem_static from the installed prefix and runs"
