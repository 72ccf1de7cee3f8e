/* pdb.c -- the pattern-database bound: exact distances in smaller puzzles.
 *
 * A *pattern* is a set of pieces that includes the primary. Its puzzle is the board with only
 * those pieces (the same size, walls and exit); its state is the full state's offsets of those
 * pieces (the *projection*). When a solve begins, a breadth-first search over the pattern
 * puzzle's states reachable from the projected start, then a second one from the goal states
 * among them, gives every such state its fewest moves to the pattern's goal, kept in a hash
 * table. Every state the solver meets projects into the searched set, because every move of
 * the full puzzle projects to a move of the pattern puzzle or to no move at all.
 *
 * The patterns. Order the pieces by their part in the puzzle: the primary, the blockers on its
 * lane, then what stands in the blockers' lines, then in theirs (nearest the lane first), then
 * the rest. Pattern k keeps every piece but the k-th from the end of that order, for
 * k = 1 .. PDB_PATTERNS; a pattern whose puzzle has more than PDB_MAX_STATES states reachable
 * (or more than the solve's state budget), or whose table would pass the byte budget, is skipped (if all are, the longest prefix of the
 * order that fits is the one pattern). The bound is the largest of the patterns' distances,
 * HEURISTIC_DEAD when some pattern's state reaches no goal.
 *
 * Admissible. Removing pieces never makes a puzzle harder: the projection of a solution of the
 * full puzzle is a solution of the pattern puzzle, move for move, except that moves of removed
 * pieces vanish (a slide legal among all pieces is legal among fewer: the cells it sweeps were
 * empty and stay empty). So each pattern's distance is at most the solution's length, and so is
 * their maximum. A pattern state with no goal in reach means the full state has none either
 * (its solution would project to one), so DEAD is sound.
 *
 * Consistent. A move s -> t projects, in each pattern, to one move or none, so each pattern's
 * distance changes by at most one (distances at the two ends of an edge differ by at most one),
 * and the largest of functions that each change by at most one changes by at most one.
 */
#include "rush/rush_bounds.h"

#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "common/xmem.h"
#include "rush/rush_cluster.h"

/* The most states a pattern's table may hold (about 48 bytes each). */
#define PDB_MAX_STATES 200000
/* How many patterns, each leaving out a different piece (measured: 1, 2, 3 patterns expand
 * 2.3x, 3.3x, 3.9x fewer states than bfs on the sample's hardest tenth; docs/performance.md). */
#define PDB_PATTERNS 3

/* The pattern state of full state key. */
static uint64_t project(const board *b, const heuristic_pattern *pt, uint64_t key)
{
    uint64_t small = 0;
    for (int j = 0; j < pt->small.npieces; j++) {
        const board_piece *p = &b->piece[pt->kept[j]];
        small |= ((key >> p->shift) & p->off_mask) << pt->small.piece[j].shift;
    }
    return small;
}

/* The pieces standing on the cells of piece i's line, other than i, into out (nearest to cell
 * position `near` first); returns how many were added. */
static int in_the_way(const board *b, uint64_t key, int i, int near, uint8_t *out, int n,
                      uint32_t *taken)
{
    const board_piece *p = &b->piece[i];
    for (int dist = 0; dist < BOARD_MAX_SIDE; dist++)
        for (int side = -1; side <= 1; side += 2) {
            int pos = near + side * dist;
            if ((dist == 0 && side > 0) || pos < 0 || pos >= BOARD_MAX_SIDE) continue;
            uint64_t cell = 1ull << (p->horizontal ? p->line * 8 + pos : pos * 8 + p->line);
            for (int r = 0; r < b->npieces; r++)
                if (!(*taken & (1u << r)) && (b->cells[r][board_offset(b, key, r)] & cell)) {
                    *taken |= 1u << r;
                    out[n++] = (uint8_t)r;
                }
        }
    return n;
}

/* Every piece, in the order patterns take them: the primary, the blockers on its lane, then
 * level by level what stands in the lines of the pieces taken so far, then the rest by index. */
static int candidates(const board *b, uint64_t key, uint8_t *out)
{
    const board_piece *pp = &b->piece[b->primary];
    uint32_t taken = 1u << b->primary;
    int n = 0;
    out[n++] = b->primary;
    uint64_t lane = b->lane[board_offset(b, key, b->primary)];
    for (int r = 0; r < b->npieces; r++)
        if (!(taken & (1u << r)) && (b->cells[r][board_offset(b, key, r)] & lane)) {
            taken |= 1u << r;
            out[n++] = (uint8_t)r;
        }
    for (int k = 1; k < n && n < b->npieces; k++)
        n = in_the_way(b, key, out[k], pp->line, out, n, &taken);
    for (int r = 0; r < b->npieces; r++)
        if (!(taken & (1u << r))) out[n++] = (uint8_t)r;
    return n;
}

/* Builds the pattern puzzle of pieces order[0 .. count - 1] (the primary among them), standing
 * as in key; false when the board refuses it (it cannot: they stand as in a valid board). */
static bool make_small(const board *b, uint64_t key, const uint8_t *order, int count,
                       heuristic_pattern *pt)
{
    char err[BOARD_ERR_MAX];
    uint32_t pieces = 0;
    for (int j = 0; j < count; j++) pieces |= 1u << order[j];
    for (int i = 0, j = 0; i < b->npieces; i++)   /* board_subset keeps b's order */
        if (pieces & (1u << i)) pt->kept[j++] = (uint8_t)i;
    return board_subset(b, key, pieces, b->walls, &pt->small, err) == 0;
}

void heuristic_pdb_build(heuristic *h, uint64_t start, uint64_t max_bytes, uint64_t max_states)
{
    uint64_t most = max_states < PDB_MAX_STATES ? max_states : PDB_MAX_STATES;
    const board *b = h->b;
    uint8_t order[BOARD_MAX_PIECES];
    int n = candidates(b, start, order);
    /* Pattern k leaves out piece order[n - 1 - k], one of the pieces farthest from the lane,
     * and keeps all the others: each table is exact for all but one piece, and their maximum
     * is right wherever one of those pieces does not matter. */
    for (int k = 0; k < PDB_PATTERNS && k < n - 1 && h->npatterns < HEURISTIC_MAX_PATTERNS; k++) {
        uint8_t kept[BOARD_MAX_PIECES];
        int count = 0;
        for (int j = 0; j < n; j++)
            if (j != n - 1 - k) kept[count++] = order[j];
        heuristic_pattern *pt = &h->pattern[h->npatterns];
        if (!make_small(b, start, kept, count, pt)) continue;
        uint64_t left = max_bytes > h->bytes ? max_bytes - h->bytes : 0;
        if (!cluster_explore(&pt->table, &pt->small, project(b, pt, start), most, left))
            continue;
        cluster_forget(&pt->table);
        h->bytes += stateset_bytes(&pt->table.distance);
        h->npatterns++;
    }
    /* None fitted: the largest prefix of the order that does. (The primary alone always does,
     * unless max_bytes is below its first table: then no pattern, and the bound is 1 until the
     * goal.) */
    for (int count = n - 1; count >= 1 && h->npatterns == 0; count--) {
        heuristic_pattern *pt = &h->pattern[0];
        if (!make_small(b, start, order, count, pt)) continue;
        if (!cluster_explore(&pt->table, &pt->small, project(b, pt, start), most, max_bytes))
            continue;
        cluster_forget(&pt->table);
        h->bytes = stateset_bytes(&pt->table.distance);
        h->npatterns = 1;
    }
}

int heuristic_pdb(const heuristic *h, uint64_t key)
{
    if (board_is_goal(h->b, key)) return 0;
    int best = 1;
    for (int i = 0; i < h->npatterns; i++) {
        uint32_t d = cluster_distance(&h->pattern[i].table, project(h->b, &h->pattern[i], key));
        if (d == CLUSTER_NO_GOAL) return HEURISTIC_DEAD;   /* (every state met is in it) */
        if ((int)d > best) best = (int)d;
    }
    return best;
}

void heuristic_pdb_free(heuristic *h)
{
    for (int i = 0; i < h->npatterns; i++) cluster_free(&h->pattern[i].table);
}
