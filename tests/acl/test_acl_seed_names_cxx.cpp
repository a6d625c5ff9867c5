// The seed's C++ calls with their default memory side compile as written
// (aclshmemx_malloc(n), aclshmemx_get_heap_base(), ...). Without an
// instance they are refused: NULL, and nothing crashes.
#include <shmem.h>

#include <cstdio>

int main()
{
    void *base = aclshmemx_get_heap_base();
    void *p = aclshmemx_malloc(64);
    void *q = aclshmemx_calloc(4, 8, HOST_SIDE);
    void *r = aclshmemx_align(64, 8);
    aclshmemx_free(p);
    aclshmemx_free(q, HOST_SIDE);
    if (base || p || q || r) {
        std::fprintf(stderr, "aclshmemx calls without an instance must return NULL\n");
        return 1;
    }
    std::printf("aclshmemx C++ defaults: ok\n");
    return 0;
}
