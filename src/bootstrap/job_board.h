/* What mishmemrun knows about the PEs it started: a shared, read-only
 * page (the memfd named by MISHMEM_JOB_BOARD_FD) on which the launcher
 * marks every PE that has exited, with its wait status. A rendezvous that
 * waits for a PE the launcher saw exit stops at once, instead of waiting
 * out its init timeout.
 *
 * Layout: struct mishmem_launch_board_entry (launch_contract.h), which
 * tools/job.c writes. */
#ifndef MISHMEM_BOOTSTRAP_JOB_BOARD_H
#define MISHMEM_BOOTSTRAP_JOB_BOARD_H

#include <stddef.h>

/* 1 when the launcher saw PE `pe` of the job exit (its wait status in
 * *status); 0 when it runs, or with no launcher's board. */
int mishmem_job_board_exited(int pe, int *status);

/* "exited with status 3", "was killed by signal 9 (SIGKILL)". */
void mishmem_job_board_describe(int status, char *buf, size_t size);

#endif
