"""Finds and loads libmishmem, and declares the C calls the module uses.

The library is looked for, in order: at the path in MISHMEM_LIBRARY; next
to the installed package (where ``cmake --install`` put the library, written
into _installed.py at install time, relative so the tree can move); in the
prefix the package lies in (``pip install --prefix P`` or ``--user`` put it
in P/lib/python3.X/..., the library is then in P/lib, P/lib64 or
P/lib/<multiarch>); by the dynamic loader's own search
(``libmishmem.so.0``); and beside the ``mishmemrun`` or ``mishmemcc`` found
on PATH (their ../lib, or the build tree's folder). It is loaded with
RTLD_GLOBAL so that extensions loaded later (shmem4py built against
mishmem) bind to this same copy and act on the same instances.
"""
import ctypes
import os
import shutil
import sysconfig

SONAME = "libmishmem.so.0"


def _lib_dirs_of_prefix(prefix):
    multiarch = sysconfig.get_config_var("MULTIARCH")
    yield os.path.join(prefix, "lib")
    yield os.path.join(prefix, "lib64")
    if multiarch:
        yield os.path.join(prefix, "lib", multiarch)


def _candidates():
    env = os.environ.get("MISHMEM_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        from . import _installed
    except ImportError:
        _installed = None
    if _installed is not None:
        yield os.path.normpath(os.path.join(here, _installed.LIBDIR_FROM_PACKAGE, SONAME))
    # PREFIX/lib/python3.X/site-packages/mishmem: the prefix is 4 levels up (5 for
    # Debian's pip --prefix P, which installs into P/local/lib/python3.X/dist-packages).
    folder = here
    for _ in range(5):
        folder = os.path.dirname(folder)
        for lib_dir in _lib_dirs_of_prefix(folder):
            path = os.path.join(lib_dir, SONAME)
            if os.path.exists(path):
                yield path
    yield SONAME
    for tool in ("mishmemrun", "mishmemcc"):
        found = shutil.which(tool)
        if found:
            tool_dir = os.path.dirname(os.path.realpath(found))
            prefix = os.path.dirname(tool_dir)
            for lib_dir in list(_lib_dirs_of_prefix(prefix)) + [prefix]:  # prefix: a build tree
                path = os.path.join(lib_dir, SONAME)
                if os.path.exists(path):
                    yield path


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError as exc:
            errors.append(f"{path}: {exc}")
    raise ImportError("mishmem: cannot load libmishmem (set MISHMEM_LIBRARY to its path, or put "
                      "mishmemrun on PATH): " + "; ".join(errors))


lib = _load()

c_int, c_size_t, c_uint64, c_void_p = ctypes.c_int, ctypes.c_size_t, ctypes.c_uint64, ctypes.c_void_p

# Mirrors of the public structs of <mishmem/aclshmem.h> and <mishmem/aclshmem_uid.h>.
class OptionalAttr(ctypes.Structure):
    _fields_ = [("version", c_int), ("data_op_engine_type", c_int),
                ("shm_init_timeout", ctypes.c_uint32), ("shm_create_timeout", ctypes.c_uint32),
                ("control_operation_timeout", ctypes.c_uint32), ("sockFd", ctypes.c_int32)]


class InitAttr(ctypes.Structure):
    _fields_ = [("my_pe", c_int), ("n_pes", c_int), ("ip_port", ctypes.c_char_p),
                ("local_mem_size", c_uint64), ("option_attr", OptionalAttr),
                ("comm_args", c_void_p), ("instance_id", c_uint64)]


class UniqueId(ctypes.Structure):
    _fields_ = [("version", ctypes.c_int32), ("my_pe", c_int), ("n_pes", c_int),
                ("internal", ctypes.c_char * 124)]


class InstanceCtx(ctypes.Structure):
    _fields_ = [("id", c_uint64), ("my_pe", c_int), ("n_pes", c_int)]


OPTION_ATTR_VERSION = (1 << 16) + ctypes.sizeof(InitAttr)
UNIQUEID_VERSION = (1 << 16) + ctypes.sizeof(UniqueId)
DEFAULT_TIMEOUT_S = 120
INIT_WITH_DEFAULT = 1 << 0
INIT_WITH_UNIQUEID = 1 << 2
TEAM_WORLD = c_void_p(1)  # SHMEM_TEAM_WORLD: the current instance's world
SHMEM_THREAD_MULTIPLE = 3


def _declare(name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)
    return fn


_declare("aclshmemx_init_attr", c_int, c_int, ctypes.POINTER(InitAttr))
_declare("aclshmemx_get_uniqueid", c_int, ctypes.POINTER(UniqueId))
_declare("aclshmemx_set_attr_uniqueid_args", c_int, c_int, c_int, ctypes.c_int64,
         ctypes.POINTER(UniqueId), ctypes.POINTER(InitAttr))
_declare("aclshmemx_finalize", c_int, c_uint64)
_declare("aclshmemx_instance_ctx_set", c_int, c_uint64)
_declare("aclshmemx_instance_ctx_get", ctypes.POINTER(InstanceCtx))
_declare("aclshmemx_instance_thread_set", c_int, c_uint64)
_declare("aclshmemx_instance_thread_clear", c_int)
_declare("shmem_init_thread", c_int, c_int, ctypes.POINTER(c_int))
_declare("aclshmem_my_pe", c_int)
_declare("aclshmem_n_pes", c_int)
_declare("aclshmem_barrier_all", c_int)
_declare("aclshmem_quiet", c_int)
_declare("aclshmem_info_get_version", c_int, ctypes.POINTER(c_int), ctypes.POINTER(c_int))
_declare("aclshmem_info_get_name", c_int, ctypes.c_char_p)
_declare("aclshmem_malloc", c_void_p, c_size_t)
_declare("aclshmem_calloc", c_void_p, c_size_t, c_size_t)
_declare("aclshmem_align", c_void_p, c_size_t, c_size_t)
_declare("aclshmem_free", None, c_void_p)
_declare("aclshmem_putmem", c_int, c_void_p, c_void_p, c_size_t, c_int)
_declare("aclshmem_getmem", c_int, c_void_p, c_void_p, c_size_t, c_int)
_declare("shmem_broadcastmem", c_int, c_void_p, c_void_p, c_void_p, c_size_t, c_int)
_declare("shmem_alltoallmem", c_int, c_void_p, c_void_p, c_void_p, c_size_t)

# C type names of the typed families, by numpy dtype name.
CTYPE_OF = {"int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
            "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16,
            "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64, "float32": ctypes.c_float,
            "float64": ctypes.c_double}
C_NAME_OF = {"int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
             "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
             "float32": "float", "float64": "double", "complex64": "complexf",
             "complex128": "complexd"}
AMO_STANDARD = ("int32", "int64", "uint32", "uint64")
AMO_EXTENDED = AMO_STANDARD + ("float32", "float64")
AMO_BITWISE = AMO_STANDARD
REDUCE_MINMAX = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float32", "float64")
REDUCE_SUM = REDUCE_MINMAX + ("complex64", "complex128")

_typed = {}


def typed(name, argtypes):
    """The C function `name` of a typed family (returning int), declared on first use."""
    fn = _typed.get(name)
    if fn is None:
        fn = getattr(lib, name)
        fn.restype = c_int
        fn.argtypes = argtypes
        _typed[name] = fn
    return fn
