/* tiles_family.h -- the sliding tiles' entry in the registry (common/families.h): numbered
 * tiles sliding into one blank, the 8- and 15-puzzles and their kin (tiles/README.md). Its
 * board is a `tiles_board` (tiles/tiles.h), a puzzle's member `tiles`. No include guard: read
 * once a table. */
#ifdef FAMILY_TYPES
#include "tiles/tiles.h"
#endif
FAMILY(TILES, tiles, tiles_board, tiles)
