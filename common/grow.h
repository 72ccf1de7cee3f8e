/* grow.h -- the one way an array of the project grows: its capacity starts at `first` items and
 * doubles until it holds `need`, so that n appends copy O(n) items in all. Type-generic: the
 * array is any pointer, the capacity any unsigned or non-negative integer lvalue.
 *
 *     GROW(list->item, list->capacity, list->count + 1, 64);    (exits on out of memory)
 *     list->item[list->count++] = x;
 *
 *     bool failed = false;                                        (reports it instead)
 *     TRY_GROW(rs->queue, rs->capacity, rs->tail + 1, 1024, failed);
 *     if (failed) return -1;
 *
 * The trails, the path stack and the state sets, which a solver may keep from one run to the
 * next, grow by their own rules, which count apart the room a run takes from the room kept
 * (search/search.h, common/stateset.h).
 */
#ifndef GROW_H
#define GROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/xmem.h"

/* The capacity that holds `need` items: `capacity` (or `first`, when it is 0) doubled as often
 * as it takes. */
static inline size_t grow_capacity(size_t capacity, size_t need, size_t first)
{
    size_t c = capacity ? capacity : first;
    while (c < need) c = c > SIZE_MAX / 2 ? need : 2 * c;
    return c;
}

/* Makes room for `need` items in `array`, which has room for `capacity`; xrealloc exits when
 * memory runs out. */
#define GROW(array, capacity, need, first)                                                   \
    do {                                                                                     \
        if ((size_t)(need) > (size_t)(capacity)) {                                           \
            size_t grow_to_ = grow_capacity((size_t)(capacity), (size_t)(need), (first));    \
            (array) = xrealloc((array), grow_to_ * sizeof *(array));                         \
            (capacity) = grow_to_;                                                           \
        }                                                                                    \
    } while (0)

/* The same, for callers that report running out of memory: when realloc fails, array and
 * capacity stay as they were and `failed` becomes true. */
#define TRY_GROW(array, capacity, need, first, failed)                                       \
    do {                                                                                     \
        if ((size_t)(need) > (size_t)(capacity)) {                                           \
            size_t grow_to_ = grow_capacity((size_t)(capacity), (size_t)(need), (first));    \
            void *grown_ = realloc((array), grow_to_ * sizeof *(array));                     \
            if (grown_) (array) = grown_, (capacity) = grow_to_;                             \
            else (failed) = true;                                                            \
        }                                                                                    \
    } while (0)

#endif
