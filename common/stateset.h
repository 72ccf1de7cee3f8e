/* stateset.h -- a hash set of 64-bit state keys, with an optional 32-bit value per key.
 *
 * Open addressing with linear probing, kept at most a quarter full so that a probe almost
 * always ends at the first or second slot. The table doubles when it fills; memory is kept
 * across stateset_clear so that a program solving many puzzles allocates only for the largest,
 * while a clear costs only what the next puzzle uses.
 *
 * Two hash functions are built in (STATESET_HASH_MUL, Fibonacci multiplication, and
 * STATESET_HASH_XXH3, xxHash's XXH3-64 of the 8 key bytes); bin/micro measures both and the
 * solvers use stateset_default_hash, the faster (see README "Measurements").
 */
#ifndef STATESET_H
#define STATESET_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { STATESET_HASH_MUL, STATESET_HASH_XXH3 } stateset_hash;

extern const stateset_hash stateset_default_hash;

typedef struct {
    uint64_t *slot;          /* 0 = empty, else key + 1 */
    uint32_t *value;         /* parallel to slot, when with_values */
    uint64_t *spare_slot;    /* the other buffer of the pair, for growing without realloc */
    uint32_t *spare_value;
    uint64_t capacity, spare_capacity;   /* slots in each buffer */
    uint64_t used;           /* slots in use now (a power of two <= capacity) */
    uint64_t count;
    int log2_used;
    bool with_values;
    stateset_hash hash;
} stateset;

void stateset_init(stateset *s, bool with_values, stateset_hash hash);
/* Empties the set, keeping its memory. */
void stateset_clear(stateset *s);
/* Frees the memory; the set can be used again after stateset_init. */
void stateset_free(stateset *s);

/* Adds key; returns its slot index and sets *added when it was not there. */
uint64_t stateset_add(stateset *s, uint64_t key, bool *added);
/* The slot index holding key, or UINT64_MAX. */
uint64_t stateset_find(const stateset *s, uint64_t key);
/* Bytes of the tables in use now (both buffers). */
uint64_t stateset_bytes(const stateset *s);

#endif
