/* tiles_puzzle.c -- a sliding-tile puzzle as the registry sees it (common/puzzle.h,
 * family_class): its view, replay, notation, positions, pictures, id, text forms and protocol
 * request (tiles.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "common/puzzle.h"

/* What the core gives a family's texts holds the tiles' (common/puzzle.h). */
_Static_assert(TILES_ERR_MAX <= PUZZLE_ERR_MAX, "a tiles message fits PUZZLE_ERR_MAX");
_Static_assert(TILES_TEXT_MAX <= PUZZLE_GRID_MAX, "a tiles grid fits PUZZLE_GRID_MAX");

/* The start's key, one word or two (tiles.h). */
static key_wide start_of(const puzzle *p)
{
    return key_wide_of(p->start, p->start_high);
}

static key_wide key_of(const puzzle_position *pos)
{
    return key_wide_of(pos->key, pos->key_high);
}

static void tiles_puzzle_problem(const puzzle *p, family_problem *out)
{
    tiles_problem(&p->tiles, start_of(p), out);
}

static void tiles_start_position(const puzzle *p, puzzle_position *out)
{
    out->key = p->start;
    out->key_high = p->start_high;
}

/* The replay hands over keys. */
typedef struct {
    puzzle_move_seen *seen;
    void *ctx;
} tiles_walk;

static void tiles_seen(key_wide key, const char *token, size_t len, void *ctx)
{
    tiles_walk *w = ctx;
    puzzle_position pos = {.key = key_low(key), .key_high = key_high(key)};
    w->seen(&pos, token, len, w->ctx);
}

static int tiles_puzzle_replay(const puzzle *p, const char *text, puzzle_move_seen *seen,
                               void *ctx, measure_counts *out, char *err)
{
    tiles_walk w = {seen, ctx};
    if (seen) {
        puzzle_position start = {.key = p->start, .key_high = p->start_high};
        seen(&start, "", 0, ctx);
    }
    return tiles_replay_each(&p->tiles, start_of(p), text, seen ? tiles_seen : NULL, &w, out, err);
}

static int tiles_format_position(const puzzle *p, const puzzle_position *pos, char *out)
{
    return tiles_format_rows(&p->tiles, key_of(pos), true, out);
}

static void tiles_puzzle_picture(const puzzle *p, const puzzle_position *pos, family_picture *out)
{
    tiles_picture(&p->tiles, key_of(pos), out);
}

/* The size of a board wider than a block's first row may be (fmt_tiles.c), and the goal when
 * it is not Korf's. */
static int tiles_header(const puzzle *p, char *out, size_t size)
{
    const tiles_board *b = &p->tiles;
    int n = b->width > 8 ? snprintf(out, size, "size: %dx%d\n", b->width, b->height) : 0;
    if (tiles_goal_is_korf(b)) return n;
    n += snprintf(out + n, size - (size_t)n, "goal: ");
    n += tiles_format_goal(b, ' ', out + n);
    return n + snprintf(out + n, size - (size_t)n, "\n");
}

/* "WxH", the family's header and its rows. */
static void tiles_id(const puzzle *p, char out[17])
{
    char text[TILES_TEXT_MAX * 2 + 64];
    int n = snprintf(text, sizeof text, "%dx%d\nfamily: tiles\n", p->tiles.width, p->tiles.height);
    n += tiles_header(p, text + n, sizeof text - (size_t)n);
    n += tiles_format_rows(&p->tiles, start_of(p), false, text + n);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(text, (size_t)n));
}

static size_t tiles_geometry(const puzzle *p, puzzle *out)
{
    memcpy(&out->tiles, &p->tiles, sizeof p->tiles);
    return sizeof p->tiles;
}

static int tiles_grid(const puzzle *p, uint64_t key, bool start, char *out)
{
    /* A tile's number is its letter. On a wide board the key is the low word of a state
     * whose high word is p's (every caller's key is the puzzle's start, puzzle.c). */
    (void)start;
    return tiles_format_rows(&p->tiles, p->tiles.wide ? key_wide_of(key, p->start_high) : key,
                             false, out);
}

/* "WxH TILES GOAL family=tiles", each the numbers in reading order, comma-separated. */
static int tiles_request(const puzzle *p, char *out, size_t size)
{
    const tiles_board *t = &p->tiles;
    char tiles[TILES_TEXT_MAX], goal[TILES_TEXT_MAX];
    int n = tiles_format_rows(t, start_of(p), false, tiles);
    for (int i = 0; i < n; i++)
        if (tiles[i] == ' ' || tiles[i] == '\n') tiles[i] = ',';
    tiles[n - 1] = '\0';
    tiles_format_goal(t, ',', goal);
    return snprintf(out, size, "%dx%d %s %s family=tiles", t->width, t->height, tiles, goal);
}

extern const struct family_bounds tiles_bounds;   /* tiles_bounds.c */

/* A tile of the board, then one direction (12D), kept as written: the replay judges it. */
static int tiles_answer_word(const puzzle *p, const char *word, char *out)
{
    size_t digits = strspn(word, "0123456789");
    if (!digits || digits > 2 || atoi(word) >= p->tiles.cells || !word[digits] ||
        !strchr("UDLR", word[digits]) || word[digits + 1])
        return -1;
    return sprintf(out, "%s", word);
}

const family_class tiles_family = {
    .name = "tiles",
    .slides_are_moves = true,   /* every move is one cell */
    .table_pays = false,        /* the parent check cuts its short cycles; a table costs more */
    .problem = tiles_puzzle_problem,
    .start_position = tiles_start_position,
    .replay_each = tiles_puzzle_replay,
    .token_valid = tiles_token_valid,
    .format_position = tiles_format_position,
    .picture = tiles_puzzle_picture,
    .id = tiles_id,
    .geometry = tiles_geometry,
    .header = tiles_header,
    .grid = tiles_grid,
    .request = tiles_request,
    .answer_word = tiles_answer_word,
    .answer_form = "<tile><U|D|L|R>",
    .bounds = &tiles_bounds,
};
