/* tiles_family.h -- the sliding tiles' entry in the registry (common/families.h): numbered
 * tiles sliding into one blank, the 8- and 15-puzzles and their kin (tiles/README.md). Its
 * board is a `tiles_board` (tiles/tiles.h), a puzzle's member `tiles`; its bounds' parameters
 * are the pattern databases' (tiles_pdb.h). No include guard: read once a table. */
#ifdef FAMILY_TYPES
#include "tiles/tiles.h"
#endif
FAMILY(TILES, tiles, tiles_board, tiles)
FAMILY_PARAM(TILES, partition, "the pattern databases' tiles (auto: the shape's default; on the 4x4 6-6-3)",
             0, "auto", "5-5-5", "6-6-3", "7-8")
FAMILY_PARAM(TILES, reflect, "also the bound of the board reflected about its diagonal, where it has one",
             1, "no", "yes")
