/* family_parts.h -- a table of one part of every family, by family_id, built from the registry
 * (common/families.h). Each family defines its part in its folder as `const PART NAME_SUFFIX`
 * (rush_scan, klotski_space, ...). Define FAMILY_PART, the part's type, and
 * FAMILY_PART_OF(name), its name in family `name`, then include this: it declares every
 * family's part and defines
 *
 *     static const FAMILY_PART *const family_parts[FAMILY_COUNT];
 *
 * No include guard: one table a file. */
#define FAMILY(ID, name, type, member) extern const FAMILY_PART FAMILY_PART_OF(name);
#include "common/families.h"
#undef FAMILY

static const FAMILY_PART *const family_parts[FAMILY_COUNT] = {
#define FAMILY(ID, name, type, member) [FAMILY_##ID] = &FAMILY_PART_OF(name),
#include "common/families.h"
#undef FAMILY
};

#undef FAMILY_PART
#undef FAMILY_PART_OF
