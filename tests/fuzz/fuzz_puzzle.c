/* fuzz_puzzle.c -- the properties every fuzzed puzzle must have (fuzz.h). */
#include "tests/fuzz/fuzz.h"

#include "scan/scan.h"
#include "search/solver.h"
#include "solvers/registry.h"

static const solver_budget small = {300, 16u << 20, 0};

/* Solves with s; returns the moves, -1 for no solution, -2 for a budget hit. Aborts on a
 * solution that does not replay. */
static int solve(const char *name, const puzzle *p)
{
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_find(name)->solve(&ctx, &p->board, p->start, &small, NULL, &r);
    int moves = r.status == SOLVE_SOLVED ? r.nmoves : r.status == SOLVE_UNSOLVABLE ? -1 : -2;
    char why[BOARD_ERR_MAX];
    if (r.status == SOLVE_SOLVED && moves_check_solution(&p->board, p->start, r.moves, r.nmoves, why) >= 0)
        abort();
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
