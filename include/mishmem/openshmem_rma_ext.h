/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_OPENSHMEM_RMA_EXT_H
#define MISHMEM_OPENSHMEM_RMA_EXT_H
#endif
