/* An intrusive AVL tree: the caller embeds a mishmem_avl_node in its own
 * record and supplies the ordering. Keys must be unique under the ordering.
 * Nothing is allocated here, so insert and remove cannot fail; every
 * operation is O(log n). Used by the symmetric-heap allocator. */
#ifndef MISHMEM_HEAP_AVL_TREE_H
#define MISHMEM_HEAP_AVL_TREE_H

#include <stddef.h>

struct mishmem_avl_node {
    struct mishmem_avl_node *left;
    struct mishmem_avl_node *right;
    int height; /* of the subtree rooted here; a leaf has 1 */
};

/* Orders two nodes: <0, 0 or >0. Zero only for the same node. */
typedef int (*mishmem_avl_cmp_fn)(const struct mishmem_avl_node *a, const struct mishmem_avl_node *b);
/* Orders a search key against a node: <0, 0 or >0. */
typedef int (*mishmem_avl_key_cmp_fn)(const void *key, const struct mishmem_avl_node *node);

struct mishmem_avl_tree {
    struct mishmem_avl_node *root;
    mishmem_avl_cmp_fn cmp;
    size_t count;
};

#ifdef MISHMEM_AVL_COUNT_VISITS
extern unsigned long mishmem_avl_visits;
#endif

void mishmem_avl_init(struct mishmem_avl_tree *tree, mishmem_avl_cmp_fn cmp);

/* The node's key must not already be in the tree. */
void mishmem_avl_insert(struct mishmem_avl_tree *tree, struct mishmem_avl_node *node);

/* The node's key must still be what it was at insertion. Returns 1 if the
 * node was found and removed, 0 if it was not in the tree. */
int mishmem_avl_remove(struct mishmem_avl_tree *tree, struct mishmem_avl_node *node);

/* The node equal to key, or NULL. */
struct mishmem_avl_node *mishmem_avl_find(const struct mishmem_avl_tree *tree, const void *key,
                                          mishmem_avl_key_cmp_fn key_cmp);
/* The smallest node >= key, or NULL. */
struct mishmem_avl_node *mishmem_avl_lower_bound(const struct mishmem_avl_tree *tree, const void *key,
                                                 mishmem_avl_key_cmp_fn key_cmp);
/* The smallest node > key, or NULL. */
struct mishmem_avl_node *mishmem_avl_upper_bound(const struct mishmem_avl_tree *tree, const void *key,
                                                 mishmem_avl_key_cmp_fn key_cmp);
/* The largest node, or NULL when empty. */
struct mishmem_avl_node *mishmem_avl_last(const struct mishmem_avl_tree *tree);

/* For tests: 1 if the tree is ordered, balanced, its heights are right and
 * count matches the nodes, else 0. O(n). */
int mishmem_avl_is_valid(const struct mishmem_avl_tree *tree);

#endif
