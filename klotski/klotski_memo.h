/* klotski_memo.h -- a Klotski board's successors on raw keys, looked up by the empty cells,
 * for a search that expands many states of one board in one measure (the reference BFS).
 *
 * Where a piece can go, in any measure, depends on its class, its anchor and which cells are
 * empty, nothing else: every other cell is covered, and a piece moves only into empty cells.
 * A board has few sets of empty cells (the classic's 2 of 20 cells: 190), met by many states
 * each. So for each set a search meets, the memo works out once where a piece of each class on
 * each lane would go, and a state's successors are then read off its lanes with no test of
 * whether a piece is stuck and no flood: one branch-free write per lane that a piece there
 * could leave.
 *
 *     klotski_memo *memo = klotski_memo_new(b, MEASURE_MOVES);   (NULL: use klotski.h's)
 *     n = klotski_memo_successors_after(memo, parent, key, child);
 *     klotski_memo_free(memo);
 *
 * Invariant: the memo's lists are klotski_successors_after's (and at the root
 * klotski_successors'), the same keys in the same order (tests/test_klotski.c compares them
 * over whole clusters in all three measures).
 */
#ifndef KLOTSKI_MEMO_H
#define KLOTSKI_MEMO_H

#include <stdint.h>

#include "klotski/klotski.h"

typedef struct klotski_memo klotski_memo;

/* The most sets of empty cells a board may have for a memo to be made: past it, a search could
 * meet most sets once, and working one out costs more than generating a state directly. */
#define KLOTSKI_MEMO_MAX_SETS 4096

/* A memo for board b (which must outlive it) in measure m, empty; NULL when the board's key is
 * not raw, when it has more than KLOTSKI_MEMO_MAX_SETS sets of empty cells, or when memory
 * runs out: the caller then uses klotski_successors_after. */
klotski_memo *klotski_memo_new(const klotski_board *b, measure m);
/* The same memo, reading its lists in the portable build whatever the processor runs (the
 * other, where the AVX2 twins are built and the processor has them, uses AVX2, BMI1 and BMI2):
 * for the tests that hold the two equal. */
klotski_memo *klotski_memo_new_portable(const klotski_board *b, measure m);
void klotski_memo_free(klotski_memo *memo);
/* Bytes the memo holds: budgets count them with the search's tables. */
uint64_t klotski_memo_bytes(const klotski_memo *memo);

/* klotski_successors(b, key, m, child) and klotski_successors_after(b, parent, key, m, child),
 * from the memo. child has room for klotski_max_successors(b) keys, and the memo may write
 * past the count it returns, never past that room. Working out a new set may run out of
 * memory: the list then comes from klotski.h's generator, the same one. */
int klotski_memo_successors(klotski_memo *memo, uint64_t key, uint64_t *child);
int klotski_memo_successors_after(klotski_memo *memo, uint64_t parent, uint64_t key,
                                  uint64_t *child);

/* The memo as family.h's family_memo (klotski_problem's). */
extern const family_memo klotski_family_memo;

#endif
