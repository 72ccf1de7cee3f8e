/* tiles_space.c -- the whole space of a sliding-tile board (tiles_space.h): every layout of the
 * goal's half, by its distance from the goal, with a breadth-first search over the
 * permutations' ranks.
 *
 * The invariant: a layout is numbered by the rank of its permutation (the Lehmer code, cells in
 * reading order), so the search needs a byte a layout and no hash table: dist[rank] is its
 * moves from the goal, or UNSEEN. Parity (common/tiles.h) splits the n! layouts into two
 * clusters of n!/2; the search meets exactly the goal's, which the count checks.
 */
#include "space/tiles_space.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/outfile.h"
#include "common/tiles.h"
#include "common/xmem.h"

#define UNSEEN 0xFF

/* The rank of a layout: its tiles in reading order, a permutation of 0 .. n-1. */
static uint64_t rank_of(const tiles_board *b, uint64_t key)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    return tiles_rank(cell, b->cells, b->cells);
}

static uint64_t key_of(const tiles_board *b, uint64_t r)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_unrank(r, b->cells, b->cells, cell);
    return tiles_key(b, cell);
}

int tiles_space_run(int width, int height, const char *out, const char *stats)
{
    tiles_board b;
    char err[TILES_ERR_MAX], oerr[OUTFILE_ERR_MAX];
    if (tiles_init(&b, width, height, NULL, err) < 0) {
        fprintf(stderr, "enumerate: --size: %s\n", err);
        return 2;
    }
    int n = b.cells;
    if (n > TILES_SPACE_MAX_CELLS) {
        fprintf(stderr, "enumerate: --size %dx%d: the tiles space is enumerated up to %d cells "
                "(a byte a layout: %d! bytes)\n", width, height, TILES_SPACE_MAX_CELLS, n);
        return 2;
    }
    uint64_t layouts = 2 * tiles_cluster_states(&b);
    uint8_t *dist = xmalloc(layouts);
    uint32_t *now = xmalloc(layouts / 2 * sizeof *now), *next = xmalloc(layouts / 2 * sizeof *next);
    memset(dist, UNSEEN, layouts);
    uint64_t by_moves[256] = {0}, count = 1, states = 0;
    int depth = 0;
    uint64_t root = rank_of(&b, b.goal_key);
    dist[root] = 0;
    now[0] = (uint32_t)root;
    for (;; depth++) {
        by_moves[depth] = count;
        states += count;
        uint64_t found = 0;
        for (uint64_t j = 0; j < count; j++) {
            uint64_t child[4];
            int k = tiles_successors(&b, key_of(&b, now[j]), child);
            for (int i = 0; i < k; i++) {
                uint64_t r = rank_of(&b, child[i]);
                if (dist[r] == UNSEEN) dist[r] = (uint8_t)(depth + 1), next[found++] = (uint32_t)r;
            }
        }
        if (!found) break;
        uint32_t *t = now;
        now = next, next = t;
        count = found;
    }
    /* The farthest layouts are the last level, in `now`, in the order the search met them. */
    int rc = 0;
    outfile o;
    if (outfile_open(&o, out ? out : "-", NULL, oerr) != 0) {
        fprintf(stderr, "enumerate: %s\n", oerr);
        rc = 2;
    } else {
        fprintf(o.f, "# enumerate {\"family\": \"tiles\", \"size\": \"%dx%d\", \"states\": %llu, "
                "\"clusters\": 2, \"max_moves\": %d, \"by_moves\": [", width, height,
                (unsigned long long)states, depth);
        for (int d = 0; d <= depth; d++)
            fprintf(o.f, "%s%llu", d ? ", " : "", (unsigned long long)by_moves[d]);
        fprintf(o.f, "]}\n# The layouts farthest from the goal (Korf's), %d moves each.\n", depth);
        fprintf(o.f, "family: tiles\nsize: %dx%d\n", width, height);
        for (uint64_t j = 0; j < count; j++) {
            char rows[TILES_TEXT_MAX];
            int len = tiles_format_rows(&b, key_of(&b, now[j]), false, rows);
            for (int i = 0; i < len; i++)
                if (rows[i] == '\n') rows[i] = ' ';
            fprintf(o.f, "farthest%llu %.*smoves=%d\n", (unsigned long long)j + 1, len, rows, depth);
        }
        if (outfile_commit(&o, oerr) != 0) {
            fprintf(stderr, "enumerate: %s\n", oerr);
            rc = 2;
        }
    }
    if (rc == 0 && stats) {
        if (outfile_open(&o, stats, NULL, oerr) == 0) {
            fprintf(o.f, "{\"family\": \"tiles\", \"size\": \"%dx%d\", \"states\": %llu, "
                    "\"clusters\": 2, \"max_moves\": %d, \"farthest\": %llu, \"by_moves\": [",
                    width, height, (unsigned long long)states, depth, (unsigned long long)count);
            for (int d = 0; d <= depth; d++)
                fprintf(o.f, "%s%llu", d ? ", " : "", (unsigned long long)by_moves[d]);
            fprintf(o.f, "]}\n");
        }
        if (outfile_commit(&o, oerr) != 0) {
            fprintf(stderr, "enumerate: %s\n", oerr);
            rc = 2;
        }
    }
    if (rc == 0 && states != layouts / 2) {   /* parity says half of them: a bug otherwise */
        fprintf(stderr, "enumerate: the search met %llu layouts, not %llu\n",
                (unsigned long long)states, (unsigned long long)(layouts / 2));
        rc = 1;
    }
    free(dist), free(now), free(next);
    return rc;
}
