/* registry.h -- every solver a program may choose by name, in the order reports show them.
 *
 *     const solver *s = solver_find("astar");      (NULL: no such solver)
 *     for (int i = 0; solver_all[i]; i++) ... solver_all[i]->name ...
 */
#ifndef REGISTRY_H
#define REGISTRY_H

#include "search/solver.h"

/* Every solver, in a fixed order, NULL-terminated (solvers/registry.c). */
extern const solver *const solver_all[];

/* The solver called name, or NULL. */
const solver *solver_find(const char *name);

#endif
