#include "util/log.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/params.h"

static mishmem_log_prefix_fn log_prefix;
static int log_threshold = -1; /* parsed lazily from SHMEM_LOG_LEVEL */

static const char *const level_names[] = {"DEBUG", "INFO", "WARN", "ERROR", "FATAL"};

static mishmem_log_sink_fn _Atomic log_sink; /* NULL: stderr or stdout */

/* SHMEM_LOG_LEVEL: a level name (any case) or its number 0..4; -1 when
 * it is neither. */
static int parse_level(const char *value)
{
    for (int i = 0; i <= MISHMEM_LOG_FATAL; i++)
        if (strcasecmp(value, level_names[i]) == 0)
            return i;
    if (value[0] >= '0' && value[0] <= '0' + MISHMEM_LOG_FATAL && value[1] == '\0')
        return value[0] - '0';
    return -1;
}

static int parse_threshold(int *malformed)
{
    const char *value = mishmem_params()->SHMEM_LOG_LEVEL;
    if (!mishmem_param_is_set(MISHMEM_PARAM_SHMEM_LOG_LEVEL) && mishmem_params()->SHMEM_DEBUG)
        value = "DEBUG"; /* SHMEM_DEBUG=1 is debug output too, unless a level is set */
    int level = value ? parse_level(value) : -1;
    *malformed = level < 0;
    return level < 0 ? MISHMEM_LOG_WARN : level;
}

int mishmem_log_set_threshold(int level)
{
    if (level < MISHMEM_LOG_DEBUG || level > MISHMEM_LOG_FATAL)
        return -1;
    __atomic_store_n(&log_threshold, level, __ATOMIC_RELAXED);
    return 0;
}

void mishmem_log_set_sink(mishmem_log_sink_fn sink) { atomic_store(&log_sink, sink); }

void mishmem_log_set_prefix(mishmem_log_prefix_fn fn) { log_prefix = fn; }

static _Thread_local struct {
    int active;
    unsigned long long instance_id;
    int pe, n_pes;
} log_scope;

void mishmem_log_scope_enter(unsigned long long instance_id, int pe, int n_pes)
{
    log_scope.instance_id = instance_id;
    log_scope.pe = pe;
    log_scope.n_pes = n_pes;
    log_scope.active = 1;
}

void mishmem_log_scope_leave(void) { log_scope.active = 0; }

int mishmem_log_enabled(enum mishmem_log_level level)
{
    int threshold = __atomic_load_n(&log_threshold, __ATOMIC_RELAXED);
    if (threshold < 0) {
        int malformed, expected = -1;
        threshold = parse_threshold(&malformed);
        /* Only the thread that sets it complains, and never over a level
         * that aclshmemx_set_log_level set meanwhile. */
        if (__atomic_compare_exchange_n(&log_threshold, &expected, threshold, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
            if (malformed)
                mishmem_log(MISHMEM_LOG_WARN, "SHMEM_LOG_LEVEL=\"%s\" is not DEBUG, INFO, WARN, "
                            "ERROR, FATAL or 0..4; using WARN",
                            mishmem_params()->SHMEM_LOG_LEVEL);
        } else {
            threshold = expected;
        }
    }
    return (int)level >= threshold;
}

static void log_line(enum mishmem_log_level level, const char *fmt, va_list ap)
{
    char prefix[96] = "no instance";
    if (log_scope.active)
        snprintf(prefix, sizeof prefix, "instance %llu PE %d/%d", log_scope.instance_id, log_scope.pe,
                 log_scope.n_pes);
    else if (log_prefix)
        log_prefix(prefix, sizeof prefix);
    char message[1024];
    vsnprintf(message, sizeof message, fmt, ap);
    /* One write per line so that lines of concurrent PEs do not interleave. */
    char line[1200];
    int n = snprintf(line, sizeof line, "mishmem [%s] %s (pid %d): %s\n", level_names[level], prefix,
                     (int)getpid(), message);
    if (n > (int)sizeof line - 1) {
        n = (int)sizeof line - 1;
        line[n - 1] = '\n'; /* a cut line still ends its line */
    }
    mishmem_log_sink_fn sink = atomic_load(&log_sink);
    if (sink) {
        line[n - 1] = '\0'; /* the user's function gets the line without its newline */
        sink((int)level, line);
        return;
    }
    int fd = mishmem_params()->SHMEM_LOG_TO_STDOUT ? STDOUT_FILENO : STDERR_FILENO;
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
