/*
 * hostlist.c: --hosts HOST[:SLOTS][,...] and -n N into a placement of PEs,
 * and the IPv4 address where PE 0's rendezvous listens.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "hosts.h"
#include "job.h"

static bool parse_slots(const char *text, long *slots)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || n < 1 || n > MAX_PES)
        return false;
    *slots = n;
    return true;
}

bool valid_host_name(const char *name)
{
    return name[0] != '\0' && name[0] != '-' && strpbrk(name, " \t") == NULL;
}

bool add_host(struct hosts_job_options *opts, const char *name, long slots, bool merge)
{
    if (merge) {
        for (int h = 0; h < opts->nhosts; h++) {
            if (strcmp(opts->hosts[h].name, name) == 0) {
                opts->hosts[h].slots += slots;
                return true;
            }
        }
    }
    struct host_plan *grown = realloc(opts->hosts, ((size_t)opts->nhosts + 1) * sizeof *grown);
    if (grown == NULL)
        return false;
    opts->hosts = grown;
    char *copy = strdup(name);
    if (copy == NULL)
        return false;
    opts->hosts[opts->nhosts++] = (struct host_plan){.name = copy, .slots = slots};
    return true;
}

bool parse_slot_count(const char *text, long *slots)
{
    return parse_slots(text, slots);
}

/* Split the list into opts->hosts; every host keeps its slots for now. */
static bool parse_list(const char *list, struct hosts_job_options *opts, char *error,
                       size_t error_size)
{
    char *copy = strdup(list);
    if (copy == NULL) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    char *item;
    for (char *rest = copy; (item = strsep(&rest, ",")) != NULL;) {
        char *colon = strrchr(item, ':');
        long slots = 1;
        if (colon != NULL) {
            *colon = '\0';
            if (!parse_slots(colon + 1, &slots)) {
                snprintf(error, error_size, "invalid slot count '%s' in --hosts (want 1..%d)",
                         colon + 1, MAX_PES);
                free(copy);
                return false;
            }
        }
        if (!valid_host_name(item)) {
            snprintf(error, error_size, "invalid host name '%s' in --hosts '%s'", item, list);
            free(copy);
            return false;
        }
        if (!add_host(opts, item, slots, false)) {
            snprintf(error, error_size, "out of memory");
            free(copy);
            return false;
        }
    }
    free(copy);
    return true;
}

/* Fill each host's slots in order; drop hosts that get no PE. */
static bool place_pes(struct hosts_job_options *opts, char *error, size_t error_size)
{
    long total = 0;
    for (int h = 0; h < opts->nhosts; h++)
        total += opts->hosts[h].slots; /* each at most MAX_PES: no overflow */
    if (opts->npes == 0) {
        if (total > MAX_PES) {
            snprintf(error, error_size, "%s gives %ld slots, more than %d PEs", opts->hosts_source,
                     total, MAX_PES);
            return false;
        }
        opts->npes = total;
    }
    if (opts->npes > total) {
        snprintf(error, error_size, "-n %ld is more than the %ld slots of %s", opts->npes, total,
                 opts->hosts_source);
        return false;
    }
    long next = 0;
    int used = 0;
    for (int h = 0; h < opts->nhosts && next < opts->npes; h++) {
        struct host_plan host = opts->hosts[h];
        host.first_pe = next;
        host.npes = opts->npes - next < host.slots ? opts->npes - next : host.slots;
        next += host.npes;
        opts->hosts[used++] = host;
    }
    for (int h = used; h < opts->nhosts; h++)
        free(opts->hosts[h].name);
    opts->nhosts = used;
    return true;
}

static bool pick_rdv_ip(struct hosts_job_options *opts, char *error, size_t error_size)
{
    struct in_addr addr;
    if (opts->rdv_ip != NULL) {
        if (inet_pton(AF_INET, opts->rdv_ip, &addr) != 1) {
            snprintf(error, error_size, "--rdv-addr '%s' is not an IPv4 address", opts->rdv_ip);
            return false;
        }
    } else {
        const char *name = opts->hosts[0].name;
        const char *at = strrchr(name, '@'); /* ssh's user@host */
        if (at != NULL)
            name = at + 1;
        struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM};
        struct addrinfo *found = NULL;
        int rc = getaddrinfo(name, NULL, &hints, &found);
        if (rc != 0 || found == NULL) {
            snprintf(error, error_size,
                     "cannot resolve the first host '%s' (%s); give PE 0's rendezvous address "
                     "with --rdv-addr IP",
                     name, rc != 0 ? gai_strerror(rc) : "no address");
            return false;
        }
        addr = ((const struct sockaddr_in *)found->ai_addr)->sin_addr;
        freeaddrinfo(found);
    }
    inet_ntop(AF_INET, &addr, opts->rdv_ip_text, sizeof opts->rdv_ip_text);
    return true;
}

void free_host_plan(struct hosts_job_options *opts)
{
    for (int h = 0; h < opts->nhosts; h++)
        free(opts->hosts[h].name);
    free(opts->hosts);
    opts->hosts = NULL;
    opts->nhosts = 0;
}

bool plan_hosts(const char *list, const char *hostfile, struct hosts_job_options *opts, char *error,
                size_t error_size)
{
    if (strspn(opts->agent, " ") == strlen(opts->agent)) {
        snprintf(error, error_size, "--agent '%s' names no command", opts->agent);
        return false;
    }
    opts->hosts_source = hostfile != NULL ? "--hostfile" : "--hosts";
    bool parsed = hostfile != NULL ? read_hostfile(hostfile, opts, error, error_size)
                                   : parse_list(list, opts, error, error_size);
    if (parsed && place_pes(opts, error, error_size) && pick_rdv_ip(opts, error, error_size))
        return true;
    free_host_plan(opts);
    return false;
}
