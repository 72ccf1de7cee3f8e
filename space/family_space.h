/* family_space.h -- what a family gives bin/enumerate: its space, cut into units that runs
 * explore on threads and shards, and how its shard files say which space they are of.
 *
 * A family's space_family is defined in its folder (rush/rush_space.c,
 * klotski/klotski_space.c, tiles/tiles_space.c) as <name>_space and tied to it by the registry
 * (common/families.h); space/run.c and space/shardfile.c call it and know no family. A unit is
 * a part of the space that no move leaves (every cluster lies in one), so that units may be
 * explored in any order, on any machine: the runner hands them out, folds their lines and
 * statistics in unit order, checkpoints and resumes. A family whose space is one search of its
 * own (the tiles' levels, by distance from the goal) gives `run` instead.
 *
 *     const space_family *sf = space_family_of(o.family);
 *     void *space = sf->open(&o, &units, &mirror, err);
 *     void *x = sf->explorer_new(space, mirror);      (one a thread; the space is only read)
 *     int rc = sf->explore_unit(x, unit, &lines, &stats, &stop);
 *     sf->explorer_free(x); sf->close(space);
 */
#ifndef FAMILY_SPACE_H
#define FAMILY_SPACE_H

#include <jansson.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "space/run.h"
#include "space/shardfile.h"
#include "space/stats.h"

/* explore_unit's answer when *stop turned non-zero before the unit was done: its lines and
 * figures are part of the unit and are thrown away. */
#define SPACE_STOPPED 1

typedef struct {
    /* Reads --size (N, or W x H) for the family's space into o->size and o->height, and checks
     * the other options it takes (walls, shards, a checkpoint): 0, or -1 after one line on
     * stderr. */
    int (*options)(space_run_options *o, const char *size);
    /* The whole space in a run of its own: bin/enumerate's exit status. NULL: the units below,
     * through the runner. */
    int (*run)(const space_run_options *o);
    /* The space of o's board, its units and whether it has mirror images (a unit may report
     * its mirror image's lines too), or NULL with the reason in err (SPACE_ERR_MAX). */
    void *(*open)(const space_run_options *o, uint64_t *units, bool *mirror, char *err);
    void (*close)(void *space);
    /* An explorer of the space, reporting mirror images when `mirror`: NULL when out of
     * memory. */
    void *(*explorer_new)(const void *space, bool mirror);
    /* Explores unit: appends its database lines to *lines (in no order) and adds its figures to
     * *stats. Returns 0; -1 when it cannot be explored (explorer_failure says why); or
     * SPACE_STOPPED when *stop (NULL: never) turned non-zero. */
    int (*explore_unit)(void *explorer, uint64_t unit, space_puzzles *lines, space_stats *stats,
                        const volatile sig_atomic_t *stop);
    const char *(*explorer_failure)(const void *explorer);
    void (*explorer_free)(void *explorer);
    /* The shard file's "space" object (new reference), and back: whether `space` is one of the
     * family's, read into m's size, height and walls. NULL: the family writes no shard files. */
    json_t *(*header)(const shard_meta *m);
    bool (*header_read)(json_t *space, shard_meta *m);
    /* Whether a database line's board is one of m's space. */
    bool (*board_text)(const char *board, const shard_meta *m);
    /* The space in words, for messages ("size 5, walls 1", "the 4x5 Klotski space"). */
    void (*describe)(const shard_meta *m, char *out, size_t size);
} space_family;

/* The space of family f. */
const space_family *space_family_of(family_id f);

#endif
