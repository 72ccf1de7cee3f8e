/* solve.c -- bin/solve: solve the puzzles of one or more files and print the solutions. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/measure.h"
#include "cli/pages.h"
#include "cli/trace_file.h"
#include "common/puzzle.h"
#include "common/xmem.h"
#include "external/external.h"
#include "scan/scan.h"
#include "search/cluster.h"
#include "search/search.h"
#include "solvers/bfs.h"
#include "solvers/reference.h"
#include "solvers/registry.h"

static const char *usage =
    "usage: solve [options] FILE|DIR|- ...\n"
    "Solves every puzzle in the files (any format the scanner knows, or a screenshot) and\n"
    "prints each solution in move notation (B+1 = piece B one cell right or down).\n"
    "\n"
    "  --solver LIST     solver names, comma-separated, or 'all' (default bfs)\n"
    "  --param NAME=V    set a parameter of every chosen solver that has it (repeatable)\n"
    "  --heuristic H     the lower bound of astar and idastar, or 'all' (one answer each)\n"
    "  --list            list the solvers with their parameters and exit\n"
    "  --external NAME=COMMAND  a solver that is another program, speaking the line\n"
    "                    protocol of docs/external.md (repeatable)\n"
    "  --fresh-process   start an external solver once per puzzle, not once per run\n"
    "  --no-sandbox      run external solvers unconfined (default: in a sandbox that hides\n"
    "                    the inputs and $HOME, with no network; docs/external.md)\n"
    "  --sandbox-read PATH, --sandbox-write PATH   grant a sandboxed solver a path (repeatable)\n"
    "  --plugin FILE     load the solvers of a plugin (a shared object; repeatable; not\n"
    "                    sandboxed: it runs in this process)\n"
    "  --format F        input format: auto native db kotlin csharp python image (default auto)\n"
    "  --show            print the board after every move\n"
    "  --stats           print the search counters\n"
    "  --json            one JSON object per puzzle and solver, one per line (schema:\n"
    "                    schema/solve.schema.json)\n"
    "  --cluster         analyse the cluster of each puzzle (the states reachable from it):\n"
    "                    its size, goal states, distances to the goal, hardest and canonical\n"
    "                    states, whether the hardest is minimal; with the optimal solution\n"
    "  --native          print each puzzle in native format instead of solving it\n"
    "  --show-scan F     write the screenshot scanner's view of the (one) image input to F\n"
    "                    as a PNG: board region, tiles, blocks, exit; also when it fails\n"
    "  --trace FILE      write every state each search expands, in order, to FILE as JSON\n"
    "                    lines (docs/formats.md); the times then include writing it\n"
    "  --trace-max N     end the trace after N expanded states in all (default 10M; 0: no\n"
    "                    limit)\n"
    "  --max-states N    stop a search after N expanded states (default 5M; 0: no limit)\n"
    "  --max-bytes N     stop a search when its tables exceed N bytes (default 2Gi; 0: none)\n"
    "  --max-seconds S   stop a search after S seconds (default 30; 0: no limit)\n"
    "                    counts take K M G T (powers of 1000) or Ki Mi Gi Ti (powers of 1024)\n"
    "  -h, --help        this text\n"
    "  --version         the version and commit\n"
    "\n"
    "Exit status: 0 solved, 1 no solution, 2 bad input or usage, 3 no answer (a budget\n"
    "exceeded, or an external solver that gave up, crashed or broke the protocol), 4 the\n"
    "answer of a plugin or external solver failed a check (an illegal solution, or a claim\n"
    "of fewest moves or of a complete search that the reference BFS refutes); with many\n"
    "puzzles, the worst of them (4 over 3 over 1 over 0); 130 (SIGINT) or 143 (SIGTERM)\n"
    "interrupted, every answer finished before printed.\n";

typedef struct {
    solver_setup setup[CLI_MAX_SETUPS];
    int nsetups;
    scan_format format;
    bool show, stats, json, cluster, native;
    const char *show_scan;
    const char *trace;
    unsigned long long trace_max;   /* 0: no limit */
    solver_budget budget;
} options;

/* 0, 1 or 3 for one result; worse results have larger codes except for 2. A pairing that was
 * not run (the solver does not take the family) answers nothing and changes nothing. */
static int exit_code(const solver_result *r)
{
    switch (r->status) {
    case SOLVE_UNSUPPORTED:
    case SOLVE_SOLVED: return EXIT_SOLVED;
    case SOLVE_UNSOLVABLE: return EXIT_NO_SOLUTION;
    case SOLVE_BUDGET:
    case SOLVE_GAVE_UP:
    case SOLVE_CRASHED:
    case SOLVE_PROTOCOL_ERROR: break;
    }
    return EXIT_BUDGET;
}

static json_t *json_count_or_null(bool known, uint64_t v)
{
    return known ? json_integer((json_int_t)v) : json_null();
}

/* One line of --json output (schema/solve.schema.json). */
static json_t *json_state(const puzzle *p, uint64_t key)
{
    char text[PUZZLE_BOARD_MAX];
    puzzle_format_line(p, key, text);
    return json_string(text);
}

/* A solution's moves as a JSON array of their tokens (empty unless solved). */
static json_t *json_solution(const solver_result *r)
{
    json_t *solution = json_array();
    if (r->status != SOLVE_SOLVED) return solution;
    char *text = xstrdup(r->text), *save = NULL;
    for (char *t = strtok_r(text, " ", &save); t; t = strtok_r(NULL, " ", &save))
        json_array_append_new(solution, json_string(t));
    free(text);
    return solution;
}

static void print_json(const options *o, const puzzle *p, const solver_setup *u,
                       const solver_result *r, const measure_sample *m,
                       const cluster_analysis *an, const measure_counts *units)
{
    char label[SETUP_LABEL_MAX], params[SETUP_PARAMS_MAX];
    setup_label(u, label);
    setup_params_text(u, p->family, params);
    const char *heuristic = setup_heuristic(u);
    char text[PUZZLE_BOARD_MAX], db[PUZZLE_DB_MAX], id[17];
    puzzle_format_board(p, '\n', text);
    puzzle_id(p, id);
    bool solved = r->status == SOLVE_SOLVED;
    json_t *solution = json_solution(r);
    json_t *line = json_pack(
        "{s:i, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:s, s:b, s:s, s:o, s:o, s:o, s:o}",
        "schema_version", CLI_SCHEMA_VERSION, "file", p->source, "name", p->name, "id", id,
        "board", text,
        "db", puzzle_format_db(p, db) ? json_string(db) : json_null(),
        "known_optimal", json_count_or_null(p->optimal >= 0, (uint64_t)p->optimal),
        "known_solvable", p->optimal == PUZZLE_UNKNOWN ? json_null()
                                                        : json_boolean(p->optimal >= 0),
        "solver", label, "cluster_mode", o->cluster, "status", solve_status_name(r->status),
        "budget_hit", r->status == SOLVE_BUDGET ? json_string(r->budget_hit) : json_null(),
        "moves", json_count_or_null(solved, (uint64_t)units->moves),
        "steps", json_count_or_null(solved, (uint64_t)units->steps), "solution", solution);
    json_object_set_new(line, "family", json_string(family_name(p->family)));
    json_object_set_new(line, "slides", json_count_or_null(solved, (uint64_t)units->slides));
    solver_origin origin = registry_origin(u->s);
    json_object_set_new(line, "origin", json_string(solver_origin_name(origin)));
    json_object_set_new(line, "guarantee", json_string(solver_guarantee_name(setup_guarantee(u))));
    json_object_set_new(line, "complete", json_boolean(u->s->complete));
    json_object_set_new(line, "heuristic", heuristic ? json_string(heuristic) : json_null());
    json_object_set_new(line, "params", params[0] ? json_string(params) : json_null());
    json_object_set_new(line, "note", r->note ? json_string(r->note) : json_null());
    json_object_set_new(line, "expanded", json_count_or_null(r->expanded != UBP_UNCOUNTED, r->expanded));
    json_object_set_new(line, "generated", json_count_or_null(r->generated != UBP_UNCOUNTED, r->generated));
    json_object_set_new(line, "duplicates", json_count_or_null(r->duplicates != UBP_UNCOUNTED, r->duplicates));
    json_object_set_new(line, "peak_frontier", json_count_or_null(r->peak_frontier != UBP_UNCOUNTED, r->peak_frontier));
    json_object_set_new(line, "iterations", json_count_or_null(r->iterations != UBP_UNCOUNTED, r->iterations));
    json_object_set_new(line, "table_bytes", json_count_or_null(r->peak_bytes != UBP_UNCOUNTED, r->peak_bytes));
    json_object_set_new(line, "peak_bytes", json_count_or_null(m->peak_known, m->peak_bytes));
    json_object_set_new(line, "peak_rss", json_count_or_null(m->rss_known, m->peak_rss));
    json_t *stats = json_null();
    if (r->stats) {   /* KEY=VALUE ... as an object */
        stats = json_object();
        char *copy = xstrdup(r->stats), *save = NULL;
        for (char *kv = strtok_r(copy, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(kv, '=');
            *eq = '\0';
            json_object_set_new(stats, kv, json_integer((json_int_t)strtoull(eq + 1, NULL, 10)));
        }
        free(copy);
    }
    json_object_set_new(line, "stats", stats);
    json_object_set_new(line, "seconds", json_real(m->seconds));
    json_object_set_new(line, "cpu_seconds", json_real(m->cpu_seconds));
    json_object_set_new(line, "cluster_states",
                        json_count_or_null(o->cluster && r->status != SOLVE_BUDGET &&
                                               r->status != SOLVE_UNSUPPORTED,
                                           r->cluster_states));
    bool analysed = an && an->states > 0, goal = analysed && an->hardest_moves >= 0;
    json_t *distances = json_null();
    if (goal) {
        distances = json_array();
        for (int d = 0; d < an->ndistances; d++)
            json_array_append_new(distances, json_integer((json_int_t)an->distances[d]));
    }
    json_object_set_new(line, "goal_states", json_count_or_null(analysed, analysed ? an->goal_states : 0));
    json_object_set_new(line, "distances", distances);
    json_object_set_new(line, "hardest", goal ? json_state(p, an->hardest) : json_null());
    json_object_set_new(line, "hardest_moves", goal ? json_integer(an->hardest_moves) : json_null());
    json_object_set_new(line, "canonical", analysed ? json_state(p, an->canonical) : json_null());
    json_object_set_new(line, "minimal", goal && an->minimal >= 0 ? json_boolean(an->minimal == 1) : json_null());
    json_dumpf(line, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER);
    putchar('\n');
    json_decref(line);
}

/* --show: the grid at the start and after each move, the numbered move above it. */
typedef struct {
    const puzzle *p;
    int move;
} shown;

static void show_move(const puzzle_position *pos, const char *token, size_t len, void *ctx)
{
    shown *sh = ctx;
    char grid[PUZZLE_GRID_MAX];
    puzzle_format_position(sh->p, pos, grid);
    if (len) printf("%d. %.*s\n", ++sh->move, (int)len, token);
    fputs(grid, stdout);
}

static void show(const puzzle *p, const solver_result *r)
{
    char why[PUZZLE_ERR_MAX];
    shown sh = {p, 0};
    measure_counts units;
    puzzle_replay_each(p, r->text, show_move, &sh, &units, why);   /* replayed before */
}

static void print_text(const options *o, const puzzle *p, const solver_setup *u,
                       const solver_result *r, const measure_sample *m,
                       const cluster_analysis *an, const measure_counts *units)
{
    char label[SETUP_LABEL_MAX];
    setup_label(u, label);
    if (o->cluster) printf("%s [bfs --cluster]: ", p->name);
    else if (o->nsetups > 1) printf("%s [%s]: ", p->name, label);
    else printf("%s: ", p->name);
    if (o->cluster && r->status == SOLVE_BUDGET)
        printf("cluster of at least %llu states: budget exceeded (%s)\n",
               (unsigned long long)r->cluster_states, r->budget_hit);
    else if (o->cluster && r->status != SOLVE_UNSUPPORTED)
        printf("cluster %llu states, ", (unsigned long long)r->cluster_states);
    if (r->status == SOLVE_SOLVED && r->note && strncmp(r->note, "illegal solution", 16) == 0) {
        printf("%s\n", r->note);   /* an external solver's, which bin/solve does not print */
    } else if (r->status == SOLVE_SOLVED) {
        if (family_slides_are_moves(p->family)) printf("%d moves, %d steps\n", units->moves, units->steps);
        else printf("%d moves, %d slides, %d steps\n", units->moves, units->slides, units->steps);
        printf("%s\n", r->text);
        if (r->note && strncmp(r->note, "broken claim", 12) == 0) printf("  %s\n", r->note);
    } else if (r->status == SOLVE_UNSOLVABLE) {
        if (o->cluster || u->s->complete)
            printf("no solution%s%s\n", r->note ? ": " : "", r->note ? r->note : "");
        else
            printf("no solution found (%s is not complete)\n", label);
    } else if (r->status == SOLVE_BUDGET && !o->cluster)
        printf("budget exceeded (%s)\n", r->budget_hit);
    else if (r->status == SOLVE_UNSUPPORTED)
        printf("unsupported: %s does not take %s puzzles\n", label, family_name(p->family));
    else if (r->status != SOLVE_BUDGET)   /* an external solver's: gave up, crashed, ... */
        printf("%s%s%s\n", solve_status_name(r->status), r->note ? ": " : "",
               r->note ? r->note : "");

    if (o->cluster && r->status != SOLVE_BUDGET && puzzle_key_words(p) == 2)
        printf("  (its goal states, distances and hardest state: the analysis takes boards whose "
               "keys are one word)\n");
    if (an && an->states > 0) {
        char hardest[PUZZLE_BOARD_MAX], canonical[PUZZLE_BOARD_MAX];
        puzzle_format_line(p, an->hardest, hardest);
        puzzle_format_line(p, an->canonical, canonical);
        printf("  %llu goal state%s", (unsigned long long)an->goal_states,
               an->goal_states == 1 ? "" : "s");
        if (an->hardest_moves >= 0) {
            printf("; states by distance to a goal:");
            for (int d = 0; d < an->ndistances; d++) printf(" %llu", (unsigned long long)an->distances[d]);
            printf("\n  hardest: %d moves, %s%s, %s\n", an->hardest_moves, hardest,
                   an->hardest == p->start ? " (this puzzle)" : "",
                   an->minimal == 1   ? "minimal"
                   : an->minimal == 0 ? "not minimal"
                                      : "minimality not decided (Rush Hour only)");
        } else
            putchar('\n');
        printf("  canonical: %s%s\n", canonical, an->canonical == p->start ? " (this puzzle)" : "");
    }
    if (o->stats) {
        char counted[6][24];   /* an external solver's counters may be unreported: "-" */
        const uint64_t value[6] = {r->expanded, r->generated, r->duplicates, r->peak_frontier,
                                   r->peak_bytes, r->iterations};
        for (int k = 0; k < 6; k++) {
            if (value[k] == UBP_UNCOUNTED) snprintf(counted[k], sizeof counted[k], "-");
            else snprintf(counted[k], sizeof counted[k], "%llu", (unsigned long long)value[k]);
        }
        printf("  expanded %s, generated %s, duplicates %s, peak frontier %s, table bytes %s, "
               "iterations %s, %.6f s, cpu %.6f s", counted[0], counted[1], counted[2],
               counted[3], counted[4], counted[5], m->seconds, m->cpu_seconds);
        if (m->peak_known) printf(", peak bytes %llu", (unsigned long long)m->peak_bytes);
        if (m->rss_known) printf(", peak RSS %llu", (unsigned long long)m->peak_rss);
        if (r->stats) printf(", %s", r->stats);
        if (r->note) printf(", note %s", r->note);
        putchar('\n');
    }
    if (o->show && r->status == SOLVE_SOLVED) show(p, r);
}

/* One puzzle solved by one solver, not yet checked and printed. */
typedef struct {
    puzzle p;
    const solver_setup *u;
    solver_result r;
    measure_sample m;
    uint64_t *states;   /* cluster mode: the cluster's states, for its analysis; else NULL */
    bool failed_check;  /* a solver from outside: a solution that does not replay, or a
                         * broken claim */
    measure_counts units;   /* a Klotski solution's measures, from its replay */
} solved;

/* Solves p with u (in cluster mode, explores its cluster with the reference BFS, keeping a copy
 * of its states); returns the exit status the answer calls for. */
static int solve_timed(const options *o, solver_context *ctx, const puzzle *p,
                       const solver_setup *u, solved *out)
{
    out->p = *p;
    out->u = u;
    out->states = NULL;
    out->failed_check = false;
    if (o->trace) {
        char label[SETUP_LABEL_MAX], id[17];
        setup_label(u, label);
        puzzle_id(p, id);
        trace_file_run((trace_file *)ctx->trace, label, p->name, id, puzzle_key_words(p));
    }
    out->m = o->cluster ? measure_cluster(ctx, p, &o->budget, &out->r)
                        : measure_solve(u, ctx, p, &o->budget, &out->r);
    if (o->cluster && out->r.status != SOLVE_BUDGET && puzzle_key_words(p) == 1) {
        size_t bytes = out->r.cluster_states * sizeof *out->states;
        out->states = xmalloc(bytes);
        memcpy(out->states, bfs_cluster_states(ctx), bytes);
    }
    if (o->cluster && out->r.status == SOLVE_UNSOLVABLE) return EXIT_SOLVED;
    return exit_code(&out->r);
}

/* Marks s's answer as failing a check: the reason becomes its note, and a line on stderr. */
static void fail_check(solved *s, const char *why)
{
    fprintf(stderr, "solve: CHECK FAILED: %s on %s: %s\n", s->u->s->name, s->p.name, why);
    free(s->r.message);
    s->r.message = xstrdup(why);
    s->r.note = s->r.message;
    s->failed_check = true;
}

/* The claims of a solver from outside (a plugin or an external program), held to the reference
 * BFS as bin/bench holds them: a solution under guarantee=moves (or slides, or steps, in a
 * family whose reference seeks them) has the fewest of them, and a "no solution" from a
 * complete solver is true. The built-ins' claims are the test suite's to prove; checking them
 * here would double every solve. */
static void check_claims(const options *o, solved *s)
{
    const solver *sv = s->u->s;
    solver_guarantee g = sv->guarantee;
    bool other_measures = !family_slides_are_moves(s->p.family);
    bool counted_claim = g == GUARANTEE_MOVES || (other_measures && g != GUARANTEE_NONE);
    bool length_claim = s->r.status == SOLVE_SOLVED && counted_claim;
    bool proof_claim = s->r.status == SOLVE_UNSOLVABLE && sv->complete;
    if (o->cluster || registry_origin(sv) == SOLVER_BUILTIN || !(length_claim || proof_claim))
        return;
    measure m = g == GUARANTEE_SLIDES && other_measures  ? MEASURE_SLIDES
                : g == GUARANTEE_STEPS && other_measures ? MEASURE_STEPS
                                                         : MEASURE_MOVES;
    const int got[MEASURE_COUNT] = {s->units.moves, s->units.slides, s->units.steps};
    solver_budget budget = {0, o->budget.max_bytes, 0};
    int optimum;
    const char *who;
    bool solvable = reference_puzzle(NULL, &s->p, m, &budget, &optimum, &who) == SOLVE_SOLVED;
    char why[200] = "";
    if (length_claim && solvable && got[m] > optimum)
        snprintf(why, sizeof why, "broken claim: %d %s, but %s gives the optimum as %d and the "
                 "solver promises the fewest %s", got[m], measure_name(m), who, optimum,
                 measure_name(m));
    else if (proof_claim && solvable)
        snprintf(why, sizeof why, "broken claim: says no solution, and the solver claims to be "
                 "complete, but %s solves it in %d %s", who, optimum, measure_name(m));
    if (why[0]) fail_check(s, why);
}

/* Checks s's solution by replay and its solver's claims, analyses its cluster in cluster mode,
 * prints it, frees it. Returns EXIT_CHECK_FAILED when a solution from outside does not replay
 * or a claim is broken (said in its note), else EXIT_SOLVED. */
static int report(const options *o, solved *s)
{
    if (s->r.status == SOLVE_SOLVED) {
        /* Counted by its replay, which checks it. */
        char why[PUZZLE_ERR_MAX];
        int illegal = puzzle_replay(&s->p, s->r.text, &s->units, why);
        if (illegal) {
            if (registry_origin(s->u->s) == SOLVER_BUILTIN) {   /* a bug of this program */
                fprintf(stderr, "solve: %s: solver %s returned an invalid solution: %s\n",
                        s->p.name, s->u->s->name, why);
                exit(EXIT_BAD_INPUT);
            }
            char note[PUZZLE_ERR_MAX + 32];
            snprintf(note, sizeof note, "illegal solution: %s", why);
            fail_check(s, note);
        }
    }
    if (!s->failed_check) check_claims(o, s);
    cluster_analysis an = {0}, *analysed = NULL;
    if (s->states && cluster_analyse_puzzle(&s->p, s->states, s->r.cluster_states,
                                            o->budget.max_states, o->budget.max_bytes,
                                            &solver_bfs, &an))
        analysed = &an;
    if (o->json) print_json(o, &s->p, s->u, &s->r, &s->m, analysed, &s->units);
    else print_text(o, &s->p, s->u, &s->r, &s->m, analysed, &s->units);
    cluster_analysis_free(&an);
    solver_result_free(&s->r);
    free(s->states);
    return s->failed_check ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}

enum { OPT_LIST = CLI_OPT_PROGRAM, OPT_SHOW, OPT_STATS, OPT_JSON, OPT_CLUSTER, OPT_NATIVE,
       OPT_SHOW_SCAN, OPT_FORMAT, OPT_TRACE, OPT_TRACE_MAX };

static const struct option long_options[] = {
    CLI_STANDARD_OPTIONS,
    CLI_BUDGET_OPTIONS,
    CLI_SOLVER_OPTIONS,
    CLI_EXTERNAL_OPTIONS,
    {"list", no_argument, NULL, OPT_LIST},
    {"show", no_argument, NULL, OPT_SHOW},
    {"stats", no_argument, NULL, OPT_STATS},
    {"json", no_argument, NULL, OPT_JSON},
    {"cluster", no_argument, NULL, OPT_CLUSTER},
    {"native", no_argument, NULL, OPT_NATIVE},
    {"show-scan", required_argument, NULL, OPT_SHOW_SCAN},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"trace", required_argument, NULL, OPT_TRACE},
    {"trace-max", required_argument, NULL, OPT_TRACE_MAX},
    {NULL, 0, NULL, 0},
};

static int parse_options(int argc, char **argv, options *o)
{
    cli_begin();
    memset(o, 0, sizeof *o);
    o->budget = cli_default_budget();
    o->trace_max = TRACE_FILE_DEFAULT_MAX;
    cli_choice choice;
    cli_choice_init("bfs", &choice);
    bool list = false;
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, long_options, NULL)) != -1) {
        if (cli_common_option("solve", usage, code, argv) < 0) return -1;
        int b = cli_budget_option("solve", code, optarg, &o->budget);
        if (b == 0) b = cli_choice_option("solve", code, optarg, &choice);
        if (b < 0) return -1;
        if (b > 0) continue;
        switch (code) {
        case OPT_LIST: list = true; break;
        case OPT_SHOW: o->show = true; break;
        case OPT_STATS: o->stats = true; break;
        case OPT_JSON: o->json = true; break;
        case OPT_CLUSTER: o->cluster = true; break;
        case OPT_NATIVE: o->native = true; break;
        case OPT_SHOW_SCAN: o->show_scan = optarg; break;
        case OPT_FORMAT:
            if (cli_parse_format("solve", optarg, &o->format)) return -1;
            break;
        case OPT_TRACE: o->trace = optarg; break;
        case OPT_TRACE_MAX:
            if (cli_parse_count("solve", "--trace-max", optarg, &o->trace_max)) return -1;
            break;
        }
    }
    pages_choose(o->budget.max_bytes);
    /* The inputs hold the known answers, and the trace is the harness's: hidden from external
     * solvers. Their stderr goes to this program's. */
    const char *trace[] = {o->trace};
    if (cli_hide_paths("solve", (const char *const *)argv + optind, argc - optind) ||
        cli_hide_paths("solve", trace, 1) ||
        cli_load_solvers("solve", &choice, NULL, o->budget.max_seconds))
        return -1;
    if (list) {
        cli_print_solvers(stdout);
        exit(EXIT_SOLVED);
    }
    if ((o->nsetups = cli_choice_setups("solve", &choice, o->setup)) < 0) return -1;
    if (o->show_scan && argc - optind != 1) {
        fprintf(stderr, "solve: --show-scan takes exactly one image input\n");
        return -1;
    }
    return 0;
}

/* The second pass over the input: each puzzle solved (or printed) as it comes.
 *
 * Cluster mode runs its timed searches back to back and analyses and prints them after each
 * batch, in input order: the analysis of a cluster (a backward search from its goals, over a
 * table of its own) evicts from the caches what the next search would find there, which cost
 * the timed searches 1-2% (docs/performance.md). A batch ends at CLUSTER_BATCH puzzles, or
 * once the states kept for its analyses reach CLUSTER_BATCH_STATES (8 MiB). */
#define CLUSTER_BATCH 32
#define CLUSTER_BATCH_STATES (1u << 20)

typedef struct {
    const options *o;
    int worst;           /* the exit status so far */
    int count;           /* the puzzles of the first pass */
    bool refused;        /* a parameter set does not apply to a puzzle's family */
    int answered;        /* the puzzles every chosen solver has answered (printed or pending),
                          * or --native has printed */
    solver_context ctx;  /* kept across puzzles: only the first pays for growing the tables */
    solver_setup reference;   /* cluster mode's solver */
    solved pending[CLUSTER_BATCH];   /* searched, not yet reported (solve mode: one at most) */
    int npending;
    uint64_t pending_states;   /* the states kept for their analyses */
} streamed;

/* The first pass: counts the puzzles, and refuses a parameter set for a family it does not
 * apply to (the tiles' partition on a Rush Hour puzzle): one line, the first such. */
static void count_puzzle(const puzzle *p, void *ctx)
{
    streamed *run = ctx;
    run->count++;
    for (int s = 0; s < run->o->nsetups && !run->refused; s++) {
        const char *name = setup_refused(&run->o->setup[s], p->family);
        if (!name) continue;
        char label[SETUP_LABEL_MAX];
        setup_label(&run->o->setup[s], label);
        fprintf(stderr, "solve: %s: %s has no parameter %s on %s puzzles\n", p->source, label,
                name, family_name(p->family));
        run->refused = true;
    }
}

static void report_pending(streamed *run)
{
    for (int k = 0; k < run->npending; k++)
        if (report(run->o, &run->pending[k]) > run->worst) run->worst = EXIT_CHECK_FAILED;
    run->npending = 0;
    run->pending_states = 0;
}

static void solve_one(const puzzle *p, void *ctx)
{
    streamed *run = ctx;
    const options *o = run->o;
    /* Nobody is reading, or a signal came: stop, and say so at the end. */
    if (ferror(stdout) || cli_stopping_signal) return;
    if (o->native) {
        char *text = puzzle_format_native(p);
        printf("%s%s", run->answered++ ? "\n" : "", text);
        free(text);
        return;
    }
    for (int s = 0; s < (o->cluster ? 1 : o->nsetups); s++) {
        solved *one = &run->pending[run->npending];
        int code = solve_timed(o, &run->ctx, p, o->cluster ? &run->reference : &o->setup[s], one);
        if (cli_stopping_signal && one->r.status == SOLVE_BUDGET) {   /* cut short: no answer */
            solver_result_free(&one->r);
            return;
        }
        run->npending++;
        if (code > run->worst) run->worst = code;
        run->pending_states += one->states ? one->r.cluster_states : 0;
        if (!o->cluster || run->npending == CLUSTER_BATCH ||
            run->pending_states >= CLUSTER_BATCH_STATES)
            report_pending(run);
    }
    run->answered++;
}

int main(int argc, char **argv)
{
    options o;
    if (parse_options(argc, argv, &o)) return EXIT_BAD_INPUT;

    /* The scanner's view is drawn before the scan proper, so that it exists when the scan fails. */
    if (o.show_scan) {
        char err[SCAN_ERR_MAX];
        if (scan_image_overlay(argv[optind], o.show_scan, err)) {
            fprintf(stderr, "solve: %s\n", err);
            return EXIT_BAD_INPUT;
        }
    }

    /* Read every file before solving anything: bad input fails the whole run, with no partial
     * output that could pass for complete. Then read them again, solving as the puzzles come,
     * so that memory does not grow with the corpus. */
    static streamed run;   /* static: its batch is too big for the stack */
    run.o = &o;
    run.worst = EXIT_SOLVED;
    setup_init(&run.reference, &solver_bfs);
    solver_context_init(&run.ctx);
    static trace_file trace;
    char err[OUTFILE_ERR_MAX];
    if (o.trace) {
        if (trace_file_open(&trace, o.trace, o.trace_max ? o.trace_max : UINT64_MAX, err)) {
            fprintf(stderr, "solve: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        run.ctx.trace = &trace.base;
    }
    cli_catch_interrupts();
    char **paths = argv + optind;
    int npaths = argc - optind;
    int rc = cli_read_puzzles_each("solve", paths, npaths, o.format, count_puzzle, &run) ||
             run.refused ||
             cli_read_puzzles_each("solve", paths, npaths, o.format, solve_one, &run);
    report_pending(&run);
    solver_context_free(&run.ctx);
    /* Bad input is found before anything is solved: no trace, not even an empty one. */
    if (o.trace && rc && !cli_stopping_signal) trace_file_abandon(&trace);
    else if (o.trace && trace_file_close(&trace, cli_stopping_signal, err)) {
        fprintf(stderr, "solve: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (rc && !cli_stopping_signal) return EXIT_BAD_INPUT;
    int worst = run.worst;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "solve: standard output: %s\n", strerror(errno));
        return EXIT_BAD_INPUT;
    }
    if (cli_stopping_signal) {
        fprintf(stderr, "solve: interrupted by %s after %d of %d puzzles\n",
                cli_signal_name(cli_stopping_signal), run.answered, run.count);
        return 128 + cli_stopping_signal;
    }
    return worst;
}
