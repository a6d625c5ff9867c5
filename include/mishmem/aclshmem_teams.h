/* Placeholder: filled in by the issue that builds this family. */
#ifndef MISHMEM_ACLSHMEM_TEAMS_H
#define MISHMEM_ACLSHMEM_TEAMS_H
#endif
