// A C++ program using <shmem.h>: it must compile cleanly as C++ and run
// through the launcher. Puts and gets around the ring, on the heap and on
// a global variable.
#include <shmem.h>

#include <cstdio>
#include <cstring>
#include <vector>

static long ring_value; // global data is symmetric in the shmem_init world

int main()
{
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    const int right = (me + 1) % npes, left = (me + npes - 1) % npes;

    int *block = static_cast<int *>(shmem_malloc(16 * sizeof(int)));
    if (block == nullptr)
        return 1;
    std::vector<int> mine(16);
    for (int i = 0; i < 16; i++)
        mine[i] = me * 100 + i;
    shmem_int_put(block, mine.data(), mine.size(), right);
    shmem_long_p(&ring_value, 7L * me, right);
    shmem_barrier_all();

    std::vector<int> fetched(16);
    shmem_int_get(fetched.data(), block, fetched.size(), left);
    int bad = 0;
    for (int i = 0; i < 16; i++) {
        bad += block[i] != left * 100 + i;
        bad += fetched[i] != ((left + npes - 1) % npes) * 100 + i;
    }
    bad += ring_value != 7L * left;
    bad += shmem_long_g(&ring_value, right) != 7L * me;
    char name[SHMEM_MAX_NAME_LEN];
    shmem_info_get_name(name);
    bad += std::strcmp(name, SHMEM_VENDOR_STRING) != 0;
    shmem_barrier_all();
    shmem_free(block);
    shmem_finalize();
    std::printf("C++ PE %d: %s\n", me, bad ? "FAILED" : "ok");
    return bad ? 1 : 0;
}
