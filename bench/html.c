/* html.c -- `bench report DIR`: one self-contained HTML page per run (DIR/report.html).
 *
 * The page needs nothing but itself: the run's metadata and summary, every figure of DIR/plots
 * inlined as SVG, and one table row per puzzle with each solver's status, moves, time and
 * states, sortable and filterable; a click on a puzzle opens its drill-down, the board as the
 * renderer draws it and each solver's solution stepped through move by move. The data are one
 * JSON object in the page, the behaviour a short script (html_script below); opened with
 * #selftest, the script sorts, filters and steps through a solution and writes PASS or FAIL
 * into the page, which is how the tests drive it in headless Chromium.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "common/grow.h"
#include "common/outfile.h"
#include "common/xmem.h"
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

/* The page's data: the run's meta and summary, the solvers, and one entry per puzzle. */
static json_t *page_data(const report *r, json_t *doc)
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
    json_t *entry = NULL, *runs = NULL;
    for (int i = 0; i < r->count; i++) {
        const report_row *row = &r->row[i];
        if (!entry || row->index != r->row[i - 1].index) {
            char *svg = board_svg(row);
            entry = json_pack("{s:i, s:s, s:s, s:o, s:o, s:s, s:s}", "index", row->index, "name",
                              row->puzzle, "id", row->id, "optimum", int_or_null(row->optimal_moves),
                              "cluster", int_or_null(row->cluster_size), "board", row->board,
                              "svg", svg ? svg : "");
            free(svg);
            runs = json_object();
            json_object_set_new(entry, "runs", runs);
            json_array_append_new(puzzles, entry);
        }
        json_object_set_new(runs, row->solver,
                            json_pack("{s:s, s:o, s:f, s:o, s:s, s:s}", "status", row->status,
                                      "moves", int_or_null(row->moves), "seconds", row->seconds,
                                      "expanded", row->expanded == REPORT_UNCOUNTED
                                                      ? json_null()
                                                      : json_integer((json_int_t)row->expanded),
                                      "solution",
                                      row->solution ? row->solution : "", "correct",
                                      row->correct == REPORT_YES ? "yes"
                                      : row->correct == REPORT_NO ? "no" : ""));
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
        fputs("<p>No figures: <code>make plots RESULTS=DIR</code> draws them, then run "
              "<code>bench report DIR</code> again.</p>\n", f);
    return n;
}

int bench_report(const char *dir, const char *out_path)
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
    json_t *data = page_data(&r, doc);
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
            fprintf(stderr, "bench report: wrote %s (%d rows)\n", out_path, r.count);
        }
    }
    free(text);
    json_decref(data);
    json_decref(doc);
    report_free(&r);
    return rc;
}
