/* reference.c -- the reference answer: the reference BFS, a family's proof of unsolvability,
 * or IDA* with pattern databases where no breadth-first search can finish; and the memo of
 * the clusters already searched (reference.h). */
#include "solvers/reference.h"

#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"
#include "search/cluster.h"
#include "solvers/bfs.h"
#include "solvers/registry.h"
#include "solvers/setup.h"

/* A cluster searched whole: every state's optimum in measure m on the board `geometry`. */
typedef struct {
    uint64_t hash;
    puzzle geometry;
    measure m;
    cluster c;
} memo_cluster;

#define MEMO_SEEN 64   /* the boards last searched one puzzle at a time, remembered */

struct reference_memo {
    memo_cluster *cluster;
    int nclusters;
    uint64_t states;                 /* the states the clusters hold together */
    struct { uint64_t hash; measure m; } seen[MEMO_SEEN];
    int nseen;
    reference_memo_counts counts;
};

reference_memo *reference_memo_new(void)
{
    return xcalloc(1, sizeof(reference_memo));
}

void reference_memo_free(reference_memo *memo)
{
    if (!memo) return;
    for (int k = 0; k < memo->nclusters; k++) cluster_free(&memo->cluster[k].c);
    free(memo->cluster);
    free(memo);
}

reference_memo_counts reference_memo_count(const reference_memo *memo)
{
    return memo->counts;
}

/* The cluster of the memo that holds p's start in measure m, or NULL. */
static const memo_cluster *memo_find(const reference_memo *memo, uint64_t hash, const puzzle *g,
                                     const puzzle *p, measure m)
{
    for (int k = 0; k < memo->nclusters; k++) {
        const memo_cluster *e = &memo->cluster[k];
        if (e->hash == hash && e->m == m && memcmp(&e->geometry, g, sizeof *g) == 0 &&
            stateset_find(&e->c.distance, p->start) != UINT64_MAX)
            return e;
    }
    return NULL;
}

/* Whether the board (hash, m) was searched before, one puzzle at a time; remembers it. */
static bool memo_seen(reference_memo *memo, uint64_t hash, measure m)
{
    int n = memo->nseen < MEMO_SEEN ? memo->nseen : MEMO_SEEN;
    for (int k = 0; k < n; k++)
        if (memo->seen[k].hash == hash && memo->seen[k].m == m) return true;
    int at = memo->nseen++ % MEMO_SEEN;
    memo->seen[at].hash = hash;
    memo->seen[at].m = m;
    return false;
}

/* Searches p's whole cluster in measure m into the memo, within REFERENCE_MEMO_STATES states
 * and the budget's bytes, dropping the oldest clusters to make room. NULL when it is larger. */
static const memo_cluster *memo_explore(reference_memo *memo, uint64_t hash, const puzzle *g,
                                        const puzzle *p, measure m, const solver_budget *budget)
{
    cluster c;
    family_problem view;
    puzzle_problem(p, &view);
    if (!cluster_explore_family(&c, &view, m, REFERENCE_MEMO_STATES, budget->max_bytes)) return NULL;
    cluster_forget(&c);   /* the distances are all it needs */
    memo->counts.clusters++;
    while (memo->nclusters && memo->states + c.count > REFERENCE_MEMO_STATES) {
        memo->states -= memo->cluster[0].c.count;
        cluster_free(&memo->cluster[0].c);
        memmove(memo->cluster, memo->cluster + 1, (size_t)--memo->nclusters * sizeof *memo->cluster);
    }
    memo->cluster = xrealloc(memo->cluster, (size_t)(memo->nclusters + 1) * sizeof *memo->cluster);
    memo_cluster *e = &memo->cluster[memo->nclusters++];
    e->hash = hash;
    e->geometry = *g;
    e->m = m;
    e->c = c;
    memo->states += c.count;
    return e;
}

/* The answer a memo's cluster holds for p. */
static solve_status memo_answer(reference_memo *memo, const memo_cluster *e, const puzzle *p,
                                int *units)
{
    memo->counts.answered++;
    uint32_t d = cluster_distance(&e->c, p->start);
    if (d == CLUSTER_NO_GOAL) return SOLVE_UNSOLVABLE;
    *units = (int)d;
    return SOLVE_SOLVED;
}

/* The reference BFS, from the memo where a cluster it holds has p's start; else one search,
 * or, on a board searched before, a search of p's whole cluster kept for the next. */
static solve_status bfs_through(reference_memo *memo, const puzzle *p, measure m,
                                const solver_budget *budget, int *units)
{
    if (!memo) return bfs_reference_puzzle(p, m, budget, units);
    puzzle *g = xmalloc(sizeof *g);
    uint64_t hash = puzzle_geometry(p, g);
    const memo_cluster *e = memo_find(memo, hash, g, p, m);
    if (!e && memo_seen(memo, hash, m)) e = memo_explore(memo, hash, g, p, m, budget);
    free(g);
    if (e) return memo_answer(memo, e, p, units);
    memo->counts.searches++;
    return bfs_reference_puzzle(p, m, budget, units);
}

solve_status reference_puzzle(reference_memo *memo, const puzzle *p, measure m,
                              const solver_budget *budget, int *units, const char **who)
{
    *who = "the reference BFS";
    *units = 0;
    family_problem view;
    puzzle_problem(p, &view);
    if (family_start_unsolvable(&view)) {
        *who = "the family's proof of unsolvability";
        return SOLVE_UNSOLVABLE;
    }
    if (view.cluster_states <= REFERENCE_BFS_STATES)
        return bfs_through(memo, p, m, budget, units);
    *who = "the reference IDA*/pdb";
    solver_setup u;
    char err[SETUP_ERR_MAX];
    setup_init(&u, solver_find("idastar"));
    if (setup_set(&u, SETUP_HEURISTIC, "pdb", err) != 1 || setup_set(&u, "table", "0", err) != 1)
        return SOLVE_BUDGET;   /* not reached: idastar has both */
    solver_context ctx;
    solver_context_init(&ctx);
    solver_result r;
    solver_budget b = {0, budget->max_bytes, budget->max_seconds};
    u.s->solve(&ctx, &view, &b, u.param, &r);
    solve_status status = r.status;
    if (status == SOLVE_SOLVED) {
        measure_counts c;
        char why[PUZZLE_ERR_MAX];
        if (puzzle_replay(p, r.text, &c, why) == 0) *units = c.moves;
        else status = SOLVE_BUDGET;   /* cannot be: the replay judges the path it wrote */
    }
    solver_result_free(&r);
    solver_context_free(&ctx);
    return status;
}
