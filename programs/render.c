/* render.c -- bin/render: a board, a whole solution, or a cluster's state graph with each
 * solver's walk through it, as pictures (PNG, JPEG or SVG). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/measure.h"
#include "common/grow.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "graph/pictures.h"
#include "picture/draw.h"
#include "scan/scan.h"
#include "search/search.h"
#include "solvers/bfs.h"

static const char *usage =
    "usage: render [options] -o OUT FILE\n"
    "Draws a puzzle of FILE (any format bin/solve reads, screenshots included) in the look of\n"
    "the Unblock Me game, or the state graph of its cluster. OUT's ending picks the format:\n"
    ".png, .jpg or .svg (a graph: .png or .svg).\n"
    "\n"
    "  -o, --output F     the picture to write\n"
    "  --solution         draw the optimal solution: every position in a grid, the move that\n"
    "                     led to it written under it\n"
    "  --graph            draw the puzzle's cluster: a node per state, coloured by its moves\n"
    "                     to the nearest goal, an edge per move, the start, the goals and the\n"
    "                     optimal solution marked (Graphviz's sfdp lays it out); the DOT source\n"
    "                     is written too, as OUT ending in .dot. Over --graph-full states:\n"
    "                     condensed, a node per pair of distances (from the start, to the goal)\n"
    "  --graph-full N     draw clusters of up to N states node by node (default 20,000)\n"
    "  --graph-max N      refuse a cluster of more than N states (default 1M)\n"
    "  --solver LIST      the solver(s) for --solution (default bfs); with several, or 'all',\n"
    "                     one picture per solver: OUT with -SOLVER before its ending. With\n"
    "                     --graph, each solver's walk on the graph's layout, the states it\n"
    "                     expanded shaded by order: OUT-SOLVER each, all side by side in OUT,\n"
    "                     and the states each expanded per depth in OUT-frontier\n"
    "  --frames DIR       with --solution, also write DIR/000.png, DIR/001.png, ... one per\n"
    "                     position (JPEG with --quality Q if OUT is .jpg; DIR/SOLVER/ with\n"
    "                     several solvers)\n"
    "  --columns N        positions per row of the grid (default 6)\n"
    "  --puzzle N|all     the N-th puzzle of FILE (default 1), or every one: OUT with -N\n"
    "                     before its ending for the N-th\n"
    "  --tile N           pixels per cell (default 48)\n"
    "  --theme T          dark (orange blocks, default) or light (pale blocks)\n"
    "  --screenshot       frame the board like a phone screenshot (header panel, buttons)\n"
    "  --no-letters       leave the pieces unlabelled\n"
    "  --quality Q        JPEG quality 1-100 (default 90)\n"
    "  -h, --help         this text\n"
    "  --version          the version and commit\n"
    "\n"
    "Exit status: 0 written, 1 no solution (with --solution), 2 bad input or usage, a\n"
    "cluster over --graph-max, or a picture not written (Graphviz or gnuplot missing: the\n"
    "DOT source is written), 3 the solver's budget ran out.\n";

typedef struct {
    const char *output, *frames;
    char *input;
    const solver *solver[CLI_MAX_SOLVERS];
    int nsolvers;
    bool solution, graph, solvers_chosen;
    unsigned long long graph_max, graph_full;
    int columns, puzzle, quality;   /* puzzle 0: every one */
    draw_style style;
} options;

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), e = strlen(end);
    return n >= e && strcasecmp(s + n - e, end) == 0;
}

enum { OPT_OUTPUT = 'o', OPT_SOLUTION = CLI_OPT_PROGRAM, OPT_SCREENSHOT, OPT_NO_LETTERS,
       OPT_FRAMES, OPT_SOLVER, OPT_THEME, OPT_COLUMNS, OPT_PUZZLE, OPT_TILE, OPT_QUALITY,
       OPT_GRAPH, OPT_GRAPH_MAX, OPT_GRAPH_FULL };

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
    {"graph", no_argument, NULL, OPT_GRAPH},
    {"graph-max", required_argument, NULL, OPT_GRAPH_MAX},
    {"graph-full", required_argument, NULL, OPT_GRAPH_FULL},
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
    o->graph_max = GRAPH_DEFAULT_MAX;
    o->graph_full = GRAPH_FULL_MAX;
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
        case OPT_SOLVER:
            bad = (o->nsolvers = cli_parse_solvers("render", optarg, o->solver)) < 0;
            o->solvers_chosen = true;
            break;
        case OPT_GRAPH: o->graph = true; break;
        case OPT_GRAPH_MAX:
            bad = cli_parse_count("render", "--graph-max", optarg, &o->graph_max);
            break;
        case OPT_GRAPH_FULL:
            bad = cli_parse_count("render", "--graph-full", optarg, &o->graph_full);
            break;
        case OPT_THEME:
            if (strcmp(optarg, "dark") && strcmp(optarg, "light")) {
                fprintf(stderr, "render: --theme: '%s' is not dark or light\n", optarg);
                return -1;
            }
            o->style.theme = strcmp(optarg, "light") == 0 ? THEME_LIGHT : THEME_DARK;
            break;
        case OPT_COLUMNS: bad = cli_parse_int("render", "--columns", optarg, 1, 100, &o->columns); break;
        case OPT_PUZZLE:
            if (strcmp(optarg, "all") == 0) o->puzzle = 0;
            else bad = cli_parse_int("render", "--puzzle", optarg, 1, 1000000, &o->puzzle);
            break;
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
        ((!ends_with(o->output, ".jpg") && !ends_with(o->output, ".jpeg")) || o->graph)) {
        fprintf(stderr, "render: %s: the output must end in .png%s or .svg\n", o->output,
                o->graph ? "" : ", .jpg");
        return -1;
    }
    if (o->graph && (o->solution || o->frames)) {
        fprintf(stderr, "render: --graph draws a cluster, not a solution (--solution, --frames)\n");
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

/* The positions to draw: the start, then the position after each move, each with its caption. */
typedef struct {
    puzzle_position at;
    char caption[24];
} captioned;

typedef struct {
    captioned *pos;
    int count, capacity;
} sequence;

/* Frames in a grid, each with its caption in a band beneath. */
static int write_grid(const options *o, const char *path, const puzzle *p, const sequence *seq)
{
    int fw, fh;
    draw_puzzle_size(p, &o->style, &fw, &fh);
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
            draw_puzzle_svg(p, &seq->pos[k].at, &o->style, f, x, y);
            if (!single)
                fprintf(f, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" "
                           "text-anchor=\"middle\" fill=\"#281e14\">%s</text>\n",
                        x + fw / 2, y + fh + band - 2, band - 2, seq->pos[k].caption);
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
        draw_puzzle(p, &seq->pos[k].at, &o->style, &frame);
        for (int row = 0; row < fh; row++)
            memcpy(sheet.rgb + ((size_t)(y + row) * (size_t)width + (size_t)x) * 3,
                   frame.rgb + (size_t)row * (size_t)fw * 3, (size_t)fw * 3);
        image_free(&frame);
        if (!single)
            image_text(&sheet, x + (fw - image_text_width(seq->pos[k].caption, scale)) / 2,
                       y + fh + 2 * scale, seq->pos[k].caption, scale, ink);
    }
    int rc = write_raster(o, &sheet, path);
    image_free(&sheet);
    return rc;
}

static int write_frames(const options *o, const char *dir, const puzzle *p, const sequence *seq)
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
        draw_puzzle(p, &seq->pos[k].at, &o->style, &frame);
        int rc = write_raster(o, &frame, path);
        image_free(&frame);
        if (rc) return -1;
    }
    return 0;
}

/* Keeps each position of a solution with its caption ("start", "1. AR", ...). */
static void keep_position(const puzzle_position *pos, const char *token, size_t len, void *ctx)
{
    sequence *seq = ctx;
    GROW(seq->pos, seq->capacity, seq->count + 1, 64);
    captioned *f = &seq->pos[seq->count];
    f->at = *pos;
    if (len) snprintf(f->caption, sizeof f->caption, "%d. %.*s", seq->count, (int)len, token);
    else snprintf(f->caption, sizeof f->caption, "start");
    seq->count++;
}

/* The start and the position after each move of r's solution (r NULL: the start alone). */
static void positions(const puzzle *p, const solver_result *r, sequence *seq)
{
    *seq = (sequence){0};
    if (!r) {
        puzzle_position start;
        puzzle_start_position(p, &start);
        keep_position(&start, "", 0, seq);
        return;
    }
    char why[PUZZLE_ERR_MAX];
    measure_counts units;
    puzzle_replay_each(p, r->text, keep_position, seq, &units, why);   /* a built-in's answer */
}

/* Whether s does not take p (its family, or its keys' width), said in one line. */
static bool refuse_family(const puzzle *p, const solver *s)
{
    solver_setup u;
    setup_init(&u, s);
    if (setup_takes(&u, p)) return false;
    fprintf(stderr, "render: %s: %s does not take %s puzzles\n", p->name, s->name,
            family_name(p->family));
    return true;
}

/* Draws the puzzle, or the solution of solver s, into path (and the frames into dir). */
static int render(const options *o, const puzzle *p, const solver *s, const char *path,
                  const char *dir)
{
    int status = EXIT_SOLVED;
    solver_result r = {0};
    if (s && refuse_family(p, s)) return EXIT_BAD_INPUT;
    if (s) {
        solver_context ctx;
        solver_context_init(&ctx);
        solver_budget budget = cli_default_budget();
        solver_setup u;
        setup_init(&u, s);
        measure_call(&u, &ctx, p, &budget, &r);
        solver_context_free(&ctx);
        if (r.status != SOLVE_SOLVED) {
            fprintf(stderr, "render: %s: %s: %s\n", p->name, s->name,
                    r.status == SOLVE_UNSOLVABLE ? "no solution" : "the solver's budget ran out");
            status = r.status == SOLVE_UNSOLVABLE ? EXIT_NO_SOLUTION : EXIT_BUDGET;
        }
    }
    if (status == EXIT_SOLVED) {
        sequence seq;
        positions(p, s ? &r : NULL, &seq);
        if (write_grid(o, path, p, &seq) || (dir && write_frames(o, dir, p, &seq)))
            status = EXIT_BAD_INPUT;
        free(seq.pos);
    }
    solver_result_free(&r);
    return status;
}

/* The state graph of p's cluster, with each chosen solver's walk when --solver was given. */
static int render_graph(const options *o, const puzzle *p, const char *path)
{
    solver_setup setup[CLI_MAX_SOLVERS];
    graph_request rq = {o->graph_max, o->graph_full, setup, o->solvers_chosen ? o->nsolvers : 0,
                        cli_default_budget()};
    for (int k = 0; k < rq.nsetups; k++) {
        if (refuse_family(p, o->solver[k])) return EXIT_BAD_INPUT;
        setup_init(&setup[k], o->solver[k]);
    }
    char err[PICTURES_ERR_MAX];
    if (graph_pictures(p, path, &rq, err) == 0) return EXIT_SOLVED;
    fprintf(stderr, "render: %s\n", err);
    return EXIT_BAD_INPUT;
}

/* The pictures of one puzzle into path (and frames into dir). */
static int render_puzzle(const options *o, const puzzle *p, const char *path, const char *dir)
{
    if (o->graph) return render_graph(o, p, path);
    if (!o->solution || o->nsolvers == 1)
        return render(o, p, o->solution ? o->solver[0] : NULL, path, dir);
    /* One picture per solver: path with -SOLVER before its ending, frames in DIR/SOLVER. */
    int worst = EXIT_SOLVED;
    for (int k = 0; k < o->nsolvers && worst != EXIT_BAD_INPUT; k++) {
        char solver_path[4096], solver_dir[4096 + SETUP_LABEL_MAX], insert[SETUP_LABEL_MAX + 2];
        snprintf(insert, sizeof insert, "-%s", o->solver[k]->name);
        graph_path(path, insert, false, solver_path, sizeof solver_path);
        if (dir) {
            if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "render: %s: %s\n", dir, strerror(errno));
                return EXIT_BAD_INPUT;
            }
            snprintf(solver_dir, sizeof solver_dir, "%s/%s", dir, o->solver[k]->name);
        }
        int code = render(o, p, o->solver[k], solver_path, dir ? solver_dir : NULL);
        if (code == EXIT_BAD_INPUT || code > worst) worst = code;
    }
    return worst;
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
    /* One puzzle into OUT, or every one (--puzzle all), the N-th into OUT with -N before its
     * ending (and its frames into DIR-N). */
    int worst = EXIT_SOLVED, first = o.puzzle ? o.puzzle : 1, last = o.puzzle ? o.puzzle : list.count;
    for (int n = first; n <= last && worst != EXIT_BAD_INPUT; n++) {
        char path[4096], dir[4096], insert[16];
        snprintf(insert, sizeof insert, "-%d", n);
        if (o.puzzle) snprintf(path, sizeof path, "%s", o.output);
        else graph_path(o.output, insert, false, path, sizeof path);
        if (o.frames) snprintf(dir, sizeof dir, "%s%s", o.frames, o.puzzle ? "" : insert);
        int code = render_puzzle(&o, &list.items[n - 1], path, o.frames ? dir : NULL);
        if (code == EXIT_BAD_INPUT || code > worst) worst = code;
    }
    puzzle_list_free(&list);
    return worst;
}
