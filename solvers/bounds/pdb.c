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
 * k = 1 .. PDB_PATTERNS; a pattern whose puzzle has more than PDB_MAX_STATES states reachable,
 * or whose table would pass the byte budget, is skipped (if all are, the longest prefix of the
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
#include "heuristic.h"

#include <stdlib.h>
#include <string.h>

#include "moves.h"
#include "stateset.h"
#include "xmem.h"

/* The most states a pattern's table may hold (about 48 bytes each). */
#define PDB_MAX_STATES 200000
/* How many patterns, each leaving out a different piece (measured: 1, 2, 3 patterns expand
 * 2.3x, 3.3x, 3.9x fewer states than bfs on the sample's hardest tenth; README). */
#define PDB_PATTERNS 3
#define PDB_UNREACHED 0xFFFF
#define PDB_IN_CLUSTER 0xFFFE

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

/* Builds the pattern puzzle of pieces order[0 .. count - 1] (the primary first), standing as in
 * key; false when the board refuses it (it cannot: the pieces stand as they do in a valid board). */
static bool make_small(const board *b, uint64_t key, const uint8_t *order, int count,
                       heuristic_pattern *pt)
{
    char err[BOARD_ERR_MAX];
    board *s = &pt->small;
    if (board_init(s, b->width, b->height, err)) return false;
    for (int c = 0; c < 64; c++)
        if ((b->walls >> c) & 1 && board_add_wall(s, c / 8, c % 8, err)) return false;
    /* Keep the full board's order of pieces, so that the search order matches. */
    uint8_t sorted[BOARD_MAX_PIECES];
    memcpy(sorted, order, (size_t)count);
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            uint8_t t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    for (int j = 0; j < count; j++) {
        const board_piece *p = &b->piece[sorted[j]];
        int at = board_offset(b, key, sorted[j]);
        int row = p->horizontal ? p->line : at, col = p->horizontal ? at : p->line;
        if (board_add_piece(s, p->label, p->horizontal, p->length, row, col, err)) return false;
        pt->kept[j] = sorted[j];
    }
    return board_finish(s, b->piece[b->primary].label, b->exit, err) == 0;
}

/* The fewest moves recorded for pattern state key, or PDB_UNREACHED. */
static int recorded(const heuristic_pattern *pt, uint64_t key)
{
    uint64_t slot = stateset_find(&pt->table, key);
    return slot == UINT64_MAX ? PDB_UNREACHED : (int)pt->table.value[slot];
}

static void record(heuristic_pattern *pt, uint64_t key, int moves)
{
    bool added;
    uint64_t slot = stateset_add(&pt->table, key, &added);   /* may grow the table: first */
    pt->table.value[slot] = (uint32_t)moves;
}

/* The two searches: the states reachable from start, then the distance of each from the goal
 * states among them. False, with the table freed, when more than PDB_MAX_STATES are reachable
 * (the pattern is too loose to be worth its table) or the table would pass max_bytes. */
static bool fill_distances(heuristic_pattern *pt, uint64_t start, uint64_t max_bytes)
{
    const board *s = &pt->small;
    stateset_init(&pt->table, stateset_default_hash);
    stateset_clear(&pt->table, true);
    uint64_t cap = 1024, count = 0;
    uint64_t *states = xmalloc(cap * sizeof *states);
    uint64_t child[MOVES_MAX];
    states[count++] = start;
    record(pt, start, PDB_IN_CLUSTER);
    for (uint64_t k = 0; k < count; k++) {
        int n = moves_generate(s, states[k], MOVES_SKIP_NONE, child, NULL);
        for (int c = 0; c < n; c++) {
            bool added;
            uint64_t slot = stateset_add(&pt->table, child[c], &added);
            if (!added) continue;
            pt->table.value[slot] = PDB_IN_CLUSTER;
            /* The table, and the two lists of states the searches keep beside it. */
            uint64_t bytes = stateset_bytes_next(&pt->table, 1) + 2 * (count + 1) * sizeof *states;
            if (count == PDB_MAX_STATES || bytes > max_bytes) {
                free(states);
                stateset_free(&pt->table);
                return false;
            }
            if (count == cap) states = xrealloc(states, (cap *= 2) * sizeof *states);
            states[count++] = child[c];
        }
    }
    /* Breadth-first from every goal state among them (moves are reversible). */
    uint64_t *queue = xmalloc(count * sizeof *queue), queued = 0;
    for (uint64_t k = 0; k < count; k++)
        if (board_is_goal(s, states[k])) {
            record(pt, states[k], 0);
            queue[queued++] = states[k];
        }
    for (uint64_t k = 0; k < queued; k++) {
        int d = recorded(pt, queue[k]), n = moves_generate(s, queue[k], MOVES_SKIP_NONE, child, NULL);
        for (int c = 0; c < n; c++) {
            if (recorded(pt, child[c]) != PDB_IN_CLUSTER) continue;
            record(pt, child[c], d + 1);
            queue[queued++] = child[c];
        }
    }
    for (uint64_t k = 0; k < count; k++)   /* in the cluster, but no goal in it */
        if (recorded(pt, states[k]) == PDB_IN_CLUSTER) record(pt, states[k], PDB_UNREACHED);
    free(queue);
    free(states);
    return true;
}

void heuristic_pdb_build(heuristic *h, uint64_t start, uint64_t max_bytes)
{
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
        if (!fill_distances(pt, project(b, pt, start), left)) continue;
        h->bytes += stateset_bytes(&pt->table);
        h->npatterns++;
    }
    /* None fitted: the largest prefix of the order that does. (The primary alone always does,
     * unless max_bytes is below its first table: then no pattern, and the bound is 1 until the
     * goal.) */
    for (int count = n - 1; count >= 1 && h->npatterns == 0; count--) {
        heuristic_pattern *pt = &h->pattern[0];
        if (!make_small(b, start, order, count, pt)) continue;
        if (!fill_distances(pt, project(b, pt, start), max_bytes)) continue;
        h->bytes = stateset_bytes(&pt->table);
        h->npatterns = 1;
    }
}

int heuristic_pdb(const heuristic *h, uint64_t key)
{
    if (board_is_goal(h->b, key)) return 0;
    int best = 1;
    for (int i = 0; i < h->npatterns; i++) {
        int d = recorded(&h->pattern[i], project(h->b, &h->pattern[i], key));
        if (d == PDB_UNREACHED) return HEURISTIC_DEAD;
        if (d > best) best = d;
    }
    return best;
}

void heuristic_pdb_free(heuristic *h)
{
    for (int i = 0; i < h->npatterns; i++) stateset_free(&h->pattern[i].table);
}
