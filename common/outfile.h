/* outfile.h -- files written whole or not at all, every write checked.
 *
 * The invariant: a file reaches its final name only complete. Its bytes go to a temporary name
 * beside it (by default PATH.partial) and a rename, which is atomic within a file system, puts
 * it in place once everything was written and flushed without error; a full disk, a closed
 * pipe or an interruption leaves at most the temporary file, never a cut file under the final
 * name, and never harms an earlier file of that name. "-" is standard output, and a path that
 * is a device or a FIFO (/dev/full, /dev/null) is written as it is; both are checked the same. Errors are one line, "PATH: reason", in err (OUTFILE_ERR_MAX).
 *
 *     outfile o;
 *     if (outfile_open(&o, path, NULL, err)) ...;
 *     fprintf(o.f, ...);                     // any stdio writes
 *     if (outfile_commit(&o, err)) ...;      // flushed, checked, renamed into place
 */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define OUTFILE_ERR_MAX 512

typedef struct {
    FILE *f;
    char path[PATH_MAX];   /* the final name, or "-" */
    char temp[PATH_MAX];   /* where the bytes go until the commit ("" for standard output) */
} outfile;

/* Opens path for writing through temp (NULL: "PATH.partial"). Returns 0, or -1 with err set. */
int outfile_open(outfile *o, const char *path, const char *temp, char *err);

/* Flushes and checks every write, closes, and renames the temporary file to the final name.
 * Returns 0, or -1 with err set (the temporary file is removed). */
int outfile_commit(outfile *o, char *err);

/* Flushes what was written and closes, leaving the temporary file where it is (an interrupted
 * run keeps its partial results). Returns 0, or -1 with err set. */
int outfile_keep_partial(outfile *o, char *err);

/* Closes and removes the temporary file. */
void outfile_abandon(outfile *o);

/* Writes len bytes as the whole of path, through outfile. Returns 0, or -1 with err set. */
int outfile_write_all(const char *path, const void *data, size_t len, char *err);

/* mkdir -p: the folder and every folder above it that is missing. Returns 0, or -1 (errno). */
int outfile_make_dirs(const char *dir);

#endif
