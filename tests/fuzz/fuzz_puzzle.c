/* fuzz_puzzle.c -- the properties every fuzzed puzzle must have (fuzz.h). */
#include "tests/fuzz/fuzz.h"

#include <stdlib.h>

#include "cli/measure.h"
#include "scan/scan.h"
#include "search/search.h"
#include "solvers/registry.h"

static const solver_budget small = {300, 16u << 20, 0};

/* Solves with the solver called name, through the entry of p's family; returns the moves, -1
 * for no solution, -2 for a budget hit. Aborts on a solution that does not replay. */
static int solve(const char *name, const puzzle *p)
{
    solver_setup u;
    setup_init(&u, solver_find(name));
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    measure_call(&u, &ctx, p, &small, &r);
    int moves = r.status == SOLVE_UNSOLVABLE ? -1 : -2;
    if (r.status == SOLVE_SOLVED) {
        char why[PUZZLE_ERR_MAX];
        measure_counts units;
        if (puzzle_replay(p, r.text, &units, why) < 0) abort();
        moves = units.moves;
    }
    solver_result_free(&r);
    solver_context_free(&ctx);
    return moves;
}

void fuzz_check_puzzle(const puzzle *p)
{
    char *text = puzzle_format_native(p);
    puzzle_list again = {0};
    char err[SCAN_ERR_MAX], a[17], b[17];
    if (scan_text("round-trip", text, strlen(text), SCAN_NATIVE, &again, err) != 1) abort();
    char ga[PUZZLE_BOARD_MAX], gb[PUZZLE_BOARD_MAX];
    puzzle_format_board(p, '\n', ga);
    puzzle_format_board(&again.items[0], '\n', gb);
    puzzle_id(p, a);
    puzzle_id(&again.items[0], b);
    if (strcmp(ga, gb) != 0 || strcmp(a, b) != 0) abort();
    puzzle_list_free(&again);
    free(text);

    int bfs = solve("bfs", p), astar = solve("astar", p), bibfs = solve("bibfs", p);
    if (bfs != -2 && astar != -2 && bfs != astar) abort();
    if (bfs != -2 && bibfs != -2 && bfs != bibfs) abort();
}
