#!/usr/bin/env bash
# Builds mishmem and runs the multi-instance demo on 4 PEs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target mishmemrun multi_instance
build/bin/mishmemrun -n 4 --timeout 120 build/examples/multi_instance
