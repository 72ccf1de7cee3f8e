/* bound_params.h -- the bounds' parameters, every family's, as entries of a solver's table of
 * parameters (search/solver.h's solver_param), each applying to its family alone: included
 * inside the table, after the solver's own parameters, by a solver that takes a bound. Their
 * order is heuristic.h's HEURISTIC_BOUND_<name>. No include guard: read once a table.
 *
 *     static const solver_param astar_params[NPARAMS] = {
 *         [PARAM_HEURISTIC] = HEURISTIC_PARAM,
 *     #include "solvers/bounds/bound_params.h"
 *     };
 */
#define FAMILY(ID, name, type, member)
#define FAMILY_PARAM(ID, pname, help, fallback, ...)                                          \
    {#pname, help, fallback, 0,                                                               \
     (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)) - 1,           \
     (const char *const[]){__VA_ARGS__}, FAMILY_BIT(FAMILY_##ID), NULL},
#include "common/families.h"
#undef FAMILY
#undef FAMILY_PARAM
