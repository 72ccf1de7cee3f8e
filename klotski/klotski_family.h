/* klotski_family.h -- Klotski's entry in the registry (common/families.h): pieces of any shape
 * sliding in four directions, the primary to its goal (klotski/README.md). Its board is a
 * `klotski_board` (klotski/klotski.h), a puzzle's member `klotski`. No include guard: read
 * once a table. */
#ifdef FAMILY_TYPES
#include "klotski/klotski.h"
#endif
FAMILY(KLOTSKI, klotski, klotski_board, klotski)
