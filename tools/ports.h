/*
 * Port ranges planned by the launcher: when the user set no
 * SHMEM_INSTANCE_PORT_RANGE, the job gets a range of 255 ports (one per
 * instance id 0..254) that were free when it started, as
 * MISHMEM_PORT_RANGE (the library uses it for port 0 like the user's range,
 * but, unlike that, it does not forbid explicit ports). The launcher keeps
 * it to itself while the job runs by holding the port just past its end:
 * every launcher checks that port first, so two jobs at once never get one
 * range.
 */
#ifndef MISHMEMRUN_PORTS_H
#define MISHMEMRUN_PORTS_H

#include <stddef.h>

enum { PORT_RANGE_IDS = 255 };

/*
 * Find and hold a free range; its text ("start:end") in text. Returns the
 * holding socket (close it when the job ends), or -1 when no range is free.
 */
int reserve_port_range(char *text, size_t text_size);

/*
 * Unless SHMEM_INSTANCE_PORT_RANGE is set (an explicit range wins), reserve
 * a range and set it as MISHMEM_PORT_RANGE in our environment for the PEs. Returns the holding
 * socket, or -1 (nothing planned; a warning when no range was free).
 */
int plan_port_range(void);

#endif
