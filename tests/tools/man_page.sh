#!/usr/bin/env bash
# launcher_man_page: every option that `mishmemrun --help` lists is
# described in man/man1/mishmemrun.1, and the page lists no option the
# launcher does not know.
#   bash man_page.sh LAUNCHER MAN_PAGE
LAUNCHER=$1 PAGE=$2
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
help=$("$LAUNCHER" --help) || fail "--help failed"
# The option column of the help: its first 24 characters of each "  -..." line.
options=$(printf '%s\n' "$help" | grep -E '^  -' | cut -c1-24 | grep -oE -- '--?[a-z][-a-z]*' | sort -u)
[ "$(echo "$options" | wc -l)" -ge 15 ] || fail "found only these options in --help: $options"
# The page as text: groff's \- is a dash; font changes go.
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$PAGE")
for option in $options; do
    printf '%s\n' "$text" | grep -qE -- "(^|[^-a-z])${option}([^-a-z]|\$)" ||
        fail "option $option of --help is not in $PAGE"
done
# Each .TP entry of OPTIONS names options the help knows.
for option in $(printf '%s\n' "$text" | sed -n '/^\.SH OPTIONS/,/^\.SH /p' | grep -A1 '^\.TP' |
    grep -v '^\.TP\|^--$' | grep -oE -- '(^|[ ,"])--?[a-z][-a-z]*' | grep -oE -- '--?[a-z][-a-z]*'); do
    printf '%s\n' "$options" | grep -qx -- "$option" || fail "$PAGE describes $option, which --help does not list"
done
echo "PASS: $(echo "$options" | wc -l) options of --help are in the man page"
