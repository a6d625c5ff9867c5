#!/usr/bin/env bash
# python_readme_example: the README's Python example (its first ```python
# block), as written, on 3 PEs under mishmemrun: PEs 0 and 1 each print
# the array the other put into instance 1.
#   bash readme_example.sh MISHMEMRUN PYTHON README
set -u
LAUNCHER=$1 PY=$2 README=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/mishmem-readme-py.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$work/out" >&2 2>/dev/null; exit 1; }

awk '/^```python$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' "$README" >"$work/example.py"
grep -q "import mishmem" "$work/example.py" || fail "no \`\`\`python block with the example in $README"
if ! "$PY" -c 'import numpy' 2>/dev/null; then
    echo "SKIP: the example needs numpy, which $PY lacks"
    exit 77
fi
# Without PYTHONUNBUFFERED each PE writes its output at exit in one piece,
# so the lines of the PEs, which share the output file, do not interleave.
env -u PYTHONUNBUFFERED timeout 120 "$LAUNCHER" -n 3 "$PY" "$work/example.py" >"$work/out" 2>&1 ||
    fail "the example failed"
for rank in 0 1; do
    grep -q "$rank \[0 1 2 3\]" "$work/out" || fail "PE $rank did not print its array"
done
echo "PASS: the README's Python example on 3 PEs"
