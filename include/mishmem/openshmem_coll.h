/* OpenSHMEM 1.6 collectives on teams (1.6 adds the scans), and the deprecated active-set forms
 * still used by programs and benchmarks. Typed families are expanded from
 * scripts/type_table.py. Team forms return 0 on success. Include <shmem.h>, not this
 * file. */
#ifndef MISHMEM_OPENSHMEM_COLL_H
#define MISHMEM_OPENSHMEM_COLL_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>

#ifdef __cplusplus
extern "C" {
#endif

/* pSync and pWrk sizes for the active-set forms. The library keeps its own
 * sync state per active set and never writes pSync or pWrk; the sizes are
 * there so that programs written for other libraries build unchanged. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 32
#define SHMEM_BARRIER_SYNC_SIZE 32
#define SHMEM_BCAST_SYNC_SIZE 32
#define SHMEM_REDUCE_SYNC_SIZE 32
#define SHMEM_COLLECT_SYNC_SIZE 32
#define SHMEM_ALLTOALL_SYNC_SIZE 32
#define SHMEM_ALLTOALLS_SYNC_SIZE 32
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_ALLTOALLS_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Synchronization on a team (shmem_barrier_all and shmem_sync_all are in
 * openshmem.h). */
int shmem_team_sync(shmem_team_t team);
int shmem_sync(shmem_team_t team);

/* Data movement on a team. nelems counts elements (bytes for the mem forms). */
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                       ptrdiff_t sst, size_t nelems);

/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root);
int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems);
int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems);
int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems);
int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
*/
int shmem_float_broadcast(shmem_team_t team, float *dest, const float *source, size_t nelems, int PE_root);
int shmem_float_collect(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_fcollect(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_alltoall(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_alltoalls(shmem_team_t team, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_double_broadcast(shmem_team_t team, double *dest, const double *source, size_t nelems, int PE_root);
int shmem_double_collect(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_double_fcollect(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_double_alltoall(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_double_alltoalls(shmem_team_t team, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_longdouble_broadcast(shmem_team_t team, long double *dest, const long double *source, size_t nelems, int PE_root);
int shmem_longdouble_collect(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_longdouble_fcollect(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_longdouble_alltoall(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_longdouble_alltoalls(shmem_team_t team, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_char_broadcast(shmem_team_t team, char *dest, const char *source, size_t nelems, int PE_root);
int shmem_char_collect(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_fcollect(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_alltoall(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_alltoalls(shmem_team_t team, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_schar_broadcast(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems, int PE_root);
int shmem_schar_collect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_fcollect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_alltoall(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_alltoalls(shmem_team_t team, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_short_broadcast(shmem_team_t team, short *dest, const short *source, size_t nelems, int PE_root);
int shmem_short_collect(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_fcollect(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_alltoall(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_alltoalls(shmem_team_t team, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_int_broadcast(shmem_team_t team, int *dest, const int *source, size_t nelems, int PE_root);
int shmem_int_collect(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_fcollect(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_alltoall(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_alltoalls(shmem_team_t team, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_long_broadcast(shmem_team_t team, long *dest, const long *source, size_t nelems, int PE_root);
int shmem_long_collect(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_fcollect(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_alltoall(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_alltoalls(shmem_team_t team, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_longlong_broadcast(shmem_team_t team, long long *dest, const long long *source, size_t nelems, int PE_root);
int shmem_longlong_collect(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_fcollect(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_alltoall(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_alltoalls(shmem_team_t team, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uchar_broadcast(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems, int PE_root);
int shmem_uchar_collect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_fcollect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_alltoall(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_alltoalls(shmem_team_t team, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_ushort_broadcast(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems, int PE_root);
int shmem_ushort_collect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_fcollect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_alltoall(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_alltoalls(shmem_team_t team, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uint_broadcast(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems, int PE_root);
int shmem_uint_collect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_fcollect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_alltoall(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_alltoalls(shmem_team_t team, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_ulong_broadcast(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems, int PE_root);
int shmem_ulong_collect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_fcollect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_alltoall(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_alltoalls(shmem_team_t team, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_ulonglong_broadcast(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems, int PE_root);
int shmem_ulonglong_collect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_fcollect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_alltoall(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_alltoalls(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_int8_broadcast(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems, int PE_root);
int shmem_int8_collect(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_fcollect(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_alltoall(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_alltoalls(shmem_team_t team, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_int16_broadcast(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems, int PE_root);
int shmem_int16_collect(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_fcollect(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_alltoall(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_alltoalls(shmem_team_t team, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_int32_broadcast(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems, int PE_root);
int shmem_int32_collect(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_fcollect(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_alltoall(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_alltoalls(shmem_team_t team, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_int64_broadcast(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems, int PE_root);
int shmem_int64_collect(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_fcollect(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_alltoall(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_alltoalls(shmem_team_t team, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uint8_broadcast(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems, int PE_root);
int shmem_uint8_collect(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_fcollect(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_alltoall(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_alltoalls(shmem_team_t team, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uint16_broadcast(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems, int PE_root);
int shmem_uint16_collect(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_fcollect(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_alltoall(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_alltoalls(shmem_team_t team, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uint32_broadcast(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems, int PE_root);
int shmem_uint32_collect(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_fcollect(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_alltoall(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_alltoalls(shmem_team_t team, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_uint64_broadcast(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems, int PE_root);
int shmem_uint64_collect(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_fcollect(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_alltoall(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_alltoalls(shmem_team_t team, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_size_broadcast(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems, int PE_root);
int shmem_size_collect(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_fcollect(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_alltoall(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_alltoalls(shmem_team_t team, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
int shmem_ptrdiff_broadcast(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int PE_root);
int shmem_ptrdiff_collect(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_fcollect(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_alltoall(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_alltoalls(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst,
                          size_t nelems);
/* end typed */

/* Reductions on a team: dest and source are the same array or disjoint. */
/* typed REDUCE_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_and_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_uchar_and_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_and_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_and_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_and_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_and_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_and_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_and_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_and_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_and_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_and_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_and_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_and_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_and_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_and_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
/* end typed */
/* typed REDUCE_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_or_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_uchar_or_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_or_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_or_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_or_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_or_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_or_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_or_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_or_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_or_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_or_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_or_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_or_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_or_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_or_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
/* end typed */
/* typed REDUCE_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_xor_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_uchar_xor_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_xor_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_xor_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_xor_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_xor_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_xor_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_xor_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_xor_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_xor_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_xor_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_xor_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_xor_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_xor_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_xor_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
/* end typed */
/* typed REDUCE_MINMAX_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_max_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_char_max_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_max_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_max_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_max_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_max_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_max_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_max_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_max_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_max_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_max_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_max_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_max_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_max_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_max_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_max_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_max_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_max_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_max_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_max_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_max_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_max_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_max_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_max_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_max_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
/* end typed */
/* typed REDUCE_MINMAX_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_min_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_char_min_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_min_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_min_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_min_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_min_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_min_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_min_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_min_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_min_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_min_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_min_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_min_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_min_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_min_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_min_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_min_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_min_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_min_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_min_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_min_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_min_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_min_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_min_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_min_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
/* end typed */
/* typed REDUCE_ARITH_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_sum_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_char_sum_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_sum_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_sum_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_sum_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_sum_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_sum_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_sum_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_sum_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_sum_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_sum_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_sum_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_sum_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_sum_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_sum_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_sum_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_sum_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_sum_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_sum_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_sum_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_sum_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_sum_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_sum_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_sum_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_sum_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_complexd_sum_reduce(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nreduce);
int shmem_complexf_sum_reduce(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nreduce);
/* end typed */
/* typed REDUCE_ARITH_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_prod_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
*/
int shmem_char_prod_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_prod_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_prod_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_prod_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_prod_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_prod_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_prod_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_prod_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_prod_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_prod_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_prod_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_prod_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_prod_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_prod_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_prod_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_prod_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_prod_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_prod_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_prod_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_prod_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_prod_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_prod_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_prod_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_prod_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_complexd_prod_reduce(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nreduce);
int shmem_complexf_prod_reduce(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nreduce);
/* end typed */

/* Prefix sums on a team (OpenSHMEM 1.6): PE i of the team gets the sum of
 * the sources of PEs 0..i (inscan) or 0..i-1 (exscan; zeros on PE 0).
 * dest and source are the same array or disjoint. */
/* typed REDUCE_ARITH_TYPES(T, N), expanded by scripts/gen_types.py:
int shmem_##N##_sum_inscan(shmem_team_t team, T *dest, const T *source, size_t nelems);
int shmem_##N##_sum_exscan(shmem_team_t team, T *dest, const T *source, size_t nelems);
*/
int shmem_char_sum_inscan(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_sum_exscan(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_schar_sum_inscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_sum_exscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_short_sum_inscan(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_sum_exscan(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_int_sum_inscan(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_sum_exscan(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_long_sum_inscan(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_sum_exscan(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_longlong_sum_inscan(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_sum_exscan(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_ptrdiff_sum_inscan(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_sum_exscan(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_uchar_sum_inscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_sum_exscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_ushort_sum_inscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_sum_exscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_uint_sum_inscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_sum_exscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_ulong_sum_inscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_sum_exscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulonglong_sum_inscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_sum_exscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_int8_sum_inscan(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_sum_exscan(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int16_sum_inscan(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_sum_exscan(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int32_sum_inscan(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_sum_exscan(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int64_sum_inscan(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_sum_exscan(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_uint8_sum_inscan(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_sum_exscan(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint16_sum_inscan(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_sum_exscan(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint32_sum_inscan(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_sum_exscan(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint64_sum_inscan(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_sum_exscan(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_size_sum_inscan(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_sum_exscan(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_float_sum_inscan(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_sum_exscan(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_double_sum_inscan(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_double_sum_exscan(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_longdouble_sum_inscan(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_longdouble_sum_exscan(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_complexd_sum_inscan(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nelems);
int shmem_complexd_sum_exscan(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nelems);
int shmem_complexf_sum_inscan(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nelems);
int shmem_complexf_sum_exscan(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nelems);
/* end typed */

/* Deprecated active-set forms: the set is PE_start + i * 2^logPE_stride,
 * i < PE_size, in world PE numbers of the current instance. */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync_deprecated(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast32(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);
void shmem_collect32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                     int PE_size, long *pSync);
void shmem_fcollect32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
void shmem_alltoall32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
void shmem_alltoalls32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast64(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,
                       int logPE_stride, int PE_size, long *pSync);
void shmem_collect64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                     int PE_size, long *pSync);
void shmem_fcollect64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
void shmem_alltoall64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride,
                      int PE_size, long *pSync);
void shmem_alltoalls64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,
                       int PE_start, int logPE_stride, int PE_size, long *pSync);

/* typed TO_ALL_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_and_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_and_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_and_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_and_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_and_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_or_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_or_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_or_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_or_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_or_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_BITWISE_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_xor_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_xor_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_xor_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_xor_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_xor_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_MINMAX_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_max_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_max_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_max_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_max_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_max_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
void shmem_float_max_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float *pWrk, long *pSync);
void shmem_double_max_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_max_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long double *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_MINMAX_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_min_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_min_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_min_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_min_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_min_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
void shmem_float_min_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float *pWrk, long *pSync);
void shmem_double_min_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_min_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long double *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_ARITH_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_sum_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_sum_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_sum_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_sum_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_sum_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
void shmem_float_sum_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float *pWrk, long *pSync);
void shmem_double_sum_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_sum_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long double *pWrk, long *pSync);
void shmem_complexd_sum_to_all(double _Complex *dest, const double _Complex *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double _Complex *pWrk, long *pSync);
void shmem_complexf_sum_to_all(float _Complex *dest, const float _Complex *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float _Complex *pWrk, long *pSync);
/* end typed */
/* typed TO_ALL_ARITH_TYPES(T, N), expanded by scripts/gen_types.py:
void shmem_##N##_prod_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, T *pWrk, long *pSync);
*/
void shmem_short_prod_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, short *pWrk, long *pSync);
void shmem_int_prod_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, int *pWrk, long *pSync);
void shmem_long_prod_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long *pWrk, long *pSync);
void shmem_longlong_prod_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long long *pWrk, long *pSync);
void shmem_float_prod_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float *pWrk, long *pSync);
void shmem_double_prod_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_prod_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, long double *pWrk, long *pSync);
void shmem_complexd_prod_to_all(double _Complex *dest, const double _Complex *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, double _Complex *pWrk, long *pSync);
void shmem_complexf_prod_to_all(float _Complex *dest, const float _Complex *source, int nreduce, int PE_start, int logPE_stride,
                            int PE_size, float _Complex *pWrk, long *pSync);
/* end typed */

#ifdef __cplusplus
}
#endif

/* shmem_sync(team) is the 1.5 team form and shmem_sync(PE_start,
 * logPE_stride, PE_size, pSync) the deprecated active-set form: the number
 * of arguments picks. (shmem_sync)(team) calls the function directly. */
#define MISHMEM_SYNC_PICK_(a1, a2, a3, a4, name, ...) name
#define shmem_sync(...)                                                                           \
    MISHMEM_SYNC_PICK_(__VA_ARGS__, shmem_sync_deprecated, mishmem_sync_takes_1_or_4_arguments,   \
                       mishmem_sync_takes_1_or_4_arguments, shmem_team_sync, )(__VA_ARGS__)

#include <mishmem/openshmem_generic_coll.h>

#endif
