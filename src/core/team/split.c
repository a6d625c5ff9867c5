#include "core/team/split.h"

#include "core/coll/coll.h"
#include "core/context.h"
#include "core/team/table.h"
#include "util/log.h"

/* One team a split makes, as this PE sees it (world PE numbers). */
struct new_team {
    int member; /* 0: this PE is not in it */
    int start, stride, size, my_pe;
    const shmem_team_config_t *config;
    long config_mask;
};

static int config_valid(const char *call, const shmem_team_config_t *config, long mask)
{
    if (mask & ~SHMEM_TEAM_NUM_CONTEXTS) {
        MISHMEM_ERROR("%s: config_mask 0x%lx has unknown bits (only SHMEM_TEAM_NUM_CONTEXTS)", call, mask);
        return 0;
    }
    if (mask && !config) {
        MISHMEM_ERROR("%s: config_mask 0x%lx with a NULL config", call, mask);
        return 0;
    }
    if ((mask & SHMEM_TEAM_NUM_CONTEXTS) && config->num_contexts < 0) {
        MISHMEM_ERROR("%s: config.num_contexts %d is negative", call, config->num_contexts);
        return 0;
    }
    return 1;
}

/* What each parent member offers: the slots free on it and the epoch its
 * teams reached. Combined over the parent: slots free on all (AND), the
 * largest epoch (MAX). Bit 0 is the world team's slot, never free: in an
 * offer it says instead "my arguments are valid", so that a PE with a bad
 * config fails the split on every PE rather than leaving the others
 * waiting. */
struct split_offer {
    uint64_t free_slots[MISHMEM_TEAM_BITMAP_WORDS];
    uint64_t epoch_high_water;
};
_Static_assert(2 * sizeof(struct split_offer) <= MISHMEM_TEAM_SCRATCH_WORDS * sizeof(uint64_t),
               "two split offers must fit a slot's scratch");

static void combine_offers(void *acc_, const void *in_, size_t count)
{
    struct split_offer *acc = acc_;
    const struct split_offer *in = in_;
    for (size_t k = 0; k < count; k++) {
        for (int word = 0; word < MISHMEM_TEAM_BITMAP_WORDS; word++)
            acc[k].free_slots[word] &= in[k].free_slots[word];
        if (in[k].epoch_high_water > acc[k].epoch_high_water)
            acc[k].epoch_high_water = in[k].epoch_high_water;
    }
}

static const struct mishmem_reduce_op offers_op = {sizeof(struct split_offer), combine_offers};

/* One reduction over the parent: its own sync slot carries the offers. */
static int agree(struct mishmem_team *parent, const char *call, int args_valid, int count, int slots[2],
                 uint64_t *epoch_base)
{
    struct split_offer *offer = (struct split_offer *)mishmem_team_sync_of(parent, parent->my_pe)->scratch;
    struct split_offer *common = offer + 1;
    mishmem_teams_free_slots(parent->inst, offer->free_slots);
    offer->free_slots[0] = (offer->free_slots[0] & ~1ull) | (args_valid ? 1u : 0u);
    offer->epoch_high_water = mishmem_teams_epoch_high_water(parent->inst);
    struct mishmem_coll_group group = mishmem_group_of_team(parent, call);
    mishmem_reduce_run(&group, &offers_op, common, offer, 1);
    if (!(common->free_slots[0] & 1))
        return ACLSHMEM_INVALID_PARAM; /* the PE with bad arguments said why */
    common->free_slots[0] &= ~1ull;
    *epoch_base = common->epoch_high_water;
    int found = 0;
    for (int word = 0; word < MISHMEM_TEAM_BITMAP_WORDS && found < count; word++)
        for (uint64_t bits = common->free_slots[word]; bits && found < count; bits &= bits - 1)
            slots[found++] = word * 64 + __builtin_ctzll(bits);
    if (found < count) {
        MISHMEM_ERROR("%s: no team slot is free on every member of the parent team (%d slots per PE; "
                      "destroy teams that are no longer needed)", call, MISHMEM_TEAM_SLOTS);
        return ACLSHMEM_INNER_ERROR;
    }
    return ACLSHMEM_SUCCESS;
}

static int split(struct mishmem_team *parent, const char *call, struct new_team *specs, int count,
                 struct mishmem_team **out)
{
    struct mishmem_instance *inst = parent->inst;
    int args_valid = 1;
    for (int k = 0; k < count; k++) {
        out[k] = NULL;
        args_valid = args_valid && config_valid(call, specs[k].config, specs[k].config_mask);
    }
    int slots[2];
    uint64_t epoch_base = 0;
    int rc = agree(parent, call, args_valid, count, slots, &epoch_base);
    /* No further sync: the slot's words are not reset (the new epochs start
     * above every old one), so a member may use the team at once. */
    for (int k = 0; rc == ACLSHMEM_SUCCESS && k < count; k++) {
        if (!specs[k].member)
            continue;
        out[k] = mishmem_team_claim(inst, slots[k], specs[k].start, specs[k].stride, specs[k].size,
                                    specs[k].my_pe, specs[k].config, specs[k].config_mask, epoch_base);
        if (!out[k])
            rc = ACLSHMEM_MALLOC_FAILED;
    }
    if (rc != ACLSHMEM_SUCCESS)
        for (int k = 0; k < count; k++)
            if (out[k]) {
                mishmem_team_release(out[k]);
                out[k] = NULL;
            }
    return rc;
}

/* Member i of the parent is world PE parent->start + i * parent->stride. */
static struct new_team strided_spec(const struct mishmem_team *parent, int start, int stride, int size)
{
    struct new_team spec = {.start = mishmem_team_world_pe(parent, start), .stride = stride * parent->stride,
                            .size = size};
    int offset = parent->my_pe - start;
    if (stride == 0) {
        spec.member = offset == 0;
    } else if (offset % stride == 0 && offset / stride >= 0 && offset / stride < size) {
        spec.member = 1;
        spec.my_pe = offset / stride;
    }
    return spec;
}

int mishmem_team_split_strided(struct mishmem_team *parent, const char *call, int start, int stride, int size,
                               const shmem_team_config_t *config, long config_mask, struct mishmem_team **out)
{
    *out = NULL;
    int n = parent->size;
    long long last = (long long)start + (long long)(size - 1) * stride;
    if (size < 1 || (stride == 0 && size != 1) || start < 0 || start >= n || last < 0 || last >= n) {
        /* Every parent member sees the same triplet, so all return here. */
        MISHMEM_ERROR("%s: (start %d, stride %d, size %d) does not select PEs of the %d-PE parent team "
                      "(0 <= start + i * stride < %d for i < size, size >= 1, stride 0 only with size 1)",
                      call, start, stride, size, n, n);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (size == 1)
        stride = 1; /* any stride selects just `start` */
    struct new_team spec = strided_spec(parent, start, stride, size);
    spec.config = config;
    spec.config_mask = config_mask;
    return split(parent, call, &spec, 1, out);
}

int mishmem_team_split_2d(struct mishmem_team *parent, const char *call, int xrange,
                          const shmem_team_config_t *x_config, long x_mask, const shmem_team_config_t *y_config,
                          long y_mask, struct mishmem_team **x_team, struct mishmem_team **y_team)
{
    *x_team = *y_team = NULL;
    int n = parent->size;
    if (xrange < 1) {
        MISHMEM_ERROR("%s: xrange %d must be at least 1", call, xrange);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (xrange > n)
        xrange = n; /* one row holding the whole parent */
    int me = parent->my_pe, x = me % xrange, y = me / xrange;
    int row_start = y * xrange;
    struct new_team specs[2] = {
        strided_spec(parent, row_start, 1, n - row_start < xrange ? n - row_start : xrange),
        strided_spec(parent, x, xrange, (n - x + xrange - 1) / xrange),
    };
    specs[0].config = x_config;
    specs[0].config_mask = x_mask;
    specs[1].config = y_config;
    specs[1].config_mask = y_mask;
    /* All rows share one slot and all columns another: they are disjoint. */
    struct mishmem_team *made[2];
    int rc = split(parent, call, specs, 2, made);
    *x_team = made[0];
    *y_team = made[1];
    return rc;
}

int mishmem_team_destroy(struct mishmem_team *team, const char *call)
{
    if (team->slot == MISHMEM_TEAM_WORLD_SLOT || team->slot == MISHMEM_TEAM_SHARED_SLOT) {
        MISHMEM_ERROR("%s: the predefined %s team cannot be destroyed", call,
                      team->slot == MISHMEM_TEAM_WORLD_SLOT ? "world" : "shared");
        return ACLSHMEM_INVALID_PARAM;
    }
    /* OpenSHMEM 1.5: destroying a team destroys its contexts. */
    mishmem_ctx_destroy_team_contexts(team);
    mishmem_team_release(team);
    return ACLSHMEM_SUCCESS;
}
