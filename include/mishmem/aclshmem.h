/* The aclshmem face: the seed library's API, on CPU processes.
 * Include <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_H
#define MISHMEM_ACLSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/type_tables.h>

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

/* Limits (see the README's table). */
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
    const char *ip_port;     /* "tcp://HOST:PORT" (PORT may be 0, see README) */
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

#define MISHMEM_DECLARE_ACL_RMA(T, N)                                               \
    int aclshmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);      \
    int aclshmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);      \
    int aclshmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);  \
    int aclshmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);  \
    int aclshmem_##N##_p(T *dest, T value, int pe);                               \
    T aclshmem_##N##_g(const T *source, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_ACL_RMA)
#undef MISHMEM_DECLARE_ACL_RMA

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
#define MISHMEM_DECLARE_ACL_WAIT(T, N)                                     \
    int aclshmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);
MISHMEM_ACL_P2P_SYNC_TYPES(MISHMEM_DECLARE_ACL_WAIT)
#undef MISHMEM_DECLARE_ACL_WAIT

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
