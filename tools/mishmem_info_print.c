/* mishmem-info's output: text, JSON and the Markdown parameter table. */
#include <stdio.h>
#include <string.h>

#include "init/tool_query.h"
#include "mishmem/openshmem.h"
#include "mishmem_info.h"

static void json_string(const char *s)
{
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void range_text(const struct mishmem_param_row *row, char *buf, size_t size)
{
    char low[24], high[24];
    buf[0] = '\0';
    if (row->type == MISHMEM_PARAM_LONG) {
        snprintf(buf, size, "%lld..%lld", row->min, row->max);
    } else if (row->type == MISHMEM_PARAM_SIZE) {
        mishmem_format_size((uint64_t)row->min, low, sizeof low);
        mishmem_format_size((uint64_t)row->max, high, sizeof high);
        snprintf(buf, size, "%s..%s", low, high);
    }
}

struct provider_list {
    char text[1024];
    int json; /* 1: as JSON strings */
};

static void add_provider(const char *name, void *arg)
{
    struct provider_list *l = arg;
    size_t used = strlen(l->text);
    if (l->json)
        snprintf(l->text + used, sizeof l->text - used, "%s\"%s\"", used ? ", " : "", name);
    else
        snprintf(l->text + used, sizeof l->text - used, "%s%s", used ? " " : "", name);
}

/* The first provider with why, then the others by name. */
static void add_tried(const char *name, const char *why, void *arg)
{
    struct provider_list *l = arg;
    size_t used = strlen(l->text);
    if (used)
        snprintf(l->text + used, sizeof l->text - used, ", %s", name);
    else
        snprintf(l->text, sizeof l->text, "%s (%s)", name, why);
}

/* libfabric: built in or not, loadable here or not, and its providers. */
static const char *ofi_state(struct provider_list *providers)
{
    int n = mishmem_tool_ofi_providers(add_provider, providers);
    if (n == -2)
        return "not built";
    if (n == -1)
        return "built, libfabric cannot be loaded here";
    return "built, libfabric loads here";
}

static const char *plugin_state(int built, const char *name)
{
    if (!built)
        return "not built";
    return mishmem_tool_plugin_loads(name) ? "built, loads here" : "built, cannot be loaded here";
}

static void text_param(const struct mishmem_param_row *row, int i, int all)
{
    printf("  %-28s default %-16s %s\n", row->name, row->fallback ? row->fallback : "(none)", row->meaning);
    if (!all)
        return;
    char range[64];
    range_text(row, range, sizeof range);
    const char *source, *value = mishmem_tool_param_value(i, &source);
    printf("  %-28s type %s%s%s, category %s, value here: %s (%s)\n", "", mishmem_param_type_name(row->type),
           range[0] ? " " : "", range, row->category, value ? value : "(unset)", source);
}

void print_text(const struct options *o, int only)
{
    if (only < 0) {
        struct provider_list providers = {"", 0};
        printf("mishmem %s\n", MISHMEM_VERSION_STRING);
        printf("OpenSHMEM version: %d.%d\n", SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
        printf("Build options: %s\n", MISHMEM_INFO_BUILD_OPTIONS);
        printf("Optional parts:\n");
        printf("  libfabric transport: %s\n", ofi_state(&providers));
        if (providers.text[0])
            printf("  libfabric providers: %s\n", providers.text);
        struct provider_list tried = {"", 0}, crowded = {"", 0};
        if (providers.text[0] && mishmem_tool_ofi_order(1, add_tried, &tried) > 0)
            printf("  across hosts, tried in order: %s\n", tried.text);
        /* The order differs where PEs outnumber a host's CPUs. */
        if (providers.text[0] && mishmem_tool_ofi_order(0, add_tried, &crowded) > 0 &&
            strcmp(crowded.text, tried.text) != 0)
            printf("  across hosts, more PEs than CPUs on a host: %s\n", crowded.text);
        printf("  PMIx bootstrap plugin: %s\n", plugin_state(MISHMEM_INFO_PMIX_BUILT, "pmix"));
        printf("  MPI bootstrap plugin: %s\n", plugin_state(MISHMEM_INFO_MPI_BUILT, "mpi"));
        printf("Parameters (environment variables):\n");
    }
    for (int i = 0; i < mishmem_tool_param_count(); i++)
        if (only < 0 || only == i)
            text_param(mishmem_tool_param(i), i, o->all || only >= 0);
}

static void json_param(const struct mishmem_param_row *row, int i, int all)
{
    printf("{\"name\": ");
    json_string(row->name);
    printf(", \"default\": ");
    json_string(row->fallback);
    printf(", \"meaning\": ");
    json_string(row->meaning);
    if (all) {
        char range[64];
        range_text(row, range, sizeof range);
        const char *source, *value = mishmem_tool_param_value(i, &source);
        printf(", \"type\": \"%s\", \"category\": ", mishmem_param_type_name(row->type));
        json_string(row->category);
        if (range[0])
            printf(", \"min\": %lld, \"max\": %lld", row->min, row->max);
        printf(", \"value\": ");
        json_string(value);
        printf(", \"source\": \"%s\"", source);
    }
    printf("}");
}

void print_json(const struct options *o, int only)
{
    printf("{\n");
    if (only < 0) {
        struct provider_list providers = {"", 1};
        const char *ofi = ofi_state(&providers);
        printf("  \"version\": \"%s\",\n", MISHMEM_VERSION_STRING);
        printf("  \"openshmem_version\": \"%d.%d\",\n", SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
        printf("  \"build_options\": ");
        json_string(MISHMEM_INFO_BUILD_OPTIONS);
        printf(",\n  \"parts\": {\n    \"libfabric\": {\"state\": \"%s\", \"providers\": [%s]},\n", ofi,
               providers.text);
        printf("    \"pmix\": {\"state\": \"%s\"},\n", plugin_state(MISHMEM_INFO_PMIX_BUILT, "pmix"));
        printf("    \"mpi\": {\"state\": \"%s\"}\n  },\n", plugin_state(MISHMEM_INFO_MPI_BUILT, "mpi"));
    }
    printf("  \"parameters\": [");
    int first = 1;
    for (int i = 0; i < mishmem_tool_param_count(); i++) {
        if (only >= 0 && only != i)
            continue;
        printf("%s\n    ", first ? "" : ",");
        json_param(mishmem_tool_param(i), i, o->all || only >= 0);
        first = 0;
    }
    printf("\n  ]\n}\n");
}

/* A table cell: a | would end the cell. */
static void markdown_cell(const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            putchar('\\');
        putchar(*s);
    }
}

void print_markdown(void)
{
    printf("<!-- Generated by `mishmem-info --markdown` from src/util/params_table.h; do not edit.\n"
           "     The test params_doc fails when this file differs from the table. -->\n"
           "# Environment variables\n\n"
           "Every parameter mishmem reads from the environment. They are read when the library first\n"
           "needs one and again at each instance init (`shmem_init`, `aclshmemx_init_attr`,\n"
           "`aclshmemx_get_uniqueid`). `SHMEM_INFO=1` prints their values at start-up and\n"
           "`mishmem-info --all` shows them with their values in the current environment.\n\n"
           "Those of category LAUNCHER are set by `mishmemrun` for its PEs (`MISHMEM_PORT_RANGE` only\n"
           "when `SHMEM_INSTANCE_PORT_RANGE` is unset). A PMIx server (`mpirun`, `srun --mpi=pmix`)\n"
           "sets `PMIX_RANK` and `PMIX_NAMESPACE`: both set and no `MISHMEM_PE` select PMIx mode for\n"
           "`shmem_init`. A PMI-2 (or PMI-1) server (`srun --mpi=pmi2`) sets `PMI_RANK` and `PMI_SIZE`:\n"
           "with `PMI_SIZE` above 1 and no other mode selected, `shmem_init` refuses.\n\n"
           "| Name | Type | Default | Range | Category | Meaning |\n"
           "|---|---|---|---|---|---|\n");
    for (int i = 0; i < mishmem_tool_param_count(); i++) {
        const struct mishmem_param_row *row = mishmem_tool_param(i);
        char range[64];
        range_text(row, range, sizeof range);
        printf("| `%s` | %s | ", row->name, mishmem_param_type_name(row->type));
        if (row->fallback) {
            printf("`");
            markdown_cell(row->fallback);
            printf("`");
        }
        printf(" | %s | %s | ", range, row->category);
        markdown_cell(row->meaning);
        printf(" |\n");
    }
}
