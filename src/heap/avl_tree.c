/* Recursive AVL insert and remove: the depth is at most ~1.44 log2(n), so
 * recursion is cheap and spares us parent pointers. */
#include "heap/avl_tree.h"

static int height_of(const struct mishmem_avl_node *node)
{
    return node ? node->height : 0;
}

static void update_height(struct mishmem_avl_node *node)
{
    int left = height_of(node->left);
    int right = height_of(node->right);
    node->height = 1 + (left > right ? left : right);
}

static struct mishmem_avl_node *rotate_right(struct mishmem_avl_node *node)
{
    struct mishmem_avl_node *pivot = node->left;
    node->left = pivot->right;
    pivot->right = node;
    update_height(node);
    update_height(pivot);
    return pivot;
}

static struct mishmem_avl_node *rotate_left(struct mishmem_avl_node *node)
{
    struct mishmem_avl_node *pivot = node->right;
    node->right = pivot->left;
    pivot->left = node;
    update_height(node);
    update_height(pivot);
    return pivot;
}

/* Restores the AVL property at node after one of its subtrees changed
 * height by at most one; returns the new subtree root. */
static struct mishmem_avl_node *rebalance(struct mishmem_avl_node *node)
{
    update_height(node);
    int balance = height_of(node->left) - height_of(node->right);
    if (balance > 1) {
        if (height_of(node->left->left) < height_of(node->left->right))
            node->left = rotate_left(node->left);
        return rotate_right(node);
    }
    if (balance < -1) {
        if (height_of(node->right->right) < height_of(node->right->left))
            node->right = rotate_right(node->right);
        return rotate_left(node);
    }
    return node;
}

/* Nodes visited, counted only in the allocator test's own build of this
 * file: it checks that the work per operation grows as log n. */
#ifdef MISHMEM_AVL_COUNT_VISITS
unsigned long mishmem_avl_visits;
#define VISIT() (mishmem_avl_visits++)
#else
#define VISIT() ((void)0)
#endif

void mishmem_avl_init(struct mishmem_avl_tree *tree, mishmem_avl_cmp_fn cmp)
{
    tree->root = NULL;
    tree->cmp = cmp;
    tree->count = 0;
}

static struct mishmem_avl_node *insert_below(struct mishmem_avl_node *subtree, struct mishmem_avl_node *node,
                                             mishmem_avl_cmp_fn cmp)
{
    if (!subtree) {
        node->left = NULL;
        node->right = NULL;
        node->height = 1;
        return node;
    }
    VISIT();
    if (cmp(node, subtree) < 0)
        subtree->left = insert_below(subtree->left, node, cmp);
    else
        subtree->right = insert_below(subtree->right, node, cmp);
    return rebalance(subtree);
}

void mishmem_avl_insert(struct mishmem_avl_tree *tree, struct mishmem_avl_node *node)
{
    tree->root = insert_below(tree->root, node, tree->cmp);
    tree->count++;
}

/* Unhooks the leftmost node of a non-empty subtree into *min. */
static struct mishmem_avl_node *detach_min(struct mishmem_avl_node *subtree, struct mishmem_avl_node **min)
{
    VISIT();
    if (!subtree->left) {
        *min = subtree;
        return subtree->right;
    }
    subtree->left = detach_min(subtree->left, min);
    return rebalance(subtree);
}

/* The successor node takes the removed node's place, since the records
 * are the caller's and cannot be copied. */
static struct mishmem_avl_node *replace_with_successor(struct mishmem_avl_node *node)
{
    if (!node->right)
        return node->left; /* balanced: left is at most a leaf */
    struct mishmem_avl_node *successor;
    struct mishmem_avl_node *right = detach_min(node->right, &successor);
    successor->left = node->left;
    successor->right = right;
    return rebalance(successor);
}

static struct mishmem_avl_node *remove_below(struct mishmem_avl_node *subtree, struct mishmem_avl_node *node,
                                             mishmem_avl_cmp_fn cmp, int *removed)
{
    if (!subtree)
        return NULL;
    VISIT();
    if (subtree == node) {
        *removed = 1;
        return replace_with_successor(subtree);
    }
    if (cmp(node, subtree) < 0)
        subtree->left = remove_below(subtree->left, node, cmp, removed);
    else
        subtree->right = remove_below(subtree->right, node, cmp, removed);
    return *removed ? rebalance(subtree) : subtree;
}

int mishmem_avl_remove(struct mishmem_avl_tree *tree, struct mishmem_avl_node *node)
{
    int removed = 0;
    tree->root = remove_below(tree->root, node, tree->cmp, &removed);
    if (removed)
        tree->count--;
    return removed;
}

struct mishmem_avl_node *mishmem_avl_find(const struct mishmem_avl_tree *tree, const void *key,
                                          mishmem_avl_key_cmp_fn key_cmp)
{
    struct mishmem_avl_node *node = tree->root;
    while (node) {
        VISIT();
        int order = key_cmp(key, node);
        if (order == 0)
            return node;
        node = order < 0 ? node->left : node->right;
    }
    return NULL;
}

struct mishmem_avl_node *mishmem_avl_lower_bound(const struct mishmem_avl_tree *tree, const void *key,
                                                 mishmem_avl_key_cmp_fn key_cmp)
{
    struct mishmem_avl_node *best = NULL;
    struct mishmem_avl_node *node = tree->root;
    while (node) {
        VISIT();
        if (key_cmp(key, node) <= 0) {
            best = node;
            node = node->left;
        } else {
            node = node->right;
        }
    }
    return best;
}

struct mishmem_avl_node *mishmem_avl_upper_bound(const struct mishmem_avl_tree *tree, const void *key,
                                                 mishmem_avl_key_cmp_fn key_cmp)
{
    struct mishmem_avl_node *best = NULL;
    struct mishmem_avl_node *node = tree->root;
    while (node) {
        VISIT();
        if (key_cmp(key, node) < 0) {
            best = node;
            node = node->left;
        } else {
            node = node->right;
        }
    }
    return best;
}

struct mishmem_avl_node *mishmem_avl_last(const struct mishmem_avl_tree *tree)
{
    struct mishmem_avl_node *node = tree->root;
    while (node && node->right)
        node = node->right;
    return node;
}

/* Checks the subtree strictly between the bounds (NULL: unbounded); returns
 * its height, or -1 if anything is wrong. Adds its nodes to *count. */
static int check_subtree(const struct mishmem_avl_node *node, const struct mishmem_avl_node *low,
                         const struct mishmem_avl_node *high, mishmem_avl_cmp_fn cmp, size_t *count)
{
    if (!node)
        return 0;
    if ((low && cmp(low, node) >= 0) || (high && cmp(node, high) >= 0))
        return -1;
    int left = check_subtree(node->left, low, node, cmp, count);
    int right = check_subtree(node->right, node, high, cmp, count);
    if (left < 0 || right < 0 || left - right > 1 || right - left > 1)
        return -1;
    int height = 1 + (left > right ? left : right);
    if (node->height != height)
        return -1;
    (*count)++;
    return height;
}

int mishmem_avl_is_valid(const struct mishmem_avl_tree *tree)
{
    size_t count = 0;
    if (check_subtree(tree->root, NULL, NULL, tree->cmp, &count) < 0)
        return 0;
    return count == tree->count;
}
