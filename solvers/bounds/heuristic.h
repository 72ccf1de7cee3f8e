/* heuristic.h -- lower bounds on the moves left, for the informed solvers (astar, idastar).
 *
 * Every bound here is admissible (never more than the fewest moves from a state to the goal)
 * and consistent (one move changes it by at most one), which is what A* needs to expand each
 * state once and IDA* to return the optimum. Each is proved where it is defined, one file each:
 *
 *   blockers  (blockers.c)  1 + the pieces on the lane + 1 if one of them cannot leave it in one
 *                           move. Nothing to prepare.
 *   mustmove  (mustmove.c)  the fewest pieces that must move at least once: the primary, the
 *                           blockers, and recursively the pieces in the way of whichever way
 *                           each must take, the minimum over the choices.
 *   pdb       (pdb.c)       pattern databases: exact distances in smaller puzzles made of some
 *                           of the pieces, computed by BFS when the solve begins; the larger of
 *                           one pattern's distance and the sum of disjoint patterns' counts of
 *                           their own pieces' moves.
 *
 *     heuristic h;
 *     heuristic_init(&h, b, start, HEURISTIC_PDB, max_bytes, max_states);   (builds what the
 *                     bound needs: at most max_bytes, no pattern of more than max_states
 *                     states; 0: no limit)
 *     int moves = heuristic_moves(&h, key);           (HEURISTIC_DEAD: the goal is unreachable)
 *     heuristic_free(&h);
 *
 * What a bound builds is part of the solve: its time is in the solve's time and heuristic_bytes
 * in the solver's memory.
 */
#ifndef HEURISTIC_H
#define HEURISTIC_H

#include "common/board.h"
#include "search/cluster.h"
#include "solvers/setup.h"

#define HEURISTIC_DEAD 0xFFFF

typedef enum { HEURISTIC_BLOCKERS, HEURISTIC_MUSTMOVE, HEURISTIC_PDB, HEURISTIC_KINDS } heuristic_kind;

/* The bound astar and idastar use unless told otherwise. */
#define HEURISTIC_DEFAULT HEURISTIC_PDB

/* The names --heuristic takes, in the order of heuristic_kind. */
extern const char *const heuristic_names[HEURISTIC_KINDS];

/* One pattern database (pdb.c). */
#define HEURISTIC_MAX_PATTERNS 4
typedef struct {
    board small;                          /* the kept pieces, the same walls and exit */
    uint8_t kept[BOARD_MAX_PIECES];       /* kept[j]: the full board's index of piece j */
    cluster table;                        /* small board's key -> fewest moves to its goal */
} heuristic_pattern;

typedef struct {
    const board *b;
    heuristic_kind kind;
    int npatterns;
    heuristic_pattern pattern[HEURISTIC_MAX_PATTERNS];
    uint64_t bytes;                       /* memory the bound holds */
} heuristic;

void heuristic_init(heuristic *h, const board *b, uint64_t start, heuristic_kind kind,
                    uint64_t max_bytes, uint64_t max_states);

/* What astar and idastar share: their "heuristic" parameter (solver.h), and the start of a
 * solve, which builds the bound chosen by it within the byte budget (no pattern explored past
 * the state budget either) and counts what it holds in r->peak_bytes (built before the
 * solver's first budget check). */
#define HEURISTIC_PARAM                                                                         \
    {SETUP_HEURISTIC, "the lower bound (bounds/heuristic.h)", HEURISTIC_DEFAULT, 0,            \
     HEURISTIC_KINDS - 1, heuristic_names}
void heuristic_begin(heuristic *h, const board *b, uint64_t start, int kind,
                     const solver_budget *budget, solver_result *r);
int heuristic_moves(const heuristic *h, uint64_t key);
static inline uint64_t heuristic_bytes(const heuristic *h)
{
    return h->bytes;
}
void heuristic_free(heuristic *h);

/* The bounds themselves, for heuristic_moves and the tests. */
int heuristic_blockers(const board *b, uint64_t key);
int heuristic_mustmove(const board *b, uint64_t key);
void heuristic_pdb_build(heuristic *h, uint64_t start, uint64_t max_bytes, uint64_t max_states);
void heuristic_pdb_free(heuristic *h);
int heuristic_pdb(const heuristic *h, uint64_t key);

#endif
