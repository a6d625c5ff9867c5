/* The OpenSHMEM 1.6 face. Include <shmem.h>, not this file.
 * Every call acts on the current instance (see aclshmemx_instance_ctx_set). */
#ifndef MISHMEM_OPENSHMEM_H
#define MISHMEM_OPENSHMEM_H

#include <stddef.h>
#include <stdint.h>
#include <limits.h> /* users had it through the type table before */

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 6
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "mishmem"

#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

enum {
    SHMEM_CMP_EQ = 0,
    SHMEM_CMP_NE,
    SHMEM_CMP_GT,
    SHMEM_CMP_LE,
    SHMEM_CMP_LT,
    SHMEM_CMP_GE,
};
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_LE SHMEM_CMP_LE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_GE SHMEM_CMP_GE

/* Library setup, exit and query. */
void shmem_init(void);
void shmem_finalize(void);
/* OpenSHMEM 1.6: nonzero while the current instance is initialized (a
 * shmem_init not yet matched by its last shmem_finalize, or any instance
 * made current by the aclshmem face). */
void shmem_query_initialized(int *initialized);
void shmem_global_exit(int status);
int shmem_my_pe(void);
int shmem_n_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *shmem_ptr(const void *dest, int pe);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);

/* Profiling control (OpenSHMEM 1.5 section 10): level 0 stops profiling,
 * 1 (the default) starts it, 2 and up mean what the profiler says. mishmem
 * collects nothing itself: the call is a no-op that a profiling library
 * overrides (docs/reference/compatibility.md). */
void shmem_pcontrol(const int level, ...);

/* Memory management (collective). */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);

/* shmem_malloc_with_hints: the hints say how the block will be used (0:
 * no hint). Every block serves remote atomics and signals alike here, so
 * the hints, known or not, allocate as shmem_malloc does. */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)
void *shmem_malloc_with_hints(size_t size, long hints);

/* RMA. */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);

/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);
void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);
void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);
void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);
void shmem_##N##_p(T *dest, T value, int pe);
T shmem_##N##_g(const T *source, int pe);
*/
void shmem_float_put(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_get(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_put_nbi(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_get_nbi(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_p(float *dest, float value, int pe);
float shmem_float_g(const float *source, int pe);
void shmem_double_put(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_get(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_put_nbi(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_get_nbi(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_p(double *dest, double value, int pe);
double shmem_double_g(const double *source, int pe);
void shmem_longdouble_put(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_get(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_put_nbi(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_get_nbi(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_p(long double *dest, long double value, int pe);
long double shmem_longdouble_g(const long double *source, int pe);
void shmem_char_put(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_get(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_put_nbi(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_get_nbi(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_p(char *dest, char value, int pe);
char shmem_char_g(const char *source, int pe);
void shmem_schar_put(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_get(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_put_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_get_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_p(signed char *dest, signed char value, int pe);
signed char shmem_schar_g(const signed char *source, int pe);
void shmem_short_put(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_get(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_put_nbi(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_get_nbi(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_p(short *dest, short value, int pe);
short shmem_short_g(const short *source, int pe);
void shmem_int_put(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_get(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_put_nbi(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_get_nbi(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_p(int *dest, int value, int pe);
int shmem_int_g(const int *source, int pe);
void shmem_long_put(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_get(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_put_nbi(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_get_nbi(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_p(long *dest, long value, int pe);
long shmem_long_g(const long *source, int pe);
void shmem_longlong_put(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_get(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_put_nbi(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_get_nbi(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_p(long long *dest, long long value, int pe);
long long shmem_longlong_g(const long long *source, int pe);
void shmem_uchar_put(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_get(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_put_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_get_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_p(unsigned char *dest, unsigned char value, int pe);
unsigned char shmem_uchar_g(const unsigned char *source, int pe);
void shmem_ushort_put(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_get(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_put_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_get_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_p(unsigned short *dest, unsigned short value, int pe);
unsigned short shmem_ushort_g(const unsigned short *source, int pe);
void shmem_uint_put(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_get(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_put_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_get_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_p(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_g(const unsigned int *source, int pe);
void shmem_ulong_put(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_get(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_put_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_get_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_p(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_g(const unsigned long *source, int pe);
void shmem_ulonglong_put(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_get(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_put_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_get_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_p(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_g(const unsigned long long *source, int pe);
void shmem_int8_put(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_get(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_put_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_get_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_p(int8_t *dest, int8_t value, int pe);
int8_t shmem_int8_g(const int8_t *source, int pe);
void shmem_int16_put(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_get(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_put_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_get_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_p(int16_t *dest, int16_t value, int pe);
int16_t shmem_int16_g(const int16_t *source, int pe);
void shmem_int32_put(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_get(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_put_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_get_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_p(int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_g(const int32_t *source, int pe);
void shmem_int64_put(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_get(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_put_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_get_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_p(int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_g(const int64_t *source, int pe);
void shmem_uint8_put(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_get(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_put_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_get_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_p(uint8_t *dest, uint8_t value, int pe);
uint8_t shmem_uint8_g(const uint8_t *source, int pe);
void shmem_uint16_put(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_get(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_put_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_get_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_p(uint16_t *dest, uint16_t value, int pe);
uint16_t shmem_uint16_g(const uint16_t *source, int pe);
void shmem_uint32_put(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_get(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_put_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_get_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_p(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_g(const uint32_t *source, int pe);
void shmem_uint64_put(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_get(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_put_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_get_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_p(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_g(const uint64_t *source, int pe);
void shmem_size_put(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_get(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_put_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_get_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_p(size_t *dest, size_t value, int pe);
size_t shmem_size_g(const size_t *source, int pe);
void shmem_ptrdiff_put(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_get(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_put_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_get_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_p(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ptrdiff_g(const ptrdiff_t *source, int pe);
/* end typed */

/* typed SIZED(B), expanded by scripts/gen_types.py:
void shmem_put##B(void *dest, const void *source, size_t nelems, int pe);
void shmem_get##B(void *dest, const void *source, size_t nelems, int pe);
void shmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe);
*/
void shmem_put8(void *dest, const void *source, size_t nelems, int pe);
void shmem_get8(void *dest, const void *source, size_t nelems, int pe);
void shmem_put8_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get8_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_put16(void *dest, const void *source, size_t nelems, int pe);
void shmem_get16(void *dest, const void *source, size_t nelems, int pe);
void shmem_put16_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get16_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_put32(void *dest, const void *source, size_t nelems, int pe);
void shmem_get32(void *dest, const void *source, size_t nelems, int pe);
void shmem_put32_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get32_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_put64(void *dest, const void *source, size_t nelems, int pe);
void shmem_get64(void *dest, const void *source, size_t nelems, int pe);
void shmem_put64_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get64_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_put128(void *dest, const void *source, size_t nelems, int pe);
void shmem_get128(void *dest, const void *source, size_t nelems, int pe);
void shmem_put128_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get128_nbi(void *dest, const void *source, size_t nelems, int pe);
/* end typed */

/* Ordering and synchronization. */
void shmem_quiet(void);
void shmem_fence(void);
void shmem_barrier_all(void);
void shmem_sync_all(void);

/* Signals. */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1
void shmem_putmem_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                         uint64_t signal, int sig_op, int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe);
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* typed P2P_SYNC_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);
*/
void shmem_short_wait_until(short *ivar, int cmp, short cmp_value);
void shmem_int_wait_until(int *ivar, int cmp, int cmp_value);
void shmem_long_wait_until(long *ivar, int cmp, long cmp_value);
void shmem_longlong_wait_until(long long *ivar, int cmp, long long cmp_value);
void shmem_ushort_wait_until(unsigned short *ivar, int cmp, unsigned short cmp_value);
void shmem_uint_wait_until(unsigned int *ivar, int cmp, unsigned int cmp_value);
void shmem_ulong_wait_until(unsigned long *ivar, int cmp, unsigned long cmp_value);
void shmem_ulonglong_wait_until(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
void shmem_int32_wait_until(int32_t *ivar, int cmp, int32_t cmp_value);
void shmem_int64_wait_until(int64_t *ivar, int cmp, int64_t cmp_value);
void shmem_uint32_wait_until(uint32_t *ivar, int cmp, uint32_t cmp_value);
void shmem_uint64_wait_until(uint64_t *ivar, int cmp, uint64_t cmp_value);
void shmem_size_wait_until(size_t *ivar, int cmp, size_t cmp_value);
void shmem_ptrdiff_wait_until(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
/* end typed */

#ifdef __cplusplus
}
#endif

#endif
