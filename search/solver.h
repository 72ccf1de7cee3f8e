/* solver.h -- the interface every search strategy in solvers/ implements.
 *
 * A solver is a descriptor: a name, a one-line summary, what it guarantees, the families it
 * takes, and one solve function. Solve takes a puzzle's family view (common/family.h: its
 * start, goal test, successors, bound, notation, and the family's fast space where it has one),
 * a budget, and a context holding memory that is reused from one puzzle to the next; it fills
 * a result. Callers:
 *
 *     solver_context ctx;
 *     solver_context_init(&ctx);
 *     const solver *s = solver_find("bfs");            (solvers/registry.h)
 *     family_problem view;
 *     puzzle_problem(p, &view);                        (common/puzzle.h)
 *     solver_result r;
 *     s->solve(&ctx, &view, &budget, NULL, &r);        (NULL: default parameters)
 *     ... r.status, r.text, r.expanded ...
 *     solver_result_free(&r);
 *     solver_context_free(&ctx);
 */
#ifndef SOLVER_H
#define SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "common/family.h"
#include "common/stateset.h"
#include "search/pathstack.h"
#include "search/trace.h"

/* Limits on one solve; 0 means no limit. */
typedef struct {
    uint64_t max_states;   /* states expanded (nodes) */
    uint64_t max_bytes;    /* bytes of the solver's own structures at once */
    double max_seconds;    /* wall-clock seconds */
} solver_budget;

typedef enum {
    SOLVE_SOLVED,
    SOLVE_UNSOLVABLE,       /* the solver says there is no solution */
    SOLVE_BUDGET,           /* a budget stopped it */
    /* What only a solver outside the harness's process ends with (external/): */
    SOLVE_GAVE_UP,          /* it answered that it does not know */
    SOLVE_CRASHED,          /* it exited or died without answering */
    SOLVE_PROTOCOL_ERROR,   /* it wrote what the protocol does not allow */
    SOLVE_UNSUPPORTED,      /* not run: the solver does not take the puzzle's family */
} solve_status;

/* What a solver promises about the length of the solutions it returns. */
typedef enum {
    GUARANTEE_NONE,    /* any solution */
    GUARANTEE_MOVES,   /* fewest moves */
    GUARANTEE_STEPS,   /* fewest single-cell steps */
    GUARANTEE_SLIDES,  /* fewest slides (Klotski: runs of one piece in one direction) */
} solver_guarantee;

typedef struct {
    solve_status status;
    const char *budget_hit;   /* "states", "bytes" or "seconds" when status is SOLVE_BUDGET
                                 ("interrupted" when a signal abandoned the search) */
    char *text;               /* the solution in its family's notation (malloc'ed; "" when the
                                 start is solved); its measures come from replaying it */
    uint64_t expanded;        /* states whose successors were generated (an external solver's
                                 counters are UINT64_MAX when it did not report them) */
    uint64_t generated;       /* successors generated */
    uint64_t duplicates;      /* successors already seen (or pruned by the table) */
    uint64_t peak_frontier;   /* largest open list, BFS level or search depth */
    uint64_t peak_bytes;      /* largest size of the solver's own structures */
    uint64_t iterations;      /* deepening iterations, where the solver iterates */
    uint64_t cluster_states;  /* cluster mode: states reachable from the start (stopped by a
                                 budget: those it stored, all reachable, a lower bound) */
    uint64_t *level_sizes;    /* BFS: states first reached at each depth (malloc'ed) */
    int nlevels;
    const char *note;         /* something the solver wants said about this run, or NULL
                                 ("table-full": iddfs-zone's capped table overflowed) */
    char *message;            /* the same when it is made for this run (malloc'ed; note then
                                 points to it): an external solver's crash or protocol error */
    char *stats;              /* counters with no column of their own, "KEY=VALUE ..."
                                 (malloc'ed, or NULL): an external solver's stat lines */
} solver_result;

/* Memory a solver may keep between puzzles: two state sets, two trails (a trail is the list
 * of states in the order they were stored, each with its parent's index) and a depth-first
 * stack. Each solver uses what it needs and leaves the rest empty. */
typedef struct {
    uint64_t *key;
    uint32_t *parent;
    uint64_t count, capacity;
    uint64_t run_capacity;   /* what a trail empty at the run's start would have grown to */
} search_trail;

/* Bytes a view holds for the run, beside the solver's (search/numbered.h): what it holds now,
 * and the most it may hold before the solver's next budget check. */
typedef struct {
    uint64_t now, next;
} view_bytes;

typedef struct {
    stateset set[2];
    search_trail trail[2];
    pathstack stack;
    /* Who hears of every state the runs expand (search/trace.h), or NULL: set by the caller,
     * kept from run to run. */
    search_trace *trace;
    /* Since plugin ABI version 8: the bytes of the table that numbers the states of the view
     * the run searches (search/numbered.h), which its budget counts with the solver's own, or
     * NULL: none. Set by numbered_solve for the run. */
    const view_bytes *view_bytes;
} solver_context;

/* A setting of a solver that a user may change (`--param NAME=VALUE`, solvers/setup.h): an
 * integer from min to max, or, when choices is not NULL, one of the names choices[0 .. max]
 * (the value is its index; min is 0). A parameter named "heuristic" is the lower bound of an
 * informed solver: it is part of the solver's label in results ("astar/pdb").
 *
 * A parameter may apply to some families only (`families`: the tiles' pattern databases'
 * partition), and may leave its default to the family of the puzzle (fallback
 * SOLVER_PARAM_AUTO, written "auto": family_default(f) gives the family's value, as IDA*'s
 * table follows family_table_pays). */
#define SOLVER_MAX_PARAMS 4
#define SOLVER_PARAM_AUTO (-1)

typedef struct {
    const char *name;
    const char *help;
    int fallback;                  /* the default, or SOLVER_PARAM_AUTO */
    int min, max;
    const char *const *choices;
    /* Since plugin ABI version 4: */
    unsigned families;                    /* where it applies (FAMILY_BIT); 0: every family */
    int (*family_default)(family_id f);   /* the value of SOLVER_PARAM_AUTO on family f */
} solver_param;

/* Whether parameter p applies to puzzles of family f. */
static inline bool solver_param_applies(const solver_param *p, family_id f)
{
    return !p->families || (p->families >> f & 1u);
}

/* A solver takes the families whose bit is set in `families` (FAMILY_BIT). Its one entry,
 * `solve`, is written once over the family view; a solver asked for a family it does not take
 * is not run: its row says `unsupported`. A parameter named "metric" (choices moves, slides,
 * steps) sets the measure the solver searches in, and so its guarantee (solvers/setup.h,
 * setup_guarantee). */
typedef struct solver {
    const char *name;
    const char *summary;
    solver_guarantee guarantee;
    bool complete;   /* its "no solution" is a proof (else: nothing found under its prunes) */
    /* param: the values of params[0 .. nparams - 1], or NULL for their defaults. */
    void (*solve)(solver_context *ctx, const family_problem *p, const solver_budget *budget,
                  const int *param, solver_result *r);
    const solver_param *params;
    int nparams;
    unsigned families;
    /* It runs boards whose keys are two words (family.h, key_words; since plugin ABI 8) over
     * their view's `wide` calls itself. One that does not runs them through their numbered
     * view (search/numbered.h), one-word numbers for their states. */
    bool wide;
} solver;

/* Whether s takes family f. */
static inline bool solver_takes(const solver *s, family_id f)
{
    return (s->families >> f) & 1u;
}

/* Parameter i of a solve on a puzzle of family f: param[i], or its default (from the solver's
 * table) when param is NULL, "auto" given the family's value. */
static inline int solver_param_value(const solver_param *params, const int *param, int i,
                                     family_id f)
{
    int v = param ? param[i] : params[i].fallback;
    return v == SOLVER_PARAM_AUTO ? params[i].family_default(f) : v;
}

void solver_context_init(solver_context *ctx);
void solver_context_free(solver_context *ctx);
/* Starts a run on a context kept from earlier ones: the memory stays, but the bytes a solver
 * reports (peak_bytes) count from here what a new context would hold, so that they do not
 * depend on what ran before. Budgets still count all the memory held. */
void solver_context_begin_run(solver_context *ctx);
void solver_result_free(solver_result *r);

const char *solver_guarantee_name(solver_guarantee g);
/* The guarantee of a name ("moves", "slides", "steps", "none"), or -1. */
int solver_guarantee_parse(const char *name);
const char *solve_status_name(solve_status s);

#endif
