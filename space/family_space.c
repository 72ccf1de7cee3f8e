/* family_space.c -- the families' spaces by family_id (family_space.h), from the registry. */
#include "space/family_space.h"

#define FAMILY_PART space_family
#define FAMILY_PART_OF(name) name##_space
#include "common/family_parts.h"   /* family_parts: each family's space */

const space_family *space_family_of(family_id f)
{
    return family_parts[f];
}
