"""init() without arguments under mishmemrun, and put/get refusing a dtype
mismatch, with or without numpy.

    mishmemrun -n 2 python3 world.py [EXPECTED_PACKAGE_DIR EXPECTED_LIBRARY_DIR]

init() takes the ranks from the launcher and builds the world in instance
SHMEM_WORLD_INSTANCE_ID (0 unless set), as C's shmem_init() does. With the
optional arguments, the mishmem package and the library it loaded must lie
in those folders (the pip-installed package finding an installed library).
WORLD_PY_HIDE_NUMPY=1 hides numpy, as where it is not installed.
"""
import array
import ctypes
import os
import sys

if os.environ.get("WORLD_PY_HIDE_NUMPY") == "1":
    sys.modules["numpy"] = None  # "import numpy" now fails
import mishmem  # noqa: E402

rank = int(os.environ["MISHMEM_PE"])
hide_numpy = os.environ.get("WORLD_PY_HIDE_NUMPY") == "1"


def check(cond, what):
    if not cond:
        sys.exit(f"PE {rank}: CHECK FAILED: {what}")


def expect_error(code, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except mishmem.Error as exc:
        check(exc.code == code, f"{fn.__name__}: {exc} (expected code {code})")
        return str(exc)
    sys.exit(f"PE {rank}: CHECK FAILED: {fn.__name__}{args} did not raise mishmem.Error({code})")


check(not (hide_numpy and mishmem.HAVE_NUMPY), "numpy was found although hidden")
if len(sys.argv) == 3:
    package_dir = os.path.dirname(os.path.realpath(mishmem.__file__))
    library = os.path.realpath(mishmem._lib.lib._name)
    check(package_dir == os.path.realpath(os.path.join(sys.argv[1], "mishmem")),
          f"the package came from {package_dir}, not {sys.argv[1]}")
    check(os.path.dirname(library) == os.path.realpath(sys.argv[2]),
          f"the library came from {library}, not {sys.argv[2]}")

# Misuse of the two forms is refused before anything is built.
expect_error(mishmem.INVALID_PARAM, mishmem.init, rank, 2)
expect_error(mishmem.INVALID_PARAM, mishmem.init, instance_id=3)

mishmem.init()  # the launcher's world
world = int(os.environ.get("SHMEM_WORLD_INSTANCE_ID") or 0)
check(mishmem.current_instance() == world, f"init() made instance {mishmem.current_instance()} current")
me, n = mishmem.my_pe(), mishmem.n_pes()
check((me, n) == (rank, int(os.environ["MISHMEM_NPES"])), f"init() gave PE {me} of {n}")

# Data through the world: a ring of int64.
slot = mishmem.zeros(4, "int64")
mishmem.barrier_all()
mishmem.put(slot, (ctypes.c_int64 * 4)(*[10 * me + i for i in range(4)]), (me + 1) % n)
mishmem.barrier_all()
left = (me + n - 1) % n
check(list(slot) == [10 * left + i for i in range(4)], f"ring: {list(slot)}")

# A dtype mismatch raises INVALID_PARAM; raw bytes and the same dtype pass.
doubles = (ctypes.c_double * 4)(1.0, 2.0, 3.0, 4.0)
text = expect_error(mishmem.INVALID_PARAM, mishmem.put, slot, doubles, 0)
check("int64" in text and "float64" in text, f"the mismatch message names both dtypes: {text}")
expect_error(mishmem.INVALID_PARAM, mishmem.get, doubles, slot, 0)
expect_error(mishmem.INVALID_PARAM, mishmem.put, slot, array.array("d", [0.0] * 4), 0)
expect_error(mishmem.INVALID_PARAM, mishmem.put, slot, array.array("i", [0] * 8), 0)
wide = mishmem.zeros(4, "float64")
expect_error(mishmem.INVALID_PARAM, mishmem.broadcast, wide, slot, 0)
if mishmem.HAVE_NUMPY:
    import numpy as np
    expect_error(mishmem.INVALID_PARAM, mishmem.put, slot, np.arange(4, dtype=np.float64), 0)
    expect_error(mishmem.INVALID_PARAM, mishmem.get, np.zeros(4, dtype=np.uint64), slot, 0)
    expect_error(mishmem.INVALID_PARAM, mishmem.put, wide, np.arange(4), 0)
mishmem.barrier_all()  # every PE has checked its slot before it changes again
back = array.array("q", [0] * 4)
mishmem.get(back, slot, (me + 1) % n)
check(list(back) == [10 * me + i for i in range(4)], f"get into array('q'): {list(back)}")
raw = bytearray(32)
mishmem.get(raw, slot, (me + 1) % n)
check(list(array.array("q", bytes(raw))) == list(back), "get into a bytearray (raw bytes)")
mishmem.barrier_all()
mishmem.put(slot, bytes(32), (me + 1) % n)
mishmem.barrier_all()
check(list(slot) == [0, 0, 0, 0], f"put of raw bytes: {list(slot)}")

mishmem.free(wide)
mishmem.free(slot)
mishmem.finalize()
print(f"PE {me}: world {world} of {n} PEs ok")
