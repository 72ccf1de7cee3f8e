/* heuristic.h -- lower bounds on the moves left, for the informed solvers (astar, idastar): the
 * names a bound is chosen by, and how a solver starts the one its puzzle's family defines.
 *
 * Every bound is admissible (never more than the fewest moves from a state to the goal) and
 * consistent (one move changes it by at most one), which is what A* needs to expand each state
 * once and IDA* to return the optimum. Each is proved where it is defined, in its family's
 * folder, one file each. The names (`--heuristic`) are one vocabulary across the families, and
 * each family says which it has (its family_bounds, below):
 *
 *   blockers  Rush Hour (rush/blockers.c): 1 + the pieces on the lane + 1 if one of them
 *             cannot leave it in one move.
 *   mustmove  Rush Hour (rush/mustmove.c): the fewest pieces that must move at least once.
 *   pdb       Rush Hour (rush/pdb.c): pattern databases of some of the pieces, built when the
 *             solve begins. Klotski: the family's own bound (the primary alone). Sliding tiles
 *             (tiles/tiles_pdb.c): additive disjoint pattern databases.
 *   manhattan Sliding tiles (tiles/tiles_bounds.c): the sum of the tiles' taxicab distances.
 *   conflict  Sliding tiles (tiles/tiles_bounds.c): Manhattan plus linear conflicts.
 *
 * A bound a puzzle's family lacks is not run: the row says unsupported (heuristic_takes). A
 * family's bounds may take parameters of their own, declared in its registry entry
 * (FAMILY_PARAM lines, common/families.h: the tiles' partition and reflect): a solver that
 * takes a bound lists them after its own parameters (solvers/bounds/bound_params.h), each
 * applying to its family alone, and hands their values to the bound (heuristic_options).
 *
 * What a bound builds is part of the solve: its time is in the solve's time and its bytes in
 * the solver's memory.
 */
#ifndef HEURISTIC_H
#define HEURISTIC_H

#include "common/family.h"
#include "solvers/setup.h"

#define HEURISTIC_DEAD 0xFFFF

typedef enum {
    HEURISTIC_BLOCKERS,
    HEURISTIC_MUSTMOVE,
    HEURISTIC_PDB,
    HEURISTIC_MANHATTAN,
    HEURISTIC_CONFLICT,
    HEURISTIC_KINDS
} heuristic_kind;

/* The bound astar and idastar use unless told otherwise. */
#define HEURISTIC_DEFAULT HEURISTIC_PDB

/* The names --heuristic takes, in the order of heuristic_kind. */
extern const char *const heuristic_names[HEURISTIC_KINDS];

/* Whether bound `kind` is defined on puzzles of family f. */
bool heuristic_takes(int kind, family_id f);

/* What astar and idastar share: their "heuristic" parameter (solver.h); a solve starts the
 * bound it names with heuristic_family_begin (below). */
#define HEURISTIC_PARAM                                                                         \
    {SETUP_HEURISTIC, "the lower bound (bounds/heuristic.h)", HEURISTIC_DEFAULT, 0,            \
     HEURISTIC_KINDS - 1, heuristic_names, 0, NULL}

/* ---- The bounds of the families -------------------------------------------------------------
 *
 * A family_bound gives h(key), a lower bound on the units of measure m to a goal that one unit
 * changes by at most one (admissible and consistent), -1 when no goal can be reached; and
 * h_after(parent, h of parent, key), the same for key one unit after parent, which a bound
 * may work out from its parent's in O(1) (the Manhattan distance: one tile moved); and
 * expand, a state's successors but one (its parent: a depth-first search's one duplicate
 * check), in the family's order, with their bounds: the family's successors, then h_after on
 * each, or one pass where a bound knows its family's moves (the Manhattan distance: the blank
 * found once; the pattern databases: every child's lookups worked out, their memory reads
 * overlapped).
 *
 *     family_bound fb;
 *     if (heuristic_family_begin(&fb, p, m, kind, options, budget, r) < 0) return;   (budget)
 *     int h = fb.h(&fb, key);  ...  int hc = fb.h_after(&fb, key, h, child);
 *
 * What a bound reads (pattern databases) is built once a process and kept (tiles_pdb.c):
 * heuristic_prepare builds it before a solve is timed, so that no row's seconds hold it, and
 * says how long it took; fb.bytes, what it holds, counts in every solve that uses it. */
typedef struct family_bound family_bound;
struct family_bound {
    const family_problem *p;
    measure m;
    int (*h)(const family_bound *fb, uint64_t key);
    int (*h_after)(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key);
    /* The successors of key but `skip` (none when skip is key) into child (room for the
     * family's max_successors), with their bounds into h; returns how many. */
    int (*expand)(const family_bound *fb, uint64_t key, uint64_t skip, int h_key, uint64_t *child,
                  int *h);
    /* The same over a wide board's keys (family.h, key_words 2): h, and expand. */
    int (*h_wide)(const family_bound *fb, key_wide key);
    int (*expand_wide)(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                       key_wide *child, int *h);
    const void *table;   /* what the bound reads */
    uint64_t bytes;      /* what it holds */
    void *owned;         /* what heuristic_family_end frees, with end (Rush Hour's bound), or NULL */
    void (*end)(family_bound *fb);
};

/* The bounds' parameters, every family's (FAMILY_PARAM lines in the registry's entries), by
 * HEURISTIC_BOUND_<name>: their place among them, and in a solver's table after its own. */
enum {
#define FAMILY(ID, name, type, member)
#define FAMILY_PARAM(ID, pname, ...) HEURISTIC_BOUND_##pname,
#include "common/families.h"
#undef FAMILY
#undef FAMILY_PARAM
    HEURISTIC_BOUND_PARAMS
};

/* The values of the bounds' parameters for one solve (each its choice's index; a family's bound
 * reads its own). */
typedef struct {
    int value[HEURISTIC_BOUND_PARAMS + 1];
} heuristic_options;

/* The bounds' parameters of a solve on family f, from a solver's table whose bound parameters
 * start at `first` (solvers/bounds/bound_params.h), its settings `param` (NULL: defaults). */
static inline heuristic_options heuristic_options_of(const solver_param *params, const int *param,
                                                     int first, family_id f)
{
    heuristic_options o = {{0}};
    for (int i = 0; i < HEURISTIC_BOUND_PARAMS; i++)
        o.value[i] = solver_param_value(params, param, first + i, f);
    return o;
}

/* Starts bound `kind` on p in measure m: 0, or -1 when what it needs does not fit the bytes
 * budget (then r says so, with nothing expanded). Its bytes are in r->peak_bytes. */
int heuristic_family_begin(family_bound *fb, const family_problem *p, measure m, int kind,
                           heuristic_options o, const solver_budget *budget, solver_result *r);

/* A family's bounds, its family_class's `bounds` (common/puzzle.h), defined in its folder: which
 * of heuristic_kind it has, how one begins (NULL: the view's own lower_bound is the bound), and
 * what one reads built before a solve is timed (NULL: nothing). begin sets fb's h, h_after and
 * expand (the view's defaults, set before, where it has no faster form), table and bytes: 0,
 * or -1 when what it needs does not fit max_bytes (0: no limit), fb->bytes then what it
 * needs. */
struct family_bounds {
    unsigned kinds;   /* bit k: bound k */
    int (*begin)(family_bound *fb, int kind, heuristic_options o, const solver_budget *budget);
    double (*prepare)(const family_problem *p, int kind, heuristic_options o, uint64_t max_bytes,
                      uint64_t *bytes);
};
#define HEURISTIC_BIT(kind) (1u << (kind))

/* Frees what heuristic_family_begin made for this solve alone (what a process keeps, the
 * tiles' pattern databases, it keeps). */
void heuristic_family_end(family_bound *fb);

/* expand as the family's successors without `skip`, then h_after on each; and expand_wide as
 * the wide successors without `skip`, then h_wide on each. */
int heuristic_expand_each(const family_bound *fb, uint64_t key, uint64_t skip, int h_key,
                          uint64_t *child, int *h);
int heuristic_expand_each_wide(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                               key_wide *child, int *h);

/* The settings of setup u: its bound's kind (-1: it has none) and options. */
int heuristic_of_setup(const solver_setup *u, heuristic_options *o);

/* Builds, or reads from the cache, what setup u's bound needs on p, before the solve is
 * timed. Returns the seconds it took building (0 when it was there already); `bytes` is what
 * the bound holds. */
double heuristic_prepare(const solver_setup *u, const family_problem *p, uint64_t max_bytes,
                         uint64_t *bytes);

#endif
