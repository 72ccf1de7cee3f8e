/* stateset.c -- open-addressing hash set of state keys. */
#include "stateset.h"

#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "xmem.h"

/* Measured by bin/micro (README "Measurements"): the multiplicative hash is the faster. */
const stateset_hash stateset_default_hash = STATESET_HASH_MUL;

#define MIN_LOG2 10

static inline uint64_t slot_of(const stateset *s, uint64_t key)
{
    if (s->hash == STATESET_HASH_XXH3) return XXH3_64bits(&key, sizeof key) & (s->used - 1);
    return (key * 0x9E3779B97F4A7C15ull) >> (64 - s->log2_used);
}

/* Makes sure a buffer pair member holds n slots (allocating only to grow) and zeroes them. */
static void reserve(uint64_t **slot, uint32_t **value, uint64_t *capacity, uint64_t n,
                    bool with_values)
{
    if (*capacity < n) {
        free(*slot);
        free(*value);
        *slot = xmalloc(n * sizeof **slot);
        *value = with_values ? xmalloc(n * sizeof **value) : NULL;
        *capacity = n;
    }
    memset(*slot, 0, n * sizeof **slot);
}

void stateset_init(stateset *s, bool with_values, stateset_hash hash)
{
    memset(s, 0, sizeof *s);
    s->with_values = with_values;
    s->hash = hash;
    stateset_clear(s);
}

void stateset_clear(stateset *s)
{
    s->log2_used = MIN_LOG2;
    s->used = 1ull << MIN_LOG2;
    s->count = 0;
    reserve(&s->slot, &s->value, &s->capacity, s->used, s->with_values);
}

void stateset_free(stateset *s)
{
    free(s->slot);
    free(s->value);
    free(s->spare_slot);
    free(s->spare_value);
    memset(s, 0, sizeof *s);
}

static void grow(stateset *s)
{
    uint64_t *old_slot = s->slot;
    uint32_t *old_value = s->value;
    uint64_t old_used = s->used;

    reserve(&s->spare_slot, &s->spare_value, &s->spare_capacity, old_used * 2, s->with_values);
    s->slot = s->spare_slot;
    s->value = s->spare_value;
    s->spare_slot = old_slot;
    s->spare_value = old_value;
    uint64_t cap = s->capacity;
    s->capacity = s->spare_capacity;
    s->spare_capacity = cap;
    s->used = old_used * 2;
    s->log2_used++;

    for (uint64_t i = 0; i < old_used; i++) {
        if (!old_slot[i]) continue;
        uint64_t j = slot_of(s, old_slot[i] - 1);
        while (s->slot[j]) j = (j + 1) & (s->used - 1);
        s->slot[j] = old_slot[i];
        if (s->with_values) s->value[j] = old_value[i];
    }
}

uint64_t stateset_add(stateset *s, uint64_t key, bool *added)
{
    if ((s->count + 1) * 4 > s->used) grow(s);
    uint64_t mask = s->used - 1, stored = key + 1;
    for (uint64_t j = slot_of(s, key);; j = (j + 1) & mask) {
        if (s->slot[j] == stored) {
            *added = false;
            return j;
        }
        if (!s->slot[j]) {
            s->slot[j] = stored;
            s->count++;
            *added = true;
            return j;
        }
    }
}

uint64_t stateset_find(const stateset *s, uint64_t key)
{
    uint64_t mask = s->used - 1, stored = key + 1;
    for (uint64_t j = slot_of(s, key);; j = (j + 1) & mask) {
        if (s->slot[j] == stored) return j;
        if (!s->slot[j]) return UINT64_MAX;
    }
}

uint64_t stateset_bytes(const stateset *s)
{
    uint64_t per_slot = sizeof(uint64_t) + (s->with_values ? sizeof(uint32_t) : 0);
    return (s->capacity + s->spare_capacity) * per_slot;
}
