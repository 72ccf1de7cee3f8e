/* bfs_wide.c -- the breadth-first search of bfs and bfs1 on a view whose keys are two words
 * (family.h, key_words 2), in memory for three levels of states, not for every state.
 *
 * Guarantee: bfs.c's. States are stored in order of their distance from the start, each
 * state's successors in the view's order, so the first goal *generated* has the optimal
 * distance; a search that runs out of states has seen the start's whole cluster. It is the
 * search bfs_family.c runs (the same states stored in the same order, the same expanded,
 * generated and duplicate counts and the same path: tests/test_klotski_wide.c holds them
 * equal); only what it keeps differs.
 *
 * What it keeps, and why that is enough. A view with wide keys is undirected: every move can be
 * undone (family.h, family_wide), so a state's successors are its predecessors, and a state
 * and its successor lie at most one level apart.
 * - Levels. The states of level d - 1 (done), d (being expanded) and d + 1 (being found) are
 *   arrays of keys, each with its parent's index in the level before: the queue, three levels
 *   long. A state of level d has its successors in levels d - 1, d and d + 1, so those are all
 *   the table must answer for.
 * - The table. Open addressing over the keys themselves (a wide key is never 0, family.h), at
 *   most half full. It holds every state stored until it fills; then it is rebuilt from the
 *   three levels' arrays, at the size they need with room to grow again, and forgets the rest,
 *   which no later expansion can generate. It answers every question as the table of all
 *   states would, so the search is the same, state for state.
 * - The path. A level that leaves the three is kept as a Bloom filter of its keys (blocked: the
 *   bits of a key in one 64-byte block), 10 bits a state. When a goal is generated, its parent
 *   and grandparent come from the arrays; from there back to the start, each step takes a
 *   successor (a predecessor, the moves being undone) that the filter of the level below
 *   accepts. A filter never rejects a member, so the true predecessor is always among those
 *   accepted; a false positive (about 1%) leads to a state none of whose successors the next
 *   filter down accepts, where the walk backs up and tries the next. It ends at the start,
 *   exactly, at depth 0, so the path has the proved length and each of its steps is a unit of
 *   the measure: the view writes it, and the replay judges it again.
 *   The alternatives: the parents of every state (what bfs_family.c keeps) cost 20 bytes a
 *   state; Korf's divide and conquer costs a second search and more; writing the levels to disk
 *   needs a disk. A filter costs 1.25 bytes a state and a walk of a few hundred expansions.
 *
 * The search goes a batch of queue entries at a time (BATCH): their successors are generated
 * and their slots prefetched, then stored in order, so that the table's cache misses overlap.
 * Generating early changes nothing (successors depend only on the queue). The budgets are
 * checked before each batch, and a batch never takes the state count past its budget.
 */
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/xmem.h"
#include "solvers/bfs.h"

#define BATCH 32
#define ROOT UINT32_MAX
#define BLOOM_BITS 10   /* a state's share of its level's filter */
#define BLOOM_K 7       /* bits set a key */

/* ---- The table ---------------------------------------------------------------------------- */

typedef struct {
    key_wide *slot;   /* 0: empty */
    uint64_t slots;   /* a power of two */
    uint64_t count;   /* keys held, the forgotten ones included until a rebuild */
    int shift;        /* 64 - log2(slots) */
} wide_table;

static inline uint64_t hash_of(key_wide k)
{
    uint64_t h = key_low(k) * 0x9E3779B97F4A7C15ull ^ key_high(k) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ull;
}

/* A table of `slots` empty slots, in t's own block when it has that size: a fresh block's
 * pages come zeroed from the kernel (calloc asks for no more), a used one's are cleared, which
 * costs a fraction of faulting fresh pages in again (docs/performance.md). */
static void table_alloc(wide_table *t, uint64_t slots)
{
    if (t->slot && t->slots == slots)
        memset(t->slot, 0, slots * sizeof *t->slot);
    else {
        free(t->slot);
        t->slot = xcalloc(slots, sizeof *t->slot);
    }
    t->slots = slots;
    t->shift = 64 - __builtin_ctzll(slots);
    t->count = 0;
}

/* Adds k; returns whether it was new. */
static inline bool table_add(wide_table *t, key_wide k, uint64_t h)
{
    uint64_t mask = t->slots - 1;
    for (uint64_t j = h >> t->shift;; j = (j + 1) & mask) {
        key_wide s = t->slot[j];
        if (s == k) return false;
        if (s == 0) {
            t->slot[j] = k;
            t->count++;
            return true;
        }
    }
}

static uint64_t table_bytes(const wide_table *t)
{
    return t->slots * sizeof *t->slot;
}

/* ---- Levels ------------------------------------------------------------------------------- */

typedef struct {
    key_wide *key;
    uint32_t *parent;   /* index in the level before, or ROOT */
    uint64_t count, capacity;
} wide_level;

static void level_reserve(wide_level *l, uint64_t n)
{
    if (l->count + n <= l->capacity) return;
    uint64_t room = l->capacity ? l->capacity : 4096;
    while (room < l->count + n) room *= 2;
    l->key = xrealloc(l->key, room * sizeof *l->key);
    l->parent = xrealloc(l->parent, room * sizeof *l->parent);
    l->capacity = room;
}

static uint64_t level_bytes(const wide_level *l)
{
    return l->capacity * (sizeof *l->key + sizeof *l->parent);
}

/* The bytes level_reserve(l, n) would hold. */
static uint64_t level_bytes_next(const wide_level *l, uint64_t n)
{
    if (l->count + n <= l->capacity) return level_bytes(l);
    uint64_t room = l->capacity ? l->capacity : 4096;
    while (room < l->count + n) room *= 2;
    return (room + l->capacity) * (sizeof *l->key + sizeof *l->parent);
}

/* ---- Filters ------------------------------------------------------------------------------ */

typedef struct {
    uint64_t *bits;     /* blocks of 8 words */
    uint64_t blocks;
} bloom;

static void bloom_make(bloom *f, const wide_level *l)
{
    f->blocks = (l->count * BLOOM_BITS + 511) / 512;
    f->bits = xcalloc(f->blocks * 8, sizeof *f->bits);
    for (uint64_t i = 0; i < l->count; i++) {
        XXH128_hash_t h = XXH3_128bits(&l->key[i], sizeof l->key[i]);
        uint64_t *block = f->bits + 8 * (h.low64 % f->blocks);
        for (int k = 0; k < BLOOM_K; k++) {
            unsigned bit = h.high64 >> 9 * k & 511;
            block[bit >> 6] |= 1ull << (bit & 63);
        }
    }
}

static bool bloom_has(const bloom *f, key_wide key)
{
    XXH128_hash_t h = XXH3_128bits(&key, sizeof key);
    const uint64_t *block = f->bits + 8 * (h.low64 % f->blocks);
    for (int k = 0; k < BLOOM_K; k++) {
        unsigned bit = h.high64 >> 9 * k & 511;
        if (!(block[bit >> 6] >> (bit & 63) & 1)) return false;
    }
    return true;
}

/* ---- The search --------------------------------------------------------------------------- */

typedef struct {
    const family_problem *p;
    measure m;
    wide_table table;
    wide_level level[3];   /* by depth % 3 */
    bloom *filter;         /* by depth, for the levels that left the three */
    int filters;
    uint64_t filter_bytes;
    key_wide *child;       /* a batch's successors */
    uint32_t *from;        /* each one's entry in the level expanded */
    int *first;            /* a batch entry's first successor in child; one more at the end */
} wide_bfs;

static uint64_t held(const wide_bfs *s)
{
    return table_bytes(&s->table) + level_bytes(&s->level[0]) + level_bytes(&s->level[1]) +
           level_bytes(&s->level[2]) + s->filter_bytes;
}

/* Whether the table must be rebuilt before n more keys: past three quarters full. */
static inline bool table_full(const wide_table *t, uint64_t n)
{
    return 4 * (t->count + n) > 3 * t->slots;
}

/* The table's size after a rebuild with n keys to come: the three levels and those take at
 * most half of it, so that it takes half as many again before the next rebuild. */
static uint64_t rebuilt_slots(const wide_bfs *s, uint64_t n)
{
    uint64_t live = s->level[0].count + s->level[1].count + s->level[2].count + n;
    uint64_t slots = s->table.slots;
    while (2 * live > slots) slots *= 2;
    return slots;
}

/* Rebuilds the table from the three levels of depth d - 1 .. d + 1 (the old one dropped
 * first: the levels hold every key it must keep), with n keys to come. */
static void table_rebuild(wide_bfs *s, uint64_t n)
{
    table_alloc(&s->table, rebuilt_slots(s, n));
    for (int i = 0; i < 3; i++)
        for (uint64_t j = 0; j < s->level[i].count; j++)
            table_add(&s->table, s->level[i].key[j], hash_of(s->level[i].key[j]));
}

/* The bytes the table and the next level may hold after storing n more keys. */
static uint64_t held_next(const wide_bfs *s, const wide_level *next, uint64_t n)
{
    uint64_t bytes = held(s) - level_bytes(next) + level_bytes_next(next, n);
    if (table_full(&s->table, n)) bytes += (rebuilt_slots(s, n) - s->table.slots) * sizeof *s->table.slot;
    return bytes;
}

/* The path to the goal: parent and grandparent from the levels, then back through the
 * filters (see the top). keys[d] is set for d < depth on success. */
static bool walk_back(const wide_bfs *s, key_wide *keys, int depth, key_wide *child)
{
    if (depth == 0) return keys[0] == s->p->wide.start;
    int n = s->p->wide.successors(s->p->board, keys[depth], s->m, child);
    key_wide *below = child + n;
    for (int i = 0; i < n; i++) {
        bool member = depth - 1 == 0 ? child[i] == s->p->wide.start
                                     : bloom_has(&s->filter[depth - 1], child[i]);
        if (!member) continue;
        keys[depth - 1] = child[i];
        if (walk_back(s, keys, depth - 1, below)) return true;
    }
    return false;
}

static void solved(wide_bfs *s, int depth, uint64_t at, key_wide goal, solver_result *r)
{
    int n = depth + 2;   /* the goal is one level past the level expanded */
    key_wide *keys = xmalloc((size_t)n * sizeof *keys);
    keys[n - 1] = goal;
    const wide_level *l = &s->level[depth % 3];
    keys[depth] = l->key[at];
    int known = depth;   /* keys[known ..] are set */
    if (depth > 0) {
        keys[depth - 1] = s->level[(depth + 2) % 3].key[l->parent[at]];
        known = depth - 1;
    }
    key_wide *child = xmalloc((size_t)(known + 1) * (size_t)s->p->max_successors * sizeof *child);
    if (walk_back(s, keys, known, child)) search_path_solved_wide(s->p, s->m, keys, n, r);
    free(child);
    free(keys);
}

/* The successors of key the search generates: after a parent, the view's successors_after
 * (or its successors) less the parent, which was stored before it; as the numbered view gives
 * them (search/numbered.c), so that both searches generate alike. */
static int successors(const family_problem *p, measure m, key_wide key, const key_wide *parent,
                      key_wide *child)
{
    if (!parent) return p->wide.successors(p->board, key, m, child);
    int all = p->wide.successors_after ? p->wide.successors_after(p->board, *parent, key, m, child)
                                       : p->wide.successors(p->board, key, m, child);
    int n = 0;
    for (int i = 0; i < all; i++)
        if (child[i] != *parent) child[n++] = child[i];
    return n;
}

void bfs_wide_search(solver_context *ctx, const family_problem *p, measure m,
                     const solver_budget *budget, solver_result *r, bool cluster)
{
    search_limits limits;
    search_begin(&limits, ctx, budget, r);
    wide_bfs s = {.p = p, .m = m};
    uint64_t most = (uint64_t)p->max_successors;
    s.child = xmalloc(BATCH * most * sizeof *s.child);
    s.from = xmalloc(BATCH * most * sizeof *s.from);
    s.first = xmalloc((BATCH + 1) * sizeof *s.first);
    table_alloc(&s.table, 1 << 12);
    key_wide start = p->wide.start, mask = p->wide.goal_mask, value = p->wide.goal_value;
    level_reserve(&s.level[0], 1);
    s.level[0].key[0] = start;
    s.level[0].parent[0] = ROOT;
    s.level[0].count = 1;
    table_add(&s.table, start, hash_of(start));
    search_count_level(r, 0, 1);

    bool found = (start & mask) == value, stopped = false;
    uint64_t stored = 1;
    if (found) search_path_solved_wide(p, m, &start, 1, r);
    for (int depth = 0; (cluster || !found) && !stopped && s.level[depth % 3].count; depth++) {
        wide_level *cur = &s.level[depth % 3], *next = &s.level[(depth + 1) % 3];
        wide_level *prev = &s.level[(depth + 2) % 3];
        next->count = 0;
        for (uint64_t at = 0; at < cur->count && (cluster || !found);) {
            uint64_t n = cur->count - at < BATCH ? cur->count - at : BATCH;
            if (limits.state_limit - r->expanded < n) n = limits.state_limit - r->expanded;
            /* The budgets, for the batch: n == 0 is the state budget spent. */
            if (n == 0) r->expanded++;
            if (search_over_budget(&limits, r, held(&s), held_next(&s, next, n * most)) || n == 0) {
                stopped = true;
                break;
            }
            /* Generate, and find each successor's slot on its way in. */
            int k = 0;
            for (uint64_t i = 0; i < n; i++) {
                uint32_t parent = cur->parent[at + i];
                s.first[i] = k;
                int c = successors(p, m, cur->key[at + i], parent == ROOT ? NULL : &prev->key[parent],
                                   s.child + k);
                for (int j = k; j < k + c; j++) {
                    s.from[j] = (uint32_t)(at + i);
                    __builtin_prefetch(&s.table.slot[hash_of(s.child[j]) >> s.table.shift]);
                }
                k += c;
            }
            s.first[n] = k;
            r->expanded += n;
            if (table_full(&s.table, (uint64_t)k)) table_rebuild(&s, (uint64_t)k);
            level_reserve(next, (uint64_t)k);
            /* Store them in order; in solve mode the search ends at the first goal, the state's
             * later successors unlooked at (bfs_family.c's counts). */
            uint64_t before = next->count;
            int looked = 0;
            for (int j = 0; j < k; j++) {
                key_wide key = s.child[j];
                looked++;
                if (!table_add(&s.table, key, hash_of(key))) continue;
                next->key[next->count] = key;
                next->parent[next->count++] = s.from[j];
                if ((key & mask) == value && !found) {
                    /* The first goal: its path now, while its parent's levels are held. */
                    found = true;
                    solved(&s, depth, s.from[j], key, r);
                    if (cluster) continue;
                    /* Expanded and generated as far as the goal's parent. */
                    r->expanded -= n - 1 - (s.from[j] - at);
                    n = s.from[j] - at + 1;
                    k = s.first[n];
                    break;
                }
            }
            r->generated += (uint64_t)k;
            r->duplicates += (uint64_t)looked - (next->count - before);
            for (uint64_t i = 0; limits.trace && i < n; i++) {
                uint32_t parent = cur->parent[at + i];
                key_wide from = parent == ROOT ? 0 : prev->key[parent];
                search_trace_step(&limits, trace_step_of_wide(cur->key[at + i], from, depth, TRACE_NO_BOUND));
            }
            at += n;
        }
        if (next->count) search_count_level(r, depth + 1, next->count);
        stored += next->count;
        if ((found && !cluster) || stopped || !next->count) break;
        /* Level depth - 1 leaves the three: its filter, for the path. */
        if (depth >= 1) {
            s.filter = xrealloc(s.filter, (size_t)depth * sizeof *s.filter);
            bloom_make(&s.filter[depth - 1], prev);
            s.filters = depth;
            s.filter_bytes += s.filter[depth - 1].blocks * 64;
        }
    }
    /* Stopped, what was stored: what the cluster holds at least; a stop stays one. */
    if (cluster) r->cluster_states = stored;
    if (stopped) r->status = SOLVE_BUDGET;
    else if (!found) r->status = SOLVE_UNSOLVABLE;
    uint64_t bytes = held(&s);
    if (bytes > r->peak_bytes) r->peak_bytes = bytes;
    for (int d = 0; d < s.filters; d++) free(s.filter[d].bits);
    free(s.filter);
    for (int i = 0; i < 3; i++) free(s.level[i].key), free(s.level[i].parent);
    free(s.table.slot);
    free(s.child);
    free(s.from);
    free(s.first);
}
