"""The installed mishmem Python module finds the installed library on its
own (MISHMEM_LIBRARY unset) and runs a ring: mishmemrun -n 2 python3 ring.py PREFIX"""
import ctypes
import os
import sys

import mishmem

prefix = os.path.realpath(sys.argv[1])
loaded = os.path.realpath(mishmem._lib.lib._name)
if not loaded.startswith(prefix + os.sep):
    sys.exit(f"mishmem loaded {loaded}, not the library under {prefix}")
rank, nranks = int(os.environ["MISHMEM_PE"]), int(os.environ["MISHMEM_NPES"])
mishmem.init(rank, nranks, 1 << 20, instance_id=2, ip_port="tcp://127.0.0.1:0")
slot = mishmem.zeros(1, "int64")
mishmem.put(slot, (ctypes.c_int64 * 1)(100 + rank), (rank + 1) % nranks)
mishmem.barrier_all()
if slot[0] != 100 + (rank + nranks - 1) % nranks:
    sys.exit(f"PE {rank}: got {slot[0]}")
mishmem.free(slot)
mishmem.finalize()
os.write(1, f"PE {rank}: python ring ok\n".encode())  # one write: the PEs share stdout
