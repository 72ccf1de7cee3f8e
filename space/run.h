/* run.h -- a run of the enumerator over one shard of a puzzle space, and the merge of a run's
 * shards: what bin/enumerate does once its options are read.
 *
 * The shard K of N (1 <= K <= N) takes the units K - 1, K - 1 + N, K - 1 + 2N, ... (round robin,
 * so that every shard gets its share of small and large units). A run writes the database of
 * its shard under a header holding its statistics (space/shardfile.h), keeps a checkpoint as it
 * goes, and resumes from one; a merge of every shard of a run writes what one unsharded run
 * would. Both print their errors, one line each, and return bin/enumerate's exit status.
 */
#ifndef SPACE_RUN_H
#define SPACE_RUN_H

#include <stdbool.h>

#include "common/family.h"

/* bin/enumerate's own exit status: a unit could not be explored (out of memory, or a limit of
 * the numbering). The others are cli.h's. */
#define SPACE_EXIT_ERROR 1

typedef struct {
    family_id family;           /* whose space: Rush Hour's (rush_space.h), Klotski's
                                   (klotski_space.h), the sliding tiles' (tiles_space.h) */
    int size, height, walls;    /* Rush Hour: size N (height unused), walls K; the others a
                                   size x height board */
    int shard_k, shard_n;       /* the K-th shard of N, 1 <= K <= N */
    int jobs;                   /* threads */
    const char *out;            /* the database, or NULL / "-" for standard output */
    const char *stats;          /* the statistics alone as JSON, or NULL */
    const char *checkpoint;     /* where progress is kept, or NULL for nowhere */
    bool progress;              /* a progress line on stderr, when it is a terminal */
    bool mirror;                /* 5x5: each unit also reports its mirror image (space_explore.h) */
} space_run_options;

/* Reads --size for o->family's space (N, or W x H, as the family takes it) and checks the
 * options that family takes. Returns 0, or -1 after one line. */
int space_options_size(space_run_options *o, const char *size);

/* Explores every unit of the shard, resuming from o->checkpoint when it holds a checkpoint of
 * this run (by default OUT.checkpoint, when the output is a file); on SIGINT or SIGTERM keeps
 * what is done in the checkpoint and returns 128 + the signal. A family whose space is one
 * search of its own (the sliding tiles') runs it instead: no shards, walls or checkpoint. */
int space_run(const space_run_options *o);

/* Reads the shard files of one run (each complete, every shard of the same N exactly once)
 * and writes the database and statistics of the whole space to o->out and o->stats. */
int space_merge(const space_run_options *o, char *const *paths, int count);

#endif
