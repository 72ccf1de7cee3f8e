/* results.c -- the result files of one bin/bench run, written as the run goes.
 *
 * The invariant: nothing a run has finished is lost, and nothing unfinished passes for
 * finished. Each output is written under PATH.partial, one row at a time and flushed after
 * each, so a crash keeps every finished row; a run stopped by SIGINT or SIGTERM closes its
 * partial CSV and JSON as valid files whose meta says "complete": false; only a complete run
 * renames its files into place, so an earlier complete set under the final names is never
 * destroyed. --resume reads the partial rows back and carries on from there. */
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "common/outfile.h"
#include "common/xmem.h"

enum { CSV, JSON, MARKDOWN, NOUTPUTS };
static const char *const in_dir[NOUTPUTS] = {"results.csv", "results.json", "summary.md"};

struct bench_results {
    outfile file[NOUTPUTS];
    bool wanted[NOUTPUTS];
    int rows;
    report_tally *tally;
    char *done;            /* resumed rows' keys, "index solver", sorted; ndone of them */
    int ndone;
};

/* The absolute path a file would have (its folder resolved, links included), so that two
 * spellings of one file compare equal before it exists. */
static void resolve(const char *path, char out[PATH_MAX])
{
    char dir[PATH_MAX], base[PATH_MAX], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    snprintf(base, sizeof base, "%s", path);
    const char *d = dirname(dir), *b = basename(base);
    if (realpath(d, real)) snprintf(out, PATH_MAX, "%.2000s/%.2000s", real, b);
    else snprintf(out, PATH_MAX, "%s", path);
    char file[PATH_MAX];
    if (realpath(path, file)) snprintf(out, PATH_MAX, "%s", file);
}

/* The final names, checked: two outputs into one file would leave one of them, cut into the
 * other. */
static int name_outputs(const bench_options *o, char path[NOUTPUTS][PATH_MAX])
{
    const char *given[NOUTPUTS] = {o->csv, o->json, o->markdown};
    if (o->out && outfile_make_dirs(o->out) != 0) {
        fprintf(stderr, "bench: %s: %s\n", o->out, strerror(errno));
        return -1;
    }
    for (int k = 0; k < NOUTPUTS; k++) {
        path[k][0] = '\0';
        if (given[k]) snprintf(path[k], PATH_MAX, "%s", given[k]);
        else if (o->out) snprintf(path[k], PATH_MAX, "%.4000s/%s", o->out, in_dir[k]);
    }
    for (int a = 0; a < NOUTPUTS; a++)
        for (int b = a + 1; b < NOUTPUTS; b++) {
            if (!path[a][0] || !path[b][0]) continue;
            char ra[PATH_MAX], rb[PATH_MAX];
            resolve(path[a], ra);
            resolve(path[b], rb);
            if (strcmp(ra, rb) == 0) {
                fprintf(stderr, "bench: %s and %s name the same file\n", path[a], path[b]);
                return -1;
            }
        }
    return 0;
}

#define DONE_KEY 40

static int compare_keys(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void done_key(char *key, int index, const char *solver)
{
    snprintf(key, DONE_KEY, "%d %s", index, solver);
}

/* Reads the interrupted run's rows back (the partial CSV: flushed a row at a time, so at most
 * a cut last line is lost, which is then run again). */
static int read_partial(const bench_options *o, const char *run, report *rep)
{
    char path[PATH_MAX], err[REPORT_ERR_MAX];
    snprintf(path, sizeof path, "%.4000s/%s.partial", o->out, in_dir[CSV]);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "bench: --resume %s: no interrupted run to resume (%s: %s)\n", o->out,
                path, strerror(errno));
        return -1;
    }
    /* Keep the whole lines only. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, got, mem);
    fclose(f);
    fclose(mem);
    while (len > 0 && text[len - 1] != '\n') len--;
    FILE *whole = fmemopen(text, len ? len : 1, "r");
    int rc = whole && len && report_read_stream(whole, path, rep, err) == 0 ? 0 : -1;
    if (rc) fprintf(stderr, "bench: --resume: %s\n", len ? err : "no finished row to resume from");
    if (whole) fclose(whole);
    free(text);
    char shard[16];
    snprintf(shard, sizeof shard, "%d/%d", o->shard_k, o->shard_n);
    for (int i = 0; rc == 0 && i < rep->count; i++)
        if (strcmp(rep->row[i].run, run) != 0 || strcmp(rep->row[i].shard, shard) != 0) {
            fprintf(stderr, "bench: --resume %s: the interrupted run had another configuration, "
                            "input or shard (run %s, shard %s; this one: run %s, shard %s)\n",
                    o->out, rep->row[i].run, rep->row[i].shard, run, shard);
            rc = -1;
        }
    return rc;
}

bench_results *bench_results_open(const bench_options *o, const char *run, bool resume)
{
    char path[NOUTPUTS][PATH_MAX], err[OUTFILE_ERR_MAX];
    if (name_outputs(o, path)) return NULL;
    report old = {0};
    if (resume && read_partial(o, run, &old)) {
        report_free(&old);
        return NULL;
    }
    bench_results *res = xcalloc(1, sizeof *res);
    res->tally = report_tally_new();
    for (int k = 0; k < NOUTPUTS; k++) {
        if (!path[k][0]) continue;
        if (outfile_open(&res->file[k], path[k], NULL, err)) {
            fprintf(stderr, "bench: %s\n", err);
            for (int j = 0; j < k; j++)
                if (res->wanted[j]) outfile_abandon(&res->file[j]);
            report_tally_free(res->tally);
            free(res);
            report_free(&old);
            return NULL;
        }
        res->wanted[k] = true;
    }
    if (res->wanted[CSV]) report_csv_header(res->file[CSV].f);
    if (res->wanted[JSON]) report_json_begin(res->file[JSON].f);
    res->done = xmalloc((size_t)(old.count + 1) * DONE_KEY);
    for (int i = 0; i < old.count; i++) {
        done_key(res->done + (size_t)res->ndone++ * DONE_KEY, old.row[i].index, old.row[i].solver);
        free(old.row[i].read_from);
        old.row[i].read_from = NULL;
        if (bench_results_add(res, &old.row[i])) {
            report_free(&old);
            bench_results_close(res, json_object(), false, 0, 0);
            return NULL;
        }
    }
    qsort(res->done, (size_t)res->ndone, DONE_KEY, compare_keys);
    report_free(&old);
    return res;
}

bool bench_results_has(const bench_results *res, int index, const char *solver)
{
    char key[DONE_KEY];
    done_key(key, index, solver);
    return bsearch(key, res->done, (size_t)res->ndone, DONE_KEY, compare_keys) != NULL;
}

int bench_results_add(bench_results *res, const report_row *row)
{
    if (res->wanted[CSV]) report_csv_row(res->file[CSV].f, row);
    if (res->wanted[JSON]) report_json_row(res->file[JSON].f, row, res->rows == 0);
    res->rows++;
    report_tally_add(res->tally, row);
    for (int k = CSV; k <= JSON; k++) {
        outfile *f = &res->file[k];
        if (res->wanted[k] && (fflush(f->f) != 0 || ferror(f->f))) {
            fprintf(stderr, "bench: %s: %s\n", strcmp(f->path, "-") == 0 ? "standard output"
                                                                         : f->path,
                    strerror(errno ? errno : EIO));
            return -1;
        }
    }
    return 0;
}

int bench_results_close(bench_results *res, json_t *meta, bool complete, int runs_done,
                        int runs_total)
{
    static report_summary sum[REPORT_MAX_SUMMARY];
    int n = report_tally_summarize(res->tally, sum, REPORT_MAX_SUMMARY);
    bool stdout_taken = false;
    int rc = 0;
    for (int k = 0; k < NOUTPUTS; k++) {
        if (!res->wanted[k]) continue;
        outfile *f = &res->file[k];
        stdout_taken |= f->f == stdout;
        if (k == JSON) report_json_end(f->f, sum, n, meta);
        if (k == MARKDOWN) {
            report_markdown(f->f, sum, n);
            if (!complete)
                fprintf(f->f, "\n**Incomplete run**: %d of %d runs finished.\n", runs_done,
                        runs_total);
        }
        char err[OUTFILE_ERR_MAX];
        if ((complete ? outfile_commit(f, err) : outfile_keep_partial(f, err)) != 0) {
            fprintf(stderr, "bench: %s\n", err);
            rc = -1;
        }
    }
    /* The summary goes to stdout unless stdout already carries a result file. */
    FILE *table = stdout_taken ? stderr : stdout;
    report_markdown(table, sum, n);
    if (!complete)
        fprintf(stderr, "bench: stopped: %d of %d runs finished; the finished rows are in the "
                        ".partial files, and bin/bench --resume DIR with the same options and "
                        "paths carries on\n", runs_done, runs_total);
    if (fflush(table) != 0 && !stdout_taken) {
        fprintf(stderr, "bench: standard output: %s\n", strerror(errno));
        rc = -1;
    }
    report_tally_free(res->tally);
    free(res->done);
    free(res);
    return rc;
}
