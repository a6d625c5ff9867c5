/* OpenSHMEM face: typed and sized put-with-signal on the current
 * instance, generated from the type table. */
#include "api/face.h"
#include "core/signal/signal.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

#define SHMEM_PUT_SIGNAL(call, dest, source, bytes, sig_addr, signal, sig_op, pe)                  \
    mishmem_put_signal(mishmem_current(), call, dest, source, bytes, sig_addr, signal, sig_op, pe, \
                       MISHMEM_ABORT)
/* Overflow-safe: a count too large for size_t fails the range check. */
#define ELEM_BYTES(nelems, size) mishmem_elems_bytes(nelems, size)

#define DEFINE_SHMEM_PUT_SIGNAL(T, N)                                                            \
    void shmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,     \
                                uint64_t signal, int sig_op, int pe)                             \
    {                                                                                            \
        SHMEM_PUT_SIGNAL("shmem_" #N "_put_signal", dest, source, ELEM_BYTES(nelems, sizeof(T)), \
                         sig_addr, signal, sig_op, pe);                                          \
    }                                                                                            \
    void shmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr, \
                                    uint64_t signal, int sig_op, int pe)                         \
    {                                                                                            \
        SHMEM_PUT_SIGNAL("shmem_" #N "_put_signal_nbi", dest, source,                            \
                         ELEM_BYTES(nelems, sizeof(T)), sig_addr, signal, sig_op, pe);           \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_PUT_SIGNAL)

#define DEFINE_SHMEM_SIZED_SIGNAL(B)                                                             \
    void shmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, \
                               uint64_t signal, int sig_op, int pe)                              \
    {                                                                                            \
        SHMEM_PUT_SIGNAL("shmem_put" #B "_signal", dest, source, ELEM_BYTES(nelems, B / 8),      \
                         sig_addr, signal, sig_op, pe);                                          \
    }                                                                                            \
    void shmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems,                \
                                   uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)      \
    {                                                                                            \
        SHMEM_PUT_SIGNAL("shmem_put" #B "_signal_nbi", dest, source, ELEM_BYTES(nelems, B / 8),  \
                         sig_addr, signal, sig_op, pe);                                          \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_SIZED_SIGNAL)
