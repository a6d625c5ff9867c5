/* The OpenSHMEM 1.6 face. Include <shmem.h>, not this file.
 * Every call acts on the current instance (see aclshmemx_instance_ctx_set). */
#ifndef MISHMEM_OPENSHMEM_H
#define MISHMEM_OPENSHMEM_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/type_tables.h>

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
 * overrides (see pshmem_* in the README). */
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

#define MISHMEM_DECLARE_SHMEM_RMA(T, N)                                            \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);       \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);       \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);   \
    void shmem_##N##_p(T *dest, T value, int pe);                                \
    T shmem_##N##_g(const T *source, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_SHMEM_RMA)
#undef MISHMEM_DECLARE_SHMEM_RMA

#define MISHMEM_DECLARE_SHMEM_SIZED(B)                                             \
    void shmem_put##B(void *dest, const void *source, size_t nelems, int pe);    \
    void shmem_get##B(void *dest, const void *source, size_t nelems, int pe);    \
    void shmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe); \
    void shmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe);
MISHMEM_SIZED_RMA(MISHMEM_DECLARE_SHMEM_SIZED)
#undef MISHMEM_DECLARE_SHMEM_SIZED

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

#define MISHMEM_DECLARE_SHMEM_WAIT(T, N)                                   \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);
MISHMEM_P2P_SYNC_TYPES(MISHMEM_DECLARE_SHMEM_WAIT)
#undef MISHMEM_DECLARE_SHMEM_WAIT

#ifdef __cplusplus
}
#endif

#endif
