"""The mishmem module without numpy (hidden from the import system): arrays
are ctypes arrays, and put/get, atomics and reduce work on them.

    mishmemrun -n 2 python3 no_numpy.py
"""
import ctypes
import os
import sys

sys.modules["numpy"] = None  # "import numpy" now fails, as where it is not installed
import mishmem  # noqa: E402

rank, nranks = int(os.environ["MISHMEM_PE"]), int(os.environ["MISHMEM_NPES"])


def check(cond, what):
    if not cond:
        sys.exit(f"PE {rank}: CHECK FAILED: {what}")


check(not mishmem.HAVE_NUMPY, "numpy was found although hidden")
mishmem.init(rank, nranks, 1 << 20, instance_id=4, ip_port="tcp://127.0.0.1:0")
me, n = mishmem.my_pe(), mishmem.n_pes()
slot = mishmem.zeros(3, "int64")
check(isinstance(slot, ctypes.Array) and list(slot) == [0, 0, 0], "zeros without numpy")
mishmem.barrier_all()  # every PE has looked at its zeros before any put lands
mishmem.put(slot, (ctypes.c_int64 * 3)(me, 2 * me, 3 * me), (me + 1) % n)
mishmem.barrier_all()
left = (me + n - 1) % n
check(list(slot) == [left, 2 * left, 3 * left], f"ring: {list(slot)}")
back = bytearray(24)
mishmem.get(back, slot, (me + 1) % n)
check(list((ctypes.c_int64 * 3).from_buffer(back)) == [me, 2 * me, 3 * me], "get into a bytearray")
mishmem.barrier_all()
old = mishmem.atomic_fetch_add(slot, 1, 5, 0)
check(isinstance(old, int), "fetch_add result")
mishmem.barrier_all()
if me == 0:
    check(slot[1] == 2 * left + 5 * n, f"fetch_add total {slot[1]}")
total = mishmem.zeros(3, "int64")
mishmem.barrier_all()
mishmem.reduce(total, slot, "sum")
check(total[0] == sum(range(n)), f"reduce sum {list(total)}")
try:
    mishmem.zeros(2, "complex128")
except mishmem.Error as exc:
    check(exc.code == mishmem.INVALID_PARAM and "ACLSHMEM_INVALID_PARAM" in str(exc), str(exc))
else:
    check(False, "a dtype ctypes cannot hold was accepted")
mishmem.free(total)
mishmem.free(slot)
mishmem.finalize(4)
print(f"PE {rank}: without numpy ok")
