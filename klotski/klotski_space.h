/* klotski_space.h -- the Klotski space of a W x H board: every layout of one 2x2 piece (the
 * primary, A) and any number of 1x2, 2x1 and 1x1 pieces with at least two cells empty, split
 * into its clusters, and the database of its solvable ones (docs/space.md, "Klotski").
 *
 *     kspace s;
 *     kspace_init(&s, 4, 5, err);
 *     kspace_explorer *e = kspace_explorer_new(&s);
 *     kspace_explore_unit(e, unit, &lines, &stats, stop);   (any units, in any order)
 *     kspace_explorer_free(e);
 *     kspace_free(&s);
 *
 * A *unit* is a count of each piece shape: a move never changes one, so every cluster lies in
 * one unit. The goal is the classic's: A over an opening under the bottom border, in the middle
 * (its top-left cell on row H - 2, column (W - 2) / 2). A solvable cluster's line is
 * `MOVES BOARD CLUSTER_SIZE`: its hardest layout (the most moves, one piece along any path of
 * free cells counting one, from the nearest goal; ties to the smallest key), its rows joined
 * by '/', A the primary, the other pieces B, C, ... in reading order of their first cells, '.'
 * empty. Layouts are ordered by their key (klotski.h's raw key of the unit's board). The
 * statistics are space_stats (space/stats.h), with `minimal` counting lines (every solvable
 * cluster has one) and `skeletons`, `mirrored` and `candidates` 0.
 *
 * One explorer per thread; the space is only read.
 */
#ifndef KLOTSKI_SPACE_H
#define KLOTSKI_SPACE_H

#include <signal.h>
#include <stdint.h>

#include "space/stats.h"

#define KSPACE_ERR_MAX SPACE_ERR_MAX
#define KSPACE_MIN_EMPTY 2

/* A unit: how many pieces of each shape besides the primary. */
typedef struct {
    uint8_t wide, tall, single;   /* 1x2 (one row, two columns), 2x1, 1x1 */
} kspace_unit;

typedef struct {
    int width, height;
    uint64_t units;
    kspace_unit *unit;   /* in order of wide, then tall, then single counts */
} kspace;

/* The space of a width x height board: 0, or -1 with the reason in err (KSPACE_ERR_MAX) when
 * the board is not one whose layouts fit the raw key (klotski.h: 21 cells at most) or has no
 * room for the primary and two empty cells. */
int kspace_init(kspace *s, int width, int height, char *err);
void kspace_free(kspace *s);

typedef struct kspace_explorer kspace_explorer;

/* NULL when out of memory. */
kspace_explorer *kspace_explorer_new(const kspace *s);
void kspace_explorer_free(kspace_explorer *e);

/* Explores unit: appends its database lines to *lines (in no order) and adds its figures to
 * *stats. Returns 0; -1 when it cannot be explored (kspace_explorer_failure says why); or
 * SPACE_STOPPED (space/family_space.h) when *stop (NULL: never) turned non-zero before the unit was done:
 * then *lines and *stats hold part of the unit and must be thrown away. */
int kspace_explore_unit(kspace_explorer *e, uint64_t unit, space_puzzles *lines,
                        space_stats *stats, const volatile sig_atomic_t *stop);
const char *kspace_explorer_failure(const kspace_explorer *e);

#endif
