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
 * A memo (NULL: none) keeps the clusters searched whole, so that a run of many puzzles of one
 * board asks the reference BFS once per cluster: the first puzzle of a board is searched to its
 * goal alone; a second puzzle of the same board has its whole cluster searched (within
 * REFERENCE_MEMO_STATES states and the budget's bytes), each state with its optimum, and every
 * later puzzle of that cluster is answered from it. The answers are the same: a cluster's
 * distances are the breadth-first optima, in the measure asked.
 *
 *     reference_memo *memo = reference_memo_new();
 *     int units;
 *     const char *who;
 *     solve_status s = reference_puzzle(memo, p, MEASURE_MOVES, &budget, &units, &who);
 *     reference_memo_free(memo);
 */
#ifndef REFERENCE_H
#define REFERENCE_H

#include "common/puzzle.h"
#include "search/solver.h"

#define REFERENCE_BFS_STATES 50000000ull

/* The most states the memo's clusters hold together (the oldest are dropped for a new one). */
#define REFERENCE_MEMO_STATES 4000000ull

typedef struct reference_memo reference_memo;
typedef struct {
    uint64_t searches;   /* puzzles the reference BFS searched one at a time */
    uint64_t clusters;   /* clusters searched whole */
    uint64_t answered;   /* puzzles answered from a cluster searched before */
} reference_memo_counts;

reference_memo *reference_memo_new(void);
void reference_memo_free(reference_memo *memo);
reference_memo_counts reference_memo_count(const reference_memo *memo);

/* SOLVE_SOLVED with the optimum in *units, SOLVE_UNSOLVABLE, or SOLVE_BUDGET when the budget
 * stopped it; *who names the search that answered (the reference BFS, or the reference
 * IDA* with pattern databases), for messages. memo: NULL, or the clusters searched before. */
solve_status reference_puzzle(reference_memo *memo, const puzzle *p, measure m,
                              const solver_budget *budget, int *units, const char **who);

#endif
