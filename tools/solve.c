/* solve.c -- bin/solve: solve the puzzles of one or more files and print the solutions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "moves.h"
#include "puzzle.h"
#include "scan.h"
#include "search.h"
#include "xmem.h"

static const char *usage =
    "usage: solve [options] FILE|DIR|- ...\n"
    "Solves every puzzle in the files (any format the scanner knows, or a screenshot) and\n"
    "prints each solution in move notation (B+1 = piece B one cell right or down).\n"
    "\n"
    "  --solver LIST     solver name, comma-separated names, or 'all' (default bfs)\n"
    "  --list            list the solvers and exit\n"
    "  --format F        input format: auto native db kotlin csharp python image (default auto)\n"
    "  --show            print the board after every move\n"
    "  --stats           print the search counters\n"
    "  --json            one JSON object per puzzle and solver, one per line\n"
    "  --cluster         count the states reachable from each puzzle (reference BFS)\n"
    "  --native          print each puzzle in native format instead of solving it\n"
    "  --show-scan F     write the screenshot scanner's view of the (one) image input to F\n"
    "                    as a PNG: board region, tiles, blocks, exit; also when it fails\n"
    "  --max-states N    stop a search after N expanded states (K, M, G suffixes)\n"
    "  --max-bytes N     stop a search when its tables exceed N bytes (default 2G)\n"
    "  --max-seconds S   stop a search after S seconds (default 60)\n"
    "  --help            this text\n"
    "\n"
    "Exit status: 0 solved, 1 no solution, 2 bad input or usage, 3 budget exceeded;\n"
    "with many puzzles, the worst of them (3 over 1 over 0).\n";

typedef struct {
    const solver *solver[CLI_MAX_SOLVERS];
    int nsolvers;
    scan_format format;
    bool show, stats, json, cluster, native;
    const char *show_scan;
    solver_budget budget;
} options;

/* 0, 1 or 3 for one result; worse results have larger codes except for 2. */
static int exit_code(const solver_result *r)
{
    switch (r->status) {
    case SOLVE_SOLVED: return EXIT_SOLVED;
    case SOLVE_UNSOLVABLE: return EXIT_NO_SOLUTION;
    case SOLVE_BUDGET: break;
    }
    return EXIT_BUDGET;
}

static void print_json(const puzzle *p, const solver *s, const solver_result *r, double seconds,
                       bool cluster)
{
    const board *b = &p->board;
    char grid[BOARD_TEXT_MAX], db[37], id[17];
    board_format_grid(b, p->start, grid);
    puzzle_id(p, id);
    printf("{\"file\":");
    cli_json_string(stdout, p->source);
    printf(",\"name\":");
    cli_json_string(stdout, p->name);
    printf(",\"id\":\"%s\",\"board\":", id);
    cli_json_string(stdout, grid);
    printf(",\"db\":");
    if (board_format_db(b, p->start, db)) cli_json_string(stdout, db);
    else printf("null");
    printf(",\"known_optimal\":");
    if (p->optimal >= 0) printf("%d", p->optimal);
    else printf(p->optimal == PUZZLE_UNSOLVABLE ? "\"unsolvable\"" : "null");
    printf(",\"solver\":\"%s\",\"status\":\"%s\"", s ? s->name : "bfs",
           solve_status_name(r->status));
    if (r->status == SOLVE_BUDGET) printf(",\"budget_hit\":\"%s\"", r->budget_hit);
    if (r->status == SOLVE_SOLVED) printf(",\"moves\":%d,\"steps\":%d", r->nmoves, r->steps);
    else printf(",\"moves\":null,\"steps\":null");
    printf(",\"solution\":[");
    for (int k = 0; k < r->nmoves; k++) {
        char m[8];
        moves_format(b, r->moves[k], m);
        printf("%s\"%s\"", k ? "," : "", m);
    }
    printf("],\"expanded\":%llu,\"generated\":%llu,\"duplicates\":%llu,\"peak_frontier\":%llu,"
           "\"peak_bytes\":%llu,\"iterations\":%llu,\"seconds\":%.9f",
           (unsigned long long)r->expanded, (unsigned long long)r->generated,
           (unsigned long long)r->duplicates, (unsigned long long)r->peak_frontier,
           (unsigned long long)r->peak_bytes, (unsigned long long)r->iterations, seconds);
    if (cluster) printf(",\"cluster_states\":%llu", (unsigned long long)r->cluster_states);
    printf("}\n");
}

static void print_board(const board *b, uint64_t key)
{
    char grid[BOARD_TEXT_MAX];
    board_format_grid(b, key, grid);
    fputs(grid, stdout);
}

static void print_text(const options *o, const puzzle *p, const solver *s,
                       const solver_result *r, double seconds)
{
    const board *b = &p->board;
    if (o->nsolvers > 1) printf("%s [%s]: ", p->name, s->name);
    else printf("%s: ", p->name);
    if (o->cluster)
        printf("cluster %llu states%s\n", (unsigned long long)r->cluster_states,
               r->status == SOLVE_BUDGET ? " (budget exceeded: incomplete)" : "");
    else if (r->status == SOLVE_SOLVED) {
        printf("%d moves, %d steps\n", r->nmoves, r->steps);
        size_t n = (size_t)r->nmoves * 6 + 1;
        char *text = xmalloc(n);
        moves_format_list(b, r->moves, r->nmoves, text, n);
        printf("%s\n", text);
        free(text);
    } else if (r->status == SOLVE_UNSOLVABLE)
        printf("no solution\n");
    else
        printf("budget exceeded (%s)\n", r->budget_hit);

    if (o->stats)
        printf("  expanded %llu, generated %llu, duplicates %llu, peak frontier %llu, "
               "peak bytes %llu, iterations %llu, %.6f s\n",
               (unsigned long long)r->expanded, (unsigned long long)r->generated,
               (unsigned long long)r->duplicates, (unsigned long long)r->peak_frontier,
               (unsigned long long)r->peak_bytes, (unsigned long long)r->iterations, seconds);
    if (o->show && r->status == SOLVE_SOLVED) {
        uint64_t key = p->start;
        print_board(b, key);
        for (int k = 0; k < r->nmoves; k++) {
            char m[8];
            moves_format(b, r->moves[k], m);
            key = moves_apply(b, key, r->moves[k]);
            printf("%d. %s\n", k + 1, m);
            print_board(b, key);
        }
    }
}

/* Solves one puzzle with one solver, checks the solution by replay, prints it. */
static int run_one(const options *o, solver_context *ctx, const puzzle *p, const solver *s)
{
    solver_result r;
    double t0 = search_now();
    if (o->cluster) bfs_cluster(ctx, &p->board, p->start, &o->budget, &r);
    else s->solve(ctx, &p->board, p->start, &o->budget, &r);
    double seconds = search_now() - t0;

    int code = o->cluster ? (r.status == SOLVE_BUDGET ? EXIT_BUDGET : EXIT_SOLVED) : exit_code(&r);
    if (!o->cluster && r.status == SOLVE_SOLVED) {
        char why[BOARD_ERR_MAX];
        if (moves_check_solution(&p->board, p->start, r.moves, r.nmoves, why) >= 0) {
            fprintf(stderr, "solve: %s: solver %s returned an invalid solution: %s\n", p->name,
                    s->name, why);
            exit(EXIT_BAD_INPUT);
        }
    }
    if (o->json) print_json(p, o->cluster ? NULL : s, &r, seconds, o->cluster);
    else print_text(o, p, s, &r, seconds);
    solver_result_free(&r);
    return code;
}

static int parse_options(int argc, char **argv, options *o, int *first_path)
{
    memset(o, 0, sizeof *o);
    o->budget = (solver_budget){0, 2ull << 30, 60.0};
    o->solver[0] = solver_find("bfs");
    o->nsolvers = 1;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        bool bad = false;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) break;
        int b = cli_budget_option("solve", argc, argv, &i, &o->budget);
        if (b < 0) return -1;
        if (b > 0) continue;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            exit(0);
        } else if (strcmp(a, "--list") == 0) {
            cli_print_solvers(stdout);
            exit(0);
        } else if (strcmp(a, "--show") == 0) o->show = true;
        else if (strcmp(a, "--stats") == 0) o->stats = true;
        else if (strcmp(a, "--json") == 0) o->json = true;
        else if (strcmp(a, "--cluster") == 0) o->cluster = true;
        else if (strcmp(a, "--native") == 0) o->native = true;
        else if ((v = cli_value("solve", argc, argv, &i, "--solver", &bad))) {
            o->nsolvers = cli_parse_solvers("solve", v, o->solver);
            if (o->nsolvers < 0) return -1;
        } else if ((v = cli_value("solve", argc, argv, &i, "--show-scan", &bad))) {
            o->show_scan = v;
        } else if ((v = cli_value("solve", argc, argv, &i, "--format", &bad))) {
            if (cli_parse_format("solve", v, &o->format)) return -1;
        } else {
            if (!bad) fprintf(stderr, "solve: unknown option '%s' (see --help)\n", a);
            return -1;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "solve: no puzzle file given (see --help)\n");
        return -1;
    }
    if (o->show_scan && argc - i != 1) {
        fprintf(stderr, "solve: --show-scan takes exactly one image input\n");
        return -1;
    }
    *first_path = i;
    return 0;
}

int main(int argc, char **argv)
{
    options o;
    int first;
    if (parse_options(argc, argv, &o, &first)) return EXIT_BAD_INPUT;

    /* The scanner's view is drawn before the scan proper, so that it exists when the scan fails. */
    if (o.show_scan) {
        char err[SCAN_ERR_MAX];
        if (scan_image_overlay(argv[first], o.show_scan, err)) {
            fprintf(stderr, "solve: %s\n", err);
            return EXIT_BAD_INPUT;
        }
    }

    /* Read every file before solving anything: bad input fails the whole run, with no partial
     * output that could pass for complete. */
    puzzle_list puzzles = {0};
    for (int i = first; i < argc; i++) {
        char err[SCAN_ERR_MAX];
        if (scan_path(argv[i], o.format, &puzzles, err) < 0) {
            fprintf(stderr, "solve: %s\n", err);
            puzzle_list_free(&puzzles);
            return EXIT_BAD_INPUT;
        }
    }

    int worst = EXIT_SOLVED;
    solver_context ctx;
    solver_context_init(&ctx);
    for (int i = 0; i < puzzles.count; i++) {
        if (o.native) {
            char *text = puzzle_format_native(&puzzles.items[i]);
            printf("%s%s", i ? "\n" : "", text);
            free(text);
            continue;
        }
        for (int s = 0; s < (o.cluster ? 1 : o.nsolvers); s++) {
            int code = run_one(&o, &ctx, &puzzles.items[i], o.solver[s]);
            if (code > worst) worst = code;
        }
    }
    solver_context_free(&ctx);
    puzzle_list_free(&puzzles);
    return worst;
}
