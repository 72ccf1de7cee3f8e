/* render.c -- bin/render: a board, or a whole solution, as a picture (PNG, JPEG or SVG). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "picture/draw.h"
#include "scan/scan.h"
#include "search/search.h"
#include "solvers/bfs.h"

static const char *usage =
    "usage: render [options] -o OUT FILE\n"
    "Draws a puzzle of FILE (any format bin/solve reads, screenshots included) in the look of\n"
    "the Unblock Me game. OUT's ending picks the format: .png, .jpg or .svg.\n"
    "\n"
    "  -o, --output F     the picture to write\n"
    "  --solution         draw the optimal solution: every position in a grid, the move that\n"
    "                     led to it written under it\n"
    "  --solver LIST      the solver(s) for --solution (default bfs); with several, or 'all',\n"
    "                     one picture per solver: OUT with -SOLVER before its ending\n"
    "  --frames DIR       with --solution, also write DIR/000.png, DIR/001.png, ... one per\n"
    "                     position (JPEG with --quality Q if OUT is .jpg; DIR/SOLVER/ with\n"
    "                     several solvers)\n"
    "  --columns N        positions per row of the grid (default 6)\n"
    "  --puzzle N         the N-th puzzle of FILE (default 1)\n"
    "  --tile N           pixels per cell (default 48)\n"
    "  --theme T          dark (orange blocks, default) or light (pale blocks)\n"
    "  --screenshot       frame the board like a phone screenshot (header panel, buttons)\n"
    "  --no-letters       leave the pieces unlabelled\n"
    "  --quality Q        JPEG quality 1-100 (default 90)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 written, 1 no solution (with --solution), 2 bad input or usage,\n"
    "3 the solver's budget ran out.\n";

typedef struct {
    const char *output, *frames;
    char *input;
    const solver *solver[CLI_MAX_SOLVERS];
    int nsolvers;
    bool solution;
    int columns, puzzle, quality;
    draw_style style;
} options;

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), e = strlen(end);
    return n >= e && strcasecmp(s + n - e, end) == 0;
}

enum { OPT_OUTPUT = 'o', OPT_SOLUTION = CLI_OPT_PROGRAM, OPT_SCREENSHOT, OPT_NO_LETTERS,
       OPT_FRAMES, OPT_SOLVER, OPT_THEME, OPT_COLUMNS, OPT_PUZZLE, OPT_TILE, OPT_QUALITY };

static const struct option long_options[] = {
    CLI_STANDARD_OPTIONS,
    {"output", required_argument, NULL, OPT_OUTPUT},
    {"solution", no_argument, NULL, OPT_SOLUTION},
    {"screenshot", no_argument, NULL, OPT_SCREENSHOT},
    {"no-letters", no_argument, NULL, OPT_NO_LETTERS},
    {"frames", required_argument, NULL, OPT_FRAMES},
    {"solver", required_argument, NULL, OPT_SOLVER},
    {"theme", required_argument, NULL, OPT_THEME},
    {"columns", required_argument, NULL, OPT_COLUMNS},
    {"puzzle", required_argument, NULL, OPT_PUZZLE},
    {"tile", required_argument, NULL, OPT_TILE},
    {"quality", required_argument, NULL, OPT_QUALITY},
    {NULL, 0, NULL, 0},
};

static int parse_options(int argc, char **argv, options *o)
{
    cli_begin();
    memset(o, 0, sizeof *o);
    o->style = draw_default_style();
    o->solver[0] = &solver_bfs;
    o->nsolvers = 1;
    o->columns = 6;
    o->puzzle = 1;
    o->quality = 90;
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS "o:", long_options, NULL)) != -1) {
        if (cli_common_option("render", usage, code, argv) < 0) return -1;
        int bad = 0;
        switch (code) {
        case OPT_OUTPUT: o->output = optarg; break;
        case OPT_SOLUTION: o->solution = true; break;
        case OPT_SCREENSHOT: o->style.screenshot = true; break;
        case OPT_NO_LETTERS: o->style.letters = false; break;
        case OPT_FRAMES: o->frames = optarg; break;
        case OPT_SOLVER: bad = (o->nsolvers = cli_parse_solvers("render", optarg, o->solver)) < 0; break;
        case OPT_THEME:
            if (strcmp(optarg, "dark") && strcmp(optarg, "light")) {
                fprintf(stderr, "render: --theme: '%s' is not dark or light\n", optarg);
                return -1;
            }
            o->style.theme = strcmp(optarg, "light") == 0 ? THEME_LIGHT : THEME_DARK;
            break;
        case OPT_COLUMNS: bad = cli_parse_int("render", "--columns", optarg, 1, 100, &o->columns); break;
        case OPT_PUZZLE: bad = cli_parse_int("render", "--puzzle", optarg, 1, 1000000, &o->puzzle); break;
        case OPT_TILE: bad = cli_parse_int("render", "--tile", optarg, 8, 400, &o->style.tile); break;
        case OPT_QUALITY: bad = cli_parse_int("render", "--quality", optarg, 1, 100, &o->quality); break;
        }
        if (bad) return -1;
    }
    if (optind < argc) o->input = argv[optind];
    if (argc - optind > 1) {
        fprintf(stderr, "render: one puzzle file at a time ('%s' is a second)\n", argv[optind + 1]);
        return -1;
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
    char err[OUTFILE_ERR_MAX];
    int rc = jpeg ? image_write_jpeg(im, path, o->quality, err) : image_write_png(im, path, err);
    if (rc) fprintf(stderr, "render: %s\n", err);
    return rc;
}

/* The largest raster written: 64 Mpixels (192 MiB of RGB), and no side past what PNG viewers
 * and browsers open. */
#define RENDER_MAX_PIXELS (64 << 20)
#define RENDER_MAX_SIDE 32767

/* The positions to draw: the start, then the position after each move. */
typedef struct {
    uint64_t *key;
    char (*caption)[24];
    int count;
} sequence;

/* Frames in a grid, each with its caption in a band beneath. */
static int write_grid(const options *o, const char *path, const board *b, const sequence *seq)
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

    if (ends_with(path, ".svg")) {
        outfile out;
        char err[OUTFILE_ERR_MAX];
        if (outfile_open(&out, path, NULL, err)) {
            fprintf(stderr, "render: %s\n", err);
            return -1;
        }
        FILE *f = out.f;
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
        if (outfile_commit(&out, err) == 0) return 0;
        fprintf(stderr, "render: %s\n", err);
        return -1;
    }
    /* A raster of a long solution grows without bound (2,000 dfs moves made a 1976 x 120392
     * picture, 1.4 GB in memory): past the cap, say so and what to do instead. */
    if ((uint64_t)width * (uint64_t)height > RENDER_MAX_PIXELS || width > RENDER_MAX_SIDE ||
        height > RENDER_MAX_SIDE) {
        fprintf(stderr,
                "render: %s: %d positions make a %d x %d picture, past the cap of %d Mpixels "
                "and %d pixels a side; write it as .svg (with --frames DIR for one picture per move)\n",
                path, seq->count, width, height, RENDER_MAX_PIXELS >> 20, RENDER_MAX_SIDE);
        return -1;
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
    int rc = write_raster(o, &sheet, path);
    image_free(&sheet);
    return rc;
}

static int write_frames(const options *o, const char *dir, const board *b, const sequence *seq)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "render: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    bool jpeg = ends_with(o->output, ".jpg") || ends_with(o->output, ".jpeg");
    for (int k = 0; k < seq->count; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%03d.%s", dir, k, jpeg ? "jpg" : "png");
        image frame;
        draw_board(b, seq->key[k], &o->style, &frame);
        int rc = write_raster(o, &frame, path);
        image_free(&frame);
        if (rc) return -1;
    }
    return 0;
}

/* Draws the puzzle, or the solution of solver s, into path (and the frames into dir). */
static int render(const options *o, const puzzle *p, const solver *s, const char *path,
                  const char *dir)
{
    int status = EXIT_SOLVED;
    solver_result r = {0};
    sequence seq = {NULL, NULL, 1};
    if (s) {
        solver_context ctx;
        solver_context_init(&ctx);
        solver_budget budget = cli_default_budget();
        s->solve(&ctx, &p->board, p->start, &budget, NULL, &r);
        solver_context_free(&ctx);
        if (r.status != SOLVE_SOLVED) {
            fprintf(stderr, "render: %s: %s: %s\n", p->name, s->name,
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
        if (write_grid(o, path, &p->board, &seq) || (dir && write_frames(o, dir, &p->board, &seq)))
            status = EXIT_BAD_INPUT;
        free(seq.key);
        free(seq.caption);
    }
    solver_result_free(&r);
    return status;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o)) return EXIT_BAD_INPUT;
    puzzle_list list = {0};
    if (cli_read_puzzles("render", &o.input, 1, SCAN_AUTO, &list)) return EXIT_BAD_INPUT;
    if (o.puzzle > list.count) {
        fprintf(stderr, "render: %s holds %d puzzle(s), not %d\n", o.input, list.count, o.puzzle);
        puzzle_list_free(&list);
        return EXIT_BAD_INPUT;
    }
    const puzzle *p = &list.items[o.puzzle - 1];
    int worst = EXIT_SOLVED;
    if (!o.solution || o.nsolvers == 1)
        worst = render(&o, p, o.solution ? o.solver[0] : NULL, o.output, o.frames);
    else
        /* One picture per solver: OUT with -SOLVER before its ending, frames in DIR/SOLVER. */
        for (int k = 0; k < o.nsolvers && worst != EXIT_BAD_INPUT; k++) {
            char path[1024], dir[1024];
            const char *dot = strrchr(o.output, '.');
            snprintf(path, sizeof path, "%.*s-%s%s", (int)(dot - o.output), o.output,
                     o.solver[k]->name, dot);
            if (o.frames) {
                if (mkdir(o.frames, 0777) != 0 && errno != EEXIST) {
                    fprintf(stderr, "render: %s: %s\n", o.frames, strerror(errno));
                    worst = EXIT_BAD_INPUT;
                    break;
                }
                snprintf(dir, sizeof dir, "%s/%s", o.frames, o.solver[k]->name);
            }
            int code = render(&o, p, o.solver[k], path, o.frames ? dir : NULL);
            if (code == EXIT_BAD_INPUT || code > worst) worst = code;
        }
    puzzle_list_free(&list);
    return worst;
}
