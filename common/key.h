/* key.h -- a state's key: one 64-bit word, or two for a family whose states need more
 * (docs/architecture.md, "Keys and their width").
 *
 * A family declares the width of its keys in its view (family.h, family_problem.key_words):
 * 1, a uint64_t, as Rush Hour, Klotski and the sliding tiles up to 16 cells have; or 2, a
 * key_wide (the 24-puzzle's 25 cells of 5 bits). Everything a search does with a key (compare,
 * hash, store, shift a field in or out) is an integer operation, so a wide key is an unsigned
 * __int128: the compiler's two-word integer, which GCC and Clang give on every 64-bit target.
 * A layer that stores wide keys keeps them as two words (key_low, key_high) where it writes
 * them out (a puzzle's start, a file).
 *
 * The invariant: a family with one-word keys never meets a key_wide; its view's calls take
 * uint64_t and its solvers run their one-word loops, so it pays nothing for the second word.
 */
#ifndef KEY_H
#define KEY_H

#include <stdint.h>

typedef unsigned __int128 key_wide;

#define KEY_WORDS_MAX 2

static inline key_wide key_wide_of(uint64_t low, uint64_t high)
{
    return (key_wide)high << 64 | low;
}

static inline uint64_t key_low(key_wide k)
{
    return (uint64_t)k;
}

static inline uint64_t key_high(key_wide k)
{
    return (uint64_t)(k >> 64);
}

/* The lowest set bit's place (k != 0). */
static inline int key_wide_ctz(key_wide k)
{
    uint64_t low = key_low(k);
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(key_high(k));
}

#endif
