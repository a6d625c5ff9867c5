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
