/* SHMEM_LOG_LEVEL as the environment sets it (the test's ENV): argv[1] is
 * the threshold it must give, argv[2] "malformed" when a warning about the
 * value itself is expected. Lines are watched through an extern logger
 * installed before anything is logged; aclshmemx_set_log_level is never
 * called here. */
#include "log_capture.h"
#include "log_triggers.h"

int main(int argc, char **argv)
{
    CHECK(argc >= 2, "usage: test_log_env THRESHOLD [malformed]");
    int threshold = atoi(argv[1]);
    CHECK_RC(aclshmemx_set_extern_logger(capture_logger), ACLSHMEM_SUCCESS);
    shmem_init();
    struct expected_line expected[N_LEVEL_LINES];
    trigger_every_level(expected);
    char me[32];
    snprintf(me, sizeof me, "PE %d/%d ", shmem_my_pe(), shmem_n_pes());
    for (int i = 0; i < N_LEVEL_LINES; i++) {
        const char *line = capture_find(expected[i].level, expected[i].text);
        CHECK((line != NULL) == (expected[i].level >= threshold), "threshold %d: level %d line \"%s\" %s",
              threshold, expected[i].level, expected[i].text, line ? "let through" : "dropped");
        CHECK(!line || strstr(line, me), "line \"%s\" does not name %s", line, me);
    }
    int malformed = argc > 2 && strcmp(argv[2], "malformed") == 0;
    const char *warning = capture_find(ACLSHMEM_LOG_WARN, "is not DEBUG, INFO, WARN");
    CHECK((warning != NULL) == malformed, "the SHMEM_LOG_LEVEL warning was %s", warning ? "given" : "missing");
    printf("PE %d: SHMEM_LOG_LEVEL gives threshold %d%s: ok\n", shmem_my_pe(), threshold,
           malformed ? " (with a warning about the value)" : "");
    shmem_finalize();
    return 0;
}
