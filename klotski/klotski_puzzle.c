/* klotski_puzzle.c -- a Klotski puzzle as the registry sees it (common/puzzle.h, family_class):
 * its view, replay, notation, positions (keys with each piece's anchor, so that pictures keep
 * each letter on its piece), pictures, id, text forms and protocol request (klotski.h). */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "common/puzzle.h"

/* What the core gives a family's texts and positions holds Klotski's (common/puzzle.h). */
_Static_assert(KLOTSKI_ERR_MAX <= PUZZLE_ERR_MAX, "a Klotski message fits PUZZLE_ERR_MAX");
_Static_assert(KLOTSKI_TEXT_MAX <= PUZZLE_GRID_MAX, "a Klotski grid fits PUZZLE_GRID_MAX");
_Static_assert(KLOTSKI_MAX_PIECES <= PUZZLE_PIECES_MAX, "every piece has its place in `at`");

static void klotski_puzzle_problem(const puzzle *p, family_problem *out)
{
    klotski_problem(&p->klotski, p->start, out);
}

static void klotski_start_position(const puzzle *p, puzzle_position *out)
{
    out->key = p->start;
    for (int i = 0; i < p->klotski.npieces; i++) out->at[i] = p->klotski.piece[i].start;
}

/* The replay hands over anchors; a position adds their key. */
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

static int klotski_puzzle_replay(const puzzle *p, const char *text, puzzle_move_seen *seen,
                                 void *ctx, measure_counts *out, char *err)
{
    const klotski_board *b = &p->klotski;
    if (!seen) return klotski_replay(b, text, out, err);
    puzzle_position start;
    klotski_start_position(p, &start);
    seen(&start, "", 0, ctx);
    klotski_walk w = {b, seen, ctx};
    return klotski_replay_each(b, text, klotski_seen, &w, out, err);
}

static int klotski_format_position(const puzzle *p, const puzzle_position *pos, char *out)
{
    return klotski_format_grid(&p->klotski, pos->at, out);
}

static void klotski_puzzle_picture(const puzzle *p, const puzzle_position *pos, family_picture *out)
{
    klotski_picture(&p->klotski, pos->at, out);
}

/* Its grid with the pieces lettered in reading order of their anchors (the primary 'A'), after
 * "klotski" and before its target. */
static void klotski_id(const puzzle *p, char out[17])
{
    const klotski_board *b = &p->klotski;
    klotski_layout l;
    klotski_decode(b, p->start, &l);
    klotski_board relabelled = *b;
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < l.n; i++) {
        relabelled.piece[i].label = PIECE_LABELS[i];
        relabelled.piece[i].cls = l.cls[i];
        at[i] = l.at[i];
    }
    relabelled.npieces = (uint8_t)l.n;
    char text[KLOTSKI_TEXT_MAX + 32] = "klotski\n";
    int n = 8 + klotski_format_grid(&relabelled, at, text + 8);
    n += snprintf(text + n, sizeof text - (size_t)n, "target %d\n", b->target);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(text, (size_t)n));
}

static size_t klotski_geometry(const puzzle *p, puzzle *out)
{
    memcpy(&out->klotski, &p->klotski, sizeof p->klotski);
    for (int i = 0; i < out->klotski.npieces; i++) out->klotski.piece[i].start = 0;
    return sizeof p->klotski;
}

/* The primary when it is not 'A', the goal when the frame shows no opening. */
static int klotski_header(const puzzle *p, char *out, size_t size)
{
    const klotski_board *b = &p->klotski;
    int n = 0;
    char primary = b->piece[b->primary].label;
    if (primary != 'A') n += snprintf(out, size, "primary: %c\n", primary);
    int col, row;
    klotski_target_cell(b, &col, &row);
    if (!klotski_opening(b)) n += snprintf(out + n, size - (size_t)n, "goal: %d %d\n", col, row);
    return n;
}

/* The file's grid keeps each piece's letter; another key's is decoded, alike pieces in the
 * order of their anchors. */
static int klotski_grid(const puzzle *p, uint64_t key, bool start, char *out)
{
    const klotski_board *b = &p->klotski;
    if (!start) return klotski_format_key(b, key, out);
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < b->npieces; i++) at[i] = b->piece[i].start;
    return klotski_format_grid(b, at, out);
}

/* "WxH CELLS PRIMARY X,Y family=klotski". */
static int klotski_request(const puzzle *p, char *out, size_t size)
{
    const klotski_board *k = &p->klotski;
    char cells[KLOTSKI_MAX_SIDE * KLOTSKI_MAX_SIDE + 1];
    uint8_t at[KLOTSKI_MAX_PIECES];
    for (int i = 0; i < k->npieces; i++) at[i] = k->piece[i].start;
    klotski_format_cells(k, at, cells);
    int col, row;
    klotski_target_cell(k, &col, &row);
    return snprintf(out, size, "%dx%d %s %c %d,%d family=klotski", k->width, k->height, cells,
                    k->piece[k->primary].label, col, row);
}

extern const struct family_bounds klotski_bounds;   /* klotski_bounds.c */

/* A piece's letter, then its steps (AD BLL CUR), kept as written: the replay judges them. */
static int klotski_answer_word(const puzzle *p, const char *word, char *out)
{
    if (klotski_piece_of_label(&p->klotski, word[0]) < 0 || !word[1] ||
        strspn(word + 1, "UDLR") != strlen(word + 1))
        return -1;
    return sprintf(out, "%s", word);
}

const family_class klotski_family = {
    .name = "klotski",
    .slides_are_moves = false,
    .table_pays = true,
    .problem = klotski_puzzle_problem,
    .start_position = klotski_start_position,
    .replay_each = klotski_puzzle_replay,
    .token_valid = klotski_token_valid,
    .format_position = klotski_format_position,
    .picture = klotski_puzzle_picture,
    .id = klotski_id,
    .geometry = klotski_geometry,
    .header = klotski_header,
    .grid = klotski_grid,
    .request = klotski_request,
    .answer_word = klotski_answer_word,
    .answer_form = "<piece><U|D|L|R ...>",
    .bounds = &klotski_bounds,
};
