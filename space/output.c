/* output.c -- the files a run or a merge of the enumerator ends with (output.h). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/outfile.h"
#include "space/output.h"

int space_out_of_memory(void)
{
    fprintf(stderr, "enumerate: out of memory\n");
    return SPACE_EXIT_ERROR;
}

int space_write_outputs(const space_run_options *o, const shard_meta *m, const space_stats *total,
                        space_puzzles *lines)
{
    char err[SHARDFILE_ERR_MAX];
    if (shardfile_write(o->out ? o->out : "-", m, total, lines, err)) {
        fprintf(stderr, "enumerate: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (o->stats) {
        json_t *h = shardfile_header(m, total);
        char *text = json_dumps(h, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(h);
        size_t len = text ? strlen(text) : 0;
        char *with_newline = text ? realloc(text, len + 2) : NULL;
        if (!with_newline) {
            free(text);
            return space_out_of_memory();
        }
        with_newline[len] = '\n', with_newline[len + 1] = 0;
        char oerr[OUTFILE_ERR_MAX];
        int rc = outfile_write_all(o->stats, with_newline, len + 1, oerr);
        free(with_newline);
        if (rc) {
            fprintf(stderr, "enumerate: %s\n", oerr);
            return EXIT_BAD_INPUT;
        }
    }
    return 0;
}

