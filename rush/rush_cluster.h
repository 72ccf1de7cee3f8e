/* rush_cluster.h -- Rush Hour's clusters on the bitboards (search/cluster.h defines the cluster
 * and its analysis; rush_cluster.c explores and analyses them for this family).
 *
 *     cluster c;
 *     if (cluster_explore(&c, b, start, max_states, max_bytes)) ...
 *     uint32_t d = cluster_distance(&c, key);   (CLUSTER_NO_GOAL: no goal in the cluster)
 *     cluster_free(&c);
 */
#ifndef RUSH_CLUSTER_H
#define RUSH_CLUSTER_H

#include "rush/board.h"
#include "search/cluster.h"

/* Explores the cluster of start on b. False, with nothing kept, when it holds more than
 * max_states states or would take more than max_bytes (0: no limit). */
bool cluster_explore(cluster *c, const board *b, uint64_t start, uint64_t max_states,
                     uint64_t max_bytes);

/* The same cluster from its states, listed each once in any order, without exploring it again
 * (bin/solve --cluster passes those its timed search left, bfs_cluster_states). False, with
 * nothing kept, where cluster_explore would refuse it. */
bool cluster_of_states(cluster *c, const board *b, const uint64_t *keys, uint64_t count,
                       uint64_t max_states, uint64_t max_bytes);

/* Analyses the cluster of start; `reference` is the solver whose optimum decides minimality (a
 * complete one with GUARANTEE_MOVES: the reference BFS, solvers/bfs.h, which this layer may
 * not name). False when the cluster is larger than max_states or max_bytes (as
 * cluster_explore). */
bool cluster_analyse(const board *b, uint64_t start, uint64_t max_states, uint64_t max_bytes,
                     const solver *reference, cluster_analysis *out);
/* The same from the cluster's states (cluster_of_states): the same analysis. */
bool cluster_analyse_states(const board *b, uint64_t start, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const solver *reference,
                            cluster_analysis *out);
/* Whether the puzzle of b standing at key, whose optimum is `moves`, is minimal (above): each
 * piece but the primary and each wall removed in turn, `reference` must find fewer moves.
 * Stops at the first piece that is not needed. ctx is the reference's, reused across calls. */
bool cluster_minimal(const solver *reference, solver_context *ctx, const board *b, uint64_t key,
                     int moves);

/* The family's analyse_cluster (common/puzzle.h, family_class): cluster_analyse_states on p. */
bool rush_analyse_cluster(const puzzle *p, const uint64_t *keys, uint64_t count,
                          uint64_t max_states, uint64_t max_bytes, const struct solver *reference,
                          struct cluster_analysis *out);

#endif
