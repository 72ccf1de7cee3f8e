/* test_trace.c -- the expansion trace (search/trace.h): for every built-in solver, on runs that
 * finish and runs a budget stops, the trace is as long as the `expanded` counter, each step's
 * parent was expanded before it on the same side, one legal move away and one level
 * shallower, and the informed solvers report their bound; bin/solve --trace writes the same as
 * JSON lines and ends a trace past --trace-max with the line that says so. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "search/search.h"
#include "rush/rush_bounds.h"
#include "tiles/tiles_pdb.h"
#include "solvers/registry.h"
#include "tests/helpers.h"

TestSuite(trace, .fini = th_check_leaks);

/* Each expansion as (side, key, g) with its place in the trace, sorted so that the first
 * expansion of a state at a depth can be looked up. */
typedef struct {
    uint64_t key;
    int side, g;
    uint64_t at;
} expansion;

static int expansion_order(const void *x, const void *y)
{
    const expansion *a = x, *b = y;
    if (a->side != b->side) return a->side - b->side;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->g != b->g) return a->g - b->g;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* The first place at which side expanded key at depth g, or UINT64_MAX. */
static uint64_t first_expansion(const expansion *e, uint64_t n, int side, uint64_t key, int g)
{
    expansion want = {key, side, g, 0};
    uint64_t lo = 0, hi = n;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (expansion_order(&e[mid], &want) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && e[lo].side == side && e[lo].key == key && e[lo].g == g ? e[lo].at : UINT64_MAX;
}

/* The trace of one run against the rules of trace.h. */
static void check_trace(const char *name, const puzzle *p, const solver_result *r,
                        const trace_list *t)
{
    const board *b = &p->board;
    cr_assert_not(t->cut, "%s on %s", name, p->name);
    cr_assert_eq(t->count, r->expanded, "%s on %s: %llu steps, %llu expanded", name, p->name,
                 (unsigned long long)t->count, (unsigned long long)r->expanded);
    expansion *e = malloc((t->count + 1) * sizeof *e);
    for (uint64_t i = 0; i < t->count; i++)
        e[i] = (expansion){t->step[i].key, t->step[i].backward, t->step[i].g, i};
    qsort(e, t->count, sizeof *e, expansion_order);
    for (uint64_t i = 0; i < t->count; i++) {
        const trace_step *s = &t->step[i];
        if (s->g == 0) {
            if (s->backward) cr_assert(board_is_goal(b, s->key), "%s: a backward root is a goal", name);
            else cr_assert_eq(s->key, p->start, "%s on %s: step %llu at g 0", name, p->name,
                              (unsigned long long)i);
            continue;
        }
        /* Iterative deepening expands a state again, at other depths too: its parent was
         * expanded one level up at least once before it. */
        uint64_t parent = first_expansion(e, t->count, s->backward, s->parent, s->g - 1);
        cr_assert_lt(parent, i, "%s on %s: step %llu's parent was not expanded before it at g %d",
                     name, p->name, (unsigned long long)i, s->g - 1);
        cr_assert(th_one_move(b, s->parent, s->key), "%s on %s: step %llu is not a move", name,
                  p->name, (unsigned long long)i);
    }
    free(e);
}

static void trace_every_solver(const char *path, const solver_budget *budget)
{
    puzzle_list list = th_load(path);
    solver_context ctx;
    solver_context_init(&ctx);
    trace_list t;
    trace_list_init(&t, UINT64_MAX);
    ctx.trace = &t.base;
    for (int s = 0; solver_all[s]; s++)
        for (int k = 0; k < list.count; k++) {
            trace_list_clear(&t);
            solver_result r = th_solve(&ctx, solver_all[s]->name, &list.items[k], budget);
            check_trace(solver_all[s]->name, &list.items[k], &r, &t);
            /* The informed solvers report their bound: h is the bound of the step's state. */
            bool informed = strcmp(solver_all[s]->name, "astar") == 0 ||
                            strcmp(solver_all[s]->name, "idastar") == 0;
            for (uint64_t i = 0; i < t.count; i++)
                cr_assert_eq(t.step[i].h != TRACE_NO_BOUND, informed, "%s", solver_all[s]->name);
            solver_result_free(&r);
        }
    trace_list_free(&t);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* Runs that finish: the first lines of the sample, solved by every solver within the budget. */
Test(trace, every_solver_traces_what_it_counts, .timeout = 120)
{
    solver_budget budget = {300000, 0, 0};
    trace_every_solver("tests/data/trace/small.txt", &budget);
}

/* Runs the state budget stops (the count it takes back is no step) and the bytes budget stops
 * (the state counted last is a step; iddfs and the zone solvers, which keep no table, stop at
 * the state budget). */
Test(trace, a_budget_stop_traces_what_it_counts, .timeout = 120)
{
    solver_budget states = {777, 0, 0}, bytes = {100000, 300000, 0};
    trace_every_solver("corpus/seeds/seeds.txt", &states);
    trace_every_solver("corpus/seeds/seeds.txt", &bytes);
}

/* A* and IDA* trace the bound they use. */
Test(trace, the_informed_solvers_trace_their_bound)
{
    puzzle_list list = th_load("tests/data/trace/small.txt");
    const puzzle *p = &list.items[0];
    solver_context ctx;
    solver_context_init(&ctx);
    trace_list t;
    trace_list_init(&t, UINT64_MAX);
    ctx.trace = &t.base;
    solver_budget none = {0, 0, 0};
    const char *names[] = {"astar", "idastar"};
    for (int n = 0; n < 2; n++) {
        trace_list_clear(&t);
        solver_result r = th_solve(&ctx, names[n], p, &none);
        heuristic bound;
        heuristic_init(&bound, &p->board, p->start, HEURISTIC_PDB, 0, 0);
        for (uint64_t i = 0; i < t.count; i++)
            cr_assert_eq(t.step[i].h, heuristic_moves(&bound, t.step[i].key), "%s", names[n]);
        heuristic_free(&bound);
        solver_result_free(&r);
    }
    trace_list_free(&t);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* The in-memory listener keeps at most its max and says it cut the rest. */
Test(trace, a_list_keeps_at_most_its_max)
{
    puzzle_list list = th_load("tests/data/trace/small.txt");
    solver_context ctx;
    solver_context_init(&ctx);
    trace_list t;
    trace_list_init(&t, 10);
    ctx.trace = &t.base;
    solver_budget none = {0, 0, 0};
    solver_result r = th_solve(&ctx, "bfs", &list.items[list.count - 1], &none);
    cr_assert_gt(r.expanded, 10);
    cr_assert_eq(t.count, 10);
    cr_assert(t.cut);
    solver_result_free(&r);
    trace_list_free(&t);
    solver_context_free(&ctx);
    puzzle_list_free(&list);
}

/* bin/solve --trace: a header per run, then as many lines as --json says were expanded, for
 * every solver; --trace-max cuts the file with a last line that says so. */
Test(trace, solve_writes_the_trace_as_json_lines, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/solve --solver all --json --trace %s/t.jsonl tests/data/trace/small.txt > %s/r.json"
             " && python3 -c \"import json,sys\n"
             "runs=[json.loads(l) for l in open('%s/r.json')]\n"
             "lines=[json.loads(l) for l in open('%s/t.jsonl')]\n"
             "heads=[i for i,l in enumerate(lines) if 'solver' in l]+[len(lines)]\n"
             "assert len(heads)-1==len(runs), (len(heads), len(runs))\n"
             "for r,a,b in zip(runs,heads,heads[1:]):\n"
             "  h=lines[a]\n"
             "  assert (h['solver'],h['puzzle'],h['id'])==(r['solver'],r['name'],r['id']), (h,r)\n"
             "  assert b-a-1==r['expanded'], (h, b-a-1, r['expanded'])\n"
             "  assert all(('parent' in l)==(l['g']>0) and len(l['key'])==16 for l in lines[a+1:b])\n"
             "print(len(runs), sum(r['expanded'] for r in runs))\"",
             th_bin(), dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_eq(atoi(out), 9 * 4, "%s", out);   /* 9 solvers x 4 puzzles */
    free(out), free(err);

    snprintf(cmd, sizeof cmd,
             "%s/solve --solver bfs --trace %s/cut.jsonl --trace-max 100 tests/data/trace/small.txt"
             " > /dev/null && grep -c '\"key\"' %s/cut.jsonl && tail -n 1 %s/cut.jsonl",
             th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "100\n{\"cut\":\"trace-max\",\"max\":100}\n");
    free(out), free(err);

    /* A trace that cannot be written: one line naming it, exit 2, no answer lost to it. */
    snprintf(cmd, sizeof cmd, "%s/solve --trace /dev/full tests/data/trace/small.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_not_null(strstr(err, "solve: /dev/full: "), "%s", err);
    free(out), free(err);

    /* Bad input fails before anything is traced: no trace file, not even a partial one (the
     * puzzle taken for the trace's name once left an empty "FILE.partial" beside it). */
    snprintf(cmd, sizeof cmd, "cp tests/data/trace/small.txt %s/p.txt && %s/solve --trace %s/p.txt; "
             "echo rc=$?; ls %s", dir, th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(err, "solve: no puzzle path given (see --help)\n");
    cr_assert_not_null(strstr(out, "rc=2\n"), "%s", out);
    cr_assert_null(strstr(out, "partial"), "%s", out);
    free(out), free(err);
}
