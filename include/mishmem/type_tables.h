/* The one master table of C types (OpenSHMEM 1.5 tables 5, 6, 7, 10, 11)
 * and the typed families filtered from it. Every typed API (declarations
 * and definitions, both faces) expands from the family lists below, and
 * every family list is a filter over MISHMEM_TYPE_TABLE, so adding a type
 * is one row of the table (and a 1 in the columns of its families). */
#ifndef MISHMEM_TYPE_TABLES_H
#define MISHMEM_TYPE_TABLES_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* ---- The master table ------------------------------------------------
 * R(P, C type, name, wrap type, fabric datatype, (flags))
 *
 * wrap: the type integer sums and products of team reductions are
 *   computed in, then converted back, so overflow wraps instead of being
 *   undefined behaviour (the type itself for floating and complex types).
 * fabric: libfabric's enum fi_datatype for the type, as a bare token; the
 *   types whose size or signedness the ABI decides name it through
 *   MISHMEM_FI_S / MISHMEM_FI_U / MISHMEM_FI_CHAR below. The public
 *   lists never use this column, so <shmem.h> needs no libfabric; a
 *   transport that includes <rdma/fi_domain.h> reads it with
 *   MISHMEM_FABRIC_TYPES.
 * flags (0 or 1), in this order (MISHMEM_COL_* below number them):
 *   rma   standard RMA type (table 5)
 *   p2p   point-to-point synchronization type (table 7)
 *   amo   standard AMO type (table 6)
 *   amox  extended AMO type beyond the standard ones (fetch, set, swap)
 *   amob  bitwise AMO type (and, or, xor)
 *   amod  type of the deprecated 1.3 AMO names (shmem_int_fadd, ...)
 *   rbit  team reduction AND, OR, XOR (table 10)
 *   rmm   team reduction MAX, MIN
 *   rsum  team reduction SUM, PROD
 *   tbit  deprecated active-set reduction AND, OR, XOR (table 11)
 *   tmm   deprecated active-set reduction MAX, MIN
 *   tsum  deprecated active-set reduction SUM, PROD
 *   real  real floating type
 *   gen   a basic C type, distinct from every other row with gen = 1 (the
 *         fixed-width, size_t and ptrdiff_t names are typedefs of basic
 *         types): the rows a C11 _Generic selection or a C++ overload set
 *         may name
 *   genb  distinct within the bitwise families: the unsigned basic types
 *         and the signed fixed-width ones (never typedefs of each other)
 *   l13   the untyped 1.3 C functions (shmem_swap, shmem_wait_until, ...)
 *         already take this type, so C++ overloads must leave it out
 *   ap2p  typed point-to-point sync of the aclshmem face (the seed's
 *         types, with the wider ones of table 7)
 *   seed  a type of the seed library's host type list (ACLSHMEM_TYPE_FUNC)
 *
 * Row order is the order of every single-filter list; lists that the
 * standard orders otherwise are concatenations of filters (below). */
#define MISHMEM_TYPE_TABLE(R, P)                                                                                           \
    R(P, float,              float,      float,              FI_FLOAT,              (1,0,0,1,0,0,0,1,1,0,1,1,1,1,0,0,1,1)) \
    R(P, double,             double,     double,             FI_DOUBLE,             (1,0,0,1,0,0,0,1,1,0,1,1,1,1,0,0,0,1)) \
    R(P, long double,        longdouble, long double,        FI_LONG_DOUBLE,        (1,0,0,0,0,0,0,1,1,0,1,1,1,1,0,0,0,0)) \
    R(P, char,               char,       unsigned long long, MISHMEM_FI_CHAR,       (1,0,0,0,0,0,0,1,1,0,0,0,0,1,0,0,1,1)) \
    R(P, signed char,        schar,      unsigned long long, FI_INT8,               (1,0,0,0,0,0,0,1,1,0,0,0,0,1,0,0,0,0)) \
    R(P, short,              short,      unsigned long long, MISHMEM_FI_S(SHORT),   (1,1,0,0,0,0,0,1,1,1,1,1,0,1,0,0,1,0)) \
    R(P, int,                int,        unsigned long long, MISHMEM_FI_S(INT),     (1,1,1,0,0,1,0,1,1,1,1,1,0,1,0,0,1,0)) \
    R(P, long,               long,       unsigned long long, MISHMEM_FI_S(LONG),    (1,1,1,0,0,1,0,1,1,1,1,1,0,1,0,1,1,0)) \
    R(P, long long,          longlong,   unsigned long long, MISHMEM_FI_S(LLONG),   (1,1,1,0,0,1,0,1,1,1,1,1,0,1,0,0,1,0)) \
    R(P, unsigned char,      uchar,      unsigned long long, FI_UINT8,              (1,0,0,0,0,0,1,1,1,0,0,0,0,1,1,0,0,0)) \
    R(P, unsigned short,     ushort,     unsigned long long, MISHMEM_FI_U(SHORT),   (1,1,0,0,0,0,1,1,1,0,0,0,0,1,1,0,1,0)) \
    R(P, unsigned int,       uint,       unsigned long long, MISHMEM_FI_U(INT),     (1,1,1,0,1,0,1,1,1,0,0,0,0,1,1,0,1,0)) \
    R(P, unsigned long,      ulong,      unsigned long long, MISHMEM_FI_U(LONG),    (1,1,1,0,1,0,1,1,1,0,0,0,0,1,1,0,1,0)) \
    R(P, unsigned long long, ulonglong,  unsigned long long, MISHMEM_FI_U(LLONG),   (1,1,1,0,1,0,1,1,1,0,0,0,0,1,1,0,1,0)) \
    R(P, int8_t,             int8,       unsigned long long, FI_INT8,               (1,0,0,0,0,0,1,1,1,0,0,0,0,0,1,0,1,1)) \
    R(P, int16_t,            int16,      unsigned long long, FI_INT16,              (1,0,0,0,0,0,1,1,1,0,0,0,0,0,1,0,1,1)) \
    R(P, int32_t,            int32,      unsigned long long, FI_INT32,              (1,1,1,0,1,0,1,1,1,0,0,0,0,0,1,0,1,1)) \
    R(P, int64_t,            int64,      unsigned long long, FI_INT64,              (1,1,1,0,1,0,1,1,1,0,0,0,0,0,1,0,1,1)) \
    R(P, uint8_t,            uint8,      unsigned long long, FI_UINT8,              (1,0,0,0,0,0,1,1,1,0,0,0,0,0,0,0,1,1)) \
    R(P, uint16_t,           uint16,     unsigned long long, FI_UINT16,             (1,0,0,0,0,0,1,1,1,0,0,0,0,0,0,0,1,1)) \
    R(P, uint32_t,           uint32,     unsigned long long, FI_UINT32,             (1,1,1,0,1,0,1,1,1,0,0,0,0,0,0,0,1,1)) \
    R(P, uint64_t,           uint64,     unsigned long long, FI_UINT64,             (1,1,1,0,1,0,1,1,1,0,0,0,0,0,0,0,1,1)) \
    R(P, size_t,             size,       unsigned long long, MISHMEM_FI_U(SIZE),    (1,1,1,0,0,0,1,1,1,0,0,0,0,0,0,0,1,0)) \
    R(P, ptrdiff_t,          ptrdiff,    unsigned long long, MISHMEM_FI_S(PTRDIFF), (1,1,1,0,0,0,0,1,1,0,0,0,0,0,0,0,1,0)) \
    R(P, double _Complex,    complexd,   double _Complex,    FI_DOUBLE_COMPLEX,     (0,0,0,0,0,0,0,0,1,0,0,1,0,1,0,0,0,0)) \
    R(P, float _Complex,     complexf,   float _Complex,     FI_FLOAT_COMPLEX,      (0,0,0,0,0,0,0,0,1,0,0,1,0,1,0,0,0,0))

/* Positions of the flags in a row's (flags). */
#define MISHMEM_COL_rma 0
#define MISHMEM_COL_p2p 1
#define MISHMEM_COL_amo 2
#define MISHMEM_COL_amox 3
#define MISHMEM_COL_amob 4
#define MISHMEM_COL_amod 5
#define MISHMEM_COL_rbit 6
#define MISHMEM_COL_rmm 7
#define MISHMEM_COL_rsum 8
#define MISHMEM_COL_tbit 9
#define MISHMEM_COL_tmm 10
#define MISHMEM_COL_tsum 11
#define MISHMEM_COL_real 12
#define MISHMEM_COL_gen 13
#define MISHMEM_COL_genb 14
#define MISHMEM_COL_l13 15
#define MISHMEM_COL_ap2p 16
#define MISHMEM_COL_seed 17

/* ---- ABI-dependent fabric datatypes (tokens only; no libfabric here) --
 * MISHMEM_FI_S(K) / MISHMEM_FI_U(K): the signed / unsigned integer
 * datatype of the size of C type K (SHORT, INT, LONG, LLONG, SIZE,
 * PTRDIFF), told by its limits, so LP64 gets FI_INT64 for long and ILP32
 * FI_INT32. MISHMEM_FI_CHAR: plain char is signed or not as the ABI says. */
#if SHRT_MAX == 0x7fff
#define MISHMEM_SIZEOF_SHORT 2
#endif
#if INT_MAX == 0x7fffffff
#define MISHMEM_SIZEOF_INT 4
#elif INT_MAX == 0x7fff
#define MISHMEM_SIZEOF_INT 2
#endif
#if LONG_MAX == 0x7fffffffffffffffL
#define MISHMEM_SIZEOF_LONG 8
#elif LONG_MAX == 0x7fffffffL
#define MISHMEM_SIZEOF_LONG 4
#endif
#if LLONG_MAX == 0x7fffffffffffffffLL
#define MISHMEM_SIZEOF_LLONG 8
#endif
#if SIZE_MAX == 0xffffffffffffffffULL
#define MISHMEM_SIZEOF_SIZE 8
#elif SIZE_MAX == 0xffffffffUL
#define MISHMEM_SIZEOF_SIZE 4
#endif
#if PTRDIFF_MAX == 0x7fffffffffffffffLL
#define MISHMEM_SIZEOF_PTRDIFF 8
#elif PTRDIFF_MAX == 0x7fffffffL
#define MISHMEM_SIZEOF_PTRDIFF 4
#endif

#define MISHMEM_FI_S(K) MISHMEM_FI_SINT(MISHMEM_SIZEOF_##K)
#define MISHMEM_FI_U(K) MISHMEM_FI_UINT(MISHMEM_SIZEOF_##K)
#define MISHMEM_FI_SINT(n) MISHMEM_FI_SINT_(n)
#define MISHMEM_FI_SINT_(n) MISHMEM_FI_SINT_##n
#define MISHMEM_FI_SINT_2 FI_INT16
#define MISHMEM_FI_SINT_4 FI_INT32
#define MISHMEM_FI_SINT_8 FI_INT64
#define MISHMEM_FI_UINT(n) MISHMEM_FI_UINT_(n)
#define MISHMEM_FI_UINT_(n) MISHMEM_FI_UINT_##n
#define MISHMEM_FI_UINT_2 FI_UINT16
#define MISHMEM_FI_UINT_4 FI_UINT32
#define MISHMEM_FI_UINT_8 FI_UINT64
#if CHAR_MIN < 0
#define MISHMEM_FI_CHAR FI_INT8
#else
#define MISHMEM_FI_CHAR FI_UINT8
#endif

/* ---- Filter machinery -------------------------------------------------
 * MISHMEM_TYPES_WHERE(PRED, SHAPE, X, A) expands SHAPE(X, A, T, N, W, FI)
 * for each row, in table order, whose (flags) satisfy PRED(flags) == 1.
 * Rows are handed out deferred, so the table macro has finished expanding
 * before any X runs; X may therefore use a _Generic form (shmem_put, ...),
 * whose lists walk the same table with a second, disjoint set of walker
 * macros, MISHMEM_GTYPES_WHERE. (A macro is never expanded inside its own
 * expansion, so a list of one walker cannot be used inside an X of a list
 * of the same walker.) */
#define MISHMEM_TT_UNPAREN(...) __VA_ARGS__
#define MISHMEM_TT_EMPTY()
#define MISHMEM_TT_DEFER(M) M MISHMEM_TT_EMPTY()
#define MISHMEM_TT_NOT(a) MISHMEM_TT_NOT_(a)
#define MISHMEM_TT_NOT_(a) MISHMEM_TT_NOT_##a
#define MISHMEM_TT_NOT_0 1
#define MISHMEM_TT_NOT_1 0
#define MISHMEM_TT_AND(a, b) MISHMEM_TT_AND_(a, b)
#define MISHMEM_TT_AND_(a, b) MISHMEM_TT_AND_##a##b
#define MISHMEM_TT_AND_00 0
#define MISHMEM_TT_AND_01 0
#define MISHMEM_TT_AND_10 0
#define MISHMEM_TT_AND_11 1
#define MISHMEM_TT_AND3(a, b, c) MISHMEM_TT_AND(MISHMEM_TT_AND(a, b), c)

/* MISHMEM_TT_ARG_i(list): element i. The last step keeps "..." non-empty,
 * which pedantic C and C++11 require. */
#define MISHMEM_TT_ARG_0(...) MISHMEM_TT_HEAD(__VA_ARGS__, ~)
#define MISHMEM_TT_HEAD(a, ...) a
#define MISHMEM_TT_ARG_1(a, ...) MISHMEM_TT_ARG_0(__VA_ARGS__)
#define MISHMEM_TT_ARG_2(a, ...) MISHMEM_TT_ARG_1(__VA_ARGS__)
#define MISHMEM_TT_ARG_3(a, ...) MISHMEM_TT_ARG_2(__VA_ARGS__)
#define MISHMEM_TT_ARG_4(a, ...) MISHMEM_TT_ARG_3(__VA_ARGS__)
#define MISHMEM_TT_ARG_5(a, ...) MISHMEM_TT_ARG_4(__VA_ARGS__)
#define MISHMEM_TT_ARG_6(a, ...) MISHMEM_TT_ARG_5(__VA_ARGS__)
#define MISHMEM_TT_ARG_7(a, ...) MISHMEM_TT_ARG_6(__VA_ARGS__)
#define MISHMEM_TT_ARG_8(a, ...) MISHMEM_TT_ARG_7(__VA_ARGS__)
#define MISHMEM_TT_ARG_9(a, ...) MISHMEM_TT_ARG_8(__VA_ARGS__)
#define MISHMEM_TT_ARG_10(a, ...) MISHMEM_TT_ARG_9(__VA_ARGS__)
#define MISHMEM_TT_ARG_11(a, ...) MISHMEM_TT_ARG_10(__VA_ARGS__)
#define MISHMEM_TT_ARG_12(a, ...) MISHMEM_TT_ARG_11(__VA_ARGS__)
#define MISHMEM_TT_ARG_13(a, ...) MISHMEM_TT_ARG_12(__VA_ARGS__)
#define MISHMEM_TT_ARG_14(a, ...) MISHMEM_TT_ARG_13(__VA_ARGS__)
#define MISHMEM_TT_ARG_15(a, ...) MISHMEM_TT_ARG_14(__VA_ARGS__)
#define MISHMEM_TT_ARG_16(a, ...) MISHMEM_TT_ARG_15(__VA_ARGS__)
#define MISHMEM_TT_ARG_17(a, ...) MISHMEM_TT_ARG_16(__VA_ARGS__)

/* MISHMEM_FLAG(column name, (flags)): that column's 0 or 1. */
#define MISHMEM_FLAG(col, F) MISHMEM_FLAG_(MISHMEM_COL_##col, MISHMEM_TT_UNPAREN F)
#define MISHMEM_FLAG_(i, ...) MISHMEM_FLAG__(i, __VA_ARGS__)
#define MISHMEM_FLAG__(i, ...) MISHMEM_TT_ARG_##i(__VA_ARGS__)

/* The walker of the typed lists (declarations and definitions). */
#define MISHMEM_TYPES_WHERE(PRED, SHAPE, X, A) \
    MISHMEM_W1_EVAL(MISHMEM_TYPE_TABLE(MISHMEM_W1_DEFER_ROW, (PRED, SHAPE, X, A)))
#define MISHMEM_W1_EVAL(...) __VA_ARGS__
#define MISHMEM_W1_DEFER_ROW(P, ...) MISHMEM_TT_DEFER(MISHMEM_W1_ROW)(P, __VA_ARGS__)
#define MISHMEM_W1_ROW(P, ...) MISHMEM_W1_CALL(MISHMEM_W1_ROW_, MISHMEM_TT_UNPAREN P, __VA_ARGS__)
#define MISHMEM_W1_CALL(M, ...) M(__VA_ARGS__)
#define MISHMEM_W1_ROW_(PRED, SHAPE, X, A, T, N, W, FI, F) MISHMEM_W1_IF(PRED(F))(SHAPE(X, A, T, N, W, FI))
#define MISHMEM_W1_IF(c) MISHMEM_W1_IF_(c)
#define MISHMEM_W1_IF_(c) MISHMEM_W1_IF_##c
#define MISHMEM_W1_IF_0(...)
#define MISHMEM_W1_IF_1(...) __VA_ARGS__
/* How a typed list calls X: X(T, N), X(T, N, wrap), X(T, N, fabric). */
#define MISHMEM_W1_TN(X, A, T, N, W, FI) X(T, N)
#define MISHMEM_W1_TNW(X, A, T, N, W, FI) X(T, N, W)
#define MISHMEM_W1_TNF(X, A, T, N, W, FI) X(T, N, FI)

/* The walker of the generic lists (_Generic selections, C++ overloads):
 * the same steps under other names. X is called X(T, N, A). */
#define MISHMEM_GTYPES_WHERE(PRED, X, A) \
    MISHMEM_W2_EVAL(MISHMEM_TYPE_TABLE(MISHMEM_W2_DEFER_ROW, (PRED, X, A)))
#define MISHMEM_W2_EVAL(...) __VA_ARGS__
#define MISHMEM_W2_DEFER_ROW(P, ...) MISHMEM_TT_DEFER(MISHMEM_W2_ROW)(P, __VA_ARGS__)
#define MISHMEM_W2_ROW(P, ...) MISHMEM_W2_CALL(MISHMEM_W2_ROW_, MISHMEM_TT_UNPAREN P, __VA_ARGS__)
#define MISHMEM_W2_CALL(M, ...) M(__VA_ARGS__)
#define MISHMEM_W2_ROW_(PRED, X, A, T, N, W, FI, F) MISHMEM_W2_IF(PRED(F))(X(T, N, A))
#define MISHMEM_W2_IF(c) MISHMEM_W2_IF_(c)
#define MISHMEM_W2_IF_(c) MISHMEM_W2_IF_##c
#define MISHMEM_W2_IF_0(...)
#define MISHMEM_W2_IF_1(...) __VA_ARGS__

/* Predicates on a row's (flags). */
#define MISHMEM_TT_ANY(F) 1
#define MISHMEM_TT_RMA(F) MISHMEM_FLAG(rma, F)
#define MISHMEM_TT_P2P(F) MISHMEM_FLAG(p2p, F)
#define MISHMEM_TT_ACL_P2P(F) MISHMEM_FLAG(ap2p, F)
#define MISHMEM_TT_ACL_WAIT(F) MISHMEM_TT_AND(MISHMEM_FLAG(ap2p, F), MISHMEM_FLAG(seed, F))
#define MISHMEM_TT_AMO(F) MISHMEM_FLAG(amo, F)
#define MISHMEM_TT_AMOX(F) MISHMEM_FLAG(amox, F)
#define MISHMEM_TT_AMOB(F) MISHMEM_FLAG(amob, F)
#define MISHMEM_TT_AMOD(F) MISHMEM_FLAG(amod, F)
#define MISHMEM_TT_RBIT(F) MISHMEM_FLAG(rbit, F)
#define MISHMEM_TT_RMM_INT_NOT_RBIT(F) \
    MISHMEM_TT_AND3(MISHMEM_FLAG(rmm, F), MISHMEM_TT_NOT(MISHMEM_FLAG(rbit, F)), \
                    MISHMEM_TT_NOT(MISHMEM_FLAG(real, F)))
#define MISHMEM_TT_RMM_REAL(F) MISHMEM_TT_AND(MISHMEM_FLAG(rmm, F), MISHMEM_FLAG(real, F))
#define MISHMEM_TT_RSUM_ONLY(F) MISHMEM_TT_AND(MISHMEM_FLAG(rsum, F), MISHMEM_TT_NOT(MISHMEM_FLAG(rmm, F)))
#define MISHMEM_TT_TBIT(F) MISHMEM_FLAG(tbit, F)
#define MISHMEM_TT_TMM_NOT_TBIT(F) MISHMEM_TT_AND(MISHMEM_FLAG(tmm, F), MISHMEM_TT_NOT(MISHMEM_FLAG(tbit, F)))
#define MISHMEM_TT_TSUM_ONLY(F) MISHMEM_TT_AND(MISHMEM_FLAG(tsum, F), MISHMEM_TT_NOT(MISHMEM_FLAG(tmm, F)))
#define MISHMEM_TT_GEN_(col, F) MISHMEM_TT_AND(MISHMEM_FLAG(col, F), MISHMEM_FLAG(gen, F))
#define MISHMEM_TT_GEN_BUT_L13_(col, F) \
    MISHMEM_TT_AND3(MISHMEM_FLAG(col, F), MISHMEM_FLAG(gen, F), MISHMEM_TT_NOT(MISHMEM_FLAG(l13, F)))
#define MISHMEM_TT_GEN_RMA(F) MISHMEM_TT_GEN_(rma, F)
#define MISHMEM_TT_GEN_P2P(F) MISHMEM_TT_GEN_(p2p, F)
#define MISHMEM_TT_GEN_P2P_BUT_L13(F) MISHMEM_TT_GEN_BUT_L13_(p2p, F)
#define MISHMEM_TT_GEN_AMO(F) MISHMEM_TT_GEN_(amo, F)
#define MISHMEM_TT_GEN_AMO_BUT_L13(F) MISHMEM_TT_GEN_BUT_L13_(amo, F)
#define MISHMEM_TT_GEN_AMOX(F) MISHMEM_TT_GEN_(amox, F)
#define MISHMEM_TT_GENB_AMOB(F) MISHMEM_TT_AND(MISHMEM_FLAG(amob, F), MISHMEM_FLAG(genb, F))
#define MISHMEM_TT_GENB_RBIT(F) MISHMEM_TT_AND(MISHMEM_FLAG(rbit, F), MISHMEM_FLAG(genb, F))
#define MISHMEM_TT_GEN_RMM_INT(F) \
    MISHMEM_TT_AND3(MISHMEM_FLAG(rmm, F), MISHMEM_FLAG(gen, F), MISHMEM_TT_NOT(MISHMEM_FLAG(real, F)))
#define MISHMEM_TT_GEN_RMM_REAL(F) \
    MISHMEM_TT_AND3(MISHMEM_FLAG(rmm, F), MISHMEM_FLAG(gen, F), MISHMEM_FLAG(real, F))
#define MISHMEM_TT_GEN_RSUM_ONLY(F) MISHMEM_TT_AND(MISHMEM_TT_RSUM_ONLY(F), MISHMEM_FLAG(gen, F))

/* ---- The family lists -------------------------------------------------
 * X(C type, name used in the function names). */

/* Standard RMA types. */
#define MISHMEM_RMA_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_RMA, MISHMEM_W1_TN, X, ~)
/* Point-to-point synchronization types (wait_until, test, ...). */
#define MISHMEM_P2P_SYNC_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_P2P, MISHMEM_W1_TN, X, ~)
/* Typed point-to-point synchronization of the aclshmem face: the seed's
 * types (char, float, int8, ...) and those of table 7. */
#define MISHMEM_ACL_P2P_SYNC_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_ACL_P2P, MISHMEM_W1_TN, X, ~)
/* ... of those, the seed's types, which also have the deprecated _wait. */
#define MISHMEM_ACL_WAIT_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_ACL_WAIT, MISHMEM_W1_TN, X, ~)

/* Sized RMA forms: X(bits) */
#define MISHMEM_SIZED_RMA(X) X(8) X(16) X(32) X(64) X(128)

/* Atomic memory operation types (OpenSHMEM 1.5 table 6). */
#define MISHMEM_AMO_STANDARD_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_AMO, MISHMEM_W1_TN, X, ~)
/* Extended AMO types beyond the standard ones: fetch, set and swap only. */
#define MISHMEM_AMO_EXTENDED_ONLY_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_AMOX, MISHMEM_W1_TN, X, ~)
/* Bitwise AMO types (and, or, xor). */
#define MISHMEM_AMO_BITWISE_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_AMOB, MISHMEM_W1_TN, X, ~)
/* Types of the deprecated OpenSHMEM 1.3 AMO names (shmem_int_fadd, ...). */
#define MISHMEM_AMO_DEPRECATED_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_AMOD, MISHMEM_W1_TN, X, ~)

/* C11 _Generic selections need pairwise distinct types, and the fixed-width
 * names are typedefs of the basic ones, so these lists name each C type
 * once (column gen, or genb for the bitwise families); a selection on them
 * covers every type of the family above. They hand a selection's
 * operation name A through: X(C type, name, A). */
#define MISHMEM_AMO_GENERIC_TYPES(X, A) MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_AMO, X, A)
#define MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_AMOX, X, A)
/* int32_t and int64_t are signed, hence distinct from the unsigned basic
 * types; uint32_t and uint64_t are among those. */
#define MISHMEM_AMO_GENERIC_BITWISE_TYPES(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GENB_AMOB, X, A)
/* Standard AMO types but long, for the C++ overloads of the deprecated
 * shmem_swap: shmem_swap(long *, long, int) is already the 1.3 C function. */
#define MISHMEM_AMO_GENERIC_TYPES_BUT_LONG(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_AMO_BUT_L13, X, A)
/* Point-to-point synchronization types. */
#define MISHMEM_P2P_GENERIC_TYPES(X, A) MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_P2P, X, A)
/* ... but long, for the C++ overloads of shmem_wait_until:
 * shmem_wait_until(long *, int, long) is already the 1.3 C function. */
#define MISHMEM_P2P_GENERIC_TYPES_BUT_LONG(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_P2P_BUT_L13, X, A)
/* Standard RMA types (shmem_put, shmem_iget, ...). */
#define MISHMEM_RMA_GENERIC_TYPES(X, A) MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_RMA, X, A)

/* Team reductions (OpenSHMEM 1.5 table 10): X(C type, name, wrap type).
 * AND, OR, XOR: */
#define MISHMEM_REDUCE_BITWISE_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_RBIT, MISHMEM_W1_TNW, X, ~)
/* MAX, MIN: the signed integers, the bitwise types, the real floating. */
#define MISHMEM_REDUCE_MINMAX_TYPES(X)                                      \
    MISHMEM_TYPES_WHERE(MISHMEM_TT_RMM_INT_NOT_RBIT, MISHMEM_W1_TNW, X, ~) \
    MISHMEM_REDUCE_BITWISE_TYPES(X)                                         \
    MISHMEM_TYPES_WHERE(MISHMEM_TT_RMM_REAL, MISHMEM_W1_TNW, X, ~)
/* The complex types (SUM and PROD only). */
#define MISHMEM_REDUCE_COMPLEX_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_RSUM_ONLY, MISHMEM_W1_TNW, X, ~)
/* SUM, PROD. */
#define MISHMEM_REDUCE_ARITH_TYPES(X) MISHMEM_REDUCE_MINMAX_TYPES(X) MISHMEM_REDUCE_COMPLEX_TYPES(X)

/* Deprecated active-set reductions (shmem_<T>_<op>_to_all, table 11).
 * AND, OR, XOR: */
#define MISHMEM_TO_ALL_BITWISE_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_TBIT, MISHMEM_W1_TNW, X, ~)
/* MAX, MIN: */
#define MISHMEM_TO_ALL_MINMAX_TYPES(X) \
    MISHMEM_TO_ALL_BITWISE_TYPES(X)    \
    MISHMEM_TYPES_WHERE(MISHMEM_TT_TMM_NOT_TBIT, MISHMEM_W1_TNW, X, ~)
/* SUM, PROD: */
#define MISHMEM_TO_ALL_ARITH_TYPES(X) \
    MISHMEM_TO_ALL_MINMAX_TYPES(X)    \
    MISHMEM_TYPES_WHERE(MISHMEM_TT_TSUM_ONLY, MISHMEM_W1_TNW, X, ~)

/* Team reductions for _Generic selections and C++ overloads: each C type
 * of the MISHMEM_REDUCE_* families above once. X(C type, name, A).
 * AND, OR, XOR (the signed fixed-width types are distinct from the
 * unsigned basic ones, and from each other): */
#define MISHMEM_REDUCE_GENERIC_BITWISE_TYPES(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GENB_RBIT, X, A)
/* MAX, MIN (every basic type but _Bool covers ptrdiff_t, size_t and the
 * fixed-width names): */
#define MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(X, A)                         \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_RMM_INT, X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_RMM_REAL, X, A)
/* SUM, PROD add the complex types (C only: C++ has no _Complex). */
#define MISHMEM_REDUCE_GENERIC_COMPLEX_TYPES(X, A) \
    MISHMEM_GTYPES_WHERE(MISHMEM_TT_GEN_RSUM_ONLY, X, A)

/* Every row with its fabric datatype: X(C type, name, fi_datatype token).
 * For a transport that includes <rdma/fi_domain.h>; nothing public uses it. */
#define MISHMEM_FABRIC_TYPES(X) MISHMEM_TYPES_WHERE(MISHMEM_TT_ANY, MISHMEM_W1_TNF, X, ~)

#endif
