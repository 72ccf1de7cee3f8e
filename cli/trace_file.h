/* trace_file.h -- the expansion trace (search/trace.h) as a file of JSON lines, bin/solve's
 * --trace FILE.
 *
 * One run after another: a header object per run, {"solver", "puzzle", "id"}, then one object
 * per expanded state, in order of expansion:
 *
 *     {"key":"0000000010a4c020","g":3,"parent":"0000000010a0c020","h":5}
 *
 * key and parent are the 64-bit state keys in 16 hex digits (a JSON number would lose bits),
 * or, for a board whose keys are two words (common/key.h), in 32, the high word first;
 * parent is left out at a start (g 0), h where the solver has no bound, and "side":"backward"
 * marks the backward side of a bidirectional search. The whole file holds at most `max`
 * expansions: the expansion past that ends it with the line {"cut":"trace-max","max":N}, and
 * nothing follows, so that a huge search cannot fill the disk. The file is written through
 * outfile: whole under its name once trace_file_close commits it.
 */
#ifndef TRACE_FILE_H
#define TRACE_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "common/outfile.h"
#include "search/trace.h"

#define TRACE_FILE_DEFAULT_MAX 10000000u

typedef struct {
    search_trace base;
    outfile out;
    uint64_t written, max;
    bool cut;
    bool wide;   /* the run's keys are two words */
} trace_file;

/* Opens path (through outfile) for at most max expansions. Returns 0, or -1 with err set. */
int trace_file_open(trace_file *t, const char *path, uint64_t max, char *err);

/* Starts the trace of one run, on a board whose keys are `key_words` words: its header line
 * (nothing once the trace is cut). */
void trace_file_run(trace_file *t, const char *solver, const char *puzzle, const char *id,
                    int key_words);

/* Commits the file (keep_partial: leaves it at its temporary name, for an interrupted run).
 * Returns 0, or -1 with err set. */
int trace_file_close(trace_file *t, bool keep_partial, char *err);

/* Closes and removes the file: the run failed on its input before it traced anything. */
void trace_file_abandon(trace_file *t);

#endif
