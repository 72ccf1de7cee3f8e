/* family.c -- the families' names and traits, and the measures' names (family.h). */
#include "common/family.h"

#include <string.h>

/* One line a family: its name, whether its slides are its moves, whether a table of the states
 * a depth-first search meets pays for itself. */
static const struct {
    const char *name;
    bool slides_are_moves, table_pays;
} traits[FAMILY_COUNT] = {
    [FAMILY_RUSH] = {"rush", true, true},
    [FAMILY_KLOTSKI] = {"klotski", false, true},
    [FAMILY_TILES] = {"tiles", true, false},
};
const char *const measure_names[MEASURE_COUNT] = {"moves", "slides", "steps"};

const char *family_name(family_id f)
{
    return (unsigned)f < FAMILY_COUNT ? traits[f].name : "?";
}

int family_parse(const char *name)
{
    for (int f = 0; f < FAMILY_COUNT; f++)
        if (strcmp(name, traits[f].name) == 0) return f;
    return -1;
}

bool family_slides_are_moves(family_id f)
{
    return traits[f].slides_are_moves;
}

bool family_table_pays(family_id f)
{
    return traits[f].table_pays;
}

const char *measure_name(measure m)
{
    return (unsigned)m < MEASURE_COUNT ? measure_names[m] : "?";
}
