/* mishmem-info: what this mishmem is (version, OpenSHMEM version, build
 * options), which optional parts it has or can load here, and every
 * parameter it reads from the environment, as text, JSON or the Markdown
 * table of docs/reference/environment.md. The parameters and the probes
 * come from the library itself (src/init/tool_query.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init/tool_query.h"
#include "mishmem/aclshmem.h"
#include "mishmem/aclshmem_log.h"
#include "mishmem_info.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: mishmem-info [OPTION]...\n"
            "Show the mishmem version, the OpenSHMEM version it implements, its build options,\n"
            "the optional parts built in or loadable here (libfabric and its providers, the\n"
            "PMIx and MPI bootstrap plugins) and every environment parameter it reads.\n"
            "\n"
            "  -a, --all          also show each parameter's type, range, category and its\n"
            "                     value in this environment (and where that came from)\n"
            "  -p, --param NAME   show only the parameter NAME (exit status 1 if unknown)\n"
            "  -j, --json         print the same as one JSON object\n"
            "  -m, --markdown     print the parameter table as Markdown (the source of\n"
            "                     docs/reference/environment.md)\n"
            "  -h, --help         show this help and exit\n"
            "  -V, --version      show the version and exit\n");
}

static int parse_options(int argc, char **argv, struct options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-a") || !strcmp(a, "--all")) {
            o->all = 1;
        } else if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
            o->format = JSON;
        } else if (!strcmp(a, "-m") || !strcmp(a, "--markdown")) {
            o->format = MARKDOWN;
        } else if (!strncmp(a, "--param=", 8)) {
            o->param = a + 8;
        } else if (!strcmp(a, "-p") || !strcmp(a, "--param")) {
            if (++i == argc) {
                fprintf(stderr, "mishmem-info: %s needs a parameter name\n", a);
                return 2;
            }
            o->param = argv[i];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            printf("mishmem-info (mishmem) %s\n", MISHMEM_VERSION_STRING);
            exit(0);
        } else {
            fprintf(stderr, "mishmem-info: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    return 0;
}

/* The library's log lines (a plugin that does not load says why at
 * length) are not this tool's output. */
static void quiet_logger(int level, const char *line)
{
    (void)level;
    (void)line;
}

/* -1 when name is not a parameter (said on stderr). */
static int find_param(const char *name)
{
    for (int i = 0; i < mishmem_tool_param_count(); i++)
        if (!strcmp(mishmem_tool_param(i)->name, name))
            return i;
    fprintf(stderr, "mishmem-info: %s is not a mishmem parameter (mishmem-info lists them)\n", name);
    return -1;
}

int main(int argc, char **argv)
{
    struct options o = {0, TEXT, NULL};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    aclshmemx_set_extern_logger(quiet_logger);
    int only = -1;
    if (o.param && (only = find_param(o.param)) < 0)
        return 1;
    if (o.format == MARKDOWN)
        print_markdown();
    else if (o.format == JSON)
        print_json(&o, only);
    else
        print_text(&o, only);
    return 0;
}
