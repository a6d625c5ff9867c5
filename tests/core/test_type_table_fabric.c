/* The master type table's fabric column: every row names the libfabric
 * datatype of its C type's size and signedness on this ABI (long, size_t,
 * ptrdiff_t and plain char included), checked at compile time against
 * <rdma/fi_domain.h>, the way a libfabric transport will read the column.
 * Built only where libfabric's headers are installed. */
#include <rdma/fi_domain.h>

#include <stdio.h>

#include "util/type_lists.h"

/* Size in bytes of a libfabric datatype (0 for one not expected here). */
#define FI_SIZE(d)                                                                   \
    ((d) == FI_INT8 || (d) == FI_UINT8 ? 1                                           \
     : (d) == FI_INT16 || (d) == FI_UINT16 ? 2                                       \
     : (d) == FI_INT32 || (d) == FI_UINT32 || (d) == FI_FLOAT ? 4                    \
     : (d) == FI_INT64 || (d) == FI_UINT64 || (d) == FI_DOUBLE ? 8                   \
     : (d) == FI_FLOAT_COMPLEX ? sizeof(float _Complex)                              \
     : (d) == FI_DOUBLE_COMPLEX ? sizeof(double _Complex)                            \
     : (d) == FI_LONG_DOUBLE ? sizeof(long double) : 0)
#define FI_IS_SIGNED_INT(d) ((d) == FI_INT8 || (d) == FI_INT16 || (d) == FI_INT32 || (d) == FI_INT64)
#define FI_IS_UNSIGNED_INT(d) \
    ((d) == FI_UINT8 || (d) == FI_UINT16 || (d) == FI_UINT32 || (d) == FI_UINT64)

#define CHECK_SIZE(T, N, FI) _Static_assert(FI_SIZE(FI) == sizeof(T), #N ": fabric datatype has the wrong size");
MISHMEM_FABRIC_TYPES(CHECK_SIZE)

static int failures;

/* Integer types get integer datatypes of their signedness, the others not. */
static void check_kind(const char *name, const char *fi_name, int is_int, int is_signed, int fi)
{
    int ok = is_int ? (is_signed ? FI_IS_SIGNED_INT(fi) : FI_IS_UNSIGNED_INT(fi))
                    : !(FI_IS_SIGNED_INT(fi) || FI_IS_UNSIGNED_INT(fi));
    printf("%-10s %-18s %s\n", name, fi_name, ok ? "ok" : "WRONG");
    failures += !ok;
}

/* (T)0.5 is 0 only for an integer type; T is signed when 0 - 1 is below 0. */
#define CHECK_KIND(T, N, FI)                                                          \
    {                                                                                 \
        volatile T half = (T)0.5, zero = (T)0, one = (T)1;                            \
        int is_int = half == zero;                                                    \
        check_kind(#N, #FI, is_int, is_int && (long double)(T)(zero - one) < 0, (int)(FI)); \
    }

int main(void)
{
    MISHMEM_FABRIC_TYPES(CHECK_KIND)
    return failures != 0;
}
