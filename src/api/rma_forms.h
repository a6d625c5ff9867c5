/* The shapes of contiguous RMA (put/get, their _nbi forms, p/g), written
 * once for both faces and every form: shmem_rma.c instantiates them for
 * the OpenSHMEM face (plain and context forms), aclshmem_rma.c for the
 * aclshmem face. A shape is given by F, PRE, HEAD and INST (face.h and
 * amo_forms.h say what they are); T the element type (void for the
 * *mem forms) and BYTES the size of the transfer, an expression of the
 * function's nelems: overflow-safe (mishmem_elems_bytes), a count too
 * large for size_t fails the range check. Non-blocking forms complete at
 * the next quiet (a mapped peer's at once). */
#ifndef MISHMEM_API_RMA_FORMS_H
#define MISHMEM_API_RMA_FORMS_H

#include "api/face.h"
#include "core/rma/rma.h"

#define RMA_STR(x) RMA_STR_(x)
#define RMA_STR_(x) #x

/* One call of the core's op: the instance is found first (a team context
 * also renumbers pe), then END(op(...)) ends the call with the core's code
 * (FACE_RETURN) or drops it (FACE_DROP). */
#define RMA_CALL(INST, POLICY, END, NAME, op, dest, source, bytes, pe)                            \
    do {                                                                                          \
        struct mishmem_instance *inst_ = INST(RMA_STR(NAME), &(pe));                              \
        END(op(inst_, RMA_STR(NAME), dest, source, bytes, pe, POLICY));                           \
    } while (0)

/* RESULT NAME(T *dest, const T *source, size_t nelems, int pe) moving BYTES. */
#define RMA_TRANSFER(F, PRE, HEAD, INST, NAME, op, T, BYTES)                                      \
    FACE_RESULT(F) PRE##NAME(HEAD() T *dest, const T *source, size_t nelems, int pe)              \
    {                                                                                             \
        RMA_CALL(INST, FACE_POLICY(F), FACE_RETURN(F), PRE##NAME, op, dest, source, BYTES, pe);   \
    }

/* put, get, put_nbi, get_nbi named PUT, GET, PUT_nbi, GET_nbi. */
#define RMA_PUT_GET(F, PRE, HEAD, INST, PUT, GET, T, BYTES)                \
    RMA_TRANSFER(F, PRE, HEAD, INST, PUT, mishmem_put, T, BYTES)           \
    RMA_TRANSFER(F, PRE, HEAD, INST, GET, mishmem_get, T, BYTES)           \
    RMA_TRANSFER(F, PRE, HEAD, INST, PUT##_nbi, mishmem_put_nbi, T, BYTES) \
    RMA_TRANSFER(F, PRE, HEAD, INST, GET##_nbi, mishmem_get_nbi, T, BYTES)

/* The untyped forms: putmem, getmem (nelems counts bytes). */
#define RMA_MEM_FORMS(F, PRE, HEAD, INST) RMA_PUT_GET(F, PRE, HEAD, INST, putmem, getmem, void, nelems)

/* The typed forms of type T named N: put, get, their _nbi, p and g. */
#define RMA_TYPED_FORMS(F, PRE, HEAD, INST, T, N)                                                       \
    RMA_PUT_GET(F, PRE, HEAD, INST, N##_put, N##_get, T, mishmem_elems_bytes(nelems, sizeof(T)))         \
    FACE_RESULT(F) PRE##N##_p(HEAD() T *dest, T value, int pe)                                         \
    {                                                                                                   \
        RMA_CALL(INST, FACE_POLICY(F), FACE_RETURN(F), PRE##N##_p, mishmem_put, dest, &value, sizeof(T), \
                 pe);                                                                                   \
    }                                                                                                   \
    T PRE##N##_g(HEAD() const T *source, int pe)                                                        \
    {                                                                                                   \
        T value = 0;                                                                                    \
        RMA_CALL(INST, FACE_VALUE_POLICY(F), FACE_DROP, PRE##N##_g, mishmem_get, &value, source,        \
                 sizeof(T), pe);                                                                        \
        return value;                                                                                   \
    }

/* The sized forms: elements of B bits (put8 ... put128). */
#define RMA_SIZED_FORMS(F, PRE, HEAD, INST, B) \
    RMA_PUT_GET(F, PRE, HEAD, INST, put##B, get##B, void, mishmem_elems_bytes(nelems, B / 8))

#endif
