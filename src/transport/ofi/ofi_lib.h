/* libfabric, loaded when the first instance spans hosts: the handful of
 * its functions that are real symbols (the rest of its API is inline
 * calls through the objects it returns). libmishmem never links it, so a
 * single-host program loads none of it (nor what it pulls in). */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_LIB_H
#define MISHMEM_TRANSPORT_OFI_OFI_LIB_H

#include <rdma/fabric.h>

/* The libfabric API version every fi_getinfo of the transport asks for. */
#define MISHMEM_OFI_API FI_VERSION(1, 14)

struct mishmem_ofi_lib {
    int (*getinfo)(uint32_t version, const char *node, const char *service, uint64_t flags,
                   const struct fi_info *hints, struct fi_info **info);
    void (*freeinfo)(struct fi_info *info);
    struct fi_info *(*dupinfo)(const struct fi_info *info);
    int (*fabric)(struct fi_fabric_attr *attr, struct fid_fabric **fabric, void *context);
    const char *(*strerror)(int errnum);
};

/* The loaded library, loading it on the first call (thread-safe). NULL,
 * with an error logged that names the library and why, when it cannot be
 * loaded. */
const struct mishmem_ofi_lib *mishmem_ofi_lib_load(void);

/* libfabric's text for a negative or positive FI_* code; usable only
 * after a successful load. */
const char *mishmem_ofi_strerror(int errnum);

#endif
