#!/usr/bin/env bash
# package_deb: cpack -G DEB makes one package whose contents (dpkg-deb -c)
# hold the library, headers, wrappers, launcher, pkg-config and CMake
# files, the Python module and the man pages, and whose Depends cover the
# libraries libmishmem needs; unpacked into a scratch root
# (dpkg-deb -x) a program builds with its pkg-config file and runs, and
# its Python module loads its library.
#   bash deb.sh CPACK BUILD_DIR PYTHON
CPACK=$1 BUILD_DIR=$2 PY=$3
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"
if ! command -v dpkg-deb >/dev/null; then
    echo "SKIP: dpkg-deb is not installed (not a Debian system)"
    exit 77
fi
(cd "$WORK" && "$CPACK" -G DEB --config "$BUILD_DIR/CPackConfig.cmake" -B "$WORK/out") \
    >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$WORK"/out/mishmem_*.deb 2>/dev/null)
[ -f "$deb" ] || fail "no mishmem_*.deb: $(cat "$WORK/cpack.log")"
dpkg-deb -c "$deb" | awk '{print $6}' >"$WORK/contents"
for path in ./usr/lib/libmishmem.so.0 ./usr/lib/libmishmem.so ./usr/lib/libmishmem.a \
            ./usr/include/shmem.h ./usr/include/mishmem/aclshmem.h \
            ./usr/bin/mishmemrun ./usr/bin/mishmemcc ./usr/bin/mishmemc++ \
            ./usr/lib/pkgconfig/mishmem.pc ./usr/lib/cmake/mishmem/mishmemConfig.cmake \
            ./usr/lib/cmake/mishmem/mishmemTargets.cmake \
            ./usr/lib/python3/dist-packages/mishmem/__init__.py \
            ./usr/lib/python3/dist-packages/mishmem/_installed.py \
            ./usr/share/man/man1/mishmemrun.1 ./usr/share/man/man1/mishmemcc.1; do
    grep -qx -- "$path" "$WORK/contents" || fail "$path is not in $(basename "$deb")"
done
outside=$(grep -v -e '^\./usr/' -e '^\./$' "$WORK/contents")
[ -z "$outside" ] || fail "files outside /usr: $outside"
[ "$(dpkg-deb -f "$deb" Package)" = mishmem ] || fail "package name $(dpkg-deb -f "$deb" Package)"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
echo "ok: $(basename "$deb") holds every part ($(wc -l <"$WORK/contents") entries)"

root=$WORK/root
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x failed"
# Every shared library the packaged libmishmem needs (its NEEDED entries,
# found with ldd) must come from a package that Depends names, so that
# apt-get install on a fresh Debian brings it (owners looked up here).
while read -r needed path; do
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null)
    owner=${owner%%:*}
    [ -n "$owner" ] || fail "no package owns $path, which libmishmem needs ($needed)"
    grep -Eq "(^|[ ,])$owner([ ,(]|$)" <<<"$depends" ||
        fail "libmishmem needs $needed from package $owner, which Depends ($depends) does not name"
done < <(LD_LIBRARY_PATH=$root/usr/lib ldd "$root/usr/lib/libmishmem.so.0" |
         awk -v needed=" $(readelf -d "$root/usr/lib/libmishmem.so.0" |
                           sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')" \
             '$2 == "=>" && $3 ~ /^\// && index(needed, " " $1 " ") { print $1, $3 }')
echo "ok: every library libmishmem needs comes from a package in Depends"
export PKG_CONFIG_PATH=$root/usr/lib/pkgconfig
flags=$(pkg-config --cflags --libs mishmem) || fail "pkg-config on the unpacked package failed"
# shellcheck disable=SC2086
cc "$SRC/ring.c" -o "$WORK/ring" $flags || fail "building with the package's pkg-config flags failed"
expect_ring "program against the unpacked DEB" \
    env LD_LIBRARY_PATH="$root/usr/lib" "$root/usr/bin/mishmemrun" -n 2 --timeout 60 "$WORK/ring"
expect_ring "the DEB's Python module" env -u MISHMEM_LIBRARY PYTHONPATH="$root/usr/lib/python3/dist-packages" \
    "$root/usr/bin/mishmemrun" -n 2 --timeout 60 "$PY" "$SRC/ring.py" "$root"
echo "PASS: DEB package"
