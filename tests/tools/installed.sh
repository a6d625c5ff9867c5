#!/usr/bin/env bash
# launcher_installed_tools: the installed wrappers find the installed
# headers and library, also after the prefix is chosen at install time.
#   bash installed.sh CMAKE BUILD_DIR OSH_ALIASES
CMAKE=$1 BUILD_DIR=$2 OSH_ALIASES=$3
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"

prefix=$WORK/prefix
"$CMAKE" --install "$BUILD_DIR" --prefix "$prefix" >"$WORK/install.log" 2>&1 ||
    { cat "$WORK/install.log" >&2; fail "cmake --install failed"; }
bin=$prefix/bin
for tool in mishmemrun mishmemcc mishmemc++; do
    [ -x "$bin/$tool" ] || fail "$tool was not installed"
done

printed=$(env -u MISHMEM_CC "$bin/mishmemcc" --showme x.c)
words=()
eval "words=($printed)"
real_prefix=$(cd "$prefix" && pwd -P)
[ "${words[1]}" = "-I$real_prefix/include" ] || fail "installed mishmemcc uses ${words[1]}"
grep -q -- "-L$real_prefix/lib" <<<"$printed" || fail "installed mishmemcc links with: $printed"

cd "$WORK" || fail "no work dir"
"$bin/mishmemcc" "$SRC/hello.c" -o hello || fail "installed mishmemcc could not build hello.c"
"$bin/mishmemrun" -n 2 ./hello >run.out || fail "installed mishmemrun failed"
[ "$(cat run.out)" = "$(printf 'hello\nhello')" ] || fail "mishmemrun -n 2 hello printed: $(cat run.out)"

if [ "$OSH_ALIASES" = ON ]; then
    for alias in oshcc oshc++ oshrun; do
        [ -L "$bin/$alias" ] || fail "$alias was not installed"
    done
    "$bin/oshcc" "$SRC/hello.c" -o hello-osh || fail "oshcc could not build hello.c"
    "$bin/oshrun" -n 1 ./hello-osh >/dev/null || fail "oshrun failed"
elif [ -e "$bin/oshcc" ]; then
    fail "oshcc installed although MISHMEM_OSH_ALIASES is OFF"
fi
echo "PASS: installed tools"
