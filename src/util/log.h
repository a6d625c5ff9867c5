/* Logging: one line per message, prefixed with the instance and PE that
 * the calling thread is working on. Threshold from SHMEM_LOG_LEVEL or
 * aclshmemx_set_log_level; lines go to stderr, stdout (SHMEM_LOG_TO_STDOUT)
 * or the user's function (aclshmemx_set_extern_logger). */
#ifndef MISHMEM_UTIL_LOG_H
#define MISHMEM_UTIL_LOG_H

#include <stdarg.h>

enum mishmem_log_level {
    MISHMEM_LOG_DEBUG = 0,
    MISHMEM_LOG_INFO,
    MISHMEM_LOG_WARN,
    MISHMEM_LOG_ERROR,
    MISHMEM_LOG_FATAL,
};

/* Writes "instance I PE P" (or "no instance") into buf; set by the
 * instance layer so that util does not depend on it. */
typedef void (*mishmem_log_prefix_fn)(char *buf, unsigned long size);
void mishmem_log_set_prefix(mishmem_log_prefix_fn fn);

/* While this thread creates an instance, its lines name that instance
 * (not the current one): the creation's errors then say whose they are. */
void mishmem_log_scope_enter(unsigned long long instance_id, int pe, int n_pes);
void mishmem_log_scope_leave(void);

/* aclshmemx_set_log_level: overrides SHMEM_LOG_LEVEL. Returns 0, or -1
 * when level is outside DEBUG..FATAL. */
int mishmem_log_set_threshold(int level);

/* aclshmemx_set_extern_logger: lines go to sink (level, line without the
 * newline) instead of stderr/stdout; NULL restores the default. */
typedef void (*mishmem_log_sink_fn)(int level, const char *msg);
void mishmem_log_set_sink(mishmem_log_sink_fn sink);

void mishmem_log(enum mishmem_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int mishmem_log_enabled(enum mishmem_log_level level);

/* Prints the message at FATAL and ends the process with status 1. */
_Noreturn void mishmem_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define MISHMEM_DEBUG(...) mishmem_log(MISHMEM_LOG_DEBUG, __VA_ARGS__)
#define MISHMEM_INFO(...) mishmem_log(MISHMEM_LOG_INFO, __VA_ARGS__)
#define MISHMEM_WARN(...) mishmem_log(MISHMEM_LOG_WARN, __VA_ARGS__)
#define MISHMEM_ERROR(...) mishmem_log(MISHMEM_LOG_ERROR, __VA_ARGS__)

#endif
