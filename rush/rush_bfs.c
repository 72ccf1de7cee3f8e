/* rush_bfs.c -- the breadth-first search of Rush Hour's fast space, as bfs_run
 * (solvers/bfs.c) calls it for bfs, bfs1 and cluster mode: the engine (bfs_engine.c) in the
 * build the processor runs fastest, its trace, and its answer in each measure. */
#include "common/cpu.h"
#include "rush/moves.h"
#include "solvers/bfs.h"

/* The path in force (common/cpu.h): the widest the processor runs, or UNBLOCK_CPU's. */
static void bfs_engine(solver_context *ctx, const board *b, uint64_t start,
                       const solver_budget *budget, solver_result *r, bfs_mode mode)
{
#ifdef HAVE_AVX2_TWINS
    if (cpu_in_force() == CPU_AVX512) {
        bfs_search_avx512(ctx, b, start, budget, r, mode);
        return;
    }
    if (cpu_in_force() == CPU_AVX2) {
        bfs_search_avx2(ctx, b, start, budget, r, mode);
        return;
    }
#endif
    bfs_search_portable(ctx, b, start, budget, r, mode);
}

void bfs_search(solver_context *ctx, const board *b, uint64_t start, const solver_budget *budget,
                solver_result *r, bfs_mode mode)
{
    bfs_engine(ctx, b, start, budget, r, mode);
    /* The queue is the order of expansion: the trace is its first r->expanded entries. */
    search_trace_trail(ctx->trace, &ctx->trail[0], r);
}

/* The fast space's breadth-first search (family.h's `fast`: Rush Hour's board), the engine, in
 * measure m: a piece has one line, so slides are moves; steps are searched as steps and the
 * solution written as moves, a piece's steps in one direction merged. */
void bfs_fast(solver_context *ctx, const void *b, uint64_t start, measure m,
              const solver_budget *budget, solver_result *r, bool cluster)
{
    bfs_mode mode = cluster ? BFS_CLUSTER : m == MEASURE_STEPS ? BFS_STEPS : BFS_MOVES;
    bfs_search(ctx, b, start, budget, r, mode);
}

