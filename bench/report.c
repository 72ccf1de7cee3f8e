/* report.c -- result rows and the CSV, JSON and Markdown files made of them. */
#include "report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solver.h"
#include "xmem.h"

static const char *const columns[REPORT_COLUMNS] = {
    "solver",  "puzzle",   "board",      "status",      "moves",      "steps",
    "optimal_moves", "optimal", "excess", "expanded",   "generated",  "peak_bytes",
    "seconds", "solution", "index",      "id",          "source",     "budget_hit",
    "duplicates", "table_bytes", "seconds_min", "seconds_max", "repeat", "replay",
};

report_row *report_add(report *r)
{
    if (r->count == r->capacity) {
        r->capacity = r->capacity ? r->capacity * 2 : 256;
        r->row = xrealloc(r->row, (size_t)r->capacity * sizeof *r->row);
    }
    report_row *row = &r->row[r->count++];
    memset(row, 0, sizeof *row);
    row->moves = row->steps = row->optimal_moves = row->excess = REPORT_NONE;
    return row;
}

void report_free(report *r)
{
    for (int i = 0; i < r->count; i++) free(r->row[i].solution);
    free(r->row);
    memset(r, 0, sizeof *r);
}

static int solver_rank(const char *name)
{
    for (int i = 0; solver_all[i]; i++)
        if (strcmp(solver_all[i]->name, name) == 0) return i;
    return 1000;
}

static int compare_rows(const void *a, const void *b)
{
    const report_row *x = a, *y = b;
    if (x->index != y->index) return x->index < y->index ? -1 : 1;
    return solver_rank(x->solver) - solver_rank(y->solver);
}

void report_sort(report *r)
{
    qsort(r->row, (size_t)r->count, sizeof *r->row, compare_rows);
}

/* ---- writing ---------------------------------------------------------------------------- */

static const char *int_cell(char *buf, int v)
{
    if (v == REPORT_NONE) return "";
    if (v == REPORT_UNSOLVABLE) return "unsolvable";
    snprintf(buf, 64, "%d", v);
    return buf;
}

static const char *u64_cell(char *buf, uint64_t v)
{
    snprintf(buf, 64, "%llu", (unsigned long long)v);
    return buf;
}

static const char *seconds_cell(char *buf, double v)
{
    snprintf(buf, 64, "%.9f", v);
    return buf;
}

/* One row's cells as text, in column order; cell[k] points into buf[k] or at the row. */
static void row_cells(const report_row *row, char buf[REPORT_COLUMNS][64], const char **cell)
{
    bool solved = strcmp(row->status, "solved") == 0;
    cell[0] = row->solver;
    cell[1] = row->puzzle;
    cell[2] = row->board;
    cell[3] = row->status;
    cell[4] = int_cell(buf[4], row->moves);
    cell[5] = int_cell(buf[5], row->steps);
    cell[6] = int_cell(buf[6], row->optimal_moves);
    cell[7] = row->optimal;
    cell[8] = int_cell(buf[8], row->excess);
    cell[9] = u64_cell(buf[9], row->expanded);
    cell[10] = u64_cell(buf[10], row->generated);
    cell[11] = u64_cell(buf[11], row->peak_bytes);
    cell[12] = seconds_cell(buf[12], row->seconds);
    cell[13] = solved && row->solution ? row->solution : "";
    cell[14] = int_cell(buf[14], row->index);
    cell[15] = row->id;
    cell[16] = row->source;
    cell[17] = row->budget_hit;
    cell[18] = u64_cell(buf[18], row->duplicates);
    cell[19] = u64_cell(buf[19], row->table_bytes);
    cell[20] = seconds_cell(buf[20], row->seconds_min);
    cell[21] = seconds_cell(buf[21], row->seconds_max);
    cell[22] = int_cell(buf[22], row->repeat);
    cell[23] = row->replay;
}

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void report_write_csv(const report *r, FILE *f)
{
    for (int k = 0; k < REPORT_COLUMNS; k++) fprintf(f, "%s%s", k ? "," : "", columns[k]);
    fputc('\n', f);
    for (int i = 0; i < r->count; i++) {
        char buf[REPORT_COLUMNS][64];
        const char *cell[REPORT_COLUMNS];
        row_cells(&r->row[i], buf, cell);
        for (int k = 0; k < REPORT_COLUMNS; k++) {
            if (k) fputc(',', f);
            csv_field(f, cell[k]);
        }
        fputc('\n', f);
    }
}

void report_meta_add(report_meta *m, const char *key, const char *format, ...)
{
    if (m->count == (int)(sizeof m->key / sizeof *m->key)) return;
    va_list ap;
    va_start(ap, format);
    vsnprintf(m->value[m->count], sizeof m->value[0], format, ap);
    va_end(ap);
    m->key[m->count++] = key;
}

/* Columns written as JSON numbers (when not empty); the rest are strings. */
static bool numeric_column(int k)
{
    return k == 4 || k == 5 || k == 8 || k == 9 || k == 10 || k == 11 || k == 12 || k == 14 ||
           k == 18 || k == 19 || k == 20 || k == 21 || k == 22;
}

void report_write_json(const report *r, const report_meta *meta, FILE *f)
{
    fputs("{\n  \"meta\": {", f);
    for (int k = 0; k < meta->count; k++) {
        fprintf(f, "%s\n    ", k ? "," : "");
        cli_json_string(f, meta->key[k]);
        fputs(": ", f);
        cli_json_string(f, meta->value[k]);
    }
    fputs("\n  },\n  \"rows\": [", f);
    for (int i = 0; i < r->count; i++) {
        char buf[REPORT_COLUMNS][64];
        const char *cell[REPORT_COLUMNS];
        row_cells(&r->row[i], buf, cell);
        fprintf(f, "%s\n    {", i ? "," : "");
        for (int k = 0; k < REPORT_COLUMNS; k++) {
            fprintf(f, "%s\"%s\": ", k ? ", " : "", columns[k]);
            if (k == 6 && r->row[i].optimal_moves >= 0) fputs(cell[k], f);
            else if (numeric_column(k)) fputs(cell[k][0] ? cell[k] : "null", f);
            else cli_json_string(f, cell[k]);
        }
        fputc('}', f);
    }
    fputs("\n  ]\n}\n", f);
}

/* ---- the summary -------------------------------------------------------------------------- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile (0..1) of v[0..n-1], nearest rank; sorts v. */
static double quantile(double *v, int n, double q)
{
    if (n == 0) return 0;
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    int k = (int)(q * n + 0.999999) - 1;
    return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

static void human_bytes(double bytes, char *out, size_t n)
{
    if (bytes >= 1 << 20) snprintf(out, n, "%.1f MiB", bytes / (1 << 20));
    else if (bytes >= 1 << 10) snprintf(out, n, "%.1f KiB", bytes / (1 << 10));
    else snprintf(out, n, "%.0f B", bytes);
}

static void human_time(double seconds, char *out, size_t n)
{
    if (seconds >= 1) snprintf(out, n, "%.2f s", seconds);
    else snprintf(out, n, "%.3g ms", seconds * 1e3);
}

void report_write_markdown(const report *r, FILE *f)
{
    fputs("| solver | runs | solved | within budget | optimal | mean excess | max excess | "
          "median time | p95 time | median expanded | median peak memory | wrong |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
          f);
    double *secs = xmalloc((size_t)(r->count + 1) * sizeof *secs);
    double *nodes = xmalloc((size_t)(r->count + 1) * sizeof *nodes);
    double *mem = xmalloc((size_t)(r->count + 1) * sizeof *mem);
    for (int s = 0; solver_all[s]; s++) {
        int runs = 0, solved = 0, within = 0, optimal = 0, judged = 0, wrong = 0, n = 0;
        long excess_sum = 0, excess_max = 0, excess_n = 0;
        for (int i = 0; i < r->count; i++) {
            const report_row *row = &r->row[i];
            if (strcmp(row->solver, solver_all[s]->name) != 0) continue;
            runs++;
            solved += strcmp(row->status, "solved") == 0;
            within += strcmp(row->status, "budget") != 0;
            judged += strcmp(row->optimal, "unknown") != 0;
            optimal += strcmp(row->optimal, "yes") == 0;
            wrong += strcmp(row->replay, "illegal") == 0 ||
                     (strcmp(row->status, "unsolvable") == 0 && row->optimal_moves >= 0);
            if (row->excess != REPORT_NONE) {
                excess_sum += row->excess;
                excess_n++;
                if (row->excess > excess_max) excess_max = row->excess;
            }
            secs[n] = row->seconds;
            nodes[n] = (double)row->expanded;
            mem[n++] = (double)row->peak_bytes;
        }
        if (runs == 0) continue;
        char optimal_text[16] = "-", mean_text[16] = "-", max_text[16] = "-";
        if (judged) snprintf(optimal_text, sizeof optimal_text, "%.1f%%", 100.0 * optimal / judged);
        if (excess_n) {
            snprintf(mean_text, sizeof mean_text, "%.2f", (double)excess_sum / (double)excess_n);
            snprintf(max_text, sizeof max_text, "%ld", excess_max);
        }
        char peak[32];
        human_bytes(quantile(mem, n, 0.5), peak, sizeof peak);
        char median_t[32], p95_t[32];
        human_time(quantile(secs, n, 0.5), median_t, sizeof median_t);
        human_time(quantile(secs, n, 0.95), p95_t, sizeof p95_t);
        fprintf(f, "| %s | %d | %d | %d | %s | %s | %s | %s | %s | %.0f | %s | %d |\n",
                solver_all[s]->name, runs, solved, within, optimal_text, mean_text, max_text,
                median_t, p95_t, quantile(nodes, n, 0.5), peak, wrong);
    }
    free(secs);
    free(nodes);
    free(mem);
}

/* ---- reading a CSV back --------------------------------------------------------------------- */

/* Splits one CSV line in place into at most `max` cells (quotes handled). Returns the count. */
static int split_csv(char *line, char **cell, int max)
{
    int n = 0;
    char *s = line;
    for (;;) {
        if (n == max) return max + 1;
        char *out = s;
        cell[n++] = s;
        if (*s == '"') {
            s++;
            for (;;) {
                if (*s == '\0') return -1;
                if (*s == '"' && s[1] == '"') {
                    *out++ = '"';
                    s += 2;
                } else if (*s == '"') {
                    s++;
                    break;
                } else
                    *out++ = *s++;
            }
            if (*s != ',' && *s != '\0') return -1;
        } else {
            while (*s && *s != ',') *out++ = *s++;
        }
        char end = *s;
        *out = '\0';
        if (end == '\0') return n;
        s++;
    }
}

static int parse_int_cell(const char *s, int *out)
{
    if (!*s) return *out = REPORT_NONE, 0;
    if (strcmp(s, "unsolvable") == 0) return *out = REPORT_UNSOLVABLE, 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end) return -1;
    *out = (int)v;
    return 0;
}

int report_read_csv(const char *path, report *r, char *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, 256, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        char *cell[REPORT_COLUMNS + 1];
        int n = split_csv(line, cell, REPORT_COLUMNS);
        if (lineno == 1) {
            bool header = n == REPORT_COLUMNS;
            for (int k = 0; header && k < REPORT_COLUMNS; k++) header = strcmp(cell[k], columns[k]) == 0;
            if (!header) {
                snprintf(err, 256, "%s:1: not a bench CSV (the header differs)", path);
                rc = -1;
                break;
            }
            continue;
        }
        if (len == 0) continue;
        if (n != REPORT_COLUMNS) {
            snprintf(err, 256, "%s:%d: %d cells, expected %d", path, lineno, n, REPORT_COLUMNS);
            rc = -1;
            break;
        }
        report_row *row = report_add(r);
        snprintf(row->solver, sizeof row->solver, "%s", cell[0]);
        snprintf(row->puzzle, sizeof row->puzzle, "%s", cell[1]);
        snprintf(row->board, sizeof row->board, "%s", cell[2]);
        snprintf(row->status, sizeof row->status, "%s", cell[3]);
        snprintf(row->optimal, sizeof row->optimal, "%s", cell[7]);
        snprintf(row->id, sizeof row->id, "%s", cell[15]);
        snprintf(row->source, sizeof row->source, "%s", cell[16]);
        snprintf(row->budget_hit, sizeof row->budget_hit, "%s", cell[17]);
        snprintf(row->replay, sizeof row->replay, "%s", cell[23]);
        row->solution = xstrdup(cell[13]);
        row->expanded = strtoull(cell[9], NULL, 10);
        row->generated = strtoull(cell[10], NULL, 10);
        row->peak_bytes = strtoull(cell[11], NULL, 10);
        row->seconds = strtod(cell[12], NULL);
        row->duplicates = strtoull(cell[18], NULL, 10);
        row->table_bytes = strtoull(cell[19], NULL, 10);
        row->seconds_min = strtod(cell[20], NULL);
        row->seconds_max = strtod(cell[21], NULL);
        if (parse_int_cell(cell[4], &row->moves) || parse_int_cell(cell[5], &row->steps) ||
            parse_int_cell(cell[6], &row->optimal_moves) || parse_int_cell(cell[8], &row->excess) ||
            parse_int_cell(cell[14], &row->index) || parse_int_cell(cell[22], &row->repeat)) {
            snprintf(err, 256, "%s:%d: a number column holds something else", path, lineno);
            rc = -1;
            break;
        }
    }
    if (rc == 0 && lineno == 0) {
        snprintf(err, 256, "%s: empty file", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc;
}
