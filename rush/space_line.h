/* space_line.h -- one line of the board (a row or a column) as the enumerator sees it.
 *
 * Pieces never leave their line and never pass each other or a wall, so what a line holds is
 * fixed for a whole cluster: its *template*, the lengths of its pieces in order, each with the
 * gap between walls it lives in. Only the *placement* changes: where the pieces stand, which a
 * line's occupancy byte (bit k = cell k) tells once the template is known. A line type (a size
 * and a set of wall cells) lists its templates, each template its placements, and each
 * placement the slides of one of its pieces, with the cells the slide sweeps; the enumerator
 * (skeleton.c) never looks at single pieces again.
 *
 * Placements of a template are numbered 0 .. count - 1 in a fixed order; under a mask of free
 * cells, the ones that fit are numbered again densely (line_rank_in), which is what lets a
 * skeleton number its states without gaps.
 *
 * For a placement and a mask of cells open to it, the move lists (line_moves) hold the slides
 * that sweep only open cells, each with what it changes in the numbers above, so that a
 * successor's number is an addition, never a search; the enumerator's inner loop indexes them
 * with line_move_index, its line size a constant.
 */
#ifndef LINE_H
#define LINE_H

#include <stdint.h>

#define LINE_MAX_PIECES 4   /* 8 cells hold at most four cars */

typedef struct {
    uint8_t mask;    /* the cells the pieces cover after the slide */
    uint8_t swept;   /* every cell the moving piece covers on its way, both ends included */
    uint16_t to;     /* the placement after the slide */
} line_step;

/* A legal slide under a mask of open cells, as line_moves lists it. */
typedef struct {
    int16_t rank_delta;   /* line_rank_in(to, open) - line_rank_in(from, open) */
    int16_t index_delta;  /* to's number within the template minus from's */
    uint8_t mask;         /* the cells covered after the slide */
} line_move;

typedef struct {
    uint8_t mask;       /* cells covered */
    uint8_t starts;     /* first cell of each piece */
    uint8_t template_id;
    uint16_t index;     /* number within its template */
    uint16_t nsteps;
    uint32_t first_step;
} line_placement;

typedef struct {
    uint8_t npieces, cells;          /* pieces and the cells they cover */
    uint8_t length[LINE_MAX_PIECES];
    uint8_t gap[LINE_MAX_PIECES];    /* the gap each piece lives in: how many walls precede it */
    uint8_t reach;                   /* cells some placement covers: all its pieces may reach */
    uint32_t first, count;           /* placements first .. first + count - 1 */
    uint8_t fits[256];               /* placements that fit in a mask of free cells */
    int16_t by_mask[256];            /* placement (global number) covering mask, or -1 */
} line_template;

typedef struct {
    int size;
    uint8_t walls;
    int ntemplates, nplacements, nsteps;
    line_template *template;
    line_placement *placement;
    line_step *step;
    uint8_t *rank_in;                 /* [placement * 256 + free] */
    line_move *move;                  /* the slides legal under each open mask, ... */
    uint32_t *move_at;                /* ... from move_at[placement << size | open] on */
} line_type;

/* Builds the line type of `size` cells (2..8) with wall cells `walls`: every template whose
 * pieces fit, the empty one first. Returns 0, or -1 when out of memory. */
int line_type_init(line_type *t, int size, uint8_t walls);
void line_type_free(line_type *t);

/* The template of t with pieces of these lengths, in order, one of whose placements covers
 * exactly `mask` (how a line is seen again once one of its pieces, or a wall across it, is
 * taken away); -1 when there is none. */
int line_template_find(const line_type *t, const uint8_t *length, int npieces, uint8_t mask);

/* Of the placements of p's template that fit in `free`, how many come before p (p must fit). */
static inline unsigned line_rank_in(const line_type *t, int p, uint8_t free)
{
    return t->rank_in[(unsigned)p * 256u + free];
}

/* The entry of move_at[] for placement p under `open`, in a line of `size` cells (a caller
 * that knows the size as a constant saves a load; line_moves is the plain form). */
static inline unsigned line_move_index(int size, unsigned p, unsigned open)
{
    return (p << size) | open;
}

/* The slides of placement p that sweep only cells of `open` (p must fit in open): from the
 * returned move up to *end. */
static inline const line_move *line_moves(const line_type *t, int p, unsigned open, const line_move **end)
{
    const uint32_t *at = &t->move_at[line_move_index(t->size, (unsigned)p, open)];
    *end = t->move + at[1];
    return t->move + at[0];
}

#endif
