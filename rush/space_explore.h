/* space_explore.h -- every cluster of one unit of the space, analysed: the database lines it gives
 * and what it adds to the statistics.
 *
 *     space_explorer *e = space_explorer_new(&space);
 *     space_explore_unit(e, unit, &lines, &stats);   (any units, in any order)
 *     space_explorer_free(e);
 *
 * One explorer per thread; the space is only read.
 */
#ifndef EXPLORE_H
#define EXPLORE_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "rush/rush_space.h"
#include "space/family_space.h"
#include "space/stats.h"

typedef struct space_explorer space_explorer;

space_explorer *space_explorer_new(const space *s);
void space_explorer_free(space_explorer *e);

/* Whether a unit may report its mirror image as well, leaving that unit out (rush_space.h: on spaces
 * where the primary's row is the middle row; the default). Off, every state is expanded; the
 * lines and every figure but expanded and mirrored are the same either way. */
void space_explorer_use_mirror(space_explorer *e, bool on);

/* Explores unit: appends its database lines to *lines (in no order) and adds its figures to
 * *stats. Returns 0; -1 when it cannot be explored (space_explorer_failure says why); or
 * SPACE_STOPPED (space/family_space.h) when *stop (NULL: never) turned non-zero before the unit was done, checked
 * between skeletons: then *lines and *stats hold part of the unit and must be thrown away. */
int space_explore_unit(space_explorer *e, uint64_t unit, space_puzzles *lines, space_stats *stats,
                       const volatile sig_atomic_t *stop);

/* Why the last space_explore_unit returned -1, as a phrase ("out of memory", "a distance of
 * 254 moves or more ...", a limit of the numbering passed). */
const char *space_explorer_failure(const space_explorer *e);


#endif
