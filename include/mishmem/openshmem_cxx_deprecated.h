/* C++ overloads in place of the deprecated OpenSHMEM 1.3 C11 generic names
 * (shmem_fetch, shmem_set, shmem_swap, shmem_cswap, shmem_finc, shmem_inc,
 * shmem_fadd, shmem_add, shmem_wait), so that such programs build as C++
 * too. As in C (openshmem_generic_amo.h), each takes the types of the
 * atomic_* name that replaced it and forwards to its typed function; as in
 * 1.3, none has a context form. The long forms of shmem_swap and
 * shmem_wait are the 1.3 C functions, so those two have no long overload
 * here. Included by <mishmem/openshmem_cxx.h>. */
#ifndef MISHMEM_OPENSHMEM_CXX_DEPRECATED_H
#define MISHMEM_OPENSHMEM_CXX_DEPRECATED_H

#ifdef __cplusplus

/* fetch and set: the extended AMO types. */
/* typed AMO_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_fetch(const T *source, int pe) { return shmem_##N##_atomic_fetch(source, pe); }
inline void shmem_set(T *dest, T value, int pe) { shmem_##N##_atomic_set(dest, value, pe); }
*/
inline int shmem_fetch(const int *source, int pe) { return shmem_int_atomic_fetch(source, pe); }
inline void shmem_set(int *dest, int value, int pe) { shmem_int_atomic_set(dest, value, pe); }
inline long shmem_fetch(const long *source, int pe) { return shmem_long_atomic_fetch(source, pe); }
inline void shmem_set(long *dest, long value, int pe) { shmem_long_atomic_set(dest, value, pe); }
inline long long shmem_fetch(const long long *source, int pe) { return shmem_longlong_atomic_fetch(source, pe); }
inline void shmem_set(long long *dest, long long value, int pe) { shmem_longlong_atomic_set(dest, value, pe); }
inline unsigned int shmem_fetch(const unsigned int *source, int pe) { return shmem_uint_atomic_fetch(source, pe); }
inline void shmem_set(unsigned int *dest, unsigned int value, int pe) { shmem_uint_atomic_set(dest, value, pe); }
inline unsigned long shmem_fetch(const unsigned long *source, int pe) { return shmem_ulong_atomic_fetch(source, pe); }
inline void shmem_set(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_atomic_set(dest, value, pe); }
inline unsigned long long shmem_fetch(const unsigned long long *source, int pe) { return shmem_ulonglong_atomic_fetch(source, pe); }
inline void shmem_set(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_atomic_set(dest, value, pe); }
/* end typed */
/* typed AMO_GENERIC_EXTENDED_ONLY_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_fetch(const T *source, int pe) { return shmem_##N##_atomic_fetch(source, pe); }
inline void shmem_set(T *dest, T value, int pe) { shmem_##N##_atomic_set(dest, value, pe); }
*/
inline float shmem_fetch(const float *source, int pe) { return shmem_float_atomic_fetch(source, pe); }
inline void shmem_set(float *dest, float value, int pe) { shmem_float_atomic_set(dest, value, pe); }
inline double shmem_fetch(const double *source, int pe) { return shmem_double_atomic_fetch(source, pe); }
inline void shmem_set(double *dest, double value, int pe) { shmem_double_atomic_set(dest, value, pe); }
/* end typed */

/* typed AMO_GENERIC_TYPES_BUT_LONG(T, N), expanded by scripts/gen_types.py:
inline T shmem_swap(T *dest, T value, int pe)
{ return shmem_##N##_atomic_swap(dest, value, pe); }
*/
inline int shmem_swap(int *dest, int value, int pe)
{ return shmem_int_atomic_swap(dest, value, pe); }
inline long long shmem_swap(long long *dest, long long value, int pe)
{ return shmem_longlong_atomic_swap(dest, value, pe); }
inline unsigned int shmem_swap(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_swap(dest, value, pe); }
inline unsigned long shmem_swap(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_swap(dest, value, pe); }
inline unsigned long long shmem_swap(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_swap(dest, value, pe); }
/* end typed */
/* typed AMO_GENERIC_EXTENDED_ONLY_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_swap(T *dest, T value, int pe)
{ return shmem_##N##_atomic_swap(dest, value, pe); }
*/
inline float shmem_swap(float *dest, float value, int pe)
{ return shmem_float_atomic_swap(dest, value, pe); }
inline double shmem_swap(double *dest, double value, int pe)
{ return shmem_double_atomic_swap(dest, value, pe); }
/* end typed */

/* cswap, finc, inc, fadd and add: the standard AMO types. */
/* typed AMO_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_cswap(T *dest, T cond, T value, int pe)
{ return shmem_##N##_atomic_compare_swap(dest, cond, value, pe); }
inline T shmem_finc(T *dest, int pe) { return shmem_##N##_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(T *dest, int pe) { shmem_##N##_atomic_inc(dest, pe); }
inline T shmem_fadd(T *dest, T value, int pe)
{ return shmem_##N##_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(T *dest, T value, int pe) { shmem_##N##_atomic_add(dest, value, pe); }
*/
inline int shmem_cswap(int *dest, int cond, int value, int pe)
{ return shmem_int_atomic_compare_swap(dest, cond, value, pe); }
inline int shmem_finc(int *dest, int pe) { return shmem_int_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(int *dest, int pe) { shmem_int_atomic_inc(dest, pe); }
inline int shmem_fadd(int *dest, int value, int pe)
{ return shmem_int_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(int *dest, int value, int pe) { shmem_int_atomic_add(dest, value, pe); }
inline long shmem_cswap(long *dest, long cond, long value, int pe)
{ return shmem_long_atomic_compare_swap(dest, cond, value, pe); }
inline long shmem_finc(long *dest, int pe) { return shmem_long_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(long *dest, int pe) { shmem_long_atomic_inc(dest, pe); }
inline long shmem_fadd(long *dest, long value, int pe)
{ return shmem_long_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(long *dest, long value, int pe) { shmem_long_atomic_add(dest, value, pe); }
inline long long shmem_cswap(long long *dest, long long cond, long long value, int pe)
{ return shmem_longlong_atomic_compare_swap(dest, cond, value, pe); }
inline long long shmem_finc(long long *dest, int pe) { return shmem_longlong_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(long long *dest, int pe) { shmem_longlong_atomic_inc(dest, pe); }
inline long long shmem_fadd(long long *dest, long long value, int pe)
{ return shmem_longlong_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(long long *dest, long long value, int pe) { shmem_longlong_atomic_add(dest, value, pe); }
inline unsigned int shmem_cswap(unsigned int *dest, unsigned int cond, unsigned int value, int pe)
{ return shmem_uint_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned int shmem_finc(unsigned int *dest, int pe) { return shmem_uint_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(unsigned int *dest, int pe) { shmem_uint_atomic_inc(dest, pe); }
inline unsigned int shmem_fadd(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(unsigned int *dest, unsigned int value, int pe) { shmem_uint_atomic_add(dest, value, pe); }
inline unsigned long shmem_cswap(unsigned long *dest, unsigned long cond, unsigned long value, int pe)
{ return shmem_ulong_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned long shmem_finc(unsigned long *dest, int pe) { return shmem_ulong_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(unsigned long *dest, int pe) { shmem_ulong_atomic_inc(dest, pe); }
inline unsigned long shmem_fadd(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_atomic_add(dest, value, pe); }
inline unsigned long long shmem_cswap(unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned long long shmem_finc(unsigned long long *dest, int pe) { return shmem_ulonglong_atomic_fetch_inc(dest, pe); }
inline void shmem_inc(unsigned long long *dest, int pe) { shmem_ulonglong_atomic_inc(dest, pe); }
inline unsigned long long shmem_fadd(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_fetch_add(dest, value, pe); }
inline void shmem_add(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_atomic_add(dest, value, pe); }
/* end typed */

/* typed P2P_GENERIC_TYPES_BUT_LONG(T, N), expanded by scripts/gen_types.py:
inline void shmem_wait(T *ivar, T cmp_value) { shmem_##N##_wait(ivar, cmp_value); }
*/
inline void shmem_wait(short *ivar, short cmp_value) { shmem_short_wait(ivar, cmp_value); }
inline void shmem_wait(int *ivar, int cmp_value) { shmem_int_wait(ivar, cmp_value); }
inline void shmem_wait(long long *ivar, long long cmp_value) { shmem_longlong_wait(ivar, cmp_value); }
inline void shmem_wait(unsigned short *ivar, unsigned short cmp_value) { shmem_ushort_wait(ivar, cmp_value); }
inline void shmem_wait(unsigned int *ivar, unsigned int cmp_value) { shmem_uint_wait(ivar, cmp_value); }
inline void shmem_wait(unsigned long *ivar, unsigned long cmp_value) { shmem_ulong_wait(ivar, cmp_value); }
inline void shmem_wait(unsigned long long *ivar, unsigned long long cmp_value) { shmem_ulonglong_wait(ivar, cmp_value); }
/* end typed */

#endif /* __cplusplus */

#endif
