#!/usr/bin/env bash
# params_env_reads: only the parameter module (src/util/params.c) reads
# the environment; every other file of src/ takes struct mishmem_params.
# The launcher's tools/ keep their own reads of the launch contract.
#   bash env_reads.sh SOURCE_DIR
set -u
src=$1/src
[ -f "$src/util/params.c" ] || { echo "FAIL: no $src/util/params.c"; exit 1; }
hits=$(grep -rnE '\b(secure_getenv|getenv|mishmem_env_[a-z_]*)\b' "$src" --include='*.c' --include='*.h' |
       grep -v "^$src/util/params\.c:")
if [ -n "$hits" ]; then
    echo "FAIL: the environment is read outside src/util/params.c (use mishmem_params()):"
    echo "$hits"
    exit 1
fi
echo "PASS: only src/util/params.c reads the environment"
