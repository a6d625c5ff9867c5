/* Every parameter mishmem reads from the environment, declared once:
 * X(name, type, default or NULL, min, max, category, meaning).
 * params.c parses this table into struct mishmem_params, SHMEM_INFO and
 * mishmem-info print it, docs/reference/environment.md is generated from
 * it. type: BOOL, LONG (min..max), SIZE (bytes, min..max; K/M/G/T
 * suffixes and fractions), STRING. min and max matter for LONG and SIZE. */
#ifndef MISHMEM_UTIL_PARAMS_TABLE_H
#define MISHMEM_UTIL_PARAMS_TABLE_H

#include <limits.h>

#include "mishmem/aclshmem.h"

#define MISHMEM_PARAM_TABLE(X)                                                                      \
    X(SHMEM_LOG_LEVEL, STRING, "WARN", 0, 0, LOG,                                                   \
      "log threshold: DEBUG, INFO, WARN, ERROR or FATAL (or 0..4)")                                 \
    X(SHMEM_LOG_TO_STDOUT, BOOL, "0", 0, 0, LOG, "1: log to stdout instead of stderr")              \
    X(SHMEM_SYMMETRIC_SIZE, SIZE, "256M", 1, ACLSHMEM_MAX_LOCAL_SIZE, HEAP,                         \
      "symmetric heap per PE for shmem_init (K/M/G/T suffixes, fractions: 1.5G)")                   \
    X(SHMEM_INSTANCE_PORT_RANGE, STRING, NULL, 0, 0, BOOTSTRAP,                                     \
      "start:end; ip_port with port 0 uses start + instance_id (unset under mishmemrun: "           \
      "its planned MISHMEM_PORT_RANGE)")                                                            \
    X(SHMEM_WORLD_INSTANCE_ID, LONG, "0", 0, ACLSHMEM_MAX_INSTANCE_ID, INIT,                        \
      "instance id that shmem_init builds its world in")                                            \
    X(SHMEM_BOOTSTRAP_SECRET, STRING, NULL, 0, 0, BOOTSTRAP,                                        \
      "rendezvous secret for PEs started by hand (unset: none)")                                    \
    X(SHMEM_UID_SESSION_ID, STRING, NULL, 0, 0, BOOTSTRAP,                                          \
      "unique ids listen on ip:port, [ipv6]:port or host:port (port 0: any)")                       \
    X(SHMEM_UID_SOCK_IFNAME, STRING, NULL, 0, 0, BOOTSTRAP,                                         \
      "unique ids listen on ifname[:inet4|inet6] (if no SESSION_ID)")                               \
    X(MISHMEM_PLUGIN_DIR, STRING, NULL, 0, 0, BOOTSTRAP,                                            \
      "directory searched first for the bootstrap plugins libmishmem_bootstrap_mpi.so and "         \
      "libmishmem_bootstrap_pmix.so")                                                               \
    X(SHMEM_INIT_TIMEOUT, LONG, "120", 1, 86400, INIT, "seconds shmem_init waits for the rendezvous") \
    X(SHMEM_VERSION, BOOL, "0", 0, 0, INFO, "1: print the library version at start-up")             \
    X(SHMEM_INFO, BOOL, "0", 0, 0, INFO,                                                            \
      "1: print the version and every parameter (value, where it came from) at start-up, once per job; " \
      "and each PE's counters of an instance at its finalize")                                      \
    X(SHMEM_DEBUG, BOOL, "0", 0, 0, INFO,                                                           \
      "1: debug output (init steps, bootstrap mode, transport per peer, heap layout) and deeper "   \
      "argument checks on every call (slower)")                                                     \
    X(MISHMEM_WAIT_SLEEP_US, LONG, NULL, 0, LONG_MAX, WAIT,                                         \
      "microseconds a wait spins and yields before it sleeps (default 50 when PEs outnumber cores, "  \
      "else 200, or 20000 in an instance with peers on other hosts, whose gets and AMOs a polling " \
      "wait answers at once)") \
    X(MISHMEM_WAIT_SLEEP_MAX_US, LONG, "1000", 0, LONG_MAX, WAIT,                                   \
      "longest sleep of a wait before it looks again (writes that ring wake it sooner)")            \
    X(MISHMEM_BALANCE, BOOL, "1", 0, 0, WAIT,                                                       \
      "0: never move a waiting PE off a CPU it shares while another CPU idles (PEs > cores only)")  \
    X(MISHMEM_HOST_ID, STRING, NULL, 0, 0, TRANSPORT,                                               \
      "this PE's host name for locality (%p: the PE number, h%p makes every PE its own host; "      \
      "%Np: the PE number / N, h%2p: two PEs per host)")                                            \
    X(MISHMEM_PEERS_UNMAPPED, BOOL, "0", 0, 0, TRANSPORT,                                           \
      "1: reach local peers through the transport interface as remote ones (tests that path)")      \
    X(MISHMEM_COLL_PORTABLE, BOOL, "0", 0, 0, COLL,                                                 \
      "1: collectives and barriers of every team use the portable family (put/get/AMO only)")       \
    X(MISHMEM_OFI_LIBRARY, STRING, "libfabric.so.1", 0, 0, TRANSPORT,                               \
      "the libfabric library loaded when an instance first has a peer on another host")             \
    X(MISHMEM_OFI_PROVIDER, STRING, NULL, 0, 0, TRANSPORT,                                          \
      "libfabric provider for peers on other hosts (fi_info -l lists them; default: a NIC's own "   \
      "in libfabric's order, else the fastest over the kernel's sockets measured: net where "      \
      "every host has a CPU per PE, else tcp;ofi_rxm)")                                             \
    X(MISHMEM_OFI_PROGRESS, STRING, "choose", 0, 0, TRANSPORT,                                     \
      "manual: waits drive the fabric and a thread of ours serves targets outside the library "     \
      "(lower latency, slower when PEs outnumber CPUs); auto: the provider's own progress thread "  \
      "moves data; choose: manual when the instance's PEs on this kernel are no more than the "     \
      "CPUs this process may use, else auto")                                                       \
    X(MISHMEM_OFI_ATOMICS, STRING, "auto", 0, 0, TRANSPORT,                                        \
      "fabric: the provider's atomics; message: the target's progress applies each AMO with the "   \
      "CPU's atomics; auto: message on a provider over the kernel's sockets with manual progress "  \
      "(its puts then need no acknowledgement), else fabric when the provider has every atomic "     \
      "OpenSHMEM needs")                                                                            \
    X(MISHMEM_AMO_PATH, STRING, NULL, 0, 0, TRANSPORT,                                              \
      "cpu or fabric: how AMOs reach local PEs of an instance that spans hosts (default: cpu "      \
      "where the provider runs atomics on the target's CPU, else fabric)")                          \
    X(MISHMEM_PEER_TIMEOUT_MS, LONG, "30000", 1, 3600000, TRANSPORT,                                \
      "milliseconds a peer on another host may leave the fabric unanswered (every connection "      \
      "attempt refused or unanswered) before it is taken for dead; long enough for TCP to "         \
      "retransmit through a transient cut or a loaded machine")                                     \
    X(MISHMEM_OFI_TCP_RTO_MIN_US, LONG, "10000", 0, 200000, TRANSPORT,                              \
      "retransmission timer floor set on the TCP connections of libfabric's socket providers "      \
      "(Linux 6.15+ takes 5000-200000): a lost segment then waits about this long, not Linux's "    \
      "200 ms; 0 leaves the kernel's")                                                              \
    X(MISHMEM_OFI_PUT_ACKS, BOOL, "0", 0, 0, TRANSPORT,                                             \
      "1: the target acknowledges every put and atomic (the provider's delivery completion), and a "\
      "quiet waits for the acknowledgements; 0: where the provider orders reads after writes, a put "\
      "completes once sent and a quiet reads once from each peer written since the last instead")  \
    X(MISHMEM_OFI_DOMAIN, STRING, NULL, 0, 0, TRANSPORT,                                            \
      "libfabric domain (a wildcard, e.g. eth*); default: the first that is not the loopback")      \
    X(MISHMEM_FD_TRANSFER, STRING, "auto", 0, 0, TRANSPORT,                                         \
      "socket: always pass heap descriptors over Unix sockets (tests the fallback)")                \
    X(MISHMEM_PE, LONG, NULL, 0, ACLSHMEM_MAX_PES - 1, LAUNCHER,                                    \
      "set by mishmemrun: this process's PE number")                                                \
    X(MISHMEM_NPES, LONG, NULL, 1, ACLSHMEM_MAX_PES, LAUNCHER, "set by mishmemrun: the number of PEs") \
    X(MISHMEM_RDV_ADDR, STRING, NULL, 0, 0, LAUNCHER,                                               \
      "set by mishmemrun: tcp://HOST:PORT of PE 0's rendezvous")                                    \
    X(MISHMEM_RDV_FD, LONG, NULL, 0, 1 << 20, LAUNCHER,                                             \
      "set by mishmemrun for PE 0: inherited listening socket")                                     \
    X(MISHMEM_SECRET, STRING, NULL, 0, 0, LAUNCHER,                                                 \
      "set by mishmemrun: the job's rendezvous secret (hex)")                                       \
    X(MISHMEM_CTRL_FD, LONG, NULL, 0, INT_MAX, LAUNCHER,                                            \
      "set by mishmemrun: pipe to report shmem_global_exit status")                                 \
    X(MISHMEM_JOB_BOARD_FD, LONG, NULL, 0, 1 << 20, LAUNCHER,                                       \
      "set by mishmemrun: page where it marks the PEs that have exited")                            \
    X(MISHMEM_PORT_RANGE, STRING, NULL, 0, 0, LAUNCHER,                                             \
      "set by mishmemrun: a free start:end, used like SHMEM_INSTANCE_PORT_RANGE while that is unset") \
    X(PMI_SIZE, LONG, NULL, 0, LONG_MAX, PMI,                                                       \
      "set by a PMI-1/PMI-2 server (srun --mpi=pmi2, MPICH's hydra): above 1, shmem_init refuses "  \
      "(mishmem speaks PMIx)")                                                                      \
    X(PMI_RANK, STRING, NULL, 0, 0, PMI, "set by a PMI-1/PMI-2 server: this process's rank")        \
    X(PMIX_RANK, STRING, NULL, 0, 0, PMI,                                                           \
      "set by a PMIx server (mpirun, srun --mpi=pmix): with PMIX_NAMESPACE, shmem_init uses PMIx mode") \
    X(PMIX_NAMESPACE, STRING, NULL, 0, 0, PMI, "set by a PMIx server: the job's namespace")

#endif
