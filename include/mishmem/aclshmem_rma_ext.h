/* aclshmem face: RMA beyond aclshmem.h (strided, sized, typed
 * put-with-signal). Every call returns an ACLSHMEM_* code. Include
 * <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_RMA_EXT_H
#define MISHMEM_ACLSHMEM_RMA_EXT_H

#include <stddef.h>
#include <stdint.h>


#ifdef __cplusplus
extern "C" {
#endif

/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
int aclshmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
*/
int aclshmem_float_iput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_float_iget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_float_put_signal(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_float_put_signal_nbi(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_double_iput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_double_iget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_double_put_signal(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_double_put_signal_nbi(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_longdouble_iput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_longdouble_iget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_longdouble_put_signal(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_longdouble_put_signal_nbi(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_char_iput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_char_iget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_char_put_signal(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_char_put_signal_nbi(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_schar_iput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_schar_iget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_schar_put_signal(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_schar_put_signal_nbi(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_short_iput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_short_iget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_short_put_signal(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_short_put_signal_nbi(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_int_iput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int_iget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int_put_signal(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_int_put_signal_nbi(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_long_iput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_long_iget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_long_put_signal(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_long_put_signal_nbi(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_longlong_iput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_longlong_iget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_longlong_put_signal(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_longlong_put_signal_nbi(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uchar_iput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uchar_iget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uchar_put_signal(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uchar_put_signal_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_ushort_iput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ushort_iget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ushort_put_signal(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_ushort_put_signal_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uint_iput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint_iget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint_put_signal(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uint_put_signal_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_ulong_iput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ulong_iget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ulong_put_signal(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_ulong_put_signal_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_ulonglong_iput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ulonglong_iget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ulonglong_put_signal(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_ulonglong_put_signal_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_int8_iput(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int8_iget(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int8_put_signal(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_int8_put_signal_nbi(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_int16_iput(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int16_iget(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int16_put_signal(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_int16_put_signal_nbi(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_int32_iput(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int32_iget(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int32_put_signal(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_int32_put_signal_nbi(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_int64_iput(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int64_iget(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_int64_put_signal(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_int64_put_signal_nbi(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uint8_iput(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint8_iget(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint8_put_signal(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uint8_put_signal_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uint16_iput(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint16_iget(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint16_put_signal(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uint16_put_signal_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uint32_iput(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint32_iget(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint32_put_signal(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uint32_put_signal_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_uint64_iput(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint64_iget(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_uint64_put_signal(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_uint64_put_signal_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_size_iput(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_size_iget(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_size_put_signal(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_size_put_signal_nbi(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
int aclshmem_ptrdiff_iput(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ptrdiff_iget(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                        int pe);
int aclshmem_ptrdiff_put_signal(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr,
                              uint64_t signal, int sig_op, int pe);
int aclshmem_ptrdiff_put_signal_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr,
                                  uint64_t signal, int sig_op, int pe);
/* end typed */

/* Sized forms: elements of B bits. */
/* typed SIZED(B), expanded by scripts/gen_types.py:
int aclshmem_put##B(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get##B(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
*/
int aclshmem_put8(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get8(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put8_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get8_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put8_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put8_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
int aclshmem_put16(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get16(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put16_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get16_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put16_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put16_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
int aclshmem_put32(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get32(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put32_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get32_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put32_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put32_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
int aclshmem_put64(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get64(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put64_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get64_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put64_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put64_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
int aclshmem_put128(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get128(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_put128_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_get128_nbi(void *dest, const void *source, size_t nelems, int pe);
int aclshmem_iput128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_iget128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                     size_t nelems, int pe);
int aclshmem_put128_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
int aclshmem_put128_signal_nbi(void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
/* end typed */

#ifdef __cplusplus
}
#endif

#endif
