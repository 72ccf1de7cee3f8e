/* stats.c -- database lines and the statistics of a puzzle space (stats.h). */
#include "common/grow.h"
#include "space/stats.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int space_puzzle_compare(const space_puzzle *a, const space_puzzle *b)
{
    if (a->moves != b->moves) return a->moves > b->moves ? -1 : 1;
    return strcmp(a->board, b->board);
}

void space_stats_init(space_stats *s)
{
    memset(s, 0, sizeof *s);
    s->hardest.moves = -1;
    s->largest.moves = -1;
}

int space_puzzle_larger(const space_puzzle *a, const space_puzzle *b)
{
    if (a->cluster != b->cluster) return a->cluster > b->cluster;
    return strcmp(a->board, b->board) < 0;
}

void space_stats_add(space_stats *to, const space_stats *from)
{
    to->units += from->units, to->skeletons += from->skeletons, to->states += from->states;
    to->expanded += from->expanded, to->mirrored += from->mirrored;
    to->candidates += from->candidates, to->clusters += from->clusters;
    to->solvable += from->solvable, to->minimal += from->minimal;
    for (int m = 0; m < SPACE_MAX_MOVES; m++) to->by_moves[m] += from->by_moves[m];
    if (from->hardest.moves >= 0 &&
        (to->hardest.moves < 0 || space_puzzle_compare(&from->hardest, &to->hardest) < 0))
        to->hardest = from->hardest;
    if (from->largest.cluster && (!to->largest.cluster || space_puzzle_larger(&from->largest, &to->largest)))
        to->largest = from->largest;
}

int space_puzzles_push(space_puzzles *l, const space_puzzle *p)
{
    bool failed = false;
    TRY_GROW(l->item, l->capacity, l->count + 1, 1024, failed);
    if (failed) return -1;
    l->item[l->count++] = *p;
    return 0;
}

void space_puzzles_free(space_puzzles *l)
{
    free(l->item);
    memset(l, 0, sizeof *l);
}

