/* rush_space.c -- Rush Hour's space: the line types, the wall sets and the numbering of units
 * (see rush_space.h), and the space as bin/enumerate's runner takes it (rush_space, a
 * space_family: space/family_space.h), explored by space_explore.c.
 *
 * Every rule of the definitions that concerns one line is applied here, once, by choosing which
 * templates a row, the primary's row and a column may hold; the enumerator then never meets a
 * state outside the space. */
#include "cli/cli.h"
#include "common/grow.h"
#include "rush/rush_space.h"
#include "rush/space_explore.h"
#include "space/family_space.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Which templates of line type w each kind of line may hold. */
static void choose_roles(space *s, int w)
{
    const line_type *t = &s->type[w];
    int walls = __builtin_popcount((unsigned)w);
    for (int id = 0; id < t->ntemplates; id++) {
        const line_template *tp = &t->template[id];
        bool row = tp->cells + walls < s->size;   /* a full row can never move */
        if (row) s->role[w][SPACE_AS_ROW].list[s->role[w][SPACE_AS_ROW].count++] = (uint8_t)id;
        /* The primary alone, a car, right of every wall of its row. */
        if (row && tp->npieces == 1 && tp->length[0] == 2 && tp->gap[0] == walls)
            s->role[w][SPACE_AS_PRIMARY].list[s->role[w][SPACE_AS_PRIMARY].count++] = (uint8_t)id;
        if (tp->cells < s->size)                  /* vertical pieces filling a column */
            s->role[w][SPACE_AS_COLUMN].list[s->role[w][SPACE_AS_COLUMN].count++] = (uint8_t)id;
    }
}

/* Appends the wall set `cells` if its primary row can hold the primary, with its units. */
static int add_wallset(space *s, uint64_t cells, int *capacity)
{
    space_wallset ws = {.cells = cells, .first_unit = s->units, .units = 1};
    for (int y = 0; y < s->size; y++) {
        int w = space_row_walls(cells, y);
        int n = s->role[w][y == SPACE_PRIMARY_ROW ? SPACE_AS_PRIMARY : SPACE_AS_ROW].count;
        if (n == 0) return 0;
        ws.row_templates[y] = (uint8_t)n;
        ws.units *= (uint64_t)n;
    }
    bool failed = false;
    TRY_GROW(s->wallset, *capacity, s->nwallsets + 1, 64, failed);
    if (failed) return -1;
    s->wallset[s->nwallsets++] = ws;
    s->units += ws.units;
    return 0;
}

/* Every set of `left` more walls on cells from `from` on, in cell order. */
static int wallsets_of(space *s, uint64_t cells, int from, int left, int *capacity)
{
    if (left == 0) return add_wallset(s, cells, capacity);
    for (int c = from; c < s->size * s->size; c++) {
        int cell = (c / s->size) * 8 + c % s->size;
        if (wallsets_of(s, cells | 1ull << cell, c + 1, left - 1, capacity)) return -1;
    }
    return 0;
}

int space_init(space *s, int size, int max_walls, char *err)
{
    memset(s, 0, sizeof *s);
    if (size < SPACE_MIN_SIZE || size > SPACE_MAX_SIZE) {
        snprintf(err, SPACE_ERR_MAX, "board size %d is not %d to %d", size, SPACE_MIN_SIZE,
                 SPACE_MAX_SIZE);
        return -1;
    }
    if (max_walls < 0 || max_walls > size * size - 2) {
        snprintf(err, SPACE_ERR_MAX, "walls %d is not 0 to %d", max_walls, size * size - 2);
        return -1;
    }
    s->size = size, s->max_walls = max_walls;
    for (int b = 0; b < 256; b++)
        for (int k = 0; k < 8; k++)
            if (b >> k & 1) s->spread[b] |= 1ull << (8 * k);
    for (int w = 0; w < (1 << size); w++) {
        if (__builtin_popcount((unsigned)w) > max_walls) continue;
        if (line_type_init(&s->type[w], size, (uint8_t)w)) goto oom;
        if (s->type[w].ntemplates > SPACE_MAX_TEMPLATES) {
            snprintf(err, SPACE_ERR_MAX, "a line of %d cells with walls 0x%02x has %d templates, "
                     "more than %d", size, w, s->type[w].ntemplates, SPACE_MAX_TEMPLATES);
            space_free(s);
            return -1;
        }
        choose_roles(s, w);
    }
    int capacity = 0;
    for (int k = 0; k <= max_walls; k++)
        if (wallsets_of(s, 0, 0, k, &capacity)) goto oom;
    return 0;
oom:
    snprintf(err, SPACE_ERR_MAX, "out of memory");
    space_free(s);
    return -1;
}

void space_free(space *s)
{
    for (int w = 0; w < 256; w++) line_type_free(&s->type[w]);
    free(s->wallset);
    s->wallset = NULL;
}

void space_unit_at(const space *s, uint64_t unit, space_unit *out)
{
    int lo = 0, hi = s->nwallsets - 1;
    while (lo < hi) {   /* the last wall set whose first unit is <= unit */
        int mid = (lo + hi + 1) / 2;
        if (s->wallset[mid].first_unit <= unit) lo = mid;
        else hi = mid - 1;
    }
    const space_wallset *ws = &s->wallset[lo];
    uint64_t digits = unit - ws->first_unit;
    out->walls = ws->cells;
    for (int y = 0; y < s->size; y++) {
        int w = space_row_walls(ws->cells, y);
        int role = y == SPACE_PRIMARY_ROW ? SPACE_AS_PRIMARY : SPACE_AS_ROW;
        out->row_template[y] = s->role[w][role].list[digits % ws->row_templates[y]];
        digits /= ws->row_templates[y];
    }
}

int space_unit_against_mirror(const space *s, const space_unit *u)
{
    if (!space_has_mirror(s)) return 0;
    int n = s->size;
    uint64_t walls = space_mirror_bits(n, u->walls);
    if (walls != u->walls) return u->walls < walls ? -1 : 1;
    /* The mirror's row y holds row n - 1 - y's template. With walls that are their own mirror
     * image, rows y and n - 1 - y have the same walls, so their templates are numbered in the
     * same line type and compare directly. */
    for (int y = 0; y < n; y++) {
        int mine = u->row_template[y], its = u->row_template[n - 1 - y];
        if (mine != its) return mine < its ? -1 : 1;
    }
    return 0;
}

/* ---- Rush Hour's space for bin/enumerate (space/family_space.h) ------------------------- */

/* --size N or NxN: the space is square. */
static int rush_space_options(space_run_options *o, const char *size)
{
    int width, height, end = 0;
    if (sscanf(size, "%dx%d%n", &width, &height, &end) == 2 && !size[end]) {
        if (width != height) {
            fprintf(stderr, "enumerate: --size: '%s': Rush Hour's space is square (N or NxN)\n", size);
            return -1;
        }
    } else if (cli_parse_int("enumerate", "--size", size, 1, 64, &width))
        return -1;
    char n[16];
    snprintf(n, sizeof n, "%d", width);
    if (cli_parse_int("enumerate", "--size", n, SPACE_MIN_SIZE, SPACE_MAX_SIZE, &o->size)) return -1;
    o->height = o->size;
    return 0;
}

static void *rush_space_open(const space_run_options *o, uint64_t *units, bool *mirror, char *err)
{
    space *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, SPACE_ERR_MAX, "out of memory");
        return NULL;
    }
    if (space_init(s, o->size, o->walls, err)) {
        free(s);
        return NULL;
    }
    *units = s->units;
    *mirror = space_has_mirror(s);
    return s;
}

static void rush_space_close(void *s)
{
    space_free(s);
    free(s);
}

static void *rush_explorer_new(const void *s, bool mirror)
{
    space_explorer *e = space_explorer_new(s);
    if (e) space_explorer_use_mirror(e, mirror);
    return e;
}

static int rush_explore_unit(void *e, uint64_t unit, space_puzzles *lines, space_stats *stats,
                             const volatile sig_atomic_t *stop)
{
    return space_explore_unit(e, unit, lines, stats, stop);
}

static const char *rush_explorer_failure(const void *e)
{
    return space_explorer_failure(e);
}

static void rush_explorer_free(void *e)
{
    space_explorer_free(e);
}

/* "space": {"size": N, "walls": K}, with no "family": the form files have always had. */
static json_t *rush_space_header(const shard_meta *m)
{
    return json_pack("{s:i, s:i}", "size", m->size, "walls", m->walls);
}

static bool rush_space_header_read(json_t *space, shard_meta *m)
{
    bool ok = true;
    uint64_t size = shardfile_count(space, "size", &ok), walls = shardfile_count(space, "walls", &ok);
    ok = ok && size >= SPACE_MIN_SIZE && size <= SPACE_MAX_SIZE && walls <= size * size - 2;
    m->size = m->height = (int)size, m->walls = (int)walls;
    return ok;
}

/* N x N cells: 'o' empty, 'x' a wall, letters pieces. */
static bool rush_space_board(const char *board, const shard_meta *m)
{
    if (strlen(board) != (size_t)(m->size * m->size)) return false;
    for (const char *c = board; *c; c++)
        if (*c != 'o' && *c != 'x' && !(*c >= 'A' && *c <= 'Z') && !(*c >= 'a' && *c <= 'z'))
            return false;
    return true;
}

static void rush_space_describe(const shard_meta *m, char *out, size_t size)
{
    snprintf(out, size, "size %d, walls %d", m->size, m->walls);
}

const space_family rush_space = {
    .options = rush_space_options,
    .open = rush_space_open,
    .close = rush_space_close,
    .explorer_new = rush_explorer_new,
    .explore_unit = rush_explore_unit,
    .explorer_failure = rush_explorer_failure,
    .explorer_free = rush_explorer_free,
    .header = rush_space_header,
    .header_read = rush_space_header_read,
    .board_text = rush_space_board,
    .describe = rush_space_describe,
};
