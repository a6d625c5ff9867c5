#include "util/log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/env.h"

static mishmem_log_prefix_fn log_prefix;
static int log_threshold = -1; /* parsed lazily from SHMEM_LOG_LEVEL */

static const char *const level_names[] = {"DEBUG", "INFO", "WARN", "ERROR", "FATAL"};

static int parse_threshold(void)
{
    const char *value = mishmem_env_string(MISHMEM_ENV_SHMEM_LOG_LEVEL);
    for (int i = 0; i <= MISHMEM_LOG_FATAL; i++)
        if (value && strcasecmp(value, level_names[i]) == 0)
            return i;
    return MISHMEM_LOG_WARN;
}

void mishmem_log_set_prefix(mishmem_log_prefix_fn fn) { log_prefix = fn; }

int mishmem_log_enabled(enum mishmem_log_level level)
{
    int threshold = __atomic_load_n(&log_threshold, __ATOMIC_RELAXED);
    if (threshold < 0) {
        threshold = parse_threshold();
        __atomic_store_n(&log_threshold, threshold, __ATOMIC_RELAXED);
    }
    return (int)level >= threshold;
}

static void log_line(enum mishmem_log_level level, const char *fmt, va_list ap)
{
    char prefix[96] = "no instance";
    if (log_prefix)
        log_prefix(prefix, sizeof prefix);
    char message[1024];
    vsnprintf(message, sizeof message, fmt, ap);
    /* One write per line so that lines of concurrent PEs do not interleave. */
    char line[1200];
    int n = snprintf(line, sizeof line, "mishmem [%s] %s (pid %d): %s\n", level_names[level], prefix,
                     (int)getpid(), message);
    if (n > (int)sizeof line - 1)
        n = (int)sizeof line - 1;
    int fd = mishmem_env_bool(MISHMEM_ENV_SHMEM_LOG_TO_STDOUT) ? STDOUT_FILENO : STDERR_FILENO;
    ssize_t ignored = write(fd, line, (size_t)n);
    (void)ignored;
}

void mishmem_log(enum mishmem_log_level level, const char *fmt, ...)
{
    if (!mishmem_log_enabled(level))
        return;
    va_list ap;
    va_start(ap, fmt);
    log_line(level, fmt, ap);
    va_end(ap);
}

_Noreturn void mishmem_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_line(MISHMEM_LOG_FATAL, fmt, ap);
    va_end(ap);
    _exit(1);
}
