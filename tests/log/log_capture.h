/* An extern logger for the tests: keeps every line it is given, with its
 * level, so that a test can ask what was logged. Thread-safe. */
#ifndef MISHMEM_TEST_LOG_CAPTURE_H
#define MISHMEM_TEST_LOG_CAPTURE_H

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

#define CAPTURE_MAX 256

static struct {
    pthread_mutex_t lock;
    int count;
    int levels[CAPTURE_MAX];
    char lines[CAPTURE_MAX][512];
} captured = {.lock = PTHREAD_MUTEX_INITIALIZER};

static inline void capture_logger(int level, const char *msg)
{
    pthread_mutex_lock(&captured.lock);
    if (captured.count < CAPTURE_MAX) {
        captured.levels[captured.count] = level;
        snprintf(captured.lines[captured.count], sizeof captured.lines[0], "%s", msg);
        captured.count++;
    }
    pthread_mutex_unlock(&captured.lock);
}

static inline void capture_clear(void)
{
    pthread_mutex_lock(&captured.lock);
    captured.count = 0;
    pthread_mutex_unlock(&captured.lock);
}

/* The first captured line at level that contains text, or NULL. */
static inline const char *capture_find(int level, const char *text)
{
    const char *found = NULL;
    pthread_mutex_lock(&captured.lock);
    for (int i = 0; i < captured.count && !found; i++)
        if (captured.levels[i] == level && strstr(captured.lines[i], text))
            found = captured.lines[i];
    pthread_mutex_unlock(&captured.lock);
    return found;
}

static inline int capture_count_at(int level)
{
    int n = 0;
    pthread_mutex_lock(&captured.lock);
    for (int i = 0; i < captured.count; i++)
        n += captured.levels[i] == level;
    pthread_mutex_unlock(&captured.lock);
    return n;
}

#endif
