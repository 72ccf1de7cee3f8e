/* html.c -- `bench report DIR`: one self-contained HTML page per run (DIR/report.html).
 *
 * The page needs nothing but itself: the run's metadata and summary, every figure of DIR/plots
 * inlined (drawn first by plots/make-plots.sh when gnuplot is there; SVG, or PNG once the SVG of
 * a large run grows past FIGURE_SVG_MAX), and a table of every puzzle with each solver's status,
 * moves, time and states, sorted, filtered and shown a page of rows at a time; a click on a
 * puzzle opens its drill-down: the board, each solver's solution stepped through move by move,
 * and, for a small enough cluster, its state graph with each solver's walk through it
 * (bench/drill.h). The data are one JSON object in the page, a column per field, raw values as
 * the result files hold them (times to three digits); boards are drawn by the page's script
 * when shown, never one per row here, from the start's picture (family.h's family_picture:
 * pieces on a grid, the same for every family) and, for each embedded solution, its replay's
 * frames (each move as the pieces it moved), so that the page reads no family's notation.
 * What grows with the run is bounded: the solutions embedded with their frames
 * (PAGE_SOLUTION_BYTES, shortest first) and the graphs and walks
 * (DRILL_PAGE_BYTES), so that 160,000 rows make a page of a few tens of MB at most. Opened with
 * #selftest, the script sorts, filters, pages, checks its formats and figures, steps through
 * the solutions and plays the walks, and writes PASS or FAIL into the page, which is how the
 * tests drive it in headless Chromium.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/drill.h"
#include "common/grow.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "graph/tools.h"

/* The figures, in the order the page shows them. */
static const char *const figures[] = {"cactus",          "time-vs-moves", "nodes-vs-moves",
                                      "memory-vs-moves", "excess",        "cost-vs-cluster",
                                      "paired-vs-bfs",   "bounds",        "size"};

/* The whole of a small file (NUL-terminated, malloc'ed), or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 0, n = 0;
    char *text = NULL;
    GROW(text, cap, 1, 1 << 16);
    size_t got;
    while ((got = fread(text + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        GROW(text, cap, n + 2, 1 << 16);
    }
    fclose(f);
    text[n] = '\0';
    return text;
}

/* The solutions a page embeds: every puzzle's shortest, then the others shortest first up to
 * this, so that a run of 160,000 rows still makes a page a browser opens: a depth-first
 * search's answers of thousands of moves are the first left out (the drill-down then says so;
 * results.csv holds every one). */
#define PAGE_SOLUTION_BYTES (8u << 20)

static json_t *int_or_null(int v)
{
    return v == REPORT_NONE ? json_null() : json_integer(v);
}

/* Seconds as the page shows them, to three significant digits: enough to sort by and to show,
 * a third of the bytes of the nanosecond the result files keep. */
static json_t *shown_seconds(double s)
{
    if (s <= 0) return json_integer(0);
    double scale = pow(10, 2 - floor(log10(s)));
    return json_real(round(s * scale) / scale);
}

/* A string's place in a table of strings (appended when new). */
static json_int_t intern(json_t *table, const char *text)
{
    size_t k = 0;
    for (; k < json_array_size(table); k++)
        if (strcmp(json_string_value(json_array_get(table, k)), text) == 0) return (json_int_t)k;
    json_array_append_new(table, json_string(text));
    return (json_int_t)k;
}

/* An array of n nulls, to be set by position. */
static json_t *nulls(int n)
{
    json_t *a = json_array();
    for (int k = 0; k < n; k++) json_array_append_new(a, json_null());
    return a;
}

typedef struct {
    const report_row *row;
    int puzzle;
    size_t len;
} embedded;

static int by_length(const void *a, const void *b)
{
    const embedded *x = a, *y = b;
    return x->len < y->len ? -1 : x->len > y->len ? 1 : x->puzzle - y->puzzle;
}

/* The cells of a mask (family.h: row * stride + column), in reading order. */
static json_t *cell_list(uint64_t cells)
{
    json_t *a = json_array();
    for (; cells; cells &= cells - 1) json_array_append_new(a, json_integer(__builtin_ctzll(cells)));
    return a;
}

/* A position as the page draws it, whatever the family (family.h's family_picture):
 * {w, h, walls, exit, side, pieces: [[label, cells, primary, goal], ...]}. */
static json_t *picture_json(const family_picture *f)
{
    json_t *pieces = json_array();
    for (int i = 0; i < f->npieces; i++) {
        const family_piece *pc = &f->piece[i];
        json_array_append_new(pieces, json_pack("[s o i i]", pc->label, cell_list(pc->cells),
                                                pc->primary, pc->goal));
    }
    char side[2] = {f->exit_side, 0};
    return json_pack("{s i s i s o s o s s s o}", "w", f->width, "h", f->height, "walls",
                     cell_list(f->walls), "exit", cell_list(f->exit), "side", side, "pieces", pieces);
}

/* A solution's positions for the page, from its replay: each move as the pieces it moved, a
 * piece and the first cell it now covers ([i, cell, ...]), so that the page steps through it
 * knowing no family's notation. */
typedef struct {
    const puzzle *p;
    family_picture last;
    json_t *steps;
} framing;

static void frame_seen(const puzzle_position *pos, const char *token, size_t len, void *ctx)
{
    (void)token;
    framing *f = ctx;
    family_picture now;
    puzzle_picture(f->p, pos, &now);
    if (len) {   /* not the start */
        json_t *step = json_array();
        for (int i = 0; i < now.npieces; i++)
            if (now.piece[i].cells != f->last.piece[i].cells) {
                json_array_append_new(step, json_integer(i));
                json_array_append_new(step, json_integer(__builtin_ctzll(now.piece[i].cells)));
            }
        json_array_append_new(f->steps, step);
    }
    f->last = now;
}

/* The row's puzzle, its board read back; false when it does not read. */
static bool read_back(const report_row *row, puzzle *out)
{
    puzzle_list one = {0};
    char why[SCAN_ERR_MAX];
    bool read = report_row_puzzle(row, &one, why) == 0;
    if (read) *out = one.items[0];
    puzzle_list_free(&one);
    return read;
}

/* {steps, solved}: the moves of a row's solution that replay, and whether they reach the goal;
 * NULL when its board does not read back. */
static json_t *frames_json(const report_row *row)
{
    puzzle p;
    if (!read_back(row, &p)) return NULL;
    framing f = {.p = &p, .steps = json_array()};
    measure_counts units;
    char err[PUZZLE_ERR_MAX];
    bool solved = puzzle_replay_each(&p, row->solution, frame_seen, &f, &units, err) == 0;
    return json_pack("{s o s b}", "steps", f.steps, "solved", solved);
}

/* The page's bytes of a move's frame ("[i,cell]," and the step's brackets), at most. */
#define FRAME_BYTES 9

/* The page's bytes of an embedded solution, at most: its text with its quotes and comma, and
 * its frames. */
static size_t embedded_bytes(const char *solution)
{
    size_t moves = 1;
    for (const char *s = solution; *s; s++) moves += *s == ' ';
    return strlen(solution) + 3 + FRAME_BYTES * moves + 32;
}

/* The start of a row's puzzle as the page draws it, or null when its board does not read back. */
static json_t *start_picture(const report_row *row)
{
    puzzle p;
    if (!read_back(row, &p)) return json_null();
    puzzle_position start;
    family_picture f;
    puzzle_start_position(&p, &start);
    puzzle_picture(&p, &start, &f);
    return picture_json(&f);
}

/* The folder of kept layouts: $XDG_CACHE_HOME/unblock-bench/layouts (or ~/.cache/...), made as
 * needed; NULL when there is none to make. */
static const char *layout_cache(char out[PATH_MAX], size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char base[PATH_MAX / 2];
    if (xdg && xdg[0]) snprintf(base, sizeof base, "%s", xdg);
    else if (home && home[0]) snprintf(base, sizeof base, "%s/.cache", home);
    else return NULL;
    mkdir(base, 0755);
    snprintf(out, size, "%s/unblock-bench", base);
    mkdir(out, 0755);
    snprintf(out, size, "%s/unblock-bench/layouts", base);
    return out;
}

/* The page's data, a column per field so that a row costs a few bytes: the run's meta and
 * summary; the solvers (labels in row order) and their origins; the statuses and notes named
 * once; puzzles {index, name, id, family, optimum, cluster, picture, graph_note} (r is sorted
 * by puzzle); runs[LABEL] {status, moves, seconds, expanded, correct, broken_claim, solution,
 * frames}, each an
 * array over the puzzles (null where the solver has no row); and graphs[POSITION] where the
 * plan has room, laid out `jobs` at a time. */
static json_t *page_data(const report *r, json_t *doc, drill_plan *plan, int jobs)
{
    json_t *data = json_object(), *labels = json_array(), *origins = json_object();
    json_t *statuses = json_array(), *notes = json_array();
    json_object_set(data, "meta", json_object_get(doc, "meta"));
    json_object_set(data, "summary", json_object_get(doc, "summary"));
    int npuzzles = 0;
    for (int i = 0; i < r->count; i++) {
        intern(labels, r->row[i].solver);
        json_object_set_new(origins, r->row[i].solver, json_string(r->row[i].origin));
        npuzzles += i == 0 || r->row[i].index != r->row[i - 1].index;
    }
    const char *const puzzle_fields[] = {"index", "name", "id", "family", "optimum", "cluster",
                                         "picture", "graph_note"};
    const char *const run_fields[] = {"status", "moves", "seconds", "expanded", "correct",
                                      "broken_claim", "solution", "frames"};
    enum { P_FIELDS = 8, R_FIELDS = 8 };
    json_t *puzzles = json_object(), *runs = json_object(), *graphs = json_object();
    for (int f = 0; f < P_FIELDS; f++) json_object_set_new(puzzles, puzzle_fields[f], nulls(npuzzles));
    for (size_t k = 0; k < json_array_size(labels); k++) {
        json_t *one = json_object();
        for (int f = 0; f < R_FIELDS; f++) json_object_set_new(one, run_fields[f], nulls(npuzzles));
        json_object_set_new(runs, json_string_value(json_array_get(labels, k)), one);
    }
#define SET(obj, field, at, value) json_array_set_new(json_object_get(obj, field), (size_t)(at), value)
    embedded *solution = xmalloc(((size_t)r->count + 1) * sizeof *solution);
    drill_graph **planned = xmalloc(((size_t)npuzzles + 1) * sizeof *planned);
    int *planned_at = xmalloc(((size_t)npuzzles + 1) * sizeof *planned_at);
    int nsolutions = 0, nplanned = 0, at = 0;
    for (int first = 0, end; first < r->count; first = end, at++) {
        for (end = first + 1; end < r->count && r->row[end].index == r->row[first].index; end++) {}
        const report_row *row = &r->row[first];
        SET(puzzles, "index", at, json_integer(row->index));
        SET(puzzles, "name", at, json_string(row->puzzle));
        SET(puzzles, "id", at, json_string(row->id));
        SET(puzzles, "family", at, json_string(row->family));
        SET(puzzles, "optimum", at, int_or_null(row->optimal_moves));
        SET(puzzles, "cluster", at, int_or_null(row->cluster_size));
        SET(puzzles, "picture", at, start_picture(row));
        for (int k = first; k < end; k++) {
            const report_row *w = &r->row[k];
            json_t *run = json_object_get(runs, w->solver);
            SET(run, "status", at, json_integer(intern(statuses, w->status)));
            SET(run, "moves", at, int_or_null(w->moves));
            SET(run, "seconds", at, shown_seconds(w->seconds));
            SET(run, "expanded", at, w->expanded == REPORT_UNCOUNTED ? json_null()
                                                                   : json_integer((json_int_t)w->expanded));
            SET(run, "correct", at, w->correct == REPORT_UNKNOWN ? json_null() : json_integer(w->correct));
            SET(run, "broken_claim", at, json_integer(report_breaks_claim(w)));
            if (w->solution && w->solution[0])
                solution[nsolutions++] = (embedded){w, at, embedded_bytes(w->solution)};
        }
        const char *note;
        drill_graph *g = drill_plan_graph(plan, row, end - first, &note);
        if (g) planned[nplanned] = g, planned_at[nplanned++] = at;
        else SET(puzzles, "graph_note", at, json_integer(intern(notes, note)));
    }
    /* The solutions: first each puzzle's shortest, so that every solved puzzle has one to step
     * through; then the others, shortest first, while the page has room. */
    qsort(solution, (size_t)nsolutions, sizeof *solution, by_length);
    bool *has = xcalloc((size_t)npuzzles + 1, sizeof *has), *taken = xcalloc((size_t)nsolutions + 1, 1);
    uint64_t room = PAGE_SOLUTION_BYTES;
    int cut = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < nsolutions; k++) {
            if (taken[k] || (pass == 0 && has[solution[k].puzzle])) continue;
            if (pass == 1 && (uint64_t)solution[k].len > room) {
                cut++;
                continue;
            }
            uint64_t cost = solution[k].len;
            room = room > cost ? room - cost : 0;   /* the first pass may spend it all */
            taken[k] = has[solution[k].puzzle] = true;
            json_t *run = json_object_get(runs, solution[k].row->solver);
            SET(run, "solution", solution[k].puzzle, json_string(solution[k].row->solution));
            json_t *frames = frames_json(solution[k].row);
            if (frames) SET(run, "frames", solution[k].puzzle, frames);
        }
    free(has);
    free(taken);
    /* The graphs, laid out together. */
    char cache[PATH_MAX];
    if (nplanned) drill_layout(plan, planned, nplanned, jobs, layout_cache(cache, sizeof cache));
    for (int k = 0; k < nplanned; k++) {
        json_t *g = drill_graph_json(planned[k]);
        char key[16];
        snprintf(key, sizeof key, "%d", planned_at[k]);
        if (g) json_object_set_new(graphs, key, g);
        else SET(puzzles, "graph_note", planned_at[k], json_integer(intern(notes, "Graphviz's sfdp did not run")));
        drill_graph_free(planned[k]);
    }
#undef SET
    plan->graphs = (int)json_object_size(graphs);
    free(solution);
    free(planned);
    free(planned_at);
    json_object_set_new(data, "solvers", labels);
    json_object_set_new(data, "origins", origins);
    json_object_set_new(data, "statuses", statuses);
    json_object_set_new(data, "notes", notes);
    json_object_set_new(data, "puzzles", puzzles);
    json_object_set_new(data, "runs", runs);
    json_object_set_new(data, "graphs", graphs);
    json_object_set_new(data, "solutions_left_out", json_integer(cut));
    return data;
}

/* The page's style and script (html_page.inc: plain text kept out of the C). */
static const char html_style[] =
#include "generated/html_style.inc"
    ;
static const char html_script[] =
#include "generated/html_script.inc"
    ;

/* Writes text into f, with "</" broken as "<\/" so that no string in it can close the script
 * element that holds it. */
static void put_script_safe(FILE *f, const char *text)
{
    for (const char *s = text; *s; s++) {
        if (s[0] == '<' && s[1] == '/') fputs("<\\", f);
        else fputc(*s, f);
    }
}

/* plots/make-plots.sh beside this program: in the source tree (bin/bench, build/VARIANT/bin/bench)
 * or where make install put it (PREFIX/bin/bench, PREFIX/share/unblock-bench/plots). */
static bool plots_script(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    for (int up = 0; up < 4; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash) return false;
        *slash = '\0';
        const char *const within[] = {"plots", "share/unblock-bench/plots"};
        for (int k = 0; k < 2; k++) {
            snprintf(out, size, "%s/%s/make-plots.sh", exe, within[k]);
            if (access(out, R_OK) == 0) return true;
        }
    }
    return false;
}

/* Draws DIR/plots/ with plots/make-plots.sh (python3 and gnuplot), or says in why_not why there
 * are no figures ("" when there are). */
static void draw_figures(const char *dir, char why_not[TOOL_ERR_MAX])
{
    char script[2 * PATH_MAX];
    const char *missing = !tool_installed("gnuplot") ? "gnuplot is not installed (Debian package gnuplot-nox)"
                          : !tool_installed("python3") ? "python3 is not installed (Debian package python3)"
                          : !plots_script(script, sizeof script) ? "plots/make-plots.sh is not beside this program"
                                                               : NULL;
    why_not[0] = '\0';
    if (missing) {
        snprintf(why_not, TOOL_ERR_MAX, "%s", missing);
        return;
    }
    FILE *quiet = fopen("/dev/null", "w");
    const char *args[] = {"sh", script, dir, NULL};
    if (quiet && tool_run(args, "dash", "", 0, quiet, why_not) == 0) why_not[0] = '\0';
    if (quiet) fclose(quiet);
}

/* A figure is inlined as its SVG while that stays small; a figure of a large run (a scatter
 * of every row) is inlined as its PNG instead, whose size does not grow with the points. */
#define FIGURE_SVG_MAX (512u << 10)
/* Past this many rows the figures are drawn as PNG only: their SVG would not be inlined. */
#define FIGURE_SVG_ROWS 20000

/* The whole of a file as base64 into f; false when it cannot be read. */
static bool put_base64(FILE *f, const char *path)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    FILE *in = fopen(path, "rb");
    if (!in) return false;
    unsigned char b[3];
    size_t n;
    while ((n = fread(b, 1, 3, in)) > 0) {
        unsigned v = (unsigned)b[0] << 16 | (n > 1 ? (unsigned)b[1] << 8 : 0) | (n > 2 ? b[2] : 0);
        char out[4] = {digits[v >> 18 & 63], digits[v >> 12 & 63], n > 1 ? digits[v >> 6 & 63] : '=',
                       n > 2 ? digits[v & 63] : '='};
        fwrite(out, 1, 4, f);
    }
    fclose(in);
    return true;
}

/* Inlines each figure of DIR/plots: its SVG from the <svg element on (the XML prologue
 * dropped), or its PNG as a data URI when the SVG is over FIGURE_SVG_MAX or was not drawn. */
static int put_figures(FILE *f, const char *dir)
{
    int n = 0;
    for (size_t k = 0; k < sizeof figures / sizeof *figures; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/plots/%s.svg", dir, figures[k]);
        struct stat st;
        if (stat(path, &st) != 0 || (uint64_t)st.st_size > FIGURE_SVG_MAX) {
            snprintf(path, sizeof path, "%s/plots/%s.png", dir, figures[k]);
            if (access(path, R_OK) != 0) continue;   /* a figure this run has no data for */
            fprintf(f, "<figure id=\"fig-%s\"><img alt=\"%s\" src=\"data:image/png;base64,",
                    figures[k], figures[k]);
            put_base64(f, path);
            fprintf(f, "\"><figcaption>%s</figcaption></figure>\n", figures[k]);
            n++;
            continue;
        }
        char *svg = slurp(path), *start = svg ? strstr(svg, "<svg") : NULL;
        if (start) {
            fprintf(f, "<figure id=\"fig-%s\">%s<figcaption>%s</figcaption></figure>\n",
                    figures[k], start, figures[k]);
            n++;
        }
        free(svg);
    }
    if (!n)
        fputs("<p>No figures: <code>bench report</code> could not draw them (its message says "
              "why; <code>plots/make-plots.sh DIR</code> draws them).</p>\n", f);
    return n;
}

typedef struct {
    const char *dir;
    char why_not[TOOL_ERR_MAX];
} figures_work;

static void *figures_thread(void *arg)
{
    figures_work *w = arg;
    draw_figures(w->dir, w->why_not);
    return NULL;
}

int bench_report(const char *dir, const char *out_path, uint64_t graph_max, int jobs)
{
    char json_path[4096], csv_path[4096], page_path[4096], err[REPORT_ERR_MAX];
    snprintf(json_path, sizeof json_path, "%s/results.json", dir);
    snprintf(csv_path, sizeof csv_path, "%s/results.csv", dir);
    snprintf(page_path, sizeof page_path, "%s/report.html", dir);
    if (!out_path) out_path = page_path;

    /* The rows from the CSV where there is one, which reads in a fraction of the JSON's time;
     * the summary and the meta from the JSON's end. */
    report r = {0};
    json_t *doc = report_read_closing(json_path, err);
    if (!doc || report_read(access(csv_path, R_OK) == 0 ? csv_path : json_path, &r, err)) {
        fprintf(stderr, "bench report: %s\n", err);
        json_decref(doc);
        report_free(&r);
        return EXIT_BAD_INPUT;
    }
    report_sort(&r);
    /* The figures are drawn by other processes meanwhile (JOBS is theirs to read). */
    char text[16];
    snprintf(text, sizeof text, "%d", jobs);
    setenv("JOBS", text, 1);
    setenv("FORMATS", r.count > FIGURE_SVG_ROWS ? "png" : "png svg", 1);
    figures_work fw = {.dir = dir};
    pthread_t figures;
    bool drawing = pthread_create(&figures, NULL, figures_thread, &fw) == 0;
    if (!drawing) draw_figures(dir, fw.why_not);
    /* The run's budgets, for the walks: all but its clock, which a repeat must not race. */
    json_t *budget = json_object_get(json_object_get(doc, "meta"), "budget");
    drill_plan plan = {.graph_max = graph_max, .walk_max = DRILL_WALK_MAX,
                       .page_bytes = DRILL_PAGE_BYTES,
                       .budget = {(uint64_t)json_integer_value(json_object_get(budget, "max_states")),
                                  (uint64_t)json_integer_value(json_object_get(budget, "max_bytes")), 0}};
    json_t *data = page_data(&r, doc, &plan, jobs);
    char *json_text = json_dumps(data, JSON_COMPACT | JSON_REAL_PRECISION(9));
    if (drawing) pthread_join(figures, NULL);
    if (fw.why_not[0]) fprintf(stderr, "bench report: no figures: %s\n", fw.why_not);

    outfile page;
    char oerr[OUTFILE_ERR_MAX];
    int rc = EXIT_SOLVED;
    if (outfile_open(&page, out_path, NULL, oerr)) {
        fprintf(stderr, "bench report: %s\n", oerr);
        rc = EXIT_BAD_INPUT;
    } else {
        FILE *f = page.f;
        fprintf(f, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                   "<title>bench report: %s</title>\n<style>%s</style></head><body>\n"
                   "<h1>bench report</h1>\n<section id=\"meta\"><h2>Run</h2></section>\n"
                   "<section id=\"summary\"><h2>Summary</h2></section>\n"
                   "<section id=\"figures\"><h2>Figures</h2>\n",
                dir, html_style);
        put_figures(f, dir);
        fputs("</section>\n<section id=\"puzzles\"><h2>Puzzles</h2>\n"
              "<select id=\"family\" title=\"the puzzles of one family\"></select>\n"
              "<input id=\"filter\" type=\"search\" placeholder=\"filter: name, status, solver...\">\n"
              "<div id=\"pager\"></div>\n"
              "<table id=\"table\"><thead></thead><tbody></tbody></table></section>\n"
              "<section id=\"drill\" hidden></section>\n<pre id=\"selftest\"></pre>\n"
              "<script id=\"data\" type=\"application/json\">", f);
        put_script_safe(f, json_text);
        fputs("</script>\n<script>", f);
        fputs(html_script, f);
        fputs("</script>\n</body></html>\n", f);
        if (outfile_commit(&page, oerr)) {
            fprintf(stderr, "bench report: %s\n", oerr);
            rc = EXIT_BAD_INPUT;
        } else {
            char cached[64] = "";
            if (plan.cached) snprintf(cached, sizeof cached, ", %d laid out before", plan.cached);
            fprintf(stderr, "bench report: wrote %s (%d rows, %d state graphs%s)\n", out_path,
                    r.count, plan.graphs, cached);
        }
    }
    free(json_text);
    json_decref(data);
    json_decref(doc);
    report_free(&r);
    return rc;
}
