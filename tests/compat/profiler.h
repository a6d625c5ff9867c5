/* What the test profiling library counted. */
#ifndef MISHMEM_TEST_PROFILER_H
#define MISHMEM_TEST_PROFILER_H

long profiler_putmem_calls(void);
long profiler_putmem_bytes(void);
long profiler_barrier_calls(void);
int profiler_pcontrol_level(void);        /* the last shmem_pcontrol level */
const char *profiler_pcontrol_region(void); /* and the name passed with it */

#endif
