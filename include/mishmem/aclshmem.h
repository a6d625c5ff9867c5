/* The aclshmem face: the seed library's API, on CPU processes.
 * Include <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_H
#define MISHMEM_ACLSHMEM_H

#include <stddef.h>
#include <stdint.h>
#include <limits.h> /* users had it through the type table before */

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes (values as in the seed's library). */
enum {
    ACLSHMEM_SUCCESS = 0,
    ACLSHMEM_INVALID_PARAM = -1,
    ACLSHMEM_INVALID_VALUE = -2,
    ACLSHMEM_SMEM_ERROR = -3,
    ACLSHMEM_INNER_ERROR = -4,
    ACLSHMEM_NOT_INITED = -5,
    ACLSHMEM_BOOTSTRAP_ERROR = -6,
    ACLSHMEM_TIMEOUT_ERROR = -7,
    ACLSHMEM_MALLOC_FAILED = -8,
    ACLSHMEM_DL_FUNC_FAILED = -9,
    ACLSHMEM_INNER_TIMEOUT = -10,
    ACLSHMEM_UNDER_API_UNLOAD = -11,
    ACLSHMEM_NOT_SUPPORTED = -100,
    /* mishmem's own (the seed has no code for it): a PE of the instance
     * exited, or finalized while this one waited for it. The instance is
     * failed: every later call on it returns this code at once, and
     * aclshmemx_finalize releases what is local. Other instances are
     * untouched. */
    ACLSHMEMX_PEER_FAILED = -200,
};

/* aclshmemx_init_status() results. */
enum {
    ACLSHMEM_STATUS_NOT_INITIALIZED = 0,
    ACLSHMEM_STATUS_SHM_CREATED,
    ACLSHMEM_STATUS_IS_INITIALIZED,
    ACLSHMEM_STATUS_INVALID = 0x7fffffff,
};

/* Limits (docs/reference/limits.md). */
#define ACLSHMEM_MAX_PES 16384
#define ACLSHMEM_MAX_LOCAL_SIZE (40ULL * 1024 * 1024 * 1024)
#define ACLSHMEM_MAX_INSTANCES 255
#define ACLSHMEM_MAX_INSTANCE_ID 254
#define ACLSHMEM_MAX_IP_PORT_LEN 64
#define ACLSHMEM_DEFAULT_TIMEOUT_S 120

/* Bootstrap modes for aclshmemx_init_attr(). */
typedef enum {
    ACLSHMEMX_INIT_WITH_DEFAULT = 1 << 0,
    ACLSHMEMX_INIT_WITH_MPI = 1 << 1,
    ACLSHMEMX_INIT_WITH_UNIQUEID = 1 << 2,
    ACLSHMEMX_INIT_WITH_PMIX = 1 << 3, /* mishmem: processes of a PMIx job (mpirun, srun) */
} aclshmemx_bootstrap_t;

/* What comm_args points to in ACLSHMEMX_INIT_WITH_PMIX mode (NULL: every
 * process of the job, PE = PMIx rank): the PMIx ranks of the instance's
 * processes, distinct, PE i being ranks[i]; the same list on each of them. */
typedef struct {
    int n_ranks;
    const int *ranks;
} aclshmemx_pmix_group_t;

/* Data engines. CPUs have one: direct load/store (the MTE analogue). */
typedef enum {
    ACLSHMEM_DATA_OP_MTE = 1 << 0,
} data_op_engine_type_t;

/* Optional attributes. C has no default member initialisers: fields are
 * honoured only when version == ACLSHMEM_OPTION_ATTR_VERSION, otherwise
 * the defaults below are used (so an uninitialised option_attr is safe). */
typedef struct {
    int version;
    data_op_engine_type_t data_op_engine_type;
    uint32_t shm_init_timeout;          /* seconds, default 120 */
    uint32_t shm_create_timeout;        /* seconds, default 120 */
    uint32_t control_operation_timeout; /* seconds, default 120 */
    int32_t sockFd;                     /* unused on CPUs */
} aclshmem_init_optional_attr_t;

typedef struct {
    int my_pe;
    int n_pes;
    const char *ip_port;     /* "tcp://HOST:PORT" (PORT 0: docs/guide/instances.md) */
    uint64_t local_mem_size; /* symmetric heap bytes per PE */
    aclshmem_init_optional_attr_t option_attr;
    void *comm_args;         /* NULL in default mode */
    uint64_t instance_id;    /* 0..254, 0 is the default instance */
} aclshmemx_init_attr_t;

#define ACLSHMEM_OPTION_ATTR_VERSION ((1 << 16) + (int)sizeof(aclshmemx_init_attr_t))

#define ACLSHMEM_OPTION_ATTR_INITIALIZER                                     \
    { ACLSHMEM_OPTION_ATTR_VERSION, ACLSHMEM_DATA_OP_MTE,                    \
      ACLSHMEM_DEFAULT_TIMEOUT_S, ACLSHMEM_DEFAULT_TIMEOUT_S,                \
      ACLSHMEM_DEFAULT_TIMEOUT_S, -1 }

#define ACLSHMEMX_INIT_ATTR_INITIALIZER                                      \
    { -1, -1, NULL, 0, ACLSHMEM_OPTION_ATTR_INITIALIZER, NULL, 0 }

/* What aclshmemx_instance_ctx_get() returns. */
typedef struct aclshmem_instance_ctx {
    uint64_t id;
    int my_pe;
    int n_pes;
} aclshmem_instance_ctx;

/* The seed's quick start is C++ and writes `nullptr`; C before C23 lacks it.
 * Define MISHMEM_NO_NULLPTR to keep this macro out. */
#if !defined(__cplusplus) && !defined(nullptr) && !defined(MISHMEM_NO_NULLPTR) && \
    (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 202311L)
#define nullptr ((void *)0)
#endif

/* Lifecycle and instances. */
int aclshmemx_init_attr(aclshmemx_bootstrap_t flags, aclshmemx_init_attr_t *attr);
int aclshmemx_init_status(void);
int aclshmem_finalize(void);
int aclshmemx_finalize(uint64_t instance_id);
int aclshmemx_instance_ctx_set(uint64_t instance_id);
aclshmem_instance_ctx *aclshmemx_instance_ctx_get(void);
int aclshmemx_instance_thread_set(uint64_t instance_id);
int aclshmemx_instance_thread_clear(void);

/* Queries. */
int aclshmem_my_pe(void);
int aclshmem_n_pes(void);
int aclshmem_info_get_version(int *major, int *minor);
int aclshmem_info_get_name(char *name);
void aclshmem_global_exit(int status);

/* Symmetric heap (collective). */
void *aclshmem_malloc(size_t size);
void *aclshmem_calloc(size_t count, size_t size);
void *aclshmem_align(size_t alignment, size_t size);
void aclshmem_free(void *ptr);
void *aclshmem_ptr(const void *ptr, int pe);

/* Where the seed's aclshmemx_malloc family places memory (its values).
 * On a CPU host and device are the same memory: both sides are the
 * current instance's symmetric heap, so the calls below act as the
 * aclshmem_ ones (aclshmemx_free frees either). Any other value is
 * refused (logged; NULL). mem_type defaults to DEVICE_SIDE, as in the
 * seed: by a default argument in C++, and in C for all but
 * aclshmemx_get_heap_base by the macros below (aclshmemx_malloc(n) or
 * aclshmemx_malloc(n, HOST_SIDE)); C calls aclshmemx_get_heap_base(type). */
typedef enum {
    HOST_SIDE = 0,
    DEVICE_SIDE = 1,
} aclshmem_mem_type_t;

#ifdef __cplusplus
#define MISHMEM_ACLX_SIDE_DEFAULT = DEVICE_SIDE
#else
#define MISHMEM_ACLX_SIDE_DEFAULT
#endif
void *aclshmemx_malloc(size_t size, aclshmem_mem_type_t mem_type MISHMEM_ACLX_SIDE_DEFAULT);
void *aclshmemx_calloc(size_t count, size_t size, aclshmem_mem_type_t mem_type MISHMEM_ACLX_SIDE_DEFAULT);
void *aclshmemx_align(size_t alignment, size_t size, aclshmem_mem_type_t mem_type MISHMEM_ACLX_SIDE_DEFAULT);
void aclshmemx_free(void *ptr, aclshmem_mem_type_t mem_type MISHMEM_ACLX_SIDE_DEFAULT);
/* This PE's heap base in the current instance (NULL without one). */
void *aclshmemx_get_heap_base(aclshmem_mem_type_t mem_type MISHMEM_ACLX_SIDE_DEFAULT);
#undef MISHMEM_ACLX_SIDE_DEFAULT

#if !defined(__cplusplus) && !defined(MISHMEM_NO_ACLX_DEFAULT_MACROS)
/* f(a[, type]) and f(a, b[, type]): the trailing type defaults to DEVICE_SIDE. */
#define MISHMEM_ACLX_CALL1(f, a, side, ...) (f)(a, side)
#define MISHMEM_ACLX_CALL2(f, a, b, side, ...) (f)(a, b, side)
#define aclshmemx_malloc(...) MISHMEM_ACLX_CALL1(aclshmemx_malloc, __VA_ARGS__, DEVICE_SIDE, ~)
#define aclshmemx_calloc(...) MISHMEM_ACLX_CALL2(aclshmemx_calloc, __VA_ARGS__, DEVICE_SIDE, ~)
#define aclshmemx_align(...) MISHMEM_ACLX_CALL2(aclshmemx_align, __VA_ARGS__, DEVICE_SIDE, ~)
#define aclshmemx_free(...) MISHMEM_ACLX_CALL1(aclshmemx_free, __VA_ARGS__, DEVICE_SIDE, ~)
#endif

/* RMA. Functions that can fail return an ACLSHMEM_* code. */
int aclshmem_putmem(void *dest, const void *source, size_t nbytes, int pe);
int aclshmem_getmem(void *dest, const void *source, size_t nbytes, int pe);
int aclshmem_putmem_nbi(void *dest, const void *source, size_t nbytes, int pe);
int aclshmem_getmem_nbi(void *dest, const void *source, size_t nbytes, int pe);

/* typed RMA_TYPES(T, N), expanded by scripts/gen_types.py:
int aclshmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);
int aclshmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);
int aclshmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);
int aclshmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);
int aclshmem_##N##_p(T *dest, T value, int pe);
T aclshmem_##N##_g(const T *source, int pe);
*/
int aclshmem_float_put(float *dest, const float *source, size_t nelems, int pe);
int aclshmem_float_get(float *dest, const float *source, size_t nelems, int pe);
int aclshmem_float_put_nbi(float *dest, const float *source, size_t nelems, int pe);
int aclshmem_float_get_nbi(float *dest, const float *source, size_t nelems, int pe);
int aclshmem_float_p(float *dest, float value, int pe);
float aclshmem_float_g(const float *source, int pe);
int aclshmem_double_put(double *dest, const double *source, size_t nelems, int pe);
int aclshmem_double_get(double *dest, const double *source, size_t nelems, int pe);
int aclshmem_double_put_nbi(double *dest, const double *source, size_t nelems, int pe);
int aclshmem_double_get_nbi(double *dest, const double *source, size_t nelems, int pe);
int aclshmem_double_p(double *dest, double value, int pe);
double aclshmem_double_g(const double *source, int pe);
int aclshmem_longdouble_put(long double *dest, const long double *source, size_t nelems, int pe);
int aclshmem_longdouble_get(long double *dest, const long double *source, size_t nelems, int pe);
int aclshmem_longdouble_put_nbi(long double *dest, const long double *source, size_t nelems, int pe);
int aclshmem_longdouble_get_nbi(long double *dest, const long double *source, size_t nelems, int pe);
int aclshmem_longdouble_p(long double *dest, long double value, int pe);
long double aclshmem_longdouble_g(const long double *source, int pe);
int aclshmem_char_put(char *dest, const char *source, size_t nelems, int pe);
int aclshmem_char_get(char *dest, const char *source, size_t nelems, int pe);
int aclshmem_char_put_nbi(char *dest, const char *source, size_t nelems, int pe);
int aclshmem_char_get_nbi(char *dest, const char *source, size_t nelems, int pe);
int aclshmem_char_p(char *dest, char value, int pe);
char aclshmem_char_g(const char *source, int pe);
int aclshmem_schar_put(signed char *dest, const signed char *source, size_t nelems, int pe);
int aclshmem_schar_get(signed char *dest, const signed char *source, size_t nelems, int pe);
int aclshmem_schar_put_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
int aclshmem_schar_get_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
int aclshmem_schar_p(signed char *dest, signed char value, int pe);
signed char aclshmem_schar_g(const signed char *source, int pe);
int aclshmem_short_put(short *dest, const short *source, size_t nelems, int pe);
int aclshmem_short_get(short *dest, const short *source, size_t nelems, int pe);
int aclshmem_short_put_nbi(short *dest, const short *source, size_t nelems, int pe);
int aclshmem_short_get_nbi(short *dest, const short *source, size_t nelems, int pe);
int aclshmem_short_p(short *dest, short value, int pe);
short aclshmem_short_g(const short *source, int pe);
int aclshmem_int_put(int *dest, const int *source, size_t nelems, int pe);
int aclshmem_int_get(int *dest, const int *source, size_t nelems, int pe);
int aclshmem_int_put_nbi(int *dest, const int *source, size_t nelems, int pe);
int aclshmem_int_get_nbi(int *dest, const int *source, size_t nelems, int pe);
int aclshmem_int_p(int *dest, int value, int pe);
int aclshmem_int_g(const int *source, int pe);
int aclshmem_long_put(long *dest, const long *source, size_t nelems, int pe);
int aclshmem_long_get(long *dest, const long *source, size_t nelems, int pe);
int aclshmem_long_put_nbi(long *dest, const long *source, size_t nelems, int pe);
int aclshmem_long_get_nbi(long *dest, const long *source, size_t nelems, int pe);
int aclshmem_long_p(long *dest, long value, int pe);
long aclshmem_long_g(const long *source, int pe);
int aclshmem_longlong_put(long long *dest, const long long *source, size_t nelems, int pe);
int aclshmem_longlong_get(long long *dest, const long long *source, size_t nelems, int pe);
int aclshmem_longlong_put_nbi(long long *dest, const long long *source, size_t nelems, int pe);
int aclshmem_longlong_get_nbi(long long *dest, const long long *source, size_t nelems, int pe);
int aclshmem_longlong_p(long long *dest, long long value, int pe);
long long aclshmem_longlong_g(const long long *source, int pe);
int aclshmem_uchar_put(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
int aclshmem_uchar_get(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
int aclshmem_uchar_put_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
int aclshmem_uchar_get_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
int aclshmem_uchar_p(unsigned char *dest, unsigned char value, int pe);
unsigned char aclshmem_uchar_g(const unsigned char *source, int pe);
int aclshmem_ushort_put(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
int aclshmem_ushort_get(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
int aclshmem_ushort_put_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
int aclshmem_ushort_get_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
int aclshmem_ushort_p(unsigned short *dest, unsigned short value, int pe);
unsigned short aclshmem_ushort_g(const unsigned short *source, int pe);
int aclshmem_uint_put(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
int aclshmem_uint_get(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
int aclshmem_uint_put_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
int aclshmem_uint_get_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
int aclshmem_uint_p(unsigned int *dest, unsigned int value, int pe);
unsigned int aclshmem_uint_g(const unsigned int *source, int pe);
int aclshmem_ulong_put(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
int aclshmem_ulong_get(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
int aclshmem_ulong_put_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
int aclshmem_ulong_get_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
int aclshmem_ulong_p(unsigned long *dest, unsigned long value, int pe);
unsigned long aclshmem_ulong_g(const unsigned long *source, int pe);
int aclshmem_ulonglong_put(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
int aclshmem_ulonglong_get(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
int aclshmem_ulonglong_put_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
int aclshmem_ulonglong_get_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
int aclshmem_ulonglong_p(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long aclshmem_ulonglong_g(const unsigned long long *source, int pe);
int aclshmem_int8_put(int8_t *dest, const int8_t *source, size_t nelems, int pe);
int aclshmem_int8_get(int8_t *dest, const int8_t *source, size_t nelems, int pe);
int aclshmem_int8_put_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
int aclshmem_int8_get_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
int aclshmem_int8_p(int8_t *dest, int8_t value, int pe);
int8_t aclshmem_int8_g(const int8_t *source, int pe);
int aclshmem_int16_put(int16_t *dest, const int16_t *source, size_t nelems, int pe);
int aclshmem_int16_get(int16_t *dest, const int16_t *source, size_t nelems, int pe);
int aclshmem_int16_put_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
int aclshmem_int16_get_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
int aclshmem_int16_p(int16_t *dest, int16_t value, int pe);
int16_t aclshmem_int16_g(const int16_t *source, int pe);
int aclshmem_int32_put(int32_t *dest, const int32_t *source, size_t nelems, int pe);
int aclshmem_int32_get(int32_t *dest, const int32_t *source, size_t nelems, int pe);
int aclshmem_int32_put_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
int aclshmem_int32_get_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
int aclshmem_int32_p(int32_t *dest, int32_t value, int pe);
int32_t aclshmem_int32_g(const int32_t *source, int pe);
int aclshmem_int64_put(int64_t *dest, const int64_t *source, size_t nelems, int pe);
int aclshmem_int64_get(int64_t *dest, const int64_t *source, size_t nelems, int pe);
int aclshmem_int64_put_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
int aclshmem_int64_get_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
int aclshmem_int64_p(int64_t *dest, int64_t value, int pe);
int64_t aclshmem_int64_g(const int64_t *source, int pe);
int aclshmem_uint8_put(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
int aclshmem_uint8_get(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
int aclshmem_uint8_put_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
int aclshmem_uint8_get_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
int aclshmem_uint8_p(uint8_t *dest, uint8_t value, int pe);
uint8_t aclshmem_uint8_g(const uint8_t *source, int pe);
int aclshmem_uint16_put(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
int aclshmem_uint16_get(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
int aclshmem_uint16_put_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
int aclshmem_uint16_get_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
int aclshmem_uint16_p(uint16_t *dest, uint16_t value, int pe);
uint16_t aclshmem_uint16_g(const uint16_t *source, int pe);
int aclshmem_uint32_put(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
int aclshmem_uint32_get(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
int aclshmem_uint32_put_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
int aclshmem_uint32_get_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
int aclshmem_uint32_p(uint32_t *dest, uint32_t value, int pe);
uint32_t aclshmem_uint32_g(const uint32_t *source, int pe);
int aclshmem_uint64_put(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
int aclshmem_uint64_get(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
int aclshmem_uint64_put_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
int aclshmem_uint64_get_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
int aclshmem_uint64_p(uint64_t *dest, uint64_t value, int pe);
uint64_t aclshmem_uint64_g(const uint64_t *source, int pe);
int aclshmem_size_put(size_t *dest, const size_t *source, size_t nelems, int pe);
int aclshmem_size_get(size_t *dest, const size_t *source, size_t nelems, int pe);
int aclshmem_size_put_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
int aclshmem_size_get_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
int aclshmem_size_p(size_t *dest, size_t value, int pe);
size_t aclshmem_size_g(const size_t *source, int pe);
int aclshmem_ptrdiff_put(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
int aclshmem_ptrdiff_get(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
int aclshmem_ptrdiff_put_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
int aclshmem_ptrdiff_get_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
int aclshmem_ptrdiff_p(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t aclshmem_ptrdiff_g(const ptrdiff_t *source, int pe);
/* end typed */

/* Ordering and synchronization. */
int aclshmem_quiet(void);
int aclshmem_fence(void);
int aclshmem_barrier_all(void);
int aclshmem_sync_all(void);

enum {
    ACLSHMEM_CMP_EQ = 0,
    ACLSHMEM_CMP_NE,
    ACLSHMEM_CMP_GT,
    ACLSHMEM_CMP_LE,
    ACLSHMEM_CMP_LT,
    ACLSHMEM_CMP_GE,
};

/* Signals: a put whose arrival is announced by an update of a 64-bit word. */
enum {
    ACLSHMEM_SIGNAL_SET = 0,
    ACLSHMEM_SIGNAL_ADD = 1,
};
int aclshmemx_putmem_signal(void *dest, const void *source, size_t nbytes, uint64_t *sig_addr,
                            uint64_t signal, int sig_op, int pe);
int aclshmemx_putmem_signal_nbi(void *dest, const void *source, size_t nbytes, uint64_t *sig_addr,
                                uint64_t signal, int sig_op, int pe);
int aclshmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
uint64_t aclshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* For the types of the seed (char, float, int8, ...) and those of
 * OpenSHMEM's table 7 (MISHMEM_ACL_P2P_SYNC_TYPES). */
/* typed ACL_P2P_SYNC_TYPES(T, N), expanded by scripts/gen_types.py:
int aclshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);
*/
int aclshmem_float_wait_until(float *ivar, int cmp, float cmp_value);
int aclshmem_char_wait_until(char *ivar, int cmp, char cmp_value);
int aclshmem_short_wait_until(short *ivar, int cmp, short cmp_value);
int aclshmem_int_wait_until(int *ivar, int cmp, int cmp_value);
int aclshmem_long_wait_until(long *ivar, int cmp, long cmp_value);
int aclshmem_longlong_wait_until(long long *ivar, int cmp, long long cmp_value);
int aclshmem_ushort_wait_until(unsigned short *ivar, int cmp, unsigned short cmp_value);
int aclshmem_uint_wait_until(unsigned int *ivar, int cmp, unsigned int cmp_value);
int aclshmem_ulong_wait_until(unsigned long *ivar, int cmp, unsigned long cmp_value);
int aclshmem_ulonglong_wait_until(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
int aclshmem_int8_wait_until(int8_t *ivar, int cmp, int8_t cmp_value);
int aclshmem_int16_wait_until(int16_t *ivar, int cmp, int16_t cmp_value);
int aclshmem_int32_wait_until(int32_t *ivar, int cmp, int32_t cmp_value);
int aclshmem_int64_wait_until(int64_t *ivar, int cmp, int64_t cmp_value);
int aclshmem_uint8_wait_until(uint8_t *ivar, int cmp, uint8_t cmp_value);
int aclshmem_uint16_wait_until(uint16_t *ivar, int cmp, uint16_t cmp_value);
int aclshmem_uint32_wait_until(uint32_t *ivar, int cmp, uint32_t cmp_value);
int aclshmem_uint64_wait_until(uint64_t *ivar, int cmp, uint64_t cmp_value);
int aclshmem_size_wait_until(size_t *ivar, int cmp, size_t cmp_value);
int aclshmem_ptrdiff_wait_until(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
/* end typed */

/* Introspection (mishmem; hand-written, see aclshmemx_instance_list(3),
 * aclshmemx_instance_stats(3), aclshmemx_heap_used(3)). This PE's view;
 * none of them is collective, all may be called from any thread. */

/* The ids of the instances live in this process, ascending. *count gets
 * how many there are; ids gets them when capacity is enough (ids NULL with
 * capacity 0 asks only the count; ACLSHMEM_MAX_INSTANCES always suffices).
 * ACLSHMEM_INVALID_PARAM: count is NULL, or ids is NULL with capacity > 0;
 * ACLSHMEM_INVALID_VALUE: capacity is too small (*count says how many are
 * needed, ids is untouched). */
int aclshmemx_instance_list(uint64_t *ids, size_t capacity, size_t *count);

/* Kinds of operations and transports, the indices of the arrays below. */
enum {
    ACLSHMEMX_STATS_PUT = 0,
    ACLSHMEMX_STATS_GET = 1,
    ACLSHMEMX_STATS_AMO = 2,
    ACLSHMEMX_STATS_SIGNAL = 3,
    ACLSHMEMX_STATS_COLLECTIVE = 4,
    ACLSHMEMX_STATS_KINDS = 5,
};
enum {
    ACLSHMEMX_STATS_VIA_SHM = 0, /* the shared-memory transport (MISHMEM_PEERS_UNMAPPED=1) */
    ACLSHMEMX_STATS_VIA_OFI = 1, /* libfabric: peers on other hosts */
    ACLSHMEMX_STATS_TRANSPORTS = 2,
};
#define ACLSHMEMX_INSTANCE_STATS_VERSION 1

/* One instance's counters on this PE since it was created. Set `size` to
 * sizeof(aclshmemx_instance_stats_t) before the call; the library fills
 * what it knows of that many bytes, zeroes the rest and sets `version`.
 * Later versions only append fields. What is counted, precisely:
 * aclshmemx_instance_stats(3). Load/store operations on mapped peers are
 * not counted (they stay on the fast path). */
typedef struct {
    uint32_t size;    /* in: the caller's sizeof(aclshmemx_instance_stats_t) */
    uint32_t version; /* out: ACLSHMEMX_INSTANCE_STATS_VERSION of the library */
    uint64_t ops[ACLSHMEMX_STATS_KINDS];   /* operations that left the fast path, by kind */
    uint64_t bytes[ACLSHMEMX_STATS_KINDS]; /* ... and their bytes */
    uint64_t transport_ops[ACLSHMEMX_STATS_TRANSPORTS];   /* operations handed to a transport */
    uint64_t transport_bytes[ACLSHMEMX_STATS_TRANSPORTS]; /* ... and their bytes */
    uint64_t waits;     /* waits that outlasted their first spins */
    uint64_t sleeps;    /* sleeps of those waits */
    uint64_t asleep_ns; /* time spent in those sleeps */
} aclshmemx_instance_stats_t;

/* ACLSHMEM_INVALID_PARAM: stats is NULL, stats->size is smaller than
 * version 1's, or no live instance has this id; ACLSHMEM_INVALID_VALUE:
 * the id is above ACLSHMEM_MAX_INSTANCE_ID. */
int aclshmemx_instance_stats(uint64_t instance_id, aclshmemx_instance_stats_t *stats);

/* Bytes of the instance's symmetric heap on this PE that are allocated /
 * not allocated (the largest block that fits may be smaller: free space
 * can be split). Errors as for aclshmemx_instance_stats. */
int aclshmemx_heap_used(uint64_t instance_id, size_t *bytes);
int aclshmemx_heap_free(uint64_t instance_id, size_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
