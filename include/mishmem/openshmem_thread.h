/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_OPENSHMEM_THREAD_H
#define MISHMEM_OPENSHMEM_THREAD_H
#endif
