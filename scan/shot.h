/* shot.h -- reading an Unblock Me screenshot: where the board is, what each tile holds, which
 * tiles belong to one block, where the exit is. No fixed pixel positions: everything is found
 * from the game's look, at any resolution, in both wood themes.
 *
 *     shot_analysis a;
 *     if (shot_analyse(&im, &a, why) == 0) ... a.label[r][c] is '.', 'x' or a piece letter ...
 *     shot_draw(&im, &a, &overlay);   // the debug picture, also after a failed analysis
 *
 * The steps, each a function in shot.c:
 *   1. every pixel is classified: board floor (dark brown), wood (a block: orange or pale),
 *      red (the primary block), or other (frame, text, buttons);
 *   2. the board is the largest square-ish connected region of floor, wood and red pixels that
 *      holds a good share of wood (the header panel has the floor's color but no blocks);
 *   3. its interior is trimmed to the rows and columns the region fills (so that the exit
 *      notch does not widen it), and cut into 6 x 6 tiles;
 *   4. each tile is classified from its central part;
 *   5. two neighbouring block tiles are one block when the boundary between them is wood all
 *      along, and two blocks when a seam (the gap between blocks) crosses it: this is what
 *      tells two cars end to end from one long block;
 *   6. the exit is the frame strip beside the interior that looks most like floor.
 */
#ifndef SHOT_H
#define SHOT_H

#include "rush/board.h"
#include "picture/image.h"

#define SHOT_SIDE 6
#define SHOT_ERR_MAX 256

typedef enum { TILE_EMPTY, TILE_BLOCK, TILE_PRIMARY, TILE_FIXED, TILE_UNCLEAR } shot_tile;

typedef struct {
    bool found;                 /* a board region was found (the rest is filled in step order) */
    int x0, y0, x1, y1;         /* the interior, pixels [x0, x1) x [y0, y1) */
    double tile_w, tile_h;
    shot_tile tile[SHOT_SIDE][SHOT_SIDE];
    bool joins_right[SHOT_SIDE][SHOT_SIDE];   /* tile and its right neighbour: one block */
    bool joins_down[SHOT_SIDE][SHOT_SIDE];    /* tile and the one below: one block */
    int exit_side;              /* a board_exit, or -1 when none was found */
    int exit_line;              /* its row (left/right) or column (top/bottom) */
    char label[SHOT_SIDE][SHOT_SIDE];         /* '.', 'x', 'A' for the primary, 'B'... */
} shot_analysis;

/* Analyses the picture. Returns 0 with a.label filled, or -1 with a one-line reason naming
 * the pixel region or tiles at fault in why (SHOT_ERR_MAX bytes). */
int shot_analyse(const image *im, shot_analysis *a, char *why);

/* The picture with the analysis drawn over it: the interior, the tile grid, each tile's class,
 * the blocks found, the exit. */
void shot_draw(const image *im, const shot_analysis *a, image *out);

#endif
