/* draw.h -- pictures of boards in the look of the Unblock Me game, as PNG-ready pixels or SVG.
 *
 * A board is drawn as a wooden frame around a dark floor, blocks of wood with a gap between
 * them, the primary block red, walls grey, and a notch in the frame at the exit. With
 * `screenshot` set the picture is framed like a phone screenshot (a header panel above the
 * board and a button bar below), which is what the scanner's round-trip tests feed it. Klotski
 * boards are drawn the same way, a piece of any shape as its cells joined.
 *
 *     draw_style st = draw_default_style();
 *     image im;
 *     draw_board(&b, key, &st, &im);   // then image_write_png(&im, "board.png")
 */
#ifndef DRAW_H
#define DRAW_H

#include <stdio.h>

#include "common/board.h"
#include "common/klotski.h"
#include "picture/image.h"

typedef enum { THEME_DARK, THEME_LIGHT } draw_theme;

typedef struct {
    int tile;            /* pixels per cell */
    draw_theme theme;    /* dark: orange blocks ("Original"); light: pale blocks */
    bool screenshot;     /* add the phone screen's header panel and button bar */
    bool letters;        /* write each piece's letter on it */
} draw_style;

draw_style draw_default_style(void);

/* The picture of position key; out is allocated (image_free it). */
void draw_board(const board *b, uint64_t key, const draw_style *st, image *out);

/* The same as SVG elements placed at (x, y), for embedding in a larger picture. */
void draw_board_svg(const board *b, uint64_t key, const draw_style *st, FILE *f, int x, int y);
/* The size of the picture draw_board makes (the same for every position). */
void draw_size(const board *b, const draw_style *st, int *width, int *height);

/* The same three for a Klotski board with piece i anchored on at[i] (its letters stay with
 * their pieces along a solution), in the same look: the primary red, the opening a notch in
 * the frame. */
void draw_klotski(const klotski_board *b, const uint8_t *at, const draw_style *st, image *out);
void draw_klotski_svg(const klotski_board *b, const uint8_t *at, const draw_style *st, FILE *f,
                      int x, int y);
void draw_klotski_size(const klotski_board *b, const draw_style *st, int *width, int *height);

#endif
