/* tiles_space.h -- bin/enumerate --family tiles: the whole space of a sliding-tile board of at
 * most TILES_SPACE_MAX_CELLS cells, by distance from Korf's goal (docs/space.md, "Sliding
 * tiles").
 *
 * Writes to `out` (NULL or "-": standard output) a `# enumerate {...}` header with the
 * statistics (the layouts of the goal's cluster, their count at each distance, the farthest
 * distance), then the farthest layouts as a tiles list (docs/formats.md), a corpus bin/bench
 * reads; and the statistics alone as JSON to `stats` when it is not NULL. Returns bin/enumerate's
 * exit status. */
#ifndef TILES_SPACE_H
#define TILES_SPACE_H

#define TILES_SPACE_MAX_CELLS 12   /* two bits a layout: 12!/4 bytes, 120 MB; 14!: 21.8 GB */

int tiles_space_run(int width, int height, const char *out, const char *stats);

#endif
