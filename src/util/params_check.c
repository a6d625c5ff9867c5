/* Checked reads of numeric parameters: the error message that names the
 * variable, its value and the range it must be in (params.h). */
#include <stdlib.h>

#include "mishmem/aclshmem.h"
#include "util/log.h"
#include "util/params.h"

static long long at_most(long long a, long long b) { return a < b ? a : b; }

int mishmem_param_long_upto(enum mishmem_param_id id, long high, long *out)
{
    const struct mishmem_params *p = mishmem_params();
    const struct mishmem_param_row *row = mishmem_param_row(id);
    long long max = at_most(row->max, high);
    char *end;
    const char *text = p->text[id];
    long value = text ? strtol(text, &end, 10) : 0;
    /* valid: parsed and within the table's range; the value is parsed
     * again as the struct's field is not reachable by id. */
    if (!text || !p->valid[id] || value < row->min || value > max) {
        MISHMEM_ERROR("%s=\"%s\" must be an integer in %lld..%lld", row->name, text ? text : "", row->min, max);
        return ACLSHMEM_INVALID_VALUE;
    }
    *out = value;
    return ACLSHMEM_SUCCESS;
}

int mishmem_param_long(enum mishmem_param_id id, long *out)
{
    return mishmem_param_long_upto(id, (long)mishmem_param_row(id)->max, out);
}

int mishmem_param_size(enum mishmem_param_id id, uint64_t *out)
{
    const struct mishmem_params *p = mishmem_params();
    const struct mishmem_param_row *row = mishmem_param_row(id);
    uint64_t value;
    if (!p->valid[id] || mishmem_parse_size(p->text[id], &value) != 0) {
        char low[32], high[32];
        mishmem_format_size((uint64_t)row->min, low, sizeof low);
        mishmem_format_size((uint64_t)row->max, high, sizeof high);
        MISHMEM_ERROR("%s=\"%s\" must be a size in %s..%s (K/M/G/T suffixes, fractions such as 1.5G)",
                      row->name, p->text[id] ? p->text[id] : "", low, high);
        return ACLSHMEM_INVALID_VALUE;
    }
    *out = value;
    return ACLSHMEM_SUCCESS;
}
