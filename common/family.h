/* family.h -- puzzle families, the measures of a solution, and the view of a puzzle that a
 * solver written once for every family searches (docs/architecture.md, "Families").
 *
 * A family is how pieces move: `rush` (Rush Hour: cars and trucks along one line, rush/board.h)
 * `klotski` (pieces of any shape in four directions, klotski/klotski.h) and `tiles` (numbered
 * tiles sliding into one blank, tiles/tiles.h). A solver that applies
 * to several families sees a puzzle as a family_problem: a start key, a goal test, the
 * successors of a key in a measure, a lower bound, and how a path of keys is written. It never
 * decodes a key, so it is written once; a family's fast space (Rush Hour's bitboards and vector
 * generators) is a specialization behind the view (`fast`, below), never a second entry.
 *
 *     int n = p->successors(p->board, key, MEASURE_MOVES, child);
 *     if (p->is_goal(p->board, child[0])) ...
 */
#ifndef FAMILY_H
#define FAMILY_H

#include <stdbool.h>
#include <stdint.h>

#include "common/key.h"

/* FAMILY_RUSH, FAMILY_KLOTSKI, FAMILY_TILES: one a line of the registry, in its order. */
typedef enum {
#define FAMILY(ID, name, type, member) FAMILY_##ID,
#include "common/families.h"
#undef FAMILY
    FAMILY_COUNT
} family_id;
#define FAMILY_BIT(f) (1u << (f))
#define FAMILY_ALL ((1u << FAMILY_COUNT) - 1)

/* "rush", "klotski", "tiles"; family_parse gives -1 for another name. */
const char *family_name(family_id f);
int family_parse(const char *name);
/* The family a text is of when it names none (the scanner's, a shard file's): the first the
 * registry marks implied (family_class.implied: Rush Hour). */
family_id family_implied(void);

/* The measures of a solution, a sequence of one-cell steps of one piece each: its steps, its
 * slides (maximal runs of steps of one piece in one direction) and its moves (maximal runs of
 * steps of one piece). For Rush Hour a piece has one line, so moves and slides are one. */
typedef enum { MEASURE_MOVES, MEASURE_SLIDES, MEASURE_STEPS, MEASURE_COUNT } measure;
const char *measure_name(measure m);
extern const char *const measure_names[MEASURE_COUNT];   /* by measure */

/* Whether a family's slides are its moves: each piece has one line (Rush Hour), or every move
 * is one cell (the sliding tiles, where moves, slides and steps are one measure). */
bool family_slides_are_moves(family_id f);

/* Whether a table of the states met pays for itself in a depth-first search (IDA*'s
 * transposition table): on Rush Hour and Klotski, whose moves meet one state by many paths, it
 * cuts the search to a pass over the states within the bound; on the sliding tiles, whose
 * short cycles the parent check already cuts, it costs more than it saves, and Korf's IDA*
 * with no table is faster. What a solver's parameter left to the family ("auto") follows. */
bool family_table_pays(family_id f);

/* The letters a piece may carry, in the order a family letters its pieces (a board with
 * digits or integers for pieces maps piece number n to PIECE_LABELS[n]): 'o' and 'x' are
 * missing because the grids write empty cells and walls with them. */
#define PIECE_LABELS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz"

/* A solution's three measures. */
typedef struct {
    int moves, slides, steps;
} measure_counts;

#define FAMILY_ERR_MAX 256

/* A position as pieces on a grid, whatever its family: what a picture that knows no family
 * draws (the report's page steps through solutions with it). Cells are numbered row * stride +
 * column, the stride (family_picture_stride) 8 on a board of at most 8 columns and 8 rows, and
 * the width on a larger one of at most 64 cells (the tiles' 12x2). A piece moves rigidly, so a
 * position after a move is told by the first cell (in reading order) of each piece that
 * moved. */
#define FAMILY_PICTURE_PIECES 64
typedef struct {
    char label[4];   /* what is written on it: a letter, a tile's number */
    uint64_t cells;
    bool primary;    /* drawn as the primary wherever it stands */
    int8_t goal;     /* its first cell where it stands in the goal (drawn as the primary there;
                        the sliding tiles), or -1 */
} family_piece;

typedef struct {
    uint8_t width, height;
    uint64_t walls;
    uint64_t exit;   /* the cells beside which the frame opens, on side exit_side ('>', '<',
                        'v', '^'; 0 and no cells when the frame has no opening) */
    char exit_side;
    int npieces;
    family_piece piece[FAMILY_PICTURE_PIECES];
} family_picture;

static inline int family_picture_stride(int width, int height)
{
    return width > 8 || height > 8 ? width : 8;
}

/* What a family may offer a search that expands many states of one board in one measure: a
 * memo that gives the successors faster than the family's generator, remembering what it
 * works out (Klotski: klotski/klotski_memo.h). `make` gives NULL when the board has none;
 * `successors` and `successors_after` give exactly family_problem's lists, in their order. */
typedef struct {
    void *(*make)(const void *board, measure m);
    int (*successors)(void *memo, uint64_t key, uint64_t *child);
    int (*successors_after)(void *memo, uint64_t parent, uint64_t key, uint64_t *child);
    uint64_t (*bytes)(const void *memo);   /* what it holds, for the budgets */
    void (*free)(void *memo);
} family_memo;

/* The view's calls for a board whose keys are two words (key.h): the same contracts as
 * family_problem's calls of the same names, over key_wide. */
typedef struct {
    key_wide start;
    /* A key is a goal exactly when (key & goal_mask) == goal_value (the 24-puzzle: one goal,
     * every bit compared; Klotski: the target's lane holds the primary's anchor). */
    key_wide goal_mask, goal_value;
    int (*successors)(const void *board, key_wide key, measure m, key_wide *child);
    /* NULL: successors. */
    int (*successors_after)(const void *board, key_wide parent, key_wide key, measure m,
                            key_wide *child);
    int (*lower_bound)(const void *board, key_wide key, measure m);
    char *(*path_text)(const void *board, const key_wide *keys, int n, measure m, char *err);
    long (*goal_states)(const void *board, key_wide start, long max,
                        bool (*seed)(key_wide key, void *ctx), void *ctx);
    bool (*unsolvable)(const void *board, key_wide key);
} family_wide;

typedef struct family_problem {
    family_id family;
    const void *board;
    uint64_t start;
    int max_successors;     /* the most successors a key has in any measure */
    bool (*is_goal)(const void *board, uint64_t key);
    /* The successors of key in measure m, in a fixed order; returns their count. */
    int (*successors)(const void *board, uint64_t key, measure m, uint64_t *child);
    /* A lower bound on the units of m from key to a goal that one unit changes by at most one
     * (admissible and consistent); -1 when no goal can be reached. */
    int (*lower_bound)(const void *board, uint64_t key, measure m);
    /* The notation of a path of keys, each one unit of m after the last (malloc'ed), or NULL
     * with err (FAMILY_ERR_MAX) when two are not. */
    char *(*path_text)(const void *board, const uint64_t *keys, int n, measure m, char *err);
    /* Calls seed(key, ctx) for the goal states that may share start's cluster (a superset is
     * harmless) until it returns false; returns how many it gave, or -1 when there are more
     * than `max` (it stops after giving `max`: the caller drops what it was given). */
    long (*goal_states)(const void *board, uint64_t start, long max,
                        bool (*seed)(uint64_t key, void *ctx), void *ctx);
    /* The successors of key, reached from `parent` in one unit of m, that a breadth-first
     * search has not stored already (a subset of successors' list, in its order, holding
     * every successor not one unit from parent), so that it stores the same states in the same
     * order; NULL: successors. */
    int (*successors_after)(const void *board, uint64_t parent, uint64_t key, measure m,
                            uint64_t *child);
    /* The fields below came after plugin ABI version 2 was set (solvers/plugin.h): added at
     * the end, so that a plugin built against it reads the fields above where they were. */
    const family_memo *memo;   /* NULL: none */
    /* is_goal's answer without the call: a key is a goal exactly when
     * (key & goal_mask) == goal_value. */
    uint64_t goal_mask, goal_value;
    /* Static unsolvability: true when key can be proved, without a search, to reach no goal
     * (the sliding tiles: parity). NULL: the family has no such proof. A solver that takes
     * the family is not run on such a start: its row says no solution with nothing expanded
     * (cli/measure.c), the reference says the same (bench/judge.c). False proves nothing. */
    bool (*unsolvable)(const void *board, uint64_t key);
    /* The most states the start's cluster can hold, or 0 when the family does not know: the
     * reference (solvers/reference.c) gives up a breadth-first search it could never finish
     * for an exact informed one. */
    uint64_t cluster_states;
    /* Since plugin ABI version 5: the family's own fast space, or NULL. A solver's loop is
     * compiled twice (search/space.h, SPACE_DISPATCH): once over this view's calls, once over
     * the fast space's, which it calls directly through the registry's compile-time half
     * (common/fast_space.h; Rush Hour's board, whose bitboard and vector generators the loop
     * inlines); the copy run is the one the family has. */
    const void *fast;
    /* Since plugin ABI version 8: the words of the board's keys (key.h). 1: the calls above.
     * 2: the board's keys are key_wide and its calls are `wide`'s; those above are NULL, and
     * `start` is the wide start's low word. A solver says whether it takes wide keys
     * (solver.h, `wide`); one that does not is not run on such a board (its row says
     * unsupported). */
    int key_words;
    family_wide wide;
    /* On a numbered view (search/numbered.h: a wide board's states numbered for a solver over
     * one-word keys), the wide view whose states it numbers; else NULL. */
    const struct family_problem *numbers;
} family_problem;

/* Whether the view's start is proved unsolvable without a search (`unsolvable`, either
 * width). */
bool family_start_unsolvable(const family_problem *p);

#endif
