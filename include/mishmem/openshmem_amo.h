/* OpenSHMEM 1.5 atomic memory operations: the typed forms, their context
 * (shmem_ctx_*) and non-blocking fetching (_nbi) variants, and the
 * deprecated 1.3 names. The C11 generic forms are in
 * openshmem_generic_amo.h. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_AMO_H
#define MISHMEM_OPENSHMEM_AMO_H

#include <mishmem/handles.h>

#ifdef __cplusplus
extern "C" {
#endif

/* fetch, set and swap: every extended AMO type. */
/* typed AMO_STANDARD_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_atomic_fetch(const T *source, int pe);
T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe);
void shmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe);
void shmem_ctx_##N##_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe);
void shmem_##N##_atomic_set(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe);
T shmem_##N##_atomic_swap(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_swap_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
*/
int shmem_int_atomic_fetch(const int *source, int pe);
int shmem_ctx_int_atomic_fetch(shmem_ctx_t ctx, const int *source, int pe);
void shmem_int_atomic_fetch_nbi(int *fetch, const int *source, int pe);
void shmem_ctx_int_atomic_fetch_nbi(shmem_ctx_t ctx, int *fetch, const int *source, int pe);
void shmem_int_atomic_set(int *dest, int value, int pe);
void shmem_ctx_int_atomic_set(shmem_ctx_t ctx, int *dest, int value, int pe);
int shmem_int_atomic_swap(int *dest, int value, int pe);
int shmem_ctx_int_atomic_swap(shmem_ctx_t ctx, int *dest, int value, int pe);
void shmem_int_atomic_swap_nbi(int *fetch, int *dest, int value, int pe);
void shmem_ctx_int_atomic_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe);
long shmem_long_atomic_fetch(const long *source, int pe);
long shmem_ctx_long_atomic_fetch(shmem_ctx_t ctx, const long *source, int pe);
void shmem_long_atomic_fetch_nbi(long *fetch, const long *source, int pe);
void shmem_ctx_long_atomic_fetch_nbi(shmem_ctx_t ctx, long *fetch, const long *source, int pe);
void shmem_long_atomic_set(long *dest, long value, int pe);
void shmem_ctx_long_atomic_set(shmem_ctx_t ctx, long *dest, long value, int pe);
long shmem_long_atomic_swap(long *dest, long value, int pe);
long shmem_ctx_long_atomic_swap(shmem_ctx_t ctx, long *dest, long value, int pe);
void shmem_long_atomic_swap_nbi(long *fetch, long *dest, long value, int pe);
void shmem_ctx_long_atomic_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe);
long long shmem_longlong_atomic_fetch(const long long *source, int pe);
long long shmem_ctx_longlong_atomic_fetch(shmem_ctx_t ctx, const long long *source, int pe);
void shmem_longlong_atomic_fetch_nbi(long long *fetch, const long long *source, int pe);
void shmem_ctx_longlong_atomic_fetch_nbi(shmem_ctx_t ctx, long long *fetch, const long long *source, int pe);
void shmem_longlong_atomic_set(long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_set(shmem_ctx_t ctx, long long *dest, long long value, int pe);
long long shmem_longlong_atomic_swap(long long *dest, long long value, int pe);
long long shmem_ctx_longlong_atomic_swap(shmem_ctx_t ctx, long long *dest, long long value, int pe);
void shmem_longlong_atomic_swap_nbi(long long *fetch, long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe);
unsigned int shmem_uint_atomic_fetch(const unsigned int *source, int pe);
unsigned int shmem_ctx_uint_atomic_fetch(shmem_ctx_t ctx, const unsigned int *source, int pe);
void shmem_uint_atomic_fetch_nbi(unsigned int *fetch, const unsigned int *source, int pe);
void shmem_ctx_uint_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned int *fetch, const unsigned int *source, int pe);
void shmem_uint_atomic_set(unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_set(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_swap(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_fetch(const unsigned long *source, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch(shmem_ctx_t ctx, const unsigned long *source, int pe);
void shmem_ulong_atomic_fetch_nbi(unsigned long *fetch, const unsigned long *source, int pe);
void shmem_ctx_ulong_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long *fetch, const unsigned long *source, int pe);
void shmem_ulong_atomic_set(unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_set(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_swap(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch(const unsigned long long *source, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch(shmem_ctx_t ctx, const unsigned long long *source, int pe);
void shmem_ulonglong_atomic_fetch_nbi(unsigned long long *fetch, const unsigned long long *source, int pe);
void shmem_ctx_ulonglong_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long long *fetch, const unsigned long long *source, int pe);
void shmem_ulonglong_atomic_set(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_set(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_swap(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_int32_atomic_fetch(const int32_t *source, int pe);
int32_t shmem_ctx_int32_atomic_fetch(shmem_ctx_t ctx, const int32_t *source, int pe);
void shmem_int32_atomic_fetch_nbi(int32_t *fetch, const int32_t *source, int pe);
void shmem_ctx_int32_atomic_fetch_nbi(shmem_ctx_t ctx, int32_t *fetch, const int32_t *source, int pe);
void shmem_int32_atomic_set(int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_set(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_swap(int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_swap(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_swap_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_swap_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
int64_t shmem_int64_atomic_fetch(const int64_t *source, int pe);
int64_t shmem_ctx_int64_atomic_fetch(shmem_ctx_t ctx, const int64_t *source, int pe);
void shmem_int64_atomic_fetch_nbi(int64_t *fetch, const int64_t *source, int pe);
void shmem_ctx_int64_atomic_fetch_nbi(shmem_ctx_t ctx, int64_t *fetch, const int64_t *source, int pe);
void shmem_int64_atomic_set(int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_set(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_swap(int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_swap(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_swap_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_swap_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
uint32_t shmem_uint32_atomic_fetch(const uint32_t *source, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch(shmem_ctx_t ctx, const uint32_t *source, int pe);
void shmem_uint32_atomic_fetch_nbi(uint32_t *fetch, const uint32_t *source, int pe);
void shmem_ctx_uint32_atomic_fetch_nbi(shmem_ctx_t ctx, uint32_t *fetch, const uint32_t *source, int pe);
void shmem_uint32_atomic_set(uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_set(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_swap(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_swap(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_swap_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_swap_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_fetch(const uint64_t *source, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch(shmem_ctx_t ctx, const uint64_t *source, int pe);
void shmem_uint64_atomic_fetch_nbi(uint64_t *fetch, const uint64_t *source, int pe);
void shmem_ctx_uint64_atomic_fetch_nbi(shmem_ctx_t ctx, uint64_t *fetch, const uint64_t *source, int pe);
void shmem_uint64_atomic_set(uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_set(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_swap(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_swap(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_swap_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_swap_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
size_t shmem_size_atomic_fetch(const size_t *source, int pe);
size_t shmem_ctx_size_atomic_fetch(shmem_ctx_t ctx, const size_t *source, int pe);
void shmem_size_atomic_fetch_nbi(size_t *fetch, const size_t *source, int pe);
void shmem_ctx_size_atomic_fetch_nbi(shmem_ctx_t ctx, size_t *fetch, const size_t *source, int pe);
void shmem_size_atomic_set(size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_set(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
size_t shmem_size_atomic_swap(size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_atomic_swap(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
void shmem_size_atomic_swap_nbi(size_t *fetch, size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_swap_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch(const ptrdiff_t *source, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch(shmem_ctx_t ctx, const ptrdiff_t *source, int pe);
void shmem_ptrdiff_atomic_fetch_nbi(ptrdiff_t *fetch, const ptrdiff_t *source, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, const ptrdiff_t *source, int pe);
void shmem_ptrdiff_atomic_set(ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_set(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_swap(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_swap(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_swap_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_swap_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
/* end typed */
/* typed AMO_EXTENDED_ONLY_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_atomic_fetch(const T *source, int pe);
T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe);
void shmem_##N##_atomic_fetch_nbi(T *fetch, const T *source, int pe);
void shmem_ctx_##N##_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe);
void shmem_##N##_atomic_set(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe);
T shmem_##N##_atomic_swap(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_swap_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
*/
float shmem_float_atomic_fetch(const float *source, int pe);
float shmem_ctx_float_atomic_fetch(shmem_ctx_t ctx, const float *source, int pe);
void shmem_float_atomic_fetch_nbi(float *fetch, const float *source, int pe);
void shmem_ctx_float_atomic_fetch_nbi(shmem_ctx_t ctx, float *fetch, const float *source, int pe);
void shmem_float_atomic_set(float *dest, float value, int pe);
void shmem_ctx_float_atomic_set(shmem_ctx_t ctx, float *dest, float value, int pe);
float shmem_float_atomic_swap(float *dest, float value, int pe);
float shmem_ctx_float_atomic_swap(shmem_ctx_t ctx, float *dest, float value, int pe);
void shmem_float_atomic_swap_nbi(float *fetch, float *dest, float value, int pe);
void shmem_ctx_float_atomic_swap_nbi(shmem_ctx_t ctx, float *fetch, float *dest, float value, int pe);
double shmem_double_atomic_fetch(const double *source, int pe);
double shmem_ctx_double_atomic_fetch(shmem_ctx_t ctx, const double *source, int pe);
void shmem_double_atomic_fetch_nbi(double *fetch, const double *source, int pe);
void shmem_ctx_double_atomic_fetch_nbi(shmem_ctx_t ctx, double *fetch, const double *source, int pe);
void shmem_double_atomic_set(double *dest, double value, int pe);
void shmem_ctx_double_atomic_set(shmem_ctx_t ctx, double *dest, double value, int pe);
double shmem_double_atomic_swap(double *dest, double value, int pe);
double shmem_ctx_double_atomic_swap(shmem_ctx_t ctx, double *dest, double value, int pe);
void shmem_double_atomic_swap_nbi(double *fetch, double *dest, double value, int pe);
void shmem_ctx_double_atomic_swap_nbi(shmem_ctx_t ctx, double *fetch, double *dest, double value, int pe);
/* end typed */

/* compare_swap, inc and add: the standard AMO types. */
/* typed AMO_STANDARD_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe);
T shmem_ctx_##N##_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe);
void shmem_##N##_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe);
void shmem_ctx_##N##_atomic_compare_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, T value,
                                             int pe);
T shmem_##N##_atomic_fetch_inc(T *dest, int pe);
T shmem_ctx_##N##_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe);
void shmem_##N##_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe);
void shmem_ctx_##N##_atomic_fetch_inc_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe);
void shmem_##N##_atomic_inc(T *dest, int pe);
void shmem_ctx_##N##_atomic_inc(shmem_ctx_t ctx, T *dest, int pe);
T shmem_##N##_atomic_fetch_add(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_fetch_add(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_fetch_add_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_fetch_add_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
void shmem_##N##_atomic_add(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_add(shmem_ctx_t ctx, T *dest, T value, int pe);
*/
int shmem_int_atomic_compare_swap(int *dest, int cond, int value, int pe);
int shmem_ctx_int_atomic_compare_swap(shmem_ctx_t ctx, int *dest, int cond, int value, int pe);
void shmem_int_atomic_compare_swap_nbi(int *fetch, int *dest, int cond, int value, int pe);
void shmem_ctx_int_atomic_compare_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int cond, int value,
                                             int pe);
int shmem_int_atomic_fetch_inc(int *dest, int pe);
int shmem_ctx_int_atomic_fetch_inc(shmem_ctx_t ctx, int *dest, int pe);
void shmem_int_atomic_fetch_inc_nbi(int *fetch, int *dest, int pe);
void shmem_ctx_int_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int pe);
void shmem_int_atomic_inc(int *dest, int pe);
void shmem_ctx_int_atomic_inc(shmem_ctx_t ctx, int *dest, int pe);
int shmem_int_atomic_fetch_add(int *dest, int value, int pe);
int shmem_ctx_int_atomic_fetch_add(shmem_ctx_t ctx, int *dest, int value, int pe);
void shmem_int_atomic_fetch_add_nbi(int *fetch, int *dest, int value, int pe);
void shmem_ctx_int_atomic_fetch_add_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe);
void shmem_int_atomic_add(int *dest, int value, int pe);
void shmem_ctx_int_atomic_add(shmem_ctx_t ctx, int *dest, int value, int pe);
long shmem_long_atomic_compare_swap(long *dest, long cond, long value, int pe);
long shmem_ctx_long_atomic_compare_swap(shmem_ctx_t ctx, long *dest, long cond, long value, int pe);
void shmem_long_atomic_compare_swap_nbi(long *fetch, long *dest, long cond, long value, int pe);
void shmem_ctx_long_atomic_compare_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long cond, long value,
                                             int pe);
long shmem_long_atomic_fetch_inc(long *dest, int pe);
long shmem_ctx_long_atomic_fetch_inc(shmem_ctx_t ctx, long *dest, int pe);
void shmem_long_atomic_fetch_inc_nbi(long *fetch, long *dest, int pe);
void shmem_ctx_long_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long *fetch, long *dest, int pe);
void shmem_long_atomic_inc(long *dest, int pe);
void shmem_ctx_long_atomic_inc(shmem_ctx_t ctx, long *dest, int pe);
long shmem_long_atomic_fetch_add(long *dest, long value, int pe);
long shmem_ctx_long_atomic_fetch_add(shmem_ctx_t ctx, long *dest, long value, int pe);
void shmem_long_atomic_fetch_add_nbi(long *fetch, long *dest, long value, int pe);
void shmem_ctx_long_atomic_fetch_add_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe);
void shmem_long_atomic_add(long *dest, long value, int pe);
void shmem_ctx_long_atomic_add(shmem_ctx_t ctx, long *dest, long value, int pe);
long long shmem_longlong_atomic_compare_swap(long long *dest, long long cond, long long value, int pe);
long long shmem_ctx_longlong_atomic_compare_swap(shmem_ctx_t ctx, long long *dest, long long cond, long long value, int pe);
void shmem_longlong_atomic_compare_swap_nbi(long long *fetch, long long *dest, long long cond, long long value, int pe);
void shmem_ctx_longlong_atomic_compare_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long cond, long long value,
                                             int pe);
long long shmem_longlong_atomic_fetch_inc(long long *dest, int pe);
long long shmem_ctx_longlong_atomic_fetch_inc(shmem_ctx_t ctx, long long *dest, int pe);
void shmem_longlong_atomic_fetch_inc_nbi(long long *fetch, long long *dest, int pe);
void shmem_ctx_longlong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, int pe);
void shmem_longlong_atomic_inc(long long *dest, int pe);
void shmem_ctx_longlong_atomic_inc(shmem_ctx_t ctx, long long *dest, int pe);
long long shmem_longlong_atomic_fetch_add(long long *dest, long long value, int pe);
long long shmem_ctx_longlong_atomic_fetch_add(shmem_ctx_t ctx, long long *dest, long long value, int pe);
void shmem_longlong_atomic_fetch_add_nbi(long long *fetch, long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_fetch_add_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe);
void shmem_longlong_atomic_add(long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_add(shmem_ctx_t ctx, long long *dest, long long value, int pe);
unsigned int shmem_uint_atomic_compare_swap(unsigned int *dest, unsigned int cond, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_compare_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int cond, unsigned int value, int pe);
void shmem_uint_atomic_compare_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value, int pe);
void shmem_ctx_uint_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value,
                                             int pe);
unsigned int shmem_uint_atomic_fetch_inc(unsigned int *dest, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_inc(shmem_ctx_t ctx, unsigned int *dest, int pe);
void shmem_uint_atomic_fetch_inc_nbi(unsigned int *fetch, unsigned int *dest, int pe);
void shmem_ctx_uint_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, int pe);
void shmem_uint_atomic_inc(unsigned int *dest, int pe);
void shmem_ctx_uint_atomic_inc(shmem_ctx_t ctx, unsigned int *dest, int pe);
unsigned int shmem_uint_atomic_fetch_add(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_add_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_add(unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_compare_swap(unsigned long *dest, unsigned long cond, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_compare_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long cond, unsigned long value, int pe);
void shmem_ulong_atomic_compare_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value,
                                             int pe);
unsigned long shmem_ulong_atomic_fetch_inc(unsigned long *dest, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long *dest, int pe);
void shmem_ulong_atomic_fetch_inc_nbi(unsigned long *fetch, unsigned long *dest, int pe);
void shmem_ctx_ulong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, int pe);
void shmem_ulong_atomic_inc(unsigned long *dest, int pe);
void shmem_ctx_ulong_atomic_inc(shmem_ctx_t ctx, unsigned long *dest, int pe);
unsigned long shmem_ulong_atomic_fetch_add(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_add_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_add(unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_compare_swap(unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_compare_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
void shmem_ulonglong_atomic_compare_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value,
                                             int pe);
unsigned long long shmem_ulonglong_atomic_fetch_inc(unsigned long long *dest, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe);
void shmem_ulonglong_atomic_fetch_inc_nbi(unsigned long long *fetch, unsigned long long *dest, int pe);
void shmem_ctx_ulonglong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, int pe);
void shmem_ulonglong_atomic_inc(unsigned long long *dest, int pe);
void shmem_ctx_ulonglong_atomic_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_add(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_add_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_add(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_int32_atomic_compare_swap(int32_t *dest, int32_t cond, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_compare_swap(shmem_ctx_t ctx, int32_t *dest, int32_t cond, int32_t value, int pe);
void shmem_int32_atomic_compare_swap_nbi(int32_t *fetch, int32_t *dest, int32_t cond, int32_t value, int pe);
void shmem_ctx_int32_atomic_compare_swap_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t cond, int32_t value,
                                             int pe);
int32_t shmem_int32_atomic_fetch_inc(int32_t *dest, int pe);
int32_t shmem_ctx_int32_atomic_fetch_inc(shmem_ctx_t ctx, int32_t *dest, int pe);
void shmem_int32_atomic_fetch_inc_nbi(int32_t *fetch, int32_t *dest, int pe);
void shmem_ctx_int32_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int pe);
void shmem_int32_atomic_inc(int32_t *dest, int pe);
void shmem_ctx_int32_atomic_inc(shmem_ctx_t ctx, int32_t *dest, int pe);
int32_t shmem_int32_atomic_fetch_add(int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_add(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_add_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_add_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_add(int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_add(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int64_t shmem_int64_atomic_compare_swap(int64_t *dest, int64_t cond, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_compare_swap(shmem_ctx_t ctx, int64_t *dest, int64_t cond, int64_t value, int pe);
void shmem_int64_atomic_compare_swap_nbi(int64_t *fetch, int64_t *dest, int64_t cond, int64_t value, int pe);
void shmem_ctx_int64_atomic_compare_swap_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t cond, int64_t value,
                                             int pe);
int64_t shmem_int64_atomic_fetch_inc(int64_t *dest, int pe);
int64_t shmem_ctx_int64_atomic_fetch_inc(shmem_ctx_t ctx, int64_t *dest, int pe);
void shmem_int64_atomic_fetch_inc_nbi(int64_t *fetch, int64_t *dest, int pe);
void shmem_ctx_int64_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int pe);
void shmem_int64_atomic_inc(int64_t *dest, int pe);
void shmem_ctx_int64_atomic_inc(shmem_ctx_t ctx, int64_t *dest, int pe);
int64_t shmem_int64_atomic_fetch_add(int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_add(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_add_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_add_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_add(int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_add(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
uint32_t shmem_uint32_atomic_compare_swap(uint32_t *dest, uint32_t cond, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_compare_swap(shmem_ctx_t ctx, uint32_t *dest, uint32_t cond, uint32_t value, int pe);
void shmem_uint32_atomic_compare_swap_nbi(uint32_t *fetch, uint32_t *dest, uint32_t cond, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_compare_swap_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t cond, uint32_t value,
                                             int pe);
uint32_t shmem_uint32_atomic_fetch_inc(uint32_t *dest, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_inc(shmem_ctx_t ctx, uint32_t *dest, int pe);
void shmem_uint32_atomic_fetch_inc_nbi(uint32_t *fetch, uint32_t *dest, int pe);
void shmem_ctx_uint32_atomic_fetch_inc_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, int pe);
void shmem_uint32_atomic_inc(uint32_t *dest, int pe);
void shmem_ctx_uint32_atomic_inc(shmem_ctx_t ctx, uint32_t *dest, int pe);
uint32_t shmem_uint32_atomic_fetch_add(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_add(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_add_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_add_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_add(uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_add(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_compare_swap(uint64_t *dest, uint64_t cond, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_compare_swap(shmem_ctx_t ctx, uint64_t *dest, uint64_t cond, uint64_t value, int pe);
void shmem_uint64_atomic_compare_swap_nbi(uint64_t *fetch, uint64_t *dest, uint64_t cond, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_compare_swap_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t cond, uint64_t value,
                                             int pe);
uint64_t shmem_uint64_atomic_fetch_inc(uint64_t *dest, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_inc(shmem_ctx_t ctx, uint64_t *dest, int pe);
void shmem_uint64_atomic_fetch_inc_nbi(uint64_t *fetch, uint64_t *dest, int pe);
void shmem_ctx_uint64_atomic_fetch_inc_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, int pe);
void shmem_uint64_atomic_inc(uint64_t *dest, int pe);
void shmem_ctx_uint64_atomic_inc(shmem_ctx_t ctx, uint64_t *dest, int pe);
uint64_t shmem_uint64_atomic_fetch_add(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_add(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_add_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_add_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_add(uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_add(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
size_t shmem_size_atomic_compare_swap(size_t *dest, size_t cond, size_t value, int pe);
size_t shmem_ctx_size_atomic_compare_swap(shmem_ctx_t ctx, size_t *dest, size_t cond, size_t value, int pe);
void shmem_size_atomic_compare_swap_nbi(size_t *fetch, size_t *dest, size_t cond, size_t value, int pe);
void shmem_ctx_size_atomic_compare_swap_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t cond, size_t value,
                                             int pe);
size_t shmem_size_atomic_fetch_inc(size_t *dest, int pe);
size_t shmem_ctx_size_atomic_fetch_inc(shmem_ctx_t ctx, size_t *dest, int pe);
void shmem_size_atomic_fetch_inc_nbi(size_t *fetch, size_t *dest, int pe);
void shmem_ctx_size_atomic_fetch_inc_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, int pe);
void shmem_size_atomic_inc(size_t *dest, int pe);
void shmem_ctx_size_atomic_inc(shmem_ctx_t ctx, size_t *dest, int pe);
size_t shmem_size_atomic_fetch_add(size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_atomic_fetch_add(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
void shmem_size_atomic_fetch_add_nbi(size_t *fetch, size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_fetch_add_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t value, int pe);
void shmem_size_atomic_add(size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_add(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_compare_swap(ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_compare_swap(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_compare_swap_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_compare_swap_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value,
                                             int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch_inc(ptrdiff_t *dest, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch_inc(shmem_ctx_t ctx, ptrdiff_t *dest, int pe);
void shmem_ptrdiff_atomic_fetch_inc_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_inc_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, int pe);
void shmem_ptrdiff_atomic_inc(ptrdiff_t *dest, int pe);
void shmem_ctx_ptrdiff_atomic_inc(shmem_ctx_t ctx, ptrdiff_t *dest, int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch_add(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch_add(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_fetch_add_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_add_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_add(ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_add(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
/* end typed */

/* and, or, xor: the bitwise AMO types. The operation is named by whole
 * identifiers (atomic_and, not and), which <iso646.h> leaves alone. */
/* typed AMO_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_atomic_fetch_and(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_fetch_and(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_fetch_and_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_fetch_and_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
void shmem_##N##_atomic_and(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_and(shmem_ctx_t ctx, T *dest, T value, int pe);
T shmem_##N##_atomic_fetch_or(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_fetch_or(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_fetch_or_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_fetch_or_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
void shmem_##N##_atomic_or(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_or(shmem_ctx_t ctx, T *dest, T value, int pe);
T shmem_##N##_atomic_fetch_xor(T *dest, T value, int pe);
T shmem_ctx_##N##_atomic_fetch_xor(shmem_ctx_t ctx, T *dest, T value, int pe);
void shmem_##N##_atomic_fetch_xor_nbi(T *fetch, T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_fetch_xor_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe);
void shmem_##N##_atomic_xor(T *dest, T value, int pe);
void shmem_ctx_##N##_atomic_xor(shmem_ctx_t ctx, T *dest, T value, int pe);
*/
unsigned int shmem_uint_atomic_fetch_and(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_and_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_and(unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_fetch_or(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_or_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_or(unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_fetch_xor(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_xor_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_xor(unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_fetch_and(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_and_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_and(unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_fetch_or(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_or_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_or(unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_fetch_xor(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_xor_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_xor(unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_and(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_and_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_and(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_or(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_or_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_or(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_xor(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_xor_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_xor(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_int32_atomic_fetch_and(int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_and_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_and_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_and(int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_fetch_or(int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_or_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_or_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_or(int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_fetch_xor(int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_xor_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_xor(int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int64_t shmem_int64_atomic_fetch_and(int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_and_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_and_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_and(int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_fetch_or(int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_or_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_or_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_or(int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_fetch_xor(int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_xor_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_xor(int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_and(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_and(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_and_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_and_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_and(uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_and(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_or(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_or(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_or_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_or_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_or(uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_or(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_xor(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_xor(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_xor_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_xor_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_xor(uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_xor(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_and(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_and(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_and_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_and_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_and(uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_and(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_or(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_or(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_or_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_or_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_or(uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_or(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_xor(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_xor(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_xor_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_xor_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_xor(uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_xor(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
/* end typed */

/* Deprecated OpenSHMEM 1.3 names (still used by older programs). */
/* typed AMO_DEPRECATED_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_fetch(const T *source, int pe);
void shmem_##N##_set(T *dest, T value, int pe);
T shmem_##N##_swap(T *dest, T value, int pe);
T shmem_##N##_cswap(T *dest, T cond, T value, int pe);
T shmem_##N##_finc(T *dest, int pe);
void shmem_##N##_inc(T *dest, int pe);
T shmem_##N##_fadd(T *dest, T value, int pe);
void shmem_##N##_add(T *dest, T value, int pe);
*/
int shmem_int_fetch(const int *source, int pe);
void shmem_int_set(int *dest, int value, int pe);
int shmem_int_swap(int *dest, int value, int pe);
int shmem_int_cswap(int *dest, int cond, int value, int pe);
int shmem_int_finc(int *dest, int pe);
void shmem_int_inc(int *dest, int pe);
int shmem_int_fadd(int *dest, int value, int pe);
void shmem_int_add(int *dest, int value, int pe);
long shmem_long_fetch(const long *source, int pe);
void shmem_long_set(long *dest, long value, int pe);
long shmem_long_swap(long *dest, long value, int pe);
long shmem_long_cswap(long *dest, long cond, long value, int pe);
long shmem_long_finc(long *dest, int pe);
void shmem_long_inc(long *dest, int pe);
long shmem_long_fadd(long *dest, long value, int pe);
void shmem_long_add(long *dest, long value, int pe);
long long shmem_longlong_fetch(const long long *source, int pe);
void shmem_longlong_set(long long *dest, long long value, int pe);
long long shmem_longlong_swap(long long *dest, long long value, int pe);
long long shmem_longlong_cswap(long long *dest, long long cond, long long value, int pe);
long long shmem_longlong_finc(long long *dest, int pe);
void shmem_longlong_inc(long long *dest, int pe);
long long shmem_longlong_fadd(long long *dest, long long value, int pe);
void shmem_longlong_add(long long *dest, long long value, int pe);
/* end typed */
/* typed AMO_EXTENDED_ONLY_TYPES(T, N), expanded by scripts/gen_types.py:
T shmem_##N##_fetch(const T *source, int pe);
void shmem_##N##_set(T *dest, T value, int pe);
T shmem_##N##_swap(T *dest, T value, int pe);
*/
float shmem_float_fetch(const float *source, int pe);
void shmem_float_set(float *dest, float value, int pe);
float shmem_float_swap(float *dest, float value, int pe);
double shmem_double_fetch(const double *source, int pe);
void shmem_double_set(double *dest, double value, int pe);
double shmem_double_swap(double *dest, double value, int pe);
/* end typed */

/* 1.3's untyped swap on a long (the C11 generic shmem_swap covers it too). */
long shmem_swap(long *dest, long value, int pe);

#ifdef __cplusplus
}
#endif

#include <mishmem/openshmem_generic_amo.h>

#endif
