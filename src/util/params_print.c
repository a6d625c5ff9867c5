/* Names of the table's types and sources, and the SHMEM_INFO listing
 * (params.h). */
#include <string.h>

#include "util/params.h"

const char *mishmem_param_type_name(enum mishmem_param_type type)
{
    static const char *const names[] = {"bool", "integer", "size", "string"};
    return names[type];
}

const char *mishmem_param_source_name(enum mishmem_param_source source)
{
    return source == MISHMEM_PARAM_FROM_ENVIRONMENT ? "environment" : "default";
}

void mishmem_params_print(FILE *out)
{
    const struct mishmem_params *p = mishmem_params();
    for (int i = 0; i < MISHMEM_PARAM_COUNT; i++) {
        const struct mishmem_param_row *row = mishmem_param_row((enum mishmem_param_id)i);
        const char *value = p->text[i] ? p->text[i] : "(unset)";
        if (p->source[i] == MISHMEM_PARAM_FROM_ENVIRONMENT && strstr(row->name, "SECRET"))
            value = "(set, not shown)"; /* SHMEM_INFO output must not leak the job's secret */
        fprintf(out, "  %-28s = %-14s %-13s %s%s\n", row->name, value,
                p->source[i] == MISHMEM_PARAM_FROM_ENVIRONMENT ? "(environment)" : "(default)",
                p->valid[i] ? "" : "[invalid] ", row->meaning);
    }
}
