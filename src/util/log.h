/* Logging: one line per message, prefixed with the instance and PE that
 * the calling thread is working on. Threshold from SHMEM_LOG_LEVEL. */
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
