/* rush_space.h -- the space of all puzzles of one board size with up to K walls, cut into units.
 *
 * The definitions (as the database's, see docs/space.md): an N x N board; the
 * primary car in row 2, exit at the right end of that row; other pieces cars and trucks, either
 * way, no other horizontal piece in the primary's row; fixed 1x1 walls, in the primary's row only
 * to its left; no row whose horizontal pieces and walls fill it, no column whose vertical pieces
 * fill it (such a line can never move).
 *
 * A *unit* is a set of walls and a template for every row (space_line.h). No move changes either, so
 * every cluster lies inside one unit, and inside one *skeleton*, a unit with a template for
 * every column too: units can be explored in any order, on any machine, with nothing shared.
 * Units are numbered 0 .. space_units() - 1: wall sets by number of walls and then cell order,
 * row templates as a mixed-radix number with row 0 the fastest digit.
 */
#ifndef SPACE_H
#define SPACE_H

#include <stdbool.h>
#include <stdint.h>

#include "rush/space_line.h"
#include "space/stats.h"

#define SPACE_MIN_SIZE 4
#define SPACE_MAX_SIZE 8
#define SPACE_PRIMARY_ROW 2
#define SPACE_MAX_TEMPLATES 64

typedef struct {
    uint64_t cells;                  /* bit y * 8 + x */
    uint8_t row_templates[SPACE_MAX_SIZE];   /* templates each row may hold (row 2: 1) */
    uint64_t first_unit;             /* its units: first_unit .. + units - 1 */
    uint64_t units;
} space_wallset;

typedef struct {
    int size, max_walls;
    line_type type[256];             /* the line type of each wall byte (size cells) */
    int nwallsets;
    space_wallset *wallset;
    uint64_t units;
    /* The templates of line type w that may stand in a row, in the primary's row, in a column,
     * in template order: role[w][SPACE_AS_ROW].list[0 .. count - 1]. */
    struct {
        uint8_t count, list[SPACE_MAX_TEMPLATES];
    } role[256][3];
    uint64_t spread[256];            /* bit k of a byte to bit 8k */
} space;

enum { SPACE_AS_ROW, SPACE_AS_PRIMARY, SPACE_AS_COLUMN };

/* The space of size x size boards with 0 .. max_walls walls. Returns 0, or -1 with err. */
int space_init(space *s, int size, int max_walls, char *err);
void space_free(space *s);

/* A unit: its walls, and for each row the template it holds, a number of the row's line type
 * type[space_row_walls(walls, r)]. */
typedef struct {
    uint64_t walls;
    uint8_t row_template[SPACE_MAX_SIZE];
} space_unit;

void space_unit_at(const space *s, uint64_t unit, space_unit *out);

/* The top-bottom mirror. Where the primary's row is the middle row (5x5: row 2 of 0 to 4, on no
 * other size) every rule of the definitions reads the same upside down, so the mirror image of
 * a state of the space is a state of the space, one slide apart where the originals are: the
 * mirror image of a cluster is a cluster, of the same size, with the same distances to the
 * goal and the same minimality. The enumerator explores one of each pair of mirror-image units
 * and reports the other from it (space_explore.c). */
static inline bool space_has_mirror(const space *s)
{
    return s->size - 1 - SPACE_PRIMARY_ROW == SPACE_PRIMARY_ROW;
}

/* A bitboard (bit y * 8 + x) of an n x n board upside down: row y to row n - 1 - y. */
static inline uint64_t space_mirror_bits(int n, uint64_t bits)
{
    return __builtin_bswap64(bits) >> (8 * (8 - n));
}

/* Where unit u stands against its mirror image, in a fixed order of units: 0 when they are the
 * same unit (or the space has no mirror), -1 when u comes first (it is explored and reports its
 * mirror too), 1 when the mirror comes first (u is reported from it). */
int space_unit_against_mirror(const space *s, const space_unit *u);

/* The wall byte of row y / column x of a wall bitboard. */
static inline uint8_t space_row_walls(uint64_t walls, int y)
{
    return (uint8_t)(walls >> (8 * y));
}

static inline uint8_t space_column_bits(uint64_t bits, int x)
{
    return (uint8_t)((((bits >> x) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

/* A lower bound on the moves of a state whose primary (row SPACE_PRIMARY_ROW of h8) is not at
 * the exit: every vertical piece (v8) across its way to the exit moves at least once, and the
 * primary once more. */
static inline int space_blockers_bound(int n, uint64_t h8, uint64_t v8)
{
    unsigned primary = (uint8_t)(h8 >> (8 * SPACE_PRIMARY_ROW));
    unsigned ahead = ~(primary | (primary - 1)) & ((1u << n) - 1);
    return 1 + __builtin_popcount((unsigned)(uint8_t)(v8 >> (8 * SPACE_PRIMARY_ROW)) & ahead);
}

/* A column byte spread back onto column x of a bitboard. */
static inline uint64_t space_column_spread(const space *s, uint8_t column, int x)
{
    return s->spread[column] << x;
}

#endif
