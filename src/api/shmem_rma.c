/* OpenSHMEM face: RMA, generated from the type table. Misuse aborts with a
 * message naming the call, the PE and the address. */
#include "api/face.h"
#include "core/rma/rma.h"
#include "util/type_lists.h"

/* Overflow-safe: a count too large for size_t fails the range check. */
#define ELEM_BYTES(nelems, T) mishmem_elems_bytes(nelems, sizeof(T))

#define SHMEM_PUT(call, dest, source, bytes, pe) \
    mishmem_put(mishmem_current(), call, dest, source, bytes, pe, MISHMEM_ABORT)
#define SHMEM_GET(call, dest, source, bytes, pe) \
    mishmem_get(mishmem_current(), call, dest, source, bytes, pe, MISHMEM_ABORT)
/* Non-blocking: complete at the next quiet (a mapped peer's at once). */
#define SHMEM_PUT_NBI(call, dest, source, bytes, pe) \
    mishmem_put_nbi(mishmem_current(), call, dest, source, bytes, pe, MISHMEM_ABORT)
#define SHMEM_GET_NBI(call, dest, source, bytes, pe) \
    mishmem_get_nbi(mishmem_current(), call, dest, source, bytes, pe, MISHMEM_ABORT)

void shmem_putmem(void *dest, const void *source, size_t nelems, int pe)
{
    SHMEM_PUT("shmem_putmem", dest, source, nelems, pe);
}

void shmem_getmem(void *dest, const void *source, size_t nelems, int pe)
{
    SHMEM_GET("shmem_getmem", dest, source, nelems, pe);
}

void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe)
{
    SHMEM_PUT_NBI("shmem_putmem_nbi", dest, source, nelems, pe);
}

void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe)
{
    SHMEM_GET_NBI("shmem_getmem_nbi", dest, source, nelems, pe);
}

#define DEFINE_SHMEM_RMA(T, N)                                                               \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe)                    \
    {                                                                                        \
        SHMEM_PUT("shmem_" #N "_put", dest, source, ELEM_BYTES(nelems, T), pe);              \
    }                                                                                        \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe)                    \
    {                                                                                        \
        SHMEM_GET("shmem_" #N "_get", dest, source, ELEM_BYTES(nelems, T), pe);              \
    }                                                                                        \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe)                \
    {                                                                                        \
        SHMEM_PUT_NBI("shmem_" #N "_put_nbi", dest, source, ELEM_BYTES(nelems, T), pe);          \
    }                                                                                        \
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe)                \
    {                                                                                        \
        SHMEM_GET_NBI("shmem_" #N "_get_nbi", dest, source, ELEM_BYTES(nelems, T), pe);          \
    }                                                                                        \
    void shmem_##N##_p(T *dest, T value, int pe)                                             \
    {                                                                                        \
        SHMEM_PUT("shmem_" #N "_p", dest, &value, sizeof(T), pe);                            \
    }                                                                                        \
    T shmem_##N##_g(const T *source, int pe)                                                 \
    {                                                                                        \
        T value = 0;                                                                         \
        SHMEM_GET("shmem_" #N "_g", &value, source, sizeof(T), pe);                          \
        return value;                                                                        \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_RMA)

#define DEFINE_SHMEM_SIZED(B)                                                                               \
    void shmem_put##B(void *dest, const void *source, size_t nelems, int pe)                                \
    {                                                                                                       \
        SHMEM_PUT("shmem_put" #B, dest, source, mishmem_elems_bytes(nelems, B / 8), pe);                    \
    }                                                                                                       \
    void shmem_get##B(void *dest, const void *source, size_t nelems, int pe)                                \
    {                                                                                                       \
        SHMEM_GET("shmem_get" #B, dest, source, mishmem_elems_bytes(nelems, B / 8), pe);                    \
    }                                                                                                       \
    void shmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe)                          \
    {                                                                                                       \
        SHMEM_PUT_NBI("shmem_put" #B "_nbi", dest, source, mishmem_elems_bytes(nelems, B / 8), pe);             \
    }                                                                                                       \
    void shmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe)                          \
    {                                                                                                       \
        SHMEM_GET_NBI("shmem_get" #B "_nbi", dest, source, mishmem_elems_bytes(nelems, B / 8), pe);             \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_SIZED)
