/* The first and second argument of a variadic call, which the C11 generic
 * forms select on (the padding keeps "..." non-empty, as C11 requires).
 * The generic forms need no other helper macro: their associations are
 * written out by scripts/gen_types.py. Included by the generic headers. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_ARGS_H
#define MISHMEM_OPENSHMEM_GENERIC_ARGS_H

#define MISHMEM_ARG0(...) MISHMEM_ARG0_(__VA_ARGS__, 0)
#define MISHMEM_ARG0_(first, ...) first
#define MISHMEM_ARG1(...) MISHMEM_ARG1_(__VA_ARGS__, 0, 0)
#define MISHMEM_ARG1_(first, second, ...) second

#endif
