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

#endif
