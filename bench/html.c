/* html.c -- `bench report DIR`: one self-contained HTML page per run (DIR/report.html).
 *
 * The page needs nothing but itself: the run's metadata and summary, every figure of DIR/plots
 * inlined as SVG (drawn first by plots/make-plots.sh when gnuplot is there), and one table row
 * per puzzle with each solver's status, moves, time and states, sortable and filterable; a
 * click on a puzzle opens its drill-down: the board as the renderer draws it, each solver's
 * solution stepped through move by move, and, for a small enough cluster, its state graph with
 * each solver's walk through it (bench/drill.h). The data are one JSON object in the page, raw
 * values as the result files hold them; the behaviour is a short script (html_script below)
 * that formats what it shows. Opened with #selftest, the script sorts, filters, checks its
 * formats, steps through the solutions and plays the walks, and writes PASS or FAIL into the
 * page, which is how the tests drive it in headless Chromium.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/drill.h"
#include "common/grow.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "graph/tools.h"
#include "picture/draw.h"

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

/* The start position of the row's puzzle as the renderer's SVG (malloc'ed), or NULL. */
static char *board_svg(const report_row *row)
{
    puzzle_list one = {0};
    char why[SCAN_ERR_MAX];
    if (report_row_puzzle(row, &one, why)) return NULL;
    draw_style st = draw_default_style();
    st.tile = 28;
    int w, h;
    draw_size(&one.items[0].board, &st, &w, &h);
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">\n", w, h);
    draw_board_svg(&one.items[0].board, one.items[0].start, &st, f, 0, 0);
    fprintf(f, "</svg>\n");
    fclose(f);
    puzzle_list_free(&one);
    return svg;
}

static json_t *int_or_null(int v)
{
    return v == REPORT_NONE ? json_null() : json_integer(v);
}

static json_t *run_json(const report_row *row)
{
    return json_pack("{s:s, s:o, s:f, s:o, s:s, s:s, s:b}", "status", row->status, "moves",
                     int_or_null(row->moves), "seconds", row->seconds, "expanded",
                     row->expanded == REPORT_UNCOUNTED ? json_null()
                                                       : json_integer((json_int_t)row->expanded),
                     "solution", row->solution ? row->solution : "", "correct",
                     row->correct == REPORT_YES ? "yes" : row->correct == REPORT_NO ? "no" : "",
                     "broken_claim", report_breaks_claim(row));
}

/* The page's data: the run's meta and summary, the solvers, and one entry per puzzle, its rows
 * side by side (r is sorted by puzzle) and its state graph where the plan has room. */
static json_t *page_data(const report *r, json_t *doc, drill_plan *plan)
{
    json_t *data = json_object(), *labels = json_array(), *puzzles = json_array();
    json_t *origins = json_object();   /* each label's origin: builtin, plugin or external */
    json_object_set(data, "meta", json_object_get(doc, "meta"));
    json_object_set(data, "summary", json_object_get(doc, "summary"));
    for (int i = 0; i < r->count; i++) {
        bool known = false;
        for (size_t k = 0; k < json_array_size(labels); k++)
            known |= strcmp(json_string_value(json_array_get(labels, k)), r->row[i].solver) == 0;
        if (!known) json_array_append_new(labels, json_string(r->row[i].solver));
        json_object_set_new(origins, r->row[i].solver, json_string(r->row[i].origin));
    }
    json_object_set_new(data, "solvers", labels);
    json_object_set_new(data, "origins", origins);
    for (int first = 0, end; first < r->count; first = end) {
        for (end = first + 1; end < r->count && r->row[end].index == r->row[first].index; end++) {}
        const report_row *row = &r->row[first];
        char *svg = board_svg(row);
        json_t *runs = json_object();
        json_t *entry = json_pack("{s:i, s:s, s:s, s:o, s:o, s:s, s:s, s:o}", "index", row->index,
                                  "name", row->puzzle, "id", row->id, "optimum",
                                  int_or_null(row->optimal_moves), "cluster",
                                  int_or_null(row->cluster_size), "board", row->board, "svg",
                                  svg ? svg : "", "runs", runs);
        free(svg);
        for (int k = first; k < end; k++) json_object_set_new(runs, r->row[k].solver, run_json(&r->row[k]));
        drill_add_graph(plan, r->row + first, end - first, entry, runs);
        json_array_append_new(puzzles, entry);
    }
    json_object_set_new(data, "puzzles", puzzles);
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

/* Draws DIR/plots/ with plots/make-plots.sh (python3 and gnuplot), or says in one line why
 * there are no figures. */
static void draw_figures(const char *dir)
{
    char script[2 * PATH_MAX], err[TOOL_ERR_MAX];
    const char *missing = !tool_installed("gnuplot") ? "gnuplot is not installed (Debian package gnuplot-nox)"
                          : !tool_installed("python3") ? "python3 is not installed (Debian package python3)"
                          : !plots_script(script, sizeof script) ? "plots/make-plots.sh is not beside this program"
                                                               : NULL;
    if (missing) {
        fprintf(stderr, "bench report: no figures: %s\n", missing);
        return;
    }
    FILE *quiet = fopen("/dev/null", "w");
    const char *args[] = {"sh", script, dir, NULL};
    if (quiet && tool_run(args, "dash", "", 0, quiet, err))
        fprintf(stderr, "bench report: no figures: %s\n", err);
    if (quiet) fclose(quiet);
}

/* Inlines DIR/plots/NAME.svg from its <svg element on (the XML prologue dropped). */
static int put_figures(FILE *f, const char *dir)
{
    int n = 0;
    for (size_t k = 0; k < sizeof figures / sizeof *figures; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/plots/%s.svg", dir, figures[k]);
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

int bench_report(const char *dir, const char *out_path, uint64_t graph_max)
{
    char json_path[4096], page_path[4096], err[REPORT_ERR_MAX];
    snprintf(json_path, sizeof json_path, "%s/results.json", dir);
    snprintf(page_path, sizeof page_path, "%s/report.html", dir);
    if (!out_path) out_path = page_path;

    report r = {0};
    if (report_read(json_path, &r, err)) {
        fprintf(stderr, "bench report: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    report_sort(&r);
    json_error_t je;
    json_t *doc = json_load_file(json_path, 0, &je);
    if (!doc) {
        fprintf(stderr, "bench report: %s:%d: %s\n", json_path, je.line, je.text);
        report_free(&r);
        return EXIT_BAD_INPUT;
    }
    /* The run's budgets, for the walks: all but its clock, which a repeat must not race. */
    json_t *budget = json_object_get(json_object_get(doc, "meta"), "budget");
    drill_plan plan = {.graph_max = graph_max, .walk_max = DRILL_WALK_MAX,
                       .page_bytes = DRILL_PAGE_BYTES,
                       .budget = {(uint64_t)json_integer_value(json_object_get(budget, "max_states")),
                                  (uint64_t)json_integer_value(json_object_get(budget, "max_bytes")), 0}};
    draw_figures(dir);
    json_t *data = page_data(&r, doc, &plan);
    char *text = json_dumps(data, JSON_COMPACT);

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
              "<input id=\"filter\" type=\"search\" placeholder=\"filter: name, status, solver...\">\n"
              "<table id=\"table\"><thead></thead><tbody></tbody></table></section>\n"
              "<section id=\"drill\" hidden></section>\n<pre id=\"selftest\"></pre>\n"
              "<script id=\"data\" type=\"application/json\">", f);
        put_script_safe(f, text);
        fputs("</script>\n<script>", f);
        fputs(html_script, f);
        fputs("</script>\n</body></html>\n", f);
        if (outfile_commit(&page, oerr)) {
            fprintf(stderr, "bench report: %s\n", oerr);
            rc = EXIT_BAD_INPUT;
        } else {
            fprintf(stderr, "bench report: wrote %s (%d rows, %d state graphs)\n", out_path, r.count,
                    plan.graphs);
        }
    }
    free(text);
    json_decref(data);
    json_decref(doc);
    report_free(&r);
    return rc;
}
