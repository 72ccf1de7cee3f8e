/* heuristic.h -- lower bounds on the moves left, for the informed solvers (astar, idastar).
 *
 * Every bound here is admissible (never more than the fewest moves from a state to the goal)
 * and consistent (one move changes it by at most one), which is what A* needs to expand each
 * state once and IDA* to return the optimum. Each is proved where it is defined, one file each:
 *
 *   blockers  (blockers.c)  1 + the pieces on the lane + 1 if one of them cannot leave it in one
 *                           move. Nothing to prepare.
 *   mustmove  (mustmove.c)  the fewest pieces that must move at least once: the primary, the
 *                           blockers, and recursively the pieces in the way of whichever way
 *                           each must take, the minimum over the choices.
 *   pdb       (pdb.c)       pattern databases: exact distances in smaller puzzles made of some
 *                           of the pieces, computed by BFS when the solve begins; the larger of
 *                           one pattern's distance and the sum of disjoint patterns' counts of
 *                           their own pieces' moves.
 *
 * The other families' bounds (a family_bound, below) are chosen by the same names:
 *
 *   pdb       Klotski: the family's own bound (family.h's lower_bound, the primary alone).
 *             Sliding tiles (tiles_pdb.c): additive disjoint pattern databases.
 *   manhattan Sliding tiles (tiles_bounds.c): the sum of the tiles' taxicab distances.
 *   conflict  Sliding tiles (tiles_bounds.c): Manhattan plus linear conflicts.
 *
 * A bound a puzzle's family lacks is not run: the row says unsupported (heuristic_takes).
 *
 *     heuristic h;
 *     heuristic_init(&h, b, start, HEURISTIC_PDB, max_bytes, max_states);   (builds what the
 *                     bound needs: at most max_bytes, no pattern of more than max_states
 *                     states; 0: no limit)
 *     int moves = heuristic_moves(&h, key);           (HEURISTIC_DEAD: the goal is unreachable)
 *     heuristic_free(&h);
 *
 * What a bound builds is part of the solve: its time is in the solve's time and heuristic_bytes
 * in the solver's memory.
 */
#ifndef HEURISTIC_H
#define HEURISTIC_H

#include "rush/board.h"
#include "common/family.h"
#include "search/cluster.h"
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

/* One pattern database (pdb.c). */
#define HEURISTIC_MAX_PATTERNS 4
typedef struct {
    board small;                          /* the kept pieces, the same walls and exit */
    uint8_t kept[BOARD_MAX_PIECES];       /* kept[j]: the full board's index of piece j */
    cluster table;                        /* small board's key -> fewest moves to its goal */
} heuristic_pattern;

typedef struct {
    const board *b;
    heuristic_kind kind;
    int npatterns;
    heuristic_pattern pattern[HEURISTIC_MAX_PATTERNS];
    uint64_t bytes;                       /* memory the bound holds */
} heuristic;

void heuristic_init(heuristic *h, const board *b, uint64_t start, heuristic_kind kind,
                    uint64_t max_bytes, uint64_t max_states);

/* What astar and idastar share: their "heuristic" parameter (solver.h); a solve starts the
 * bound it names with heuristic_family_begin (below). */
#define HEURISTIC_PARAM                                                                         \
    {SETUP_HEURISTIC, "the lower bound (bounds/heuristic.h)", HEURISTIC_DEFAULT, 0,            \
     HEURISTIC_KINDS - 1, heuristic_names, 0, NULL}
int heuristic_moves(const heuristic *h, uint64_t key);
static inline uint64_t heuristic_bytes(const heuristic *h)
{
    return h->bytes;
}
void heuristic_free(heuristic *h);

/* ---- The bounds of the families written once (every family but Rush Hour) ----------------
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
    const void *table;   /* what the bound reads */
    uint64_t bytes;      /* what it holds */
    void *owned;         /* what heuristic_family_end frees, with end (Rush Hour's bound), or NULL */
    void (*end)(family_bound *fb);
};

/* The settings of the pattern databases: the partition of the tiles (HEURISTIC_PARTITIONS, 0:
 * the shape's default) and whether the reflected board's bound is taken too. */
typedef struct {
    int partition;
    bool reflect;
} heuristic_options;

#define HEURISTIC_PARTITIONS 4   /* auto, 5-5-5, 6-6-3, 7-8 */
extern const char *const heuristic_partition_names[HEURISTIC_PARTITIONS];
extern const char *const heuristic_no_yes[2];
#define HEURISTIC_PARTITION_PARAM                                                               \
    {"partition", "the pattern databases' tiles (auto: the shape's default; on the 4x4 6-6-3)", 0, \
     0, HEURISTIC_PARTITIONS - 1, heuristic_partition_names, FAMILY_BIT(FAMILY_TILES), NULL}
#define HEURISTIC_REFLECT_PARAM                                                                 \
    {"reflect", "also the bound of the board reflected about its diagonal, where it has one", \
     1, 0, 1, heuristic_no_yes, FAMILY_BIT(FAMILY_TILES), NULL}

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

/* expand as the family's successors without `skip`, then h_after on each. */
int heuristic_expand_each(const family_bound *fb, uint64_t key, uint64_t skip, int h_key,
                          uint64_t *child, int *h);

/* The settings of setup u: its bound's kind (-1: it has none) and options. */
int heuristic_of_setup(const solver_setup *u, heuristic_options *o);

/* Builds, or reads from the cache, what setup u's bound needs on p, before the solve is
 * timed. Returns the seconds it took building (0 when it was there already); `bytes` is what
 * the bound holds. */
double heuristic_prepare(const solver_setup *u, const family_problem *p, uint64_t max_bytes,
                         uint64_t *bytes);

/* The sliding tiles' pattern databases (tiles_pdb.c): 0, or -1 over max_bytes (then fb->bytes
 * is what they need). */
int tiles_pdb_begin(family_bound *fb, heuristic_options o, uint64_t max_bytes);
double tiles_pdb_prepare(const family_problem *p, heuristic_options o, uint64_t max_bytes,
                         uint64_t *bytes);

/* The bounds themselves, for heuristic_moves and the tests. */
int heuristic_blockers(const board *b, uint64_t key);
int heuristic_mustmove(const board *b, uint64_t key);
void heuristic_pdb_build(heuristic *h, uint64_t start, uint64_t max_bytes, uint64_t max_states);
void heuristic_pdb_free(heuristic *h);
int heuristic_pdb(const heuristic *h, uint64_t key);

#endif
