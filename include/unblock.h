/* unblock.h -- what a solver plugin needs from unblock-bench, in one header (docs/external.md,
 * "Plugins"): boards, keys, moves and replay (common/), the solver interface, budgets, trails,
 * the depth-first stack and the priority queue (search/), the lower bounds
 * (solvers/bounds/heuristic.h), and the plugin ABI (solvers/plugin.h). Installed as
 * PREFIX/include/unblock/unblock.h; `pkg-config --cflags unblock` points there. */
#ifndef UNBLOCK_H
#define UNBLOCK_H

#include "rush/board.h"
#include "rush/moves.h"
#include "common/stateset.h"
#include "search/bucketq.h"
#include "search/pathstack.h"
#include "search/search.h"
#include "search/solver.h"
#include "solvers/bounds/heuristic.h"
#include "rush/rush_bounds.h"
#include "solvers/plugin.h"

#endif
