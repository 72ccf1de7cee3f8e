/* merge.c -- `bench merge RESULT...`: the shards of one run joined into one result, after
 * checking that they are the whole run and nothing else.
 *
 * The invariant: a merge succeeds only when every row names the same run (configuration and
 * input checksum) and the same shard count N, every shard K/N that holds puzzles comes from
 * exactly one file, and every puzzle of every shard appears once with every solver. Its output
 * is then exactly what one unsharded run writes, rows in the same order. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "common/outfile.h"
#include "common/xmem.h"

static int refuse(const char *format, ...) __attribute__((format(printf, 1, 2)));
static int refuse(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fputs("bench merge: ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

/* Checks that the rows, in file order, come from one run, that each shard comes from one
 * file, and that no shard that holds puzzles is missing. */
static int check_shards(const report *rep, char **files, int nfiles, const int *file_of_row)
{
    const report_row *first = &rep->row[0];
    int k0, n;
    if (sscanf(first->shard, "%d/%d", &k0, &n) != 2 || n < 1 || first->puzzles < 1)
        return refuse("%s: shard '%s' is not K/N", first->read_from, first->shard);
    const char **owner = xcalloc((size_t)n + 1, sizeof *owner);
    int rc = 0;
    for (int i = 0; i < rep->count && rc == 0; i++) {
        const report_row *row = &rep->row[i];
        int k, rn;
        if (strcmp(row->run, first->run) != 0)
            rc = refuse("%s belongs to run %s, %s to run %s: the shards of different "
                        "configurations or inputs do not merge", row->read_from, row->run,
                        first->read_from, first->run);
        else if (sscanf(row->shard, "%d/%d", &k, &rn) != 2 || rn != n || k < 1 || k > n)
            rc = refuse("%s: shard '%s' is not one of %d", row->read_from, row->shard, n);
        else if (row->puzzles != first->puzzles || row->index < 0 || row->index >= row->puzzles ||
                 row->index % n != k - 1)
            rc = refuse("%s: puzzle %d is not in shard %s of %d puzzles", row->read_from,
                        row->index, row->shard, first->puzzles);
        else if (owner[k] && owner[k] != files[file_of_row[i]])
            rc = refuse("shard %d/%d is in both %s and %s", k, n, owner[k], files[file_of_row[i]]);
        else
            owner[k] = files[file_of_row[i]];
    }
    for (int k = 1; k <= n && rc == 0; k++)
        if (!owner[k] && k - 1 < first->puzzles)
            rc = refuse("shard %d/%d is missing (%d files given)", k, n, nfiles);
    free(owner);
    return rc;
}

/* Checks that the rows, sorted, hold every puzzle of the run once with every solver. */
static int check_complete(const report *rep)
{
    const report_row *first = &rep->row[0];
    int rc = 0, nsolvers = 0;
    while (rc == 0 && nsolvers < rep->count && rep->row[nsolvers].index == first->index) nsolvers++;
    for (int i = 0; i < rep->count && rc == 0; i++) {
        const report_row *row = &rep->row[i], *want = &rep->row[i % nsolvers];
        if (row->index != i / nsolvers || strcmp(row->solver, want->solver) != 0) {
            int index = row->index > i / nsolvers ? i / nsolvers : row->index;
            rc = refuse("puzzle %d with solver %s is %s (an overlapping or cut shard?)", index,
                        row->index > i / nsolvers ? want->solver : row->solver,
                        row->index > i / nsolvers ? "missing" : "there twice");
        }
    }
    if (rc == 0 && rep->count != first->puzzles * nsolvers)
        rc = refuse("%d rows, expected %d puzzles x %d solvers: the last puzzles are missing",
                    rep->count, first->puzzles, nsolvers);
    return rc;
}

/* Writes the merged rows to path, whole or not at all: CSV, or JSON with meta. */
static int write_merged(const char *path, const report *rep, json_t *meta)
{
    outfile out;
    char err[OUTFILE_ERR_MAX];
    if (outfile_open(&out, path, NULL, err) == 0) {
        if (meta) report_write_json(rep, meta, out.f);
        else report_write_csv(rep, out.f);
        if (outfile_commit(&out, err) == 0) return 0;
    }
    fprintf(stderr, "bench merge: %s\n", err);
    return -1;
}

/* What every shard of one run shares, from the first shard's results.json (the file itself, or
 * the one beside its results.csv): the solvers, their parameters, the budgets, the repetitions,
 * the input's size, the build. The run checksum holds the shards to the same configuration;
 * what describes one shard's machine and moment (host, load, date, command) is left out.
 * An empty object when there is no such file. */
static json_t *run_configuration(const char *first)
{
    static const char *const shared[] = {"version", "commit", "compiler", "flags",
                                         "peak_bytes_source", "solvers", "params", "budget",
                                         "repeat", "warmup", "min_time_seconds", "verify",
                                         "puzzles", "complete"};
    char path[4096], err[REPORT_ERR_MAX];
    size_t n = strlen(first);
    if (n >= 4 && strcmp(first + n - 4, ".csv") == 0)
        snprintf(path, sizeof path, "%.*s.json", (int)(n - 4), first);
    else
        snprintf(path, sizeof path, "%s", first);
    json_t *meta = json_object();
    json_t *closing = access(path, R_OK) == 0 ? report_read_closing(path, err) : NULL;
    json_t *theirs = json_object_get(closing, "meta");
    for (size_t k = 0; k < sizeof shared / sizeof *shared; k++) {
        json_t *v = json_object_get(theirs, shared[k]);
        if (v) json_object_set(meta, shared[k], v);
    }
    json_decref(closing);
    return meta;
}

int bench_merge(const char *csv, const char *json, char **files, int nfiles)
{
    report rep = {0};
    int *file_of_row = NULL;
    for (int i = 0; i < nfiles; i++) {
        char err[REPORT_ERR_MAX];
        int before = rep.count;
        if (report_read(files[i], &rep, err)) {
            fprintf(stderr, "bench merge: %s\n", err);
            report_free(&rep);
            free(file_of_row);
            return EXIT_BAD_INPUT;
        }
        file_of_row = xrealloc(file_of_row, (size_t)(rep.count + 1) * sizeof *file_of_row);
        for (int k = before; k < rep.count; k++) file_of_row[k] = i;
    }
    int rc = EXIT_SOLVED;
    if (rep.count == 0) {
        fprintf(stderr, "bench merge: the files hold no rows\n");
        rc = EXIT_BAD_INPUT;
    } else if (check_shards(&rep, files, nfiles, file_of_row) != 0)
        rc = EXIT_BAD_INPUT;
    else {
        report_sort(&rep);
        if (check_complete(&rep) != 0) rc = EXIT_BAD_INPUT;
    }
    json_t *meta = NULL;
    if (rc == EXIT_SOLVED) {
        json_t *names = json_array();
        for (int i = 0; i < nfiles; i++) json_array_append_new(names, json_string(files[i]));
        meta = run_configuration(files[0]);
        json_object_set_new(meta, "merged_from", names);
        json_object_set_new(meta, "run", json_string(rep.row[0].run));
        if (write_merged(csv, &rep, NULL) || (json && write_merged(json, &rep, meta)))
            rc = EXIT_BAD_INPUT;
    }
    if (rc == EXIT_SOLVED && report_write_markdown(&rep, strcmp(csv, "-") == 0 ? stderr : stdout) &&
        strcmp(csv, "-") != 0) {
        fprintf(stderr, "bench merge: standard output: %s\n", strerror(errno));
        rc = EXIT_BAD_INPUT;
    }
    json_decref(meta);
    free(file_of_row);
    report_free(&rep);
    return rc;
}
