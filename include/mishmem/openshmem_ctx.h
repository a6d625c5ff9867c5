/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_OPENSHMEM_CTX_H
#define MISHMEM_OPENSHMEM_CTX_H
#endif
