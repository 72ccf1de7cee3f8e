/* shardfile.h -- the file bin/enumerate writes: database lines under a header that says what
 * they are, so that a shard's output, a checkpoint and a merged database are one format.
 *
 *     # enumerate {"space": {"size": 5, "walls": 1}, "shard": {"k": 1, "n": 4, ...}, ...}
 *     21 BBCDDEECoFGoAAFGooHxIIoHo 326
 *     ...
 *
 * or, for the Klotski space, "space": {"family": "klotski", "width": 4, "height": 5} and lines
 * such as `81 BAAC/BAAC/DEEF/DGHF/I..J 25955`. What "space" holds and what a line's board
 * looks like are the family's to say (space/family_space.h); a "space" without "family" is
 * the implied family's (Rush Hour's), as files have always written it.
 *
 * The header is one JSON object (schema/enumerate.schema.json) on a '#' comment line, which
 * the scanner skips, so the file is also a corpus. Lines are in database order (more moves
 * first, then the board's text). The header's "minimal" is the number of lines that follow:
 * a file cut short is refused when read. Shards count from 1, as bin/bench's do; files of the
 * versions that counted them from 0 ("index" and "count" in place of "k" and "n") are read as
 * shard index + 1.
 */
#ifndef SHARDFILE_H
#define SHARDFILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "common/family.h"
#include "space/stats.h"

#define SHARDFILE_ERR_MAX 600
#define SHARDFILE_MAX_SHARDS (1 << 20)

typedef struct {
    family_id family;           /* whose space (space/family_space.h) */
    int size, height, walls;    /* a size x height board (Rush Hour: height = size), walls */
    int shard_k, shard_n;       /* this file holds shard K of N (1 <= K <= N; a merge is 1/1) */
    bool mirror;                /* its units reported their mirror images (space_explore.h) */
    uint64_t units_done;        /* of the shard's units, the first units_done are in */
    bool complete;
    double seconds, cpu_seconds;
    int jobs;
} shard_meta;

/* Whether two files are of one space: the same family, board and walls. */
bool shardfile_same_space(const shard_meta *a, const shard_meta *b);

/* Writes meta, stats and the lines (sorted here) to path ("-": standard output), whole or not
 * at all. Returns 0, or -1 with err. */
int shardfile_write(const char *path, const shard_meta *meta, const space_stats *stats,
                    space_puzzles *lines, char *err);

/* Reads a file written by shardfile_write. Returns 0, or -1 with err ("PATH:LINE: reason"). */
int shardfile_read(const char *path, shard_meta *meta, space_stats *stats, space_puzzles *lines,
                   char *err);

/* The same from an open stream; path names it in messages. */
int shardfile_read_stream(FILE *f, const char *path, shard_meta *meta, space_stats *stats,
                          space_puzzles *lines, char *err);

/* The count o holds under key; *ok turns false when it holds none, or a negative one. */
uint64_t shardfile_count(json_t *o, const char *key, bool *ok);

/* The header's JSON object (new reference). */
json_t *shardfile_header(const shard_meta *meta, const space_stats *stats);

#endif
