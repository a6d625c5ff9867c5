/* Every environment variable mishmem reads, declared once. The same table
 * parses them and prints them for SHMEM_INFO; nobody calls getenv elsewhere.
 * X(name, default or NULL, meaning) */
#ifndef MISHMEM_UTIL_ENV_H
#define MISHMEM_UTIL_ENV_H

#include <stdint.h>
#include <stdio.h>

#define MISHMEM_ENV_TABLE(X)                                                                        \
    X(SHMEM_LOG_LEVEL, "WARN", "log threshold: DEBUG, INFO, WARN, ERROR or FATAL (or 0..4)")        \
    X(SHMEM_LOG_TO_STDOUT, "0", "1: log to stdout instead of stderr")                              \
    X(SHMEM_SYMMETRIC_SIZE, "256M", "symmetric heap per PE for shmem_init (K/M/G/T suffixes, fractions: 1.5G)") \
    X(SHMEM_INSTANCE_PORT_RANGE, NULL, "start:end; ip_port with port 0 uses start + instance_id")  \
    X(SHMEM_WORLD_INSTANCE_ID, "0", "instance id that shmem_init builds its world in")             \
    X(SHMEM_BOOTSTRAP_SECRET, NULL, "rendezvous secret for PEs started by hand (unset: none)")      \
    X(SHMEM_UID_SESSION_ID, NULL, "unique ids listen on ip:port, [ipv6]:port or host:port (port 0: any)") \
    X(SHMEM_UID_SOCK_IFNAME, NULL, "unique ids listen on ifname[:inet4|inet6] (if no SESSION_ID)")  \
    X(MISHMEM_PLUGIN_DIR, NULL, "directory searched first for bootstrap plugins (mpi, pmix)")          \
    X(SHMEM_INIT_TIMEOUT, "120", "seconds shmem_init waits for the rendezvous")                    \
    X(SHMEM_VERSION, "0", "1: print the library version at start-up")                              \
    X(SHMEM_INFO, "0", "1: print the version and every variable of this table at start-up")        \
    X(SHMEM_DEBUG, "0", "1: deeper argument checks on every call (slower)")                         \
    X(MISHMEM_WAIT_SLEEP_US, NULL, "microseconds a wait spins and yields before it sleeps (default 50 when PEs outnumber cores, else 200)") \
    X(MISHMEM_WAIT_SLEEP_MAX_US, "1000", "longest sleep of a wait before it looks again (writes that ring wake it sooner)") \
    X(MISHMEM_BALANCE, "1", "0: never move a waiting PE off a CPU it shares while another CPU idles (PEs > cores only)") \
    X(MISHMEM_HOST_ID, NULL, "this PE's host name for locality (%p: the PE number, h%p makes every PE its own host; %Np: the PE number / N)") \
    X(MISHMEM_PEERS_UNMAPPED, "0", "1: reach local peers through the transport interface as remote ones (tests that path)") \
    X(MISHMEM_COLL_PORTABLE, "0", "1: collectives and barriers of every team use the portable family (put/get/AMO only)") \
    X(MISHMEM_OFI_LIBRARY, "libfabric.so.1", "the libfabric library loaded when an instance first has a peer on another host") \
    X(MISHMEM_OFI_PROVIDER, "tcp;ofi_rxm", "libfabric provider for peers on other hosts (fi_info -l lists them)") \
    X(MISHMEM_AMO_PATH, NULL, "cpu or fabric: how AMOs reach local PEs of an instance that spans hosts (default: cpu where the provider runs atomics on the target's CPU, else fabric)") \
    X(MISHMEM_PEER_TIMEOUT_MS, "5000", "milliseconds a peer on another host may leave the fabric unanswered (every connection attempt refused or unanswered) before it is taken for dead") \
    X(MISHMEM_OFI_DOMAIN, NULL, "libfabric domain (a wildcard, e.g. eth*); default: the first that is not the loopback") \
    X(MISHMEM_FD_TRANSFER, "auto", "socket: pass heap descriptors over Unix sockets (the fallback) always") \
    X(MISHMEM_PE, NULL, "set by mishmemrun: this process's PE number")                             \
    X(MISHMEM_NPES, NULL, "set by mishmemrun: the number of PEs")                                  \
    X(MISHMEM_RDV_ADDR, NULL, "set by mishmemrun: tcp://HOST:PORT of PE 0's rendezvous")           \
    X(MISHMEM_RDV_FD, NULL, "set by mishmemrun for PE 0: inherited listening socket")              \
    X(MISHMEM_SECRET, NULL, "set by mishmemrun: the job's rendezvous secret (hex)")                \
    X(MISHMEM_CTRL_FD, NULL, "set by mishmemrun: pipe to report shmem_global_exit status") \
    X(MISHMEM_JOB_BOARD_FD, NULL, "set by mishmemrun: page where it marks the PEs that have exited") \
    X(MISHMEM_PORT_RANGE, NULL, "set by mishmemrun: a free start:end, used like SHMEM_INSTANCE_PORT_RANGE while that is unset") \
    X(PMI_SIZE, NULL, "set by a PMI-1/PMI-2 server (srun --mpi=pmi2, MPICH's hydra): above 1, shmem_init refuses (mishmem speaks PMIx)") \
    X(PMI_RANK, NULL, "set by a PMI-1/PMI-2 server: this process's rank") \
    X(PMIX_RANK, NULL, "set by a PMIx server (mpirun, srun --mpi=pmix): with PMIX_NAMESPACE, shmem_init uses PMIx mode") \
    X(PMIX_NAMESPACE, NULL, "set by a PMIx server: the job's namespace")

enum mishmem_env_id {
#define MISHMEM_ENV_ENUM(name, def, meaning) MISHMEM_ENV_##name,
    MISHMEM_ENV_TABLE(MISHMEM_ENV_ENUM)
#undef MISHMEM_ENV_ENUM
    MISHMEM_ENV_COUNT
};

const char *mishmem_env_name(enum mishmem_env_id id);
/* The value if set (and non-empty), else the default (may be NULL). */
const char *mishmem_env_string(enum mishmem_env_id id);
int mishmem_env_is_set(enum mishmem_env_id id);
int mishmem_env_bool(enum mishmem_env_id id);
/* Parses a decimal integer; returns 0 on success, -1 when malformed. */
int mishmem_env_long(enum mishmem_env_id id, long *out);
/* The same, within [low, high]; else a logged error naming the variable
 * and ACLSHMEM_INVALID_VALUE (ACLSHMEM_SUCCESS when fine). */
int mishmem_env_long_in(enum mishmem_env_id id, long low, long high, long *out);
/* Parses a size with an optional K/M/G/T suffix (powers of 1024) and an
 * optional fraction (1.5G), rounded down to a byte. */
int mishmem_env_size(enum mishmem_env_id id, uint64_t *out);
int mishmem_parse_size(const char *text, uint64_t *out);
void mishmem_env_print(FILE *out);

#endif
