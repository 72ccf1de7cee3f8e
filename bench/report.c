/* report.c -- result rows, the summary, and the CSV, JSON and Markdown files made of them.
 *
 * One table, columns[], says every column's name, type and place in report_row; writing and
 * reading both CSV and JSON walk it, so the two files can never disagree on a column. */
#include "bench/report.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"
#include "cli/cli.h"
#include "common/grow.h"
#include "common/xmem.h"
#include "scan/scan.h"
#include "search/solver.h"

typedef enum {
    COL_TEXT,       /* char[]; JSON string */
    COL_OPTIONAL,   /* char[]; JSON string, or null when empty */
    COL_INT,        /* int; REPORT_NONE is empty / null */
    COL_U64,        /* uint64_t */
    COL_COUNT,      /* uint64_t, empty / null when REPORT_UNCOUNTED (a counter not reported) */
    COL_PEAK,       /* uint64_t, empty / null unless peak_known */
    COL_RSS,        /* uint64_t, empty / null unless rss_known */
    COL_SECONDS,    /* double */
    COL_FLAG,       /* report_flag: yes / no / empty; JSON true / false / null */
    COL_SOLUTION,   /* char *: moves separated by spaces; JSON an array of moves */
    COL_STATS,      /* char[]: KEY=VALUE separated by spaces; JSON an object, or null */
} column_type;

typedef struct {
    const char *name;
    column_type type;
    size_t offset, size;
} column;

#define COLUMN(field, type) {#field, type, offsetof(report_row, field), sizeof ((report_row *)0)->field}

static const column columns[] = {
    COLUMN(solver, COL_TEXT),          COLUMN(heuristic, COL_OPTIONAL),
    COLUMN(params, COL_OPTIONAL),      COLUMN(origin, COL_TEXT),
    COLUMN(guarantee, COL_TEXT),       COLUMN(complete, COL_FLAG),
    COLUMN(puzzle, COL_TEXT),          COLUMN(family, COL_TEXT),
    COLUMN(board, COL_TEXT),           COLUMN(status, COL_TEXT),
    COLUMN(budget_hit, COL_OPTIONAL),  COLUMN(moves, COL_INT),
    COLUMN(slides, COL_INT),
    COLUMN(steps, COL_INT),            COLUMN(optimal_moves, COL_INT),
    COLUMN(optimal_slides, COL_INT),   COLUMN(optimal_steps, COL_INT),
    COLUMN(solvable, COL_FLAG),        COLUMN(optimal, COL_FLAG),
    COLUMN(correct, COL_FLAG),         COLUMN(excess, COL_INT),
    COLUMN(replay, COL_OPTIONAL),      COLUMN(expanded, COL_COUNT),
    COLUMN(generated, COL_COUNT),      COLUMN(duplicates, COL_COUNT),
    COLUMN(peak_bytes, COL_PEAK),      COLUMN(table_bytes, COL_COUNT),
    COLUMN(peak_rss, COL_RSS),         COLUMN(memory_method, COL_OPTIONAL),
    COLUMN(seconds, COL_SECONDS),      COLUMN(seconds_mean, COL_SECONDS),
    COLUMN(seconds_sd, COL_SECONDS),   COLUMN(seconds_min, COL_SECONDS),
    COLUMN(seconds_max, COL_SECONDS),  COLUMN(cpu_seconds, COL_SECONDS),
    COLUMN(iterations, COL_INT),       COLUMN(repeat, COL_INT),
    COLUMN(warmup, COL_INT),           COLUMN(warning, COL_OPTIONAL),
    COLUMN(note, COL_OPTIONAL),        COLUMN(stats, COL_STATS),
    COLUMN(solution, COL_SOLUTION),    COLUMN(index, COL_INT),
    COLUMN(puzzles, COL_INT),          COLUMN(cluster_size, COL_INT),
    COLUMN(id, COL_TEXT),
    COLUMN(source, COL_TEXT),          COLUMN(shard, COL_TEXT),
    COLUMN(run, COL_TEXT),
};
#define NCOLUMNS ((int)(sizeof columns / sizeof *columns))

#define FIELD(row, c, type) ((type *)((char *)(row) + (c)->offset))

double report_nanoseconds(double seconds)
{
    return round(seconds * 1e9) / 1e9;
}

void report_row_init(report_row *row)
{
    memset(row, 0, sizeof *row);
    row->moves = row->slides = row->steps = row->optimal_moves = row->excess = REPORT_NONE;
    row->optimal_slides = row->optimal_steps = REPORT_NONE;
    row->cluster_size = REPORT_NONE;
    row->solvable = row->optimal = row->correct = REPORT_UNKNOWN;
}

report_row *report_add(report *r)
{
    GROW(r->row, r->capacity, r->count + 1, 256);
    report_row *row = &r->row[r->count++];
    report_row_init(row);
    return row;
}

void report_free(report *r)
{
    for (int i = 0; i < r->count; i++) {
        free(r->row[i].solution);
        free(r->row[i].read_from);
    }
    free(r->row);
    memset(r, 0, sizeof *r);
}

static int compare_rows(const void *a, const void *b)
{
    const report_row *x = a, *y = b;
    if (x->index != y->index) return x->index < y->index ? -1 : 1;
    return setup_label_rank(x->solver) - setup_label_rank(y->solver);
}

void report_sort(report *r)
{
    qsort(r->row, (size_t)r->count, sizeof *r->row, compare_rows);
}

/* ---- cells ------------------------------------------------------------------------------ */

/* Column c of row as CSV text: into buf, or a pointer into the row. */
static const char *cell_text(const report_row *row, const column *c, char buf[64])
{
    switch (c->type) {
    case COL_TEXT:
    case COL_OPTIONAL:
    case COL_STATS: return FIELD(row, c, const char);
    case COL_INT: {
        int v = *FIELD(row, c, const int);
        if (v == REPORT_NONE) return "";
        snprintf(buf, 64, "%d", v);
        return buf;
    }
    case COL_PEAK:
    case COL_RSS:
        if (!(c->type == COL_PEAK ? row->peak_known : row->rss_known)) return "";
        /* fall through */
    case COL_COUNT:
        if (*FIELD(row, c, const uint64_t) == REPORT_UNCOUNTED) return "";
        /* fall through */
    case COL_U64:
        snprintf(buf, 64, "%llu", (unsigned long long)*FIELD(row, c, const uint64_t));
        return buf;
    case COL_SECONDS: snprintf(buf, 64, "%.9f", *FIELD(row, c, const double)); return buf;
    case COL_FLAG: {
        report_flag f = *FIELD(row, c, const report_flag);
        return f == REPORT_YES ? "yes" : f == REPORT_NO ? "no" : "";
    }
    case COL_SOLUTION: {
        const char *s = *FIELD(row, c, char *const);
        return s ? s : "";
    }
    }
    return "";
}

/* A JSON string of text that may not be UTF-8 (a file name of another encoding): escaped. */
static json_t *json_text(const char *text)
{
    json_t *v = json_string(text);
    if (v) return v;
    char copy[SCAN_ERR_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    scan_escape(copy);
    return json_string(copy);
}

static json_t *cell_json(const report_row *row, const column *c)
{
    char buf[64];
    const char *text = cell_text(row, c, buf);
    switch (c->type) {
    case COL_TEXT: return json_text(text);
    case COL_OPTIONAL: return *text ? json_text(text) : json_null();
    case COL_INT: return *text ? json_integer(*FIELD(row, c, const int)) : json_null();
    case COL_PEAK:
    case COL_RSS:
    case COL_COUNT:
    case COL_U64: return *text ? json_integer((json_int_t)*FIELD(row, c, const uint64_t)) : json_null();
    case COL_SECONDS: return json_real(*FIELD(row, c, const double));
    case COL_FLAG: return *text ? json_boolean(*text == 'y') : json_null();
    case COL_STATS: {
        if (!*text) return json_null();
        json_t *stats = json_object();
        char *copy = xstrdup(text), *save = NULL;
        for (char *kv = strtok_r(copy, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(kv, '=');
            *eq = '\0';
            json_object_set_new(stats, kv, json_integer((json_int_t)strtoull(eq + 1, NULL, 10)));
        }
        free(copy);
        return stats;
    }
    case COL_SOLUTION: {
        json_t *moves = json_array();
        char *copy = xstrdup(text), *save = NULL;
        for (char *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save))
            json_array_append_new(moves, json_string(m));
        free(copy);
        return moves;
    }
    }
    return json_null();
}

/* Text a cell may hold: UTF-8 as JSON takes it (jansson decides), without control
 * characters (a CSV line must stay one line). */
static bool plain_text(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c == 0x7F) return false;
    json_t *v = json_string(s);
    json_decref(v);
    return v != NULL;
}

/* A stats cell: KEY=VALUE, one space between them, each key lower-case letters, digits and '_',
 * each value a count up to 2^63 - 1 (a JSON integer), no key twice (a JSON object holds a key
 * once). */
static bool stats_list(const char *s)
{
    if (!*s) return true;
    char *copy = xstrdup(s), *key[64], *save = NULL;
    int n = 0;
    bool ok = s[0] != ' ' && s[strlen(s) - 1] != ' ' && !strstr(s, "  ");
    for (char *kv = strtok_r(copy, " ", &save); kv && ok; kv = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(kv, '=');
        ok = eq && eq > kv && n < 64 &&
             strspn(kv, "abcdefghijklmnopqrstuvwxyz0123456789_") == (size_t)(eq - kv) && eq[1] &&
             strspn(eq + 1, "0123456789") == strlen(eq + 1) && strlen(eq + 1) <= 19 &&
             strtoull(eq + 1, NULL, 10) <= INT64_MAX;
        if (!ok) break;
        *eq = '\0';
        for (int k = 0; k < n && ok; k++) ok = strcmp(key[k], kv) != 0;
        key[n++] = kv;
    }
    free(copy);
    return ok;
}

/* Sets column c of row from CSV text; returns -1 when the text is not of the column's type. */
static int cell_parse(report_row *row, const column *c, const char *text)
{
    char *end;
    switch (c->type) {
    case COL_TEXT:
    case COL_OPTIONAL:
        if (strlen(text) >= c->size || !plain_text(text)) return -1;
        strcpy(FIELD(row, c, char), text);
        return 0;
    case COL_STATS:
        if (strlen(text) >= c->size || !stats_list(text)) return -1;
        strcpy(FIELD(row, c, char), text);
        return 0;
    case COL_INT: {
        if (!*text) return *FIELD(row, c, int) = REPORT_NONE, 0;
        errno = 0;
        long v = strtol(text, &end, 10);
        if (*end || errno || v < -1000000000 || v > 1000000000) return -1;
        *FIELD(row, c, int) = (int)v;
        return 0;
    }
    case COL_PEAK:
    case COL_RSS:
        *(c->type == COL_PEAK ? &row->peak_known : &row->rss_known) = *text != '\0';
        if (!*text) return 0;
        /* fall through */
    case COL_COUNT:
        if (!*text) return *FIELD(row, c, uint64_t) = REPORT_UNCOUNTED, 0;
        /* fall through */
    case COL_U64:
        errno = 0;
        if (*text < '0' || *text > '9') return -1;
        *FIELD(row, c, uint64_t) = strtoull(text, &end, 10);
        return *end || errno ? -1 : 0;
    case COL_SECONDS: {
        double v = strtod(text, &end);
        if (end == text || *end || !(v >= 0) || v >= 1e6) return -1;   /* 11 days: ns in 15 digits */
        *FIELD(row, c, double) = report_nanoseconds(v);
        return 0;
    }
    case COL_FLAG: {
        report_flag *f = FIELD(row, c, report_flag);
        if (!*text) *f = REPORT_UNKNOWN;
        else if (strcmp(text, "yes") == 0) *f = REPORT_YES;
        else if (strcmp(text, "no") == 0) *f = REPORT_NO;
        else return -1;
        return 0;
    }
    case COL_SOLUTION:   /* in the notation of the row's family: row_valid, once it is read */
        free(row->solution);
        row->solution = xstrdup(text);
        return 0;
    }
    return -1;
}

/* Sets column c of row from a JSON value: the same checks, by way of the CSV text. */
static int cell_from_json(report_row *row, const column *c, json_t *v)
{
    char buf[64];
    if (!v) return -1;
    switch (c->type) {
    case COL_TEXT: return json_is_string(v) ? cell_parse(row, c, json_string_value(v)) : -1;
    case COL_OPTIONAL:
        if (json_is_null(v)) return cell_parse(row, c, "");
        if (!json_is_string(v) || !*json_string_value(v)) return -1;
        return cell_parse(row, c, json_string_value(v));
    case COL_INT:
    case COL_U64:
    case COL_PEAK:
    case COL_RSS:
    case COL_COUNT:
        if (json_is_null(v) && c->type != COL_U64) return cell_parse(row, c, "");
        if (!json_is_integer(v)) return -1;
        snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
        return cell_parse(row, c, buf);
    case COL_SECONDS:
        if (!json_is_number(v)) return -1;
        snprintf(buf, sizeof buf, "%.17g", json_number_value(v));
        return cell_parse(row, c, buf);
    case COL_FLAG:
        if (json_is_null(v)) return cell_parse(row, c, "");
        return json_is_boolean(v) ? cell_parse(row, c, json_is_true(v) ? "yes" : "no") : -1;
    case COL_STATS: {
        if (json_is_null(v)) return cell_parse(row, c, "");
        if (!json_is_object(v) || json_object_size(v) == 0) return -1;
        char text[sizeof row->stats];
        size_t len = 0;
        const char *key;
        json_t *value;
        json_object_foreach(v, key, value) {
            if (!json_is_integer(value) || json_integer_value(value) < 0) return -1;
            int n = snprintf(text + len, sizeof text - len, "%s%s=%lld", len ? " " : "", key,
                             (long long)json_integer_value(value));
            if (n < 0 || (size_t)n >= sizeof text - len) return -1;
            len += (size_t)n;
        }
        return cell_parse(row, c, text);
    }
    case COL_SOLUTION: {
        if (!json_is_array(v)) return -1;
        size_t n = json_array_size(v), len = 0, size = 1;
        for (size_t k = 0; k < n; k++) {
            json_t *m = json_array_get(v, k);
            if (!json_is_string(m) || strlen(json_string_value(m)) > 64 * 4) return -1;
            size += strlen(json_string_value(m)) + 1;
        }
        char *text = xmalloc(size);
        for (size_t k = 0; k < n; k++)
            len += (size_t)sprintf(text + len, "%s%s", k ? " " : "", json_string_value(json_array_get(v, k)));
        text[len] = '\0';
        int rc = cell_parse(row, c, text);
        free(text);
        return rc;
    }
    }
    return -1;
}

/* ---- the summary -------------------------------------------------------------------------- */

/* One solver's figures as rows arrive: counters, and the values whose medians it reports. */
typedef struct {
    char family[16];
    char label[SETUP_LABEL_MAX];
    int family_rank, rank;
    report_summary sum;
    long excess_sum;
    double *secs, *nodes, *mem, *rss;
    int n, nnodes, nmem, nrss, cap;
} tally_entry;

struct report_tally {
    tally_entry entry[REPORT_MAX_SUMMARY];   /* in the order (family, label) first arrived */
    int count;
};

report_tally *report_tally_new(void)
{
    return xcalloc(1, sizeof(report_tally));
}

void report_tally_free(report_tally *t)
{
    if (!t) return;
    for (int s = 0; s < t->count; s++) {
        free(t->entry[s].secs);
        free(t->entry[s].nodes);
        free(t->entry[s].mem);
        free(t->entry[s].rss);
    }
    free(t);
}

bool report_breaks_claim(const report_row *row)
{
    if (strcmp(row->status, "solved") == 0 && strcmp(row->guarantee, "slides") == 0)
        return row->optimal_slides != REPORT_NONE && row->slides > row->optimal_slides;
    if (strcmp(row->status, "solved") == 0 && strcmp(row->guarantee, "steps") == 0)
        return row->optimal_steps != REPORT_NONE && row->steps > row->optimal_steps;
    if (strcmp(row->status, "solved") == 0)
        return strcmp(row->guarantee, "moves") == 0 && row->optimal == REPORT_NO;
    return strcmp(row->status, "unsolvable") == 0 && row->complete == REPORT_YES &&
           row->solvable == REPORT_YES;
}

void report_tally_add(report_tally *t, const report_row *row)
{
    int k = 0;
    while (k < t->count && (strcmp(t->entry[k].label, row->solver) != 0 ||
                            strcmp(t->entry[k].family, row->family) != 0))
        k++;
    if (k == REPORT_MAX_SUMMARY) return;
    tally_entry *e = &t->entry[k];
    if (k == t->count) {
        t->count++;
        snprintf(e->family, sizeof e->family, "%s", row->family);
        snprintf(e->label, sizeof e->label, "%s", row->solver);
        int f = family_parse(row->family);
        e->family_rank = f >= 0 ? f : FAMILY_COUNT;
        e->rank = setup_label_rank(row->solver);
    }
    report_summary *sum = &e->sum;
    if (strcmp(row->status, "unsupported") == 0) return;   /* not run: no figure to count */
    sum->runs++;
    sum->warnings += row->warning[0] != '\0';
    sum->budget_hits += strcmp(row->status, "budget") == 0;
    sum->gave_up += strcmp(row->status, "gave-up") == 0;
    sum->errors += strcmp(row->status, "crashed") == 0 || strcmp(row->status, "protocol-error") == 0;
    sum->wrong += row->correct == REPORT_NO;
    sum->broken_claims += report_breaks_claim(row);
    if (strcmp(row->status, "unsolvable") == 0 && row->correct == REPORT_YES) sum->proved_unsolvable++;
    if (strcmp(row->status, "solved") != 0 || strcmp(row->replay, "ok") != 0) return;
    sum->solved++;
    if (row->optimal != REPORT_UNKNOWN) {
        sum->judged++;
        sum->optimal += row->optimal == REPORT_YES;
        e->excess_sum += row->excess;
        if (row->excess > sum->max_excess) sum->max_excess = row->excess;
    }
    int secs = e->cap, nodes = e->cap, mem = e->cap;
    GROW(e->secs, secs, e->n + 1, 256);
    GROW(e->nodes, nodes, e->n + 1, 256);
    GROW(e->mem, mem, e->n + 1, 256);
    GROW(e->rss, e->cap, e->n + 1, 256);
    e->secs[e->n++] = row->seconds;
    if (row->expanded != REPORT_UNCOUNTED) e->nodes[e->nnodes++] = (double)row->expanded;
    if (row->peak_known) e->mem[e->nmem++] = (double)row->peak_bytes;
    if (row->rss_known) e->rss[e->nrss++] = (double)row->peak_rss;
}

static bool entry_after(const tally_entry *a, const tally_entry *b)
{
    if (a->family_rank != b->family_rank) return a->family_rank > b->family_rank;
    if (strcmp(a->family, b->family) != 0) return strcmp(a->family, b->family) > 0;
    if (a->rank != b->rank) return a->rank > b->rank;
    return strcmp(a->label, b->label) > 0;
}

int report_tally_summarize(const report_tally *t, report_summary *out, int max)
{
    /* Families in their order; within one, labels by rank, labels of no solver by name. */
    const tally_entry *order[REPORT_MAX_SUMMARY];
    for (int k = 0; k < t->count; k++) {
        int j = k;
        for (; j > 0 && entry_after(order[j - 1], &t->entry[k]); j--) order[j] = order[j - 1];
        order[j] = &t->entry[k];
    }
    int count = 0;
    for (int s = 0; s < t->count && count < max; s++) {
        const tally_entry *e = order[s];
        report_summary *sum = &out[count++];
        *sum = e->sum;
        snprintf(sum->family, sizeof sum->family, "%s", e->family);
        snprintf(sum->solver, sizeof sum->solver, "%s", e->label);
        sum->mean_excess = sum->judged ? (double)e->excess_sum / sum->judged : -1;
        sum->median_seconds = stats_median(e->secs, e->n);
        sum->median_expanded = stats_median(e->nodes, e->nnodes);
        sum->median_peak_bytes = stats_median(e->mem, e->nmem);
        sum->median_peak_rss = stats_median(e->rss, e->nrss);
        double *copy = xmalloc((size_t)(e->n + 1) * sizeof *copy);
        if (e->n) memcpy(copy, e->secs, (size_t)e->n * sizeof *copy);   /* none when nothing solved */
        sum->p95_seconds = stats_quantile(copy, e->n, 0.95);
        free(copy);
    }
    return count;
}

int report_summarize(const report *r, report_summary *out, int max)
{
    report_tally *t = report_tally_new();
    for (int i = 0; i < r->count; i++) report_tally_add(t, &r->row[i]);
    int n = report_tally_summarize(t, out, max);
    report_tally_free(t);
    return n;
}

/* ---- writing ---------------------------------------------------------------------------- */

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
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

static int finish_write(FILE *f)
{
    return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

void report_csv_header(FILE *f)
{
    for (int k = 0; k < NCOLUMNS; k++) fprintf(f, "%s%s", k ? "," : "", columns[k].name);
    fputc('\n', f);
}

void report_csv_row(FILE *f, const report_row *row)
{
    for (int k = 0; k < NCOLUMNS; k++) {
        char buf[64];
        if (k) fputc(',', f);
        csv_field(f, cell_text(row, &columns[k], buf));
    }
    fputc('\n', f);
}

int report_write_csv(const report *r, FILE *f)
{
    report_csv_header(f);
    for (int i = 0; i < r->count; i++) report_csv_row(f, &r->row[i]);
    return finish_write(f);
}

static json_t *number_or_null(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

static json_t *summary_json(const report_summary *s)
{
    return json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:o, "
                     "s:o, s:o, s:o, s:o}",
                     "family", s->family, "solver", s->solver, "runs", s->runs, "solved", s->solved,
                     "budget_hits", s->budget_hits, "gave_up", s->gave_up, "errors", s->errors,
                     "judged", s->judged, "optimal", s->optimal,
                     "proved_unsolvable", s->proved_unsolvable, "wrong", s->wrong,
                     "broken_claims", s->broken_claims, "warnings", s->warnings,
                     "mean_excess", s->judged ? json_real(s->mean_excess) : json_null(),
                     "max_excess", s->max_excess,
                     "median_seconds", number_or_null(s->median_seconds),
                     "p95_seconds", number_or_null(s->p95_seconds),
                     "median_expanded", number_or_null(s->median_expanded),
                     "median_peak_bytes", number_or_null(s->median_peak_bytes),
                     "median_peak_rss", number_or_null(s->median_peak_rss));
}

/* Dumps v compactly, with its key order. */
static void dump(json_t *v, FILE *f, size_t flags)
{
    json_dumpf(v, f, flags | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
}

void report_json_begin(FILE *f)
{
    fprintf(f, "{\n\"schema_version\": %d,\n\"rows\": [", CLI_SCHEMA_VERSION);
}

void report_json_row(FILE *f, const report_row *row, bool first)
{
    json_t *o = json_object();
    for (int k = 0; k < NCOLUMNS; k++)
        json_object_set_new(o, columns[k].name, cell_json(row, &columns[k]));
    fputs(first ? "\n" : ",\n", f);
    dump(o, f, JSON_COMPACT);
    json_decref(o);
}

void report_json_end(FILE *f, const report_summary *sum, int n, json_t *meta)
{
    fputs("\n],\n\"summary\": [", f);
    for (int k = 0; k < n; k++) {
        json_t *s = summary_json(&sum[k]);
        fputs(k ? ",\n" : "\n", f);
        dump(s, f, JSON_COMPACT);
        json_decref(s);
    }
    fputs("\n],\n\"meta\": ", f);
    dump(meta, f, JSON_INDENT(1));
    fputs("\n}\n", f);
}

int report_write_json(const report *r, json_t *meta, FILE *f)
{
    report_json_begin(f);
    for (int i = 0; i < r->count; i++) report_json_row(f, &r->row[i], i == 0);
    static report_summary sum[REPORT_MAX_SUMMARY];
    report_json_end(f, sum, report_summarize(r, sum, REPORT_MAX_SUMMARY), meta);
    return finish_write(f);
}

static void human_bytes(double bytes, char *out, size_t n)
{
    if (isnan(bytes)) snprintf(out, n, "-");
    else if (bytes >= 1 << 20) snprintf(out, n, "%.1f MiB", bytes / (1 << 20));
    else if (bytes >= 1 << 10) snprintf(out, n, "%.1f KiB", bytes / (1 << 10));
    else snprintf(out, n, "%.0f B", bytes);
}

static void human_time(double seconds, char *out, size_t n)
{
    if (isnan(seconds)) snprintf(out, n, "-");
    else if (seconds >= 1) snprintf(out, n, "%.2f s", seconds);
    else snprintf(out, n, "%.3g ms", seconds * 1e3);
}

void report_markdown(FILE *f, const report_summary *sum, int n)
{
    bool several = false;
    for (int k = 1; k < n; k++) several |= strcmp(sum[k].family, sum[0].family) != 0;
    for (int k = 0; k < n; k++) {
        const report_summary *s = &sum[k];
        if (k == 0 || strcmp(s->family, sum[k - 1].family) != 0) {   /* a family's block */
            if (several) fprintf(f, "%s### %s\n\n", k ? "\n" : "", s->family);
            fputs("| solver | runs | solved | optimal | mean excess | max excess | proved no solution | "
                  "budget hits | gave up | errors | wrong | broken claims | median time | p95 time | "
                  "median expanded | median peak memory | median peak RSS | timing warnings |\n"
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
                  f);
        }
        char optimal[32] = "-", mean[16] = "-", max[16] = "-", peak[32], rss[32], median[32],
             p95[32], expanded[32] = "-";
        if (s->judged) {
            snprintf(optimal, sizeof optimal, "%.1f%%", 100.0 * s->optimal / s->judged);
            snprintf(mean, sizeof mean, "%.2f", s->mean_excess);
            snprintf(max, sizeof max, "%d", s->max_excess);
        }
        if (s->solved && !isnan(s->median_expanded))
            snprintf(expanded, sizeof expanded, "%.0f", s->median_expanded);
        human_bytes(s->median_peak_bytes, peak, sizeof peak);
        human_bytes(s->median_peak_rss, rss, sizeof rss);
        human_time(s->median_seconds, median, sizeof median);
        human_time(s->p95_seconds, p95, sizeof p95);
        fprintf(f, "| %s | %d | %d | %s | %s | %s | %d | %d | %d | %d | %d | %d | %s | %s | %s | %s "
                "| %s | %d |\n",
                s->solver, s->runs, s->solved, optimal, mean, max, s->proved_unsolvable,
                s->budget_hits, s->gave_up, s->errors, s->wrong, s->broken_claims, median, p95,
                expanded, peak, rss, s->warnings);
    }
}

int report_write_markdown(const report *r, FILE *f)
{
    static report_summary sum[REPORT_MAX_SUMMARY];
    report_markdown(f, sum, report_summarize(r, sum, REPORT_MAX_SUMMARY));
    return finish_write(f);
}

/* ---- reading results back ----------------------------------------------------------------- */

/* Splits one CSV line in place into at most `max` cells (quotes handled). Returns the count,
 * max + 1 when there are more, or -1 for a broken quote. */
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

/* "FILE:LINE" for a CSV row, "FILE: row N" for a JSON one. */
static char *read_from(const char *path, const char *sep, int n)
{
    size_t len = strlen(path) + 32;
    char *s = xmalloc(len);
    snprintf(s, len, "%s%s%d", path, sep, n);
    return s;
}

/* What a row's cells say together: a family this program knows, and a solution in that
 * family's notation (puzzle_notation_valid). The name of the column at fault, or NULL. */
static const char *row_invalid(const report_row *row)
{
    int f = family_parse(row->family);
    if (f < 0) return "family";
    return row->solution && !puzzle_notation_valid((family_id)f, row->solution) ? "solution" : NULL;
}

static int read_csv(const char *path, FILE *f, report *r, char *err)
{
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    ssize_t len;
    while (rc == 0 && (len = getline(&line, &cap, f)) > 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        char *cell[NCOLUMNS + 1];
        int n = split_csv(line, cell, NCOLUMNS);
        if (lineno == 1) {
            bool header = n == NCOLUMNS;
            for (int k = 0; header && k < NCOLUMNS; k++) header = strcmp(cell[k], columns[k].name) == 0;
            if (!header) {
                snprintf(err, REPORT_ERR_MAX, "%s:1: not a bench CSV of this version (the header "
                                              "differs)", path);
                rc = -1;
            }
            continue;
        }
        if (len == 0) continue;
        if (n != NCOLUMNS) {
            snprintf(err, REPORT_ERR_MAX, "%s:%d: %s, expected %d", path, lineno,
                     n < 0 ? "a quote is not closed" : "the wrong number of cells", NCOLUMNS);
            rc = -1;
            break;
        }
        report_row *row = report_add(r);
        row->read_from = read_from(path, ":", lineno);
        const char *bad = NULL;
        for (int k = 0; k < NCOLUMNS && !bad; k++)
            if (cell_parse(row, &columns[k], cell[k])) bad = columns[k].name;
        if (bad || (bad = row_invalid(row))) {
            snprintf(err, REPORT_ERR_MAX, "%s:%d: column %s: not a valid value", path, lineno, bad);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, REPORT_ERR_MAX, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && lineno == 0) {
        snprintf(err, REPORT_ERR_MAX, "%s: empty file", path);
        rc = -1;
    }
    free(line);
    return rc;
}

static int read_json(const char *path, FILE *f, report *r, char *err)
{
    json_error_t e;
    json_t *doc = json_loadf(f, JSON_REJECT_DUPLICATES, &e);
    if (!doc) {
        snprintf(err, REPORT_ERR_MAX, "%s:%d: %s", path, e.line, e.text);
        return -1;
    }
    json_t *rows = json_object_get(doc, "rows");
    json_t *version = json_object_get(doc, "schema_version");
    int rc = 0;
    if (!json_is_integer(version) || json_integer_value(version) != CLI_SCHEMA_VERSION ||
        !json_is_array(rows)) {
        snprintf(err, REPORT_ERR_MAX, "%s: not a bench JSON of schema version %d", path,
                 CLI_SCHEMA_VERSION);
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < json_array_size(rows); i++) {
        json_t *o = json_array_get(rows, i);
        report_row *row = report_add(r);
        row->read_from = read_from(path, ": row ", (int)i + 1);
        const char *bad = NULL;
        for (int k = 0; k < NCOLUMNS && !bad; k++)
            if (!json_is_object(o) || cell_from_json(row, &columns[k], json_object_get(o, columns[k].name)))
                bad = columns[k].name;
        if (bad || (bad = row_invalid(row))) {
            snprintf(err, REPORT_ERR_MAX, "%s: row %zu: %s: missing or not a valid value", path,
                     i + 1, bad);
            rc = -1;
        }
    }
    json_decref(doc);
    return rc;
}

int report_read_stream(FILE *f, const char *path, report *r, char *err)
{
    int first = fgetc(f);
    while (first == ' ' || first == '\n' || first == '\t' || first == '\r') first = fgetc(f);
    if (first != EOF) ungetc(first, f);
    int before = r->count;
    int rc = first == '{' ? read_json(path, f, r, err) : read_csv(path, f, r, err);
    if (rc) {
        /* Nothing appended on failure, and a report that was empty holds nothing; the message
         * may quote the file. */
        for (int i = before; i < r->count; i++) {
            free(r->row[i].solution);
            free(r->row[i].read_from);
        }
        r->count = before;
        if (before == 0) report_free(r);   /* nor any memory kept for them */
        scan_escape(err);
    }
    return rc;
}

int report_read(const char *path, report *r, char *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, REPORT_ERR_MAX, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = report_read_stream(f, path, r, err);
    fclose(f);
    return rc;
}

int report_row_puzzle(const report_row *row, puzzle_list *one, char *why)
{
    char text[PUZZLE_BOARD_MAX];
    snprintf(text, sizeof text, "%s", row->board);
    for (char *c = text; *c; c++)
        if (*c == '/') *c = '\n';
    return scan_text("board", text, strlen(text), SCAN_AUTO, one, why) == 1 ? 0 : -1;
}

json_t *report_parse_closing(const char *text, const char *where, char *err)
{
    json_t *doc = json_object();
    const char *const keys[] = {"summary", "meta"};
    for (int k = 0; k < 2; k++) {
        char key[16];
        snprintf(key, sizeof key, "\"%s\":", keys[k]);
        const char *at = NULL;
        for (const char *p = strstr(text, key); p; p = strstr(p + 1, key)) at = p;
        json_error_t je;
        json_t *v = at ? json_loads(at + strlen(key), JSON_DISABLE_EOF_CHECK, &je) : NULL;
        if (!v) {
            snprintf(err, REPORT_ERR_MAX, "%.400s: no %s at its end (not a complete results.json)",
                     where, keys[k]);
            json_decref(doc);
            return NULL;
        }
        json_object_set_new(doc, keys[k], v);
    }
    return doc;
}

json_t *report_read_closing(const char *path, char *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, REPORT_ERR_MAX, "%.400s: %s", path, strerror(errno));
        return NULL;
    }
    char *tail = xmalloc((1u << 20) + 1);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, size > (1L << 20) ? size - (1L << 20) : 0, SEEK_SET);
    size_t n = fread(tail, 1, 1u << 20, f);
    fclose(f);
    tail[n] = '\0';
    json_t *doc = report_parse_closing(tail, path, err);
    free(tail);
    return doc;
}
