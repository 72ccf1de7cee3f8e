/* compare.c -- `bench compare A B`: run B against run A, per solver, as ratios B/A.
 *
 * Rows are paired by (puzzle id, solver). Over the pairs that both runs solved, each figure
 * (time, states expanded, peak memory) is summarized as the geometric mean of the per-puzzle
 * ratios B/A, with a 95% confidence interval from a percentile bootstrap over puzzles (2,000
 * resamples, a fixed seed, so the same files give the same interval). The geometric mean is
 * the right mean of ratios: B/A and A/B give reciprocal answers. The invariant that makes the
 * comparison honest: only pairs are compared, never a puzzle one side did not solve, and every
 * pair whose answers differ (status or move count) is listed, since a speed-up that changes an
 * answer is a regression, not a speed-up. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "bench/stats.h"
#include "common/outfile.h"
#include "common/xmem.h"

enum { TIME, EXPANDED, PEAK, NFIGURES };
static const char *const figure_name[NFIGURES] = {"time", "expanded", "peak_bytes"};

typedef struct {
    double ratio, low, high;   /* NAN when no pair has the figure */
    int pairs;
} estimate;

typedef struct {
    const char *solver;
    int paired, both_solved, b_faster;
    estimate figure[NFIGURES];
    int differ;
    int broken_a, broken_b;   /* paired rows that break their solver's claim, in A and in B */
} comparison;

/* A result file, or the results of a bench --out folder (results.json, else results.csv). */
static int read_side(const char *path, report *r)
{
    char file[4096], err[REPORT_ERR_MAX];
    struct stat st;
    snprintf(file, sizeof file, "%s", path);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(file, sizeof file, "%s/results.json", path);
        if (stat(file, &st) != 0) snprintf(file, sizeof file, "%s/results.csv", path);
    }
    if (report_read(file, r, err) == 0) return 0;
    fprintf(stderr, "bench compare: %s\n", err);
    return -1;
}

/* Rows pair by (id, solver); one puzzle in several files of a run (same id) pairs in the
 * order of the puzzle names, so that a run compared with itself pairs every row with itself. */
static int compare_pair_keys(const report_row *x, const report_row *y)
{
    int c = strcmp(x->id, y->id);
    return c ? c : strcmp(x->solver, y->solver);
}

static int compare_rows_sorted(const void *a, const void *b)
{
    const report_row *x = *(report_row *const *)a, *y = *(report_row *const *)b;
    int c = compare_pair_keys(x, y);
    return c ? c : strcmp(x->puzzle, y->puzzle);
}

static report_row **sorted_rows(report *r)
{
    report_row **p = xmalloc((size_t)(r->count + 1) * sizeof *p);
    for (int k = 0; k < r->count; k++) p[k] = &r->row[k];
    qsort(p, (size_t)r->count, sizeof *p, compare_rows_sorted);
    return p;
}

/* splitmix64: a small, well-mixed generator; fixed seed for repeatable intervals. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Geometric mean of exp(logs) and its bootstrap percentile interval. */
static estimate bootstrap(const double *logs, int n, int resamples)
{
    estimate e = {NAN, NAN, NAN, n};
    if (n == 0) return e;
    double sum = 0;
    for (int i = 0; i < n; i++) sum += logs[i];
    e.ratio = exp(sum / n);
    double *means = xmalloc((size_t)resamples * sizeof *means);
    uint64_t seed = 20261122;
    for (int b = 0; b < resamples; b++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += logs[next_random(&seed) % (uint64_t)n];
        means[b] = s / n;
    }
    stats_sort(means, resamples);
    e.low = exp(means[(int)(0.025 * (resamples - 1))]);
    e.high = exp(means[(int)ceil(0.975 * (resamples - 1))]);
    free(means);
    return e;
}

static double figure_of(const report_row *row, int f)
{
    if (f == TIME) return row->seconds;
    if (f == EXPANDED) return (double)row->expanded;
    return row->peak_known ? (double)row->peak_bytes : 0;
}

/* Pairs of solver s: a[k] and b[k] are the same puzzle. */
static comparison compare_solver(const char *solver, report_row **a, report_row **b, int n,
                                 int resamples, json_t *differences)
{
    comparison c = {.solver = solver};
    double *logs[NFIGURES];
    int count[NFIGURES] = {0};
    for (int f = 0; f < NFIGURES; f++) logs[f] = xmalloc((size_t)(n + 1) * sizeof *logs[f]);
    for (int k = 0; k < n; k++) {
        if (strcmp(a[k]->solver, solver) != 0) continue;
        c.paired++;
        c.broken_a += report_breaks_claim(a[k]);
        c.broken_b += report_breaks_claim(b[k]);
        bool sa = strcmp(a[k]->status, "solved") == 0, sb = strcmp(b[k]->status, "solved") == 0;
        if (strcmp(a[k]->status, b[k]->status) != 0 || (sa && sb && a[k]->moves != b[k]->moves)) {
            c.differ++;
            json_array_append_new(differences,
                                  json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:o}", "solver", solver,
                                            "puzzle", b[k]->puzzle, "id", b[k]->id,
                                            "a_status", a[k]->status,
                                            "a_moves", sa ? json_integer(a[k]->moves) : json_null(),
                                            "b_status", b[k]->status,
                                            "b_moves", sb ? json_integer(b[k]->moves) : json_null()));
        }
        if (!sa || !sb) continue;
        c.both_solved++;
        c.b_faster += b[k]->seconds < a[k]->seconds;
        for (int f = 0; f < NFIGURES; f++) {
            double x = figure_of(a[k], f), y = figure_of(b[k], f);
            if (x > 0 && y > 0) logs[f][count[f]++] = log(y / x);
        }
    }
    for (int f = 0; f < NFIGURES; f++) {
        c.figure[f] = bootstrap(logs[f], count[f], resamples);
        free(logs[f]);
    }
    return c;
}

static void format_estimate(const estimate *e, char *out, size_t n)
{
    if (isnan(e->ratio)) snprintf(out, n, "-");
    else snprintf(out, n, "%.3f [%.3f, %.3f]", e->ratio, e->low, e->high);
}

static json_t *estimate_json(const estimate *e)
{
    if (isnan(e->ratio)) return json_pack("{s:n, s:n, s:n, s:i}", "ratio", "low", "high", "pairs", 0);
    return json_pack("{s:f, s:f, s:f, s:i}", "ratio", e->ratio, "low", e->low, "high", e->high,
                     "pairs", e->pairs);
}

static FILE *open_out(outfile *out, const char *path)
{
    char err[OUTFILE_ERR_MAX];
    if (outfile_open(out, path, NULL, err) == 0) return out->f;
    fprintf(stderr, "bench compare: %s\n", err);
    return NULL;
}

static int close_out(outfile *out)
{
    char err[OUTFILE_ERR_MAX];
    if (outfile_commit(out, err) == 0) return 0;
    fprintf(stderr, "bench compare: %s\n", err);
    return -1;
}

static int write_outputs(const char *a_name, const char *b_name, const comparison *c, int n,
                         json_t *differences, int only_a, int only_b, const char *csv,
                         const char *json)
{
    int rc = 0;
    bool stdout_taken = (csv && strcmp(csv, "-") == 0) || (json && strcmp(json, "-") == 0);
    FILE *md = stdout_taken ? stderr : stdout;
    fprintf(md, "B/A: %s against %s. Ratios are geometric means over the puzzles both solved, "
                "[95%% bootstrap interval]; below 1, B is better.\n\n", b_name, a_name);
    fputs("| solver | pairs | both solved | time B/A | states B/A | peak memory B/A | B faster | "
          "answers differ | broken claims A | broken claims B |\n"
          "|---|---:|---:|---|---|---|---:|---:|---:|---:|\n", md);
    for (int s = 0; s < n; s++) {
        char t[64], e[64], p[64];
        format_estimate(&c[s].figure[TIME], t, sizeof t);
        format_estimate(&c[s].figure[EXPANDED], e, sizeof e);
        format_estimate(&c[s].figure[PEAK], p, sizeof p);
        fprintf(md, "| %s | %d | %d | %s | %s | %s | %.1f%% | %d | %d | %d |\n", c[s].solver,
                c[s].paired, c[s].both_solved, t, e, p,
                c[s].both_solved ? 100.0 * c[s].b_faster / c[s].both_solved : 0.0, c[s].differ,
                c[s].broken_a, c[s].broken_b);
    }
    size_t nd = json_array_size(differences);
    for (size_t k = 0; k < nd && k < 10; k++) {
        json_t *d = json_array_get(differences, k);
        fprintf(md, "%s%s on %s: A %s, B %s\n", k ? "" : "\nAnswers that differ:\n",
                json_string_value(json_object_get(d, "solver")),
                json_string_value(json_object_get(d, "puzzle")),
                json_string_value(json_object_get(d, "a_status")),
                json_string_value(json_object_get(d, "b_status")));
    }
    if (nd > 10) fprintf(md, "... and %zu more\n", nd - 10);
    if (only_a || only_b)
        fprintf(md, "\n%d rows only in A, %d only in B (not compared)\n", only_a, only_b);
    if (csv) {
        outfile out;
        FILE *f = open_out(&out, csv);
        if (!f) return -1;
        fputs("solver,pairs,both_solved,b_faster", f);
        for (int k = 0; k < NFIGURES; k++)
            fprintf(f, ",%s_ratio,%s_low,%s_high", figure_name[k], figure_name[k], figure_name[k]);
        fputs(",answers_differ,broken_claims_a,broken_claims_b\n", f);
        for (int s = 0; s < n; s++) {
            fprintf(f, "%s,%d,%d,%d", c[s].solver, c[s].paired, c[s].both_solved, c[s].b_faster);
            for (int k = 0; k < NFIGURES; k++) {
                const estimate *e = &c[s].figure[k];
                if (isnan(e->ratio)) fputs(",,,", f);
                else fprintf(f, ",%.6f,%.6f,%.6f", e->ratio, e->low, e->high);
            }
            fprintf(f, ",%d,%d,%d\n", c[s].differ, c[s].broken_a, c[s].broken_b);
        }
        rc |= close_out(&out);
    }
    if (json) {
        outfile out;
        FILE *f = open_out(&out, json);
        if (!f) return -1;
        json_t *solvers = json_array();
        for (int s = 0; s < n; s++) {
            json_t *o = json_pack("{s:s, s:i, s:i, s:i, s:i, s:i, s:i}", "solver", c[s].solver,
                                  "pairs", c[s].paired, "both_solved", c[s].both_solved,
                                  "b_faster", c[s].b_faster, "answers_differ", c[s].differ,
                                  "broken_claims_a", c[s].broken_a, "broken_claims_b",
                                  c[s].broken_b);
            for (int k = 0; k < NFIGURES; k++)
                json_object_set_new(o, figure_name[k], estimate_json(&c[s].figure[k]));
            json_array_append_new(solvers, o);
        }
        json_t *doc = json_pack("{s:i, s:s, s:s, s:o, s:O, s:i, s:i}", "schema_version",
                                CLI_SCHEMA_VERSION, "a", a_name, "b", b_name, "solvers", solvers,
                                "differences", differences, "only_in_a", only_a, "only_in_b",
                                only_b);
        json_dumpf(doc, f, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        fputc('\n', f);
        json_decref(doc);
        rc |= close_out(&out);
    }
    if (fflush(md) != 0 || ferror(md)) {
        fprintf(stderr, "bench compare: %s: %s\n", md == stdout ? "standard output" : "standard error",
                strerror(errno));
        rc = -1;
    }
    return rc;
}

int bench_compare(const char *path_a, const char *path_b, const char *csv, const char *json,
                  int resamples)
{
    report a = {0}, b = {0};
    if (read_side(path_a, &a) || read_side(path_b, &b)) {
        report_free(&a);
        report_free(&b);
        return EXIT_BAD_INPUT;
    }
    /* Pair by (id, solver): a merge of the two sides sorted by that key. */
    report_row **as = sorted_rows(&a), **bs = sorted_rows(&b);
    report_row **pa = xmalloc((size_t)(a.count + 1) * sizeof *pa);
    report_row **pb = xmalloc((size_t)(a.count + 1) * sizeof *pb);
    int n = 0;
    for (int i = 0, j = 0; i < a.count && j < b.count;) {
        int c = compare_pair_keys(as[i], bs[j]);
        if (c < 0) i++;
        else if (c > 0) j++;
        else {
            pa[n] = as[i++];
            pb[n++] = bs[j++];
        }
    }
    /* The labels paired, in report order. */
    const char *label[REPORT_MAX_SOLVERS];
    int nl = 0;
    for (int k = 0; k < n; k++) {
        int j = 0;
        while (j < nl && strcmp(label[j], pa[k]->solver) != 0) j++;
        if (j < nl || nl == REPORT_MAX_SOLVERS) continue;
        for (j = nl++; j > 0 && setup_label_rank(label[j - 1]) > setup_label_rank(pa[k]->solver); j--)
            label[j] = label[j - 1];
        label[j] = pa[k]->solver;
    }
    comparison c[REPORT_MAX_SOLVERS];
    json_t *differences = json_array();
    for (int s = 0; s < nl; s++) c[s] = compare_solver(label[s], pa, pb, n, resamples, differences);
    int nc = nl;
    int rc = write_outputs(path_a, path_b, c, nc, differences, a.count - n,
                           b.count - n, csv, json);
    json_decref(differences);
    free(as);
    free(bs);
    free(pa);
    free(pb);
    report_free(&a);
    report_free(&b);
    return rc ? EXIT_BAD_INPUT : EXIT_SOLVED;
}
