/* rush_bounds.h -- Rush Hour's lower bounds on the moves left (solvers/bounds/heuristic.h gives
 * their names and how a solver starts one): blockers (blockers.c), mustmove (mustmove.c) and
 * the pattern databases (pdb.c), each proved admissible and consistent where it is defined, and
 * Rush Hour's family_bounds (rush_bounds.c), which starts them on the fast space's board.
 *
 *     heuristic h;
 *     heuristic_init(&h, b, start, HEURISTIC_PDB, max_bytes, max_states);   (builds what the
 *                     bound needs: at most max_bytes, no pattern of more than max_states
 *                     states; 0: no limit)
 *     int moves = heuristic_moves(&h, key);           (HEURISTIC_DEAD: the goal is unreachable)
 *     heuristic_free(&h);
 */
#ifndef RUSH_BOUNDS_H
#define RUSH_BOUNDS_H

#include "rush/board.h"
#include "search/cluster.h"
#include "solvers/bounds/heuristic.h"

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
