/* aclshmem face: point-to-point synchronization over arrays of ivars,
 * with the OpenSHMEM 1.5 semantics (see openshmem_p2p.h). Misuse (NULL
 * arrays with nelems > 0, an unknown cmp, no current instance for a wait)
 * is logged and answered with ACLSHMEM_INVALID_PARAM / ACLSHMEM_NOT_INITED
 * from the int-returning calls, SIZE_MAX from *_any and 0 from *_some.
 * aclshmem_<T>_wait_until is in aclshmem.h. Types: the seed's (char,
 * float, int8, ...) and OpenSHMEM's table 7, MISHMEM_ACL_P2P_SYNC_TYPES.
 * Include <shmem.h>. */
#ifndef MISHMEM_ACLSHMEM_P2P_H
#define MISHMEM_ACLSHMEM_P2P_H

#include <stddef.h>


#ifdef __cplusplus
extern "C" {
#endif

/* typed ACL_P2P_SYNC_TYPES(T, N), expanded by scripts/gen_types.py:
int aclshmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t aclshmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp,
                                     T cmp_value);
size_t aclshmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, T cmp_value);
int aclshmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                         T *cmp_values);
size_t aclshmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                            T *cmp_values);
size_t aclshmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, T *cmp_values);
int aclshmem_##N##_test(T *ivar, int cmp, T cmp_value);
int aclshmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t aclshmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);
size_t aclshmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, T cmp_value);
int aclshmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                   T *cmp_values);
size_t aclshmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                      T *cmp_values);
size_t aclshmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, T *cmp_values);
*/
int aclshmem_float_wait_until_all(float *ivars, size_t nelems, const int *status, int cmp, float cmp_value);
size_t aclshmem_float_wait_until_any(float *ivars, size_t nelems, const int *status, int cmp,
                                     float cmp_value);
size_t aclshmem_float_wait_until_some(float *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, float cmp_value);
int aclshmem_float_wait_until_all_vector(float *ivars, size_t nelems, const int *status, int cmp,
                                         float *cmp_values);
size_t aclshmem_float_wait_until_any_vector(float *ivars, size_t nelems, const int *status, int cmp,
                                            float *cmp_values);
size_t aclshmem_float_wait_until_some_vector(float *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, float *cmp_values);
int aclshmem_float_test(float *ivar, int cmp, float cmp_value);
int aclshmem_float_test_all(float *ivars, size_t nelems, const int *status, int cmp, float cmp_value);
size_t aclshmem_float_test_any(float *ivars, size_t nelems, const int *status, int cmp, float cmp_value);
size_t aclshmem_float_test_some(float *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, float cmp_value);
int aclshmem_float_test_all_vector(float *ivars, size_t nelems, const int *status, int cmp,
                                   float *cmp_values);
size_t aclshmem_float_test_any_vector(float *ivars, size_t nelems, const int *status, int cmp,
                                      float *cmp_values);
size_t aclshmem_float_test_some_vector(float *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, float *cmp_values);
int aclshmem_char_wait_until_all(char *ivars, size_t nelems, const int *status, int cmp, char cmp_value);
size_t aclshmem_char_wait_until_any(char *ivars, size_t nelems, const int *status, int cmp,
                                     char cmp_value);
size_t aclshmem_char_wait_until_some(char *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, char cmp_value);
int aclshmem_char_wait_until_all_vector(char *ivars, size_t nelems, const int *status, int cmp,
                                         char *cmp_values);
size_t aclshmem_char_wait_until_any_vector(char *ivars, size_t nelems, const int *status, int cmp,
                                            char *cmp_values);
size_t aclshmem_char_wait_until_some_vector(char *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, char *cmp_values);
int aclshmem_char_test(char *ivar, int cmp, char cmp_value);
int aclshmem_char_test_all(char *ivars, size_t nelems, const int *status, int cmp, char cmp_value);
size_t aclshmem_char_test_any(char *ivars, size_t nelems, const int *status, int cmp, char cmp_value);
size_t aclshmem_char_test_some(char *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, char cmp_value);
int aclshmem_char_test_all_vector(char *ivars, size_t nelems, const int *status, int cmp,
                                   char *cmp_values);
size_t aclshmem_char_test_any_vector(char *ivars, size_t nelems, const int *status, int cmp,
                                      char *cmp_values);
size_t aclshmem_char_test_some_vector(char *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, char *cmp_values);
int aclshmem_short_wait_until_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t aclshmem_short_wait_until_any(short *ivars, size_t nelems, const int *status, int cmp,
                                     short cmp_value);
size_t aclshmem_short_wait_until_some(short *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, short cmp_value);
int aclshmem_short_wait_until_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                         short *cmp_values);
size_t aclshmem_short_wait_until_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                            short *cmp_values);
size_t aclshmem_short_wait_until_some_vector(short *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, short *cmp_values);
int aclshmem_short_test(short *ivar, int cmp, short cmp_value);
int aclshmem_short_test_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t aclshmem_short_test_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t aclshmem_short_test_some(short *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, short cmp_value);
int aclshmem_short_test_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                   short *cmp_values);
size_t aclshmem_short_test_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                      short *cmp_values);
size_t aclshmem_short_test_some_vector(short *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, short *cmp_values);
int aclshmem_int_wait_until_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t aclshmem_int_wait_until_any(int *ivars, size_t nelems, const int *status, int cmp,
                                     int cmp_value);
size_t aclshmem_int_wait_until_some(int *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, int cmp_value);
int aclshmem_int_wait_until_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                         int *cmp_values);
size_t aclshmem_int_wait_until_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                            int *cmp_values);
size_t aclshmem_int_wait_until_some_vector(int *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, int *cmp_values);
int aclshmem_int_test(int *ivar, int cmp, int cmp_value);
int aclshmem_int_test_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t aclshmem_int_test_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t aclshmem_int_test_some(int *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, int cmp_value);
int aclshmem_int_test_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                   int *cmp_values);
size_t aclshmem_int_test_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                      int *cmp_values);
size_t aclshmem_int_test_some_vector(int *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, int *cmp_values);
int aclshmem_long_wait_until_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t aclshmem_long_wait_until_any(long *ivars, size_t nelems, const int *status, int cmp,
                                     long cmp_value);
size_t aclshmem_long_wait_until_some(long *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, long cmp_value);
int aclshmem_long_wait_until_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                         long *cmp_values);
size_t aclshmem_long_wait_until_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                            long *cmp_values);
size_t aclshmem_long_wait_until_some_vector(long *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, long *cmp_values);
int aclshmem_long_test(long *ivar, int cmp, long cmp_value);
int aclshmem_long_test_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t aclshmem_long_test_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t aclshmem_long_test_some(long *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, long cmp_value);
int aclshmem_long_test_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                   long *cmp_values);
size_t aclshmem_long_test_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                      long *cmp_values);
size_t aclshmem_long_test_some_vector(long *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, long *cmp_values);
int aclshmem_longlong_wait_until_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t aclshmem_longlong_wait_until_any(long long *ivars, size_t nelems, const int *status, int cmp,
                                     long long cmp_value);
size_t aclshmem_longlong_wait_until_some(long long *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, long long cmp_value);
int aclshmem_longlong_wait_until_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                         long long *cmp_values);
size_t aclshmem_longlong_wait_until_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                            long long *cmp_values);
size_t aclshmem_longlong_wait_until_some_vector(long long *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, long long *cmp_values);
int aclshmem_longlong_test(long long *ivar, int cmp, long long cmp_value);
int aclshmem_longlong_test_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t aclshmem_longlong_test_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t aclshmem_longlong_test_some(long long *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, long long cmp_value);
int aclshmem_longlong_test_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                   long long *cmp_values);
size_t aclshmem_longlong_test_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                      long long *cmp_values);
size_t aclshmem_longlong_test_some_vector(long long *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, long long *cmp_values);
int aclshmem_ushort_wait_until_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t aclshmem_ushort_wait_until_any(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                     unsigned short cmp_value);
size_t aclshmem_ushort_wait_until_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, unsigned short cmp_value);
int aclshmem_ushort_wait_until_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned short *cmp_values);
size_t aclshmem_ushort_wait_until_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                            unsigned short *cmp_values);
size_t aclshmem_ushort_wait_until_some_vector(unsigned short *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, unsigned short *cmp_values);
int aclshmem_ushort_test(unsigned short *ivar, int cmp, unsigned short cmp_value);
int aclshmem_ushort_test_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t aclshmem_ushort_test_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t aclshmem_ushort_test_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, unsigned short cmp_value);
int aclshmem_ushort_test_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned short *cmp_values);
size_t aclshmem_ushort_test_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                      unsigned short *cmp_values);
size_t aclshmem_ushort_test_some_vector(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, unsigned short *cmp_values);
int aclshmem_uint_wait_until_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t aclshmem_uint_wait_until_any(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                     unsigned int cmp_value);
size_t aclshmem_uint_wait_until_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, unsigned int cmp_value);
int aclshmem_uint_wait_until_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned int *cmp_values);
size_t aclshmem_uint_wait_until_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                            unsigned int *cmp_values);
size_t aclshmem_uint_wait_until_some_vector(unsigned int *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, unsigned int *cmp_values);
int aclshmem_uint_test(unsigned int *ivar, int cmp, unsigned int cmp_value);
int aclshmem_uint_test_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t aclshmem_uint_test_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t aclshmem_uint_test_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, unsigned int cmp_value);
int aclshmem_uint_test_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned int *cmp_values);
size_t aclshmem_uint_test_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                      unsigned int *cmp_values);
size_t aclshmem_uint_test_some_vector(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, unsigned int *cmp_values);
int aclshmem_ulong_wait_until_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t aclshmem_ulong_wait_until_any(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                     unsigned long cmp_value);
size_t aclshmem_ulong_wait_until_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, unsigned long cmp_value);
int aclshmem_ulong_wait_until_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned long *cmp_values);
size_t aclshmem_ulong_wait_until_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                            unsigned long *cmp_values);
size_t aclshmem_ulong_wait_until_some_vector(unsigned long *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, unsigned long *cmp_values);
int aclshmem_ulong_test(unsigned long *ivar, int cmp, unsigned long cmp_value);
int aclshmem_ulong_test_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t aclshmem_ulong_test_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t aclshmem_ulong_test_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, unsigned long cmp_value);
int aclshmem_ulong_test_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long *cmp_values);
size_t aclshmem_ulong_test_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                      unsigned long *cmp_values);
size_t aclshmem_ulong_test_some_vector(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, unsigned long *cmp_values);
int aclshmem_ulonglong_wait_until_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t aclshmem_ulonglong_wait_until_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                     unsigned long long cmp_value);
size_t aclshmem_ulonglong_wait_until_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, unsigned long long cmp_value);
int aclshmem_ulonglong_wait_until_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                         unsigned long long *cmp_values);
size_t aclshmem_ulonglong_wait_until_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                            unsigned long long *cmp_values);
size_t aclshmem_ulonglong_wait_until_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, unsigned long long *cmp_values);
int aclshmem_ulonglong_test(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
int aclshmem_ulonglong_test_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t aclshmem_ulonglong_test_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t aclshmem_ulonglong_test_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, unsigned long long cmp_value);
int aclshmem_ulonglong_test_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long long *cmp_values);
size_t aclshmem_ulonglong_test_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                      unsigned long long *cmp_values);
size_t aclshmem_ulonglong_test_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, unsigned long long *cmp_values);
int aclshmem_int8_wait_until_all(int8_t *ivars, size_t nelems, const int *status, int cmp, int8_t cmp_value);
size_t aclshmem_int8_wait_until_any(int8_t *ivars, size_t nelems, const int *status, int cmp,
                                     int8_t cmp_value);
size_t aclshmem_int8_wait_until_some(int8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, int8_t cmp_value);
int aclshmem_int8_wait_until_all_vector(int8_t *ivars, size_t nelems, const int *status, int cmp,
                                         int8_t *cmp_values);
size_t aclshmem_int8_wait_until_any_vector(int8_t *ivars, size_t nelems, const int *status, int cmp,
                                            int8_t *cmp_values);
size_t aclshmem_int8_wait_until_some_vector(int8_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, int8_t *cmp_values);
int aclshmem_int8_test(int8_t *ivar, int cmp, int8_t cmp_value);
int aclshmem_int8_test_all(int8_t *ivars, size_t nelems, const int *status, int cmp, int8_t cmp_value);
size_t aclshmem_int8_test_any(int8_t *ivars, size_t nelems, const int *status, int cmp, int8_t cmp_value);
size_t aclshmem_int8_test_some(int8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, int8_t cmp_value);
int aclshmem_int8_test_all_vector(int8_t *ivars, size_t nelems, const int *status, int cmp,
                                   int8_t *cmp_values);
size_t aclshmem_int8_test_any_vector(int8_t *ivars, size_t nelems, const int *status, int cmp,
                                      int8_t *cmp_values);
size_t aclshmem_int8_test_some_vector(int8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, int8_t *cmp_values);
int aclshmem_int16_wait_until_all(int16_t *ivars, size_t nelems, const int *status, int cmp, int16_t cmp_value);
size_t aclshmem_int16_wait_until_any(int16_t *ivars, size_t nelems, const int *status, int cmp,
                                     int16_t cmp_value);
size_t aclshmem_int16_wait_until_some(int16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, int16_t cmp_value);
int aclshmem_int16_wait_until_all_vector(int16_t *ivars, size_t nelems, const int *status, int cmp,
                                         int16_t *cmp_values);
size_t aclshmem_int16_wait_until_any_vector(int16_t *ivars, size_t nelems, const int *status, int cmp,
                                            int16_t *cmp_values);
size_t aclshmem_int16_wait_until_some_vector(int16_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, int16_t *cmp_values);
int aclshmem_int16_test(int16_t *ivar, int cmp, int16_t cmp_value);
int aclshmem_int16_test_all(int16_t *ivars, size_t nelems, const int *status, int cmp, int16_t cmp_value);
size_t aclshmem_int16_test_any(int16_t *ivars, size_t nelems, const int *status, int cmp, int16_t cmp_value);
size_t aclshmem_int16_test_some(int16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, int16_t cmp_value);
int aclshmem_int16_test_all_vector(int16_t *ivars, size_t nelems, const int *status, int cmp,
                                   int16_t *cmp_values);
size_t aclshmem_int16_test_any_vector(int16_t *ivars, size_t nelems, const int *status, int cmp,
                                      int16_t *cmp_values);
size_t aclshmem_int16_test_some_vector(int16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, int16_t *cmp_values);
int aclshmem_int32_wait_until_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t aclshmem_int32_wait_until_any(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                     int32_t cmp_value);
size_t aclshmem_int32_wait_until_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, int32_t cmp_value);
int aclshmem_int32_wait_until_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                         int32_t *cmp_values);
size_t aclshmem_int32_wait_until_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                            int32_t *cmp_values);
size_t aclshmem_int32_wait_until_some_vector(int32_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, int32_t *cmp_values);
int aclshmem_int32_test(int32_t *ivar, int cmp, int32_t cmp_value);
int aclshmem_int32_test_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t aclshmem_int32_test_any(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t aclshmem_int32_test_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, int32_t cmp_value);
int aclshmem_int32_test_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                   int32_t *cmp_values);
size_t aclshmem_int32_test_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp,
                                      int32_t *cmp_values);
size_t aclshmem_int32_test_some_vector(int32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, int32_t *cmp_values);
int aclshmem_int64_wait_until_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t aclshmem_int64_wait_until_any(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                     int64_t cmp_value);
size_t aclshmem_int64_wait_until_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, int64_t cmp_value);
int aclshmem_int64_wait_until_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                         int64_t *cmp_values);
size_t aclshmem_int64_wait_until_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                            int64_t *cmp_values);
size_t aclshmem_int64_wait_until_some_vector(int64_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, int64_t *cmp_values);
int aclshmem_int64_test(int64_t *ivar, int cmp, int64_t cmp_value);
int aclshmem_int64_test_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t aclshmem_int64_test_any(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t aclshmem_int64_test_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, int64_t cmp_value);
int aclshmem_int64_test_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                   int64_t *cmp_values);
size_t aclshmem_int64_test_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp,
                                      int64_t *cmp_values);
size_t aclshmem_int64_test_some_vector(int64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, int64_t *cmp_values);
int aclshmem_uint8_wait_until_all(uint8_t *ivars, size_t nelems, const int *status, int cmp, uint8_t cmp_value);
size_t aclshmem_uint8_wait_until_any(uint8_t *ivars, size_t nelems, const int *status, int cmp,
                                     uint8_t cmp_value);
size_t aclshmem_uint8_wait_until_some(uint8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, uint8_t cmp_value);
int aclshmem_uint8_wait_until_all_vector(uint8_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint8_t *cmp_values);
size_t aclshmem_uint8_wait_until_any_vector(uint8_t *ivars, size_t nelems, const int *status, int cmp,
                                            uint8_t *cmp_values);
size_t aclshmem_uint8_wait_until_some_vector(uint8_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, uint8_t *cmp_values);
int aclshmem_uint8_test(uint8_t *ivar, int cmp, uint8_t cmp_value);
int aclshmem_uint8_test_all(uint8_t *ivars, size_t nelems, const int *status, int cmp, uint8_t cmp_value);
size_t aclshmem_uint8_test_any(uint8_t *ivars, size_t nelems, const int *status, int cmp, uint8_t cmp_value);
size_t aclshmem_uint8_test_some(uint8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, uint8_t cmp_value);
int aclshmem_uint8_test_all_vector(uint8_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint8_t *cmp_values);
size_t aclshmem_uint8_test_any_vector(uint8_t *ivars, size_t nelems, const int *status, int cmp,
                                      uint8_t *cmp_values);
size_t aclshmem_uint8_test_some_vector(uint8_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, uint8_t *cmp_values);
int aclshmem_uint16_wait_until_all(uint16_t *ivars, size_t nelems, const int *status, int cmp, uint16_t cmp_value);
size_t aclshmem_uint16_wait_until_any(uint16_t *ivars, size_t nelems, const int *status, int cmp,
                                     uint16_t cmp_value);
size_t aclshmem_uint16_wait_until_some(uint16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, uint16_t cmp_value);
int aclshmem_uint16_wait_until_all_vector(uint16_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint16_t *cmp_values);
size_t aclshmem_uint16_wait_until_any_vector(uint16_t *ivars, size_t nelems, const int *status, int cmp,
                                            uint16_t *cmp_values);
size_t aclshmem_uint16_wait_until_some_vector(uint16_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, uint16_t *cmp_values);
int aclshmem_uint16_test(uint16_t *ivar, int cmp, uint16_t cmp_value);
int aclshmem_uint16_test_all(uint16_t *ivars, size_t nelems, const int *status, int cmp, uint16_t cmp_value);
size_t aclshmem_uint16_test_any(uint16_t *ivars, size_t nelems, const int *status, int cmp, uint16_t cmp_value);
size_t aclshmem_uint16_test_some(uint16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, uint16_t cmp_value);
int aclshmem_uint16_test_all_vector(uint16_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint16_t *cmp_values);
size_t aclshmem_uint16_test_any_vector(uint16_t *ivars, size_t nelems, const int *status, int cmp,
                                      uint16_t *cmp_values);
size_t aclshmem_uint16_test_some_vector(uint16_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, uint16_t *cmp_values);
int aclshmem_uint32_wait_until_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t aclshmem_uint32_wait_until_any(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                     uint32_t cmp_value);
size_t aclshmem_uint32_wait_until_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, uint32_t cmp_value);
int aclshmem_uint32_wait_until_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint32_t *cmp_values);
size_t aclshmem_uint32_wait_until_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                            uint32_t *cmp_values);
size_t aclshmem_uint32_wait_until_some_vector(uint32_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, uint32_t *cmp_values);
int aclshmem_uint32_test(uint32_t *ivar, int cmp, uint32_t cmp_value);
int aclshmem_uint32_test_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t aclshmem_uint32_test_any(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t aclshmem_uint32_test_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, uint32_t cmp_value);
int aclshmem_uint32_test_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint32_t *cmp_values);
size_t aclshmem_uint32_test_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp,
                                      uint32_t *cmp_values);
size_t aclshmem_uint32_test_some_vector(uint32_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, uint32_t *cmp_values);
int aclshmem_uint64_wait_until_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t aclshmem_uint64_wait_until_any(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                     uint64_t cmp_value);
size_t aclshmem_uint64_wait_until_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, uint64_t cmp_value);
int aclshmem_uint64_wait_until_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                         uint64_t *cmp_values);
size_t aclshmem_uint64_wait_until_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                            uint64_t *cmp_values);
size_t aclshmem_uint64_wait_until_some_vector(uint64_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, uint64_t *cmp_values);
int aclshmem_uint64_test(uint64_t *ivar, int cmp, uint64_t cmp_value);
int aclshmem_uint64_test_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t aclshmem_uint64_test_any(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t aclshmem_uint64_test_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, uint64_t cmp_value);
int aclshmem_uint64_test_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                   uint64_t *cmp_values);
size_t aclshmem_uint64_test_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp,
                                      uint64_t *cmp_values);
size_t aclshmem_uint64_test_some_vector(uint64_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, uint64_t *cmp_values);
int aclshmem_size_wait_until_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t aclshmem_size_wait_until_any(size_t *ivars, size_t nelems, const int *status, int cmp,
                                     size_t cmp_value);
size_t aclshmem_size_wait_until_some(size_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, size_t cmp_value);
int aclshmem_size_wait_until_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                         size_t *cmp_values);
size_t aclshmem_size_wait_until_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                            size_t *cmp_values);
size_t aclshmem_size_wait_until_some_vector(size_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, size_t *cmp_values);
int aclshmem_size_test(size_t *ivar, int cmp, size_t cmp_value);
int aclshmem_size_test_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t aclshmem_size_test_any(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t aclshmem_size_test_some(size_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, size_t cmp_value);
int aclshmem_size_test_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                   size_t *cmp_values);
size_t aclshmem_size_test_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp,
                                      size_t *cmp_values);
size_t aclshmem_size_test_some_vector(size_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, size_t *cmp_values);
int aclshmem_ptrdiff_wait_until_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t aclshmem_ptrdiff_wait_until_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                     ptrdiff_t cmp_value);
size_t aclshmem_ptrdiff_wait_until_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status,
                                      int cmp, ptrdiff_t cmp_value);
int aclshmem_ptrdiff_wait_until_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                         ptrdiff_t *cmp_values);
size_t aclshmem_ptrdiff_wait_until_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                            ptrdiff_t *cmp_values);
size_t aclshmem_ptrdiff_wait_until_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices,
                                             const int *status, int cmp, ptrdiff_t *cmp_values);
int aclshmem_ptrdiff_test(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
int aclshmem_ptrdiff_test_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t aclshmem_ptrdiff_test_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t aclshmem_ptrdiff_test_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status,
                                int cmp, ptrdiff_t cmp_value);
int aclshmem_ptrdiff_test_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                   ptrdiff_t *cmp_values);
size_t aclshmem_ptrdiff_test_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp,
                                      ptrdiff_t *cmp_values);
size_t aclshmem_ptrdiff_test_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status,
                                       int cmp, ptrdiff_t *cmp_values);
/* end typed */

/* Deprecated (as shmem_<T>_wait): waits until *ivar != cmp_value. The
 * seed's types only (MISHMEM_ACL_WAIT_TYPES). */
/* typed ACL_WAIT_TYPES(T, N), expanded by scripts/gen_types.py:
int aclshmem_##N##_wait(T *ivar, T cmp_value);
*/
int aclshmem_float_wait(float *ivar, float cmp_value);
int aclshmem_char_wait(char *ivar, char cmp_value);
int aclshmem_int8_wait(int8_t *ivar, int8_t cmp_value);
int aclshmem_int16_wait(int16_t *ivar, int16_t cmp_value);
int aclshmem_int32_wait(int32_t *ivar, int32_t cmp_value);
int aclshmem_int64_wait(int64_t *ivar, int64_t cmp_value);
int aclshmem_uint8_wait(uint8_t *ivar, uint8_t cmp_value);
int aclshmem_uint16_wait(uint16_t *ivar, uint16_t cmp_value);
int aclshmem_uint32_wait(uint32_t *ivar, uint32_t cmp_value);
int aclshmem_uint64_wait(uint64_t *ivar, uint64_t cmp_value);
/* end typed */

#ifdef __cplusplus
}
#endif

#endif
