"""Two SHMEM instances in one Python process, used side by side.

    mishmemrun -n 4 python3 examples/multi_instance.py

(port 0 takes its port from the range the launcher plans, or from
SHMEM_INSTANCE_PORT_RANGE=START:END when set).

Instance 0 spans every PE; instance 1 only the first half. Each PE sums a
vector over instance 0, while the first half also pass a token around a
ring in instance 1, from a `with mishmem.multi_instance(1):` block.
"""
import os

import sys

try:
    import numpy as np
except ImportError:
    # Say which python3 ran: the first on PATH may not be the system's.
    raise SystemExit(f"this example needs numpy, which {sys.executable} (Python "
                     f"{sys.version.split()[0]}) cannot import; run it with a python3 that has "
                     "numpy (Debian: /usr/bin/python3 with python3-numpy), or install numpy "
                     f"for this one ({sys.executable} -m pip install numpy)")

import mishmem

rank, nranks = int(os.environ["MISHMEM_PE"]), int(os.environ["MISHMEM_NPES"])
tcp = "tcp://127.0.0.1:0"  # port 0: start of the port range + instance id

mishmem.init(rank, nranks, 1 << 20, instance_id=0, ip_port=tcp)  # becomes current
half = max(nranks // 2, 1)
if rank < half:
    mishmem.init(rank, half, 1 << 20, instance_id=1, ip_port=tcp)  # does not switch

mine = mishmem.zeros(4, "int64")   # symmetric: on instance 0's heap
total = mishmem.zeros(4, "int64")
mine[:] = rank
mishmem.reduce(total, mine, "sum")
assert list(total) == [nranks * (nranks - 1) // 2] * 4

if rank < half:
    with mishmem.multi_instance(1):    # this thread now acts on instance 1
        me, n = mishmem.my_pe(), mishmem.n_pes()
        token = mishmem.zeros(1, "int64")
        mishmem.put(token, np.array([100 + me]), (me + 1) % n)
        mishmem.barrier_all()         # instance 1's barrier: PEs 0..half-1 only
        assert token[0] == 100 + (me + n - 1) % n
        print(f"PE {rank}: sum {total[0]} in instance 0, token {token[0]} in instance 1")
        mishmem.free(token)
    assert mishmem.current_instance() == 0
    mishmem.finalize(1)
else:
    print(f"PE {rank}: sum {total[0]} in instance 0")

mishmem.free(total)
mishmem.free(mine)
mishmem.finalize()                    # the current instance: 0
