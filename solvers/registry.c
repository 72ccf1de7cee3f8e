/* registry.c -- the list of every solver, in the order reports show them (registry.h). */
#include "solvers/registry.h"

#include <stdio.h>
#include <string.h>

extern const solver solver_bfs, solver_bfs1, solver_dfs, solver_iddfs, solver_zone13,
    solver_iddfs_zone, solver_bibfs, solver_astar, solver_idastar;

#define BUILTINS 9

const solver *solver_all[REGISTRY_MAX + 1] = {
    &solver_bfs,   &solver_bfs1,       &solver_dfs,   &solver_iddfs,   &solver_zone13,
    &solver_iddfs_zone, &solver_bibfs, &solver_astar, &solver_idastar, NULL,
};

/* Origin and provenance of solver_all[i], for those past the built-ins. */
static solver_origin origin_of[REGISTRY_MAX];
static const char *where_of[REGISTRY_MAX];

static int index_of(const solver *s)
{
    for (int i = 0; solver_all[i]; i++)
        if (solver_all[i] == s) return i;
    return -1;
}

const solver *solver_find(const char *name)
{
    for (int i = 0; solver_all[i]; i++)
        if (strcmp(solver_all[i]->name, name) == 0) return solver_all[i];
    return NULL;
}

bool registry_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > REGISTRY_NAME_MAX) return false;
    return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == n;
}

int registry_check(const char *name, char *err)
{
    int n = 0;
    while (solver_all[n]) n++;
    if (!name || !registry_name_ok(name))
        snprintf(err, REGISTRY_ERR_MAX, "'%.40s' is not a solver name (1 to %d letters, digits, "
                 "'-' and '_')", name ? name : "", REGISTRY_NAME_MAX);
    else if (solver_find(name))
        snprintf(err, REGISTRY_ERR_MAX, "a solver called '%s' exists already (%s)", name,
                 solver_origin_name(registry_origin(solver_find(name))));
    else if (n == REGISTRY_MAX)
        snprintf(err, REGISTRY_ERR_MAX, "more than %d solvers", REGISTRY_MAX);
    else
        return 0;
    return -1;
}

int registry_add(const solver *s, solver_origin origin, const char *where, char *err)
{
    int n = 0;
    while (solver_all[n]) n++;
    if (registry_check(s->name, err) == 0) {
        solver_all[n] = s;
        solver_all[n + 1] = NULL;
        origin_of[n] = origin;
        where_of[n] = where;
        return 0;
    }
    return -1;
}

solver_origin registry_origin(const solver *s)
{
    int i = index_of(s);
    return i < BUILTINS ? SOLVER_BUILTIN : origin_of[i];
}

const char *registry_where(const solver *s)
{
    int i = index_of(s);
    return i < BUILTINS || !where_of[i] ? "" : where_of[i];
}

const char *solver_origin_name(solver_origin o)
{
    switch (o) {
    case SOLVER_PLUGIN: return "plugin";
    case SOLVER_EXTERNAL: return "external";
    case SOLVER_BUILTIN: break;
    }
    return "builtin";
}
