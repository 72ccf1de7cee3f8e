/* family.c -- the families' classes by family_id, and the measures' names (family.h).
 *
 * A family is its folder and its line in the registry (common/families.h): the folder defines
 * its family_class (common/puzzle.h), everything a puzzle of the family needs from it, and this
 * table, built from the registry, ties it by its family_id to every layer that knows no
 * family. */
#include "common/family.h"

#include <string.h>

#include "common/puzzle.h"

#define FAMILY_PART family_class
#define FAMILY_PART_OF(name) name##_family
#include "common/family_parts.h"   /* family_parts: each family's class */

const char *const measure_names[MEASURE_COUNT] = {"moves", "slides", "steps"};

const family_class *family_class_of(family_id f)
{
    return family_parts[f];
}

const char *family_name(family_id f)
{
    return (unsigned)f < FAMILY_COUNT ? family_parts[f]->name : "?";
}

int family_parse(const char *name)
{
    for (int f = 0; f < FAMILY_COUNT; f++)
        if (strcmp(name, family_parts[f]->name) == 0) return f;
    return -1;
}

family_id family_implied(void)
{
    int f = 0;
    while (f + 1 < FAMILY_COUNT && !family_parts[f]->implied) f++;
    return (family_id)f;
}

bool family_slides_are_moves(family_id f)
{
    return family_parts[f]->slides_are_moves;
}

bool family_table_pays(family_id f)
{
    return family_parts[f]->table_pays;
}

bool family_start_unsolvable(const family_problem *p)
{
    if (p->key_words == 2) return p->wide.unsolvable && p->wide.unsolvable(p->board, p->wide.start);
    return p->unsolvable && p->unsolvable(p->board, p->start);
}

const char *measure_name(measure m)
{
    return (unsigned)m < MEASURE_COUNT ? measure_names[m] : "?";
}
