/*
 * mishmemrun --hosts: PEs on several hosts, one per-host helper each.
 *
 * The launcher runs, for every host that gets PEs,
 *     AGENT... HOST MISHMEMRUN --serve-host FIRST_PE COUNT NPES WHERE -- prog args
 * where WHERE is listen=IP on the first host (its helper opens PE 0's
 * rendezvous socket there and reports the port) and rdv=tcp://IP:PORT on
 * the others. The job secret never goes on a command line: it is the
 * first line the launcher writes to the agent's stdin.
 *
 * The agent's stdin and stdout carry one line protocol (wire.c):
 *   launcher -> helper:  "secret HEX"   first, once
 *                        "env LEN"      followed by LEN bytes NAME=VALUE (-x), any number
 *                        "settings tag=0|1 bind=none|core map=core|socket ports=0|1"
 *                                       after those, once: the helper then starts its PEs
 *                        "sig N"        forward signal N to the PEs (ends the job)
 *                        end of file    the launcher is gone: kill the PEs now
 *   helper -> launcher:  "range S:E"    the first host's planned MISHMEM_PORT_RANGE
 *                                       (ports=1 only), before "port P"
 *                        "port P"       the first host's rendezvous port
 *                        "exit PE W"    PE (job-wide number) ended with wait status W
 *                        "global S"     a PE called shmem_global_exit(S)
 *                        "out LEN"      followed by LEN bytes the PEs wrote to stdout
 * The PEs' stderr goes straight to the helper's, and so through the agent
 * (tagged line by line with tag=1).
 */
#ifndef MISHMEMRUN_HOSTS_H
#define MISHMEMRUN_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define SERVE_HOST_OPTION "--serve-host"

struct host_plan {
    char *name;
    long slots;
    long first_pe; /* PEs first_pe .. first_pe + npes - 1 run here */
    long npes;
};

struct hosts_job_options {
    long npes; /* 0: the sum of the slots */
    double timeout_s;
    const char *agent;
    const char *rdv_ip; /* NULL: resolve the first host */
    char **prog_argv;
    char **env;  /* -x: NAME=VALUE for every PE, NULL-terminated (sent on the agents' stdin) */
    const char *settings; /* the helpers' settings line ("settings tag=0 bind=none map=core") */
    bool plan_ports; /* the first host's helper picks SHMEM_INSTANCE_PORT_RANGE */
    /* Filled by plan_hosts: */
    struct host_plan *hosts; /* only those that get PEs */
    int nhosts;
    const char *hosts_source; /* "--hosts" or "--hostfile", for messages */
    char rdv_ip_text[64];
};

/*
 * Parse --hosts HOST[:SLOTS],... (list) or the --hostfile (when hostfile is
 * not NULL), place the PEs, pick the rendezvous address.
 */
bool plan_hosts(const char *list, const char *hostfile, struct hosts_job_options *opts, char *error,
                size_t error_size);

/* For hostfile.c: hosts are added in order; merge adds a known name's slots to it. */
bool add_host(struct hosts_job_options *opts, const char *name, long slots, bool merge);
bool valid_host_name(const char *name);
bool parse_slot_count(const char *text, long *slots);
bool read_hostfile(const char *path, struct hosts_job_options *opts, char *error, size_t error_size);

/* Release what plan_hosts allocated. */
void free_host_plan(struct hosts_job_options *opts);

/* Launcher side: start the helpers through the agent, supervise the job. */
int run_on_hosts(const struct hosts_job_options *opts);

/* Helper side: main() of "mishmemrun --serve-host ...". */
int serve_host(int argc, char **argv);

#endif
