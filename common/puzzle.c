/* puzzle.c -- puzzle lists, stable ids, the native text form with its header. */
#include "puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "xmem.h"

puzzle *puzzle_list_add(puzzle_list *list)
{
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 16;
        list->items = xrealloc(list->items, (size_t)list->capacity * sizeof *list->items);
    }
    puzzle *p = &list->items[list->count++];
    memset(p, 0, sizeof *p);
    p->optimal = PUZZLE_UNKNOWN;
    p->cluster = -1;
    return p;
}

void puzzle_list_take(puzzle_list *to, puzzle_list *from)
{
    for (int i = 0; i < from->count; i++) *puzzle_list_add(to) = from->items[i];
    puzzle_list_free(from);
}

void puzzle_list_free(puzzle_list *list)
{
    free(list->items);
    memset(list, 0, sizeof *list);
}

void puzzle_id(const puzzle *p, char out[17])
{
    char grid[BOARD_TEXT_MAX];
    int n = board_format_grid(&p->board, p->start, grid);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(grid, (size_t)n));
}

char *puzzle_format_native(const puzzle *p)
{
    char grid[BOARD_TEXT_MAX];
    board_format_grid(&p->board, p->start, grid);
    size_t n = strlen(grid) + PUZZLE_NAME_MAX + 128;
    char *out = xmalloc(n);
    size_t len = (size_t)snprintf(out, n, "name: %s\n", p->name);
    if (p->optimal == PUZZLE_UNSOLVABLE)
        len += (size_t)snprintf(out + len, n - len, "moves: -\n");
    else if (p->optimal >= 0)
        len += (size_t)snprintf(out + len, n - len, "moves: %d\n", p->optimal);
    if (p->cluster >= 0) len += (size_t)snprintf(out + len, n - len, "cluster: %ld\n", p->cluster);
    char primary = p->board.piece[p->board.primary].label;
    if (primary != 'A') len += (size_t)snprintf(out + len, n - len, "primary: %c\n", primary);
    snprintf(out + len, n - len, "%s", grid);
    return out;
}
