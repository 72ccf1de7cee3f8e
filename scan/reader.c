/* reader.c -- what every reader of the scanner shares (scan_internal.h): messages that name
 * the file and line, counts and optima as the files write them, a grid's start, and the
 * families' part of the scanner, one <name>_scan a family, tied to its family_id by the
 * registry (common/families.h). */
#include "scan/scan_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAMILY_PART scan_family
#define FAMILY_PART_OF(name) name##_scan
#include "common/family_parts.h"   /* family_parts: each family's part of the scanner */

const scan_family *scan_family_of(family_id f)
{
    return family_parts[f];
}

int scan_build(const scan_source *src, const scan_grid *g, puzzle *p, char *err)
{
    const scan_family *sf = family_parts[g->family];
    if (!sf->build)
        return scan_error(err, src, g->row_lineno[0], "a %s board is not a grid of letters",
                          family_name(g->family));
    return sf->build(src, g, p, err);
}

int scan_error(char *err, const scan_source *src, int lineno, const char *fmt, ...)
{
    int n = lineno > 0 ? snprintf(err, SCAN_ERR_MAX, "%s:%d: ", src->path, lineno)
                       : snprintf(err, SCAN_ERR_MAX, "%s: ", src->path);
    if (n < 0 || n >= SCAN_ERR_MAX) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, (size_t)(SCAN_ERR_MAX - n), fmt, ap);
    va_end(ap);
    return -1;
}

void scan_default_name(const scan_source *src, int lineno, puzzle *p)
{
    snprintf(p->source, sizeof p->source, "%.300s:%d", src->path, lineno);
    snprintf(p->name, sizeof p->name, "%s", p->source);
}

int scan_parse_count(const char *s, long *value)
{
    if (!*s || strlen(s) > 9) return 0;
    for (const char *c = s; *c; c++)
        if (*c < '0' || *c > '9') return 0;
    *value = strtol(s, NULL, 10);
    return 1;
}

int scan_parse_optimum(const char *s, int *optimum)
{
    long n;
    if (strcmp(s, "-") == 0) *optimum = PUZZLE_UNSOLVABLE;
    else if (scan_parse_count(s, &n)) *optimum = (int)n;
    else return 0;
    return 1;
}

void scan_grid_init(scan_grid *g)
{
    memset(g, 0, sizeof *g);
    g->family = family_implied();
    g->primary = 'A';
    g->exit_side = -1;
    g->exit_line = -1;
    g->goal_row = -1;
}
