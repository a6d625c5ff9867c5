#!/usr/bin/env bash
# params_doc: docs/reference/environment.md is what `mishmem-info
# --markdown` makes of the parameter table. To refresh it after changing
# src/util/params_table.h: build/bin/mishmem-info --markdown > docs/reference/environment.md
#   bash doc.sh MISHMEM_INFO DOC
set -u
tool=$1 doc=$2
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
"$tool" --markdown >"$generated" || { echo "FAIL: mishmem-info --markdown failed"; exit 1; }
if ! diff -u "$doc" "$generated"; then
    echo "FAIL: $doc differs from the table (regenerate: mishmem-info --markdown > $doc)"
    exit 1
fi
echo "PASS: $doc matches the parameter table"
