/* numbered.h -- a board whose keys are two words, searched by a solver written over one-word
 * keys: each state the search meets is numbered as it is first met, and the solver searches
 * the numbers (docs/architecture.md, "Keys and their width").
 *
 * The invariant: a state has one number for the whole solve, and a number one state, so the
 * numbered view is the wide board's graph relabelled, and every guarantee a solver proves on a
 * graph holds on it unchanged. A number is the state's rank in order of first meeting, shifted
 * left one, with the low bit set when the state is the goal (goal_mask 1, goal_value 1): the
 * goal test needs no table. The wide keys sit in one array by rank, indexed by a hash table of
 * ranks (open addressing, at most half full, XXH3 of the key's 16 bytes); both grow by
 * doubling.
 *
 * What the view gives: successors (the wide successors, each numbered), successors_after
 * (without the parent), goal_states (the one goal), a lower bound and notation through the wide
 * calls, static unsolvability. The bound a solver chooses is begun on the wide view and asked
 * through the numbers (bounds/heuristic.c); a trace hears wide keys (trace.h's key_high); the
 * table's bytes count against the solve's bytes budget (solver_context.view_bytes), so a
 * budget stays a hard cap. It costs a second table a state: a state holds its 16-byte key and
 * an 8-byte slot here besides the solver's own entry.
 *
 *     numbered_solve(s->solve, ctx, &wide_view, budget, param, r);
 *
 * Korf's IDA*, which keeps no states, runs the wide view itself (solvers/idastar.c).
 */
#ifndef NUMBERED_H
#define NUMBERED_H

#include "search/solver.h"

typedef void numbered_entry(solver_context *ctx, const family_problem *p,
                            const solver_budget *budget, const int *param, solver_result *r);

/* Runs solve on wide view p (key_words 2) through its numbered view, restoring ctx's trace
 * after. The row's stats get numbered_states=N, the states numbered. */
void numbered_solve(numbered_entry *solve, solver_context *ctx, const family_problem *p,
                    const solver_budget *budget, const int *param, solver_result *r);

/* Runs solver s on view p: through the numbered view when p's keys are two words and s does
 * not take them itself (solver.h, `wide`), else directly. */
void numbered_run(const solver *s, solver_context *ctx, const family_problem *p,
                  const solver_budget *budget, const int *param, solver_result *r);

/* The wide view a numbered view numbers, or NULL when p is not one. */
static inline const family_problem *numbered_wide_view(const family_problem *p)
{
    return p->numbers;
}

/* The wide key of number n of numbered view p. */
key_wide numbered_key(const family_problem *p, uint64_t n);

#endif
