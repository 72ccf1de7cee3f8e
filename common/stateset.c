/* stateset.c -- open-addressing hash set of state keys. */
#include "common/stateset.h"

#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/xmem.h"

/* Measured by bin/micro (docs/performance.md): the multiplicative hash is the faster. */
const stateset_hash stateset_default_hash = STATESET_HASH_DEFAULT;

#define MIN_LOG2 10
/* Growing fourfold rather than twofold halves the total rehashing work and keeps the load
 * between 1/16 and 1/4, which measured faster (docs/performance.md). */
#define GROWTH_LOG2 STATESET_GROWTH_LOG2
#define GROWTH STATESET_GROWTH

uint64_t stateset_xxh3(uint64_t key) { return XXH3_64bits(&key, sizeof key); }

/* Makes sure a buffer pair member holds n slots (allocating only to grow) and zeroes them;
 * *run_capacity follows the same rule from the run's start. The old buffers are freed before
 * the new ones are had, so that a growth never holds both (budgets count on it). Out of
 * memory, it exits as xmalloc does, or with may_fail returns false, the member left empty. */
static bool reserve(uint64_t **slot, uint32_t **value, uint64_t *capacity, uint64_t *run_capacity,
                    uint64_t n, bool with_values, bool may_fail)
{
    if (*capacity < n || (with_values && !*value)) {
        free(*slot);
        free(*value);
        *slot = xmem_try_large(n * sizeof **slot);
        *value = with_values ? xmem_try_large(n * sizeof **value) : NULL;
        if (!*slot || (with_values && !*value)) {
            free(*slot), free(*value);
            *slot = NULL, *value = NULL, *capacity = 0;
            if (may_fail) return false;
            xmalloc_large(SIZE_MAX);   /* says "out of memory" and exits */
        }
        *capacity = n;
    }
    if (*run_capacity < n) *run_capacity = n;
    memset(*slot, 0, n * sizeof **slot);
    return true;
}

void stateset_init(stateset *s, stateset_hash hash)
{
    memset(s, 0, sizeof *s);
    s->hash = hash;
    stateset_clear(s, false);
}

void stateset_clear(stateset *s, bool with_values)
{
    s->with_values = with_values;
    s->log2_used = MIN_LOG2;
    s->used = 1ull << MIN_LOG2;
    s->count = 0;
    s->load_shift = 2;
    s->room = s->used >> s->load_shift;
    reserve(&s->slot, &s->value, &s->capacity, &s->run_capacity, s->used, s->with_values, false);
}

void stateset_begin_run(stateset *s)
{
    s->run_capacity = 1ull << MIN_LOG2;   /* what stateset_init leaves */
    s->run_spare_capacity = 0;
}

void stateset_clear_half(stateset *s)
{
    stateset_clear(s, false);
    s->load_shift = 1;
    s->room = s->used >> s->load_shift;
}

bool stateset_try_presize(stateset *s, uint64_t n)
{
    uint64_t used = s->used;
    while (n << s->load_shift > used) used *= GROWTH;
    if (used == s->used) return true;
    if (!reserve(&s->slot, &s->value, &s->capacity, &s->run_capacity, used, s->with_values, true)) {
        stateset_clear(s, s->with_values);
        return false;
    }
    s->used = used;
    s->log2_used = __builtin_ctzll(used);
    s->room = used >> s->load_shift;
    return true;
}

void stateset_free(stateset *s)
{
    free(s->slot);
    free(s->value);
    free(s->spare_slot);
    free(s->spare_value);
    memset(s, 0, sizeof *s);
}

/* Swaps in the spare buffer, made GROWTH times bigger and empty; returns the old slots and
 * values, which stay valid (as the new spare) until the next growth. */
static uint64_t *enlarge(stateset *s, uint32_t **old_value)
{
    uint64_t *old_slot = s->slot;
    *old_value = s->value;
    reserve(&s->spare_slot, &s->spare_value, &s->spare_capacity, &s->run_spare_capacity,
            s->used * GROWTH, s->with_values, false);
    s->slot = s->spare_slot;
    s->value = s->spare_value;
    s->spare_slot = old_slot;
    s->spare_value = *old_value;
    uint64_t cap = s->capacity, run_cap = s->run_capacity;
    s->capacity = s->spare_capacity;
    s->spare_capacity = cap;
    s->run_capacity = s->run_spare_capacity;
    s->run_spare_capacity = run_cap;
    s->used *= GROWTH;
    s->room = s->used >> s->load_shift;
    s->log2_used += GROWTH_LOG2;
    return old_slot;
}

/* Stores a key the table does not hold in the first empty slot from its home; returns the
 * slot index. */
static uint64_t place(stateset *s, uint64_t key)
{
    uint64_t j = stateset_home(s, key);
    while (s->slot[j]) j = (j + 1) & (s->used - 1);
    s->slot[j] = key + 1;
    return j;
}

void stateset_grow(stateset *s)
{
    uint64_t old_used = s->used;
    uint32_t *old_value;
    uint64_t *old_slot = enlarge(s, &old_value);
    for (uint64_t i = 0; i < old_used; i++) {
        if (!old_slot[i]) continue;
        uint64_t j = place(s, old_slot[i] - 1);
        if (s->with_values) s->value[j] = old_value[i];
    }
}

void stateset_grow_from(stateset *s, const uint64_t *keys, uint64_t count)
{
    uint32_t *old_value;
    enlarge(s, &old_value);
    for (uint64_t i = 0; i < count; i++) place(s, keys[i]);
}

/* The slots a table rebuilt from count keys uses: the fewest (a power of four times the
 * smallest) that keep it at most an eighth full at a half load, a sixteenth at a quarter, and
 * still take n more. An eighth, not the half it may fill to: the next rebuild then comes after
 * three times as many new keys as this one re-inserts, so that rebuilding costs no more a key
 * than growing fourfold does, however many keys the caller forgets. With every key kept, it is
 * the size that growing fourfold reaches (count is at most the room, a half or a quarter). */
static uint64_t live_slots(const stateset *s, uint64_t count, uint64_t n)
{
    uint64_t used = 1ull << MIN_LOG2;
    while ((count << (s->load_shift + 2)) > used || ((count + n) << s->load_shift) > used)
        used *= GROWTH;
    return used;
}

/* The bytes both buffers hold once the table is rebuilt from count keys with room for n more
 * (the buffer is reallocated only to grow). */
static uint64_t rebuilt_bytes(const stateset *s, uint64_t count, uint64_t n)
{
    uint64_t used = live_slots(s, count, n);
    uint64_t main = used > s->capacity ? used : s->capacity;
    return (main + s->spare_capacity) * stateset_slot_bytes(s);
}

uint64_t stateset_bytes_next_live(const stateset *s, uint64_t n)
{
    if (!stateset_too_full_for(s, n)) return stateset_held_bytes(s);
    return rebuilt_bytes(s, s->count, n);
}

uint64_t stateset_bytes_most_live(const stateset *s, uint64_t n)
{
    return rebuilt_bytes(s, s->room, n);
}

void stateset_rebuild_from(stateset *s, uint64_t n, const uint64_t *keys, uint64_t count)
{
    uint64_t used = live_slots(s, count, n);
    reserve(&s->slot, &s->value, &s->capacity, &s->run_capacity, used, false, false);
    s->used = used;
    s->log2_used = __builtin_ctzll(used);
    s->room = used >> s->load_shift;
    s->count = count;
    for (uint64_t i = 0; i < count; i++) place(s, keys[i]);
}
