/* Symmetric-heap allocator. Each block (live or free) is one malloc'd
 * record outside the heap:
 *   - all blocks form a doubly-linked list in address order, which tiles
 *     [0, capacity) and gives the neighbours for coalescing;
 *   - free blocks sit in an AVL tree keyed by (size, offset), so the
 *     lower bound of (size, 0) is the best fit with ties to lowest offset;
 *   - live blocks sit in an AVL tree keyed by offset, so free and resize
 *     find them (and reject foreign offsets) in O(log n).
 * A block is in exactly one of the trees, so one tree link suffices.
 * Free blocks are always coalesced: no two are adjacent. */
#include "heap/allocator.h"
#include "heap/allocator_check.h"
#include "heap/avl_tree.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

struct heap_block {
    struct mishmem_avl_node link; /* in free_by_size or live_by_offset */
    struct heap_block *prev;      /* address-order neighbours */
    struct heap_block *next;
    uint64_t offset;
    uint64_t size;
    bool is_free;
};

struct mishmem_allocator {
    uint64_t capacity;
    uint64_t min_align;
    uint64_t bytes_in_use;
    struct heap_block *first;           /* the block at offset 0 */
    struct mishmem_avl_tree free_by_size;
    struct mishmem_avl_tree live_by_offset;
    struct heap_block *spares;          /* recycled records, chained by next */
};

struct size_key {
    uint64_t size;
    uint64_t offset;
};

static struct heap_block *block_of(struct mishmem_avl_node *node)
{
    return (struct heap_block *)((char *)node - offsetof(struct heap_block, link));
}

static const struct heap_block *const_block_of(const struct mishmem_avl_node *node)
{
    return (const struct heap_block *)((const char *)node - offsetof(struct heap_block, link));
}

static int compare_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int compare_size_key(const struct size_key *key, const struct heap_block *block)
{
    int order = compare_u64(key->size, block->size);
    return order ? order : compare_u64(key->offset, block->offset);
}

static int free_node_cmp(const struct mishmem_avl_node *a, const struct mishmem_avl_node *b)
{
    const struct heap_block *block = const_block_of(a);
    struct size_key key = {block->size, block->offset};
    return compare_size_key(&key, const_block_of(b));
}

static int free_key_cmp(const void *key, const struct mishmem_avl_node *node)
{
    return compare_size_key(key, const_block_of(node));
}

static int live_node_cmp(const struct mishmem_avl_node *a, const struct mishmem_avl_node *b)
{
    return compare_u64(const_block_of(a)->offset, const_block_of(b)->offset);
}

static int live_key_cmp(const void *key, const struct mishmem_avl_node *node)
{
    return compare_u64(*(const uint64_t *)key, const_block_of(node)->offset);
}

static bool is_power_of_two(uint64_t value)
{
    return value && !(value & (value - 1));
}

/* ---- block records ---------------------------------------------------- */

static struct heap_block *take_spare(struct mishmem_allocator *a)
{
    struct heap_block *block = a->spares;
    a->spares = block->next;
    return block;
}

static void recycle(struct mishmem_allocator *a, struct heap_block *block)
{
    block->next = a->spares;
    a->spares = block;
}

/* Makes sure `wanted` records are on hand before any state changes, so a
 * failed malloc leaves the allocator untouched. */
static int reserve_spares(struct mishmem_allocator *a, int wanted)
{
    int available = 0;
    for (struct heap_block *b = a->spares; b && available < wanted; b = b->next)
        available++;
    for (; available < wanted; available++) {
        struct heap_block *block = malloc(sizeof(*block));
        if (!block)
            return ENOMEM;
        recycle(a, block);
    }
    return 0;
}

static void free_chain(struct heap_block *block)
{
    while (block) {
        struct heap_block *next = block->next;
        free(block);
        block = next;
    }
}

static void link_before(struct mishmem_allocator *a, struct heap_block *anchor, struct heap_block *block)
{
    block->prev = anchor->prev;
    block->next = anchor;
    if (anchor->prev)
        anchor->prev->next = block;
    else
        a->first = block;
    anchor->prev = block;
}

static void link_after(struct heap_block *anchor, struct heap_block *block)
{
    block->prev = anchor;
    block->next = anchor->next;
    if (anchor->next)
        anchor->next->prev = block;
    anchor->next = block;
}

/* Never the first block: only a block with a free predecessor is merged away. */
static void unlink_block(struct heap_block *block)
{
    block->prev->next = block->next;
    if (block->next)
        block->next->prev = block->prev;
}

static void add_free(struct mishmem_allocator *a, struct heap_block *block)
{
    block->is_free = true;
    mishmem_avl_insert(&a->free_by_size, &block->link);
}

static void remove_free(struct mishmem_allocator *a, struct heap_block *block)
{
    mishmem_avl_remove(&a->free_by_size, &block->link);
}

/* A new free record for [offset, offset + size); a spare must be on hand. */
static struct heap_block *new_free_block(struct mishmem_allocator *a, uint64_t offset, uint64_t size)
{
    struct heap_block *block = take_spare(a);
    block->offset = offset;
    block->size = size;
    return block;
}

static struct heap_block *find_live(const struct mishmem_allocator *a, uint64_t offset)
{
    struct mishmem_avl_node *node = mishmem_avl_find(&a->live_by_offset, &offset, live_key_cmp);
    return node ? block_of(node) : NULL;
}

/* ---- create / destroy ------------------------------------------------- */

int mishmem_allocator_create(uint64_t capacity, uint64_t min_align, struct mishmem_allocator **out)
{
    if (!out || !is_power_of_two(min_align) || min_align < 16)
        return EINVAL;
    capacity &= ~(min_align - 1); /* the tail could never hold an aligned block */
    if (capacity == 0)
        return EINVAL;
    struct mishmem_allocator *a = calloc(1, sizeof(*a));
    struct heap_block *whole = malloc(sizeof(*whole));
    if (!a || !whole) {
        free(a);
        free(whole);
        return ENOMEM;
    }
    a->capacity = capacity;
    a->min_align = min_align;
    mishmem_avl_init(&a->free_by_size, free_node_cmp);
    mishmem_avl_init(&a->live_by_offset, live_node_cmp);
    *whole = (struct heap_block){.offset = 0, .size = capacity};
    a->first = whole;
    add_free(a, whole);
    *out = a;
    return 0;
}

void mishmem_allocator_destroy(struct mishmem_allocator *a)
{
    if (!a)
        return;
    free_chain(a->first);
    free_chain(a->spares);
    free(a);
}

/* ---- alloc ------------------------------------------------------------ */

/* Rounds size up to min_align; false if it cannot fit in the heap at all
 * (which also keeps the rounding from overflowing). */
static bool round_size(const struct mishmem_allocator *a, uint64_t size, uint64_t *rounded)
{
    if (size > a->capacity)
        return false;
    *rounded = (size + a->min_align - 1) & ~(a->min_align - 1);
    return true;
}

/* Bytes to skip at the front of block so that it starts aligned. */
static uint64_t front_padding(const struct heap_block *block, uint64_t alignment)
{
    return (0 - block->offset) & (alignment - 1);
}

static bool block_fits(const struct heap_block *block, uint64_t size, uint64_t alignment)
{
    uint64_t padding = front_padding(block, alignment);
    return padding <= block->size && block->size - padding >= size;
}

/* Walks free blocks in (size, offset) order from the first big enough one;
 * the first that also fits the alignment is the best fit. */
static struct heap_block *find_best_fit(const struct mishmem_allocator *a, uint64_t size, uint64_t alignment)
{
    struct size_key key = {size, 0};
    struct mishmem_avl_node *node = mishmem_avl_lower_bound(&a->free_by_size, &key, free_key_cmp);
    while (node) {
        struct heap_block *block = block_of(node);
        if (block_fits(block, size, alignment))
            return block;
        key = (struct size_key){block->size, block->offset};
        node = mishmem_avl_upper_bound(&a->free_by_size, &key, free_key_cmp);
    }
    return NULL;
}

/* Turns the free block into a live one of exactly size bytes at an aligned
 * offset; the padding in front and the rest behind stay free. Neither can
 * touch another free block: the block's neighbours are live. */
static uint64_t carve(struct mishmem_allocator *a, struct heap_block *block, uint64_t size, uint64_t alignment)
{
    uint64_t padding = front_padding(block, alignment);
    uint64_t rest = block->size - padding - size;
    remove_free(a, block);
    if (padding) {
        struct heap_block *front = new_free_block(a, block->offset, padding);
        link_before(a, block, front);
        add_free(a, front);
        block->offset += padding;
    }
    if (rest) {
        struct heap_block *back = new_free_block(a, block->offset + size, rest);
        link_after(block, back);
        add_free(a, back);
    }
    block->size = size;
    block->is_free = false;
    mishmem_avl_insert(&a->live_by_offset, &block->link);
    a->bytes_in_use += size;
    return block->offset;
}

int mishmem_allocator_alloc(struct mishmem_allocator *a, uint64_t size, uint64_t alignment, uint64_t *offset)
{
    if (!a || !offset || size == 0)
        return EINVAL;
    if (alignment == 0)
        alignment = a->min_align;
    if (!is_power_of_two(alignment))
        return EINVAL;
    if (alignment < a->min_align)
        alignment = a->min_align;
    uint64_t rounded;
    if (!round_size(a, size, &rounded))
        return ENOMEM;
    struct heap_block *block = find_best_fit(a, rounded, alignment);
    if (!block)
        return ENOMEM;
    uint64_t padding = front_padding(block, alignment);
    int leftover_pieces = (padding != 0) + (block->size - padding != rounded);
    if (reserve_spares(a, leftover_pieces))
        return ENOMEM;
    *offset = carve(a, block, rounded, alignment);
    return 0;
}

/* ---- free ------------------------------------------------------------- */

/* Folds the free block into its free predecessor; returns the survivor. */
static struct heap_block *merge_into_prev(struct mishmem_allocator *a, struct heap_block *block)
{
    struct heap_block *prev = block->prev;
    remove_free(a, prev);
    prev->size += block->size;
    unlink_block(block);
    recycle(a, block);
    return prev;
}

static void absorb_next(struct mishmem_allocator *a, struct heap_block *block)
{
    struct heap_block *next = block->next;
    remove_free(a, next);
    block->size += next->size;
    unlink_block(next);
    recycle(a, next);
}

int mishmem_allocator_free(struct mishmem_allocator *a, uint64_t offset)
{
    struct heap_block *block = a ? find_live(a, offset) : NULL;
    if (!block)
        return EINVAL;
    mishmem_avl_remove(&a->live_by_offset, &block->link);
    a->bytes_in_use -= block->size;
    if (block->prev && block->prev->is_free)
        block = merge_into_prev(a, block);
    if (block->next && block->next->is_free)
        absorb_next(a, block);
    add_free(a, block);
    return 0;
}

/* ---- size queries and resize ------------------------------------------ */

uint64_t mishmem_allocator_block_size(const struct mishmem_allocator *a, uint64_t offset)
{
    const struct heap_block *block = a ? find_live(a, offset) : NULL;
    return block ? block->size : 0;
}

/* Gives the block's last `excess` bytes back to the free space behind it. */
static void shrink_in_place(struct mishmem_allocator *a, struct heap_block *block, uint64_t excess)
{
    struct heap_block *next = block->next;
    if (next && next->is_free) {
        remove_free(a, next);
        next->offset -= excess; /* still between the same neighbours */
        next->size += excess;
        add_free(a, next);
    } else {
        if (reserve_spares(a, 1))
            return; /* keep the slack: the block merely stays bigger */
        struct heap_block *back = new_free_block(a, block->offset + block->size - excess, excess);
        link_after(block, back);
        add_free(a, back);
    }
    block->size -= excess;
    a->bytes_in_use -= excess;
}

/* Takes `extra` bytes from the front of the free block behind. */
static int grow_in_place(struct mishmem_allocator *a, struct heap_block *block, uint64_t extra)
{
    struct heap_block *next = block->next;
    if (!next || !next->is_free || next->size < extra)
        return ENOMEM;
    remove_free(a, next);
    if (next->size == extra) {
        unlink_block(next);
        recycle(a, next);
    } else {
        next->offset += extra; /* still between the same neighbours */
        next->size -= extra;
        add_free(a, next);
    }
    block->size += extra;
    a->bytes_in_use += extra;
    return 0;
}

int mishmem_allocator_resize(struct mishmem_allocator *a, uint64_t offset, uint64_t new_size)
{
    struct heap_block *block = a ? find_live(a, offset) : NULL;
    if (!block || new_size == 0)
        return EINVAL;
    uint64_t rounded;
    if (!round_size(a, new_size, &rounded))
        return ENOMEM;
    if (rounded > block->size)
        return grow_in_place(a, block, rounded - block->size);
    if (rounded < block->size)
        shrink_in_place(a, block, block->size - rounded);
    return 0;
}

/* ---- statistics and checks -------------------------------------------- */

void mishmem_allocator_stats(const struct mishmem_allocator *a, struct mishmem_allocator_stats *stats)
{
    struct mishmem_avl_node *largest = mishmem_avl_last(&a->free_by_size);
    stats->capacity = a->capacity;
    stats->bytes_in_use = a->bytes_in_use;
    stats->bytes_free = a->capacity - a->bytes_in_use;
    stats->largest_free = largest ? block_of(largest)->size : 0;
    stats->live_blocks = a->live_by_offset.count;
    stats->free_blocks = a->free_by_size.count;
}

static bool block_is_in_its_tree(const struct mishmem_allocator *a, const struct heap_block *block)
{
    struct mishmem_avl_node *found;
    if (block->is_free) {
        struct size_key key = {block->size, block->offset};
        found = mishmem_avl_find(&a->free_by_size, &key, free_key_cmp);
    } else {
        found = mishmem_avl_find(&a->live_by_offset, &block->offset, live_key_cmp);
    }
    return found == &block->link;
}

static bool block_is_well_formed(const struct mishmem_allocator *a, const struct heap_block *block,
                                 uint64_t expected_offset)
{
    uint64_t misalignment = (block->offset | block->size) & (a->min_align - 1);
    return block->offset == expected_offset && block->size != 0 && misalignment == 0 &&
           block->size <= a->capacity - block->offset && (!block->next || block->next->prev == block);
}

int mishmem_allocator_is_consistent(const struct mishmem_allocator *a)
{
    if (!a->first || a->first->prev)
        return 0;
    uint64_t offset = 0, in_use = 0, live = 0, free_count = 0;
    for (const struct heap_block *block = a->first; block; block = block->next) {
        if (!block_is_well_formed(a, block, offset) || !block_is_in_its_tree(a, block))
            return 0;
        if (block->is_free && block->next && block->next->is_free)
            return 0; /* missed coalescing */
        if (block->is_free) {
            free_count++;
        } else {
            live++;
            in_use += block->size;
        }
        offset += block->size;
    }
    return offset == a->capacity && in_use == a->bytes_in_use && live == a->live_by_offset.count &&
           free_count == a->free_by_size.count && mishmem_avl_is_valid(&a->free_by_size) &&
           mishmem_avl_is_valid(&a->live_by_offset);
}
