/* tiles_pdb.c -- additive disjoint pattern databases for the sliding tiles (Korf and Felner
 * 2002; Felner, Korf and Hanan 2004): the `pdb` bound of the tiles family (heuristic.h).
 *
 * The tiles are split into disjoint groups (a partition). A group's database gives, for every
 * placement of its tiles and every cell of the blank, the fewest moves *of its own tiles* that
 * bring them to their goal cells, in the puzzle where the other tiles are not told apart: the
 * blank moves through their cells for nothing, and a move of a group's tile into the blank
 * costs one. The bound is the sum over the groups, each looked up with the real blank.
 *
 *   Admissible: each group's table is the exact distance in an abstraction of the puzzle (a
 *   state maps to its group's placement and the blank's cell): a real move is an abstract
 *   move of cost one when the group's tile moves and of cost zero when another tile moves,
 *   so a real solution maps to an abstract path that costs its number of the group's moves.
 *   The groups are disjoint, so the sum counts each real move at most once.
 *   Consistent: a real move is a move of cost one in one group's abstraction and of cost zero
 *   in every other's. Abstract moves can be undone at the same cost, so a move of cost c
 *   changes an abstract distance by at most c: the sum changes by at most one.
 *   reflect=yes takes the larger of the sum and the sum for the board reflected about its main
 *   diagonal (the tiles renumbered by where their goal cells reflect to), whose distance to the
 *   goal is the same; the larger of two consistent bounds is consistent. It applies to square
 *   boards whose goal puts the blank on the diagonal; elsewhere it changes nothing.
 *
 * Felner, Korf and Hanan store the least entry over the blank's cells, a table n - k times
 * smaller; that bound is admissible but not consistent (a move can change it by three: on the
 * 3x3 with the group {1 2 3}, 102 moves do), so the blank's cell is kept here up to 16 cells.
 *
 * Past 16 cells (the wide boards, tiles.h) a table keeping the blank's cell would be n - k
 * times larger (2.4 GB a 6-tile group of the 5x5), so there the table keeps, as Korf and
 * Felner's do, the least entry over the blank's cells: n! / (n-k)! entries, 127.5 MB a 6-tile
 * group of the 5x5. It is built by the same search, which marks the abstraction's states with
 * two bits each meanwhile (build, below). Leaving the blank out altogether (a group's tile may
 * move into any cell none of the group holds) would be smaller to build but weaker by two on
 * most placements of the group around the blank's goal, whose tiles wall the blank's corner
 * in: on Korf and Felner's 50, 77.8 against Manhattan's 75.5 on average.
 *   Admissible: the least over the blank's cells is at most the entry of the blank's own.
 *   Not consistent (the 3x3 example above): IDA* stays optimal with an admissible bound,
 *   which is what the wide boards' searches need (Korf's IDA*); the incremental expansion
 *   works out again only the moved tile's group, the one entry a move can change.
 *
 * A group's placement is numbered by its rank: the tiles' cells as digits, each counted among
 * the cells the earlier tiles left free (mixed radix n, n-1, ...); an entry is the rank times
 * n - k plus the blank's place among the free cells, one byte, so a database has
 * n! / (n-k)! * (n-k) entries (57.7 MB for six tiles of the 4x4, 4.15 GB for eight). Its
 * breadth-first search goes level by level from the goal placement (build, below). Built once a
 * process (kept in a list, under a lock) and cached on disk under
 * $XDG_CACHE_HOME/unblock-bench (else ~/.cache/unblock-bench), keyed by the shape, the goal
 * and the group, with an XXH3 checksum: a file that does not match is rebuilt, with one
 * warning line, and never trusted. A set whose tables together pass the bytes budget builds
 * none of them.
 *
 * Partitions: on the 4x4, by goal cells (0 the blank's; with another goal, the blank's goal
 * cell and cell 0 trade places):
 *   6-6-3 (the default): {1 2 4 5 8 9} {3 6 7 10 11 15} {12 13 14}
 *   5-5-5:               {1 2 3 6 7} {4 5 8 9 12} {10 11 13 14 15}
 *   7-8:                 {1 2 3 4 5 6 7} {8 9 10 11 12 13 14 15}   (4.67 GB with the blank kept)
 * On the 5x5, auto is Korf and Felner's 6-6-6-6 (2002; the groups of Korf's own solver):
 *   {1 2 5 6 7 12} {3 4 8 9 13 14} {10 11 15 16 20 21} {17 18 19 22 23 24}   (510 MB)
 * On every other shape, and the 5x5's other choices: the goal cells in reading order, the
 * blank's left out, cut into runs of the partition's largest group (auto and 6-6-3: six;
 * 5-5-5: five; 7-8: eight), the last run what is left.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "common/outfile.h"
#include "common/parallel.h"
#include "tiles/tiles.h"
#include "common/xmem.h"
#include "search/search.h"
#include "tiles/tiles_pdb.h"

#define MAX_GROUP 8
#define MAX_GROUPS 5   /* 5-5-5 on the 5x5: five runs of five */
#define UNSEEN 0xFF

typedef struct {
    uint8_t width, height, cells, k;
    uint8_t goal[TILES_MAX_CELLS];
    uint8_t tile[MAX_GROUP];   /* the group's tiles */
    uint64_t entries;
    uint8_t *dist;             /* by rank */
} pdb_group;

typedef struct {
    uint8_t width, height, partition, reflect;
    uint8_t goal[TILES_MAX_CELLS];
    int ngroups;
    const pdb_group *group[MAX_GROUPS];
    bool mirrored;                           /* reflect=yes on a board it applies to */
    uint8_t mirror_cell[TILES_MAX_CELLS];    /* a cell's reflection */
    uint8_t mirror_tile[TILES_MAX_CELLS];    /* the tile whose goal cell is a tile's reflected
                                              * (an involution: reflecting twice is none) */
    int8_t group_of[TILES_MAX_CELLS];        /* a tile's group, -1 for the blank */
    uint64_t bytes;
} pdb_set;

/* What this process built or read, kept for its life. */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pdb_group *groups[64];
static int ngroups_built;
static pdb_set *sets[32];
static int nsets;

/* ---- Building ------------------------------------------------------------------------- */

/* Whether a board's tables leave the blank out (more than 16 cells, above). */
static bool open_blank(int cells)
{
    return cells > TILES_NARROW_CELLS;
}

/* The placements of k tiles on n cells (a table's entries without the blank's cells). */
static uint64_t placements_of(int k, int n)
{
    uint64_t e = 1;
    for (int i = 0; i < k; i++) e *= (uint64_t)(n - i);
    return e;
}

/* A table's entries: the placements, times the blank's cells where it is kept. */
static uint64_t entries_of(int k, int n)
{
    return placements_of(k, n) * (open_blank(n) ? 1 : (uint64_t)(n - k));
}

static uint64_t ranks_of(const pdb_group *g)
{
    return placements_of(g->k, g->cells);
}

/* A board's cells as bit masks, for flood: all of them, and those with a neighbour on the left
 * and on the right. */
typedef struct {
    int width;
    uint32_t inside, not_left, not_right;
} pdb_edges;

static pdb_edges edges_of(const tiles_board *b)
{
    pdb_edges e = {b->width, (1u << b->cells) - 1, 0, 0};
    for (int c = 0; c < b->cells; c++) {
        if (c % b->width) e.not_left |= 1u << c;
        if (c % b->width != b->width - 1) e.not_right |= 1u << c;
    }
    return e;
}

/* The cells a blank reaches from `seed` through the cells `free`. */
static uint32_t flood(uint32_t seed, uint32_t free, const pdb_edges *e)
{
    uint32_t m = seed, grown;
    for (;;) {
        grown = m | m >> e->width | m << e->width | (m & e->not_left) >> 1 |
                (m & e->not_right) << 1;
        grown &= free;
        if (grown == m) return m;
        m = grown;
    }
}

/* The entry of a placement (its rank, its cells `used`) with the blank on `blank`. */
#define PDB_INLINE static inline __attribute__((always_inline))
PDB_INLINE uint64_t entry_of(uint64_t rank, uint32_t used, int blank, int free_cells, const bool wide)
{
    uint32_t below = used & ((1u << blank) - 1);   /* the cells before the blank's */
    return rank * (uint64_t)free_cells + (uint64_t)(blank - (wide ? tiles_ones32(below) : tiles_ones16(below)));
}

/* The breadth-first search from the goal placement, level by level, in the abstraction that
 * keeps the blank's cell. A placement's free cells fall into components (cells the blank joins
 * by free moves); the blank's cells of one component are one state of the abstraction, so a
 * component's entries are always set together, and one entry tells whether it is seen. A
 * level's placements are a bitmap; a placement's cells at this level are its entries marked
 * with it. The placements of a level are shared out among the processors in runs of words
 * (common/parallel.h): two threads that reach one component write it the same level, so the
 * marks are stored and loaded whole (relaxed atomics) and the bitmap of the next level is
 * or-ed atomically.
 *
 * Up to 16 cells the marks are the table itself, a byte an entry: the level. Past 16 (the
 * tables that leave the blank out) the marks are two bits an entry, the level modulo 3 plus
 * one (0: unseen), which tells this level's entries from the last's and the next's (a move
 * changes the level by at most one), 0.6 GB for a 6-tile group of the 5x5 while it is built;
 * and the table, a byte a placement, takes the level at which the first of its components is
 * reached: the least over the blank's cells, Korf and Felner's entry. */
typedef struct {
    pdb_group *g;
    const tiles_board *b;
    pdb_edges edges;
    const uint64_t *now;
    uint64_t *next, words;
    uint8_t level;
    bool reached;    /* a placement got the next level (atomic; set once a run, by build_words) */
    uint8_t *marks;  /* the two-bit marks of a table that leaves the blank out, else NULL */
} pdb_build;

#define BUILD_RUN 1024   /* words of the bitmap a thread takes at once */

/* Whether entry e is marked with `level`. */
static inline bool marked_at(const pdb_build *w, uint64_t e, uint8_t level)
{
    if (!w->marks) return __atomic_load_n(&w->g->dist[e], __ATOMIC_RELAXED) == level;
    return (__atomic_load_n(&w->marks[e / 4], __ATOMIC_RELAXED) >> (2 * (e % 4)) & 3) == level % 3 + 1;
}

static inline bool unseen(const pdb_build *w, uint64_t e)
{
    if (!w->marks) return __atomic_load_n(&w->g->dist[e], __ATOMIC_RELAXED) == UNSEEN;
    return !(__atomic_load_n(&w->marks[e / 4], __ATOMIC_RELAXED) >> (2 * (e % 4)) & 3);
}

static inline void mark(pdb_build *w, uint64_t e, uint8_t level)
{
    if (!w->marks) __atomic_store_n(&w->g->dist[e], level, __ATOMIC_RELAXED);
    else __atomic_fetch_or(&w->marks[e / 4], (uint8_t)((level % 3 + 1) << (2 * (e % 4))), __ATOMIC_RELAXED);
}

/* Marks the component of free cells around `blank` of placement r (its cells `used`) with
 * `level`; a table that leaves the blank out takes the level for r if it has none. */
static void mark_component(pdb_build *w, uint64_t r, uint32_t used, int blank, uint8_t level)
{
    int free_cells = w->b->cells - w->g->k;
    uint32_t component = flood(1u << blank, w->edges.inside & ~used, &w->edges);
    for (uint32_t c = component; c; c &= c - 1)
        mark(w, entry_of(r, used, __builtin_ctz(c), free_cells, w->marks != NULL), level);
    if (w->marks && __atomic_load_n(&w->g->dist[r], __ATOMIC_RELAXED) == UNSEEN)
        __atomic_store_n(&w->g->dist[r], level, __ATOMIC_RELAXED);
}

/* Expands placement r at w->level: each of its tiles next to a cell of the blank at this
 * level moves into it, and the component the blank then has, if unseen, gets the next level.
 * Returns whether one did.
 * The children's entries are all asked for (prefetched) before any is read: on the larger
 * tables nearly every one is a cache miss, and this lets them overlap. */
static bool build_expand(pdb_build *w, uint64_t r)
{
    pdb_group *g = w->g;
    const tiles_board *b = w->b;
    int k = g->k, n = b->cells, free_cells = n - k, m = 0;
    uint32_t inside = w->edges.inside, used = 0, here = 0;
    uint8_t cell[MAX_GROUP];
    struct { uint64_t rank, entry; uint32_t used; int blank; } child[4 * MAX_GROUP];
    tiles_unrank(r, k, n, cell);
    for (int i = 0; i < k; i++) used |= 1u << cell[i];
    int slot = 0;
    for (uint32_t f = inside & ~used; f; f &= f - 1, slot++)
        if (marked_at(w, r * (uint64_t)free_cells + (uint64_t)slot, w->level)) here |= f & -f;
    for (int i = 0; i < k; i++) {
        uint8_t at = cell[i];
        for (int d = 0; d < 4; d++) {
            int to = b->next[at][d];
            if (to < 0 || !(here >> to & 1u)) continue;   /* the blank is not there */
            cell[i] = (uint8_t)to;
            child[m].rank = w->marks ? tiles_rank_wide(cell, k, n) : tiles_rank(cell, k, n);
            child[m].used = (used & ~(1u << at)) | 1u << to;
            child[m].blank = at;
            child[m].entry = entry_of(child[m].rank, child[m].used, at, free_cells, w->marks != NULL);
            __builtin_prefetch(w->marks ? w->marks + child[m].entry / 4 : g->dist + child[m].entry);
            m++;
        }
        cell[i] = at;
    }
    bool reached = false;
    for (int i = 0; i < m; i++) {
        if (!unseen(w, child[i].entry)) continue;
        uint64_t r2 = child[i].rank;
        mark_component(w, r2, child[i].used, child[i].blank, (uint8_t)(w->level + 1));
        __atomic_fetch_or(&w->next[r2 / 64], 1ull << (r2 % 64), __ATOMIC_RELAXED);
        reached = true;
    }
    return reached;
}

/* parallel_runs' loop: the placements of words [first, last) of this level. The flag the
 * threads share is written once a run, not once a placement reached. */
static void build_words(void *arg, uint64_t first, uint64_t last)
{
    pdb_build *w = arg;
    bool reached = false;
    for (uint64_t i = first; i < last; i++)
        for (uint64_t bits = w->now[i]; bits; bits &= bits - 1)
            reached |= build_expand(w, i * 64 + (uint64_t)__builtin_ctzll(bits));
    if (reached) __atomic_store_n(&w->reached, true, __ATOMIC_RELAXED);
}

/* The bytes a build holds besides the table: the two-bit marks where the table leaves the
 * blank out, and two bits a placement (its two levels' bitmaps). */
static uint64_t build_bytes(int k, int n)
{
    uint64_t placements = placements_of(k, n);
    return placements / 4 + (open_blank(n) ? (placements * (uint64_t)(n - k) + 3) / 4 : 0);
}

static void build(pdb_group *g, const tiles_board *b)
{
    int k = g->k, n = b->cells;
    uint64_t ranks = ranks_of(g), words = (ranks + 63) / 64;
    uint32_t used = 0;
    memset(g->dist, UNSEEN, g->entries);
    pdb_build w = {g, b, edges_of(b), xcalloc(words, sizeof *w.now),
                   xcalloc(words, sizeof *w.next), words, 0, false, NULL};
    if (open_blank(n)) w.marks = xcalloc((ranks * (uint64_t)(n - k) + 3) / 4, 1);
    uint8_t cell[MAX_GROUP];
    for (int i = 0; i < k; i++) cell[i] = b->goal_cell[g->tile[i]], used |= 1u << cell[i];
    uint64_t root = open_blank(n) ? tiles_rank_wide(cell, k, n) : tiles_rank(cell, k, n);
    mark_component(&w, root, used, b->goal_cell[0], 0);
    ((uint64_t *)w.now)[root / 64] |= 1ull << (root % 64);
    int threads = ranks < 1u << 20 ? 1 : 0;   /* 0: every processor (parallel.h) */
    do {
        w.reached = false;
        parallel_runs(words, BUILD_RUN, threads, build_words, &w);
        uint64_t *t = (uint64_t *)w.now;
        w.now = w.next, w.next = t;
        memset(w.next, 0, words * sizeof *w.next);
        w.level++;
    } while (w.reached);
    free((void *)w.now), free(w.next), free(w.marks);
}

typedef struct {
    char magic[8];
    uint8_t width, height, k, pad;
    uint8_t goal[TILES_MAX_CELLS];
    uint8_t tile[MAX_GROUP];   /* 8 bytes: where groups had six tiles, then two pads */
    uint64_t entries, checksum;
} pdb_header;

static const char pdb_magic[8] = "UBTPDB2";   /* 2: 25 cells of goal */

static void cache_path(const pdb_group *g, char *out, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char goal[2 * TILES_MAX_CELLS + 1], tiles[2 * MAX_GROUP + 1];
    for (int c = 0; c < g->cells; c++) sprintf(goal + 2 * c, "%02x", g->goal[c]);
    for (int i = 0; i < g->k; i++) sprintf(tiles + 2 * i, "%02x", g->tile[i]);
    if (xdg && *xdg)
        snprintf(out, size, "%s/unblock-bench/tiles-pdb-%dx%d-%s-%s.bin", xdg, g->width,
                 g->height, goal, tiles);
    else
        snprintf(out, size, "%s/.cache/unblock-bench/tiles-pdb-%dx%d-%s-%s.bin",
                 home && *home ? home : ".", g->width, g->height, goal, tiles);
}

static void header_of(const pdb_group *g, pdb_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, pdb_magic, sizeof h->magic);
    h->width = g->width, h->height = g->height, h->k = g->k;
    memcpy(h->goal, g->goal, sizeof h->goal);
    memcpy(h->tile, g->tile, sizeof h->tile);
    h->entries = g->entries;
}

/* Reads the cached database into g->dist: 1, 0 when there is none, -1 (with a warning) when
 * the file is not this database whole. */
static int cache_read(pdb_group *g, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    pdb_header want, got;
    header_of(g, &want);
    const char *why = NULL;
    if (fread(&got, sizeof got, 1, f) != 1) why = "too short";
    else if (memcmp(got.magic, want.magic, sizeof want.magic) || got.width != want.width ||
             got.height != want.height || got.k != want.k ||
             memcmp(got.goal, want.goal, sizeof want.goal) ||
             memcmp(got.tile, want.tile, sizeof want.tile) || got.entries != want.entries)
        why = "another database's header";
    else if (fread(g->dist, 1, g->entries, f) != g->entries || fgetc(f) != EOF)
        why = "not the header's size";
    else if (XXH3_64bits(g->dist, g->entries) != got.checksum)
        why = "its checksum does not match";
    fclose(f);
    if (!why) return 1;
    fprintf(stderr, "warning: %s: %s; the pattern database is rebuilt\n", path, why);
    return -1;
}

static void cache_write(const pdb_group *g, const char *path)
{
    char dir[PATH_MAX], temp[PATH_MAX + 32], err[OUTFILE_ERR_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = '\0';
    pdb_header h;
    header_of(g, &h);
    h.checksum = XXH3_64bits(g->dist, g->entries);
    snprintf(temp, sizeof temp, "%s.%ld.partial", path, (long)getpid());
    outfile o;
    if (outfile_make_dirs(dir) != 0) {
        fprintf(stderr, "warning: %s: %s; the pattern database is not cached\n", dir, strerror(errno));
        return;
    }
    if (outfile_open(&o, path, temp, err) == 0) {
        fwrite(&h, sizeof h, 1, o.f);
        fwrite(g->dist, 1, g->entries, o.f);
        if (outfile_commit(&o, err) == 0) return;
    }
    fprintf(stderr, "warning: %s; the pattern database is not cached\n", err);
}

/* The group of these tiles on this board: kept, or read from the cache, or built. Adds the
 * seconds a build took to *seconds. NULL when its table would pass max_bytes. */
static const pdb_group *group_for(const tiles_board *b, const uint8_t *tile, int k,
                                  uint64_t max_bytes, double *seconds)
{
    for (int i = 0; i < ngroups_built; i++) {
        pdb_group *g = groups[i];
        if (g->width == b->width && g->height == b->height && g->k == k &&
            !memcmp(g->goal, b->goal, sizeof g->goal) && !memcmp(g->tile, tile, (size_t)k))
            return g;
    }
    uint64_t entries = entries_of(k, b->cells);
    if (entries + build_bytes(k, b->cells) > max_bytes ||
        ngroups_built == (int)(sizeof groups / sizeof *groups))
        return NULL;
    pdb_group *g = xcalloc(1, sizeof *g);
    g->width = b->width, g->height = b->height, g->cells = b->cells, g->k = (uint8_t)k;
    memcpy(g->goal, b->goal, sizeof g->goal);
    memcpy(g->tile, tile, (size_t)k);
    g->entries = entries;
    g->dist = xmalloc_large(entries);   /* huge pages, where given: fewer faults and TLB misses */
    char path[PATH_MAX];
    cache_path(g, path, sizeof path);
    if (cache_read(g, path) != 1) {
        double t0 = search_now();
        build(g, b);
        double took = search_now() - t0;
        *seconds += took;
        char tiles[3 * MAX_GROUP + 1] = "";
        for (int i = 0; i < k; i++) sprintf(tiles + strlen(tiles), "%s%d", i ? " " : "", tile[i]);
        fprintf(stderr, "note: pattern database of tiles {%s} on the %dx%d: built in %.2f s, "
                "%llu bytes, kept in %s\n", tiles, b->width, b->height, took,
                (unsigned long long)entries, path);
        cache_write(g, path);
    }
    groups[ngroups_built++] = g;
    return g;
}

/* ---- Partitions ----------------------------------------------------------------------- */

/* The 4x4's partitions by goal cell, by partition number (the choices of the family's
 * `partition`, tiles_family.h: auto, 0, is 6-6-3, the default): each group its size, then its
 * cells; a size of 0 ends the list. */
#define PARTITIONS 4
#define PARTITION_DEFAULT 2
static const uint8_t part_4x4[PARTITIONS][MAX_GROUPS][MAX_GROUP + 1] = {
    [1] = {{5, 1, 2, 3, 6, 7}, {5, 4, 5, 8, 9, 12}, {5, 10, 11, 13, 14, 15}},
    [2] = {{6, 1, 2, 4, 5, 8, 9}, {6, 3, 6, 7, 10, 11, 15}, {3, 12, 13, 14}},
    [3] = {{7, 1, 2, 3, 4, 5, 6, 7}, {8, 8, 9, 10, 11, 12, 13, 14, 15}},
};
/* The 5x5's auto: Korf and Felner's 6-6-6-6, by goal cell. */
static const uint8_t part_5x5[MAX_GROUPS][MAX_GROUP + 1] = {
    {6, 1, 2, 5, 6, 7, 12}, {6, 3, 4, 8, 9, 13, 14}, {6, 10, 11, 15, 16, 20, 21},
    {6, 17, 18, 19, 22, 23, 24},
};

/* The groups' tiles: into tile[g][..] with size[g]; returns how many groups. Off the 4x4, the
 * goal cells in reading order, the blank's left out, in runs of the partition's largest group. */
static int partition_of(const tiles_board *b, int partition, uint8_t tile[][MAX_GROUP], int *size)
{
    int blank = b->goal_cell[0];
    const uint8_t (*cells)[MAX_GROUP + 1] = NULL;   /* a shape's own, by goal cell */
    if (b->width == 5 && b->height == 5 && partition == 0) cells = part_5x5;
    if (partition == 0) partition = PARTITION_DEFAULT;
    if (b->width == 4 && b->height == 4) cells = part_4x4[partition];
    if (cells) {
        int g = 0;
        for (; g < MAX_GROUPS && cells[g][0]; g++) {
            size[g] = cells[g][0];
            for (int i = 0; i < size[g]; i++) {
                int cell = cells[g][1 + i];
                tile[g][i] = b->goal[cell == blank ? 0 : cell];
            }
        }
        return g;
    }
    int run = 0, n = 0;
    for (int g = 0; g < MAX_GROUPS; g++)
        if (part_4x4[partition][g][0] > run) run = part_4x4[partition][g][0];
    for (int c = 0; c < b->cells; c++) {
        if (c == blank) continue;
        if (n % run == 0) size[n / run] = 0;
        tile[n / run][size[n / run]++] = b->goal[c];
        n++;
    }
    return (n + run - 1) / run;
}

/* ---- Lookup --------------------------------------------------------------------------- */

/* The lookups below take `wide` (a board past 16 cells, whose tables leave the blank out) as a
 * constant: each is inlined into a one-word board's functions and a wide board's, so that
 * neither tests the width. */

/* The rank of a group's placement, the tiles on cell_of[tile], and its cells as a mask. */
PDB_INLINE uint64_t group_rank(const pdb_group *grp, const uint8_t *cell_of, int n, uint32_t *used,
                               const bool wide)
{
    uint8_t cell[MAX_GROUP];
    *used = 0;
    for (int i = 0; i < grp->k; i++) cell[i] = cell_of[grp->tile[i]], *used |= 1u << cell[i];
    return tiles_rank_in(cell, grp->k, n, wide);
}

/* The entry of each group's lookup for the tiles on cell_of[tile] (the blank's, cell_of[0]):
 * the placement's rank, with the blank's place where the table keeps it. */
PDB_INLINE void lookups_of(const pdb_set *s, const uint8_t *cell_of, int n, uint64_t *e,
                           const bool wide)
{
    for (int g = 0; g < s->ngroups; g++) {
        uint32_t used;
        uint64_t r = group_rank(s->group[g], cell_of, n, &used, wide);
        e[g] = wide ? r : entry_of(r, used, cell_of[0], n - s->group[g]->k, false);
    }
}

/* The tiles' cells on the board reflected about its diagonal. */
static void mirror_cells(const pdb_set *s, const uint8_t *cell_of, int n, uint8_t *mirror_of)
{
    for (int t = 0; t < n; t++) mirror_of[s->mirror_tile[t]] = s->mirror_cell[cell_of[t]];
}

/* The same lookups for the reflected board, into e[0 .. ngroups - 1]. */
PDB_INLINE void mirrored_entries(const pdb_set *s, const uint8_t *cell_of, int n, uint64_t *e,
                                 const bool wide)
{
    uint8_t mirror_of[TILES_MAX_CELLS];
    mirror_cells(s, cell_of, n, mirror_of);
    lookups_of(s, mirror_of, n, e, wide);
}

/* The bound from the lookups' entries: the sum over the groups, the larger of two sums when
 * mirrored. */
static int bound_of(const pdb_set *s, const uint64_t *e)
{
    int sum = 0, mirror = 0;
    for (int g = 0; g < s->ngroups; g++) sum += s->group[g]->dist[e[g]];
    if (!s->mirrored) return sum;
    for (int g = 0; g < s->ngroups; g++) mirror += s->group[g]->dist[e[s->ngroups + g]];
    return mirror > sum ? mirror : sum;
}

/* Every lookup's entry for the tiles on cell_of[tile], the reflected board's after. */
PDB_INLINE void entries_of_cells(const pdb_set *s, const uint8_t *cell_of, int n, uint64_t *e,
                                 const bool wide)
{
    lookups_of(s, cell_of, n, e, wide);
    if (s->mirrored) mirrored_entries(s, cell_of, n, e + s->ngroups, wide);
}

/* The bound of a key known to be solvable, from its tiles' cells. */
PDB_INLINE int pdb_sum_cells(const family_bound *fb, const uint8_t *cell_of, const bool wide)
{
    uint64_t e[2 * MAX_GROUPS];
    entries_of_cells(fb->table, cell_of, ((const tiles_board *)fb->p->board)->cells, e, wide);
    return bound_of(fb->table, e);
}

/* The same of a one-word key, its nibbles read in place. */
static int pdb_sum(const family_bound *fb, uint64_t key)
{
    const tiles_board *b = fb->p->board;
    uint8_t cell_of[TILES_MAX_CELLS] = {0};
    for (int c = 0; c < b->cells; c++) cell_of[tiles_at(key, c)] = (uint8_t)c;
    return pdb_sum_cells(fb, cell_of, false);
}

/* The tiles' cells of a wide key (cell_of[tile]). */
static void cells_of_wide(const tiles_board *b, key_wide key, uint8_t *cell_of)
{
    uint8_t cell[TILES_MAX_CELLS];
    tiles_cells(b, key, cell);
    for (int c = 0; c < b->cells; c++) cell_of[cell[c]] = (uint8_t)c;
}

static int pdb_h(const family_bound *fb, uint64_t key)
{
    return tiles_solvable(fb->p->board, key) ? pdb_sum(fb, key) : -1;
}

static int pdb_h_wide(const family_bound *fb, key_wide key)
{
    if (!tiles_solvable(fb->p->board, key)) return -1;
    uint8_t cell_of[TILES_MAX_CELLS];
    cells_of_wide(fb->p->board, key, cell_of);
    return pdb_sum_cells(fb, cell_of, true);
}

/* Parity never changes along a move: a child of a solvable key is solvable. */
static int pdb_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    (void)parent, (void)h_parent;
    return pdb_sum(fb, key);
}

/* The lookups' entries of the child in which tile t on `from` slid into the blank on `blank`
 * (cell_of the parent's, given back unchanged), their table lines asked for (prefetched). */
PDB_INLINE void child_entries(const pdb_set *s, uint8_t *cell_of, int n, int t, int from, int blank,
                              uint64_t *e)
{
    cell_of[t] = (uint8_t)blank, cell_of[0] = (uint8_t)from;
    entries_of_cells(s, cell_of, n, e, false);
    for (int j = 0; j < s->ngroups * (s->mirrored ? 2 : 1); j++)
        __builtin_prefetch(s->group[j % s->ngroups]->dist + e[j]);
    cell_of[t] = (uint8_t)from, cell_of[0] = (uint8_t)blank;
}

/* The successors in tiles.h's order with their bounds: the parent's cells found once, each
 * child's lookups worked out and their table lines asked for before any is read, so that the
 * children's memory reads overlap. */
static int pdb_expand(const family_bound *fb, uint64_t key, uint64_t skip, int h_key,
                      uint64_t *child, int *h)
{
    (void)h_key;
    const tiles_board *b = fb->p->board;
    const pdb_set *s = fb->table;
    int m = 0;
    uint8_t cell_of[TILES_MAX_CELLS] = {0};
    uint64_t e[4][2 * MAX_GROUPS];
    for (int c = 0; c < b->cells; c++) cell_of[tiles_at(key, c)] = (uint8_t)c;
    int blank = cell_of[0];
    for (int i = 0; i < b->nfrom[blank]; i++) {
        int from = b->from[blank][i], t = tiles_at(key, from);
        uint64_t c = key ^ (uint64_t)t * b->slide[blank][i];
        if (c == skip) continue;
        child[m] = c;
        child_entries(s, cell_of, b->cells, t, from, blank, e[m++]);
    }
    for (int i = 0; i < m; i++) h[i] = bound_of(s, e[i]);
    return m;
}

/* The entry of group g of a table that leaves the blank out, for the tiles on cell_of[tile]
 * or, `mirrored`, on the reflected board (its tile u stands where tile mirror_tile[u] stands,
 * reflected). */
static inline uint64_t open_entry(const pdb_set *s, int g, const uint8_t *cell_of, int n,
                                  bool mirrored)
{
    const pdb_group *grp = s->group[g];
    uint8_t cell[MAX_GROUP];
    for (int i = 0; i < grp->k; i++) {
        int u = grp->tile[i];
        cell[i] = mirrored ? s->mirror_cell[cell_of[s->mirror_tile[u]]] : cell_of[u];
    }
    return tiles_rank_wide(cell, grp->k, n);
}

/* The same on a wide board, whose tables leave the blank out: a move changes the entry of
 * one group, the tile's (and one of the reflected board's), so a child's lookups are its
 * parent's with those two worked out again. */
static int pdb_expand_wide(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                           key_wide *child, int *h)
{
    (void)h_key;
    const tiles_board *b = fb->p->board;
    const pdb_set *s = fb->table;
    int m = 0, n = b->cells, lookups = s->ngroups * (s->mirrored ? 2 : 1);
    uint8_t cell_of[TILES_MAX_CELLS] = {0};
    uint64_t parent[2 * MAX_GROUPS], e[4][2 * MAX_GROUPS];
    cells_of_wide(b, key, cell_of);
    entries_of_cells(s, cell_of, n, parent, true);
    int blank = cell_of[0];
    for (int i = 0; i < b->nfrom[blank]; i++) {
        int from = b->from[blank][i], t = tiles_wide_at(key, from);
        key_wide c = key ^ (key_wide)t * b->slide_wide[blank][i];
        if (c == skip) continue;
        child[m] = c;
        memcpy(e[m], parent, (size_t)lookups * sizeof *parent);
        cell_of[t] = (uint8_t)blank;
        int g = s->group_of[t];
        e[m][g] = open_entry(s, g, cell_of, n, false);
        __builtin_prefetch(s->group[g]->dist + e[m][g]);
        if (s->mirrored) {
            int r = s->group_of[s->mirror_tile[t]];
            e[m][s->ngroups + r] = open_entry(s, r, cell_of, n, true);
            __builtin_prefetch(s->group[r]->dist + e[m][s->ngroups + r]);
        }
        cell_of[t] = (uint8_t)from;
        m++;
    }
    for (int i = 0; i < m; i++) h[i] = bound_of(s, e[i]);
    return m;
}

/* The set of the board's shape, goal and options: kept, or made (its groups built). NULL when
 * it does not fit max_bytes; *need is then what it needs. */
static const pdb_set *set_for(const tiles_board *b, heuristic_options o, uint64_t max_bytes,
                              double *seconds, uint64_t *need)
{
    int partition = o.value[HEURISTIC_BOUND_partition];
    bool reflect = o.value[HEURISTIC_BOUND_reflect] != 0;
    for (int i = 0; i < nsets; i++) {
        pdb_set *s = sets[i];
        if (s->width == b->width && s->height == b->height && s->partition == partition &&
            s->reflect == reflect && !memcmp(s->goal, b->goal, sizeof s->goal)) {
            *need = s->bytes;
            return s->bytes <= max_bytes ? s : NULL;
        }
    }
    if (nsets == (int)(sizeof sets / sizeof *sets)) return NULL;
    uint8_t tile[MAX_GROUPS][MAX_GROUP];
    int size[MAX_GROUPS];
    pdb_set s;
    memset(&s, 0, sizeof s);
    s.width = b->width, s.height = b->height, s.partition = (uint8_t)partition, s.reflect = reflect;
    memcpy(s.goal, b->goal, sizeof s.goal);
    s.ngroups = partition_of(b, partition, tile, size);
    memset(s.group_of, -1, sizeof s.group_of);
    for (int g = 0; g < s.ngroups; g++)
        for (int i = 0; i < size[g]; i++) s.group_of[tile[g][i]] = (int8_t)g;
    /* Known before any group is built, so that a set that cannot fit builds none: its tables,
     * and while the largest is built, two bits a placement (group_for). */
    uint64_t tables = 0, bitmaps = 0;
    for (int g = 0; g < s.ngroups; g++) {
        uint64_t e = entries_of(size[g], b->cells), bits = build_bytes(size[g], b->cells);
        tables += e;
        if (bits > bitmaps) bitmaps = bits;
    }
    *need = tables + bitmaps;
    if (*need > max_bytes) return NULL;
    for (int g = 0; g < s.ngroups; g++) {
        s.group[g] = group_for(b, tile[g], size[g], max_bytes, seconds);
        if (!s.group[g]) return NULL;
        s.bytes += s.group[g]->entries;
    }
    int w = b->width, blank = b->goal_cell[0];
    if (reflect && b->width == b->height && blank / w == blank % w) {
        s.mirrored = true;
        for (int c = 0; c < b->cells; c++) s.mirror_cell[c] = (uint8_t)(c % w * w + c / w);
        for (int t = 0; t < b->cells; t++) s.mirror_tile[t] = b->goal[s.mirror_cell[b->goal_cell[t]]];
    }
    if (s.bytes > max_bytes) return NULL;
    pdb_set *kept = xmalloc(sizeof *kept);
    *kept = s;
    sets[nsets++] = kept;
    return kept;
}

double tiles_pdb_prepare(const family_problem *p, heuristic_options o, uint64_t max_bytes,
                         uint64_t *bytes)
{
    double seconds = 0;
    uint64_t need;
    pthread_mutex_lock(&cache_lock);
    const pdb_set *s = set_for(p->board, o, max_bytes, &seconds, &need);
    pthread_mutex_unlock(&cache_lock);
    *bytes = s ? s->bytes : 0;
    return seconds;
}

int tiles_pdb_begin(family_bound *fb, heuristic_options o, uint64_t max_bytes)
{
    double seconds = 0;
    uint64_t need;
    pthread_mutex_lock(&cache_lock);
    const pdb_set *s = set_for(fb->p->board, o, max_bytes, &seconds, &need);
    pthread_mutex_unlock(&cache_lock);
    if (!s) {
        fb->bytes = need;
        return -1;
    }
    fb->h = pdb_h;
    fb->h_after = pdb_after;
    fb->expand = pdb_expand;
    fb->h_wide = pdb_h_wide;
    fb->expand_wide = pdb_expand_wide;
    fb->table = s;
    fb->bytes = s->bytes;
    return 0;
}
