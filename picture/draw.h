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
 *     draw_puzzle(p, &(puzzle_position){.key = p->start}, &st, &im);   // a Rush Hour start
 *     ... image_write_png(&im, "board.png") ...
 */
#ifndef DRAW_H
#define DRAW_H

#include <stdio.h>

#include "common/puzzle.h"
#include "picture/image.h"

typedef enum { THEME_DARK, THEME_LIGHT } draw_theme;

typedef struct {
    int tile;            /* pixels per cell */
    draw_theme theme;    /* dark: orange blocks ("Original"); light: pale blocks */
    bool screenshot;     /* add the phone screen's header panel and button bar */
    bool letters;        /* write each piece's letter on it */
} draw_style;

draw_style draw_default_style(void);

/* The picture of a position of p (the start, or one a replay left: puzzle_replay_each); out is
 * allocated (image_free it). A Klotski piece keeps its letter along a solution, from the
 * position's anchors. */
void draw_puzzle(const puzzle *p, const puzzle_position *pos, const draw_style *st, image *out);
/* The same as SVG elements placed at (x, y), for embedding in a larger picture. */
void draw_puzzle_svg(const puzzle *p, const puzzle_position *pos, const draw_style *st, FILE *f,
                     int x, int y);
/* The size of the pictures draw_puzzle makes of p (the same for every position). */
void draw_puzzle_size(const puzzle *p, const draw_style *st, int *width, int *height);

#endif
