/* reference.h -- the reference answer a claim is judged against (bench/judge.c, bench/verify.c,
 * bin/solve --verify): exact in the measure asked, from a search independent of the solver
 * judged wherever one can finish.
 *
 * The reference is the reference BFS (solvers/bfs.h). Two cases go another way, both from the
 * family's view (family.h), so no family is named here:
 *   - a start the family proves unsolvable without a search (`unsolvable`: the tiles' parity)
 *     is SOLVE_UNSOLVABLE at once;
 *   - a start whose cluster the family knows to hold more than REFERENCE_BFS_STATES states
 *     (`cluster_states`: the 15-puzzle's 10^13), which a breadth-first search could never
 *     finish, is solved by IDA* with the family's pattern databases and no transposition
 *     table (solvers/idastar.c): exact, because its bound is admissible.
 *
 *     int units;
 *     const char *who;
 *     solve_status s = reference_puzzle(p, MEASURE_MOVES, &budget, &units, &who);
 */
#ifndef REFERENCE_H
#define REFERENCE_H

#include "common/puzzle.h"
#include "search/solver.h"

#define REFERENCE_BFS_STATES 50000000ull

/* SOLVE_SOLVED with the optimum in *units, SOLVE_UNSOLVABLE, or SOLVE_BUDGET when the budget
 * stopped it; *who names the search that answered (the reference BFS, or the reference
 * IDA* with pattern databases), for messages. */
solve_status reference_puzzle(const puzzle *p, measure m, const solver_budget *budget, int *units,
                              const char **who);

#endif
