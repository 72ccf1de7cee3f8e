/* output.h -- the files a run or a merge of the enumerator ends with: the database under its
 * header, and the statistics alone as JSON; and the one line that reports running out of
 * memory. Each prints its error in one line and returns bin/enumerate's exit status. */
#ifndef SPACE_OUTPUT_H
#define SPACE_OUTPUT_H

#include "space/run.h"
#include "space/shardfile.h"

/* Writes the database to o->out (NULL: standard output) and, when o->stats is set, the header
 * alone to it, indented; each whole or not at all. */
int space_write_outputs(const space_run_options *o, const shard_meta *m, const space_stats *total,
                        space_puzzles *lines);

/* Prints "enumerate: out of memory" and returns SPACE_EXIT_ERROR. */
int space_out_of_memory(void);

#endif
