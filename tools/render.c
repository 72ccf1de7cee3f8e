/* render.c -- bin/render: a board, or a whole solution, as a picture (PNG, JPEG or SVG). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "draw.h"
#include "scan.h"
#include "search.h"
#include "xmem.h"

static const char *usage =
    "usage: render [options] -o OUT FILE\n"
    "Draws a puzzle of FILE (any format bin/solve reads, screenshots included) in the look of\n"
    "the Unblock Me game. OUT's ending picks the format: .png, .jpg or .svg.\n"
    "\n"
    "  -o, --output F     the picture to write\n"
    "  --solution         draw the optimal solution: every position in a grid, the move that\n"
    "                     led to it written under it\n"
    "  --solver NAME      the solver for --solution (default bfs)\n"
    "  --frames DIR       with --solution, also write DIR/000.png, DIR/001.png, ... one per\n"
    "                     position (JPEG with --quality Q if OUT is .jpg)\n"
    "  --columns N        positions per row of the grid (default 6)\n"
    "  --puzzle N         the N-th puzzle of FILE (default 1)\n"
    "  --tile N           pixels per cell (default 48)\n"
    "  --theme T          dark (orange blocks, default) or light (pale blocks)\n"
    "  --screenshot       frame the board like a phone screenshot (header panel, buttons)\n"
    "  --no-letters       leave the pieces unlabelled\n"
    "  --quality Q        JPEG quality 1-100 (default 90)\n"
    "  --help             this text\n"
    "\n"
    "Exit status: 0 written, 1 no solution (with --solution), 2 bad input or usage,\n"
    "3 the solver's budget ran out.\n";

typedef struct {
    const char *output, *frames, *input;
    const solver *solver;
    bool solution;
    int columns, puzzle, quality;
    draw_style style;
} options;

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), e = strlen(end);
    return n >= e && strcasecmp(s + n - e, end) == 0;
}

static int parse_number(const char *option, const char *text, int lo, int hi, int *out)
{
    unsigned long long n;
    if (cli_parse_count("render", option, text, false, &n)) return -1;
    if ((long long)n < lo || (long long)n > hi) {
        fprintf(stderr, "render: %s: '%s' is not between %d and %d\n", option, text, lo, hi);
        return -1;
    }
    *out = (int)n;
    return 0;
}

static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->style = draw_default_style();
    o->solver = solver_find("bfs");
    o->columns = 6;
    o->puzzle = 1;
    o->quality = 90;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        bool bad = false;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            exit(EXIT_SOLVED);
        } else if (strcmp(a, "--solution") == 0) o->solution = true;
        else if (strcmp(a, "--screenshot") == 0) o->style.screenshot = true;
        else if (strcmp(a, "--no-letters") == 0) o->style.letters = false;
        else if (strcmp(a, "-o") == 0 && i + 1 < argc) o->output = argv[++i];
        else if ((v = cli_value("render", argc, argv, &i, "--output", &bad))) o->output = v;
        else if ((v = cli_value("render", argc, argv, &i, "--frames", &bad))) o->frames = v;
        else if ((v = cli_value("render", argc, argv, &i, "--solver", &bad))) {
            if (!(o->solver = solver_find(v))) {
                fprintf(stderr, "render: unknown solver '%s' (see bin/solve --list)\n", v);
                return -1;
            }
        } else if ((v = cli_value("render", argc, argv, &i, "--theme", &bad))) {
            if (strcmp(v, "dark") && strcmp(v, "light")) {
                fprintf(stderr, "render: --theme: '%s' is not dark or light\n", v);
                return -1;
            }
            o->style.theme = strcmp(v, "light") == 0 ? THEME_LIGHT : THEME_DARK;
        } else if ((v = cli_value("render", argc, argv, &i, "--columns", &bad))) {
            if (parse_number("--columns", v, 1, 100, &o->columns)) return -1;
        } else if ((v = cli_value("render", argc, argv, &i, "--puzzle", &bad))) {
            if (parse_number("--puzzle", v, 1, 1000000, &o->puzzle)) return -1;
        } else if ((v = cli_value("render", argc, argv, &i, "--tile", &bad))) {
            if (parse_number("--tile", v, 8, 400, &o->style.tile)) return -1;
        } else if ((v = cli_value("render", argc, argv, &i, "--quality", &bad))) {
            if (parse_number("--quality", v, 1, 100, &o->quality)) return -1;
        } else if (a[0] == '-' && strcmp(a, "-") != 0) {
            if (!bad) fprintf(stderr, "render: unknown option '%s' (see --help)\n", a);
            return -1;
        } else if (!o->input)
            o->input = a;
        else {
            fprintf(stderr, "render: one puzzle file at a time ('%s' is a second)\n", a);
            return -1;
        }
    }
    if (!o->input || !o->output) {
        fprintf(stderr, "render: needs a puzzle file and -o OUT (see --help)\n");
        return -1;
    }
    if (!ends_with(o->output, ".png") && !ends_with(o->output, ".svg") &&
        !ends_with(o->output, ".jpg") && !ends_with(o->output, ".jpeg")) {
        fprintf(stderr, "render: %s: the output must end in .png, .jpg or .svg\n", o->output);
        return -1;
    }
    return 0;
}

static int write_raster(const options *o, const image *im, const char *path)
{
    bool jpeg = ends_with(path, ".jpg") || ends_with(path, ".jpeg");
    int rc = jpeg ? image_write_jpeg(im, path, o->quality) : image_write_png(im, path);
    if (rc) fprintf(stderr, "render: %s: cannot write the picture\n", path);
    return rc;
}

/* The positions to draw: the start, then the position after each move. */
typedef struct {
    uint64_t *key;
    char (*caption)[24];
    int count;
} sequence;

/* Frames in a grid, each with its caption in a band beneath. */
static int write_grid(const options *o, const board *b, const sequence *seq)
{
    int fw, fh;
    draw_size(b, &o->style, &fw, &fh);
    /* A lone position is the board alone; a solution gets margins and captions. */
    bool single = seq->count == 1;
    int scale = o->style.tile / 24 > 1 ? o->style.tile / 24 : 1;
    int band = single ? 0 : 12 * scale, pad = single ? 0 : 8;
    int cols = seq->count < o->columns ? seq->count : o->columns;
    int rows = (seq->count + cols - 1) / cols;
    int width = cols * (fw + pad) + pad, height = rows * (fh + band + pad) + pad;
    image_color paper = {250, 246, 238}, ink = {40, 30, 20};

    if (ends_with(o->output, ".svg")) {
        FILE *f = fopen(o->output, "w");
        if (!f) {
            fprintf(stderr, "render: %s: %s\n", o->output, strerror(errno));
            return -1;
        }
        fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"#faf6ee\"/>\n",
                width, height, width, height);
        for (int k = 0; k < seq->count; k++) {
            int x = pad + (k % cols) * (fw + pad), y = pad + (k / cols) * (fh + band + pad);
            draw_board_svg(b, seq->key[k], &o->style, f, x, y);
            if (!single)
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" "
                           "text-anchor=\"middle\" fill=\"#281e14\">%s</text>\n",
                        x + fw / 2, y + fh + band - 2, band - 2, seq->caption[k]);
        }
        fprintf(f, "</svg>\n");
        return fclose(f) == 0 ? 0 : -1;
    }
    image sheet;
    image_create(&sheet, width, height, paper);
    for (int k = 0; k < seq->count; k++) {
        int x = pad + (k % cols) * (fw + pad), y = pad + (k / cols) * (fh + band + pad);
        image frame;
        draw_board(b, seq->key[k], &o->style, &frame);
        for (int row = 0; row < fh; row++)
            memcpy(sheet.rgb + ((size_t)(y + row) * (size_t)width + (size_t)x) * 3,
                   frame.rgb + (size_t)row * (size_t)fw * 3, (size_t)fw * 3);
        image_free(&frame);
        if (!single)
            image_text(&sheet, x + (fw - image_text_width(seq->caption[k], scale)) / 2,
                       y + fh + 2 * scale, seq->caption[k], scale, ink);
    }
    int rc = write_raster(o, &sheet, o->output);
    image_free(&sheet);
    return rc;
}

static int write_frames(const options *o, const board *b, const sequence *seq)
{
    if (mkdir(o->frames, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "render: %s: %s\n", o->frames, strerror(errno));
        return -1;
    }
    bool jpeg = ends_with(o->output, ".jpg") || ends_with(o->output, ".jpeg");
    for (int k = 0; k < seq->count; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%03d.%s", o->frames, k, jpeg ? "jpg" : "png");
        image frame;
        draw_board(b, seq->key[k], &o->style, &frame);
        int rc = write_raster(o, &frame, path);
        image_free(&frame);
        if (rc) return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o)) return EXIT_BAD_INPUT;
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    if (scan_path(o.input, SCAN_AUTO, &list, err) < 0) {
        fprintf(stderr, "render: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (o.puzzle > list.count) {
        fprintf(stderr, "render: %s holds %d puzzle(s), not %d\n", o.input, list.count, o.puzzle);
        puzzle_list_free(&list);
        return EXIT_BAD_INPUT;
    }
    const puzzle *p = &list.items[o.puzzle - 1];

    int status = EXIT_SOLVED;
    solver_result r = {0};
    sequence seq = {NULL, NULL, 1};
    if (o.solution) {
        solver_context ctx;
        solver_context_init(&ctx);
        solver_budget budget = {0, 2ull << 30, 60.0};
        o.solver->solve(&ctx, &p->board, p->start, &budget, &r);
        solver_context_free(&ctx);
        if (r.status != SOLVE_SOLVED) {
            fprintf(stderr, "render: %s: %s\n", p->name,
                    r.status == SOLVE_UNSOLVABLE ? "no solution" : "the solver's budget ran out");
            status = r.status == SOLVE_UNSOLVABLE ? EXIT_NO_SOLUTION : EXIT_BUDGET;
        } else
            seq.count = r.nmoves + 1;
    }
    if (status == EXIT_SOLVED) {
        seq.key = xmalloc((size_t)seq.count * sizeof *seq.key);
        seq.caption = xmalloc((size_t)seq.count * sizeof *seq.caption);
        seq.key[0] = p->start;
        snprintf(seq.caption[0], sizeof seq.caption[0], "start");
        for (int k = 1; k < seq.count; k++) {
            char m[8];
            moves_format(&p->board, r.moves[k - 1], m);
            seq.key[k] = moves_apply(&p->board, seq.key[k - 1], r.moves[k - 1]);
            snprintf(seq.caption[k], sizeof seq.caption[k], "%d. %s", k, m);
        }
        if (write_grid(&o, &p->board, &seq) || (o.frames && write_frames(&o, &p->board, &seq)))
            status = EXIT_BAD_INPUT;
        free(seq.key);
        free(seq.caption);
    }
    solver_result_free(&r);
    puzzle_list_free(&list);
    return status;
}
