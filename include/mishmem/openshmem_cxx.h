/* C++ overloads in place of the C11 generic forms (OpenSHMEM 1.5 allows
 * either): shmem_put(dest, source, nelems, pe), shmem_put(ctx, dest,
 * source, nelems, pe), shmem_atomic_fetch_add(...), shmem_wait_until(...),
 * shmem_broadcast(team, ...), shmem_sum_reduce(team, ...), ... Each is an
 * inline function forwarding to the typed C function; overloads are over
 * the basic C types (the fixed-width names are typedefs of them), expanded
 * from scripts/type_table.py. The context forms take one
 * more argument, so arity keeps them apart. Included by <shmem.h> when
 * compiled as C++; include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_CXX_H
#define MISHMEM_OPENSHMEM_CXX_H

#ifdef __cplusplus

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>

/* RMA: the standard RMA types. A is unused (the tables hand it through). */
/* typed RMA_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline void shmem_put(T *dest, const T *source, size_t nelems, int pe)
{ shmem_##N##_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)
{ shmem_ctx_##N##_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(T *dest, const T *source, size_t nelems, int pe)
{ shmem_##N##_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)
{ shmem_ctx_##N##_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(T *dest, const T *source, size_t nelems, int pe)
{ shmem_##N##_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)
{ shmem_ctx_##N##_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(T *dest, const T *source, size_t nelems, int pe)
{ shmem_##N##_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe)
{ shmem_ctx_##N##_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(T *dest, T value, int pe) { shmem_##N##_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, T *dest, T value, int pe)
{ shmem_ctx_##N##_p(ctx, dest, value, pe); }
inline T shmem_g(const T *source, int pe) { return shmem_##N##_g(source, pe); }
inline T shmem_g(shmem_ctx_t ctx, const T *source, int pe)
{ return shmem_ctx_##N##_g(ctx, source, pe); }
inline void shmem_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_##N##_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_##N##_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_##N##_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_##N##_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_##N##_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_##N##_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_##N##_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_##N##_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
*/
inline void shmem_put(float *dest, const float *source, size_t nelems, int pe)
{ shmem_float_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe)
{ shmem_ctx_float_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(float *dest, const float *source, size_t nelems, int pe)
{ shmem_float_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe)
{ shmem_ctx_float_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(float *dest, const float *source, size_t nelems, int pe)
{ shmem_float_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe)
{ shmem_ctx_float_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(float *dest, const float *source, size_t nelems, int pe)
{ shmem_float_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe)
{ shmem_ctx_float_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(float *dest, float value, int pe) { shmem_float_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, float *dest, float value, int pe)
{ shmem_ctx_float_p(ctx, dest, value, pe); }
inline float shmem_g(const float *source, int pe) { return shmem_float_g(source, pe); }
inline float shmem_g(shmem_ctx_t ctx, const float *source, int pe)
{ return shmem_ctx_float_g(ctx, source, pe); }
inline void shmem_iput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_float_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_float_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_float_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_float_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_float_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_float_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(float *dest, const float *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_float_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_float_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(double *dest, const double *source, size_t nelems, int pe)
{ shmem_double_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe)
{ shmem_ctx_double_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(double *dest, const double *source, size_t nelems, int pe)
{ shmem_double_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe)
{ shmem_ctx_double_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(double *dest, const double *source, size_t nelems, int pe)
{ shmem_double_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe)
{ shmem_ctx_double_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(double *dest, const double *source, size_t nelems, int pe)
{ shmem_double_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe)
{ shmem_ctx_double_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(double *dest, double value, int pe) { shmem_double_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, double *dest, double value, int pe)
{ shmem_ctx_double_p(ctx, dest, value, pe); }
inline double shmem_g(const double *source, int pe) { return shmem_double_g(source, pe); }
inline double shmem_g(shmem_ctx_t ctx, const double *source, int pe)
{ return shmem_ctx_double_g(ctx, source, pe); }
inline void shmem_iput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_double_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_double_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_double_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_double_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_double_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_double_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(double *dest, const double *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_double_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_double_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_longdouble_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_ctx_longdouble_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_longdouble_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_ctx_longdouble_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_longdouble_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_ctx_longdouble_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_longdouble_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe)
{ shmem_ctx_longdouble_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(long double *dest, long double value, int pe) { shmem_longdouble_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, long double *dest, long double value, int pe)
{ shmem_ctx_longdouble_p(ctx, dest, value, pe); }
inline long double shmem_g(const long double *source, int pe) { return shmem_longdouble_g(source, pe); }
inline long double shmem_g(shmem_ctx_t ctx, const long double *source, int pe)
{ return shmem_ctx_longdouble_g(ctx, source, pe); }
inline void shmem_iput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_longdouble_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_longdouble_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_longdouble_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_longdouble_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_longdouble_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_longdouble_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_longdouble_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_longdouble_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(char *dest, const char *source, size_t nelems, int pe)
{ shmem_char_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe)
{ shmem_ctx_char_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(char *dest, const char *source, size_t nelems, int pe)
{ shmem_char_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe)
{ shmem_ctx_char_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(char *dest, const char *source, size_t nelems, int pe)
{ shmem_char_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe)
{ shmem_ctx_char_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(char *dest, const char *source, size_t nelems, int pe)
{ shmem_char_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe)
{ shmem_ctx_char_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(char *dest, char value, int pe) { shmem_char_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, char *dest, char value, int pe)
{ shmem_ctx_char_p(ctx, dest, value, pe); }
inline char shmem_g(const char *source, int pe) { return shmem_char_g(source, pe); }
inline char shmem_g(shmem_ctx_t ctx, const char *source, int pe)
{ return shmem_ctx_char_g(ctx, source, pe); }
inline void shmem_iput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_char_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_char_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_char_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_char_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_char_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_char_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(char *dest, const char *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_char_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_char_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_schar_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_ctx_schar_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_schar_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_ctx_schar_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_schar_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_ctx_schar_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_schar_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe)
{ shmem_ctx_schar_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(signed char *dest, signed char value, int pe) { shmem_schar_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, signed char *dest, signed char value, int pe)
{ shmem_ctx_schar_p(ctx, dest, value, pe); }
inline signed char shmem_g(const signed char *source, int pe) { return shmem_schar_g(source, pe); }
inline signed char shmem_g(shmem_ctx_t ctx, const signed char *source, int pe)
{ return shmem_ctx_schar_g(ctx, source, pe); }
inline void shmem_iput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_schar_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_schar_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_schar_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_schar_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_schar_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_schar_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_schar_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_schar_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(short *dest, const short *source, size_t nelems, int pe)
{ shmem_short_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe)
{ shmem_ctx_short_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(short *dest, const short *source, size_t nelems, int pe)
{ shmem_short_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe)
{ shmem_ctx_short_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(short *dest, const short *source, size_t nelems, int pe)
{ shmem_short_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe)
{ shmem_ctx_short_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(short *dest, const short *source, size_t nelems, int pe)
{ shmem_short_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe)
{ shmem_ctx_short_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(short *dest, short value, int pe) { shmem_short_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, short *dest, short value, int pe)
{ shmem_ctx_short_p(ctx, dest, value, pe); }
inline short shmem_g(const short *source, int pe) { return shmem_short_g(source, pe); }
inline short shmem_g(shmem_ctx_t ctx, const short *source, int pe)
{ return shmem_ctx_short_g(ctx, source, pe); }
inline void shmem_iput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_short_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_short_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_short_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_short_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_short_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_short_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(short *dest, const short *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_short_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_short_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(int *dest, const int *source, size_t nelems, int pe)
{ shmem_int_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe)
{ shmem_ctx_int_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(int *dest, const int *source, size_t nelems, int pe)
{ shmem_int_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe)
{ shmem_ctx_int_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(int *dest, const int *source, size_t nelems, int pe)
{ shmem_int_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe)
{ shmem_ctx_int_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(int *dest, const int *source, size_t nelems, int pe)
{ shmem_int_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe)
{ shmem_ctx_int_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(int *dest, int value, int pe) { shmem_int_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, int *dest, int value, int pe)
{ shmem_ctx_int_p(ctx, dest, value, pe); }
inline int shmem_g(const int *source, int pe) { return shmem_int_g(source, pe); }
inline int shmem_g(shmem_ctx_t ctx, const int *source, int pe)
{ return shmem_ctx_int_g(ctx, source, pe); }
inline void shmem_iput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_int_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_int_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_int_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_int_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_int_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_int_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(int *dest, const int *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_int_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_int_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(long *dest, const long *source, size_t nelems, int pe)
{ shmem_long_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe)
{ shmem_ctx_long_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(long *dest, const long *source, size_t nelems, int pe)
{ shmem_long_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe)
{ shmem_ctx_long_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(long *dest, const long *source, size_t nelems, int pe)
{ shmem_long_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe)
{ shmem_ctx_long_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(long *dest, const long *source, size_t nelems, int pe)
{ shmem_long_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe)
{ shmem_ctx_long_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(long *dest, long value, int pe) { shmem_long_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, long *dest, long value, int pe)
{ shmem_ctx_long_p(ctx, dest, value, pe); }
inline long shmem_g(const long *source, int pe) { return shmem_long_g(source, pe); }
inline long shmem_g(shmem_ctx_t ctx, const long *source, int pe)
{ return shmem_ctx_long_g(ctx, source, pe); }
inline void shmem_iput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_long_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_long_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_long_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_long_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_long_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_long_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(long *dest, const long *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_long_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_long_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_longlong_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_ctx_longlong_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_longlong_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_ctx_longlong_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_longlong_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_ctx_longlong_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_longlong_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe)
{ shmem_ctx_longlong_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(long long *dest, long long value, int pe) { shmem_longlong_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, long long *dest, long long value, int pe)
{ shmem_ctx_longlong_p(ctx, dest, value, pe); }
inline long long shmem_g(const long long *source, int pe) { return shmem_longlong_g(source, pe); }
inline long long shmem_g(shmem_ctx_t ctx, const long long *source, int pe)
{ return shmem_ctx_longlong_g(ctx, source, pe); }
inline void shmem_iput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_longlong_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_longlong_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_longlong_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_longlong_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_longlong_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_longlong_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_longlong_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_longlong_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_uchar_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_ctx_uchar_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_uchar_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_ctx_uchar_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_uchar_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_ctx_uchar_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_uchar_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe)
{ shmem_ctx_uchar_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(unsigned char *dest, unsigned char value, int pe) { shmem_uchar_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, unsigned char *dest, unsigned char value, int pe)
{ shmem_ctx_uchar_p(ctx, dest, value, pe); }
inline unsigned char shmem_g(const unsigned char *source, int pe) { return shmem_uchar_g(source, pe); }
inline unsigned char shmem_g(shmem_ctx_t ctx, const unsigned char *source, int pe)
{ return shmem_ctx_uchar_g(ctx, source, pe); }
inline void shmem_iput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_uchar_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_uchar_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_uchar_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_uchar_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_uchar_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_uchar_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_uchar_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_uchar_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ushort_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ctx_ushort_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ushort_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ctx_ushort_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ushort_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ctx_ushort_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ushort_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe)
{ shmem_ctx_ushort_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(unsigned short *dest, unsigned short value, int pe) { shmem_ushort_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, unsigned short *dest, unsigned short value, int pe)
{ shmem_ctx_ushort_p(ctx, dest, value, pe); }
inline unsigned short shmem_g(const unsigned short *source, int pe) { return shmem_ushort_g(source, pe); }
inline unsigned short shmem_g(shmem_ctx_t ctx, const unsigned short *source, int pe)
{ return shmem_ctx_ushort_g(ctx, source, pe); }
inline void shmem_iput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ushort_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ushort_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ushort_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ushort_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_ushort_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ushort_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_ushort_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ushort_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_uint_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_ctx_uint_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_uint_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_ctx_uint_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_uint_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_ctx_uint_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_uint_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe)
{ shmem_ctx_uint_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(unsigned int *dest, unsigned int value, int pe) { shmem_uint_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_p(ctx, dest, value, pe); }
inline unsigned int shmem_g(const unsigned int *source, int pe) { return shmem_uint_g(source, pe); }
inline unsigned int shmem_g(shmem_ctx_t ctx, const unsigned int *source, int pe)
{ return shmem_ctx_uint_g(ctx, source, pe); }
inline void shmem_iput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_uint_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_uint_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_uint_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_uint_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_uint_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_uint_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_uint_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_uint_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ulong_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ctx_ulong_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ulong_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ctx_ulong_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ulong_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ctx_ulong_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ulong_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe)
{ shmem_ctx_ulong_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_p(ctx, dest, value, pe); }
inline unsigned long shmem_g(const unsigned long *source, int pe) { return shmem_ulong_g(source, pe); }
inline unsigned long shmem_g(shmem_ctx_t ctx, const unsigned long *source, int pe)
{ return shmem_ctx_ulong_g(ctx, source, pe); }
inline void shmem_iput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ulong_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ulong_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ulong_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ulong_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_ulong_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ulong_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_ulong_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ulong_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ulonglong_put(dest, source, nelems, pe); }
inline void shmem_put(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ctx_ulonglong_put(ctx, dest, source, nelems, pe); }
inline void shmem_get(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ulonglong_get(dest, source, nelems, pe); }
inline void shmem_get(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ctx_ulonglong_get(ctx, dest, source, nelems, pe); }
inline void shmem_put_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ulonglong_put_nbi(dest, source, nelems, pe); }
inline void shmem_put_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ctx_ulonglong_put_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_get_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ulonglong_get_nbi(dest, source, nelems, pe); }
inline void shmem_get_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe)
{ shmem_ctx_ulonglong_get_nbi(ctx, dest, source, nelems, pe); }
inline void shmem_p(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_p(dest, value, pe); }
inline void shmem_p(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_p(ctx, dest, value, pe); }
inline unsigned long long shmem_g(const unsigned long long *source, int pe) { return shmem_ulonglong_g(source, pe); }
inline unsigned long long shmem_g(shmem_ctx_t ctx, const unsigned long long *source, int pe)
{ return shmem_ctx_ulonglong_g(ctx, source, pe); }
inline void shmem_iput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ulonglong_iput(dest, source, dst, sst, nelems, pe); }
inline void shmem_iput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ulonglong_iput(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int pe)
{ shmem_ulonglong_iget(dest, source, dst, sst, nelems, pe); }
inline void shmem_iget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems, int pe)
{ shmem_ctx_ulonglong_iget(ctx, dest, source, dst, sst, nelems, pe); }
inline void shmem_put_signal(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                             uint64_t signal, int sig_op, int pe)
{ shmem_ulonglong_put_signal(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ulonglong_put_signal(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr,
                                 uint64_t signal, int sig_op, int pe)
{ shmem_ulonglong_put_signal_nbi(dest, source, nelems, sig_addr, signal, sig_op, pe); }
inline void shmem_put_signal_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{ shmem_ctx_ulonglong_put_signal_nbi(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe); }
/* end typed */

/* OpenSHMEM 1.6 interleaved blocks. */
/* typed RMA_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline void shmem_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_##N##_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_##N##_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_##N##_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_##N##_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
*/
inline void shmem_ibput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_float_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_float_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_float_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_float_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_double_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_double_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_double_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_double_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_longdouble_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_longdouble_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_longdouble_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_longdouble_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_char_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_char_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_char_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_char_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_schar_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_schar_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_schar_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_schar_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_short_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_short_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_short_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_short_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_int_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_int_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_int_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_int_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_long_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_long_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_long_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_long_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_longlong_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_longlong_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_longlong_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_longlong_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_uchar_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_uchar_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_uchar_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_uchar_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ushort_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ushort_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ushort_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ushort_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_uint_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_uint_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_uint_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_uint_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ulong_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ulong_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ulong_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ulong_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ulonglong_ibput(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ulonglong_ibput(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,
                        size_t nblocks, int pe)
{ shmem_ulonglong_ibget(dest, source, dst, sst, bsize, nblocks, pe); }
inline void shmem_ibget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t bsize, size_t nblocks, int pe)
{ shmem_ctx_ulonglong_ibget(ctx, dest, source, dst, sst, bsize, nblocks, pe); }
/* end typed */

/* AMO: fetch, set and swap take every extended AMO type. */
/* typed AMO_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_atomic_fetch(const T *source, int pe)
{ return shmem_##N##_atomic_fetch(source, pe); }
inline T shmem_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe)
{ return shmem_ctx_##N##_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(T *fetch, const T *source, int pe)
{ shmem_##N##_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe)
{ shmem_ctx_##N##_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(T *dest, T value, int pe)
{ shmem_##N##_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_set(ctx, dest, value, pe); }
inline T shmem_atomic_swap(T *dest, T value, int pe)
{ return shmem_##N##_atomic_swap(dest, value, pe); }
inline T shmem_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe)
{ return shmem_ctx_##N##_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(T *fetch, T *dest, T value, int pe)
{ shmem_##N##_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
*/
inline int shmem_atomic_fetch(const int *source, int pe)
{ return shmem_int_atomic_fetch(source, pe); }
inline int shmem_atomic_fetch(shmem_ctx_t ctx, const int *source, int pe)
{ return shmem_ctx_int_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(int *fetch, const int *source, int pe)
{ shmem_int_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, int *fetch, const int *source, int pe)
{ shmem_ctx_int_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(int *dest, int value, int pe)
{ shmem_int_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, int *dest, int value, int pe)
{ shmem_ctx_int_atomic_set(ctx, dest, value, pe); }
inline int shmem_atomic_swap(int *dest, int value, int pe)
{ return shmem_int_atomic_swap(dest, value, pe); }
inline int shmem_atomic_swap(shmem_ctx_t ctx, int *dest, int value, int pe)
{ return shmem_ctx_int_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(int *fetch, int *dest, int value, int pe)
{ shmem_int_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe)
{ shmem_ctx_int_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline long shmem_atomic_fetch(const long *source, int pe)
{ return shmem_long_atomic_fetch(source, pe); }
inline long shmem_atomic_fetch(shmem_ctx_t ctx, const long *source, int pe)
{ return shmem_ctx_long_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(long *fetch, const long *source, int pe)
{ shmem_long_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, long *fetch, const long *source, int pe)
{ shmem_ctx_long_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(long *dest, long value, int pe)
{ shmem_long_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, long *dest, long value, int pe)
{ shmem_ctx_long_atomic_set(ctx, dest, value, pe); }
inline long shmem_atomic_swap(long *dest, long value, int pe)
{ return shmem_long_atomic_swap(dest, value, pe); }
inline long shmem_atomic_swap(shmem_ctx_t ctx, long *dest, long value, int pe)
{ return shmem_ctx_long_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(long *fetch, long *dest, long value, int pe)
{ shmem_long_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe)
{ shmem_ctx_long_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline long long shmem_atomic_fetch(const long long *source, int pe)
{ return shmem_longlong_atomic_fetch(source, pe); }
inline long long shmem_atomic_fetch(shmem_ctx_t ctx, const long long *source, int pe)
{ return shmem_ctx_longlong_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(long long *fetch, const long long *source, int pe)
{ shmem_longlong_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, long long *fetch, const long long *source, int pe)
{ shmem_ctx_longlong_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(long long *dest, long long value, int pe)
{ shmem_longlong_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, long long *dest, long long value, int pe)
{ shmem_ctx_longlong_atomic_set(ctx, dest, value, pe); }
inline long long shmem_atomic_swap(long long *dest, long long value, int pe)
{ return shmem_longlong_atomic_swap(dest, value, pe); }
inline long long shmem_atomic_swap(shmem_ctx_t ctx, long long *dest, long long value, int pe)
{ return shmem_ctx_longlong_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(long long *fetch, long long *dest, long long value, int pe)
{ shmem_longlong_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe)
{ shmem_ctx_longlong_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline unsigned int shmem_atomic_fetch(const unsigned int *source, int pe)
{ return shmem_uint_atomic_fetch(source, pe); }
inline unsigned int shmem_atomic_fetch(shmem_ctx_t ctx, const unsigned int *source, int pe)
{ return shmem_ctx_uint_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(unsigned int *fetch, const unsigned int *source, int pe)
{ shmem_uint_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned int *fetch, const unsigned int *source, int pe)
{ shmem_ctx_uint_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_set(ctx, dest, value, pe); }
inline unsigned int shmem_atomic_swap(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_swap(dest, value, pe); }
inline unsigned int shmem_atomic_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline unsigned long shmem_atomic_fetch(const unsigned long *source, int pe)
{ return shmem_ulong_atomic_fetch(source, pe); }
inline unsigned long shmem_atomic_fetch(shmem_ctx_t ctx, const unsigned long *source, int pe)
{ return shmem_ctx_ulong_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(unsigned long *fetch, const unsigned long *source, int pe)
{ shmem_ulong_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long *fetch, const unsigned long *source, int pe)
{ shmem_ctx_ulong_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_set(ctx, dest, value, pe); }
inline unsigned long shmem_atomic_swap(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_swap(dest, value, pe); }
inline unsigned long shmem_atomic_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline unsigned long long shmem_atomic_fetch(const unsigned long long *source, int pe)
{ return shmem_ulonglong_atomic_fetch(source, pe); }
inline unsigned long long shmem_atomic_fetch(shmem_ctx_t ctx, const unsigned long long *source, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(unsigned long long *fetch, const unsigned long long *source, int pe)
{ shmem_ulonglong_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long long *fetch, const unsigned long long *source, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_set(ctx, dest, value, pe); }
inline unsigned long long shmem_atomic_swap(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_swap(dest, value, pe); }
inline unsigned long long shmem_atomic_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
/* end typed */
/* typed AMO_GENERIC_EXTENDED_ONLY_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_atomic_fetch(const T *source, int pe)
{ return shmem_##N##_atomic_fetch(source, pe); }
inline T shmem_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe)
{ return shmem_ctx_##N##_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(T *fetch, const T *source, int pe)
{ shmem_##N##_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, T *fetch, const T *source, int pe)
{ shmem_ctx_##N##_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(T *dest, T value, int pe)
{ shmem_##N##_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_set(ctx, dest, value, pe); }
inline T shmem_atomic_swap(T *dest, T value, int pe)
{ return shmem_##N##_atomic_swap(dest, value, pe); }
inline T shmem_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe)
{ return shmem_ctx_##N##_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(T *fetch, T *dest, T value, int pe)
{ shmem_##N##_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
*/
inline float shmem_atomic_fetch(const float *source, int pe)
{ return shmem_float_atomic_fetch(source, pe); }
inline float shmem_atomic_fetch(shmem_ctx_t ctx, const float *source, int pe)
{ return shmem_ctx_float_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(float *fetch, const float *source, int pe)
{ shmem_float_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, float *fetch, const float *source, int pe)
{ shmem_ctx_float_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(float *dest, float value, int pe)
{ shmem_float_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, float *dest, float value, int pe)
{ shmem_ctx_float_atomic_set(ctx, dest, value, pe); }
inline float shmem_atomic_swap(float *dest, float value, int pe)
{ return shmem_float_atomic_swap(dest, value, pe); }
inline float shmem_atomic_swap(shmem_ctx_t ctx, float *dest, float value, int pe)
{ return shmem_ctx_float_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(float *fetch, float *dest, float value, int pe)
{ shmem_float_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, float *fetch, float *dest, float value, int pe)
{ shmem_ctx_float_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
inline double shmem_atomic_fetch(const double *source, int pe)
{ return shmem_double_atomic_fetch(source, pe); }
inline double shmem_atomic_fetch(shmem_ctx_t ctx, const double *source, int pe)
{ return shmem_ctx_double_atomic_fetch(ctx, source, pe); }
inline void shmem_atomic_fetch_nbi(double *fetch, const double *source, int pe)
{ shmem_double_atomic_fetch_nbi(fetch, source, pe); }
inline void shmem_atomic_fetch_nbi(shmem_ctx_t ctx, double *fetch, const double *source, int pe)
{ shmem_ctx_double_atomic_fetch_nbi(ctx, fetch, source, pe); }
inline void shmem_atomic_set(double *dest, double value, int pe)
{ shmem_double_atomic_set(dest, value, pe); }
inline void shmem_atomic_set(shmem_ctx_t ctx, double *dest, double value, int pe)
{ shmem_ctx_double_atomic_set(ctx, dest, value, pe); }
inline double shmem_atomic_swap(double *dest, double value, int pe)
{ return shmem_double_atomic_swap(dest, value, pe); }
inline double shmem_atomic_swap(shmem_ctx_t ctx, double *dest, double value, int pe)
{ return shmem_ctx_double_atomic_swap(ctx, dest, value, pe); }
inline void shmem_atomic_swap_nbi(double *fetch, double *dest, double value, int pe)
{ shmem_double_atomic_swap_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_swap_nbi(shmem_ctx_t ctx, double *fetch, double *dest, double value, int pe)
{ shmem_ctx_double_atomic_swap_nbi(ctx, fetch, dest, value, pe); }
/* end typed */

/* compare_swap, inc and add: the standard AMO types. */
/* typed AMO_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline T shmem_atomic_compare_swap(T *dest, T cond, T value, int pe)
{ return shmem_##N##_atomic_compare_swap(dest, cond, value, pe); }
inline T shmem_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe)
{ return shmem_ctx_##N##_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(T *fetch, T *dest, T cond, T value, int pe)
{ shmem_##N##_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T cond, T value,
                                          int pe)
{ shmem_ctx_##N##_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline T shmem_atomic_fetch_inc(T *dest, int pe)
{ return shmem_##N##_atomic_fetch_inc(dest, pe); }
inline T shmem_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe)
{ return shmem_ctx_##N##_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(T *fetch, T *dest, int pe)
{ shmem_##N##_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, T *fetch, T *dest, int pe)
{ shmem_ctx_##N##_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(T *dest, int pe) { shmem_##N##_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, T *dest, int pe)
{ shmem_ctx_##N##_atomic_inc(ctx, dest, pe); }
inline T shmem_atomic_fetch_add(T *dest, T value, int pe)
{ return shmem_##N##_atomic_fetch_add(dest, value, pe); }
inline T shmem_atomic_fetch_add(shmem_ctx_t ctx, T *dest, T value, int pe)
{ return shmem_ctx_##N##_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(T *fetch, T *dest, T value, int pe)
{ shmem_##N##_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(T *dest, T value, int pe)
{ shmem_##N##_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_add(ctx, dest, value, pe); }
*/
inline int shmem_atomic_compare_swap(int *dest, int cond, int value, int pe)
{ return shmem_int_atomic_compare_swap(dest, cond, value, pe); }
inline int shmem_atomic_compare_swap(shmem_ctx_t ctx, int *dest, int cond, int value, int pe)
{ return shmem_ctx_int_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(int *fetch, int *dest, int cond, int value, int pe)
{ shmem_int_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int cond, int value,
                                          int pe)
{ shmem_ctx_int_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline int shmem_atomic_fetch_inc(int *dest, int pe)
{ return shmem_int_atomic_fetch_inc(dest, pe); }
inline int shmem_atomic_fetch_inc(shmem_ctx_t ctx, int *dest, int pe)
{ return shmem_ctx_int_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(int *fetch, int *dest, int pe)
{ shmem_int_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int pe)
{ shmem_ctx_int_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(int *dest, int pe) { shmem_int_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, int *dest, int pe)
{ shmem_ctx_int_atomic_inc(ctx, dest, pe); }
inline int shmem_atomic_fetch_add(int *dest, int value, int pe)
{ return shmem_int_atomic_fetch_add(dest, value, pe); }
inline int shmem_atomic_fetch_add(shmem_ctx_t ctx, int *dest, int value, int pe)
{ return shmem_ctx_int_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(int *fetch, int *dest, int value, int pe)
{ shmem_int_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe)
{ shmem_ctx_int_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(int *dest, int value, int pe)
{ shmem_int_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, int *dest, int value, int pe)
{ shmem_ctx_int_atomic_add(ctx, dest, value, pe); }
inline long shmem_atomic_compare_swap(long *dest, long cond, long value, int pe)
{ return shmem_long_atomic_compare_swap(dest, cond, value, pe); }
inline long shmem_atomic_compare_swap(shmem_ctx_t ctx, long *dest, long cond, long value, int pe)
{ return shmem_ctx_long_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(long *fetch, long *dest, long cond, long value, int pe)
{ shmem_long_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long cond, long value,
                                          int pe)
{ shmem_ctx_long_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline long shmem_atomic_fetch_inc(long *dest, int pe)
{ return shmem_long_atomic_fetch_inc(dest, pe); }
inline long shmem_atomic_fetch_inc(shmem_ctx_t ctx, long *dest, int pe)
{ return shmem_ctx_long_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(long *fetch, long *dest, int pe)
{ shmem_long_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long *fetch, long *dest, int pe)
{ shmem_ctx_long_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(long *dest, int pe) { shmem_long_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, long *dest, int pe)
{ shmem_ctx_long_atomic_inc(ctx, dest, pe); }
inline long shmem_atomic_fetch_add(long *dest, long value, int pe)
{ return shmem_long_atomic_fetch_add(dest, value, pe); }
inline long shmem_atomic_fetch_add(shmem_ctx_t ctx, long *dest, long value, int pe)
{ return shmem_ctx_long_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(long *fetch, long *dest, long value, int pe)
{ shmem_long_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe)
{ shmem_ctx_long_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(long *dest, long value, int pe)
{ shmem_long_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, long *dest, long value, int pe)
{ shmem_ctx_long_atomic_add(ctx, dest, value, pe); }
inline long long shmem_atomic_compare_swap(long long *dest, long long cond, long long value, int pe)
{ return shmem_longlong_atomic_compare_swap(dest, cond, value, pe); }
inline long long shmem_atomic_compare_swap(shmem_ctx_t ctx, long long *dest, long long cond, long long value, int pe)
{ return shmem_ctx_longlong_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(long long *fetch, long long *dest, long long cond, long long value, int pe)
{ shmem_longlong_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long cond, long long value,
                                          int pe)
{ shmem_ctx_longlong_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline long long shmem_atomic_fetch_inc(long long *dest, int pe)
{ return shmem_longlong_atomic_fetch_inc(dest, pe); }
inline long long shmem_atomic_fetch_inc(shmem_ctx_t ctx, long long *dest, int pe)
{ return shmem_ctx_longlong_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(long long *fetch, long long *dest, int pe)
{ shmem_longlong_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, int pe)
{ shmem_ctx_longlong_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(long long *dest, int pe) { shmem_longlong_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, long long *dest, int pe)
{ shmem_ctx_longlong_atomic_inc(ctx, dest, pe); }
inline long long shmem_atomic_fetch_add(long long *dest, long long value, int pe)
{ return shmem_longlong_atomic_fetch_add(dest, value, pe); }
inline long long shmem_atomic_fetch_add(shmem_ctx_t ctx, long long *dest, long long value, int pe)
{ return shmem_ctx_longlong_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(long long *fetch, long long *dest, long long value, int pe)
{ shmem_longlong_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe)
{ shmem_ctx_longlong_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(long long *dest, long long value, int pe)
{ shmem_longlong_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, long long *dest, long long value, int pe)
{ shmem_ctx_longlong_atomic_add(ctx, dest, value, pe); }
inline unsigned int shmem_atomic_compare_swap(unsigned int *dest, unsigned int cond, unsigned int value, int pe)
{ return shmem_uint_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned int shmem_atomic_compare_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int cond, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value, int pe)
{ shmem_uint_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value,
                                          int pe)
{ shmem_ctx_uint_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline unsigned int shmem_atomic_fetch_inc(unsigned int *dest, int pe)
{ return shmem_uint_atomic_fetch_inc(dest, pe); }
inline unsigned int shmem_atomic_fetch_inc(shmem_ctx_t ctx, unsigned int *dest, int pe)
{ return shmem_ctx_uint_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(unsigned int *fetch, unsigned int *dest, int pe)
{ shmem_uint_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, int pe)
{ shmem_ctx_uint_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(unsigned int *dest, int pe) { shmem_uint_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, unsigned int *dest, int pe)
{ shmem_ctx_uint_atomic_inc(ctx, dest, pe); }
inline unsigned int shmem_atomic_fetch_add(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_fetch_add(dest, value, pe); }
inline unsigned int shmem_atomic_fetch_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_add(ctx, dest, value, pe); }
inline unsigned long shmem_atomic_compare_swap(unsigned long *dest, unsigned long cond, unsigned long value, int pe)
{ return shmem_ulong_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned long shmem_atomic_compare_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long cond, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value, int pe)
{ shmem_ulong_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value,
                                          int pe)
{ shmem_ctx_ulong_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline unsigned long shmem_atomic_fetch_inc(unsigned long *dest, int pe)
{ return shmem_ulong_atomic_fetch_inc(dest, pe); }
inline unsigned long shmem_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long *dest, int pe)
{ return shmem_ctx_ulong_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(unsigned long *fetch, unsigned long *dest, int pe)
{ shmem_ulong_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, int pe)
{ shmem_ctx_ulong_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(unsigned long *dest, int pe) { shmem_ulong_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, unsigned long *dest, int pe)
{ shmem_ctx_ulong_atomic_inc(ctx, dest, pe); }
inline unsigned long shmem_atomic_fetch_add(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_fetch_add(dest, value, pe); }
inline unsigned long shmem_atomic_fetch_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_add(ctx, dest, value, pe); }
inline unsigned long long shmem_atomic_compare_swap(unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_compare_swap(dest, cond, value, pe); }
inline unsigned long long shmem_atomic_compare_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_compare_swap(ctx, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_compare_swap_nbi(fetch, dest, cond, value, pe); }
inline void shmem_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value,
                                          int pe)
{ shmem_ctx_ulonglong_atomic_compare_swap_nbi(ctx, fetch, dest, cond, value, pe); }
inline unsigned long long shmem_atomic_fetch_inc(unsigned long long *dest, int pe)
{ return shmem_ulonglong_atomic_fetch_inc(dest, pe); }
inline unsigned long long shmem_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch_inc(ctx, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(unsigned long long *fetch, unsigned long long *dest, int pe)
{ shmem_ulonglong_atomic_fetch_inc_nbi(fetch, dest, pe); }
inline void shmem_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_inc_nbi(ctx, fetch, dest, pe); }
inline void shmem_atomic_inc(unsigned long long *dest, int pe) { shmem_ulonglong_atomic_inc(dest, pe); }
inline void shmem_atomic_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe)
{ shmem_ctx_ulonglong_atomic_inc(ctx, dest, pe); }
inline unsigned long long shmem_atomic_fetch_add(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_fetch_add(dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch_add(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_fetch_add_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_add_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_add(unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_add(dest, value, pe); }
inline void shmem_atomic_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_add(ctx, dest, value, pe); }
/* end typed */

/* and, or, xor: the bitwise AMO types. FETCH_OP and OP are whole
 * identifiers (atomic_and, not and), which <ciso646> leaves alone. */
/* typed AMO_GENERIC_BITWISE_TYPES(T, N) for OP in and or xor, expanded by scripts/gen_types.py:
inline T shmem_atomic_fetch_##OP(T *dest, T value, int pe)
{ return shmem_##N##_atomic_fetch_##OP(dest, value, pe); }
inline T shmem_atomic_fetch_##OP(shmem_ctx_t ctx, T *dest, T value, int pe)
{ return shmem_ctx_##N##_atomic_fetch_##OP(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_##OP##_nbi(T *fetch, T *dest, T value, int pe)
{ shmem_##N##_atomic_fetch_##OP##_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_##OP##_nbi(shmem_ctx_t ctx, T *fetch, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_fetch_##OP##_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_##OP(T *dest, T value, int pe) { shmem_##N##_atomic_##OP(dest, value, pe); }
inline void shmem_atomic_##OP(shmem_ctx_t ctx, T *dest, T value, int pe)
{ shmem_ctx_##N##_atomic_##OP(ctx, dest, value, pe); }
*/
inline unsigned int shmem_atomic_fetch_and(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_fetch_and(dest, value, pe); }
inline unsigned int shmem_atomic_fetch_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_fetch_and(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_fetch_and_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_fetch_and_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_and(unsigned int *dest, unsigned int value, int pe) { shmem_uint_atomic_and(dest, value, pe); }
inline void shmem_atomic_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_and(ctx, dest, value, pe); }
inline unsigned long shmem_atomic_fetch_and(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_fetch_and(dest, value, pe); }
inline unsigned long shmem_atomic_fetch_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_fetch_and(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_fetch_and_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_fetch_and_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_and(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_atomic_and(dest, value, pe); }
inline void shmem_atomic_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_and(ctx, dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_and(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_fetch_and(dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch_and(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_fetch_and_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_and_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_and(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_atomic_and(dest, value, pe); }
inline void shmem_atomic_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_and(ctx, dest, value, pe); }
inline int32_t shmem_atomic_fetch_and(int32_t *dest, int32_t value, int pe)
{ return shmem_int32_atomic_fetch_and(dest, value, pe); }
inline int32_t shmem_atomic_fetch_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ return shmem_ctx_int32_atomic_fetch_and(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_int32_atomic_fetch_and_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_fetch_and_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_and(int32_t *dest, int32_t value, int pe) { shmem_int32_atomic_and(dest, value, pe); }
inline void shmem_atomic_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_and(ctx, dest, value, pe); }
inline int64_t shmem_atomic_fetch_and(int64_t *dest, int64_t value, int pe)
{ return shmem_int64_atomic_fetch_and(dest, value, pe); }
inline int64_t shmem_atomic_fetch_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ return shmem_ctx_int64_atomic_fetch_and(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_int64_atomic_fetch_and_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_and_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_fetch_and_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_and(int64_t *dest, int64_t value, int pe) { shmem_int64_atomic_and(dest, value, pe); }
inline void shmem_atomic_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_and(ctx, dest, value, pe); }
inline unsigned int shmem_atomic_fetch_or(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_fetch_or(dest, value, pe); }
inline unsigned int shmem_atomic_fetch_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_fetch_or(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_fetch_or_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_fetch_or_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_or(unsigned int *dest, unsigned int value, int pe) { shmem_uint_atomic_or(dest, value, pe); }
inline void shmem_atomic_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_or(ctx, dest, value, pe); }
inline unsigned long shmem_atomic_fetch_or(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_fetch_or(dest, value, pe); }
inline unsigned long shmem_atomic_fetch_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_fetch_or(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_fetch_or_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_fetch_or_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_or(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_atomic_or(dest, value, pe); }
inline void shmem_atomic_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_or(ctx, dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_or(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_fetch_or(dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch_or(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_fetch_or_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_or_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_or(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_atomic_or(dest, value, pe); }
inline void shmem_atomic_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_or(ctx, dest, value, pe); }
inline int32_t shmem_atomic_fetch_or(int32_t *dest, int32_t value, int pe)
{ return shmem_int32_atomic_fetch_or(dest, value, pe); }
inline int32_t shmem_atomic_fetch_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ return shmem_ctx_int32_atomic_fetch_or(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_int32_atomic_fetch_or_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_fetch_or_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_or(int32_t *dest, int32_t value, int pe) { shmem_int32_atomic_or(dest, value, pe); }
inline void shmem_atomic_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_or(ctx, dest, value, pe); }
inline int64_t shmem_atomic_fetch_or(int64_t *dest, int64_t value, int pe)
{ return shmem_int64_atomic_fetch_or(dest, value, pe); }
inline int64_t shmem_atomic_fetch_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ return shmem_ctx_int64_atomic_fetch_or(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_int64_atomic_fetch_or_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_or_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_fetch_or_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_or(int64_t *dest, int64_t value, int pe) { shmem_int64_atomic_or(dest, value, pe); }
inline void shmem_atomic_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_or(ctx, dest, value, pe); }
inline unsigned int shmem_atomic_fetch_xor(unsigned int *dest, unsigned int value, int pe)
{ return shmem_uint_atomic_fetch_xor(dest, value, pe); }
inline unsigned int shmem_atomic_fetch_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ return shmem_ctx_uint_atomic_fetch_xor(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_uint_atomic_fetch_xor_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_fetch_xor_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_xor(unsigned int *dest, unsigned int value, int pe) { shmem_uint_atomic_xor(dest, value, pe); }
inline void shmem_atomic_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe)
{ shmem_ctx_uint_atomic_xor(ctx, dest, value, pe); }
inline unsigned long shmem_atomic_fetch_xor(unsigned long *dest, unsigned long value, int pe)
{ return shmem_ulong_atomic_fetch_xor(dest, value, pe); }
inline unsigned long shmem_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ return shmem_ctx_ulong_atomic_fetch_xor(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ulong_atomic_fetch_xor_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_fetch_xor_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_xor(unsigned long *dest, unsigned long value, int pe) { shmem_ulong_atomic_xor(dest, value, pe); }
inline void shmem_atomic_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe)
{ shmem_ctx_ulong_atomic_xor(ctx, dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_xor(unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ulonglong_atomic_fetch_xor(dest, value, pe); }
inline unsigned long long shmem_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ return shmem_ctx_ulonglong_atomic_fetch_xor(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ulonglong_atomic_fetch_xor_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_fetch_xor_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_xor(unsigned long long *dest, unsigned long long value, int pe) { shmem_ulonglong_atomic_xor(dest, value, pe); }
inline void shmem_atomic_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe)
{ shmem_ctx_ulonglong_atomic_xor(ctx, dest, value, pe); }
inline int32_t shmem_atomic_fetch_xor(int32_t *dest, int32_t value, int pe)
{ return shmem_int32_atomic_fetch_xor(dest, value, pe); }
inline int32_t shmem_atomic_fetch_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ return shmem_ctx_int32_atomic_fetch_xor(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_int32_atomic_fetch_xor_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_fetch_xor_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_xor(int32_t *dest, int32_t value, int pe) { shmem_int32_atomic_xor(dest, value, pe); }
inline void shmem_atomic_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe)
{ shmem_ctx_int32_atomic_xor(ctx, dest, value, pe); }
inline int64_t shmem_atomic_fetch_xor(int64_t *dest, int64_t value, int pe)
{ return shmem_int64_atomic_fetch_xor(dest, value, pe); }
inline int64_t shmem_atomic_fetch_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ return shmem_ctx_int64_atomic_fetch_xor(ctx, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_int64_atomic_fetch_xor_nbi(fetch, dest, value, pe); }
inline void shmem_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_fetch_xor_nbi(ctx, fetch, dest, value, pe); }
inline void shmem_atomic_xor(int64_t *dest, int64_t value, int pe) { shmem_int64_atomic_xor(dest, value, pe); }
inline void shmem_atomic_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe)
{ shmem_ctx_int64_atomic_xor(ctx, dest, value, pe); }
/* end typed */

/* Point-to-point synchronization. shmem_wait_until(long *, int, long) is
 * the C function of openshmem_p2p.h, so long has no overload of it here. */
/* typed P2P_GENERIC_TYPES_BUT_LONG(T, N), expanded by scripts/gen_types.py:
inline void shmem_wait_until(T *ivar, int cmp, T cmp_value)
{ shmem_##N##_wait_until(ivar, cmp, cmp_value); }
*/
inline void shmem_wait_until(short *ivar, int cmp, short cmp_value)
{ shmem_short_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(int *ivar, int cmp, int cmp_value)
{ shmem_int_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(long long *ivar, int cmp, long long cmp_value)
{ shmem_longlong_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(unsigned short *ivar, int cmp, unsigned short cmp_value)
{ shmem_ushort_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(unsigned int *ivar, int cmp, unsigned int cmp_value)
{ shmem_uint_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(unsigned long *ivar, int cmp, unsigned long cmp_value)
{ shmem_ulong_wait_until(ivar, cmp, cmp_value); }
inline void shmem_wait_until(unsigned long long *ivar, int cmp, unsigned long long cmp_value)
{ shmem_ulonglong_wait_until(ivar, cmp, cmp_value); }
/* end typed */

/* typed P2P_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline int shmem_test(T *ivar, int cmp, T cmp_value)
{ return shmem_##N##_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp,
                                 T cmp_value)
{ shmem_##N##_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp,
                                   T cmp_value)
{ return shmem_##N##_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(T *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, T cmp_value)
{ return shmem_##N##_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value)
{ return shmem_##N##_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value)
{ return shmem_##N##_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(T *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, T cmp_value)
{ return shmem_##N##_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
*/
inline int shmem_test(short *ivar, int cmp, short cmp_value)
{ return shmem_short_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(short *ivars, size_t nelems, const int *status, int cmp,
                                 short cmp_value)
{ shmem_short_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(short *ivars, size_t nelems, const int *status, int cmp,
                                   short cmp_value)
{ return shmem_short_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(short *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, short cmp_value)
{ return shmem_short_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value)
{ return shmem_short_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value)
{ return shmem_short_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(short *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, short cmp_value)
{ return shmem_short_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(int *ivar, int cmp, int cmp_value)
{ return shmem_int_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(int *ivars, size_t nelems, const int *status, int cmp,
                                 int cmp_value)
{ shmem_int_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(int *ivars, size_t nelems, const int *status, int cmp,
                                   int cmp_value)
{ return shmem_int_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(int *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, int cmp_value)
{ return shmem_int_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value)
{ return shmem_int_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value)
{ return shmem_int_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(int *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, int cmp_value)
{ return shmem_int_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(long *ivar, int cmp, long cmp_value)
{ return shmem_long_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(long *ivars, size_t nelems, const int *status, int cmp,
                                 long cmp_value)
{ shmem_long_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(long *ivars, size_t nelems, const int *status, int cmp,
                                   long cmp_value)
{ return shmem_long_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(long *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, long cmp_value)
{ return shmem_long_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value)
{ return shmem_long_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value)
{ return shmem_long_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(long *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, long cmp_value)
{ return shmem_long_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(long long *ivar, int cmp, long long cmp_value)
{ return shmem_longlong_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(long long *ivars, size_t nelems, const int *status, int cmp,
                                 long long cmp_value)
{ shmem_longlong_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(long long *ivars, size_t nelems, const int *status, int cmp,
                                   long long cmp_value)
{ return shmem_longlong_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(long long *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, long long cmp_value)
{ return shmem_longlong_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value)
{ return shmem_longlong_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value)
{ return shmem_longlong_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(long long *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, long long cmp_value)
{ return shmem_longlong_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(unsigned short *ivar, int cmp, unsigned short cmp_value)
{ return shmem_ushort_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned short cmp_value)
{ shmem_ushort_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned short cmp_value)
{ return shmem_ushort_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(unsigned short *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, unsigned short cmp_value)
{ return shmem_ushort_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value)
{ return shmem_ushort_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value)
{ return shmem_ushort_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, unsigned short cmp_value)
{ return shmem_ushort_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(unsigned int *ivar, int cmp, unsigned int cmp_value)
{ return shmem_uint_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned int cmp_value)
{ shmem_uint_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned int cmp_value)
{ return shmem_uint_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(unsigned int *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, unsigned int cmp_value)
{ return shmem_uint_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value)
{ return shmem_uint_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value)
{ return shmem_uint_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, unsigned int cmp_value)
{ return shmem_uint_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(unsigned long *ivar, int cmp, unsigned long cmp_value)
{ return shmem_ulong_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned long cmp_value)
{ shmem_ulong_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long cmp_value)
{ return shmem_ulong_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(unsigned long *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, unsigned long cmp_value)
{ return shmem_ulong_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value)
{ return shmem_ulong_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value)
{ return shmem_ulong_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, unsigned long cmp_value)
{ return shmem_ulong_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test(unsigned long long *ivar, int cmp, unsigned long long cmp_value)
{ return shmem_ulonglong_test(ivar, cmp, cmp_value); }
inline void shmem_wait_until_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned long long cmp_value)
{ shmem_ulonglong_wait_until_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                   unsigned long long cmp_value)
{ return shmem_ulonglong_wait_until_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_wait_until_some(unsigned long long *ivars, size_t nelems, size_t *indices,
                                    const int *status, int cmp, unsigned long long cmp_value)
{ return shmem_ulonglong_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value); }
inline int shmem_test_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value)
{ return shmem_ulonglong_test_all(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value)
{ return shmem_ulonglong_test_any(ivars, nelems, status, cmp, cmp_value); }
inline size_t shmem_test_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status,
                              int cmp, unsigned long long cmp_value)
{ return shmem_ulonglong_test_some(ivars, nelems, indices, status, cmp, cmp_value); }
/* end typed */

/* The _vector forms: one comparison value per ivar. */
/* typed P2P_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline void shmem_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                        T *cmp_values)
{ shmem_##N##_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                          T *cmp_values)
{ return shmem_##N##_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, T *cmp_values)
{
    return shmem_##N##_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                 T *cmp_values)
{ return shmem_##N##_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,
                                    T *cmp_values)
{ return shmem_##N##_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(T *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, T *cmp_values)
{ return shmem_##N##_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
*/
inline void shmem_wait_until_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                        short *cmp_values)
{ shmem_short_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                          short *cmp_values)
{ return shmem_short_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(short *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, short *cmp_values)
{
    return shmem_short_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                 short *cmp_values)
{ return shmem_short_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(short *ivars, size_t nelems, const int *status, int cmp,
                                    short *cmp_values)
{ return shmem_short_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(short *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, short *cmp_values)
{ return shmem_short_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                        int *cmp_values)
{ shmem_int_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                          int *cmp_values)
{ return shmem_int_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(int *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, int *cmp_values)
{
    return shmem_int_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                 int *cmp_values)
{ return shmem_int_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(int *ivars, size_t nelems, const int *status, int cmp,
                                    int *cmp_values)
{ return shmem_int_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(int *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, int *cmp_values)
{ return shmem_int_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                        long *cmp_values)
{ shmem_long_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                          long *cmp_values)
{ return shmem_long_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(long *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, long *cmp_values)
{
    return shmem_long_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                 long *cmp_values)
{ return shmem_long_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(long *ivars, size_t nelems, const int *status, int cmp,
                                    long *cmp_values)
{ return shmem_long_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(long *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, long *cmp_values)
{ return shmem_long_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                        long long *cmp_values)
{ shmem_longlong_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                          long long *cmp_values)
{ return shmem_longlong_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(long long *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, long long *cmp_values)
{
    return shmem_longlong_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                 long long *cmp_values)
{ return shmem_longlong_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(long long *ivars, size_t nelems, const int *status, int cmp,
                                    long long *cmp_values)
{ return shmem_longlong_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(long long *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, long long *cmp_values)
{ return shmem_longlong_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                        unsigned short *cmp_values)
{ shmem_ushort_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                          unsigned short *cmp_values)
{ return shmem_ushort_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(unsigned short *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, unsigned short *cmp_values)
{
    return shmem_ushort_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned short *cmp_values)
{ return shmem_ushort_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp,
                                    unsigned short *cmp_values)
{ return shmem_ushort_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(unsigned short *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, unsigned short *cmp_values)
{ return shmem_ushort_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                        unsigned int *cmp_values)
{ shmem_uint_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                          unsigned int *cmp_values)
{ return shmem_uint_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(unsigned int *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, unsigned int *cmp_values)
{
    return shmem_uint_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned int *cmp_values)
{ return shmem_uint_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp,
                                    unsigned int *cmp_values)
{ return shmem_uint_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(unsigned int *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, unsigned int *cmp_values)
{ return shmem_uint_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                        unsigned long *cmp_values)
{ shmem_ulong_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                          unsigned long *cmp_values)
{ return shmem_ulong_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(unsigned long *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, unsigned long *cmp_values)
{
    return shmem_ulong_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned long *cmp_values)
{ return shmem_ulong_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp,
                                    unsigned long *cmp_values)
{ return shmem_ulong_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(unsigned long *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, unsigned long *cmp_values)
{ return shmem_ulong_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
inline void shmem_wait_until_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                        unsigned long long *cmp_values)
{ shmem_ulonglong_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                          unsigned long long *cmp_values)
{ return shmem_ulonglong_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_wait_until_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices,
                                           const int *status, int cmp, unsigned long long *cmp_values)
{
    return shmem_ulonglong_wait_until_some_vector(ivars, nelems, indices, status, cmp,
                                              cmp_values);
}
inline int shmem_test_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                 unsigned long long *cmp_values)
{ return shmem_ulonglong_test_all_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp,
                                    unsigned long long *cmp_values)
{ return shmem_ulonglong_test_any_vector(ivars, nelems, status, cmp, cmp_values); }
inline size_t shmem_test_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices,
                                     const int *status, int cmp, unsigned long long *cmp_values)
{ return shmem_ulonglong_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values); }
/* end typed */

/* Team collectives: data movement over the standard RMA types. */
/* typed RMA_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
inline int shmem_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems,
                           int PE_root)
{ return shmem_##N##_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, T *dest, const T *source, size_t nelems)
{ return shmem_##N##_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems)
{ return shmem_##N##_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems)
{ return shmem_##N##_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_##N##_alltoalls(team, dest, source, dst, sst, nelems); }
*/
inline int shmem_broadcast(shmem_team_t team, float *dest, const float *source, size_t nelems,
                           int PE_root)
{ return shmem_float_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, float *dest, const float *source, size_t nelems)
{ return shmem_float_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, float *dest, const float *source, size_t nelems)
{ return shmem_float_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, float *dest, const float *source, size_t nelems)
{ return shmem_float_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, float *dest, const float *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_float_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, double *dest, const double *source, size_t nelems,
                           int PE_root)
{ return shmem_double_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, double *dest, const double *source, size_t nelems)
{ return shmem_double_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, double *dest, const double *source, size_t nelems)
{ return shmem_double_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, double *dest, const double *source, size_t nelems)
{ return shmem_double_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, double *dest, const double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_double_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, long double *dest, const long double *source, size_t nelems,
                           int PE_root)
{ return shmem_longdouble_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, long double *dest, const long double *source, size_t nelems)
{ return shmem_longdouble_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, long double *dest, const long double *source, size_t nelems)
{ return shmem_longdouble_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, long double *dest, const long double *source, size_t nelems)
{ return shmem_longdouble_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, long double *dest, const long double *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_longdouble_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, char *dest, const char *source, size_t nelems,
                           int PE_root)
{ return shmem_char_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, char *dest, const char *source, size_t nelems)
{ return shmem_char_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, char *dest, const char *source, size_t nelems)
{ return shmem_char_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, char *dest, const char *source, size_t nelems)
{ return shmem_char_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, char *dest, const char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_char_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems,
                           int PE_root)
{ return shmem_schar_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems)
{ return shmem_schar_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems)
{ return shmem_schar_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems)
{ return shmem_schar_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, signed char *dest, const signed char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_schar_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, short *dest, const short *source, size_t nelems,
                           int PE_root)
{ return shmem_short_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, short *dest, const short *source, size_t nelems)
{ return shmem_short_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, short *dest, const short *source, size_t nelems)
{ return shmem_short_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, short *dest, const short *source, size_t nelems)
{ return shmem_short_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, short *dest, const short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_short_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, int *dest, const int *source, size_t nelems,
                           int PE_root)
{ return shmem_int_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, int *dest, const int *source, size_t nelems)
{ return shmem_int_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, int *dest, const int *source, size_t nelems)
{ return shmem_int_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, int *dest, const int *source, size_t nelems)
{ return shmem_int_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, int *dest, const int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_int_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, long *dest, const long *source, size_t nelems,
                           int PE_root)
{ return shmem_long_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, long *dest, const long *source, size_t nelems)
{ return shmem_long_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, long *dest, const long *source, size_t nelems)
{ return shmem_long_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, long *dest, const long *source, size_t nelems)
{ return shmem_long_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, long *dest, const long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_long_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, long long *dest, const long long *source, size_t nelems,
                           int PE_root)
{ return shmem_longlong_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, long long *dest, const long long *source, size_t nelems)
{ return shmem_longlong_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, long long *dest, const long long *source, size_t nelems)
{ return shmem_longlong_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, long long *dest, const long long *source, size_t nelems)
{ return shmem_longlong_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, long long *dest, const long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_longlong_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems,
                           int PE_root)
{ return shmem_uchar_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems)
{ return shmem_uchar_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems)
{ return shmem_uchar_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems)
{ return shmem_uchar_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, unsigned char *dest, const unsigned char *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_uchar_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems,
                           int PE_root)
{ return shmem_ushort_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems)
{ return shmem_ushort_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems)
{ return shmem_ushort_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems)
{ return shmem_ushort_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, unsigned short *dest, const unsigned short *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_ushort_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems,
                           int PE_root)
{ return shmem_uint_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems)
{ return shmem_uint_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems)
{ return shmem_uint_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems)
{ return shmem_uint_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, unsigned int *dest, const unsigned int *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_uint_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems,
                           int PE_root)
{ return shmem_ulong_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems)
{ return shmem_ulong_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems)
{ return shmem_ulong_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems)
{ return shmem_ulong_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, unsigned long *dest, const unsigned long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_ulong_alltoalls(team, dest, source, dst, sst, nelems); }
inline int shmem_broadcast(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems,
                           int PE_root)
{ return shmem_ulonglong_broadcast(team, dest, source, nelems, PE_root); }
inline int shmem_collect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems)
{ return shmem_ulonglong_collect(team, dest, source, nelems); }
inline int shmem_fcollect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems)
{ return shmem_ulonglong_fcollect(team, dest, source, nelems); }
inline int shmem_alltoall(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems)
{ return shmem_ulonglong_alltoall(team, dest, source, nelems); }
inline int shmem_alltoalls(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst,
                           ptrdiff_t sst, size_t nelems)
{ return shmem_ulonglong_alltoalls(team, dest, source, dst, sst, nelems); }
/* end typed */

/* Reductions (OpenSHMEM 1.5 table 10, without the complex types, which
 * C++ spells std::complex). OP is a whole identifier (and_reduce). */
/* typed REDUCE_GENERIC_BITWISE_TYPES(T, N) for OP in and_reduce or_reduce xor_reduce, expanded by scripts/gen_types.py:
inline int shmem_##OP(shmem_team_t team, T *dest, const T *source, size_t nreduce)
{ return shmem_##N##_##OP(team, dest, source, nreduce); }
*/
inline int shmem_and_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce)
{ return shmem_int8_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce)
{ return shmem_int16_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce)
{ return shmem_int32_and_reduce(team, dest, source, nreduce); }
inline int shmem_and_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce)
{ return shmem_int64_and_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce)
{ return shmem_int8_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce)
{ return shmem_int16_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce)
{ return shmem_int32_or_reduce(team, dest, source, nreduce); }
inline int shmem_or_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce)
{ return shmem_int64_or_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce)
{ return shmem_int8_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce)
{ return shmem_int16_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce)
{ return shmem_int32_xor_reduce(team, dest, source, nreduce); }
inline int shmem_xor_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce)
{ return shmem_int64_xor_reduce(team, dest, source, nreduce); }
/* end typed */
/* typed REDUCE_GENERIC_MINMAX_TYPES(T, N) for OP in max_reduce min_reduce sum_reduce prod_reduce sum_inscan sum_exscan, expanded by scripts/gen_types.py:
inline int shmem_##OP(shmem_team_t team, T *dest, const T *source, size_t nreduce)
{ return shmem_##N##_##OP(team, dest, source, nreduce); }
*/
inline int shmem_max_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_max_reduce(team, dest, source, nreduce); }
inline int shmem_max_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_max_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_min_reduce(team, dest, source, nreduce); }
inline int shmem_min_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_min_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_sum_reduce(team, dest, source, nreduce); }
inline int shmem_sum_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_sum_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_prod_reduce(team, dest, source, nreduce); }
inline int shmem_prod_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_prod_reduce(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_inscan(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_sum_inscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, char *dest, const char *source, size_t nreduce)
{ return shmem_char_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce)
{ return shmem_schar_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, short *dest, const short *source, size_t nreduce)
{ return shmem_short_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, int *dest, const int *source, size_t nreduce)
{ return shmem_int_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, long *dest, const long *source, size_t nreduce)
{ return shmem_long_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, long long *dest, const long long *source, size_t nreduce)
{ return shmem_longlong_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce)
{ return shmem_uchar_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce)
{ return shmem_ushort_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce)
{ return shmem_uint_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce)
{ return shmem_ulong_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce)
{ return shmem_ulonglong_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, float *dest, const float *source, size_t nreduce)
{ return shmem_float_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, double *dest, const double *source, size_t nreduce)
{ return shmem_double_sum_exscan(team, dest, source, nreduce); }
inline int shmem_sum_exscan(shmem_team_t team, long double *dest, const long double *source, size_t nreduce)
{ return shmem_longdouble_sum_exscan(team, dest, source, nreduce); }
/* end typed */

/* OpenSHMEM 1.6 signal updates with a context first. */
inline void shmem_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{ shmem_ctx_signal_add(ctx, sig_addr, signal, pe); }
inline void shmem_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe)
{ shmem_ctx_signal_set(ctx, sig_addr, signal, pe); }

#include <mishmem/openshmem_cxx_deprecated.h>

#endif /* __cplusplus */

#endif
