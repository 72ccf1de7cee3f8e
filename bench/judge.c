/* judge.c -- one run of bin/bench turned into a row, and its claims decided.
 *
 * The invariant: every claim of a row is decided here against one reference, the file's
 * answer or the reference BFS's (always the BFS's with --verify), and a claim that contradicts
 * it fails the run with one line saying who is wrong: the solver, or the file. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "common/xmem.h"
#include "search/search.h"
#include "solvers/reference.h"
#include "solvers/registry.h"

/* The reference of a family whose measures differ (Klotski): each measure's optimum from the
 * file, or from the reference BFS in that measure; a file's optimum the BFS contradicts fails
 * the run. */
static reference reference_in_every_measure(const bench_options *o, reference_memo *memo,
                                            const puzzle *p)
{
    reference ref = {REPORT_NONE, REPORT_UNKNOWN, false, REPORT_NONE, REPORT_NONE, "the reference BFS"};
    const int file[MEASURE_COUNT] = {p->optimal, p->optimal_slides, p->optimal_steps};
    int *found[MEASURE_COUNT] = {&ref.moves, &ref.slides, &ref.steps};
    for (int m = 0; m < MEASURE_COUNT; m++) {
        int units = REPORT_NONE;
        solve_status status = SOLVE_BUDGET;
        const char *who;
        if (file[m] == PUZZLE_UNKNOWN || o->verify)
            status = reference_puzzle(memo, p, (measure)m, &o->timing.budget, &units, &who);
        if (status == SOLVE_BUDGET) {   /* the file's word, or nothing known */
            if (file[m] == PUZZLE_UNKNOWN) continue;
            if (file[m] >= 0) *found[m] = file[m];
            ref.solvable = file[m] >= 0 ? REPORT_YES : REPORT_NO;
            ref.from_file = true;
            continue;
        }
        bool agrees = file[m] == PUZZLE_UNSOLVABLE ? status == SOLVE_UNSOLVABLE
                                                   : status == SOLVE_SOLVED && units == file[m];
        if (file[m] != PUZZLE_UNKNOWN && !agrees)
            bench_check_failed("%s: the file says %d %s, %s finds %d: the file is wrong",
                               p->name, file[m], measure_name((measure)m), who, units);
        ref.solvable = status == SOLVE_SOLVED ? REPORT_YES : REPORT_NO;
        if (status == SOLVE_SOLVED) *found[m] = units;
        ref.who = who;
    }
    return ref;
}

/* The file's answer, or the reference's (solvers/reference.h) where the file has none (and always with --verify,
 * which also checks the file's claim against it). */
reference bench_reference(const bench_options *o, reference_memo *memo, const puzzle *p)
{
    if (!family_slides_are_moves(p->family)) return reference_in_every_measure(o, memo, p);
    reference file = {REPORT_NONE, REPORT_UNKNOWN, true, REPORT_NONE, REPORT_NONE, "the file"};
    if (p->optimal != PUZZLE_UNKNOWN) {
        file.solvable = p->optimal == PUZZLE_UNSOLVABLE ? REPORT_NO : REPORT_YES;
        if (p->optimal >= 0) file.moves = file.slides = p->optimal;   /* one line a piece */
        if (!o->verify) return file;
    }
    solver_budget budget = {0, o->timing.budget.max_bytes, 0};
    int moves;
    const char *who;
    solve_status status = reference_puzzle(memo, p, MEASURE_MOVES, &budget, &moves, &who);
    int optimum = status == SOLVE_SOLVED ? moves : REPORT_NONE;
    reference bfs = {optimum,
                     status == SOLVE_SOLVED ? REPORT_YES
                     : status == SOLVE_UNSOLVABLE ? REPORT_NO : REPORT_UNKNOWN,
                     false, optimum, REPORT_NONE, who};
    if (bfs.solvable == REPORT_UNKNOWN) return file;   /* the BFS ran out of memory */
    if (file.solvable != REPORT_UNKNOWN && (file.solvable != bfs.solvable || file.moves != bfs.moves)) {
        char said[32], found[32];
        if (file.solvable == REPORT_NO) snprintf(said, sizeof said, "no solution");
        else snprintf(said, sizeof said, "%d moves", file.moves);
        if (bfs.solvable == REPORT_NO) snprintf(found, sizeof found, "no solution");
        else snprintf(found, sizeof found, "%d moves", bfs.moves);
        bench_check_failed("%s: the file says %s, %s finds %s: the file is wrong", p->name, said,
                           who, found);
    }
    return bfs;
}

/* A solution's claims in the measure its setup promises when that is slides or steps. */
static void judge_other_measure(const solver_setup *u, const puzzle *p, const reference *ref,
                                const report_row *row)
{
    solver_guarantee g = setup_guarantee(u);
    int got = g == GUARANTEE_SLIDES ? row->slides : row->steps;
    int best = g == GUARANTEE_SLIDES ? ref->slides : ref->steps;
    if ((g == GUARANTEE_SLIDES || g == GUARANTEE_STEPS) && best != REPORT_NONE && got != best)
        bench_check_failed("%s on %s: %d %s, but the optimum is %d and the solver promises the "
                           "fewest %s: %s is wrong", u->s->name, p->name, got,
                           solver_guarantee_name(g), best, solver_guarantee_name(g),
                           got < best ? "the reference" : "the solver");
}

/* Replays the solution and decides the row's claims against the reference. */
void bench_judge(const bench_options *o, const solver_setup *u, const puzzle *p, reference ref,
                  const solver_result *r, report_row *row)
{
    const solver *s = u->s;
    row->optimal_moves = ref.moves;
    row->optimal_slides = ref.slides;
    row->optimal_steps = ref.steps;
    row->solvable = ref.solvable;
    const char *who = ref.from_file ? "the file" : ref.who;
    if (r->status == SOLVE_SOLVED) {
        char why[PUZZLE_ERR_MAX];
        measure_counts units;
        bool legal = puzzle_replay(p, row->solution, &units, why) == 0;
        if (legal) row->moves = units.moves, row->slides = units.slides, row->steps = units.steps;
        snprintf(row->replay, sizeof row->replay, legal ? "ok" : "illegal");
        if (!legal) {
            row->correct = REPORT_NO;
            snprintf(row->note, sizeof row->note, "illegal solution: %.200s", why);
            bench_check_failed("%s on %s: illegal solution: %s", s->name, p->name, why);
            return;
        }
        if (ref.solvable == REPORT_NO) {
            row->correct = REPORT_NO;   /* the solution replays: the claim of no solution is wrong */
            bench_check_failed("%s on %s: %s says there is no solution, yet this one replays: "
                               "%s is wrong", s->name, p->name, who, who);
            return;
        }
        row->correct = REPORT_YES;
        judge_other_measure(u, p, &ref, row);
        if (ref.moves == REPORT_NONE) return;
        row->excess = row->moves - ref.moves;
        row->optimal = row->excess == 0 ? REPORT_YES : REPORT_NO;
        if (row->excess < 0)
            bench_check_failed("%s on %s: %d moves, fewer than the optimum %d that %s gives: "
                               "%s is wrong", s->name, p->name, row->moves, ref.moves, who, who);
        else if (row->excess > 0 && setup_guarantee(u) == GUARANTEE_MOVES)
            bench_check_failed("%s on %s: %d moves, but %s gives the optimum as %d and the solver "
                               "promises the fewest moves: %s", s->name, p->name, row->moves, who,
                               ref.moves,
                               ref.from_file ? "the file or the solver is wrong (--verify tells "
                                               "which)"
                                             : "the solver is wrong");
    } else if (r->status == SOLVE_UNSOLVABLE) {
        row->correct = ref.solvable == REPORT_UNKNOWN ? REPORT_UNKNOWN
                       : ref.solvable == REPORT_NO    ? REPORT_YES
                                                      : REPORT_NO;
        if (row->correct == REPORT_NO && (s->complete || o->verify))
            bench_check_failed("%s on %s: says no solution; %s gives the optimum as %d moves",
                               s->name, p->name, who, ref.moves);
    }
}

void bench_fill_row(const solver_setup *u, const puzzle *p, int index, int count, const char *run,
                     const bench_options *o, const solver_result *r, report_row *row)
{
    setup_label(u, row->solver);
    const char *heuristic = setup_heuristic(u);
    snprintf(row->heuristic, sizeof row->heuristic, "%s", heuristic ? heuristic : "");
    setup_params_text(u, p->family, row->params);
    snprintf(row->origin, sizeof row->origin, "%s", solver_origin_name(registry_origin(u->s)));
    snprintf(row->guarantee, sizeof row->guarantee, "%s", solver_guarantee_name(setup_guarantee(u)));
    snprintf(row->family, sizeof row->family, "%s", family_name(p->family));
    row->complete = u->s->complete ? REPORT_YES : REPORT_NO;
    snprintf(row->note, sizeof row->note, "%s", r->note ? r->note : "");
    /* As many whole KEY=VALUE pairs as the cell holds. */
    size_t kept = 0;
    for (const char *kv = r->stats; kv && *kv;) {
        size_t len = strcspn(kv, " ");
        if (kept + len + 1 >= sizeof row->stats) break;
        kept += (size_t)snprintf(row->stats + kept, sizeof row->stats - kept, "%s%.*s",
                                 kept ? " " : "", (int)len, kv);
        kv += len + (kv[len] == ' ');
    }
    snprintf(row->puzzle, sizeof row->puzzle, "%s", p->name);
    snprintf(row->source, sizeof row->source, "%s", p->source);
    puzzle_id(p, row->id);
    puzzle_format_line(p, p->start, row->board);
    snprintf(row->status, sizeof row->status, "%s", solve_status_name(r->status));
    if (r->status == SOLVE_BUDGET) snprintf(row->budget_hit, sizeof row->budget_hit, "%s", r->budget_hit);
    row->index = index;
    row->puzzles = count;
    row->cluster_size = p->cluster >= 0 && p->cluster <= INT_MAX ? (int)p->cluster : REPORT_NONE;
    snprintf(row->shard, sizeof row->shard, "%d/%d", o->shard_k, o->shard_n);
    snprintf(row->run, sizeof row->run, "%s", run);
    row->expanded = r->expanded;
    row->generated = r->generated;
    row->duplicates = r->duplicates;
    row->table_bytes = r->peak_bytes;
    /* Counted by its replay (bench_judge). */
    row->solution = xstrdup(r->status == SOLVE_SOLVED ? r->text : "");
}
