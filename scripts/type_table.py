"""The one master table of C types (OpenSHMEM 1.5 tables 5, 6, 7, 10, 11)
and the typed families filtered from it. scripts/gen_types.py expands every
typed declaration of include/ and the internal family lists of
src/util/type_lists.h from it, so adding a type is one row here (with the
names of the columns it belongs to) and a run of scripts/gen_types.py.

Columns of a row:
  c       the C type
  name    the name used in the function names (shmem_<name>_put, ...)
  wrap    the type integer sums and products of team reductions are computed
          in, then converted back, so overflow wraps instead of being
          undefined behaviour (the type itself for floating and complex types)
  fabric  libfabric's enum fi_datatype for the type, as a bare token; the
          types whose size or signedness the ABI decides name it through
          MISHMEM_FI_S / MISHMEM_FI_U / MISHMEM_FI_CHAR (src/util/type_lists.h)
  in_     the families the type belongs to, by column name:
    rma   standard RMA type (table 5)
    p2p   point-to-point synchronization type (table 7)
    amo   standard AMO type (table 6)
    amox  extended AMO type beyond the standard ones (fetch, set, swap)
    amob  bitwise AMO type (and, or, xor)
    amod  type of the deprecated 1.3 AMO names (shmem_int_fadd, ...)
    rbit  team reduction AND, OR, XOR (table 10)
    rmm   team reduction MAX, MIN
    rsum  team reduction SUM, PROD
    tbit  deprecated active-set reduction AND, OR, XOR (table 11)
    tmm   deprecated active-set reduction MAX, MIN
    tsum  deprecated active-set reduction SUM, PROD
    real  real floating type
    gen   a basic C type, distinct from every other row with gen (the
          fixed-width, size_t and ptrdiff_t names are typedefs of basic
          types): the rows a C11 _Generic selection or a C++ overload set
          may name
    genb  distinct within the bitwise families: the unsigned basic types and
          the signed fixed-width ones (never typedefs of each other)
    l13   the untyped 1.3 C functions (shmem_swap, shmem_wait_until, ...)
          already take this type, so C++ overloads must leave it out
    ap2p  typed point-to-point sync of the aclshmem face (the seed's types,
          with the wider ones of table 7)
    seed  a type of the seed library's host type list (ACLSHMEM_TYPE_FUNC)

Row order is the order of every single-column family; families that the
standard orders otherwise are concatenations (FAMILIES below)."""
from collections import namedtuple

COLUMNS = ("rma p2p amo amox amob amod rbit rmm rsum tbit tmm tsum real gen genb l13 ap2p seed").split()

_Row = namedtuple("Row", "c name wrap fabric in_")


def Row(c, name, wrap, fabric, in_):
    columns = frozenset(in_.split())
    unknown = columns - set(COLUMNS)
    if unknown:
        raise ValueError(f"type {c}: unknown columns {sorted(unknown)}")
    return _Row(c, name, wrap, fabric, columns)


TYPES = [
    # C type              name          wrap                  fabric                   columns
    Row("float",              "float",      "float",              "FI_FLOAT",              "rma amox rmm rsum tmm tsum real gen ap2p seed"),
    Row("double",             "double",     "double",             "FI_DOUBLE",             "rma amox rmm rsum tmm tsum real gen seed"),
    Row("long double",        "longdouble", "long double",        "FI_LONG_DOUBLE",        "rma rmm rsum tmm tsum real gen"),
    Row("char",               "char",       "unsigned long long", "MISHMEM_FI_CHAR",       "rma rmm rsum gen ap2p seed"),
    Row("signed char",        "schar",      "unsigned long long", "FI_INT8",               "rma rmm rsum gen"),
    Row("short",              "short",      "unsigned long long", "MISHMEM_FI_S(SHORT)",   "rma p2p rmm rsum tbit tmm tsum gen ap2p"),
    Row("int",                "int",        "unsigned long long", "MISHMEM_FI_S(INT)",     "rma p2p amo amod rmm rsum tbit tmm tsum gen ap2p"),
    Row("long",               "long",       "unsigned long long", "MISHMEM_FI_S(LONG)",    "rma p2p amo amod rmm rsum tbit tmm tsum gen l13 ap2p"),
    Row("long long",          "longlong",   "unsigned long long", "MISHMEM_FI_S(LLONG)",   "rma p2p amo amod rmm rsum tbit tmm tsum gen ap2p"),
    Row("unsigned char",      "uchar",      "unsigned long long", "FI_UINT8",              "rma rbit rmm rsum gen genb"),
    Row("unsigned short",     "ushort",     "unsigned long long", "MISHMEM_FI_U(SHORT)",   "rma p2p rbit rmm rsum gen genb ap2p"),
    Row("unsigned int",       "uint",       "unsigned long long", "MISHMEM_FI_U(INT)",     "rma p2p amo amob rbit rmm rsum gen genb ap2p"),
    Row("unsigned long",      "ulong",      "unsigned long long", "MISHMEM_FI_U(LONG)",    "rma p2p amo amob rbit rmm rsum gen genb ap2p"),
    Row("unsigned long long", "ulonglong",  "unsigned long long", "MISHMEM_FI_U(LLONG)",   "rma p2p amo amob rbit rmm rsum gen genb ap2p"),
    Row("int8_t",             "int8",       "unsigned long long", "FI_INT8",               "rma rbit rmm rsum genb ap2p seed"),
    Row("int16_t",            "int16",      "unsigned long long", "FI_INT16",              "rma rbit rmm rsum genb ap2p seed"),
    Row("int32_t",            "int32",      "unsigned long long", "FI_INT32",              "rma p2p amo amob rbit rmm rsum genb ap2p seed"),
    Row("int64_t",            "int64",      "unsigned long long", "FI_INT64",              "rma p2p amo amob rbit rmm rsum genb ap2p seed"),
    Row("uint8_t",            "uint8",      "unsigned long long", "FI_UINT8",              "rma rbit rmm rsum ap2p seed"),
    Row("uint16_t",           "uint16",     "unsigned long long", "FI_UINT16",             "rma rbit rmm rsum ap2p seed"),
    Row("uint32_t",           "uint32",     "unsigned long long", "FI_UINT32",             "rma p2p amo amob rbit rmm rsum ap2p seed"),
    Row("uint64_t",           "uint64",     "unsigned long long", "FI_UINT64",             "rma p2p amo amob rbit rmm rsum ap2p seed"),
    Row("size_t",             "size",       "unsigned long long", "MISHMEM_FI_U(SIZE)",    "rma p2p amo rbit rmm rsum ap2p"),
    Row("ptrdiff_t",          "ptrdiff",    "unsigned long long", "MISHMEM_FI_S(PTRDIFF)", "rma p2p amo rmm rsum ap2p"),
    Row("double _Complex",    "complexd",   "double _Complex",    "FI_DOUBLE_COMPLEX",     "rsum tsum gen"),
    Row("float _Complex",     "complexf",   "float _Complex",     "FI_FLOAT_COMPLEX",      "rsum tsum gen"),
]


def where(*want, but=()):
    """The rows in every column of `want` and in none of `but`, in table order."""
    return lambda rows: [r for r in rows if all(c in r.in_ for c in want) and not any(c in r.in_ for c in but)]


def chain(*parts):
    return lambda rows: [r for part in parts for r in part(rows)]


# Family name -> (rows filter, what each row hands the X macro of the
# internal list: "TN" X(T, N), "TNW" X(T, N, wrap), "TNA" X(T, N, A) for
# _Generic selections and C++ overloads, "TNF" X(T, N, fabric)).
_REDUCE_MINMAX = chain(where("rmm", but=("rbit", "real")), where("rbit"), where("rmm", "real"))
_TO_ALL_MINMAX = chain(where("tbit"), where("tmm", but=("tbit",)))
FAMILIES = {
    "RMA_TYPES": (where("rma"), "TN"),
    "P2P_SYNC_TYPES": (where("p2p"), "TN"),
    "ACL_P2P_SYNC_TYPES": (where("ap2p"), "TN"),
    "ACL_WAIT_TYPES": (where("ap2p", "seed"), "TN"),
    # The aclshmem face's point-to-point types that table 7 lacks.
    "P2P_ACL_EXTRA_TYPES": (where("ap2p", but=("p2p",)), "TN"),
    "AMO_STANDARD_TYPES": (where("amo"), "TN"),
    "AMO_EXTENDED_ONLY_TYPES": (where("amox"), "TN"),
    "AMO_BITWISE_TYPES": (where("amob"), "TN"),
    "AMO_DEPRECATED_TYPES": (where("amod"), "TN"),
    "REDUCE_BITWISE_TYPES": (where("rbit"), "TNW"),
    "REDUCE_MINMAX_TYPES": (_REDUCE_MINMAX, "TNW"),
    "REDUCE_COMPLEX_TYPES": (where("rsum", but=("rmm",)), "TNW"),
    "REDUCE_ARITH_TYPES": (chain(_REDUCE_MINMAX, where("rsum", but=("rmm",))), "TNW"),
    "TO_ALL_BITWISE_TYPES": (where("tbit"), "TNW"),
    "TO_ALL_MINMAX_TYPES": (_TO_ALL_MINMAX, "TNW"),
    "TO_ALL_ARITH_TYPES": (chain(_TO_ALL_MINMAX, where("tsum", but=("tmm",))), "TNW"),
    # Each C type once, for _Generic selections and C++ overloads.
    "RMA_GENERIC_TYPES": (where("rma", "gen"), "TNA"),
    "P2P_GENERIC_TYPES": (where("p2p", "gen"), "TNA"),
    "P2P_GENERIC_TYPES_BUT_LONG": (where("p2p", "gen", but=("l13",)), "TNA"),
    "AMO_GENERIC_TYPES": (where("amo", "gen"), "TNA"),
    "AMO_GENERIC_TYPES_BUT_LONG": (where("amo", "gen", but=("l13",)), "TNA"),
    "AMO_GENERIC_EXTENDED_ONLY_TYPES": (where("amox", "gen"), "TNA"),
    "AMO_GENERIC_BITWISE_TYPES": (where("amob", "genb"), "TNA"),
    "AMO_GENERIC_EXTENDED_TYPES": (chain(where("amo", "gen"), where("amox", "gen")), "TNA"),
    "REDUCE_GENERIC_BITWISE_TYPES": (where("rbit", "genb"), "TNA"),
    "REDUCE_GENERIC_MINMAX_TYPES": (chain(where("rmm", "gen", but=("real",)), where("rmm", "gen", "real")), "TNA"),
    "REDUCE_GENERIC_COMPLEX_TYPES": (where("rsum", "gen", but=("rmm",)), "TNA"),
    "REDUCE_GENERIC_ARITH_TYPES": (chain(where("rmm", "gen", but=("real",)), where("rmm", "gen", "real"),
                                         where("rsum", "gen", but=("rmm",))), "TNA"),
    "FABRIC_TYPES": (lambda rows: list(rows), "TNF"),
}

# The sized RMA forms (shmem_put8, ...): bits, not types.
SIZED_BITS = [8, 16, 32, 64, 128]
