/*
 * hostfile.c: --hostfile FILE, one host per line in Open MPI's form
 * "HOST slots=N" (other KEY=VALUE words, such as max_slots, are ignored)
 * or "HOST:N" or "HOST"; '#' starts a comment; blank lines are skipped.
 * A host named twice gets the sum of its slots, as with Open MPI.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hosts.h"
#include "job.h"

/* One line without its comment: false with a message in error. */
static bool parse_line(char *line, const char *path, int number, struct hosts_job_options *opts,
                       char *error, size_t error_size)
{
    char *hash = strchr(line, '#');
    if (hash != NULL)
        *hash = '\0';
    char *save = NULL;
    char *name = strtok_r(line, " \t\r\n", &save);
    if (name == NULL)
        return true; /* blank */
    long slots = 1;
    char *colon = strrchr(name, ':');
    if (colon != NULL) {
        *colon = '\0';
        if (!parse_slot_count(colon + 1, &slots)) {
            snprintf(error, error_size, "%s:%d: invalid slot count '%s' (want 1..%d)", path, number,
                     colon + 1, MAX_PES);
            return false;
        }
    }
    if (!valid_host_name(name)) {
        snprintf(error, error_size, "%s:%d: invalid host name '%s'", path, number, name);
        return false;
    }
    for (char *word; (word = strtok_r(NULL, " \t\r\n", &save)) != NULL;) {
        if (strncmp(word, "slots=", 6) == 0) {
            if (colon != NULL || !parse_slot_count(word + 6, &slots)) {
                snprintf(error, error_size, "%s:%d: invalid '%s' (want slots=1..%d, once)", path,
                         number, word, MAX_PES);
                return false;
            }
        } else if (strchr(word, '=') == NULL) {
            snprintf(error, error_size, "%s:%d: unexpected '%s' (want HOST [slots=N] or HOST:N)",
                     path, number, word);
            return false;
        }
    }
    if (!add_host(opts, name, slots, true)) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    return true;
}

bool read_hostfile(const char *path, struct hosts_job_options *opts, char *error, size_t error_size)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(error, error_size, "cannot read the hostfile '%s': %s", path, strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t cap = 0;
    int number = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, f) >= 0)
        ok = parse_line(line, path, ++number, opts, error, error_size);
    free(line);
    fclose(f);
    if (ok && opts->nhosts == 0) {
        snprintf(error, error_size, "the hostfile '%s' names no host", path);
        ok = false;
    }
    return ok;
}
