/* registry.h -- every solver a program may choose by name, in the order reports show them: the
 * built-ins first, in a fixed order, then the solvers a run adds: a plugin's (loaded into the
 * process, solvers/plugin.h) and external programs (external/external.h).
 *
 *     const solver *s = solver_find("astar");      (NULL: no such solver)
 *     for (int i = 0; solver_all[i]; i++) ... solver_all[i]->name ...
 *
 * The invariant: names are unique, so a name, a label and a result row each mean one solver.
 */
#ifndef REGISTRY_H
#define REGISTRY_H

#include "search/solver.h"

#define REGISTRY_MAX 64
/* A solver's name: 1 to REGISTRY_NAME_MAX letters, digits, '-' and '_'. */
#define REGISTRY_NAME_MAX 24
#define REGISTRY_ERR_MAX 256

typedef enum { SOLVER_BUILTIN, SOLVER_PLUGIN, SOLVER_EXTERNAL } solver_origin;

/* Every solver, NULL-terminated: the built-ins, then those added. */
extern const solver *solver_all[REGISTRY_MAX + 1];

/* The solver called name, or NULL. */
const solver *solver_find(const char *name);

/* Adds s after the others; `where` says where it came from (a plugin's path, an external
 * command), kept as given. Returns 0, or -1 with a one-line reason in err (REGISTRY_ERR_MAX):
 * a name that is not a valid one or that another solver has, or a full registry. */
int registry_add(const solver *s, solver_origin origin, const char *where, char *err);

/* Where s came from: its origin, and the text registry_add was given ("" for a built-in). */
solver_origin registry_origin(const solver *s);
const char *registry_where(const solver *s);

/* "builtin", "plugin", "external". */
const char *solver_origin_name(solver_origin o);

/* Whether name is a valid solver name (above). */
bool registry_name_ok(const char *name);

/* Whether a solver called name may be added: 0, or -1 with the reason in err, as
 * registry_add gives it. */
int registry_check(const char *name, char *err);

#endif
