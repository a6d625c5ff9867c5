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
 *                        "sig N"        forward signal N to the PEs (ends the job)
 *                        end of file    the launcher is gone: kill the PEs now
 *   helper -> launcher:  "port P"       the first host's rendezvous port
 *                        "exit PE W"    PE (job-wide number) ended with wait status W
 *                        "global S"     a PE called shmem_global_exit(S)
 *                        "out LEN"      followed by LEN bytes the PEs wrote to stdout
 * The PEs' stderr goes straight to the helper's, and so through the agent.
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
    /* Filled by plan_hosts: */
    struct host_plan *hosts; /* only those that get PEs */
    int nhosts;
    char rdv_ip_text[64];
};

/* Parse HOST[:SLOTS],..., place the PEs, pick the rendezvous address. */
bool plan_hosts(const char *list, struct hosts_job_options *opts, char *error, size_t error_size);

/* Release what plan_hosts allocated. */
void free_host_plan(struct hosts_job_options *opts);

/* Launcher side: start the helpers through the agent, supervise the job. */
int run_on_hosts(const struct hosts_job_options *opts);

/* Helper side: main() of "mishmemrun --serve-host ...". */
int serve_host(int argc, char **argv);

#endif
