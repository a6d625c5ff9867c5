/* C11 generic team collectives (OpenSHMEM 1.6): shmem_broadcast(team,
 * dest, source, nelems, PE_root), shmem_collect, shmem_fcollect,
 * shmem_alltoall, shmem_alltoalls(team, dest, source, dst, sst, nelems),
 * shmem_<op>_reduce(team, dest, source, nreduce) and the scans
 * shmem_sum_inscan / _exscan(team, dest, source, nelems). The typed function is
 * picked from dest's type (the second argument), among the types that the
 * operation supports. Included by openshmem_coll.h. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_COLL_H
#define MISHMEM_OPENSHMEM_GENERIC_COLL_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/openshmem_generic_args.h>

/* Data movement: the standard RMA types. */
/* typed RMA_GENERIC_TYPES(T, N) for OP in broadcast collect fcollect alltoall alltoalls, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG1(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_broadcast(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    float *: shmem_float_broadcast, \
    double *: shmem_double_broadcast, \
    long double *: shmem_longdouble_broadcast, \
    char *: shmem_char_broadcast, \
    signed char *: shmem_schar_broadcast, \
    short *: shmem_short_broadcast, \
    int *: shmem_int_broadcast, \
    long *: shmem_long_broadcast, \
    long long *: shmem_longlong_broadcast, \
    unsigned char *: shmem_uchar_broadcast, \
    unsigned short *: shmem_ushort_broadcast, \
    unsigned int *: shmem_uint_broadcast, \
    unsigned long *: shmem_ulong_broadcast, \
    unsigned long long *: shmem_ulonglong_broadcast)(__VA_ARGS__)
#define shmem_collect(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    float *: shmem_float_collect, \
    double *: shmem_double_collect, \
    long double *: shmem_longdouble_collect, \
    char *: shmem_char_collect, \
    signed char *: shmem_schar_collect, \
    short *: shmem_short_collect, \
    int *: shmem_int_collect, \
    long *: shmem_long_collect, \
    long long *: shmem_longlong_collect, \
    unsigned char *: shmem_uchar_collect, \
    unsigned short *: shmem_ushort_collect, \
    unsigned int *: shmem_uint_collect, \
    unsigned long *: shmem_ulong_collect, \
    unsigned long long *: shmem_ulonglong_collect)(__VA_ARGS__)
#define shmem_fcollect(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    float *: shmem_float_fcollect, \
    double *: shmem_double_fcollect, \
    long double *: shmem_longdouble_fcollect, \
    char *: shmem_char_fcollect, \
    signed char *: shmem_schar_fcollect, \
    short *: shmem_short_fcollect, \
    int *: shmem_int_fcollect, \
    long *: shmem_long_fcollect, \
    long long *: shmem_longlong_fcollect, \
    unsigned char *: shmem_uchar_fcollect, \
    unsigned short *: shmem_ushort_fcollect, \
    unsigned int *: shmem_uint_fcollect, \
    unsigned long *: shmem_ulong_fcollect, \
    unsigned long long *: shmem_ulonglong_fcollect)(__VA_ARGS__)
#define shmem_alltoall(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    float *: shmem_float_alltoall, \
    double *: shmem_double_alltoall, \
    long double *: shmem_longdouble_alltoall, \
    char *: shmem_char_alltoall, \
    signed char *: shmem_schar_alltoall, \
    short *: shmem_short_alltoall, \
    int *: shmem_int_alltoall, \
    long *: shmem_long_alltoall, \
    long long *: shmem_longlong_alltoall, \
    unsigned char *: shmem_uchar_alltoall, \
    unsigned short *: shmem_ushort_alltoall, \
    unsigned int *: shmem_uint_alltoall, \
    unsigned long *: shmem_ulong_alltoall, \
    unsigned long long *: shmem_ulonglong_alltoall)(__VA_ARGS__)
#define shmem_alltoalls(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    float *: shmem_float_alltoalls, \
    double *: shmem_double_alltoalls, \
    long double *: shmem_longdouble_alltoalls, \
    char *: shmem_char_alltoalls, \
    signed char *: shmem_schar_alltoalls, \
    short *: shmem_short_alltoalls, \
    int *: shmem_int_alltoalls, \
    long *: shmem_long_alltoalls, \
    long long *: shmem_longlong_alltoalls, \
    unsigned char *: shmem_uchar_alltoalls, \
    unsigned short *: shmem_ushort_alltoalls, \
    unsigned int *: shmem_uint_alltoalls, \
    unsigned long *: shmem_ulong_alltoalls, \
    unsigned long long *: shmem_ulonglong_alltoalls)(__VA_ARGS__)
/* end typed */

/* Reductions (OpenSHMEM 1.5 table 10). The operations are whole
 * identifiers (and_reduce, not and), which <iso646.h> leaves alone. */
/* typed REDUCE_GENERIC_BITWISE_TYPES(T, N) for OP in and_reduce or_reduce xor_reduce, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG1(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_and_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    unsigned char *: shmem_uchar_and_reduce, \
    unsigned short *: shmem_ushort_and_reduce, \
    unsigned int *: shmem_uint_and_reduce, \
    unsigned long *: shmem_ulong_and_reduce, \
    unsigned long long *: shmem_ulonglong_and_reduce, \
    int8_t *: shmem_int8_and_reduce, \
    int16_t *: shmem_int16_and_reduce, \
    int32_t *: shmem_int32_and_reduce, \
    int64_t *: shmem_int64_and_reduce)(__VA_ARGS__)
#define shmem_or_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    unsigned char *: shmem_uchar_or_reduce, \
    unsigned short *: shmem_ushort_or_reduce, \
    unsigned int *: shmem_uint_or_reduce, \
    unsigned long *: shmem_ulong_or_reduce, \
    unsigned long long *: shmem_ulonglong_or_reduce, \
    int8_t *: shmem_int8_or_reduce, \
    int16_t *: shmem_int16_or_reduce, \
    int32_t *: shmem_int32_or_reduce, \
    int64_t *: shmem_int64_or_reduce)(__VA_ARGS__)
#define shmem_xor_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    unsigned char *: shmem_uchar_xor_reduce, \
    unsigned short *: shmem_ushort_xor_reduce, \
    unsigned int *: shmem_uint_xor_reduce, \
    unsigned long *: shmem_ulong_xor_reduce, \
    unsigned long long *: shmem_ulonglong_xor_reduce, \
    int8_t *: shmem_int8_xor_reduce, \
    int16_t *: shmem_int16_xor_reduce, \
    int32_t *: shmem_int32_xor_reduce, \
    int64_t *: shmem_int64_xor_reduce)(__VA_ARGS__)
/* end typed */
/* typed REDUCE_GENERIC_MINMAX_TYPES(T, N) for OP in max_reduce min_reduce, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG1(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_max_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_max_reduce, \
    signed char *: shmem_schar_max_reduce, \
    short *: shmem_short_max_reduce, \
    int *: shmem_int_max_reduce, \
    long *: shmem_long_max_reduce, \
    long long *: shmem_longlong_max_reduce, \
    unsigned char *: shmem_uchar_max_reduce, \
    unsigned short *: shmem_ushort_max_reduce, \
    unsigned int *: shmem_uint_max_reduce, \
    unsigned long *: shmem_ulong_max_reduce, \
    unsigned long long *: shmem_ulonglong_max_reduce, \
    float *: shmem_float_max_reduce, \
    double *: shmem_double_max_reduce, \
    long double *: shmem_longdouble_max_reduce)(__VA_ARGS__)
#define shmem_min_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_min_reduce, \
    signed char *: shmem_schar_min_reduce, \
    short *: shmem_short_min_reduce, \
    int *: shmem_int_min_reduce, \
    long *: shmem_long_min_reduce, \
    long long *: shmem_longlong_min_reduce, \
    unsigned char *: shmem_uchar_min_reduce, \
    unsigned short *: shmem_ushort_min_reduce, \
    unsigned int *: shmem_uint_min_reduce, \
    unsigned long *: shmem_ulong_min_reduce, \
    unsigned long long *: shmem_ulonglong_min_reduce, \
    float *: shmem_float_min_reduce, \
    double *: shmem_double_min_reduce, \
    long double *: shmem_longdouble_min_reduce)(__VA_ARGS__)
/* end typed */
/* typed REDUCE_GENERIC_ARITH_TYPES(T, N) for OP in sum_reduce prod_reduce, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG1(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_sum_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_sum_reduce, \
    signed char *: shmem_schar_sum_reduce, \
    short *: shmem_short_sum_reduce, \
    int *: shmem_int_sum_reduce, \
    long *: shmem_long_sum_reduce, \
    long long *: shmem_longlong_sum_reduce, \
    unsigned char *: shmem_uchar_sum_reduce, \
    unsigned short *: shmem_ushort_sum_reduce, \
    unsigned int *: shmem_uint_sum_reduce, \
    unsigned long *: shmem_ulong_sum_reduce, \
    unsigned long long *: shmem_ulonglong_sum_reduce, \
    float *: shmem_float_sum_reduce, \
    double *: shmem_double_sum_reduce, \
    long double *: shmem_longdouble_sum_reduce, \
    double _Complex *: shmem_complexd_sum_reduce, \
    float _Complex *: shmem_complexf_sum_reduce)(__VA_ARGS__)
#define shmem_prod_reduce(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_prod_reduce, \
    signed char *: shmem_schar_prod_reduce, \
    short *: shmem_short_prod_reduce, \
    int *: shmem_int_prod_reduce, \
    long *: shmem_long_prod_reduce, \
    long long *: shmem_longlong_prod_reduce, \
    unsigned char *: shmem_uchar_prod_reduce, \
    unsigned short *: shmem_ushort_prod_reduce, \
    unsigned int *: shmem_uint_prod_reduce, \
    unsigned long *: shmem_ulong_prod_reduce, \
    unsigned long long *: shmem_ulonglong_prod_reduce, \
    float *: shmem_float_prod_reduce, \
    double *: shmem_double_prod_reduce, \
    long double *: shmem_longdouble_prod_reduce, \
    double _Complex *: shmem_complexd_prod_reduce, \
    float _Complex *: shmem_complexf_prod_reduce)(__VA_ARGS__)
/* end typed */

/* Scans (OpenSHMEM 1.6): the SUM types. */
/* typed REDUCE_GENERIC_ARITH_TYPES(T, N) for OP in sum_inscan sum_exscan, expanded by scripts/gen_types.py:
#define shmem_##OP(...) _Generic(MISHMEM_ARG1(__VA_ARGS__)[[, \
    T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_sum_inscan(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_sum_inscan, \
    signed char *: shmem_schar_sum_inscan, \
    short *: shmem_short_sum_inscan, \
    int *: shmem_int_sum_inscan, \
    long *: shmem_long_sum_inscan, \
    long long *: shmem_longlong_sum_inscan, \
    unsigned char *: shmem_uchar_sum_inscan, \
    unsigned short *: shmem_ushort_sum_inscan, \
    unsigned int *: shmem_uint_sum_inscan, \
    unsigned long *: shmem_ulong_sum_inscan, \
    unsigned long long *: shmem_ulonglong_sum_inscan, \
    float *: shmem_float_sum_inscan, \
    double *: shmem_double_sum_inscan, \
    long double *: shmem_longdouble_sum_inscan, \
    double _Complex *: shmem_complexd_sum_inscan, \
    float _Complex *: shmem_complexf_sum_inscan)(__VA_ARGS__)
#define shmem_sum_exscan(...) _Generic(MISHMEM_ARG1(__VA_ARGS__), \
    char *: shmem_char_sum_exscan, \
    signed char *: shmem_schar_sum_exscan, \
    short *: shmem_short_sum_exscan, \
    int *: shmem_int_sum_exscan, \
    long *: shmem_long_sum_exscan, \
    long long *: shmem_longlong_sum_exscan, \
    unsigned char *: shmem_uchar_sum_exscan, \
    unsigned short *: shmem_ushort_sum_exscan, \
    unsigned int *: shmem_uint_sum_exscan, \
    unsigned long *: shmem_ulong_sum_exscan, \
    unsigned long long *: shmem_ulonglong_sum_exscan, \
    float *: shmem_float_sum_exscan, \
    double *: shmem_double_sum_exscan, \
    long double *: shmem_longdouble_sum_exscan, \
    double _Complex *: shmem_complexd_sum_exscan, \
    float _Complex *: shmem_complexf_sum_exscan)(__VA_ARGS__)
/* end typed */

#endif /* C11 */

#endif
