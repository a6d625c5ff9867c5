/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_ACLSHMEM_P2P_H
#define MISHMEM_ACLSHMEM_P2P_H
#endif
