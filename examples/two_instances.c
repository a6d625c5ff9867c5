/* examples/two_instances.c: the launcher's world plus a second instance
 * over the same PEs. Run: mishmemrun -n 4 ./two_instances */
#include <shmem.h>
#include <stdio.h>

int main(void)
{
    shmem_init();                      /* the launcher's world: instance 0 */
    int me = shmem_my_pe(), n = shmem_n_pes();

    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = me; attr.n_pes = n;   /* same PEs, a second instance */
    attr.local_mem_size = 1 << 20;
    attr.ip_port = "tcp://127.0.0.1:0"; /* port = start of the port range + id */
    attr.instance_id = 1;
    if (aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr) != ACLSHMEM_SUCCESS)
        return 1;

    aclshmemx_instance_ctx_set(1);     /* now every call acts on instance 1 */
    long *x = shmem_malloc(sizeof *x); /* instance 1's heap */
    shmem_long_p(x, me, (me + 1) % n);
    shmem_barrier_all();
    printf("PE %d got %ld in instance 1\n", me, *x);
    int ok = *x == (me + n - 1) % n;   /* from the previous PE */
    aclshmemx_finalize(1);             /* current falls back to the world */
    shmem_finalize();
    return ok ? 0 : 1;
}
