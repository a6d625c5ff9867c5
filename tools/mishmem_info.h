/* mishmem-info's options and its three printers (mishmem_info_print.c). */
#ifndef MISHMEM_TOOLS_MISHMEM_INFO_H
#define MISHMEM_TOOLS_MISHMEM_INFO_H

enum format { TEXT, JSON, MARKDOWN };

struct options {
    int all;
    enum format format;
    const char *param; /* --param NAME, else NULL */
};

/* only: the one parameter to show, -1 for all of them. */
void print_text(const struct options *o, int only);
void print_json(const struct options *o, int only);
void print_markdown(void);

#endif
