/* tiles_space.c -- the whole space of a sliding-tile board (tiles_space.h): every layout of the
 * goal's half, by its distance from the goal, with a breadth-first search over the
 * permutations' ranks.
 *
 * The invariant: a layout is numbered by the rank of its permutation (the Lehmer code, cells in
 * reading order), and the search keeps two bits a rank and nothing else: UNSEEN, CLOSED (met at
 * an earlier level), or one of two codes that take turns as the level being expanded and the
 * next. A level is a pass over the whole table: each layout holding this level's code has its
 * children that are UNSEEN set to the next level's code (a compare-and-swap, so the processors
 * share a pass: every thread would write the same code, and a layout is counted by the thread
 * whose swap wrote it); then a second pass closes this level. The search ends at a level with no
 * child, whose layouts are the farthest. Parity (tiles/tiles.h) splits the n! layouts into two
 * clusters of n!/2; the search meets exactly the goal's, which the count checks. The 3x4's
 * 12! ranks take 120 MB.
 */
#include "tiles/tiles_space.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/outfile.h"
#include "common/parallel.h"
#include "tiles/tiles.h"
#include "common/xmem.h"
#include "space/family_space.h"

#define UNSEEN 0u
#define CLOSED 3u
#define LOW_BITS 0x5555555555555555ull   /* the low bit of each two-bit code */
#define RUN 4096                          /* words of the table a thread takes at once */

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

/* The low bits of the codes equal to `code` in word x. */
static inline uint64_t codes_equal(uint64_t x, unsigned code)
{
    uint64_t low = code & 1u ? x : ~x, high = code & 2u ? x >> 1 : ~x >> 1;
    return low & high & LOW_BITS;
}

typedef struct {
    const tiles_board *b;
    uint64_t *code;   /* 32 ranks a word, two bits each */
    unsigned now, next;
    uint64_t found;   /* layouts given the next code (atomic) */
} space_level;

/* Gives rank r the code `next` if it is UNSEEN; returns 1 when this call did. */
static unsigned claim(uint64_t *code, uint64_t r, unsigned next)
{
    uint64_t *word = &code[r / 32], shift = 2 * (r % 32);
    uint64_t x = __atomic_load_n(word, __ATOMIC_RELAXED);
    do {
        if ((x >> shift & 3u) != UNSEEN) return 0;
    } while (!__atomic_compare_exchange_n(word, &x, x | (uint64_t)next << shift, true,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return 1;
}

/* parallel_runs' loop: expands the layouts of this level in words [first, last). */
static void expand_words(void *arg, uint64_t first, uint64_t last)
{
    space_level *l = arg;
    uint64_t found = 0;
    for (uint64_t w = first; w < last; w++) {
        uint64_t mine = codes_equal(__atomic_load_n(&l->code[w], __ATOMIC_RELAXED), l->now);
        for (; mine; mine &= mine - 1) {
            uint64_t child[4], rank[4], r = w * 32 + (uint64_t)__builtin_ctzll(mine) / 2;
            int k = tiles_successors(l->b, key_of(l->b, r), child);
            for (int i = 0; i < k; i++) {   /* asked for before any is read: they overlap */
                rank[i] = rank_of(l->b, child[i]);
                __builtin_prefetch(&l->code[rank[i] / 32]);
            }
            for (int i = 0; i < k; i++) found += claim(l->code, rank[i], l->next);
        }
    }
    __atomic_fetch_add(&l->found, found, __ATOMIC_RELAXED);
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
                "(two bits a layout: %d!/4 bytes)\n", width, height, TILES_SPACE_MAX_CELLS, n);
        return 2;
    }
    uint64_t layouts = 2 * tiles_cluster_states(&b), words = (layouts + 31) / 32;
    space_level l = {&b, xcalloc(words, sizeof *l.code), 1, 2, 0};
    uint64_t by_moves[256] = {0}, count = 1, states = 0;
    int depth = 0;
    claim(l.code, rank_of(&b, b.goal_key), l.now);
    for (;; depth++) {
        by_moves[depth] = count;
        states += count;
        l.found = 0;
        parallel_runs(words, RUN, 0, expand_words, &l);
        if (!l.found) break;   /* this level, still coded, is the farthest */
        for (uint64_t w = 0; w < words; w++)   /* closes this level: its codes become CLOSED */
            l.code[w] |= codes_equal(l.code[w], l.now) * CLOSED;
        l.now = l.next, l.next = 3u - l.next;
        count = l.found;
    }
    /* The farthest layouts are the last level, those still coded `now`, in the order of their
     * ranks. */
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
        uint64_t j = 0;
        for (uint64_t w = 0; w < words; w++)
            for (uint64_t mine = codes_equal(l.code[w], l.now); mine; mine &= mine - 1) {
                char rows[TILES_TEXT_MAX];
                uint64_t r = w * 32 + (uint64_t)__builtin_ctzll(mine) / 2;
                int len = tiles_format_rows(&b, key_of(&b, r), false, rows);
                for (int i = 0; i < len; i++)
                    if (rows[i] == '\n') rows[i] = ' ';
                fprintf(o.f, "farthest%llu %.*smoves=%d\n", (unsigned long long)++j, len, rows,
                        depth);
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
    free(l.code);
    return rc;
}

/* ---- The tiles' space for bin/enumerate (space/family_space.h) ---------------------------- */

/* --size WxH; one search of its own, so no shards, walls or checkpoint. */
static int tiles_space_options(space_run_options *o, const char *size)
{
    int width, height, end = 0;
    if (sscanf(size, "%dx%d%n", &width, &height, &end) != 2 || size[end]) {
        fprintf(stderr, "enumerate: --size: '%s' is not WxH\n", size);
        return -1;
    }
    if (o->shard_n != 1 || o->walls || o->checkpoint) {
        fprintf(stderr, "enumerate: --family tiles takes no --shard, --walls or --checkpoint\n");
        return -1;
    }
    o->size = width, o->height = height;
    return 0;
}

static int tiles_space_whole(const space_run_options *o)
{
    return tiles_space_run(o->size, o->height, o->out, o->stats);
}

const space_family tiles_space = {.options = tiles_space_options, .run = tiles_space_whole};
