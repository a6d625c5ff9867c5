"""mishmem: several independent SHMEM instances in one Python process.

Pure Python over libmishmem with ctypes; numpy is used when present (the
arrays of ``zeros`` are then numpy arrays whose memory is the symmetric
heap, else flat ctypes arrays). The names follow the seed library's Python
module: ``init``, ``get_unique_id``, ``finalize``, ``set_instance``,
``current_instance``, ``multi_instance``, ``get_version``.

Every call acts on the current instance of the calling thread, as in C: its
override if it has one, else the process-wide current instance.
``set_instance`` switches the process-wide one (under the module's lock);
``multi_instance(id)`` sets this thread's override for the ``with`` block
and restores the previous one after, so threads can work in different
instances at once without switching each other. Every failing call raises
``mishmem.Error`` with the ``ACLSHMEM_*`` code; none returns silently.
"""
import contextlib
import ctypes
import threading

from . import _lib
from ._lib import lib

try:
    import numpy as _np
except ImportError:  # arrays are then ctypes arrays
    _np = None

__all__ = [
    "Error", "init", "get_unique_id", "finalize", "set_instance", "current_instance",
    "multi_instance", "get_version", "my_pe", "n_pes", "barrier_all", "malloc", "calloc",
    "align", "zeros", "free", "put", "get", "atomic_fetch", "atomic_set", "atomic_swap",
    "atomic_compare_swap", "atomic_fetch_inc", "atomic_inc", "atomic_fetch_add", "atomic_add",
    "atomic_fetch_and", "atomic_and", "atomic_fetch_or", "atomic_or", "atomic_fetch_xor",
    "atomic_xor", "broadcast", "reduce", "alltoall", "HAVE_NUMPY", "UNIQUE_ID_BYTES",
]

HAVE_NUMPY = _np is not None

# ACLSHMEM_* return codes (the seed library's values).
SUCCESS = 0
INVALID_PARAM = -1
INVALID_VALUE = -2
SMEM_ERROR = -3
INNER_ERROR = -4
NOT_INITED = -5
BOOTSTRAP_ERROR = -6
TIMEOUT_ERROR = -7
MALLOC_FAILED = -8
DL_FUNC_FAILED = -9
INNER_TIMEOUT = -10
UNDER_API_UNLOAD = -11
NOT_SUPPORTED = -100
PEER_FAILED = -200  # mishmem's own ACLSHMEMX_PEER_FAILED: a peer of the instance died or left
_CODE_NAMES = {v: "ACLSHMEM_" + k for k, v in globals().copy().items()
               if isinstance(v, int) and k.isupper() and k != "HAVE_NUMPY"}
_CODE_NAMES[PEER_FAILED] = "ACLSHMEMX_PEER_FAILED"
MAX_INSTANCE_ID = 254
UNIQUE_ID_BYTES = ctypes.sizeof(_lib.UniqueId)  # len(get_unique_id())


class Error(RuntimeError):
    """A mishmem call failed. ``code`` is the ACLSHMEM_* value, ``call`` the call."""

    def __init__(self, call, code, detail=""):
        self.call = call
        self.code = code
        self.code_name = _CODE_NAMES.get(code, str(code))
        text = f"{call}: {self.code_name} ({code})"
        super().__init__(text + (": " + detail if detail else ""))


def _check(call, rc, detail=""):
    if rc != SUCCESS:
        raise Error(call, rc, detail)


def _check_id(call, instance_id):
    if not isinstance(instance_id, int) or isinstance(instance_id, bool):
        raise Error(call, INVALID_PARAM, f"instance id must be an int, not {type(instance_id).__name__}")
    if instance_id < 0 or instance_id > MAX_INSTANCE_ID:
        raise Error(call, INVALID_VALUE, f"instance id {instance_id} is outside 0..{MAX_INSTANCE_ID}")


# The module's lock: instance creation, finalize, process-wide switches and
# the table of symmetric allocations. Data calls do not take it.
_lock = threading.RLock()
# Symmetric allocations made through this module: {instance id: {address: bytes}}.
_allocations = {}
# Per thread: the overrides that multi_instance blocks replaced (None: none).
_thread = threading.local()


# ---------------------------------------------------------------- instances

def init(rank=None, nranks=None, mem_size=None, instance_id=None, ip_port=None, uid=None):
    """Without arguments: builds the world as C's ``shmem_init()`` does,
    from the environment, and makes it current: under ``mishmemrun`` (or
    ``mpirun``/``srun`` with PMIx) the ranks come from the launcher, else
    the process is the only PE; the instance is SHMEM_WORLD_INSTANCE_ID
    (0 unless set) and the heap SHMEM_SYMMETRIC_SIZE per PE (256M unless
    set).

    With arguments: creates instance ``instance_id`` (default 0) in which
    this process is PE ``rank`` of ``nranks``, with ``mem_size`` bytes of
    symmetric heap per PE. Collective over its ``nranks`` PEs. Either
    ``ip_port`` ("tcp://HOST:PORT"; port 0 takes ``start + instance_id``
    from SHMEM_INSTANCE_PORT_RANGE) or ``uid`` (the bytes of
    ``get_unique_id()`` made on rank 0). The first instance the process
    creates becomes current; later ones do not."""
    call = "mishmem.init"
    if rank is None and nranks is None and mem_size is None and ip_port is None and uid is None:
        if instance_id is not None:
            raise Error(call, INVALID_PARAM, "init() without ranks builds shmem_init's world, whose "
                        "id is SHMEM_WORLD_INSTANCE_ID; for instance "
                        f"{instance_id} give rank, nranks, mem_size and ip_port or uid")
        _init_world(call)
        return
    if rank is None or nranks is None or mem_size is None:
        raise Error(call, INVALID_PARAM, "give rank, nranks and mem_size together (or no argument "
                    "at all, under mishmemrun)")
    if instance_id is None:
        instance_id = 0
    _check_id(call, instance_id)
    for name, value in (("rank", rank), ("nranks", nranks), ("mem_size", mem_size)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise Error(call, INVALID_PARAM, f"{name} must be an int")
    if (ip_port is None) == (uid is None):
        raise Error(call, INVALID_PARAM, "give exactly one of ip_port and uid")
    attr = _lib.InitAttr()
    attr.my_pe, attr.n_pes = -1, -1
    attr.option_attr = _lib.OptionalAttr(_lib.OPTION_ATTR_VERSION, 1, _lib.DEFAULT_TIMEOUT_S,
                                         _lib.DEFAULT_TIMEOUT_S, _lib.DEFAULT_TIMEOUT_S, -1)
    if mem_size < 0:
        raise Error(call, INVALID_VALUE, f"mem_size {mem_size} is negative")
    with _lock:
        if uid is not None:
            uid = bytes(uid)
            if len(uid) != ctypes.sizeof(_lib.UniqueId):
                raise Error(call, INVALID_PARAM, f"uid has {len(uid)} bytes, expected "
                            f"{ctypes.sizeof(_lib.UniqueId)} (from get_unique_id())")
            uid_struct = _lib.UniqueId.from_buffer_copy(uid)
            _check("aclshmemx_set_attr_uniqueid_args",
                   lib.aclshmemx_set_attr_uniqueid_args(rank, nranks, mem_size, ctypes.byref(uid_struct),
                                                        ctypes.byref(attr)))
            attr.instance_id = instance_id
            rc = lib.aclshmemx_init_attr(_lib.INIT_WITH_UNIQUEID, ctypes.byref(attr))
        else:
            if not isinstance(ip_port, str):
                raise Error(call, INVALID_PARAM, "ip_port must be a str such as 'tcp://127.0.0.1:0'")
            address = ip_port.encode()
            attr.my_pe, attr.n_pes = rank, nranks
            attr.ip_port = address
            attr.local_mem_size = mem_size
            attr.instance_id = instance_id
            rc = lib.aclshmemx_init_attr(_lib.INIT_WITH_DEFAULT, ctypes.byref(attr))
        _check(call, rc, f"instance {instance_id}, rank {rank} of {nranks}")
        _allocations.setdefault(instance_id, {})


def _init_world(call):
    """shmem_init_thread(SHMEM_THREAD_MULTIPLE): the launcher's world."""
    provided = ctypes.c_int()
    with _lock:
        if lib.shmem_init_thread(_lib.SHMEM_THREAD_MULTIPLE, ctypes.byref(provided)) != 0:
            # The C call reports only failure; its messages (on stderr) say why.
            raise Error(call, INNER_ERROR, "shmem_init_thread failed; see the library's messages above")
        _allocations.setdefault(current_instance(), {})


def get_unique_id():
    """A unique id (bytes) whose maker becomes rank 0 of the instance that
    ``init(..., uid=...)`` builds with it; hand the bytes to the others."""
    uid = _lib.UniqueId()
    uid.version = _lib.UNIQUEID_VERSION
    _check("mishmem.get_unique_id", lib.aclshmemx_get_uniqueid(ctypes.byref(uid)))
    return bytes(uid)


def finalize(instance_id=None):
    """Finalizes ``instance_id`` (collective over its PEs), or the current
    instance when None. The caller's current instance changes only when it
    is the one finalized (it then falls back to the default instance)."""
    call = "mishmem.finalize"
    with _lock:
        if instance_id is None:
            instance_id = current_instance()
        _check_id(call, instance_id)
        _check(call, lib.aclshmemx_finalize(instance_id), f"instance {instance_id}")
        _allocations.pop(instance_id, None)


def set_instance(instance_id):
    """Makes ``instance_id`` the process-wide current instance (a pointer
    store in C). A thread inside ``multi_instance`` keeps its own."""
    call = "mishmem.set_instance"
    _check_id(call, instance_id)
    with _lock:
        _check(call, lib.aclshmemx_instance_ctx_set(instance_id), f"instance {instance_id}")


def current_instance():
    """The id of the instance this thread acts on."""
    ctx = lib.aclshmemx_instance_ctx_get()
    if not ctx:
        raise Error("mishmem.current_instance", NOT_INITED, "no instance is current")
    return int(ctx.contents.id)


@contextlib.contextmanager
def multi_instance(instance_id):
    """``with multi_instance(id):`` this thread acts on instance ``id`` (a
    per-thread override, so other threads are not switched); the previous
    override, or none, is restored after the block."""
    call = "mishmem.multi_instance"
    _check_id(call, instance_id)
    stack = getattr(_thread, "stack", None)
    if stack is None:
        stack = _thread.stack = []
    previous = stack[-1] if stack else None
    _check(call, lib.aclshmemx_instance_thread_set(instance_id), f"instance {instance_id}")
    stack.append(instance_id)
    try:
        yield instance_id
    finally:
        stack.pop()
        # The previous override may have been finalized inside the block.
        if previous is None or lib.aclshmemx_instance_thread_set(previous) != SUCCESS:
            lib.aclshmemx_instance_thread_clear()


def get_version():
    """The OpenSHMEM version the library implements, as "major.minor"."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    _check("mishmem.get_version", lib.aclshmem_info_get_version(ctypes.byref(major), ctypes.byref(minor)))
    return f"{major.value}.{minor.value}"


def _current_checked(call):
    ctx = lib.aclshmemx_instance_ctx_get()
    if not ctx:
        raise Error(call, NOT_INITED, "no instance is current")
    return ctx.contents


def my_pe():
    """This PE's number in the current instance."""
    return _current_checked("mishmem.my_pe").my_pe


def n_pes():
    """The number of PEs of the current instance."""
    return _current_checked("mishmem.n_pes").n_pes


def barrier_all():
    """Quiet, then wait for every PE of the current instance."""
    _check("mishmem.barrier_all", lib.aclshmem_barrier_all())


# ------------------------------------------------------------ symmetric heap

def _record(call, address, nbytes):
    if not address:
        raise Error(call, MALLOC_FAILED, f"{nbytes} bytes on instance {current_instance()} "
                    "(is the instance's mem_size large enough?)")
    with _lock:
        _allocations.setdefault(current_instance(), {})[address] = nbytes
    return address


def malloc(nbytes):
    """Collective: the address (int) of ``nbytes`` of the current instance's heap."""
    _current_checked("mishmem.malloc")
    return _record("mishmem.malloc", lib.aclshmem_malloc(max(int(nbytes), 1)), nbytes)


def calloc(count, size):
    """Collective: like malloc, zero-filled."""
    _current_checked("mishmem.calloc")
    return _record("mishmem.calloc", lib.aclshmem_calloc(max(int(count), 1), max(int(size), 1)),
                   count * size)


def align(alignment, nbytes):
    """Collective: like malloc, at a multiple of ``alignment`` (a power of two)."""
    _current_checked("mishmem.align")
    return _record("mishmem.align", lib.aclshmem_align(int(alignment), max(int(nbytes), 1)), nbytes)


# The seed library's names for the same calls.
aclshmemx_malloc, aclshmemx_calloc, aclshmemx_align = malloc, calloc, align


def _shape_count(shape):
    if isinstance(shape, int):
        shape = (shape,)
    count = 1
    for extent in shape:
        if not isinstance(extent, int) or extent < 0:
            raise Error("mishmem.zeros", INVALID_PARAM, f"bad shape {shape!r}")
        count *= extent
    return tuple(shape), count


def zeros(shape, dtype="float64"):
    """Collective: a zero-filled array on the current instance's symmetric
    heap (numpy when present, else a flat ctypes array). Free it with
    ``free`` before its instance is finalized."""
    call = "mishmem.zeros"
    shape, count = _shape_count(shape)
    _current_checked(call)
    if _np is not None:
        dt = _np.dtype(dtype)
        nbytes = count * dt.itemsize
        address = _record(call, lib.aclshmem_calloc(1, max(nbytes, 1)), nbytes)
        raw = (ctypes.c_char * nbytes).from_address(address)
        return _np.frombuffer(raw, dtype=dt, count=count).reshape(shape)
    name = str(dtype)
    if name not in _lib.CTYPE_OF:
        raise Error(call, INVALID_PARAM, f"dtype {dtype!r} (without numpy: one of "
                    f"{', '.join(_lib.CTYPE_OF)})")
    array_type = _lib.CTYPE_OF[name] * count
    address = _record(call, lib.aclshmem_calloc(1, max(ctypes.sizeof(array_type), 1)),
                      ctypes.sizeof(array_type))
    return array_type.from_address(address)


def _address_of(obj):
    if _np is not None and isinstance(obj, _np.ndarray):
        return obj.__array_interface__["data"][0]
    if isinstance(obj, int):
        return obj
    return ctypes.addressof(obj)


def free(array):
    """Collective: frees an array of ``zeros`` (or an address of malloc)."""
    call = "mishmem.free"
    address = _address_of(array)
    with _lock:
        table = _allocations.get(current_instance(), {})
        if address not in table:
            raise Error(call, INVALID_PARAM, f"0x{address:x} is not the start of a symmetric "
                        f"allocation of instance {current_instance()}")
        del table[address]
        lib.aclshmem_free(address)


# ------------------------------------------------------------ data movement

# struct format codes of typed buffers (array.array, memoryview.cast) by
# dtype; "B", "b" and "c" (bytes, bytearray) are raw bytes of any dtype.
_FORMAT_KINDS = {"h": "int", "i": "int", "l": "int", "q": "int", "n": "int",
                 "H": "uint", "I": "uint", "L": "uint", "Q": "uint", "N": "uint",
                 "e": "float", "f": "float", "d": "float"}


def _dtype_of_format(fmt, itemsize):
    fmt = fmt.lstrip("@=<>!")
    kind = _FORMAT_KINDS.get(fmt)
    if kind is None:
        return None if fmt in ("B", "b", "c") else fmt
    return f"{kind}{8 * itemsize}"


class _Buffer:
    """The address, size and element type of an array argument."""

    def __init__(self, call, obj, writable):
        self.keep = obj
        self.dtype, self.itemsize = None, 1
        if _np is not None and isinstance(obj, _np.ndarray):
            if not obj.flags.c_contiguous:
                raise Error(call, INVALID_PARAM, "arrays must be C-contiguous")
            if writable and not obj.flags.writeable:
                raise Error(call, INVALID_PARAM, "the destination array is read-only")
            self.address, self.nbytes = obj.__array_interface__["data"][0], obj.nbytes
            self.dtype, self.itemsize = obj.dtype.name, obj.itemsize
            return
        if isinstance(obj, ctypes.Array):
            self.address, self.nbytes = ctypes.addressof(obj), ctypes.sizeof(obj)
            for name, ctype in _lib.CTYPE_OF.items():
                if obj._type_ is ctype:
                    self.dtype, self.itemsize = name, ctypes.sizeof(ctype)
            return
        view = memoryview(obj)
        if not view.c_contiguous:
            raise Error(call, INVALID_PARAM, "buffers must be contiguous")
        self.nbytes, self.itemsize = view.nbytes, view.itemsize
        self.dtype = _dtype_of_format(view.format, view.itemsize)
        if view.readonly:
            if writable:
                raise Error(call, INVALID_PARAM, "the destination buffer is read-only")
            self.keep = ctypes.create_string_buffer(view.tobytes(), max(self.nbytes, 1))
        else:
            self.keep = (ctypes.c_char * self.nbytes).from_buffer(view)
        self.address = ctypes.addressof(self.keep)

    def same_dtype(self, call, other, names):
        """Raises unless both sides hold one dtype (raw bytes match any):
        copying int64 into float64 bit for bit is never what was meant."""
        if self.dtype is not None and other.dtype is not None and self.dtype != other.dtype:
            raise Error(call, INVALID_PARAM, f"{names[0]} is {self.dtype}, {names[1]} {other.dtype}; "
                        "convert one (numpy: .astype) or pass raw bytes")
        return self

    def symmetric(self, call, what):
        """Checks that the buffer lies in one allocation of the current instance."""
        instance = current_instance()
        with _lock:
            for start, size in _allocations.get(instance, {}).items():
                if start <= self.address and self.address + self.nbytes <= start + max(size, 1):
                    return self
        raise Error(call, INVALID_PARAM, f"{what} (0x{self.address:x}, {self.nbytes} bytes) is not "
                    f"in a symmetric array of instance {instance} (use mishmem.zeros)")


def _check_pe(call, pe):
    npes = n_pes()
    if not isinstance(pe, int) or pe < 0 or pe >= npes:
        raise Error(call, INVALID_PARAM, f"PE {pe!r} is outside 0..{npes - 1} of instance "
                    f"{current_instance()}")


def put(dest, src, pe):
    """Copies ``src`` (any contiguous buffer of dest's dtype, or raw bytes)
    into the symmetric ``dest`` on PE ``pe``."""
    call = "mishmem.put"
    d = _Buffer(call, dest, writable=False).symmetric(call, "dest")
    s = _Buffer(call, src, writable=False).same_dtype(call, d, ("src", "dest"))
    if s.nbytes != d.nbytes:
        raise Error(call, INVALID_PARAM, f"src has {s.nbytes} bytes, dest {d.nbytes}")
    _check_pe(call, pe)
    _check(call, lib.aclshmem_putmem(d.address, s.address, d.nbytes, pe), f"PE {pe}")


def get(dest, src, pe):
    """Copies the symmetric ``src`` of PE ``pe`` into ``dest`` (a local
    buffer of src's dtype, or raw bytes)."""
    call = "mishmem.get"
    s = _Buffer(call, src, writable=False).symmetric(call, "src")
    d = _Buffer(call, dest, writable=True).same_dtype(call, s, ("dest", "src"))
    if s.nbytes != d.nbytes:
        raise Error(call, INVALID_PARAM, f"src has {s.nbytes} bytes, dest {d.nbytes}")
    _check_pe(call, pe)
    _check(call, lib.aclshmem_getmem(d.address, s.address, d.nbytes, pe), f"PE {pe}")


# ------------------------------------------------------------------ atomics

def _element(call, array, index, allowed):
    b = _Buffer(call, array, writable=False).symmetric(call, "array")
    if b.dtype not in allowed:
        raise Error(call, INVALID_PARAM, f"dtype {b.dtype} (allowed: {', '.join(allowed)})")
    count = b.nbytes // b.itemsize
    if _np is not None and isinstance(array, _np.ndarray) and isinstance(index, tuple):
        index = int(_np.ravel_multi_index(index, array.shape))
    if not isinstance(index, int) or index < 0 or index >= count:
        raise Error(call, INVALID_PARAM, f"index {index!r} is outside the array's {count} elements")
    return b, b.address + index * b.itemsize, _lib.CTYPE_OF[b.dtype]


def _amo_fetching(op, allowed, nargs):
    def amo(array, index, *args):
        call = f"mishmem.atomic_{op}"
        if len(args) != nargs + 1:
            raise Error(call, INVALID_PARAM, f"expected array, index, {nargs} value(s) and pe")
        *values, pe = args
        b, address, ctype = _element(call, array, index, allowed)
        _check_pe(call, pe)
        fetched = ctype()
        fn = _lib.typed(f"aclshmem_{_lib.C_NAME_OF[b.dtype]}_atomic_{op}_nbi",
                        [ctypes.POINTER(ctype), ctypes.c_void_p] + [ctype] * nargs + [ctypes.c_int])
        _check(call, fn(ctypes.byref(fetched), address, *[ctype(v) for v in values], pe), f"PE {pe}")
        _check(call, lib.aclshmem_quiet())
        return fetched.value
    amo.__name__ = f"atomic_{op}"
    amo.__doc__ = (f"atomic_{op}(array, index, {'value, ' * nargs}pe): the old value of "
                   f"array[index] on PE pe.")
    return amo


def _amo_plain(op, allowed, nargs):
    def amo(array, index, *args):
        call = f"mishmem.atomic_{op}"
        if len(args) != nargs + 1:
            raise Error(call, INVALID_PARAM, f"expected array, index, {nargs} value(s) and pe")
        *values, pe = args
        b, address, ctype = _element(call, array, index, allowed)
        _check_pe(call, pe)
        fn = _lib.typed(f"aclshmem_{_lib.C_NAME_OF[b.dtype]}_atomic_{op}",
                        [ctypes.c_void_p] + [ctype] * nargs + [ctypes.c_int])
        _check(call, fn(address, *[ctype(v) for v in values], pe), f"PE {pe}")
    amo.__name__ = f"atomic_{op}"
    amo.__doc__ = f"atomic_{op}(array, index, {'value, ' * nargs}pe) on array[index] of PE pe."
    return amo


def atomic_fetch(array, index, pe):
    """The value of array[index] on PE pe, read atomically."""
    call = "mishmem.atomic_fetch"
    b, address, ctype = _element(call, array, index, _lib.AMO_EXTENDED)
    _check_pe(call, pe)
    fetched = ctype()
    fn = _lib.typed(f"aclshmem_{_lib.C_NAME_OF[b.dtype]}_atomic_fetch_nbi",
                    [ctypes.POINTER(ctype), ctypes.c_void_p, ctypes.c_int])
    _check(call, fn(ctypes.byref(fetched), address, pe), f"PE {pe}")
    _check(call, lib.aclshmem_quiet())
    return fetched.value


atomic_set = _amo_plain("set", _lib.AMO_EXTENDED, 1)
atomic_swap = _amo_fetching("swap", _lib.AMO_EXTENDED, 1)
atomic_compare_swap = _amo_fetching("compare_swap", _lib.AMO_STANDARD, 2)
atomic_fetch_inc = _amo_fetching("fetch_inc", _lib.AMO_STANDARD, 0)
atomic_inc = _amo_plain("inc", _lib.AMO_STANDARD, 0)
atomic_fetch_add = _amo_fetching("fetch_add", _lib.AMO_STANDARD, 1)
atomic_add = _amo_plain("add", _lib.AMO_STANDARD, 1)
atomic_fetch_and = _amo_fetching("fetch_and", _lib.AMO_BITWISE, 1)
atomic_and = _amo_plain("and", _lib.AMO_BITWISE, 1)
atomic_fetch_or = _amo_fetching("fetch_or", _lib.AMO_BITWISE, 1)
atomic_or = _amo_plain("or", _lib.AMO_BITWISE, 1)
atomic_fetch_xor = _amo_fetching("fetch_xor", _lib.AMO_BITWISE, 1)
atomic_xor = _amo_plain("xor", _lib.AMO_BITWISE, 1)


# -------------------------------------------- collectives on the world team

def _pair(call, dest, src):
    d = _Buffer(call, dest, writable=False).symmetric(call, "dest")
    s = _Buffer(call, src, writable=False).symmetric(call, "src").same_dtype(call, d, ("src", "dest"))
    if d.nbytes != s.nbytes:
        raise Error(call, INVALID_PARAM, f"src has {s.nbytes} bytes, dest {d.nbytes}")
    return d, s


def broadcast(dest, src, root):
    """Collective: every PE's ``dest`` gets PE ``root``'s ``src`` (both symmetric)."""
    call = "mishmem.broadcast"
    d, s = _pair(call, dest, src)
    _check_pe(call, root)
    rc = lib.shmem_broadcastmem(_lib.TEAM_WORLD, d.address, s.address, d.nbytes, root)
    if rc != 0:
        raise Error(call, INNER_ERROR, f"shmem_broadcastmem returned {rc}")


def reduce(dest, src, op="sum"):
    """Collective: ``dest`` = the element-wise ``op`` ("sum", "min", "max" or
    "prod") of every PE's ``src`` (symmetric arrays of one dtype)."""
    call = "mishmem.reduce"
    if op not in ("sum", "min", "max", "prod"):
        raise Error(call, INVALID_PARAM, f"op {op!r} (one of sum, min, max, prod)")
    d, s = _pair(call, dest, src)
    allowed = _lib.REDUCE_SUM if op in ("sum", "prod") else _lib.REDUCE_MINMAX
    if d.dtype != s.dtype or d.dtype not in allowed:
        raise Error(call, INVALID_PARAM, f"dtypes {d.dtype}/{s.dtype} (allowed: {', '.join(allowed)})")
    fn = _lib.typed(f"shmem_{_lib.C_NAME_OF[d.dtype]}_{op}_reduce",
                    [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t])
    rc = fn(_lib.TEAM_WORLD, d.address, s.address, d.nbytes // d.itemsize)
    if rc != 0:
        raise Error(call, INNER_ERROR, f"shmem_{_lib.C_NAME_OF[d.dtype]}_{op}_reduce returned {rc}")


def alltoall(dest, src):
    """Collective: block j of PE i's ``src`` lands in block i of PE j's
    ``dest``; both symmetric, their size a multiple of n_pes()."""
    call = "mishmem.alltoall"
    d, s = _pair(call, dest, src)
    npes = n_pes()
    if d.nbytes % npes:
        raise Error(call, INVALID_PARAM, f"{d.nbytes} bytes do not split into {npes} blocks")
    rc = lib.shmem_alltoallmem(_lib.TEAM_WORLD, d.address, s.address, d.nbytes // npes)
    if rc != 0:
        raise Error(call, INNER_ERROR, f"shmem_alltoallmem returned {rc}")
