"""The seed library's multi-instance scenario, in Python, on 3 PEs.

    python3 seed_scenario.py RANK 3          (started by hand, one per PE)
    mishmemrun -n 3 python3 seed_scenario.py (rank from the launcher)

Instance 0 spans the 3 PEs and orders the steps; instance 1 spans PEs 1-2
(tcp), instance 2 PEs 0-1 (unique id, handed over through instance 0) and
instance 3 PEs 1-2 again, driven by PE 1 from two threads at once.
ip_port uses port 0: SHMEM_INSTANCE_PORT_RANGE, or under mishmemrun the
range the launcher plans.
Exits 77 (a ctest SKIP) when numpy is not installed.
"""
import ctypes
import os
import sys
import threading

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is not installed (Debian: apt-get install python3-numpy)")
    sys.exit(77)

import mishmem

MEM = 1 << 20
TCP = "tcp://127.0.0.1:0"

if len(sys.argv) == 3:
    rank, nranks = int(sys.argv[1]), int(sys.argv[2])
else:
    rank, nranks = int(os.environ["MISHMEM_PE"]), int(os.environ["MISHMEM_NPES"])
assert nranks == 3, "the scenario is written for 3 PEs"


def check(cond, what):
    if not cond:
        sys.exit(f"PE {rank}: CHECK FAILED: {what}")


def expect_error(code, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except mishmem.Error as exc:
        check(exc.code == code, f"{fn.__name__}{args}: code {exc.code}, expected {code}")
        return
    sys.exit(f"PE {rank}: CHECK FAILED: {fn.__name__}{args} did not raise mishmem.Error({code})")


def ring(tag):
    """Every PE of the current instance puts tag + its number to the next PE."""
    me, n = mishmem.my_pe(), mishmem.n_pes()
    slot = mishmem.zeros(1, "int64")
    mishmem.put(slot, np.array([tag + me], dtype=np.int64), (me + 1) % n)
    mishmem.barrier_all()
    check(slot[0] == tag + (me + n - 1) % n, f"ring {tag}: got {slot[0]}")
    back = np.zeros(1, dtype=np.int64)
    mishmem.get(back, slot, (me + 1) % n)
    check(back[0] == tag + me, f"ring {tag}: get from the next PE gave {back[0]}")
    mishmem.barrier_all()
    mishmem.free(slot)


def collectives(tag):
    """Atomics, reduce and broadcast in the current instance."""
    me, n = mishmem.my_pe(), mishmem.n_pes()
    counter = mishmem.zeros(4, "int64")
    mishmem.barrier_all()
    for _ in range(10):
        mishmem.atomic_fetch_add(counter, 2, me + 1, 0)
    mishmem.barrier_all()
    total = mishmem.atomic_fetch(counter, 2, 0)
    check(total == 10 * n * (n + 1) // 2, f"{tag}: fetch_add total {total}")
    src = mishmem.zeros((2, 3), "float64")
    dest = mishmem.zeros((2, 3), "float64")
    src[:] = np.arange(6).reshape(2, 3) + 100 * me
    mishmem.reduce(dest, src, "sum")
    check(np.array_equal(dest, n * np.arange(6).reshape(2, 3) + 100 * n * (n - 1) / 2), f"{tag}: sum {dest}")
    mishmem.reduce(dest, src, "max")
    check(np.array_equal(dest, np.arange(6).reshape(2, 3) + 100 * (n - 1)), f"{tag}: max {dest}")
    mishmem.broadcast(dest, src, n - 1)
    check(np.array_equal(dest, np.arange(6).reshape(2, 3) + 100 * (n - 1)), f"{tag}: broadcast {dest}")
    mishmem.barrier_all()
    for array in (counter, src, dest):
        mishmem.free(array)


# 1. Instance 0 over the 3 PEs: the first instance becomes current.
mishmem.init(rank, nranks, MEM, instance_id=0, ip_port=TCP)
check(mishmem.current_instance() == 0, "instance 0 current after init")
check((mishmem.my_pe(), mishmem.n_pes()) == (rank, 3), "numbering of instance 0")
check(mishmem.get_version() == "1.6", f"version {mishmem.get_version()}")
ring(100)
collectives("instance 0")
blocks = mishmem.zeros(3, "int32")
mine = mishmem.zeros(3, "int32")
mine[:] = [10 * rank + j for j in range(3)]
mishmem.alltoall(blocks, mine)
check(list(blocks) == [10 * i + rank for i in range(3)], f"alltoall {list(blocks)}")
mishmem.free(blocks)
mishmem.free(mine)

# 2. Invalid ids and misuse raise, with the ACLSHMEM_* code, and change nothing.
expect_error(mishmem.INVALID_VALUE, mishmem.set_instance, 255)
expect_error(mishmem.INVALID_PARAM, mishmem.set_instance, 9)
expect_error(mishmem.INVALID_VALUE, mishmem.init, rank, nranks, MEM, instance_id=255, ip_port=TCP)
expect_error(mishmem.INVALID_VALUE, mishmem.finalize, -1)
expect_error(mishmem.INVALID_PARAM, mishmem.finalize, 200)
expect_error(mishmem.INVALID_PARAM, mishmem.init, rank, nranks, MEM, instance_id=5)
with_bad = mishmem.multi_instance(300)
expect_error(mishmem.INVALID_VALUE, with_bad.__enter__)
# Initializing a live id again: nothing happens with the same attributes,
# INVALID_PARAM with different ones.
mishmem.init(rank, nranks, MEM, instance_id=0, ip_port=TCP)
expect_error(mishmem.INVALID_PARAM, mishmem.init, rank, nranks, 2 * MEM, instance_id=0, ip_port=TCP)
probe = mishmem.zeros(2, "int64")
expect_error(mishmem.INVALID_PARAM, mishmem.put, probe, np.zeros(2, dtype=np.int64), 3)
expect_error(mishmem.INVALID_PARAM, mishmem.put, np.zeros(2, dtype=np.int64), probe, 0)
expect_error(mishmem.INVALID_PARAM, mishmem.atomic_fetch_add, probe, 2, 1, 0)
expect_error(mishmem.INVALID_PARAM, mishmem.free, np.zeros(2))
mishmem.free(probe)
check(mishmem.current_instance() == 0, "errors changed the current instance")
mishmem.barrier_all()

# 3. Instance 1 on a subset (PEs 1, 2); creating it does not switch.
if rank in (1, 2):
    mishmem.init(rank - 1, 2, MEM, instance_id=1, ip_port=TCP)
    check(mishmem.current_instance() == 0, "creating instance 1 switched")
    mishmem.set_instance(1)
    check((mishmem.current_instance(), mishmem.my_pe(), mishmem.n_pes()) == (1, rank - 1, 2),
          "numbering of instance 1")
    expect_error(mishmem.MALLOC_FAILED, mishmem.zeros, 2 * MEM, "uint8")
    ring(200)
    collectives("instance 1")
    # Another binding (shmem4py, say) loads the library by its soname and
    # calls the OpenSHMEM face: it is the same copy, acting on the
    # instance this module made current.
    face = ctypes.CDLL("libmishmem.so.0")
    check((face.shmem_my_pe(), face.shmem_n_pes()) == (rank - 1, 2), "OpenSHMEM face in instance 1")
    counter = mishmem.zeros(1, "int64")
    face.shmem_long_atomic_add.argtypes = [ctypes.c_void_p, ctypes.c_long, ctypes.c_int]
    face.shmem_long_atomic_add(counter.ctypes.data, rank, 0)
    face.shmem_barrier_all()
    if rank == 1:
        check(counter[0] == 1 + 2, f"shmem_long_atomic_add through the face: {counter[0]}")
    mishmem.barrier_all()
    mishmem.free(counter)
    with mishmem.multi_instance(0):
        check(face.shmem_n_pes() == 3, "OpenSHMEM face under multi_instance(0)")
    mishmem.set_instance(0)
else:
    expect_error(mishmem.INVALID_PARAM, mishmem.set_instance, 1)
mishmem.barrier_all()

# 4. Instance 2 on PEs 0, 1 by unique id (the bytes go through instance 0),
#    instance 3 on PEs 1, 2 by tcp.
uid_box = mishmem.zeros(mishmem.UNIQUE_ID_BYTES, "uint8")
if rank == 0:
    uid = mishmem.get_unique_id()
    mishmem.put(uid_box, np.frombuffer(uid, dtype=np.uint8), 1)
mishmem.barrier_all()
if rank == 0:
    mishmem.init(0, 2, MEM, instance_id=2, uid=uid)
elif rank == 1:
    mishmem.init(1, 2, MEM, instance_id=2, uid=uid_box.tobytes())
mishmem.free(uid_box)
if rank in (1, 2):
    mishmem.init(rank - 1, 2, 2 * MEM, instance_id=3, ip_port=TCP)
check(mishmem.current_instance() == 0, "creating instances 2 and 3 switched")
failures = []


def drive(instance_id, tag):
    try:
        with mishmem.multi_instance(instance_id):
            check(mishmem.current_instance() == instance_id, f"override {instance_id}")
            for round_ in range(3):
                ring(tag + 10 * round_)
                collectives(f"instance {instance_id}")
            with mishmem.multi_instance(0):
                check(mishmem.current_instance() == 0, "nested override")
            check(mishmem.current_instance() == instance_id, "nested override not restored")
        check(mishmem.current_instance() == 0, "override not cleared")
    except SystemExit as exc:
        failures.append(str(exc))


if rank == 1:
    # PE 1 drives both instances at once, one thread each.
    threads = [threading.Thread(target=drive, args=(2, 300)), threading.Thread(target=drive, args=(3, 400))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
elif rank == 0:
    drive(2, 300)
else:
    drive(3, 400)
check(not failures, "; ".join(failures))
check(mishmem.current_instance() == 0, "threads switched the process-wide instance")
mishmem.barrier_all()

# 5. Finalize rules: finalizing the current instance falls back to the
#    default (0); finalizing another leaves the current one alone; a
#    finalized id is refused.
if rank in (1, 2):
    if rank == 1:
        mishmem.set_instance(3)
    mishmem.finalize(3)
    check(mishmem.current_instance() == 0, "after finalize(3)")
    expect_error(mishmem.INVALID_PARAM, mishmem.set_instance, 3)
    expect_error(mishmem.INVALID_PARAM, mishmem.finalize, 3)
    mishmem.set_instance(1)
    mishmem.finalize()
    check(mishmem.current_instance() == 0, "after finalize() of the current instance 1")
if rank in (0, 1):
    mishmem.finalize(2)
    expect_error(mishmem.INVALID_PARAM, mishmem.set_instance, 2)
mishmem.barrier_all()
ring(500)
mishmem.finalize(0)
expect_error(mishmem.NOT_INITED, mishmem.current_instance)
expect_error(mishmem.NOT_INITED, mishmem.my_pe)
print(f"PE {rank}: seed scenario ok")
