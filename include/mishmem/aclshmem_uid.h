/* Unique-id mode of the aclshmem face: one PE makes a unique id, the
 * bytes reach the other PEs by any means (a file, MPI_Bcast, a put into a
 * running instance), and every PE initializes with it. Include <shmem.h>. */
#ifndef MISHMEM_ACLSHMEM_UID_H
#define MISHMEM_ACLSHMEM_UID_H

#include <stdint.h>

#include <mishmem/aclshmem.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACLSHMEM_UNIQUE_ID_INNER_LEN 124

/* Plain bytes: copy it with memcpy, send it anywhere. `internal` holds the
 * rendezvous address of the PE that made it, a random 32-byte secret and a
 * random 64-bit nonce. my_pe and n_pes are kept for the seed's layout;
 * mishmem does not read them. */
typedef struct {
    int32_t version;
    int my_pe;
    int n_pes;
    char internal[ACLSHMEM_UNIQUE_ID_INNER_LEN];
} aclshmemx_uniqueid_t;

#define ACLSHMEM_UNIQUEID_VERSION ((1 << 16) + (int32_t)sizeof(aclshmemx_uniqueid_t))
#define ACLSHMEM_UNIQUEID_INITIALIZER { ACLSHMEM_UNIQUEID_VERSION, 0, 0, { 0 } }

/* Makes a unique id whose holder becomes PE 0 of the instance initialized
 * with it. Opens a listening socket (close-on-exec), kept by the library
 * until this process's aclshmemx_init_attr with this id uses it (once), or
 * the process ends. Its address: SHMEM_UID_SESSION_ID, else the interface
 * in SHMEM_UID_SOCK_IFNAME, else the first non-loopback interface that is
 * up, else loopback. Returns ACLSHMEM_* (INVALID_VALUE for malformed
 * variables, BOOTSTRAP_ERROR when the socket cannot be made). */
int aclshmemx_get_uniqueid(aclshmemx_uniqueid_t *uid);

/* Fills attr's my_pe, n_pes, local_mem_size and comm_args (= uid, which
 * must stay valid until aclshmemx_init_attr returns); everything else in
 * attr (instance_id, option_attr) is left as the caller set it. Then call
 * aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, attr). */
int aclshmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                     aclshmemx_uniqueid_t *uid, aclshmemx_init_attr_t *attr);

#ifdef __cplusplus
}
#endif

#endif
