/* registry.c -- the list of every solver, in the order reports show them. */
#include <string.h>

#include "solvers/registry.h"

extern const solver solver_bfs, solver_bfs1, solver_dfs, solver_iddfs, solver_zone13,
    solver_iddfs_zone, solver_bibfs, solver_astar, solver_idastar;

const solver *const solver_all[] = {
    &solver_bfs,   &solver_bfs1,       &solver_dfs,   &solver_iddfs,   &solver_zone13,
    &solver_iddfs_zone, &solver_bibfs, &solver_astar, &solver_idastar, NULL,
};

const solver *solver_find(const char *name)
{
    for (int i = 0; solver_all[i]; i++)
        if (strcmp(solver_all[i]->name, name) == 0) return solver_all[i];
    return NULL;
}
