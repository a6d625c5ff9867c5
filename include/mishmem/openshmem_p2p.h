/* OpenSHMEM 1.5 point-to-point synchronization over arrays of ivars
 * (wait_until_all/any/some, test, test_all/any/some, and their _vector
 * forms with one comparison value per element), the deprecated
 * shmem_<T>_wait, and the C11 generic forms. shmem_<T>_wait_until is in
 * openshmem.h. Include <shmem.h>, not this file.
 *
 * status: optional mask of nelems ints; a non-zero element leaves the
 * corresponding ivar out of the set (NULL: all ivars are in it). */
#ifndef MISHMEM_OPENSHMEM_P2P_H
#define MISHMEM_OPENSHMEM_P2P_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* typed P2P_SYNC_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_wait(T *ivar, T cmp_value);
void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, T cmp_value);
void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                       T *cmp_values);
size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                         T *cmp_values);
size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, T *cmp_values);
int shmem_##N##_test(T *ivar, int cmp, T cmp_value);
int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             T cmp_value);
int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                T *cmp_values);
size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                   T *cmp_values);
size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, T *cmp_values);
*/
void shmem_short_wait(short *ivar, short cmp_value);
void shmem_short_wait_until_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_wait_until_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_wait_until_some(short *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, short cmp_value);
void shmem_short_wait_until_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                       short *cmp_values);
size_t shmem_short_wait_until_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                         short *cmp_values);
size_t shmem_short_wait_until_some_vector(short *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, short *cmp_values);
int shmem_short_test(short *ivar, int cmp, short cmp_value);
int shmem_short_test_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_test_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_test_some(short *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             short cmp_value);
int shmem_short_test_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                short *cmp_values);
size_t shmem_short_test_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                   short *cmp_values);
size_t shmem_short_test_some_vector(short *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, short *cmp_values);
void shmem_int_wait(int *ivar, int cmp_value);
void shmem_int_wait_until_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_wait_until_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_wait_until_some(int *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, int cmp_value);
void shmem_int_wait_until_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                       int *cmp_values);
size_t shmem_int_wait_until_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                         int *cmp_values);
size_t shmem_int_wait_until_some_vector(int *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, int *cmp_values);
int shmem_int_test(int *ivar, int cmp, int cmp_value);
int shmem_int_test_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_test_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_test_some(int *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             int cmp_value);
int shmem_int_test_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                int *cmp_values);
size_t shmem_int_test_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                   int *cmp_values);
size_t shmem_int_test_some_vector(int *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, int *cmp_values);
void shmem_long_wait(long *ivar, long cmp_value);
void shmem_long_wait_until_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_wait_until_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_wait_until_some(long *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, long cmp_value);
void shmem_long_wait_until_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                       long *cmp_values);
size_t shmem_long_wait_until_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                         long *cmp_values);
size_t shmem_long_wait_until_some_vector(long *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, long *cmp_values);
int shmem_long_test(long *ivar, int cmp, long cmp_value);
int shmem_long_test_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_test_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_test_some(long *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             long cmp_value);
int shmem_long_test_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                long *cmp_values);
size_t shmem_long_test_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                   long *cmp_values);
size_t shmem_long_test_some_vector(long *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, long *cmp_values);
void shmem_longlong_wait(long long *ivar, long long cmp_value);
void shmem_longlong_wait_until_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_wait_until_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_wait_until_some(long long *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, long long cmp_value);
void shmem_longlong_wait_until_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                       long long *cmp_values);
size_t shmem_longlong_wait_until_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                         long long *cmp_values);
size_t shmem_longlong_wait_until_some_vector(long long *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, long long *cmp_values);
int shmem_longlong_test(long long *ivar, int cmp, long long cmp_value);
int shmem_longlong_test_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_test_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_test_some(long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             long long cmp_value);
int shmem_longlong_test_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                long long *cmp_values);
size_t shmem_longlong_test_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                   long long *cmp_values);
size_t shmem_longlong_test_some_vector(long long *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, long long *cmp_values);
void shmem_ushort_wait(unsigned short *ivar, unsigned short cmp_value);
void shmem_ushort_wait_until_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_wait_until_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_wait_until_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, unsigned short cmp_value);
void shmem_ushort_wait_until_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                       unsigned short *cmp_values);
size_t shmem_ushort_wait_until_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned short *cmp_values);
size_t shmem_ushort_wait_until_some_vector(unsigned short *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, unsigned short *cmp_values);
int shmem_ushort_test(unsigned short *ivar, int cmp, unsigned short cmp_value);
int shmem_ushort_test_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_test_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_test_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             unsigned short cmp_value);
int shmem_ushort_test_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                unsigned short *cmp_values);
size_t shmem_ushort_test_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned short *cmp_values);
size_t shmem_ushort_test_some_vector(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, unsigned short *cmp_values);
void shmem_uint_wait(unsigned int *ivar, unsigned int cmp_value);
void shmem_uint_wait_until_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_wait_until_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_wait_until_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, unsigned int cmp_value);
void shmem_uint_wait_until_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                       unsigned int *cmp_values);
size_t shmem_uint_wait_until_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned int *cmp_values);
size_t shmem_uint_wait_until_some_vector(unsigned int *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, unsigned int *cmp_values);
int shmem_uint_test(unsigned int *ivar, int cmp, unsigned int cmp_value);
int shmem_uint_test_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_test_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_test_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             unsigned int cmp_value);
int shmem_uint_test_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                unsigned int *cmp_values);
size_t shmem_uint_test_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned int *cmp_values);
size_t shmem_uint_test_some_vector(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, unsigned int *cmp_values);
void shmem_ulong_wait(unsigned long *ivar, unsigned long cmp_value);
void shmem_ulong_wait_until_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_wait_until_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_wait_until_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, unsigned long cmp_value);
void shmem_ulong_wait_until_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                       unsigned long *cmp_values);
size_t shmem_ulong_wait_until_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned long *cmp_values);
size_t shmem_ulong_wait_until_some_vector(unsigned long *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, unsigned long *cmp_values);
int shmem_ulong_test(unsigned long *ivar, int cmp, unsigned long cmp_value);
int shmem_ulong_test_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_test_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_test_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             unsigned long cmp_value);
int shmem_ulong_test_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                unsigned long *cmp_values);
size_t shmem_ulong_test_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long *cmp_values);
size_t shmem_ulong_test_some_vector(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, unsigned long *cmp_values);
void shmem_ulonglong_wait(unsigned long long *ivar, unsigned long long cmp_value);
void shmem_ulonglong_wait_until_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_wait_until_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_wait_until_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, unsigned long long cmp_value);
void shmem_ulonglong_wait_until_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                       unsigned long long *cmp_values);
size_t shmem_ulonglong_wait_until_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned long long *cmp_values);
size_t shmem_ulonglong_wait_until_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, unsigned long long *cmp_values);
int shmem_ulonglong_test(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
int shmem_ulonglong_test_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_test_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_test_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             unsigned long long cmp_value);
int shmem_ulonglong_test_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                unsigned long long *cmp_values);
size_t shmem_ulonglong_test_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long long *cmp_values);
size_t shmem_ulonglong_test_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, unsigned long long *cmp_values);
void shmem_int32_wait(int32_t *ivar, int32_t cmp_value);
void shmem_int32_wait_until_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_wait_until_any(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_wait_until_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, int32_t cmp_value);
void shmem_int32_wait_until_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                       int32_t *cmp_values);
size_t shmem_int32_wait_until_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                         int32_t *cmp_values);
size_t shmem_int32_wait_until_some_vector(int32_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, int32_t *cmp_values);
int shmem_int32_test(int32_t *ivar, int cmp, int32_t cmp_value);
int shmem_int32_test_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_test_any(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_test_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             int32_t cmp_value);
int shmem_int32_test_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                int32_t *cmp_values);
size_t shmem_int32_test_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                   int32_t *cmp_values);
size_t shmem_int32_test_some_vector(int32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, int32_t *cmp_values);
void shmem_int64_wait(int64_t *ivar, int64_t cmp_value);
void shmem_int64_wait_until_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_wait_until_any(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_wait_until_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, int64_t cmp_value);
void shmem_int64_wait_until_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                       int64_t *cmp_values);
size_t shmem_int64_wait_until_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                         int64_t *cmp_values);
size_t shmem_int64_wait_until_some_vector(int64_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, int64_t *cmp_values);
int shmem_int64_test(int64_t *ivar, int cmp, int64_t cmp_value);
int shmem_int64_test_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_test_any(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_test_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             int64_t cmp_value);
int shmem_int64_test_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                int64_t *cmp_values);
size_t shmem_int64_test_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                   int64_t *cmp_values);
size_t shmem_int64_test_some_vector(int64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, int64_t *cmp_values);
void shmem_uint32_wait(uint32_t *ivar, uint32_t cmp_value);
void shmem_uint32_wait_until_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_wait_until_any(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_wait_until_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, uint32_t cmp_value);
void shmem_uint32_wait_until_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                       uint32_t *cmp_values);
size_t shmem_uint32_wait_until_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint32_t *cmp_values);
size_t shmem_uint32_wait_until_some_vector(uint32_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, uint32_t *cmp_values);
int shmem_uint32_test(uint32_t *ivar, int cmp, uint32_t cmp_value);
int shmem_uint32_test_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_test_any(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_test_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             uint32_t cmp_value);
int shmem_uint32_test_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                uint32_t *cmp_values);
size_t shmem_uint32_test_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint32_t *cmp_values);
size_t shmem_uint32_test_some_vector(uint32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, uint32_t *cmp_values);
void shmem_uint64_wait(uint64_t *ivar, uint64_t cmp_value);
void shmem_uint64_wait_until_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_wait_until_any(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_wait_until_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, uint64_t cmp_value);
void shmem_uint64_wait_until_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                       uint64_t *cmp_values);
size_t shmem_uint64_wait_until_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint64_t *cmp_values);
size_t shmem_uint64_wait_until_some_vector(uint64_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, uint64_t *cmp_values);
int shmem_uint64_test(uint64_t *ivar, int cmp, uint64_t cmp_value);
int shmem_uint64_test_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_test_any(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_test_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             uint64_t cmp_value);
int shmem_uint64_test_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                uint64_t *cmp_values);
size_t shmem_uint64_test_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint64_t *cmp_values);
size_t shmem_uint64_test_some_vector(uint64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, uint64_t *cmp_values);
void shmem_size_wait(size_t *ivar, size_t cmp_value);
void shmem_size_wait_until_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_wait_until_any(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_wait_until_some(size_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, size_t cmp_value);
void shmem_size_wait_until_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                       size_t *cmp_values);
size_t shmem_size_wait_until_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                         size_t *cmp_values);
size_t shmem_size_wait_until_some_vector(size_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, size_t *cmp_values);
int shmem_size_test(size_t *ivar, int cmp, size_t cmp_value);
int shmem_size_test_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_test_any(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_test_some(size_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             size_t cmp_value);
int shmem_size_test_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                size_t *cmp_values);
size_t shmem_size_test_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                   size_t *cmp_values);
size_t shmem_size_test_some_vector(size_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, size_t *cmp_values);
void shmem_ptrdiff_wait(ptrdiff_t *ivar, ptrdiff_t cmp_value);
void shmem_ptrdiff_wait_until_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_wait_until_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_wait_until_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status,
                                   int cmp, ptrdiff_t cmp_value);
void shmem_ptrdiff_wait_until_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                       ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_wait_until_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                         ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_wait_until_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices,
                                          const int *status, int cmp, ptrdiff_t *cmp_values);
int shmem_ptrdiff_test(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
int shmem_ptrdiff_test_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_test_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_test_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp,
                             ptrdiff_t cmp_value);
int shmem_ptrdiff_test_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_test_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                   ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_test_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status,
                                    int cmp, ptrdiff_t *cmp_values);
/* end typed */

/* 1.3's untyped waits on a long (the C11 generic forms cover them too). */
void shmem_wait(long *ivar, long cmp_value);
void shmem_wait_until(long *ivar, int cmp, long cmp_value);

#ifdef __cplusplus
}
#endif

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
/* C11 generic forms: the typed function is picked from the ivars' type. */
#include <mishmem/openshmem_generic_args.h>
/* typed P2P_GENERIC_TYPES(T, N) for OP in wait_until wait wait_until_all wait_until_any wait_until_some wait_until_all_vector wait_until_any_vector wait_until_some_vector test test_all test_any test_some test_all_vector test_any_vector test_some_vector, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG0(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_wait_until(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until, \
    int *: shmem_int_wait_until, \
    long *: shmem_long_wait_until, \
    long long *: shmem_longlong_wait_until, \
    unsigned short *: shmem_ushort_wait_until, \
    unsigned int *: shmem_uint_wait_until, \
    unsigned long *: shmem_ulong_wait_until, \
    unsigned long long *: shmem_ulonglong_wait_until)(__VA_ARGS__)
#define shmem_wait(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait, \
    int *: shmem_int_wait, \
    long *: shmem_long_wait, \
    long long *: shmem_longlong_wait, \
    unsigned short *: shmem_ushort_wait, \
    unsigned int *: shmem_uint_wait, \
    unsigned long *: shmem_ulong_wait, \
    unsigned long long *: shmem_ulonglong_wait)(__VA_ARGS__)
#define shmem_wait_until_all(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_all, \
    int *: shmem_int_wait_until_all, \
    long *: shmem_long_wait_until_all, \
    long long *: shmem_longlong_wait_until_all, \
    unsigned short *: shmem_ushort_wait_until_all, \
    unsigned int *: shmem_uint_wait_until_all, \
    unsigned long *: shmem_ulong_wait_until_all, \
    unsigned long long *: shmem_ulonglong_wait_until_all)(__VA_ARGS__)
#define shmem_wait_until_any(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_any, \
    int *: shmem_int_wait_until_any, \
    long *: shmem_long_wait_until_any, \
    long long *: shmem_longlong_wait_until_any, \
    unsigned short *: shmem_ushort_wait_until_any, \
    unsigned int *: shmem_uint_wait_until_any, \
    unsigned long *: shmem_ulong_wait_until_any, \
    unsigned long long *: shmem_ulonglong_wait_until_any)(__VA_ARGS__)
#define shmem_wait_until_some(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_some, \
    int *: shmem_int_wait_until_some, \
    long *: shmem_long_wait_until_some, \
    long long *: shmem_longlong_wait_until_some, \
    unsigned short *: shmem_ushort_wait_until_some, \
    unsigned int *: shmem_uint_wait_until_some, \
    unsigned long *: shmem_ulong_wait_until_some, \
    unsigned long long *: shmem_ulonglong_wait_until_some)(__VA_ARGS__)
#define shmem_wait_until_all_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_all_vector, \
    int *: shmem_int_wait_until_all_vector, \
    long *: shmem_long_wait_until_all_vector, \
    long long *: shmem_longlong_wait_until_all_vector, \
    unsigned short *: shmem_ushort_wait_until_all_vector, \
    unsigned int *: shmem_uint_wait_until_all_vector, \
    unsigned long *: shmem_ulong_wait_until_all_vector, \
    unsigned long long *: shmem_ulonglong_wait_until_all_vector)(__VA_ARGS__)
#define shmem_wait_until_any_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_any_vector, \
    int *: shmem_int_wait_until_any_vector, \
    long *: shmem_long_wait_until_any_vector, \
    long long *: shmem_longlong_wait_until_any_vector, \
    unsigned short *: shmem_ushort_wait_until_any_vector, \
    unsigned int *: shmem_uint_wait_until_any_vector, \
    unsigned long *: shmem_ulong_wait_until_any_vector, \
    unsigned long long *: shmem_ulonglong_wait_until_any_vector)(__VA_ARGS__)
#define shmem_wait_until_some_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_wait_until_some_vector, \
    int *: shmem_int_wait_until_some_vector, \
    long *: shmem_long_wait_until_some_vector, \
    long long *: shmem_longlong_wait_until_some_vector, \
    unsigned short *: shmem_ushort_wait_until_some_vector, \
    unsigned int *: shmem_uint_wait_until_some_vector, \
    unsigned long *: shmem_ulong_wait_until_some_vector, \
    unsigned long long *: shmem_ulonglong_wait_until_some_vector)(__VA_ARGS__)
#define shmem_test(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test, \
    int *: shmem_int_test, \
    long *: shmem_long_test, \
    long long *: shmem_longlong_test, \
    unsigned short *: shmem_ushort_test, \
    unsigned int *: shmem_uint_test, \
    unsigned long *: shmem_ulong_test, \
    unsigned long long *: shmem_ulonglong_test)(__VA_ARGS__)
#define shmem_test_all(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_all, \
    int *: shmem_int_test_all, \
    long *: shmem_long_test_all, \
    long long *: shmem_longlong_test_all, \
    unsigned short *: shmem_ushort_test_all, \
    unsigned int *: shmem_uint_test_all, \
    unsigned long *: shmem_ulong_test_all, \
    unsigned long long *: shmem_ulonglong_test_all)(__VA_ARGS__)
#define shmem_test_any(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_any, \
    int *: shmem_int_test_any, \
    long *: shmem_long_test_any, \
    long long *: shmem_longlong_test_any, \
    unsigned short *: shmem_ushort_test_any, \
    unsigned int *: shmem_uint_test_any, \
    unsigned long *: shmem_ulong_test_any, \
    unsigned long long *: shmem_ulonglong_test_any)(__VA_ARGS__)
#define shmem_test_some(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_some, \
    int *: shmem_int_test_some, \
    long *: shmem_long_test_some, \
    long long *: shmem_longlong_test_some, \
    unsigned short *: shmem_ushort_test_some, \
    unsigned int *: shmem_uint_test_some, \
    unsigned long *: shmem_ulong_test_some, \
    unsigned long long *: shmem_ulonglong_test_some)(__VA_ARGS__)
#define shmem_test_all_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_all_vector, \
    int *: shmem_int_test_all_vector, \
    long *: shmem_long_test_all_vector, \
    long long *: shmem_longlong_test_all_vector, \
    unsigned short *: shmem_ushort_test_all_vector, \
    unsigned int *: shmem_uint_test_all_vector, \
    unsigned long *: shmem_ulong_test_all_vector, \
    unsigned long long *: shmem_ulonglong_test_all_vector)(__VA_ARGS__)
#define shmem_test_any_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_any_vector, \
    int *: shmem_int_test_any_vector, \
    long *: shmem_long_test_any_vector, \
    long long *: shmem_longlong_test_any_vector, \
    unsigned short *: shmem_ushort_test_any_vector, \
    unsigned int *: shmem_uint_test_any_vector, \
    unsigned long *: shmem_ulong_test_any_vector, \
    unsigned long long *: shmem_ulonglong_test_any_vector)(__VA_ARGS__)
#define shmem_test_some_vector(...) _Generic(MISHMEM_ARG0(__VA_ARGS__), \
    short *: shmem_short_test_some_vector, \
    int *: shmem_int_test_some_vector, \
    long *: shmem_long_test_some_vector, \
    long long *: shmem_longlong_test_some_vector, \
    unsigned short *: shmem_ushort_test_some_vector, \
    unsigned int *: shmem_uint_test_some_vector, \
    unsigned long *: shmem_ulong_test_some_vector, \
    unsigned long long *: shmem_ulonglong_test_some_vector)(__VA_ARGS__)
/* end typed */
#endif

#endif
