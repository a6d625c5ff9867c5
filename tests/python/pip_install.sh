#!/usr/bin/env bash
# python_pip_install: `cmake --install --prefix $HOME/.local` puts the
# package in Python's user site; `pip install ./python` with Debian's
# Python, without the network, into $HOME/.local (--user) and into a prefix
# of one's own, the library installed there by cmake. Each time the
# package, imported with nothing pointing at the library, finds it and
# runs a 2-PE program under mishmemrun.
#   bash pip_install.sh PYTHON CMAKE BUILD_DIR PYTHON_SRC_DIR PROGRAM VERSION
set -u
PY=$1 CMAKE=$2 BUILD_DIR=$3 PYTHON_SRC=$4 PROGRAM=$5 VERSION=$6
work=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-pip.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; [ -s "$work/log" ] && tail -n 40 "$work/log" >&2; exit 1; }

if ! "$PY" -m pip --version >/dev/null 2>&1 || ! "$PY" -c 'import setuptools' 2>/dev/null; then
    echo "SKIP: $PY has no pip or setuptools (Debian: python3-pip, python3-setuptools)"
    exit 77
fi
grep -qx "version = \"$VERSION\"" "$PYTHON_SRC/pyproject.toml" ||
    fail "python/pyproject.toml does not say version = \"$VERSION\" (the project's version)"

# A copy, so that pip's build folders stay out of the source tree.
cp -r "$PYTHON_SRC" "$work/python"
rm -rf "$work/python/build" "$work/python"/*.egg-info

# install_library PREFIX: the library and tools, without the Python package
# that cmake --install also puts there (the one under test is pip's).
install_library() {
    "$CMAKE" --install "$BUILD_DIR" --prefix "$1" >"$work/log" 2>&1 || fail "cmake --install --prefix $1"
    remove_package "$1"
}
remove_package() { find "$1" -path '*/python3*/mishmem' -type d -prune -exec rm -rf {} + || fail "cleaning $1"; }

# pip_install ARGS...: no network (PyPI may be unreachable): the build
# backend is the setuptools installed with the Python.
pip_install() {
    env -u PIP_FIND_LINKS -u PYTHONUSERBASE PIP_NO_INPUT=1 "$PY" -m pip install --no-build-isolation --no-index \
        --no-cache-dir --no-warn-script-location --root-user-action=ignore "$@" "$work/python" >"$work/log" 2>&1
}

# run_world PACKAGE_DIR LIBRARY_DIR MISHMEMRUN [ENV...]: the 2-PE program
# with only the given environment pointing anywhere.
run_world() {
    local package=$1 libdir=$2 launcher=$3
    shift 3
    env -u MISHMEM_LIBRARY -u PYTHONPATH -u LD_LIBRARY_PATH -u PYTHONNOUSERSITE -u PYTHONUSERBASE \
        PATH=/usr/bin:/bin PYTHONDONTWRITEBYTECODE=1 "$@" \
        timeout 120 "$launcher" -n 2 "$PY" "$PROGRAM" "$package" "$libdir" >"$work/log" 2>&1 ||
        fail "the 2-PE program with the package in $package"
    # The PEs share the output file: their lines may come out interleaved.
    [ "$(grep -oE "PE [01]: world [0-9]+ of 2 PEs ok" "$work/log" | sort -u | wc -l)" -eq 2 ] ||
        fail "not both PEs reported ok"
}

home=$work/home
mkdir -p "$home"
user_site=$(env -u PYTHONUSERBASE HOME="$home" "$PY" -c 'import site; print(site.getusersitepackages())')

# 1. cmake --install --prefix $HOME/.local: the package goes to the user site.
env -u PYTHONUSERBASE HOME="$home" "$CMAKE" --install "$BUILD_DIR" --prefix "$home/.local" >"$work/log" 2>&1 ||
    fail "cmake --install --prefix \$HOME/.local"
[ -f "$user_site/mishmem/_installed.py" ] || fail "cmake --install did not put mishmem in $user_site"
libdir=$(dirname "$(find "$home/.local" -name 'libmishmem.so.0' | head -n 1)")
run_world "$user_site" "$libdir" "$home/.local/bin/mishmemrun" HOME="$home"
echo "ok: cmake --install --prefix \$HOME/.local, package in the user site"

# 2. pip install --user into the same $HOME/.local, as a user without root
#    does it (Debian's Python wants --break-system-packages, PEP 668).
remove_package "$home/.local"
HOME=$home pip_install --user --break-system-packages || fail "pip install --user"
[ -f "$user_site/mishmem/__init__.py" ] || fail "pip install --user did not put mishmem in $user_site"
[ ! -e "$user_site/mishmem/_installed.py" ] || fail "the cmake-installed package was not removed"
run_world "$user_site" "$libdir" "$home/.local/bin/mishmemrun" HOME="$home"
echo "ok: pip install --user, library in ${libdir#"$work"/}"

# 3. A prefix of one's own (not on sys.path: PYTHONPATH names the package's
#    folder), started by a mishmemrun that is not on PATH either.
prefix=$work/opt
install_library "$prefix"
# Not the user site of step 2: pip would see (and might replace) that copy.
HOME=$home PYTHONNOUSERSITE=1 pip_install --prefix "$prefix" || fail "pip install --prefix"
package_init=$(find "$prefix" -path '*/mishmem/__init__.py' | head -n 1)
[ -n "$package_init" ] || fail "pip install --prefix put no mishmem under $prefix"
package_dir=$(dirname "$(dirname "$package_init")")
libdir=$(dirname "$(find "$prefix" -name 'libmishmem.so.0' | head -n 1)")
run_world "$package_dir" "$libdir" "$prefix/bin/mishmemrun" HOME="$home" PYTHONNOUSERSITE=1 \
    PYTHONPATH="$package_dir"
echo "ok: pip install --prefix, package in ${package_dir#"$work"/}, library in ${libdir#"$work"/}"
echo "PASS: pip install ./python"
