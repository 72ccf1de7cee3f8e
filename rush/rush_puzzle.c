/* rush_puzzle.c -- a Rush Hour puzzle as the registry sees it (common/puzzle.h, family_class):
 * its view, replay, notation, positions, pictures, id, text forms and protocol request, each
 * on the bitboard board (board.h, moves.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "common/grow.h"
#include "common/puzzle.h"
#include "common/xmem.h"
#include "rush/moves.h"

/* What the core gives a family's texts holds Rush Hour's (common/puzzle.h). */
_Static_assert(BOARD_ERR_MAX <= PUZZLE_ERR_MAX, "a Rush Hour message fits PUZZLE_ERR_MAX");
_Static_assert(BOARD_TEXT_MAX <= PUZZLE_GRID_MAX, "a Rush Hour grid fits PUZZLE_GRID_MAX");
_Static_assert(BOARD_DB_MAX <= PUZZLE_DB_MAX, "a database line fits PUZZLE_DB_MAX");

static void rush_problem(const puzzle *p, family_problem *out)
{
    moves_problem(&p->board, p->start, out);
}

static void rush_start_position(const puzzle *p, puzzle_position *out)
{
    out->key = p->start;
}

/* The moves read, then checked by moves_check_solution, then, when the whole solution is legal
 * and seen is given, walked again move by move. */
static int rush_replay_each(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
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

static int rush_format_position(const puzzle *p, const puzzle_position *pos, char *out)
{
    return board_format_grid(&p->board, pos->key, out);
}

static void rush_picture(const puzzle *p, const puzzle_position *pos, family_picture *out)
{
    board_picture(&p->board, pos->key, out);
}

/* The grid with the pieces relabelled canonically: the primary 'A', the others 'B', 'C', ... in
 * the reading order of their first cell. */
static void rush_id(const puzzle *p, char out[17])
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
            if (!canonical[i]) canonical[i] = PIECE_LABELS[next++];
            *cell = canonical[i];
        }
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(grid, (size_t)n));
}

static size_t rush_geometry(const puzzle *p, puzzle *out)
{
    memcpy(&out->board, &p->board, sizeof p->board);
    for (int i = 0; i < out->board.npieces; i++) out->board.piece[i].start = 0;
    return sizeof p->board;
}

static int rush_header(const puzzle *p, char *out, size_t size)
{
    char primary = p->board.piece[p->board.primary].label;
    return primary == 'A' ? 0 : snprintf(out, size, "primary: %c\n", primary);
}

static int rush_grid(const puzzle *p, uint64_t key, bool start, char *out)
{
    (void)start;   /* a key's grid keeps the puzzle's letters */
    return board_format_grid(&p->board, key, out);
}

static bool rush_format_db(const puzzle *p, uint64_t key, char *out)
{
    return board_format_db(&p->board, key, out);
}

static const char *exit_word(board_exit e)
{
    switch (e) {
    case EXIT_LEFT: return "left";
    case EXIT_DOWN: return "down";
    case EXIT_UP: return "up";
    case EXIT_RIGHT: break;
    }
    return "right";
}

/* "WxH CELLS PRIMARY EXIT". */
static int rush_request(const puzzle *p, char *out, size_t size)
{
    const board *b = &p->board;
    char cells[BOARD_MAX_SIDE * BOARD_MAX_SIDE + 1];
    int n = 0;
    for (int r = 0; r < b->height; r++)
        for (int c = 0; c < b->width; c++) cells[n++] = board_cell(b, p->start, r, c);
    cells[n] = '\0';
    return snprintf(out, size, "%dx%d %s %c %s", b->width, b->height, cells,
                    b->piece[b->primary].label, exit_word(b->exit));
}

/* A move of a piece of the board, as moves_parse reads it, written as moves_format does. */
static int rush_answer_word(const puzzle *p, const char *word, char *out)
{
    move m;
    char why[BOARD_ERR_MAX];
    if (moves_parse(&p->board, word, &m, why)) return -1;
    return moves_format(&p->board, m, out);
}

extern const struct family_bounds rush_bounds;   /* rush_bounds.c */
bool rush_analyse_cluster(const puzzle *p, const uint64_t *keys, uint64_t count,   /* rush_cluster.c */
                          uint64_t max_states, uint64_t max_bytes, const struct solver *reference,
                          struct cluster_analysis *out);

const family_class rush_family = {
    .name = "rush",
    .implied = true,
    .slides_are_moves = true,   /* a piece has one line */
    .table_pays = true,
    .problem = rush_problem,
    .start_position = rush_start_position,
    .replay_each = rush_replay_each,
    .token_valid = moves_token_valid,
    .format_position = rush_format_position,
    .picture = rush_picture,
    .id = rush_id,
    .geometry = rush_geometry,
    .header = rush_header,
    .grid = rush_grid,
    .format_db = rush_format_db,
    .request = rush_request,
    .answer_word = rush_answer_word,
    .answer_form = "<piece><+|-><distance>",
    .bounds = &rush_bounds,
    .analyse_cluster = rush_analyse_cluster,
};
