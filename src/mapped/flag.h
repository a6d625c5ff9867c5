/* A word that one PE writes and others poll, alone on its cache line, so
 * that pollers of different words never share a line. */
#ifndef MISHMEM_MAPPED_FLAG_H
#define MISHMEM_MAPPED_FLAG_H

#include <stdatomic.h>
#include <stdint.h>

#define MISHMEM_CACHE_LINE 64

struct mishmem_flag {
    _Alignas(MISHMEM_CACHE_LINE) _Atomic uint64_t value;
};

#endif
