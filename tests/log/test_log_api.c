/* aclshmemx_set_log_level and aclshmemx_set_extern_logger on 2 PEs: each
 * threshold lets exactly the levels at or above it through; the extern
 * logger gets every line (without newline) instead of stderr; NULL
 * restores stderr; SHMEM_LOG_TO_STDOUT moves lines to stdout; every line
 * names the instance and PE the calling thread acts on. */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "log_capture.h"
#include "log_triggers.h"
#include "util/params.h"

#define OVERRIDE_INSTANCE 18
#define CREATED_INSTANCE 19

/* The launcher's world: 0, or SHMEM_WORLD_INSTANCE_ID. */
static unsigned long long world_id(void) { return (unsigned long long)aclshmemx_instance_ctx_get()->id; }

static void check_threshold(int threshold)
{
    CHECK_RC(aclshmemx_set_log_level(threshold), ACLSHMEM_SUCCESS);
    capture_clear();
    struct expected_line expected[N_LEVEL_LINES];
    trigger_every_level(expected);
    for (int i = 0; i < N_LEVEL_LINES; i++) {
        int seen = capture_find(expected[i].level, expected[i].text) != NULL;
        CHECK(seen == (expected[i].level >= threshold), "threshold %d: level %d line \"%s\" %s",
              threshold, expected[i].level, expected[i].text, seen ? "let through" : "dropped");
    }
    for (int level = 0; level < threshold; level++)
        CHECK(capture_count_at(level) == 0, "threshold %d let a level %d line through", threshold, level);
}

static void *error_in_other_instance(void *arg)
{
    (void)arg;
    CHECK_RC(aclshmemx_instance_thread_set(OVERRIDE_INSTANCE), ACLSHMEM_SUCCESS);
    trigger_error();
    return NULL;
}

static void check_names(void)
{
    char me[64];
    snprintf(me, sizeof me, "instance %llu PE %d/2 ", world_id(), shmem_my_pe());
    capture_clear();
    CHECK(capture_find(ACLSHMEM_LOG_ERROR, me) == NULL, "capture not cleared");
    const char *text = trigger_error();
    const char *line = capture_find(ACLSHMEM_LOG_ERROR, text);
    CHECK(line && strstr(line, me) && strstr(line, "[ERROR]"), "line \"%s\" does not name \"%s\"",
          line ? line : "(none)", me);
    CHECK(!strchr(line, '\n'), "the extern logger got a newline");

    /* A thread acting on a 1-PE instance is named by that instance. */
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.instance_id = OVERRIDE_INSTANCE;
    CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 1, 1 << 20, &uid, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_SUCCESS);
    capture_clear();
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, error_in_other_instance, NULL) == 0, "pthread_create");
    pthread_join(thread, NULL);
    CHECK(capture_find(ACLSHMEM_LOG_ERROR, "instance 18 PE 0/1 "), "the thread's line does not name "
          "instance 18 PE 0/1");
    CHECK_RC(aclshmemx_finalize(OVERRIDE_INSTANCE), ACLSHMEM_SUCCESS);

    /* While an instance is being created, its lines name it, not the
     * current instance (the world): here the rendezvous of a 2-PE instance 19. */
    CHECK_RC(aclshmemx_set_log_level(ACLSHMEM_LOG_INFO), ACLSHMEM_SUCCESS);
    aclshmemx_uniqueid_t *box = shmem_malloc(sizeof *box);
    if (shmem_my_pe() == 0) {
        CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
        shmem_putmem(box, &uid, sizeof uid, 1);
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 1)
        uid = *box;
    attr.instance_id = CREATED_INSTANCE;
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(shmem_my_pe(), 2, 1 << 20, &uid, &attr), ACLSHMEM_SUCCESS);
    capture_clear();
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_SUCCESS);
    char creating[48];
    snprintf(creating, sizeof creating, "instance 19 PE %d/2 ", shmem_my_pe());
    const char *connected = capture_find(ACLSHMEM_LOG_INFO, "connected through");
    CHECK(connected && strstr(connected, creating), "rendezvous line \"%s\" does not name \"%s\"",
          connected ? connected : "(none)", creating);
    CHECK_RC(aclshmemx_finalize(CREATED_INSTANCE), ACLSHMEM_SUCCESS);
    shmem_free(box);
    CHECK_RC(aclshmemx_set_log_level(ACLSHMEM_LOG_WARN), ACLSHMEM_SUCCESS);
}

/* Runs trigger_error with fd 1 and 2 going to files; returns what each got. */
static void error_to_files(char *out, char *err, size_t size)
{
    fflush(NULL);
    int saved[2] = {dup(1), dup(2)};
    char paths[2][64];
    for (int i = 0; i < 2; i++) {
        snprintf(paths[i], sizeof paths[i], "/tmp/mishmem-log-test-%d-%d", (int)getpid(), i);
        int fd = open(paths[i], O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        CHECK(fd >= 0 && dup2(fd, i + 1) == i + 1, "cannot redirect fd %d", i + 1);
        close(fd);
    }
    trigger_error();
    char *results[2] = {out, err};
    for (int i = 0; i < 2; i++) {
        dup2(saved[i], i + 1);
        close(saved[i]);
        FILE *file = fopen(paths[i], "r");
        size_t n = file ? fread(results[i], 1, size - 1, file) : 0;
        results[i][n] = '\0';
        if (file)
            fclose(file);
        unlink(paths[i]);
    }
}

static void check_default_outputs(void)
{
    char out[2048], err[2048], me[64];
    snprintf(me, sizeof me, "[ERROR] instance %llu PE %d/2 ", world_id(), shmem_my_pe());
    CHECK_RC(aclshmemx_set_extern_logger(NULL), ACLSHMEM_SUCCESS);
    capture_clear();
    error_to_files(out, err, sizeof out);
    CHECK(strstr(err, me) && strstr(err, "no live instance") && err[strlen(err) - 1] == '\n',
          "stderr got \"%s\"", err);
    CHECK(!strstr(out, "no live instance"), "stdout got a line without SHMEM_LOG_TO_STDOUT");
    CHECK(capture_count_at(ACLSHMEM_LOG_ERROR) == 0, "the removed extern logger was still called");

    setenv("SHMEM_LOG_TO_STDOUT", "1", 1);
    mishmem_params_load(); /* read at each instance init (util/params.h); no init here */
    error_to_files(out, err, sizeof out);
    unsetenv("SHMEM_LOG_TO_STDOUT");
    mishmem_params_load();
    CHECK(strstr(out, me) && strstr(out, "no live instance"), "stdout got \"%s\"", out);
    CHECK(!strstr(err, "no live instance"), "stderr got a line with SHMEM_LOG_TO_STDOUT=1");
}

int main(void)
{
    CHECK_RC(aclshmemx_set_extern_logger(capture_logger), ACLSHMEM_SUCCESS);
    shmem_init();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");

    CHECK_RC(aclshmemx_set_log_level(-1), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_set_log_level(5), ACLSHMEM_INVALID_VALUE);
    CHECK(capture_find(ACLSHMEM_LOG_ERROR, "aclshmemx_set_log_level(5)"), "a bad level was not reported");
    for (int threshold = ACLSHMEM_LOG_DEBUG; threshold <= ACLSHMEM_LOG_FATAL; threshold++)
        check_threshold(threshold);
    CHECK_RC(aclshmemx_set_log_level(ACLSHMEM_LOG_WARN), ACLSHMEM_SUCCESS);
    check_names();
    check_default_outputs();
    printf("PE %d: 5 thresholds, extern logger, stderr, SHMEM_LOG_TO_STDOUT, instance and PE names: ok\n",
           shmem_my_pe());
    shmem_finalize();
    return 0;
}
