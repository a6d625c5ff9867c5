#!/usr/bin/env bash
# package_examples: cmake --install into a temporary prefix, then the
# installed examples as a user gets them: `make` in
# PREFIX/share/mishmem/examples builds them with the installed mishmemcc,
# and `make run` runs ring and two_instances under the installed
# mishmemrun; multi_instance runs too. The installed man pages and docs
# are there.
#   bash examples.sh CMAKE BUILD_DIR
CMAKE=$1 BUILD_DIR=$2
SRC=$(cd "$(dirname "$0")" && pwd)
. "$SRC/lib.sh"
command -v make >/dev/null || fail "make is missing (apt-get install make)"
cmake_install "$CMAKE" "$BUILD_DIR" "$WORK/prefix"
ex=$WORK/prefix/share/mishmem/examples
for f in Makefile ring.c two_instances.c multi_instance.c multi_instance.py; do
    [ -f "$ex/$f" ] || fail "share/mishmem/examples/$f was not installed"
done
for f in share/man/man1/mishmemrun.1 share/man/man1/mishmem-info.1 share/man/man3/aclshmemx_init_attr.3 \
         share/man/man3/aclshmemx_instance_thread_clear.3 share/man/man7/mishmem_instances.7 \
         share/doc/mishmem/README.md share/doc/mishmem/docs/guide/launcher.md; do
    [ -f "$WORK/prefix/$f" ] || fail "$f was not installed"
done

# PATH without the build tree: the Makefile must find the installed tools itself.
export PATH=/usr/local/bin:/usr/bin:/bin
make -C "$ex" >"$WORK/make.log" 2>&1 || { cat "$WORK/make.log" >&2; fail "make in share/mishmem/examples failed"; }
grep -q "$WORK/prefix/bin/mishmemcc" "$WORK/make.log" || fail "make did not use the installed mishmemcc: $(cat "$WORK/make.log")"
out=$(make -C "$ex" run NP=4 2>&1) || fail "make run failed: $out"
for pe in 0 1 2 3; do
    grep -q "^PE $pe of 4: got $(((pe + 3) % 4)), sum 6$" <<<"$out" || fail "ring: no line of PE $pe: $out"
    grep -q "^PE $pe got $(((pe + 3) % 4)) in instance 1$" <<<"$out" || fail "two_instances: no line of PE $pe: $out"
done
out=$(cd "$ex" && "$WORK/prefix/bin/mishmemrun" -n 4 --timeout 120 ./multi_instance 2>&1) ||
    fail "multi_instance under the installed mishmemrun: $out"
grep -q "^multi_instance: all checks passed$" <<<"$out" || fail "multi_instance: $out"
echo "PASS: the installed examples build with their Makefile and run under the installed mishmemrun"
