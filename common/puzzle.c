/* puzzle.c -- puzzle lists, stable ids, the native text form with its header. */
#include "common/puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "common/grow.h"
#include "common/xmem.h"

void puzzle_list_flush(puzzle_list *list)
{
    if (!list->sink) return;
    for (int i = 0; i < list->count; i++) list->sink(&list->items[i], list->sink_ctx);
    list->handed += list->count;
    list->count = 0;
}

puzzle *puzzle_list_add(puzzle_list *list)
{
    if (list->sink && list->count == PUZZLE_BATCH) puzzle_list_flush(list);
    GROW(list->items, list->capacity, list->count + 1, 16);
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
    list->items = NULL;
    list->count = list->capacity = 0;
}

void puzzle_id(const puzzle *p, char out[17])
{
    const board *b = &p->board;
    char grid[BOARD_TEXT_MAX], canonical[BOARD_MAX_PIECES] = {0};
    int n = board_format_grid(b, p->start, grid), next = 1, stride = b->width + 3;
    canonical[b->primary] = 'A';
    /* Cell (r, c) of the grid text follows the top border line and the row's left border. */
    for (int r = 0; r < b->height; r++)
        for (int c = 0; c < b->width; c++) {
            char *cell = &grid[(r + 1) * stride + 1 + c];
            int i = *cell == 'x' ? -1 : board_find_label(b, *cell);
            if (i < 0) continue;
            if (!canonical[i]) canonical[i] = BOARD_LABELS[next++];
            *cell = canonical[i];
        }
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(grid, (size_t)n));
}

void puzzle_format_board(const puzzle *p, char separator, char out[PUZZLE_BOARD_MAX])
{
    const board *b = &p->board;
    char primary = b->piece[b->primary].label;
    int n = primary == 'A' ? 0 : snprintf(out, PUZZLE_BOARD_MAX, "primary: %c\n", primary);
    n += board_format_grid(b, p->start, out + n);
    if (separator == '\n') return;
    out[n - 1] = '\0';   /* no separator after the last line */
    for (char *s = out; *s; s++)
        if (*s == '\n') *s = separator;
}

void puzzle_format_line(const puzzle *p, uint64_t key, char out[PUZZLE_BOARD_MAX])
{
    if (board_format_db(&p->board, key, out)) return;
    puzzle at = *p;
    at.start = key;
    puzzle_format_board(&at, '/', out);
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
