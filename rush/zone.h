/* zone.h -- the seed C# solver's model of a move, shared by its two versions: zone13 (the 2013
 * program) and iddfs-zone (the 2015 program). Each solver file states its own rules; this holds
 * what both read the same way: the zones of a move, the order moves are tried in, the goal
 * test and the solution.
 *
 * Zones. A move slides a piece of length L, whose first cell is at s along its line, by d cells
 * (m = |d|). Each zone is a run of cells along the piece's line, held as a bitboard so that two
 * zones overlap exactly when they share a cell (a & b != 0):
 *   E  (entered, swept)    d > 0: s+L .. s+L+m-1                d < 0: s-m .. s-1
 *   Ea (entered, occupied) d > 0: s+m .. s+m+L-1 if m >= L,     d < 0: s-m .. s-m+min(m,L)-1
 *                                 else s+L .. s+L+m-1
 *   Lv (left, swept)       d > 0: s .. s+m-1                    d < 0: s+L-m .. s+L-1
 *   La (left, vacated)     d > 0: s .. s+min(m,L)-1             d < 0: s .. s+L-1 if m >= L,
 *                                                                      else s+L-m .. s+L-1
 *
 * Order. Pieces are tried in the order of their letters, and each piece's moves from the
 * farthest in the minus direction (left, up) to the farthest in the plus direction.
 *
 * Goal. The program stops when the primary piece has a clear run to the exit; the solution is
 * reported with that last slide added, so that it replays under the harness's rule (the primary
 * at the exit).
 */
#ifndef ZONE_H
#define ZONE_H

#include "rush/moves.h"
#include "search/search.h"

typedef struct {
    move m;
    uint64_t key;                 /* the state after the move */
    uint64_t E, Ea, Lv, La;       /* its zones */
} zone_move;

/* The move m from key (the state before it), with its zones and the state after it. */
zone_move zone_of(const board *b, uint64_t key, move m);

/* The pieces in the order of their letters: order[0 .. npieces - 1]. */
void zone_piece_order(const board *b, uint8_t *order);

/* Every legal move from key (occupancy occ) of every piece but `skip`, in the program's order,
 * into out[] (MOVES_MAX entries). Returns how many. */
int zone_candidates(const board *b, const uint8_t *order, uint64_t key, uint64_t occ, int skip,
                    move *out);

/* Does the primary piece have a clear run to the exit? */
static inline bool zone_clear_run(const board *b, uint64_t key, uint64_t occ)
{
    return !(b->lane[board_offset(b, key, b->primary)] & occ);
}

/* The solution: path[0 .. n - 1], then the primary's slide to the exit from key (the state
 * after the path), unless it stands there already. */
void zone_solved(const board *b, const zone_move *path, int n, uint64_t key, solver_result *r);

/* Does key appear among keys[0 .. n - 1] (the states of the current path)? */
static inline bool zone_on_path(const uint64_t *keys, int n, uint64_t key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key) return true;
    return false;
}

/* The depth-first search both programs run, to a depth limit: from each state it tries the
 * candidates in the program's order (never the piece that moved last), each pruned or not by
 * the program's rules, and stops at the first state with a clear run. Number the moves of the
 * path m_0 .. m_{n-1}, m_{n-1} being the candidate. */
typedef struct zone_search zone_search;
struct zone_search {
    const board *b;
    uint8_t order[BOARD_MAX_PIECES];   /* the pieces in letter order */
    int limit;                         /* the depth limit in moves */
    bool cut_off;                      /* a state at the limit was met */
    zone_move *path;                   /* m_0 .. m_{n-1} */
    uint64_t *keys;                    /* keys[0] the start, keys[i + 1] the state after m_i */
    int capacity;                      /* moves the path holds */
    const stateset *table;             /* the program's table, counted in the bytes, or NULL */
    bool (*pruned)(zone_search *z, int n);   /* the program's rules for candidate path[n - 1] */
    search_limits limits;
    solver_result *r;
};

typedef enum { ZONE_NOT_FOUND, ZONE_FOUND, ZONE_STOPPED } zone_outcome;

/* Prepares z for a solve from start with a path of up to `capacity` moves. */
void zone_search_begin(zone_search *z, const solver_context *ctx, const board *b, uint64_t start,
                       int capacity, const solver_budget *budget, solver_result *r);
/* Searches on from keys[n], the state after n moves. */
zone_outcome zone_search_from(zone_search *z, int n);
void zone_search_end(zone_search *z);

/* Does candidate path[n - 1] reach a state already on the path? */
static inline bool zone_repeats(const zone_search *z, int n)
{
    return zone_on_path(z->keys, n, z->path[n - 1].key);
}

/* The latest move before path[n - 1] of the same piece, or -1. */
static inline int zone_previous_move(const zone_search *z, int n)
{
    int p = n - 2;
    while (p >= 0 && z->path[p].m.piece != z->path[n - 1].m.piece) p--;
    return p;
}

#endif
