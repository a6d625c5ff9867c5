/* Catching a child's own log lines, so that a test can check what a PE
 * said (and how often) without parsing another process's stderr. */
#include <stdio.h>
#include <string.h>

#include "tcp_test_harness.h"
#include "util/log.h"

#define KEPT_BYTES (256 * 1024)

static char kept[KEPT_BYTES];
static size_t kept_used;
static int line_count;
static int echo_lines;

static void sink(int level, const char *line)
{
    (void)level;
    line_count++;
    size_t n = strlen(line);
    if (kept_used + n + 2 < sizeof kept) {
        memcpy(kept + kept_used, line, n);
        kept_used += n;
        kept[kept_used++] = '\n';
        kept[kept_used] = '\0';
    }
    if (echo_lines)
        fprintf(stderr, "%s\n", line);
}

void th_log_capture(int level, int echo)
{
    kept_used = 0;
    kept[0] = '\0';
    line_count = 0;
    echo_lines = echo;
    mishmem_log_set_threshold(level);
    mishmem_log_set_sink(sink);
}

int th_log_lines(void) { return line_count; }

int th_log_count(const char *needle)
{
    int count = 0;
    for (const char *p = strstr(kept, needle); p; p = strstr(p + 1, needle))
        count++;
    return count;
}

const char *th_log_text(void) { return kept; }
