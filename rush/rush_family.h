/* rush_family.h -- Rush Hour's entry in the registry (common/families.h): cars and trucks
 * along one line each, the primary out through the exit (rush/README.md). Its board is a
 * `board` (rush/board.h), a puzzle's member `board`. No include guard: read once a table. */
#ifdef FAMILY_TYPES
#include "rush/board.h"
#endif
FAMILY(RUSH, rush, board, board)
