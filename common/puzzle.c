/* puzzle.c -- puzzle lists, stable ids, the native text form with its header. */
#include "common/puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "common/grow.h"
#include "rush/moves.h"
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
    p->optimal = p->optimal_slides = p->optimal_steps = PUZZLE_UNKNOWN;
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

/* Rush Hour's replay: the moves read, then checked by moves_check_solution, then, when the
 * whole solution is legal and seen is given, walked again move by move. */
static int rush_replay(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                       measure_counts *out, char *err)
{
    const board *b = &p->board;
    int n = 0, capacity = 0;
    move *m = NULL;
    char *copy = xstrdup(text), *save = NULL;
    int rc = 0;
    for (char *t = strtok_r(copy, " ", &save); t && rc == 0; t = strtok_r(NULL, " ", &save)) {
        GROW(m, capacity, n + 1, 64);
        rc = moves_parse(b, t, &m[n++], err);
    }
    if (rc == 0 && moves_check_solution(b, p->start, m, n, err) >= 0) rc = -1;
    if (rc == 0) *out = (measure_counts){n, n, moves_steps(m, n)};
    if (rc == 0 && seen) {
        puzzle_position at = {.key = p->start};
        seen(&at, "", 0, ctx);
        for (int k = 0; k < n; k++) {
            char token[8];
            moves_format(b, m[k], token);
            at.key = moves_apply(b, at.key, m[k]);
            seen(&at, token, strlen(token), ctx);
        }
    }
    free(copy);
    free(m);
    return rc;
}

/* Klotski's replay hands over anchors; a position adds their key. */
typedef struct {
    const klotski_board *b;
    puzzle_move_seen *seen;
    void *ctx;
} klotski_walk;

static void klotski_seen(const uint8_t *at, const char *token, size_t len, void *ctx)
{
    klotski_walk *w = ctx;
    puzzle_position pos;
    memcpy(pos.at, at, sizeof pos.at);
    pos.key = klotski_key_at(w->b, at);
    w->seen(&pos, token, len, w->ctx);
}

void puzzle_start_position(const puzzle *p, puzzle_position *out)
{
    out->key = p->start;
    if (p->family == FAMILY_KLOTSKI)
        for (int i = 0; i < p->klotski.npieces; i++) out->at[i] = p->klotski.piece[i].start;
}

/* The tiles' replay hands over keys. */
typedef struct {
    puzzle_move_seen *seen;
    void *ctx;
} tiles_walk;

static void tiles_seen(uint64_t key, const char *token, size_t len, void *ctx)
{
    tiles_walk *w = ctx;
    puzzle_position pos = {.key = key};
    w->seen(&pos, token, len, w->ctx);
}

static int tiles_replay(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                        measure_counts *out, char *err)
{
    tiles_walk w = {seen, ctx};
    if (seen) {
        puzzle_position start = {.key = p->start};
        seen(&start, "", 0, ctx);
    }
    return tiles_replay_each(&p->tiles, p->start, text, seen ? tiles_seen : NULL, &w, out, err);
}

int puzzle_replay_each(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                       measure_counts *out, char *err)
{
    if (p->family == FAMILY_RUSH) return rush_replay(p, text, seen, ctx, out, err);
    if (p->family == FAMILY_TILES) return tiles_replay(p, text, seen, ctx, out, err);
    const klotski_board *b = &p->klotski;
    if (!seen) return klotski_replay(b, text, out, err);
    puzzle_position start;
    puzzle_start_position(p, &start);
    seen(&start, "", 0, ctx);
    klotski_walk w = {b, seen, ctx};
    return klotski_replay_each(b, text, klotski_seen, &w, out, err);
}

int puzzle_replay(const puzzle *p, const char *text, measure_counts *out, char *err)
{
    return puzzle_replay_each(p, text, NULL, NULL, out, err);
}

int puzzle_format_position(const puzzle *p, const puzzle_position *pos, char *out)
{
    if (p->family == FAMILY_RUSH) return board_format_grid(&p->board, pos->key, out);
    if (p->family == FAMILY_TILES) return tiles_format_rows(&p->tiles, pos->key, true, out);
    return klotski_format_grid(&p->klotski, pos->at, out);
}

bool puzzle_notation_valid(family_id f, const char *text)
{
    bool (*valid)(const char *, size_t) = f == FAMILY_RUSH      ? moves_token_valid
                                          : f == FAMILY_KLOTSKI ? klotski_token_valid
                                                                : tiles_token_valid;
    if (!*text) return true;
    for (const char *s = text;;) {
        size_t len = strcspn(s, " ");
        if (!valid(s, len)) return false;
        if (!s[len]) return true;
        s += len + 1;
    }
}

void puzzle_picture(const puzzle *p, const puzzle_position *pos, family_picture *out)
{
    if (p->family == FAMILY_RUSH) board_picture(&p->board, pos->key, out);
    else if (p->family == FAMILY_TILES) tiles_picture(&p->tiles, pos->key, out);
    else klotski_picture(&p->klotski, pos->at, out);
}

void puzzle_problem(const puzzle *p, family_problem *out)
{
    if (p->family == FAMILY_RUSH) moves_problem(&p->board, p->start, out);
    else if (p->family == FAMILY_TILES) tiles_problem(&p->tiles, p->start, out);
    else klotski_problem(&p->klotski, p->start, out);
}

/* The lines before a tiles board's rows: the family, and the goal when it is not Korf's. */
static int tiles_header(const tiles_board *b, char *out, size_t size)
{
    int n = snprintf(out, size, "family: tiles\n");
    if (tiles_goal_is_korf(b)) return n;
    n += snprintf(out + n, size - (size_t)n, "goal: ");
    n += tiles_format_goal(b, ' ', out + n);
    return n + snprintf(out + n, size - (size_t)n, "\n");
}

/* A tiles puzzle's id: "tiles", its header and its rows. */
static void tiles_id(const puzzle *p, char out[17])
{
    char text[PUZZLE_BOARD_MAX + 16];
    int n = snprintf(text, sizeof text, "%dx%d\n", p->tiles.width, p->tiles.height);
    n += tiles_header(&p->tiles, text + n, sizeof text - (size_t)n);
    n += tiles_format_rows(&p->tiles, p->start, false, text + n);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(text, (size_t)n));
}

/* A Klotski puzzle's id: its grid with the pieces lettered in reading order of their anchors
 * (the primary 'A'), after "klotski" and before its target. */
static void klotski_id(const puzzle *p, char out[17])
{
    const klotski_board *b = &p->klotski;
    klotski_layout l;
    klotski_decode(b, p->start, &l);
    klotski_board relabelled = *b;
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < l.n; i++) {
        relabelled.piece[i].label = BOARD_LABELS[i];
        relabelled.piece[i].cls = l.cls[i];
        at[i] = l.at[i];
    }
    relabelled.npieces = (uint8_t)l.n;
    char text[KLOTSKI_TEXT_MAX + 32] = "klotski\n";
    int n = 8 + klotski_format_grid(&relabelled, at, text + 8);
    n += snprintf(text + n, sizeof text - (size_t)n, "target %d\n", b->target);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(text, (size_t)n));
}

uint64_t puzzle_geometry(const puzzle *p, puzzle *out)
{
    memset(out, 0, sizeof *out);
    out->family = p->family;
    size_t size;
    if (p->family == FAMILY_RUSH) {
        memcpy(&out->board, &p->board, size = sizeof p->board);
        for (int i = 0; i < out->board.npieces; i++) out->board.piece[i].start = 0;
    } else if (p->family == FAMILY_KLOTSKI) {
        memcpy(&out->klotski, &p->klotski, size = sizeof p->klotski);
        for (int i = 0; i < out->klotski.npieces; i++) out->klotski.piece[i].start = 0;
    } else {
        memcpy(&out->tiles, &p->tiles, size = sizeof p->tiles);
    }
    return XXH3_64bits(&out->board, size) ^ (uint64_t)p->family;
}

void puzzle_id(const puzzle *p, char out[17])
{
    if (p->family == FAMILY_KLOTSKI) {
        klotski_id(p, out);
        return;
    }
    if (p->family == FAMILY_TILES) {
        tiles_id(p, out);
        return;
    }
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

/* The lines before a Klotski grid: the family, the primary when it is not 'A', the goal when
 * the frame shows no opening. */
static int klotski_header(const klotski_board *b, char *out, size_t size)
{
    int n = snprintf(out, size, "family: klotski\n");
    char primary = b->piece[b->primary].label;
    if (primary != 'A') n += snprintf(out + n, size - (size_t)n, "primary: %c\n", primary);
    int col, row;
    klotski_target_cell(b, &col, &row);
    if (!klotski_opening(b)) n += snprintf(out + n, size - (size_t)n, "goal: %d %d\n", col, row);
    return n;
}

static int klotski_start_grid(const klotski_board *b, char *out)
{
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < b->npieces; i++) at[i] = b->piece[i].start;
    return klotski_format_grid(b, at, out);
}

void puzzle_format_board(const puzzle *p, char separator, char out[PUZZLE_BOARD_MAX])
{
    int n;
    if (p->family == FAMILY_KLOTSKI) {   /* the state p->start, which may not be the file's */
        n = klotski_header(&p->klotski, out, PUZZLE_BOARD_MAX);
        n += klotski_format_key(&p->klotski, p->start, out + n);
    } else if (p->family == FAMILY_TILES) {
        n = tiles_header(&p->tiles, out, PUZZLE_BOARD_MAX);
        n += tiles_format_rows(&p->tiles, p->start, false, out + n);
    } else {
        const board *b = &p->board;
        char primary = b->piece[b->primary].label;
        n = primary == 'A' ? 0 : snprintf(out, PUZZLE_BOARD_MAX, "primary: %c\n", primary);
        n += board_format_grid(b, p->start, out + n);
    }
    if (separator == '\n') return;
    out[n - 1] = '\0';   /* no separator after the last line */
    for (char *s = out; *s; s++)
        if (*s == '\n') *s = separator;
}

bool puzzle_format_db(const puzzle *p, char out[BOARD_DB_MAX])
{
    return p->family == FAMILY_RUSH && board_format_db(&p->board, p->start, out);
}

void puzzle_format_line(const puzzle *p, uint64_t key, char out[PUZZLE_BOARD_MAX])
{
    if (p->family == FAMILY_RUSH && board_format_db(&p->board, key, out)) return;
    puzzle at = *p;
    at.start = key;
    puzzle_format_board(&at, '/', out);
}

/* "NAME: COUNT\n" for a known optimum, "NAME: -\n" for none, nothing when unknown. */
static size_t format_optimum(char *out, size_t size, const char *name, int value)
{
    if (value == PUZZLE_UNSOLVABLE) return (size_t)snprintf(out, size, "%s: -\n", name);
    if (value >= 0) return (size_t)snprintf(out, size, "%s: %d\n", name, value);
    return 0;
}

char *puzzle_format_native(const puzzle *p)
{
    char grid[PUZZLE_BOARD_MAX];
    if (p->family == FAMILY_KLOTSKI) klotski_start_grid(&p->klotski, grid);
    else if (p->family == FAMILY_TILES) tiles_format_rows(&p->tiles, p->start, false, grid);
    else board_format_grid(&p->board, p->start, grid);
    size_t n = strlen(grid) + PUZZLE_NAME_MAX + 256;
    char *out = xmalloc(n);
    size_t len = 0;
    if (p->family != FAMILY_RUSH)
        len += (size_t)snprintf(out, n, "family: %s\n", family_name(p->family));
    len += (size_t)snprintf(out + len, n - len, "name: %s\n", p->name);
    len += format_optimum(out + len, n - len, "moves", p->optimal);
    len += format_optimum(out + len, n - len, "slides", p->optimal_slides);
    len += format_optimum(out + len, n - len, "steps", p->optimal_steps);
    if (p->cluster >= 0) len += (size_t)snprintf(out + len, n - len, "cluster: %ld\n", p->cluster);
    if (p->family == FAMILY_KLOTSKI) {
        char header[64];
        klotski_header(&p->klotski, header, sizeof header);
        len += (size_t)snprintf(out + len, n - len, "%s", header + strlen("family: klotski\n"));
    } else if (p->family == FAMILY_TILES) {
        char header[PUZZLE_BOARD_MAX];
        tiles_header(&p->tiles, header, sizeof header);
        len += (size_t)snprintf(out + len, n - len, "%s", header + strlen("family: tiles\n"));
    } else {
        char primary = p->board.piece[p->board.primary].label;
        if (primary != 'A') len += (size_t)snprintf(out + len, n - len, "primary: %c\n", primary);
    }
    snprintf(out + len, n - len, "%s", grid);
    return out;
}
