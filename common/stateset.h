/* stateset.h -- a hash set of 64-bit state keys, with an optional 32-bit value per key.
 *
 * Open addressing with linear probing, kept at most a quarter full so that a probe almost
 * always ends at the first or second slot. The table quadruples when it fills; memory is kept
 * across stateset_clear so that a program solving many puzzles allocates only for the largest,
 * while a clear costs only what the next puzzle uses.
 *
 * Compiled with AVX2 (the breadth-first engine's second build, solvers/bfs.c), a probe reads a
 * window of STATESET_WINDOW slots with one load and two compares, with no branch per slot; a
 * table probed that way may be kept up to half full (stateset_clear_half): one load still
 * almost always settles a probe, and there is half the memory to clear and to cache.
 *
 * Two hash functions are built in (STATESET_HASH_MUL, Fibonacci multiplication, and
 * STATESET_HASH_XXH3, xxHash's XXH3-64 of the 8 key bytes); bin/micro measures both and the
 * solvers use stateset_default_hash, the faster (see docs/performance.md).
 */
#ifndef STATESET_H
#define STATESET_H

#include <stdbool.h>
#include <stdint.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

typedef enum { STATESET_HASH_MUL, STATESET_HASH_XXH3 } stateset_hash;

/* The hash the solvers' tables use, the faster (docs/performance.md); also as a constant,
 * for a caller that passes it to stateset_batch_add. */
#define STATESET_HASH_DEFAULT STATESET_HASH_MUL
extern const stateset_hash stateset_default_hash;

/* XXH3-64 of the key's 8 bytes (out of line: xxhash.h is only included by stateset.c). */
uint64_t stateset_xxh3(uint64_t key);

typedef struct {
    uint64_t *slot;          /* 0 = empty, else key + 1 */
    uint32_t *value;         /* parallel to slot, when with_values */
    uint64_t *spare_slot;    /* the other buffer of the pair, for growing without realloc */
    uint32_t *spare_value;
    uint64_t capacity, spare_capacity;   /* slots in each buffer */
    /* The slots each buffer would have had if it had been empty at stateset_begin_run: what
     * this run's tables hold, which a set kept from an earlier, larger run exceeds. */
    uint64_t run_capacity, run_spare_capacity;
    uint64_t used;           /* slots in use now (a power of two <= capacity) */
    uint64_t count;
    uint64_t room;           /* keys it takes before it must grow: used >> load_shift */
    int load_shift;          /* kept at most 1 / 2^load_shift full: 2, or 1 after clear_half */
    int log2_used;
    bool with_values;
    stateset_hash hash;
} stateset;

void stateset_init(stateset *s, stateset_hash hash);
/* Empties the set, keeping its memory, for a run that does or does not need a value per key. */
void stateset_clear(stateset *s, bool with_values);
/* The same for a run without values whose table may be half full (for AVX2 probes, above). */
void stateset_clear_half(stateset *s);
/* Makes an empty set's table the size it would have grown to by the time it holds n keys, in
 * one allocation and one clearing instead of a growth every fourfold, for a caller that knows
 * how many keys are coming (the keys still go in one by one, and more may follow: the table
 * then grows as before). Out of memory, it returns false, the set empty. */
bool stateset_try_presize(stateset *s, uint64_t n);
/* Frees the memory; the set can be used again after stateset_init. */
void stateset_free(stateset *s);
/* Starts a run: from here stateset_bytes counts what a new set would hold, however large the
 * buffers kept from earlier runs are (solver_context_begin_run calls it). */
void stateset_begin_run(stateset *s);

/* Quadruples the table (stateset_reserve calls it). */
void stateset_grow(stateset *s);
/* The same, re-inserting keys[0 .. count - 1], which must be exactly the set's keys, instead of
 * scanning the old table for them (stateset_reserve_from calls it). */
void stateset_grow_from(stateset *s, const uint64_t *keys, uint64_t count);

/* Whether n more keys would take the table past its load (a quarter or half full; both
 * growths keep it). */
static inline bool stateset_too_full_for(const stateset *s, uint64_t n)
{
    return s->count + n > s->room;
}

/* Makes room for n more keys without the table passing its load; stateset_add calls it
 * for one key, a caller about to add many can call it once for all of them. */
static inline void stateset_reserve(stateset *s, uint64_t n)
{
    while (stateset_too_full_for(s, n)) stateset_grow(s);
}

/* The same for a set without values whose caller also keeps every key it holds in the list
 * keys[0 .. count - 1] (breadth-first search's queue): growing then reads that list instead of
 * scanning a table that is three quarters empty, which measured 8% faster in cluster mode
 * (docs/performance.md). */
static inline void stateset_reserve_from(stateset *s, uint64_t n, const uint64_t *keys,
                                         uint64_t count)
{
    while (stateset_too_full_for(s, n)) stateset_grow_from(s, keys, count);
}

/* Bytes a slot takes: its key, and its value when the set keeps values. */
static inline uint64_t stateset_slot_bytes(const stateset *s)
{
    return sizeof(uint64_t) + (s->with_values ? sizeof(uint32_t) : 0);
}

/* Bytes of this run's tables (both buffers), as a set new at stateset_begin_run would hold
 * them: the figure solvers report. */
static inline uint64_t stateset_bytes(const stateset *s)
{
    return (s->run_capacity + s->run_spare_capacity) * stateset_slot_bytes(s);
}

/* The bytes the set's buffers hold, kept room included: what budgets count. */
static inline uint64_t stateset_held_bytes(const stateset *s)
{
    return (s->capacity + s->spare_capacity) * stateset_slot_bytes(s);
}

/* Growth multiplies the slots in use by STATESET_GROWTH (fourfold: see stateset.c). */
#define STATESET_GROWTH_LOG2 2
#define STATESET_GROWTH (1u << STATESET_GROWTH_LOG2)

/* The most bytes the table will hold while making room for n more keys: what it holds now, or,
 * when that takes growing, both buffers after the growth (the spare is reallocated before the
 * old table becomes the spare, so this is also the peak during the growth). Budgets compare
 * this rather than stateset_bytes, so that a table never grows past them. */
static inline uint64_t stateset_bytes_next(const stateset *s, uint64_t n)
{
    if (!stateset_too_full_for(s, n)) return stateset_held_bytes(s);
    uint64_t used = s->used, main = s->capacity, spare = s->spare_capacity;
    while ((s->count + n) << s->load_shift > used) {
        used *= STATESET_GROWTH;
        uint64_t grown = spare > used ? spare : used;
        spare = main;
        main = grown;
    }
    return (main + spare) * stateset_slot_bytes(s);
}

/* A set without values whose caller keeps its keys in a list and knows which of them it may
 * still ask about (breadth-first search over moves that can be undone, which asks only about
 * the last three levels: rush/bfs_engine.c): stateset_reserve_live makes room for n more
 * keys, and when the table would pass its load, rebuilds it from keys[0 .. count - 1] alone,
 * the keys the caller may still ask about, forgetting the others. The table then has the size
 * those keys need (stateset.c, live_slots), smaller than before when most were forgotten; the
 * buffer is reallocated only to grow, the old one freed first. stateset_bytes_next_live is
 * stateset_bytes_next for such a set: the most it can hold after making room for n more, were
 * every key it holds still asked about. */
void stateset_rebuild_from(stateset *s, uint64_t n, const uint64_t *keys, uint64_t count);
uint64_t stateset_bytes_next_live(const stateset *s, uint64_t n);
/* The most stateset_bytes_next_live(s, n) can return before the table is next rebuilt, while
 * its count rises to its room. */
uint64_t stateset_bytes_most_live(const stateset *s, uint64_t n);
static inline void stateset_reserve_live(stateset *s, uint64_t n, const uint64_t *keys,
                                         uint64_t count)
{
    if (stateset_too_full_for(s, n)) stateset_rebuild_from(s, n, keys, count);
}

/* Where the probe for key starts: XXH3's low bits, or the top bits of the key times 2^64 /
 * golden ratio (Fibonacci hashing). */
#define STATESET_FIBONACCI 0x9E3779B97F4A7C15ull
static inline uint64_t stateset_home(const stateset *s, uint64_t key)
{
    if (s->hash == STATESET_HASH_XXH3) return stateset_xxh3(key) & (s->used - 1);
    return (key * STATESET_FIBONACCI) >> (64 - s->log2_used);
}

/* Slots an AVX2 probe reads at once: four 8-byte slots, one 256-bit load. */
#define STATESET_WINDOW 4

/* The probe every insert shares: linear probing from `home` for key, storing it in the first
 * empty slot when absent. Returns the slot index; *added tells which case it was. The table's
 * fields come in as values because stores into slot[] could otherwise alias them (all are
 * uint64_t), which would make the compiler reload them after every store.
 *
 * Compiled with AVX2, it reads the slots from `home` on a window at a time: the key if the
 * window holds it, else the window's first empty slot, else the next window; near the table's
 * end, where a window would wrap, it goes on a slot at a time. That is the slot the scan one
 * slot at a time finds, because nothing is ever deleted: a key was stored in the first empty
 * slot after its home, so every slot between its home and it is full, and a window that holds
 * it has no empty slot before it. Both builds therefore lay out a table alike. */
static inline uint64_t stateset_probe(uint64_t *slot, uint64_t mask, uint64_t home, uint64_t key,
                                      bool *added)
{
    uint64_t stored = key + 1, j = home;
#ifdef __AVX2__
    const __m256i want = _mm256_set1_epi64x((long long)stored), empty = _mm256_setzero_si256();
    for (; j + STATESET_WINDOW <= mask + 1; j += STATESET_WINDOW) {
        __m256i window = _mm256_loadu_si256((const __m256i *)(slot + j));
        __m256d found_lanes = _mm256_castsi256_pd(_mm256_cmpeq_epi64(window, want));
        __m256d free_lanes = _mm256_castsi256_pd(_mm256_cmpeq_epi64(window, empty));
        unsigned found = (unsigned)_mm256_movemask_pd(found_lanes);
        unsigned free = (unsigned)_mm256_movemask_pd(free_lanes);
        /* No branch on found or new, which the processor guesses wrong a third of the time:
         * the key is stored in the first slot that holds it or is empty, and storing it
         * where it already is changes nothing (docs/performance.md). */
        if (found | free) {
            unsigned at = (unsigned)__builtin_ctz(found | free);
            j += at;
            slot[j] = stored;
            *added = (free >> at) & 1;
            return j;
        }
    }
    j &= mask;
#endif
    while (slot[j] != stored && slot[j] != 0) j = (j + 1) & mask;
    *added = slot[j] == 0;
    if (*added) slot[j] = stored;
    return j;
}

/* Adds key; returns its slot index and sets *added when it was not there before. */
static inline uint64_t stateset_add(stateset *s, uint64_t key, bool *added)
{
    stateset_reserve(s, 1);
    uint64_t j = stateset_probe(s->slot, s->used - 1, stateset_home(s, key), key, added);
    s->count += *added;
    return j;
}

/* The slot index holding key, or UINT64_MAX. */
static inline uint64_t stateset_find(const stateset *s, uint64_t key)
{
    uint64_t mask = s->used - 1, stored = key + 1;
    for (uint64_t j = stateset_home(s, key);; j = (j + 1) & mask) {
        if (s->slot[j] == stored) return j;
        if (!s->slot[j]) return UINT64_MAX;
    }
}

/* A batch insert the caller drives key by key, acting on each new key as it is found (the
 * breadth-first search appends it to its queue at once): make room for the whole batch
 * (stateset_reserve or stateset_reserve_from), then stateset_batch_begin, stateset_batch_add
 * for each key (true when it was new) and stateset_batch_end with the number of new keys, which
 * the caller counts: it usually has the count already (the search's queue grows by one for
 * each), and a count kept here as well took a register from the caller's loop (2% slower in
 * the breadth-first engine's). The batch holds the table's fields as values, so that the
 * stores into the table do not make the compiler reload them (see stateset_probe). Nothing
 * else may use the set between begin and end.
 *
 * stateset_batch_add takes the set's hash as an argument, which must be the one the set was
 * made with: a caller that knows it when compiled passes the constant, and its probes then
 * hold no choice between the hashes (the breadth-first engine's tables are made with
 * STATESET_HASH_DEFAULT; docs/performance.md). */
typedef struct {
    stateset *set;
    uint64_t *slot, mask;
    unsigned mul_shift;   /* 64 - log2 of the slots in use: the multiplicative hash's shift */
} stateset_batch;

static inline stateset_batch stateset_batch_begin(stateset *s)
{
    return (stateset_batch){s, s->slot, s->used - 1, (unsigned)(64 - s->log2_used)};
}

static inline bool stateset_batch_add(stateset_batch *b, stateset_hash hash, uint64_t key)
{
    uint64_t home = hash == STATESET_HASH_XXH3 ? stateset_xxh3(key) & b->mask
                                               : (key * STATESET_FIBONACCI) >> b->mul_shift;
    bool added;
    stateset_probe(b->slot, b->mask, home, key, &added);
    return added;
}

static inline void stateset_batch_end(stateset_batch *b, uint64_t added)
{
    b->set->count += added;
}

#endif
