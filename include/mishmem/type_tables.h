/* The one table of typed families (OpenSHMEM 1.5 tables 5 and 7).
 * Every typed API (declarations and definitions, both faces) expands from
 * these lists, so adding a type is one line here.
 * X(C type, name used in the function names) */
#ifndef MISHMEM_TYPE_TABLES_H
#define MISHMEM_TYPE_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* Standard RMA types. */
#define MISHMEM_RMA_TYPES(X)              \
    X(float, float)                       \
    X(double, double)                     \
    X(long double, longdouble)            \
    X(char, char)                         \
    X(signed char, schar)                 \
    X(short, short)                       \
    X(int, int)                           \
    X(long, long)                         \
    X(long long, longlong)                \
    X(unsigned char, uchar)               \
    X(unsigned short, ushort)             \
    X(unsigned int, uint)                 \
    X(unsigned long, ulong)               \
    X(unsigned long long, ulonglong)      \
    X(int8_t, int8)                       \
    X(int16_t, int16)                     \
    X(int32_t, int32)                     \
    X(int64_t, int64)                     \
    X(uint8_t, uint8)                     \
    X(uint16_t, uint16)                   \
    X(uint32_t, uint32)                   \
    X(uint64_t, uint64)                   \
    X(size_t, size)                       \
    X(ptrdiff_t, ptrdiff)

/* Point-to-point synchronization types (wait_until, test, ...). */
#define MISHMEM_P2P_SYNC_TYPES(X)         \
    X(short, short)                       \
    X(int, int)                           \
    X(long, long)                         \
    X(long long, longlong)                \
    X(unsigned short, ushort)             \
    X(unsigned int, uint)                 \
    X(unsigned long, ulong)               \
    X(unsigned long long, ulonglong)      \
    X(int32_t, int32)                     \
    X(int64_t, int64)                     \
    X(uint32_t, uint32)                   \
    X(uint64_t, uint64)                   \
    X(size_t, size)                       \
    X(ptrdiff_t, ptrdiff)

/* Sized RMA forms: X(bits) */
#define MISHMEM_SIZED_RMA(X) X(8) X(16) X(32) X(64) X(128)

/* Atomic memory operation types (OpenSHMEM 1.5 table 6). */
#define MISHMEM_AMO_STANDARD_TYPES(X)     \
    X(int, int)                           \
    X(long, long)                         \
    X(long long, longlong)                \
    X(unsigned int, uint)                 \
    X(unsigned long, ulong)               \
    X(unsigned long long, ulonglong)      \
    X(int32_t, int32)                     \
    X(int64_t, int64)                     \
    X(uint32_t, uint32)                   \
    X(uint64_t, uint64)                   \
    X(size_t, size)                       \
    X(ptrdiff_t, ptrdiff)

/* Extended AMO types beyond the standard ones: fetch, set and swap only. */
#define MISHMEM_AMO_EXTENDED_ONLY_TYPES(X) \
    X(float, float)                       \
    X(double, double)

/* Bitwise AMO types (and, or, xor). */
#define MISHMEM_AMO_BITWISE_TYPES(X)      \
    X(unsigned int, uint)                 \
    X(unsigned long, ulong)               \
    X(unsigned long long, ulonglong)      \
    X(int32_t, int32)                     \
    X(int64_t, int64)                     \
    X(uint32_t, uint32)                   \
    X(uint64_t, uint64)

/* Types of the deprecated OpenSHMEM 1.3 AMO names (shmem_int_fadd, ...). */
#define MISHMEM_AMO_DEPRECATED_TYPES(X)   \
    X(int, int)                           \
    X(long, long)                         \
    X(long long, longlong)

/* C11 _Generic selections need pairwise distinct types, and the fixed-width
 * names are typedefs of the basic ones, so these lists name each C type
 * once; a selection on them covers every type of the family above. They
 * hand a selection's operation name A through: X(C type, name, A).
 * Standard AMO types: */
#define MISHMEM_AMO_GENERIC_TYPES(X, A)   \
    X(int, int, A)                        \
    X(long, long, A)                      \
    X(long long, longlong, A)             \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)

/* Extended AMO types beyond the standard ones. */
#define MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(X, A) \
    X(float, float, A)                    \
    X(double, double, A)

/* Bitwise AMO types (int32_t and int64_t are signed, hence distinct from
 * the unsigned ones; uint32_t and uint64_t are among those). */
#define MISHMEM_AMO_GENERIC_BITWISE_TYPES(X, A) \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)   \
    X(int32_t, int32, A)                  \
    X(int64_t, int64, A)

/* Standard AMO types but long, for the C++ overloads of the deprecated
 * shmem_swap: shmem_swap(long *, long, int) is already the 1.3 C function,
 * which C++ overloads must not redeclare. */
#define MISHMEM_AMO_GENERIC_TYPES_BUT_LONG(X, A) \
    X(int, int, A)                        \
    X(long long, longlong, A)             \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)

/* Point-to-point synchronization types. */
#define MISHMEM_P2P_GENERIC_TYPES(X, A)   \
    X(short, short, A)                    \
    X(int, int, A)                        \
    X(long, long, A)                      \
    X(long long, longlong, A)             \
    X(unsigned short, ushort, A)          \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)

/* Team reductions (OpenSHMEM 1.5 table 10): X(C type, name, wrap type).
 * Integer sums and products are computed in the wrap type and converted
 * back, so overflow wraps instead of being undefined behaviour.
 * AND, OR, XOR: */
#define MISHMEM_REDUCE_BITWISE_TYPES(X)                  \
    X(unsigned char, uchar, unsigned long long)          \
    X(unsigned short, ushort, unsigned long long)        \
    X(unsigned int, uint, unsigned long long)            \
    X(unsigned long, ulong, unsigned long long)          \
    X(unsigned long long, ulonglong, unsigned long long) \
    X(int8_t, int8, unsigned long long)                  \
    X(int16_t, int16, unsigned long long)                \
    X(int32_t, int32, unsigned long long)                \
    X(int64_t, int64, unsigned long long)                \
    X(uint8_t, uint8, unsigned long long)                \
    X(uint16_t, uint16, unsigned long long)              \
    X(uint32_t, uint32, unsigned long long)              \
    X(uint64_t, uint64, unsigned long long)              \
    X(size_t, size, unsigned long long)

/* MAX, MIN (and, with the complex types below, SUM and PROD). */
#define MISHMEM_REDUCE_MINMAX_TYPES(X)                   \
    X(char, char, unsigned long long)                    \
    X(signed char, schar, unsigned long long)            \
    X(short, short, unsigned long long)                  \
    X(int, int, unsigned long long)                      \
    X(long, long, unsigned long long)                    \
    X(long long, longlong, unsigned long long)           \
    X(ptrdiff_t, ptrdiff, unsigned long long)            \
    MISHMEM_REDUCE_BITWISE_TYPES(X)                      \
    X(float, float, float)                               \
    X(double, double, double)                            \
    X(long double, longdouble, long double)

#define MISHMEM_REDUCE_COMPLEX_TYPES(X)                  \
    X(double _Complex, complexd, double _Complex)        \
    X(float _Complex, complexf, float _Complex)

/* SUM, PROD. */
#define MISHMEM_REDUCE_ARITH_TYPES(X) MISHMEM_REDUCE_MINMAX_TYPES(X) MISHMEM_REDUCE_COMPLEX_TYPES(X)

/* Deprecated active-set reductions (shmem_<T>_<op>_to_all, table 11).
 * AND, OR, XOR: */
#define MISHMEM_TO_ALL_BITWISE_TYPES(X)                  \
    X(short, short, unsigned long long)                  \
    X(int, int, unsigned long long)                      \
    X(long, long, unsigned long long)                    \
    X(long long, longlong, unsigned long long)

/* MAX, MIN: */
#define MISHMEM_TO_ALL_MINMAX_TYPES(X)                   \
    MISHMEM_TO_ALL_BITWISE_TYPES(X)                      \
    X(float, float, float)                               \
    X(double, double, double)                            \
    X(long double, longdouble, long double)

/* SUM, PROD: */
#define MISHMEM_TO_ALL_ARITH_TYPES(X) MISHMEM_TO_ALL_MINMAX_TYPES(X) MISHMEM_REDUCE_COMPLEX_TYPES(X)

/* Standard RMA types for _Generic selections (shmem_put, shmem_iget, ...):
 * every basic C type of MISHMEM_RMA_TYPES once (the fixed-width, size_t
 * and ptrdiff_t names are typedefs of these). X(C type, name, A). */
#define MISHMEM_RMA_GENERIC_TYPES(X, A)   \
    X(float, float, A)                    \
    X(double, double, A)                  \
    X(long double, longdouble, A)         \
    X(char, char, A)                      \
    X(signed char, schar, A)              \
    X(short, short, A)                    \
    X(int, int, A)                        \
    X(long, long, A)                      \
    X(long long, longlong, A)             \
    X(unsigned char, uchar, A)            \
    X(unsigned short, ushort, A)          \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)

/* Team reductions for _Generic selections and C++ overloads: each C type
 * of the MISHMEM_REDUCE_* families above once. X(C type, name, A).
 * AND, OR, XOR (the signed fixed-width types are distinct from the
 * unsigned basic ones, and from each other): */
#define MISHMEM_REDUCE_GENERIC_BITWISE_TYPES(X, A) \
    X(unsigned char, uchar, A)            \
    X(unsigned short, ushort, A)          \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)   \
    X(int8_t, int8, A)                    \
    X(int16_t, int16, A)                  \
    X(int32_t, int32, A)                  \
    X(int64_t, int64, A)

/* MAX, MIN (every basic type but _Bool covers ptrdiff_t, size_t and the
 * fixed-width names): */
#define MISHMEM_REDUCE_GENERIC_MINMAX_TYPES(X, A) \
    X(char, char, A)                      \
    X(signed char, schar, A)              \
    X(short, short, A)                    \
    X(int, int, A)                        \
    X(long, long, A)                      \
    X(long long, longlong, A)             \
    X(unsigned char, uchar, A)            \
    X(unsigned short, ushort, A)          \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)   \
    X(float, float, A)                    \
    X(double, double, A)                  \
    X(long double, longdouble, A)

/* SUM, PROD add the complex types (C only: C++ has no _Complex). */
#define MISHMEM_REDUCE_GENERIC_COMPLEX_TYPES(X, A) \
    X(double _Complex, complexd, A)       \
    X(float _Complex, complexf, A)

/* Point-to-point synchronization types but long, for the C++ overloads of
 * shmem_wait_until: shmem_wait_until(long *, int, long) is already the
 * 1.3 C function, which C++ overloads must not redeclare. */
#define MISHMEM_P2P_GENERIC_TYPES_BUT_LONG(X, A) \
    X(short, short, A)                    \
    X(int, int, A)                        \
    X(long long, longlong, A)             \
    X(unsigned short, ushort, A)          \
    X(unsigned int, uint, A)              \
    X(unsigned long, ulong, A)            \
    X(unsigned long long, ulonglong, A)

#endif
