#!/usr/bin/env bash
# dlopen_tls_size: libmishmem's thread-local block stays small. The thread
# override is initial-exec, so a library loaded with dlopen() must fit its
# whole TLS block into glibc's small surplus of static TLS, shared with
# every other such library of the process (Python extensions, profilers):
# 2,088 bytes there once made dlopen fail in every host.
#   bash tls_size.sh LIBRARY [MAX_BYTES]
LIB=$1 MAX=${2:-256}
command -v readelf >/dev/null || { echo "SKIP: readelf is not installed"; exit 77; }
memsz=$(readelf -lW "$LIB" | awk '$1 == "TLS" { print $6 }')
[ -n "$memsz" ] || { echo "PASS: $LIB has no TLS segment"; exit 0; }
bytes=$((memsz))
if [ "$bytes" -gt "$MAX" ]; then
    echo "FAIL: $LIB has $bytes bytes of TLS (at most $MAX): keep large per-thread data off" \
         "_Thread_local (allocate it, or put it on the stack)" >&2
    exit 1
fi
echo "PASS: $LIB has $bytes bytes of TLS (at most $MAX)"
