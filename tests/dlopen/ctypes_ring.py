"""libmishmem loaded by Python's ctypes (dlopen at run time) runs a ring.

    mishmemrun -n N python3 ctypes_ring.py /path/to/libmishmem.so.0

Each PE puts (its number, a value only it knows) into the next PE's
symmetric buffer and checks what its left neighbour sent.
"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.shmem_malloc.restype = ctypes.c_void_p
lib.shmem_malloc.argtypes = [ctypes.c_size_t]
lib.shmem_putmem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
lib.shmem_free.argtypes = [ctypes.c_void_p]

lib.shmem_init()
me, n = lib.shmem_my_pe(), lib.shmem_n_pes()
addr = lib.shmem_malloc(2 * ctypes.sizeof(ctypes.c_long))
if not addr:
    sys.exit(f"PE {me}: shmem_malloc returned NULL")
slot = (ctypes.c_long * 2).from_address(addr)
slot[0] = slot[1] = -1
lib.shmem_barrier_all()
mine = (ctypes.c_long * 2)(me, 1000 * me + 7)
lib.shmem_putmem(addr, mine, ctypes.sizeof(mine), (me + 1) % n)
lib.shmem_barrier_all()
left = (me + n - 1) % n
if (slot[0], slot[1]) != (left, 1000 * left + 7):
    sys.exit(f"PE {me} of {n}: got ({slot[0]}, {slot[1]}) from PE {left}")
print(f"PE {me} of {n}: ring ok")
lib.shmem_free(addr)
lib.shmem_finalize()
