/* C11 generic RMA (OpenSHMEM 1.6): shmem_put(dest, source, nelems, pe)
 * and shmem_put(ctx, dest, source, nelems, pe) pick the typed call from
 * the first argument, or, when it is a context, from the second. The
 * fixed-width types are typedefs of the basic ones, so one association per
 * basic type covers them; g also accepts a const source. Included by
 * openshmem_rma_ext.h. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_RMA_H
#define MISHMEM_OPENSHMEM_GENERIC_RMA_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/openshmem_generic_args.h>

/* Never defined: chosen only when a context is followed by a pointer to a
 * type outside the table, where the call then fails to compile. */
void mishmem_generic_rma_unsupported_type(void);

/* typed RMA_GENERIC_TYPES(T, N) for OP in put get put_nbi get_nbi p iput iget put_signal put_signal_nbi ibput ibget, expanded by scripts/gen_types.py:
#define shmem_##OP(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__),[[ \
             T *: shmem_##N##_##OP,]] \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__),[[ \
                                   T *: shmem_ctx_##N##_##OP,]] \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
*/
#define shmem_put(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_put, \
             double *: shmem_double_put, \
             long double *: shmem_longdouble_put, \
             char *: shmem_char_put, \
             signed char *: shmem_schar_put, \
             short *: shmem_short_put, \
             int *: shmem_int_put, \
             long *: shmem_long_put, \
             long long *: shmem_longlong_put, \
             unsigned char *: shmem_uchar_put, \
             unsigned short *: shmem_ushort_put, \
             unsigned int *: shmem_uint_put, \
             unsigned long *: shmem_ulong_put, \
             unsigned long long *: shmem_ulonglong_put, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_put, \
                                   double *: shmem_ctx_double_put, \
                                   long double *: shmem_ctx_longdouble_put, \
                                   char *: shmem_ctx_char_put, \
                                   signed char *: shmem_ctx_schar_put, \
                                   short *: shmem_ctx_short_put, \
                                   int *: shmem_ctx_int_put, \
                                   long *: shmem_ctx_long_put, \
                                   long long *: shmem_ctx_longlong_put, \
                                   unsigned char *: shmem_ctx_uchar_put, \
                                   unsigned short *: shmem_ctx_ushort_put, \
                                   unsigned int *: shmem_ctx_uint_put, \
                                   unsigned long *: shmem_ctx_ulong_put, \
                                   unsigned long long *: shmem_ctx_ulonglong_put, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_get(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_get, \
             double *: shmem_double_get, \
             long double *: shmem_longdouble_get, \
             char *: shmem_char_get, \
             signed char *: shmem_schar_get, \
             short *: shmem_short_get, \
             int *: shmem_int_get, \
             long *: shmem_long_get, \
             long long *: shmem_longlong_get, \
             unsigned char *: shmem_uchar_get, \
             unsigned short *: shmem_ushort_get, \
             unsigned int *: shmem_uint_get, \
             unsigned long *: shmem_ulong_get, \
             unsigned long long *: shmem_ulonglong_get, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_get, \
                                   double *: shmem_ctx_double_get, \
                                   long double *: shmem_ctx_longdouble_get, \
                                   char *: shmem_ctx_char_get, \
                                   signed char *: shmem_ctx_schar_get, \
                                   short *: shmem_ctx_short_get, \
                                   int *: shmem_ctx_int_get, \
                                   long *: shmem_ctx_long_get, \
                                   long long *: shmem_ctx_longlong_get, \
                                   unsigned char *: shmem_ctx_uchar_get, \
                                   unsigned short *: shmem_ctx_ushort_get, \
                                   unsigned int *: shmem_ctx_uint_get, \
                                   unsigned long *: shmem_ctx_ulong_get, \
                                   unsigned long long *: shmem_ctx_ulonglong_get, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_put_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_put_nbi, \
             double *: shmem_double_put_nbi, \
             long double *: shmem_longdouble_put_nbi, \
             char *: shmem_char_put_nbi, \
             signed char *: shmem_schar_put_nbi, \
             short *: shmem_short_put_nbi, \
             int *: shmem_int_put_nbi, \
             long *: shmem_long_put_nbi, \
             long long *: shmem_longlong_put_nbi, \
             unsigned char *: shmem_uchar_put_nbi, \
             unsigned short *: shmem_ushort_put_nbi, \
             unsigned int *: shmem_uint_put_nbi, \
             unsigned long *: shmem_ulong_put_nbi, \
             unsigned long long *: shmem_ulonglong_put_nbi, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_put_nbi, \
                                   double *: shmem_ctx_double_put_nbi, \
                                   long double *: shmem_ctx_longdouble_put_nbi, \
                                   char *: shmem_ctx_char_put_nbi, \
                                   signed char *: shmem_ctx_schar_put_nbi, \
                                   short *: shmem_ctx_short_put_nbi, \
                                   int *: shmem_ctx_int_put_nbi, \
                                   long *: shmem_ctx_long_put_nbi, \
                                   long long *: shmem_ctx_longlong_put_nbi, \
                                   unsigned char *: shmem_ctx_uchar_put_nbi, \
                                   unsigned short *: shmem_ctx_ushort_put_nbi, \
                                   unsigned int *: shmem_ctx_uint_put_nbi, \
                                   unsigned long *: shmem_ctx_ulong_put_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_put_nbi, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_get_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_get_nbi, \
             double *: shmem_double_get_nbi, \
             long double *: shmem_longdouble_get_nbi, \
             char *: shmem_char_get_nbi, \
             signed char *: shmem_schar_get_nbi, \
             short *: shmem_short_get_nbi, \
             int *: shmem_int_get_nbi, \
             long *: shmem_long_get_nbi, \
             long long *: shmem_longlong_get_nbi, \
             unsigned char *: shmem_uchar_get_nbi, \
             unsigned short *: shmem_ushort_get_nbi, \
             unsigned int *: shmem_uint_get_nbi, \
             unsigned long *: shmem_ulong_get_nbi, \
             unsigned long long *: shmem_ulonglong_get_nbi, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_get_nbi, \
                                   double *: shmem_ctx_double_get_nbi, \
                                   long double *: shmem_ctx_longdouble_get_nbi, \
                                   char *: shmem_ctx_char_get_nbi, \
                                   signed char *: shmem_ctx_schar_get_nbi, \
                                   short *: shmem_ctx_short_get_nbi, \
                                   int *: shmem_ctx_int_get_nbi, \
                                   long *: shmem_ctx_long_get_nbi, \
                                   long long *: shmem_ctx_longlong_get_nbi, \
                                   unsigned char *: shmem_ctx_uchar_get_nbi, \
                                   unsigned short *: shmem_ctx_ushort_get_nbi, \
                                   unsigned int *: shmem_ctx_uint_get_nbi, \
                                   unsigned long *: shmem_ctx_ulong_get_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_get_nbi, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_p(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_p, \
             double *: shmem_double_p, \
             long double *: shmem_longdouble_p, \
             char *: shmem_char_p, \
             signed char *: shmem_schar_p, \
             short *: shmem_short_p, \
             int *: shmem_int_p, \
             long *: shmem_long_p, \
             long long *: shmem_longlong_p, \
             unsigned char *: shmem_uchar_p, \
             unsigned short *: shmem_ushort_p, \
             unsigned int *: shmem_uint_p, \
             unsigned long *: shmem_ulong_p, \
             unsigned long long *: shmem_ulonglong_p, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_p, \
                                   double *: shmem_ctx_double_p, \
                                   long double *: shmem_ctx_longdouble_p, \
                                   char *: shmem_ctx_char_p, \
                                   signed char *: shmem_ctx_schar_p, \
                                   short *: shmem_ctx_short_p, \
                                   int *: shmem_ctx_int_p, \
                                   long *: shmem_ctx_long_p, \
                                   long long *: shmem_ctx_longlong_p, \
                                   unsigned char *: shmem_ctx_uchar_p, \
                                   unsigned short *: shmem_ctx_ushort_p, \
                                   unsigned int *: shmem_ctx_uint_p, \
                                   unsigned long *: shmem_ctx_ulong_p, \
                                   unsigned long long *: shmem_ctx_ulonglong_p, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_iput(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_iput, \
             double *: shmem_double_iput, \
             long double *: shmem_longdouble_iput, \
             char *: shmem_char_iput, \
             signed char *: shmem_schar_iput, \
             short *: shmem_short_iput, \
             int *: shmem_int_iput, \
             long *: shmem_long_iput, \
             long long *: shmem_longlong_iput, \
             unsigned char *: shmem_uchar_iput, \
             unsigned short *: shmem_ushort_iput, \
             unsigned int *: shmem_uint_iput, \
             unsigned long *: shmem_ulong_iput, \
             unsigned long long *: shmem_ulonglong_iput, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_iput, \
                                   double *: shmem_ctx_double_iput, \
                                   long double *: shmem_ctx_longdouble_iput, \
                                   char *: shmem_ctx_char_iput, \
                                   signed char *: shmem_ctx_schar_iput, \
                                   short *: shmem_ctx_short_iput, \
                                   int *: shmem_ctx_int_iput, \
                                   long *: shmem_ctx_long_iput, \
                                   long long *: shmem_ctx_longlong_iput, \
                                   unsigned char *: shmem_ctx_uchar_iput, \
                                   unsigned short *: shmem_ctx_ushort_iput, \
                                   unsigned int *: shmem_ctx_uint_iput, \
                                   unsigned long *: shmem_ctx_ulong_iput, \
                                   unsigned long long *: shmem_ctx_ulonglong_iput, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_iget(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_iget, \
             double *: shmem_double_iget, \
             long double *: shmem_longdouble_iget, \
             char *: shmem_char_iget, \
             signed char *: shmem_schar_iget, \
             short *: shmem_short_iget, \
             int *: shmem_int_iget, \
             long *: shmem_long_iget, \
             long long *: shmem_longlong_iget, \
             unsigned char *: shmem_uchar_iget, \
             unsigned short *: shmem_ushort_iget, \
             unsigned int *: shmem_uint_iget, \
             unsigned long *: shmem_ulong_iget, \
             unsigned long long *: shmem_ulonglong_iget, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_iget, \
                                   double *: shmem_ctx_double_iget, \
                                   long double *: shmem_ctx_longdouble_iget, \
                                   char *: shmem_ctx_char_iget, \
                                   signed char *: shmem_ctx_schar_iget, \
                                   short *: shmem_ctx_short_iget, \
                                   int *: shmem_ctx_int_iget, \
                                   long *: shmem_ctx_long_iget, \
                                   long long *: shmem_ctx_longlong_iget, \
                                   unsigned char *: shmem_ctx_uchar_iget, \
                                   unsigned short *: shmem_ctx_ushort_iget, \
                                   unsigned int *: shmem_ctx_uint_iget, \
                                   unsigned long *: shmem_ctx_ulong_iget, \
                                   unsigned long long *: shmem_ctx_ulonglong_iget, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_put_signal(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_put_signal, \
             double *: shmem_double_put_signal, \
             long double *: shmem_longdouble_put_signal, \
             char *: shmem_char_put_signal, \
             signed char *: shmem_schar_put_signal, \
             short *: shmem_short_put_signal, \
             int *: shmem_int_put_signal, \
             long *: shmem_long_put_signal, \
             long long *: shmem_longlong_put_signal, \
             unsigned char *: shmem_uchar_put_signal, \
             unsigned short *: shmem_ushort_put_signal, \
             unsigned int *: shmem_uint_put_signal, \
             unsigned long *: shmem_ulong_put_signal, \
             unsigned long long *: shmem_ulonglong_put_signal, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_put_signal, \
                                   double *: shmem_ctx_double_put_signal, \
                                   long double *: shmem_ctx_longdouble_put_signal, \
                                   char *: shmem_ctx_char_put_signal, \
                                   signed char *: shmem_ctx_schar_put_signal, \
                                   short *: shmem_ctx_short_put_signal, \
                                   int *: shmem_ctx_int_put_signal, \
                                   long *: shmem_ctx_long_put_signal, \
                                   long long *: shmem_ctx_longlong_put_signal, \
                                   unsigned char *: shmem_ctx_uchar_put_signal, \
                                   unsigned short *: shmem_ctx_ushort_put_signal, \
                                   unsigned int *: shmem_ctx_uint_put_signal, \
                                   unsigned long *: shmem_ctx_ulong_put_signal, \
                                   unsigned long long *: shmem_ctx_ulonglong_put_signal, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_put_signal_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_put_signal_nbi, \
             double *: shmem_double_put_signal_nbi, \
             long double *: shmem_longdouble_put_signal_nbi, \
             char *: shmem_char_put_signal_nbi, \
             signed char *: shmem_schar_put_signal_nbi, \
             short *: shmem_short_put_signal_nbi, \
             int *: shmem_int_put_signal_nbi, \
             long *: shmem_long_put_signal_nbi, \
             long long *: shmem_longlong_put_signal_nbi, \
             unsigned char *: shmem_uchar_put_signal_nbi, \
             unsigned short *: shmem_ushort_put_signal_nbi, \
             unsigned int *: shmem_uint_put_signal_nbi, \
             unsigned long *: shmem_ulong_put_signal_nbi, \
             unsigned long long *: shmem_ulonglong_put_signal_nbi, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_put_signal_nbi, \
                                   double *: shmem_ctx_double_put_signal_nbi, \
                                   long double *: shmem_ctx_longdouble_put_signal_nbi, \
                                   char *: shmem_ctx_char_put_signal_nbi, \
                                   signed char *: shmem_ctx_schar_put_signal_nbi, \
                                   short *: shmem_ctx_short_put_signal_nbi, \
                                   int *: shmem_ctx_int_put_signal_nbi, \
                                   long *: shmem_ctx_long_put_signal_nbi, \
                                   long long *: shmem_ctx_longlong_put_signal_nbi, \
                                   unsigned char *: shmem_ctx_uchar_put_signal_nbi, \
                                   unsigned short *: shmem_ctx_ushort_put_signal_nbi, \
                                   unsigned int *: shmem_ctx_uint_put_signal_nbi, \
                                   unsigned long *: shmem_ctx_ulong_put_signal_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_put_signal_nbi, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_ibput(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_ibput, \
             double *: shmem_double_ibput, \
             long double *: shmem_longdouble_ibput, \
             char *: shmem_char_ibput, \
             signed char *: shmem_schar_ibput, \
             short *: shmem_short_ibput, \
             int *: shmem_int_ibput, \
             long *: shmem_long_ibput, \
             long long *: shmem_longlong_ibput, \
             unsigned char *: shmem_uchar_ibput, \
             unsigned short *: shmem_ushort_ibput, \
             unsigned int *: shmem_uint_ibput, \
             unsigned long *: shmem_ulong_ibput, \
             unsigned long long *: shmem_ulonglong_ibput, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_ibput, \
                                   double *: shmem_ctx_double_ibput, \
                                   long double *: shmem_ctx_longdouble_ibput, \
                                   char *: shmem_ctx_char_ibput, \
                                   signed char *: shmem_ctx_schar_ibput, \
                                   short *: shmem_ctx_short_ibput, \
                                   int *: shmem_ctx_int_ibput, \
                                   long *: shmem_ctx_long_ibput, \
                                   long long *: shmem_ctx_longlong_ibput, \
                                   unsigned char *: shmem_ctx_uchar_ibput, \
                                   unsigned short *: shmem_ctx_ushort_ibput, \
                                   unsigned int *: shmem_ctx_uint_ibput, \
                                   unsigned long *: shmem_ctx_ulong_ibput, \
                                   unsigned long long *: shmem_ctx_ulonglong_ibput, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
#define shmem_ibget(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_ibget, \
             double *: shmem_double_ibget, \
             long double *: shmem_longdouble_ibget, \
             char *: shmem_char_ibget, \
             signed char *: shmem_schar_ibget, \
             short *: shmem_short_ibget, \
             int *: shmem_int_ibget, \
             long *: shmem_long_ibget, \
             long long *: shmem_longlong_ibget, \
             unsigned char *: shmem_uchar_ibget, \
             unsigned short *: shmem_ushort_ibget, \
             unsigned int *: shmem_uint_ibget, \
             unsigned long *: shmem_ulong_ibget, \
             unsigned long long *: shmem_ulonglong_ibget, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_ibget, \
                                   double *: shmem_ctx_double_ibget, \
                                   long double *: shmem_ctx_longdouble_ibget, \
                                   char *: shmem_ctx_char_ibget, \
                                   signed char *: shmem_ctx_schar_ibget, \
                                   short *: shmem_ctx_short_ibget, \
                                   int *: shmem_ctx_int_ibget, \
                                   long *: shmem_ctx_long_ibget, \
                                   long long *: shmem_ctx_longlong_ibget, \
                                   unsigned char *: shmem_ctx_uchar_ibget, \
                                   unsigned short *: shmem_ctx_ushort_ibget, \
                                   unsigned int *: shmem_ctx_uint_ibget, \
                                   unsigned long *: shmem_ctx_ulong_ibget, \
                                   unsigned long long *: shmem_ctx_ulonglong_ibget, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
/* end typed */
/* typed RMA_GENERIC_TYPES(T, N), expanded by scripts/gen_types.py:
#define shmem_g(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__),[[ \
             T *: shmem_##N##_g, const T *: shmem_##N##_g,]] \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__),[[ \
                                   T *: shmem_ctx_##N##_g, const T *: shmem_ctx_##N##_g,]] \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
*/
#define shmem_g(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             float *: shmem_float_g, const float *: shmem_float_g, \
             double *: shmem_double_g, const double *: shmem_double_g, \
             long double *: shmem_longdouble_g, const long double *: shmem_longdouble_g, \
             char *: shmem_char_g, const char *: shmem_char_g, \
             signed char *: shmem_schar_g, const signed char *: shmem_schar_g, \
             short *: shmem_short_g, const short *: shmem_short_g, \
             int *: shmem_int_g, const int *: shmem_int_g, \
             long *: shmem_long_g, const long *: shmem_long_g, \
             long long *: shmem_longlong_g, const long long *: shmem_longlong_g, \
             unsigned char *: shmem_uchar_g, const unsigned char *: shmem_uchar_g, \
             unsigned short *: shmem_ushort_g, const unsigned short *: shmem_ushort_g, \
             unsigned int *: shmem_uint_g, const unsigned int *: shmem_uint_g, \
             unsigned long *: shmem_ulong_g, const unsigned long *: shmem_ulong_g, \
             unsigned long long *: shmem_ulonglong_g, const unsigned long long *: shmem_ulonglong_g, \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   float *: shmem_ctx_float_g, const float *: shmem_ctx_float_g, \
                                   double *: shmem_ctx_double_g, const double *: shmem_ctx_double_g, \
                                   long double *: shmem_ctx_longdouble_g, const long double *: shmem_ctx_longdouble_g, \
                                   char *: shmem_ctx_char_g, const char *: shmem_ctx_char_g, \
                                   signed char *: shmem_ctx_schar_g, const signed char *: shmem_ctx_schar_g, \
                                   short *: shmem_ctx_short_g, const short *: shmem_ctx_short_g, \
                                   int *: shmem_ctx_int_g, const int *: shmem_ctx_int_g, \
                                   long *: shmem_ctx_long_g, const long *: shmem_ctx_long_g, \
                                   long long *: shmem_ctx_longlong_g, const long long *: shmem_ctx_longlong_g, \
                                   unsigned char *: shmem_ctx_uchar_g, const unsigned char *: shmem_ctx_uchar_g, \
                                   unsigned short *: shmem_ctx_ushort_g, const unsigned short *: shmem_ctx_ushort_g, \
                                   unsigned int *: shmem_ctx_uint_g, const unsigned int *: shmem_ctx_uint_g, \
                                   unsigned long *: shmem_ctx_ulong_g, const unsigned long *: shmem_ctx_ulong_g, \
                                   unsigned long long *: shmem_ctx_ulonglong_g, const unsigned long long *: shmem_ctx_ulonglong_g, \
                                   default: mishmem_generic_rma_unsupported_type))(__VA_ARGS__)
/* end typed */

/* OpenSHMEM 1.6 signal updates: with a context first, the ctx form; the
 * C functions of the same names take the other calls (a macro does not
 * expand inside its own expansion). */
#define shmem_signal_add(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), shmem_ctx_t: shmem_ctx_signal_add, default: shmem_signal_add)(__VA_ARGS__)
#define shmem_signal_set(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), shmem_ctx_t: shmem_ctx_signal_set, default: shmem_signal_set)(__VA_ARGS__)

#endif /* C11 */

#endif
