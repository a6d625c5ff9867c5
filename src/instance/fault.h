/* Faults (SIGSEGV, SIGBUS) said in words before the process dies: a
 * fault inside a library call names the call and the address, and a
 * fault on the symmetric heap of an instance that has been finalized says
 * so. Nothing on the data path: the handler is installed once, when the
 * first instance is made, and chains to the handler it replaced. */
#ifndef MISHMEM_INSTANCE_FAULT_H
#define MISHMEM_INSTANCE_FAULT_H

#include <stdint.h>

/* Installs the handler (once per process; later calls do nothing). */
void mishmem_fault_handler_install(void);

/* Remembers that [base, base + size) was instance id's heap, released now
 * (the last few such ranges are kept). */
void mishmem_fault_note_released(uint64_t id, const void *base, uint64_t size);

#endif
