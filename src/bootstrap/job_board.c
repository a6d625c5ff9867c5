/* Reading mishmemrun's job board (job_board.h): mapped once, read-only. */
#include "bootstrap/job_board.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "bootstrap/bootstrap.h"
#include "bootstrap/launch_contract.h"
#include "util/params.h"
#include "util/log.h"

_Static_assert(MISHMEM_LAUNCH_SECRET_BYTES == MISHMEM_SECRET_BYTES, "the launcher's secret is the bootstrap's");

static pthread_once_t board_once = PTHREAD_ONCE_INIT;
static const struct mishmem_launch_board_entry *board;
static size_t board_entries;

/* Mapped once per process and kept: the page is tiny, and a later
 * shmem_init (after finalize) reads it again. */
static void map_board(void)
{
    long fd;
    if (!mishmem_param_given(MISHMEM_PARAM_MISHMEM_JOB_BOARD_FD))
        return;
    fd = mishmem_params()->MISHMEM_JOB_BOARD_FD;
    struct stat st;
    if (fstat((int)fd, &st) != 0 || st.st_size <= 0 || (size_t)st.st_size % sizeof(struct mishmem_launch_board_entry) != 0) {
        MISHMEM_DEBUG("MISHMEM_JOB_BOARD_FD=%ld is not the launcher's board; not watching it", fd);
        return;
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, (int)fd, 0);
    if (map == MAP_FAILED) {
        MISHMEM_DEBUG("cannot map the launcher's board: %s", strerror(errno));
        return;
    }
    board = map;
    board_entries = (size_t)st.st_size / sizeof(struct mishmem_launch_board_entry);
}

int mishmem_job_board_exited(int pe, int *status)
{
    pthread_once(&board_once, map_board);
    if (!board || pe < 0 || (size_t)pe >= board_entries)
        return 0;
    if (!__atomic_load_n(&board[pe].exited, __ATOMIC_ACQUIRE))
        return 0;
    *status = board[pe].status;
    return 1;
}

void mishmem_job_board_describe(int status, char *buf, size_t size)
{
    if (WIFSIGNALED(status)) {
        const char *name = sigabbrev_np(WTERMSIG(status));
        snprintf(buf, size, "was killed by signal %d%s%s%s", WTERMSIG(status), name ? " (SIG" : "",
                 name ? name : "", name ? ")" : "");
    } else {
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
    }
}
