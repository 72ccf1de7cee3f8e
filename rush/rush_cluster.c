/* rush_cluster.c -- Rush Hour's clusters (search/cluster.h, its Rush Hour part): explored and
 * given their distances on the bitboards, and analysed as the database of all puzzles defines
 * it: states ordered by their pieces' cells, the hardest state's minimality decided by removing
 * each piece and wall in turn. The family's analyse_cluster (rush_puzzle.c). */
#include <string.h>

#include "rush/moves.h"
#include "rush/rush_cluster.h"
#include "search/cluster_internal.h"

static bool rush_is_goal(const void *b, uint64_t key)
{
    return board_is_goal(b, key);
}

static int rush_successors(const void *b, uint64_t key, uint64_t *child)
{
    return moves_generate(b, key, MOVES_SKIP_NONE, child, NULL);
}

static void assign_distances(cluster *c, const board *b)
{
    assign_distances_in(c, b, rush_is_goal, rush_successors, MOVES_MAX);
}

bool cluster_explore(cluster *c, const board *b, uint64_t start, uint64_t max_states,
                     uint64_t max_bytes)
{
    if (!explore_in(c, b, rush_successors, MOVES_MAX, start, max_states, max_bytes)) return false;
    assign_distances(c, b);
    return true;
}

bool cluster_of_states(cluster *c, const board *b, const uint64_t *keys, uint64_t count,
                       uint64_t max_states, uint64_t max_bytes)
{
    if (!cluster_of_keys(c, keys, count, max_states, max_bytes)) return false;
    assign_distances(c, b);
    return true;
}

/* The state's place in the order: its horizontal pieces' cells, then its vertical ones, as
 * bitboards of bit y * width + x. */
typedef struct {
    uint64_t horizontal, vertical;
} order_key;

static uint64_t dense(const board *b, uint64_t cells)
{
    uint64_t out = 0;
    for (int y = 0; y < b->height; y++)
        out |= ((cells >> (y * 8)) & ((1ull << b->width) - 1)) << (y * b->width);
    return out;
}

static order_key order_of(const board *b, uint64_t key)
{
    uint64_t h = 0, v = 0;
    for (int i = 0; i < b->npieces; i++) {
        uint64_t cells = b->cells[i][board_offset(b, key, i)];
        if (b->piece[i].horizontal) h |= cells;
        else v |= cells;
    }
    return (order_key){dense(b, h), dense(b, v)};
}

static bool before(order_key x, order_key y)
{
    return x.horizontal != y.horizontal ? x.horizontal < y.horizontal : x.vertical < y.vertical;
}

/* The optimal move count of the puzzle of `pieces` and `walls` of b standing at key, by the
 * reference solver, or -1 (removing pieces never makes a puzzle unsolvable, so -1 means only
 * that the board was refused, which it cannot be). */
static int optimum_of(const solver *reference, solver_context *ctx, const board *b, uint64_t key,
                      uint32_t pieces, uint64_t walls)
{
    board small;
    char err[BOARD_ERR_MAX];
    if (board_subset(b, key, pieces, walls, &small, err)) return -1;
    solver_budget unlimited = {0, 0, 0};
    solver_result r;
    family_problem view;
    moves_problem(&small, board_start_key(&small), &view);
    reference->solve(ctx, &view, &unlimited, NULL, &r);
    int moves = r.status == SOLVE_SOLVED ? moves_text_count(r.text) : -1;
    solver_result_free(&r);
    return moves;
}

bool cluster_minimal(const solver *reference, solver_context *ctx, const board *b, uint64_t key,
                     int moves)
{
    uint32_t all = board_all_pieces(b);
    bool needed = true;
    for (int i = 0; i < b->npieces && needed; i++)
        if (i != b->primary && optimum_of(reference, ctx, b, key, all & ~(1u << i), b->walls) >= moves)
            needed = false;
    for (uint64_t w = b->walls; w && needed; w &= w - 1)
        if (optimum_of(reference, ctx, b, key, all, b->walls & ~(w & -w)) >= moves) needed = false;
    return needed;
}

/* The analysis of cluster c of start, which it frees. */
static void analyse(cluster *c, const board *b, uint64_t start, const solver *reference,
                    cluster_analysis *out)
{
    out->states = c->count;
    order_key smallest = order_of(b, start), hardest = smallest;
    out->canonical = out->hardest = start;
    for (uint64_t k = 0; k < c->count; k++) {
        uint64_t key = c->key[k];
        uint32_t d = cluster_distance(c, key);
        order_key o = order_of(b, key);
        if (before(o, smallest)) smallest = o, out->canonical = key;
        if (d == CLUSTER_NO_GOAL || !cluster_tally(out, d)) continue;
        if ((int)d > out->hardest_moves || before(o, hardest)) {
            out->hardest_moves = (int)d;
            out->hardest = key;
            hardest = o;
        }
    }
    cluster_free(c);
    if (out->hardest_moves >= 0) {
        solver_context ctx;
        solver_context_init(&ctx);
        out->minimal = cluster_minimal(reference, &ctx, b, out->hardest, out->hardest_moves);
        solver_context_free(&ctx);
    }
}

bool cluster_analyse(const board *b, uint64_t start, uint64_t max_states, uint64_t max_bytes,
                     const solver *reference, cluster_analysis *out)
{
    cluster_analysis_begin(out);
    cluster c;
    if (!cluster_explore(&c, b, start, max_states, max_bytes)) return false;
    analyse(&c, b, start, reference, out);
    return true;
}

bool cluster_analyse_states(const board *b, uint64_t start, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const solver *reference,
                            cluster_analysis *out)
{
    cluster_analysis_begin(out);
    cluster c;
    if (!cluster_of_states(&c, b, keys, count, max_states, max_bytes)) return false;
    analyse(&c, b, start, reference, out);
    return true;
}

bool rush_analyse_cluster(const puzzle *p, const uint64_t *keys, uint64_t count,
                          uint64_t max_states, uint64_t max_bytes, const struct solver *reference,
                          struct cluster_analysis *out)
{
    return cluster_analyse_states(&p->board, p->start, keys, count, max_states, max_bytes,
                                  reference, out);
}
