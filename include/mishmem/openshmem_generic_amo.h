/* OpenSHMEM 1.5 C11 generic AMOs: shmem_atomic_fetch_add(dest, value, pe),
 * shmem_atomic_fetch_add(ctx, dest, value, pe), ... and the deprecated
 * 1.3 generic names (shmem_fadd, shmem_swap, ...). The typed function is
 * picked from the first argument's type, or, when the first argument is a
 * context, from the second one. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_AMO_H
#define MISHMEM_OPENSHMEM_GENERIC_AMO_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/openshmem_generic_args.h>

/* Never defined: a context call whose second argument has no typed form
 * selects it, and the call then fails to compile. */
void mishmem_generic_no_typed_form(void);

/* Extended AMO types (atomic_fetch also takes a const source). */
/* typed AMO_GENERIC_EXTENDED_TYPES(T, N) for OP in atomic_fetch, expanded by scripts/gen_types.py:
#define shmem_##OP(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form[[, \
                                   T *: shmem_ctx_##N##_##OP, const T *: shmem_ctx_##N##_##OP]])[[, \
             T *: shmem_##N##_##OP, const T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_atomic_fetch(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch, const int *: shmem_ctx_int_atomic_fetch, \
                                   long *: shmem_ctx_long_atomic_fetch, const long *: shmem_ctx_long_atomic_fetch, \
                                   long long *: shmem_ctx_longlong_atomic_fetch, const long long *: shmem_ctx_longlong_atomic_fetch, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch, const unsigned int *: shmem_ctx_uint_atomic_fetch, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch, const unsigned long *: shmem_ctx_ulong_atomic_fetch, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch, const unsigned long long *: shmem_ctx_ulonglong_atomic_fetch, \
                                   float *: shmem_ctx_float_atomic_fetch, const float *: shmem_ctx_float_atomic_fetch, \
                                   double *: shmem_ctx_double_atomic_fetch, const double *: shmem_ctx_double_atomic_fetch), \
             int *: shmem_int_atomic_fetch, const int *: shmem_int_atomic_fetch, \
             long *: shmem_long_atomic_fetch, const long *: shmem_long_atomic_fetch, \
             long long *: shmem_longlong_atomic_fetch, const long long *: shmem_longlong_atomic_fetch, \
             unsigned int *: shmem_uint_atomic_fetch, const unsigned int *: shmem_uint_atomic_fetch, \
             unsigned long *: shmem_ulong_atomic_fetch, const unsigned long *: shmem_ulong_atomic_fetch, \
             unsigned long long *: shmem_ulonglong_atomic_fetch, const unsigned long long *: shmem_ulonglong_atomic_fetch, \
             float *: shmem_float_atomic_fetch, const float *: shmem_float_atomic_fetch, \
             double *: shmem_double_atomic_fetch, const double *: shmem_double_atomic_fetch)(__VA_ARGS__)
/* end typed */
/* typed AMO_GENERIC_EXTENDED_TYPES(T, N) for OP in atomic_fetch_nbi atomic_set atomic_swap atomic_swap_nbi, expanded by scripts/gen_types.py:
#define shmem_##OP(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form[[, \
                                   T *: shmem_ctx_##N##_##OP]])[[, \
             T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_atomic_fetch_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch_nbi, \
                                   long *: shmem_ctx_long_atomic_fetch_nbi, \
                                   long long *: shmem_ctx_longlong_atomic_fetch_nbi, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_nbi, \
                                   float *: shmem_ctx_float_atomic_fetch_nbi, \
                                   double *: shmem_ctx_double_atomic_fetch_nbi), \
             int *: shmem_int_atomic_fetch_nbi, \
             long *: shmem_long_atomic_fetch_nbi, \
             long long *: shmem_longlong_atomic_fetch_nbi, \
             unsigned int *: shmem_uint_atomic_fetch_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_nbi, \
             float *: shmem_float_atomic_fetch_nbi, \
             double *: shmem_double_atomic_fetch_nbi)(__VA_ARGS__)
#define shmem_atomic_set(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_set, \
                                   long *: shmem_ctx_long_atomic_set, \
                                   long long *: shmem_ctx_longlong_atomic_set, \
                                   unsigned int *: shmem_ctx_uint_atomic_set, \
                                   unsigned long *: shmem_ctx_ulong_atomic_set, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_set, \
                                   float *: shmem_ctx_float_atomic_set, \
                                   double *: shmem_ctx_double_atomic_set), \
             int *: shmem_int_atomic_set, \
             long *: shmem_long_atomic_set, \
             long long *: shmem_longlong_atomic_set, \
             unsigned int *: shmem_uint_atomic_set, \
             unsigned long *: shmem_ulong_atomic_set, \
             unsigned long long *: shmem_ulonglong_atomic_set, \
             float *: shmem_float_atomic_set, \
             double *: shmem_double_atomic_set)(__VA_ARGS__)
#define shmem_atomic_swap(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_swap, \
                                   long *: shmem_ctx_long_atomic_swap, \
                                   long long *: shmem_ctx_longlong_atomic_swap, \
                                   unsigned int *: shmem_ctx_uint_atomic_swap, \
                                   unsigned long *: shmem_ctx_ulong_atomic_swap, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_swap, \
                                   float *: shmem_ctx_float_atomic_swap, \
                                   double *: shmem_ctx_double_atomic_swap), \
             int *: shmem_int_atomic_swap, \
             long *: shmem_long_atomic_swap, \
             long long *: shmem_longlong_atomic_swap, \
             unsigned int *: shmem_uint_atomic_swap, \
             unsigned long *: shmem_ulong_atomic_swap, \
             unsigned long long *: shmem_ulonglong_atomic_swap, \
             float *: shmem_float_atomic_swap, \
             double *: shmem_double_atomic_swap)(__VA_ARGS__)
#define shmem_atomic_swap_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_swap_nbi, \
                                   long *: shmem_ctx_long_atomic_swap_nbi, \
                                   long long *: shmem_ctx_longlong_atomic_swap_nbi, \
                                   unsigned int *: shmem_ctx_uint_atomic_swap_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_swap_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_swap_nbi, \
                                   float *: shmem_ctx_float_atomic_swap_nbi, \
                                   double *: shmem_ctx_double_atomic_swap_nbi), \
             int *: shmem_int_atomic_swap_nbi, \
             long *: shmem_long_atomic_swap_nbi, \
             long long *: shmem_longlong_atomic_swap_nbi, \
             unsigned int *: shmem_uint_atomic_swap_nbi, \
             unsigned long *: shmem_ulong_atomic_swap_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_swap_nbi, \
             float *: shmem_float_atomic_swap_nbi, \
             double *: shmem_double_atomic_swap_nbi)(__VA_ARGS__)
/* end typed */

/* Standard AMO types. */
/* typed AMO_GENERIC_TYPES(T, N) for OP in atomic_compare_swap atomic_compare_swap_nbi atomic_fetch_inc atomic_fetch_inc_nbi atomic_inc atomic_fetch_add atomic_fetch_add_nbi atomic_add, expanded by scripts/gen_types.py:
#define shmem_##OP(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form[[, \
                                   T *: shmem_ctx_##N##_##OP]])[[, \
             T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_atomic_compare_swap(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_compare_swap, \
                                   long *: shmem_ctx_long_atomic_compare_swap, \
                                   long long *: shmem_ctx_longlong_atomic_compare_swap, \
                                   unsigned int *: shmem_ctx_uint_atomic_compare_swap, \
                                   unsigned long *: shmem_ctx_ulong_atomic_compare_swap, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_compare_swap), \
             int *: shmem_int_atomic_compare_swap, \
             long *: shmem_long_atomic_compare_swap, \
             long long *: shmem_longlong_atomic_compare_swap, \
             unsigned int *: shmem_uint_atomic_compare_swap, \
             unsigned long *: shmem_ulong_atomic_compare_swap, \
             unsigned long long *: shmem_ulonglong_atomic_compare_swap)(__VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_compare_swap_nbi, \
                                   long *: shmem_ctx_long_atomic_compare_swap_nbi, \
                                   long long *: shmem_ctx_longlong_atomic_compare_swap_nbi, \
                                   unsigned int *: shmem_ctx_uint_atomic_compare_swap_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_compare_swap_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_compare_swap_nbi), \
             int *: shmem_int_atomic_compare_swap_nbi, \
             long *: shmem_long_atomic_compare_swap_nbi, \
             long long *: shmem_longlong_atomic_compare_swap_nbi, \
             unsigned int *: shmem_uint_atomic_compare_swap_nbi, \
             unsigned long *: shmem_ulong_atomic_compare_swap_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_compare_swap_nbi)(__VA_ARGS__)
#define shmem_atomic_fetch_inc(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch_inc, \
                                   long *: shmem_ctx_long_atomic_fetch_inc, \
                                   long long *: shmem_ctx_longlong_atomic_fetch_inc, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_inc, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_inc, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_inc), \
             int *: shmem_int_atomic_fetch_inc, \
             long *: shmem_long_atomic_fetch_inc, \
             long long *: shmem_longlong_atomic_fetch_inc, \
             unsigned int *: shmem_uint_atomic_fetch_inc, \
             unsigned long *: shmem_ulong_atomic_fetch_inc, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_inc)(__VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch_inc_nbi, \
                                   long *: shmem_ctx_long_atomic_fetch_inc_nbi, \
                                   long long *: shmem_ctx_longlong_atomic_fetch_inc_nbi, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_inc_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_inc_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_inc_nbi), \
             int *: shmem_int_atomic_fetch_inc_nbi, \
             long *: shmem_long_atomic_fetch_inc_nbi, \
             long long *: shmem_longlong_atomic_fetch_inc_nbi, \
             unsigned int *: shmem_uint_atomic_fetch_inc_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_inc_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_inc_nbi)(__VA_ARGS__)
#define shmem_atomic_inc(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_inc, \
                                   long *: shmem_ctx_long_atomic_inc, \
                                   long long *: shmem_ctx_longlong_atomic_inc, \
                                   unsigned int *: shmem_ctx_uint_atomic_inc, \
                                   unsigned long *: shmem_ctx_ulong_atomic_inc, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_inc), \
             int *: shmem_int_atomic_inc, \
             long *: shmem_long_atomic_inc, \
             long long *: shmem_longlong_atomic_inc, \
             unsigned int *: shmem_uint_atomic_inc, \
             unsigned long *: shmem_ulong_atomic_inc, \
             unsigned long long *: shmem_ulonglong_atomic_inc)(__VA_ARGS__)
#define shmem_atomic_fetch_add(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch_add, \
                                   long *: shmem_ctx_long_atomic_fetch_add, \
                                   long long *: shmem_ctx_longlong_atomic_fetch_add, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_add, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_add, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_add), \
             int *: shmem_int_atomic_fetch_add, \
             long *: shmem_long_atomic_fetch_add, \
             long long *: shmem_longlong_atomic_fetch_add, \
             unsigned int *: shmem_uint_atomic_fetch_add, \
             unsigned long *: shmem_ulong_atomic_fetch_add, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_add)(__VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_fetch_add_nbi, \
                                   long *: shmem_ctx_long_atomic_fetch_add_nbi, \
                                   long long *: shmem_ctx_longlong_atomic_fetch_add_nbi, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_add_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_add_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_add_nbi), \
             int *: shmem_int_atomic_fetch_add_nbi, \
             long *: shmem_long_atomic_fetch_add_nbi, \
             long long *: shmem_longlong_atomic_fetch_add_nbi, \
             unsigned int *: shmem_uint_atomic_fetch_add_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_add_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_add_nbi)(__VA_ARGS__)
#define shmem_atomic_add(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   int *: shmem_ctx_int_atomic_add, \
                                   long *: shmem_ctx_long_atomic_add, \
                                   long long *: shmem_ctx_longlong_atomic_add, \
                                   unsigned int *: shmem_ctx_uint_atomic_add, \
                                   unsigned long *: shmem_ctx_ulong_atomic_add, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_add), \
             int *: shmem_int_atomic_add, \
             long *: shmem_long_atomic_add, \
             long long *: shmem_longlong_atomic_add, \
             unsigned int *: shmem_uint_atomic_add, \
             unsigned long *: shmem_ulong_atomic_add, \
             unsigned long long *: shmem_ulonglong_atomic_add)(__VA_ARGS__)
/* end typed */

/* Bitwise AMO types. The operations are whole identifiers (atomic_and, not
 * and), which <iso646.h> leaves alone. */
/* typed AMO_GENERIC_BITWISE_TYPES(T, N) for OP in atomic_fetch_and atomic_fetch_and_nbi atomic_and atomic_fetch_or atomic_fetch_or_nbi atomic_or atomic_fetch_xor atomic_fetch_xor_nbi atomic_xor, expanded by scripts/gen_types.py:
#define shmem_##OP(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form[[, \
                                   T *: shmem_ctx_##N##_##OP]])[[, \
             T *: shmem_##N##_##OP]])(__VA_ARGS__)
*/
#define shmem_atomic_fetch_and(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_and, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_and, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_and, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_and, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_and), \
             unsigned int *: shmem_uint_atomic_fetch_and, \
             unsigned long *: shmem_ulong_atomic_fetch_and, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_and, \
             int32_t *: shmem_int32_atomic_fetch_and, \
             int64_t *: shmem_int64_atomic_fetch_and)(__VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_and_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_and_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_and_nbi, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_and_nbi, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_and_nbi), \
             unsigned int *: shmem_uint_atomic_fetch_and_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_and_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_and_nbi, \
             int32_t *: shmem_int32_atomic_fetch_and_nbi, \
             int64_t *: shmem_int64_atomic_fetch_and_nbi)(__VA_ARGS__)
#define shmem_atomic_and(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_and, \
                                   unsigned long *: shmem_ctx_ulong_atomic_and, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_and, \
                                   int32_t *: shmem_ctx_int32_atomic_and, \
                                   int64_t *: shmem_ctx_int64_atomic_and), \
             unsigned int *: shmem_uint_atomic_and, \
             unsigned long *: shmem_ulong_atomic_and, \
             unsigned long long *: shmem_ulonglong_atomic_and, \
             int32_t *: shmem_int32_atomic_and, \
             int64_t *: shmem_int64_atomic_and)(__VA_ARGS__)
#define shmem_atomic_fetch_or(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_or, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_or, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_or, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_or, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_or), \
             unsigned int *: shmem_uint_atomic_fetch_or, \
             unsigned long *: shmem_ulong_atomic_fetch_or, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_or, \
             int32_t *: shmem_int32_atomic_fetch_or, \
             int64_t *: shmem_int64_atomic_fetch_or)(__VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_or_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_or_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_or_nbi, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_or_nbi, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_or_nbi), \
             unsigned int *: shmem_uint_atomic_fetch_or_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_or_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_or_nbi, \
             int32_t *: shmem_int32_atomic_fetch_or_nbi, \
             int64_t *: shmem_int64_atomic_fetch_or_nbi)(__VA_ARGS__)
#define shmem_atomic_or(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_or, \
                                   unsigned long *: shmem_ctx_ulong_atomic_or, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_or, \
                                   int32_t *: shmem_ctx_int32_atomic_or, \
                                   int64_t *: shmem_ctx_int64_atomic_or), \
             unsigned int *: shmem_uint_atomic_or, \
             unsigned long *: shmem_ulong_atomic_or, \
             unsigned long long *: shmem_ulonglong_atomic_or, \
             int32_t *: shmem_int32_atomic_or, \
             int64_t *: shmem_int64_atomic_or)(__VA_ARGS__)
#define shmem_atomic_fetch_xor(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_xor, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_xor, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_xor, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_xor, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_xor), \
             unsigned int *: shmem_uint_atomic_fetch_xor, \
             unsigned long *: shmem_ulong_atomic_fetch_xor, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_xor, \
             int32_t *: shmem_int32_atomic_fetch_xor, \
             int64_t *: shmem_int64_atomic_fetch_xor)(__VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_fetch_xor_nbi, \
                                   unsigned long *: shmem_ctx_ulong_atomic_fetch_xor_nbi, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_fetch_xor_nbi, \
                                   int32_t *: shmem_ctx_int32_atomic_fetch_xor_nbi, \
                                   int64_t *: shmem_ctx_int64_atomic_fetch_xor_nbi), \
             unsigned int *: shmem_uint_atomic_fetch_xor_nbi, \
             unsigned long *: shmem_ulong_atomic_fetch_xor_nbi, \
             unsigned long long *: shmem_ulonglong_atomic_fetch_xor_nbi, \
             int32_t *: shmem_int32_atomic_fetch_xor_nbi, \
             int64_t *: shmem_int64_atomic_fetch_xor_nbi)(__VA_ARGS__)
#define shmem_atomic_xor(...) \
    _Generic(MISHMEM_ARG0(__VA_ARGS__), \
             shmem_ctx_t: _Generic(MISHMEM_ARG1(__VA_ARGS__), \
                                   default: mishmem_generic_no_typed_form, \
                                   unsigned int *: shmem_ctx_uint_atomic_xor, \
                                   unsigned long *: shmem_ctx_ulong_atomic_xor, \
                                   unsigned long long *: shmem_ctx_ulonglong_atomic_xor, \
                                   int32_t *: shmem_ctx_int32_atomic_xor, \
                                   int64_t *: shmem_ctx_int64_atomic_xor), \
             unsigned int *: shmem_uint_atomic_xor, \
             unsigned long *: shmem_ulong_atomic_xor, \
             unsigned long long *: shmem_ulonglong_atomic_xor, \
             int32_t *: shmem_int32_atomic_xor, \
             int64_t *: shmem_int64_atomic_xor)(__VA_ARGS__)
/* end typed */

/* Deprecated 1.3 generic names. OpenSHMEM 1.4 deprecated each in favour of
 * the atomic_* name beside it, whose types it takes (1.3 had int, long and
 * long long, plus float and double for fetch, set and swap); SOS and OSHMPI
 * likewise make them the new generics. */
#define shmem_fetch(...) shmem_atomic_fetch(__VA_ARGS__)
#define shmem_set(...) shmem_atomic_set(__VA_ARGS__)
#define shmem_swap(...) shmem_atomic_swap(__VA_ARGS__)
#define shmem_cswap(...) shmem_atomic_compare_swap(__VA_ARGS__)
#define shmem_finc(...) shmem_atomic_fetch_inc(__VA_ARGS__)
#define shmem_inc(...) shmem_atomic_inc(__VA_ARGS__)
#define shmem_fadd(...) shmem_atomic_fetch_add(__VA_ARGS__)
#define shmem_add(...) shmem_atomic_add(__VA_ARGS__)

#endif

#endif
