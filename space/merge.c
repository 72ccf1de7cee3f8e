/* merge.c -- the shards of one enumerator run joined into the database of the whole space
 * (run.h): every shard of the same count exactly once, each complete, from one space and one
 * setting of the mirror. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "space/output.h"
#include "space/run.h"
#include "space/shardfile.h"

int space_merge(const space_run_options *o, char *const *paths, int count)
{
    if (count < 1) {
        fprintf(stderr, "enumerate merge: no shard files (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    space_stats total;
    space_stats_init(&total);
    space_puzzles lines = {0};
    shard_meta all = {0};
    char *seen = NULL, err[SHARDFILE_ERR_MAX];
    int status = 0;
    for (int k = 0; k < count && !status; k++) {
        shard_meta m;
        space_stats st;
        if (shardfile_read(paths[k], &m, &st, &lines, err)) {
            fprintf(stderr, "enumerate merge: %s\n", err);
            status = EXIT_BAD_INPUT;
            break;
        }
        if (k == 0) {
            all = m;
            all.seconds = all.cpu_seconds = 0, all.units_done = 0;
            seen = calloc((size_t)m.shard_n + 1, 1);
            if (!seen) return space_out_of_memory();
        }
        const char *why = !m.complete ? "is a checkpoint, not a finished shard"
                          : !shardfile_same_space(&m, &all) ? "is of another space"
                          : m.shard_n != all.shard_n ? "is of a run cut into another number of shards"
                          : m.mirror != all.mirror ? "is of a run with mirror images and one without (--no-mirror)"
                          : seen[m.shard_k] ? "repeats a shard already read"
                                          : NULL;
        if (why) {
            fprintf(stderr, "enumerate merge: %s: shard %d/%d %s\n", paths[k], m.shard_k, m.shard_n, why);
            status = EXIT_BAD_INPUT;
            break;
        }
        seen[m.shard_k] = 1;
        space_stats_add(&total, &st);
        all.seconds = m.seconds > all.seconds ? m.seconds : all.seconds;
        all.cpu_seconds += m.cpu_seconds;
        all.units_done += m.units_done;
    }
    for (int s = 1; !status && s <= all.shard_n; s++)
        if (!seen[s]) {
            fprintf(stderr, "enumerate merge: shard %d/%d is missing\n", s, all.shard_n);
            status = EXIT_BAD_INPUT;
        }
    if (!status) {
        all.shard_k = 1, all.shard_n = 1, all.complete = true;
        status = space_write_outputs(o, &all, &total, &lines);
    }
    free(seen);
    space_puzzles_free(&lines);
    return status;
}

