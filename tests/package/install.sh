#!/usr/bin/env bash
# package_install_prefix: cmake --install into a temporary prefix, then use
# it as a user would: pkg-config and find_package(mishmem) builds that run
# through the installed launcher, the prefix moved elsewhere (mishmem.pc
# is relative to ${pcfiledir}), and the installed Python module.
#   bash install.sh CMAKE BUILD_DIR PYTHON
CMAKE=$1 BUILD_DIR=$2 PY=$3
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"
command -v pkg-config >/dev/null || fail "pkg-config is missing (Debian: apt-get install pkgconf)"

cmake_install "$CMAKE" "$BUILD_DIR" "$WORK/prefix"
pc=$(find "$WORK/prefix" -name mishmem.pc)
[ -n "$pc" ] || fail "mishmem.pc was not installed"
grep -q '^prefix=${pcfiledir}/' "$pc" || fail "mishmem.pc is not relative to its folder: $(head -1 "$pc")"

# pkg-config_build PREFIX NAME: builds ring.c with pkg-config's flags and runs it.
pkg_config_build() {
    local prefix=$1 name=$2 flags libdir
    export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name mishmem.pc)")
    flags=$(pkg-config --cflags --libs mishmem) || fail "pkg-config --cflags --libs mishmem failed"
    grep -q -- "-I$prefix/" <<<"$flags" || fail "pkg-config gives $flags, not $prefix"
    libdir=$(pkg-config --variable=libdir mishmem)
    # shellcheck disable=SC2086
    cc "$SRC/ring.c" -o "$WORK/$name" $flags || fail "cc ring.c \$(pkg-config --cflags --libs mishmem) failed"
    expect_ring "pkg-config build in $prefix" \
        env LD_LIBRARY_PATH="$libdir" "$prefix/bin/mishmemrun" -n 2 --timeout 60 "$WORK/$name"
}
pkg_config_build "$WORK/prefix" ring_pc

# The installed tree moves: pkg-config, the CMake package and the Python
# module must follow.
mv "$WORK/prefix" "$WORK/moved"
prefix=$WORK/moved
pkg_config_build "$prefix" ring_pc_moved

build_consumer "$CMAKE" "$prefix" mishmem::mishmem ring
grep -rq "$prefix" "$WORK/consumer/build/CMakeCache.txt" || fail "find_package found another mishmem"
expect_ring "find_package(mishmem) build" "$prefix/bin/mishmemrun" -n 2 --timeout 60 "$WORK/consumer/build/ring"

pkgdir=$(dirname "$(find "$prefix" -path '*/mishmem/__init__.py')")
[ -f "$pkgdir/_installed.py" ] || fail "the Python module was not installed with _installed.py"
expect_ring "installed Python module" env -u MISHMEM_LIBRARY PYTHONPATH="$(dirname "$pkgdir")" \
    "$prefix/bin/mishmemrun" -n 2 --timeout 60 "$PY" "$SRC/ring.py" "$prefix"
echo "PASS: installed prefix (pkg-config, find_package, moved, Python)"
