/* bfs.h -- the reference solver, its cluster mode, and the breadth-first engine that bfs, bfs1
 * and cluster mode share (solvers/bfs.c dispatches, rush/bfs_engine.c searches). */
#ifndef BFS_H
#define BFS_H

#include "search/search.h"

/* The reference solver: breadth-first search over multi-cell moves, fewest moves, complete.
 * What every other answer is checked against. */
extern const solver solver_bfs;

/* The breadth-first search of view p in measure m, to the first goal or (cluster) over the
 * whole cluster, keeping its first goal: over the family's fast space where it has one (Rush
 * Hour's engine, bfs_search), else over the view (bfs_family_search; bfs_wide_search on a view
 * of two-word keys). Cluster mode counts the states reachable from the start into
 * r->cluster_states; unless it stopped on its budget, and on a view of one-word keys, they stay
 * listed, each once, at bfs_cluster_states(ctx) [0 .. r->cluster_states) until ctx is used
 * again. */
void bfs_run(solver_context *ctx, const family_problem *p, measure m, const solver_budget *budget,
             solver_result *r, bool cluster);
const uint64_t *bfs_cluster_states(const solver_context *ctx);

typedef enum {
    BFS_MOVES,     /* successors are multi-cell moves; stop at the first goal */
    BFS_STEPS,     /* successors are single-cell steps; stop at the first goal */
    BFS_CLUSTER,   /* multi-cell moves, explore everything; solution = first goal met */
} bfs_mode;

/* The breadth-first search of a family's fast space (family.h's `fast`: Rush Hour's board), in
 * measure m, as bfs_run asks for it (rush/rush_bfs.c). */
void bfs_fast(solver_context *ctx, const void *fast, uint64_t start, measure m,
              const solver_budget *budget, solver_result *r, bool cluster);

/* Rush Hour's engine, in the build this processor runs fastest (rush/rush_bfs.c). */
void bfs_search(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                solver_result *r, bfs_mode mode);

/* The three builds of the same search, for the tests that hold them equal: the portable one,
 * the AVX2 one (with BMI1 and BMI2) and the AVX-512 one (AVX2 and BMI with AVX-512 F, CD, DQ,
 * BW and VL), which are built only on x86-64 (HAVE_AVX2_TWINS, Makefile) and may run only
 * where bfs_avx2_available() and bfs_avx512_available() say so. */
void bfs_search_portable(solver_context *ctx, const board *b, uint64_t start,
                         const solver_budget *budget, solver_result *r, bfs_mode mode);
#ifdef HAVE_AVX2_TWINS
void bfs_search_avx2(solver_context *ctx, const board *b, uint64_t start,
                     const solver_budget *budget, solver_result *r, bfs_mode mode);
void bfs_search_avx512(solver_context *ctx, const board *b, uint64_t start,
                       const solver_budget *budget, solver_result *r, bfs_mode mode);
#endif

/* The same search over a family's view (bfs_family.c): in measure m, to the first
 * goal, or (cluster) over the whole cluster, keeping its first goal; in the build this
 * processor runs fastest. */
void bfs_family_search(solver_context *ctx, const family_problem *p, measure m,
                       const solver_budget *budget, solver_result *r, bool cluster);
/* Its two builds, portable and AVX2 (with BMI1 and BMI2; on x86-64 only, where
 * bfs_avx2_available() says so), for the tests that hold them equal. */
void bfs_family_search_portable(solver_context *ctx, const family_problem *p, measure m,
                                const solver_budget *budget, solver_result *r, bool cluster);
#ifdef HAVE_AVX2_TWINS
void bfs_family_search_avx2(solver_context *ctx, const family_problem *p, measure m,
                            const solver_budget *budget, solver_result *r, bool cluster);
#endif
/* The parameter "metric" of the solvers that search in any measure: choices moves, slides and
 * steps, moves by default. */
#define BFS_METRIC_PARAM                                                                    \
    {"metric", "the measure searched: moves, slides (one direction each) or steps (one cell)", \
     MEASURE_MOVES, 0, MEASURE_COUNT - 1, measure_names, 0, NULL}
/* The reference answer (a context of its own: SOLVE_SOLVED with the optimum in units of m,
 * SOLVE_UNSOLVABLE, or SOLVE_BUDGET) and cluster mode, for a puzzle of any family (bfs_run). */
solve_status bfs_reference_puzzle(const puzzle *p, measure m, const solver_budget *budget,
                                  int *units);
void bfs_cluster_puzzle(solver_context *ctx, const puzzle *p, const solver_budget *budget,
                        solver_result *r);
/* The search of a view whose keys are two words (bfs_wide.c), in memory for three levels of
 * states: as bfs_family_search, the same states in the same order; cluster mode counts the
 * cluster (r->cluster_states, its levels) and keeps its first goal, but no list of its states. */
void bfs_wide_search(solver_context *ctx, const family_problem *p, measure m,
                     const solver_budget *budget, solver_result *r, bool cluster);
bool bfs_avx2_available(void);
bool bfs_avx512_available(void);

#endif
