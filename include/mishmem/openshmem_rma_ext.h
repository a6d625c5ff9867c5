/* OpenSHMEM RMA beyond openshmem.h: strided iput/iget, the 1.6 block
 * transfers ibput/ibget and signal add/set, typed and sized put-with-signal, and the forms of every RMA call that take a
 * context first (they act on the context's instance). Declarations expand
 * from the type table. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_RMA_EXT_H
#define MISHMEM_OPENSHMEM_RMA_EXT_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Strided and signalling forms without a context. */
/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
*/
void shmem_float_iput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_float_iget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_float_put_signal(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_float_put_signal_nbi(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_double_iput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_double_iget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_double_put_signal(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_double_put_signal_nbi(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_longdouble_iput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_longdouble_iget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_longdouble_put_signal(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_longdouble_put_signal_nbi(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_char_iput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_char_iget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_char_put_signal(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_char_put_signal_nbi(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_schar_iput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_schar_iget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_schar_put_signal(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_schar_put_signal_nbi(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_short_iput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_short_iget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_short_put_signal(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_short_put_signal_nbi(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_int_iput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int_iget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int_put_signal(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_int_put_signal_nbi(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_long_iput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_long_iget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_long_put_signal(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_long_put_signal_nbi(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_longlong_iput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_longlong_iget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_longlong_put_signal(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_longlong_put_signal_nbi(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uchar_iput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uchar_iget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uchar_put_signal(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uchar_put_signal_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_ushort_iput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ushort_iget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ushort_put_signal(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_ushort_put_signal_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uint_iput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint_iget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint_put_signal(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uint_put_signal_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_ulong_iput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ulong_iget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ulong_put_signal(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_ulong_put_signal_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_ulonglong_iput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ulonglong_iget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ulonglong_put_signal(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_ulonglong_put_signal_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_int8_iput(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int8_iget(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int8_put_signal(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_int8_put_signal_nbi(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_int16_iput(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int16_iget(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int16_put_signal(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_int16_put_signal_nbi(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_int32_iput(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int32_iget(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int32_put_signal(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_int32_put_signal_nbi(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_int64_iput(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int64_iget(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_int64_put_signal(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_int64_put_signal_nbi(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uint8_iput(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint8_iget(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint8_put_signal(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uint8_put_signal_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uint16_iput(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint16_iget(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint16_put_signal(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uint16_put_signal_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uint32_iput(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint32_iget(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint32_put_signal(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uint32_put_signal_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_uint64_iput(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint64_iget(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_uint64_put_signal(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_uint64_put_signal_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_size_iput(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_size_iget(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_size_put_signal(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_size_put_signal_nbi(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
void shmem_ptrdiff_iput(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ptrdiff_iget(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                      int pe);
void shmem_ptrdiff_put_signal(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
void shmem_ptrdiff_put_signal_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
/* end typed */

/* typed SIZED(B), expanded by scripts/gen_types.py:
void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
*/
void shmem_iput8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put8_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put8_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
void shmem_iput16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put16_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put16_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
void shmem_iput32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put32_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put32_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
void shmem_iput64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put64_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put64_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
void shmem_iput128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_iget128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                   int pe);
void shmem_put128_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                           uint64_t signal, int sig_op, int pe);
void shmem_put128_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                               uint64_t signal, int sig_op, int pe);
/* end typed */

/* Context forms: untyped. */
void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);

/* Context forms: typed. */
/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);
void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);
void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);
void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);
void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);
T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);
void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
*/
void shmem_ctx_float_put(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_get(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_put_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_get_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_p(shmem_ctx_t ctx, float *dest, float value, int pe);
float shmem_ctx_float_g(shmem_ctx_t ctx, const float *source, int pe);
void shmem_ctx_float_iput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_float_iget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_float_put_signal(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_float_put_signal_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_double_put(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_get(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_put_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_get_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_p(shmem_ctx_t ctx, double *dest, double value, int pe);
double shmem_ctx_double_g(shmem_ctx_t ctx, const double *source, int pe);
void shmem_ctx_double_iput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_double_iget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_double_put_signal(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_double_put_signal_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longdouble_put(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_get(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_put_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_get_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_p(shmem_ctx_t ctx, long double *dest, long double value, int pe);
long double shmem_ctx_longdouble_g(shmem_ctx_t ctx, const long double *source, int pe);
void shmem_ctx_longdouble_iput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longdouble_iget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longdouble_put_signal(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longdouble_put_signal_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_char_put(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_get(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_put_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_get_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_p(shmem_ctx_t ctx, char *dest, char value, int pe);
char shmem_ctx_char_g(shmem_ctx_t ctx, const char *source, int pe);
void shmem_ctx_char_iput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_char_iget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_char_put_signal(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_char_put_signal_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_schar_put(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_get(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_put_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_get_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_p(shmem_ctx_t ctx, signed char *dest, signed char value, int pe);
signed char shmem_ctx_schar_g(shmem_ctx_t ctx, const signed char *source, int pe);
void shmem_ctx_schar_iput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_schar_iget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_schar_put_signal(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_schar_put_signal_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_short_put(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_get(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_put_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_get_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_p(shmem_ctx_t ctx, short *dest, short value, int pe);
short shmem_ctx_short_g(shmem_ctx_t ctx, const short *source, int pe);
void shmem_ctx_short_iput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_short_iget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_short_put_signal(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_short_put_signal_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int_put(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_get(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_put_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_get_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_p(shmem_ctx_t ctx, int *dest, int value, int pe);
int shmem_ctx_int_g(shmem_ctx_t ctx, const int *source, int pe);
void shmem_ctx_int_iput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int_iget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int_put_signal(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int_put_signal_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_long_put(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_get(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_put_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_get_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_p(shmem_ctx_t ctx, long *dest, long value, int pe);
long shmem_ctx_long_g(shmem_ctx_t ctx, const long *source, int pe);
void shmem_ctx_long_iput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_long_iget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_long_put_signal(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_long_put_signal_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longlong_put(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_get(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_put_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_get_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_p(shmem_ctx_t ctx, long long *dest, long long value, int pe);
long long shmem_ctx_longlong_g(shmem_ctx_t ctx, const long long *source, int pe);
void shmem_ctx_longlong_iput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longlong_iget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longlong_put_signal(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longlong_put_signal_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uchar_put(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_get(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_put_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_get_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_p(shmem_ctx_t ctx, unsigned char *dest, unsigned char value, int pe);
unsigned char shmem_ctx_uchar_g(shmem_ctx_t ctx, const unsigned char *source, int pe);
void shmem_ctx_uchar_iput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uchar_iget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uchar_put_signal(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uchar_put_signal_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ushort_put(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_get(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_put_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_get_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_p(shmem_ctx_t ctx, unsigned short *dest, unsigned short value, int pe);
unsigned short shmem_ctx_ushort_g(shmem_ctx_t ctx, const unsigned short *source, int pe);
void shmem_ctx_ushort_iput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ushort_iget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ushort_put_signal(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ushort_put_signal_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint_put(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_get(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_put_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_get_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_p(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_g(shmem_ctx_t ctx, const unsigned int *source, int pe);
void shmem_ctx_uint_iput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint_iget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint_put_signal(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint_put_signal_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulong_put(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_get(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_put_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_get_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_p(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_g(shmem_ctx_t ctx, const unsigned long *source, int pe);
void shmem_ctx_ulong_iput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulong_iget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulong_put_signal(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulong_put_signal_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulonglong_put(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_get(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_put_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_get_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_p(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_g(shmem_ctx_t ctx, const unsigned long long *source, int pe);
void shmem_ctx_ulonglong_iput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulonglong_iget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulonglong_put_signal(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulonglong_put_signal_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int8_put(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_get(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_put_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_get_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_p(shmem_ctx_t ctx, int8_t *dest, int8_t value, int pe);
int8_t shmem_ctx_int8_g(shmem_ctx_t ctx, const int8_t *source, int pe);
void shmem_ctx_int8_iput(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int8_iget(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int8_put_signal(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int8_put_signal_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int16_put(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_get(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_put_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_get_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_p(shmem_ctx_t ctx, int16_t *dest, int16_t value, int pe);
int16_t shmem_ctx_int16_g(shmem_ctx_t ctx, const int16_t *source, int pe);
void shmem_ctx_int16_iput(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int16_iget(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int16_put_signal(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int16_put_signal_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int32_put(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_get(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_put_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_get_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_p(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_g(shmem_ctx_t ctx, const int32_t *source, int pe);
void shmem_ctx_int32_iput(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int32_iget(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int32_put_signal(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int32_put_signal_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int64_put(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_get(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_put_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_get_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_p(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_g(shmem_ctx_t ctx, const int64_t *source, int pe);
void shmem_ctx_int64_iput(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int64_iget(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int64_put_signal(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int64_put_signal_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint8_put(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_get(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_put_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_get_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_p(shmem_ctx_t ctx, uint8_t *dest, uint8_t value, int pe);
uint8_t shmem_ctx_uint8_g(shmem_ctx_t ctx, const uint8_t *source, int pe);
void shmem_ctx_uint8_iput(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint8_iget(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint8_put_signal(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint8_put_signal_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint16_put(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_get(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_put_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_get_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_p(shmem_ctx_t ctx, uint16_t *dest, uint16_t value, int pe);
uint16_t shmem_ctx_uint16_g(shmem_ctx_t ctx, const uint16_t *source, int pe);
void shmem_ctx_uint16_iput(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint16_iget(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint16_put_signal(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint16_put_signal_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint32_put(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_get(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_put_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_get_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_p(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_g(shmem_ctx_t ctx, const uint32_t *source, int pe);
void shmem_ctx_uint32_iput(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint32_iget(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint32_put_signal(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint32_put_signal_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint64_put(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_get(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_put_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_get_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_p(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_g(shmem_ctx_t ctx, const uint64_t *source, int pe);
void shmem_ctx_uint64_iput(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint64_iget(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint64_put_signal(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint64_put_signal_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_size_put(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_get(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_put_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_get_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_p(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_g(shmem_ctx_t ctx, const size_t *source, int pe);
void shmem_ctx_size_iput(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_size_iget(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_size_put_signal(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_size_put_signal_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ptrdiff_put(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_get(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_put_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_get_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_p(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_g(shmem_ctx_t ctx, const ptrdiff_t *source, int pe);
void shmem_ctx_ptrdiff_iput(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ptrdiff_iget(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ptrdiff_put_signal(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems,
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ptrdiff_put_signal_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems,
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
/* end typed */

/* Context forms: sized (B bits per element). */
/* typed SIZED(B), expanded by scripts/gen_types.py:
void shmem_ctx_put##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put##B##_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put##B##_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
*/
void shmem_ctx_put8(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get8(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put8_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get8_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put8_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put8_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
void shmem_ctx_put16(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get16(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put16_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get16_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put16_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put16_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
void shmem_ctx_put32(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get32(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put32_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get32_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put32_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put32_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
void shmem_ctx_put64(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get64(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put64_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get64_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put64_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put64_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
void shmem_ctx_put128(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get128(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put128_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_get128_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                            int pe);
void shmem_ctx_iput128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put128_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                               uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put128_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,
                                   size_t nelems, uint64_t *sig_addr, uint64_t signal,
                                   int sig_op, int pe);
/* end typed */

/* OpenSHMEM 1.6 interleaved blocks: nblocks blocks of bsize contiguous
 * elements, block b at dst * b elements into dest and sst * b into source
 * (strides >= 1). Typed, sized, and with a context first. */
/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_##N##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_##N##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_##N##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
*/
void shmem_float_ibput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_float_ibget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_float_ibput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_float_ibget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_double_ibput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_double_ibget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_double_ibput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_double_ibget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longdouble_ibput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_longdouble_ibget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_longdouble_ibput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longdouble_ibget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_char_ibput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_char_ibget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_char_ibput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_char_ibget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_schar_ibput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_schar_ibget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_schar_ibput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_schar_ibget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_short_ibput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_short_ibget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_short_ibput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_short_ibget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int_ibput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_int_ibget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_int_ibput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int_ibget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_long_ibput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_long_ibget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_long_ibput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_long_ibget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longlong_ibput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_longlong_ibget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_longlong_ibput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longlong_ibget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uchar_ibput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uchar_ibget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uchar_ibput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uchar_ibget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ushort_ibput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ushort_ibget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_ushort_ibput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ushort_ibget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint_ibput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uint_ibget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uint_ibput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint_ibget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulong_ibput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ulong_ibget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_ulong_ibput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulong_ibget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulonglong_ibput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ulonglong_ibget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_ulonglong_ibput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulonglong_ibget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int8_ibput(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_int8_ibget(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_int8_ibput(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int8_ibget(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int16_ibput(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_int16_ibget(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_int16_ibput(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int16_ibget(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int32_ibput(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_int32_ibget(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_int32_ibput(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int32_ibget(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int64_ibput(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_int64_ibget(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_int64_ibput(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int64_ibget(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint8_ibput(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uint8_ibget(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uint8_ibput(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint8_ibget(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint16_ibput(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uint16_ibget(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uint16_ibput(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint16_ibget(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint32_ibput(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uint32_ibget(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uint32_ibput(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint32_ibget(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint64_ibput(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_uint64_ibget(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_uint64_ibput(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint64_ibget(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_size_ibput(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_size_ibget(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_size_ibput(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_size_ibget(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ptrdiff_ibput(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ptrdiff_ibget(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                       size_t nblocks, int pe);
void shmem_ctx_ptrdiff_ibput(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ptrdiff_ibget(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
/* end typed */
/* typed SIZED(B), expanded by scripts/gen_types.py:
void shmem_ibput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
*/
void shmem_ibput8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ibget128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                    size_t nblocks, int pe);
void shmem_ctx_ibput128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
/* end typed */

/* OpenSHMEM 1.6 signal updates without data (SHMEM_SIGNAL_ADD / _SET on
 * PE pe's sig_addr, atomic with the other signal operations). In C11
 * shmem_signal_add(ctx, sig_addr, signal, pe) also takes a context first
 * (openshmem_generic_rma.h); C++ has the overload. */
void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);

#ifdef __cplusplus
}
#endif

#include <mishmem/openshmem_generic_rma.h>

#endif
