/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_ACLSHMEM_RMA_EXT_H
#define MISHMEM_ACLSHMEM_RMA_EXT_H
#endif
