/* families.h -- the one registry of the families: one line a family, in the order of their
 * family_id (results, reports and `--list` follow it). No include guard: it is read once for
 * each table built from it.
 *
 * A line includes the family's entry, <folder>/<folder>_family.h, which says, in one macro,
 *
 *     FAMILY(ID, name, board_type, member)
 *
 * its constant FAMILY_<ID>, its name (the `family:` header's; also its folder and the prefix
 * of what its folder defines: <name>_family, its family_class in common/puzzle.h, and
 * <name>_scan, its readers in scan/scan_internal.h), the type of its board and the puzzle's
 * member that holds one. Each table that spans the families is this list with FAMILY defined
 * first:
 *
 *     #define FAMILY(ID, name, type, member) [FAMILY_##ID] = &name##_family,
 *     #include "common/families.h"
 *     #undef FAMILY
 *
 * family_id (common/family.h), the puzzle's board union (common/puzzle.h, which defines
 * FAMILY_TYPES so that each entry first includes the header of its board type), the classes
 * (common/family.c) and the readers (scan/scan.c). The Makefile and scripts/check-layers.sh read
 * the folders from the lines below. Adding a family is its folder and a line here. */
#include "rush/rush_family.h"
#include "klotski/klotski_family.h"
#include "tiles/tiles_family.h"
