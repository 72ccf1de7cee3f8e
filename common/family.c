/* family.c -- the names of families and measures (family.h). */
#include "common/family.h"

#include <string.h>

static const char *const family_names[FAMILY_COUNT] = {"rush", "klotski", "tiles"};
const char *const measure_names[MEASURE_COUNT] = {"moves", "slides", "steps"};

const char *family_name(family_id f)
{
    return (unsigned)f < FAMILY_COUNT ? family_names[f] : "?";
}

int family_parse(const char *name)
{
    for (int f = 0; f < FAMILY_COUNT; f++)
        if (strcmp(name, family_names[f]) == 0) return f;
    return -1;
}

bool family_slides_are_moves(family_id f)
{
    return f == FAMILY_RUSH || f == FAMILY_TILES;
}

const char *measure_name(measure m)
{
    return (unsigned)m < MEASURE_COUNT ? measure_names[m] : "?";
}
