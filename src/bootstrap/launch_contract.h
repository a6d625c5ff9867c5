/* The launch contract between mishmemrun (tools/) and the library
 * (src/bootstrap/), written once: the variables the launcher puts in each
 * PE's environment and the layout of its job board. Both sides include
 * this header. The library reads the variables through its parameter
 * table (src/util/params_table.h, category LAUNCHER); params_parse checks
 * that the table's names are these. Plain C with no mishmem types: the
 * launcher is built without the library. */
#ifndef MISHMEM_BOOTSTRAP_LAUNCH_CONTRACT_H
#define MISHMEM_BOOTSTRAP_LAUNCH_CONTRACT_H

#include <stdint.h>

/* Every PE: its PE number and the job's PE count, decimal. */
#define MISHMEM_LAUNCH_PE "MISHMEM_PE"
#define MISHMEM_LAUNCH_NPES "MISHMEM_NPES"
/* tcp://HOST:PORT of PE 0's rendezvous. */
#define MISHMEM_LAUNCH_RDV_ADDR "MISHMEM_RDV_ADDR"
/* PE 0 only: the inherited listening socket of that rendezvous (used once). */
#define MISHMEM_LAUNCH_RDV_FD "MISHMEM_RDV_FD"
/* The job's rendezvous secret: MISHMEM_LAUNCH_SECRET_BYTES as hex digits. */
#define MISHMEM_LAUNCH_SECRET "MISHMEM_SECRET"
#define MISHMEM_LAUNCH_SECRET_BYTES 32
/* Write end of a pipe: shmem_global_exit writes its status, an int32. */
#define MISHMEM_LAUNCH_CTRL_FD "MISHMEM_CTRL_FD"
/* A memfd of struct mishmem_launch_board_entry[MISHMEM_NPES] (optional). */
#define MISHMEM_LAUNCH_JOB_BOARD_FD "MISHMEM_JOB_BOARD_FD"
/* start:end, free ports the launcher planned, used while the user's
 * range (MISHMEM_LAUNCH_USER_PORT_RANGE) is unset. */
#define MISHMEM_LAUNCH_PORT_RANGE "MISHMEM_PORT_RANGE"
#define MISHMEM_LAUNCH_USER_PORT_RANGE "SHMEM_INSTANCE_PORT_RANGE"

/* The job board, one entry per PE of the job by PE number: the launcher
 * stores status (a wait status), then sets exited to 1 (release). */
struct mishmem_launch_board_entry {
    uint32_t exited;
    int32_t status;
};

#endif
