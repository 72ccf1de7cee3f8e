/* families.h -- the one registry of the families: one line a family, in the order of their
 * family_id (results, reports and `--list` follow it). No include guard: it is read once for
 * each table built from it.
 *
 * A line includes the family's entry, <name>/<name>_family.h, which says in one macro
 *
 *     FAMILY(ID, name, board_type, member)
 *
 * its constant FAMILY_<ID>, its name (the `family:` header's, its folder's, and the prefix of
 * the parts its folder defines: <name>_family, its family_class, common/puzzle.h; <name>_scan,
 * its part of the scanner, scan/scan_internal.h; <name>_space, its space, space/family_space.h),
 * the type of its board and the puzzle's member that holds one; and after it, each parameter
 * its bounds take (solvers/bounds/heuristic.h), a choice among names, `fallback` the index of
 * the default:
 *
 *     FAMILY_PARAM(ID, name, help, fallback, "choice", "choice", ...)
 *
 * Each table that spans the families is this list read with FAMILY (and FAMILY_PARAM, if it
 * wants them) defined first:
 *
 *     #define FAMILY(ID, name, type, member) FAMILY_##ID,
 *     #include "common/families.h"
 *     #undef FAMILY
 *
 * family_id (common/family.h), the puzzle's board union (common/puzzle.h, which defines
 * FAMILY_TYPES so that each entry first includes the header of its board type), the bounds'
 * parameters (solvers/bounds/heuristic.h, bound_params.h), and each table of one part of every
 * family by family_id (common/family_parts.h: the classes in common/family.c, the scanner's
 * parts in scan/reader.c, the spaces in space/family_space.c). The Makefile and
 * scripts/check-layers.sh read the folders from the lines below. Adding a family is its folder
 * and a line here. */
#ifndef FAMILY_PARAM   /* a table of the families alone */
#define FAMILY_PARAM(...)
#define FAMILIES_NO_PARAM
#endif

#include "rush/rush_family.h"
#include "klotski/klotski_family.h"
#include "tiles/tiles_family.h"

#ifdef FAMILIES_NO_PARAM
#undef FAMILY_PARAM
#undef FAMILIES_NO_PARAM
#endif
