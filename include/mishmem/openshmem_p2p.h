/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_OPENSHMEM_P2P_H
#define MISHMEM_OPENSHMEM_P2P_H
#endif
