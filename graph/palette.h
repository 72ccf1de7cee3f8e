/* palette.h -- the colours of the state-graph pictures: two sequential scales that read the same
 * to the three common kinds of colour blindness and in grey, since their lightness rises
 * steadily from end to end.
 *
 *   viridis  distance to the nearest goal: a goal state is bright yellow, the farthest states
 *            dark purple
 *   plasma   order of expansion: the first state a solver expands is dark blue, its last
 *            bright yellow
 *
 * Both are matplotlib's scales (Smith and van der Walt, 2015), given here by nine anchors each
 * and interpolated linearly between them in sRGB, which stays within a few levels of the full
 * 256-entry tables. Colours are written "#rrggbb".
 */
#ifndef PALETTE_H
#define PALETTE_H

#define PALETTE_HEX 8   /* "#rrggbb" and its NUL */

/* The colour of t in [0, 1] (clamped) on each scale. */
void palette_viridis(double t, char out[PALETTE_HEX]);
void palette_plasma(double t, char out[PALETTE_HEX]);

/* The colour of a distance d to the goal where the farthest state is `farthest` away: goals
 * (d = 0) at viridis' bright end. */
void palette_distance(unsigned d, unsigned farthest, char out[PALETTE_HEX]);

/* States with no goal in their cluster, and states a solver did not expand. */
#define PALETTE_NO_GOAL "#bdbdbd"
#define PALETTE_FADED "#e4e4e4"

#endif
