/* Values for AMO tests that a wrong width or signedness would corrupt:
 * beyond 32 bits for 8-byte types, above 2^31 (2^63) for unsigned ones,
 * negative for signed ones. Computed in uint64_t and converted, so that no
 * constant overflows a narrower type. */
#ifndef MISHMEM_TEST_AMO_VALUES_H
#define MISHMEM_TEST_AMO_VALUES_H

#include <stdint.h>

#define IS_SIGNED(T) ((T)-1 < (T)1) /* not "< 0": -Wtype-limits */
#define WIDE_BASE(T) (sizeof(T) == 8 ? 0x40000001C0000000ull : 0x40000000ull)

/* Distinct per k (k small). */
#define WIDE(T, k) \
    (IS_SIGNED(T) ? (T)(0 - (WIDE_BASE(T) + (uint64_t)(k))) : (T)(2 * WIDE_BASE(T) + (uint64_t)(k)))

/* An addend that keeps signed sums in range and makes unsigned ones carry. */
#define DELTA(T, k) (IS_SIGNED(T) ? (T)(0 - (uint64_t)(7 + (k))) : (T)(WIDE_BASE(T) + (uint64_t)(k)))

/* A bit pattern with the top bit set and bits in both 32-bit halves. */
#define TOP_BIT(T) ((uint64_t)1 << (sizeof(T) * 8 - 1))
#define PATTERN(T, k) ((T)(TOP_BIT(T) | 0x00F0F0F0F0F0F0F0ull | (uint64_t)(k)))

#endif
