/* board.c -- building and validating boards, the key layout, text forms of a position. */
#include "rush/board.h"

#include <stdio.h>
#include <string.h>

static int fail(char *err, const char *msg)
{
    snprintf(err, BOARD_ERR_MAX, "%s", msg);
    return -1;
}

int board_init(board *b, int width, int height, char *err)
{
    memset(b, 0, sizeof *b);
    if (width < BOARD_MIN_SIDE || width > BOARD_MAX_SIDE || height < BOARD_MIN_SIDE ||
        height > BOARD_MAX_SIDE) {
        snprintf(err, BOARD_ERR_MAX,
                 "board is %dx%d; sizes from %dx%d to %dx%d are supported", width, height,
                 BOARD_MIN_SIDE, BOARD_MIN_SIDE, BOARD_MAX_SIDE, BOARD_MAX_SIDE);
        return -1;
    }
    b->width = (uint8_t)width;
    b->height = (uint8_t)height;
    return 0;
}

static uint64_t cell_bit(int row, int col) { return 1ull << (row * 8 + col); }

/* The cell at position pos of a row (horizontal) or column. */
static uint64_t line_cell(bool horizontal, int line, int pos)
{
    return horizontal ? cell_bit(line, pos) : cell_bit(pos, line);
}

/* Occupied cells so far, walls and pieces at their start, for the overlap check. */
static uint64_t start_occupancy(const board *b)
{
    uint64_t occ = b->walls;
    for (int i = 0; i < b->npieces; i++) occ |= b->cells[i][b->piece[i].start];
    return occ;
}

static int check_free(const board *b, int row, int col, char *err)
{
    if (row < 0 || col < 0 || row >= b->height || col >= b->width) {
        snprintf(err, BOARD_ERR_MAX, "cell (row %d, column %d) is outside the %dx%d board", row,
                 col, b->width, b->height);
        return -1;
    }
    if (start_occupancy(b) & cell_bit(row, col)) {
        snprintf(err, BOARD_ERR_MAX, "overlapping pieces at row %d, column %d", row, col);
        return -1;
    }
    return 0;
}

int board_add_wall(board *b, int row, int col, char *err)
{
    if (check_free(b, row, col, err)) return -1;
    b->walls |= cell_bit(row, col);
    return 0;
}

int board_add_piece(board *b, char label, bool horizontal, int length, int row, int col,
                    char *err)
{
    if (b->npieces == BOARD_MAX_PIECES) return fail(err, "too many pieces (at most 32)");
    if (length < 2 || length > 3) {
        snprintf(err, BOARD_ERR_MAX, "piece %c has length %d; pieces are 2 or 3 cells long",
                 label, length);
        return -1;
    }
    if (board_find_label(b, label) >= 0) {
        snprintf(err, BOARD_ERR_MAX, "piece %c appears twice", label);
        return -1;
    }
    for (int k = 0; k < length; k++)
        if (check_free(b, row + (horizontal ? 0 : k), col + (horizontal ? k : 0), err))
            return -1;

    board_piece *p = &b->piece[b->npieces];
    p->label = label;
    p->horizontal = horizontal;
    p->length = (uint8_t)length;
    p->line = (uint8_t)(horizontal ? row : col);
    p->start = (uint8_t)(horizontal ? col : row);
    int line_length = horizontal ? b->width : b->height;
    p->max_offset = (uint8_t)(line_length - length);
    p->beyond = (uint8_t)(0xFFu << line_length);
    for (int off = 0; off <= p->max_offset; off++) {
        uint64_t m = 0;
        for (int k = 0; k < length; k++) m |= line_cell(horizontal, p->line, off + k);
        b->cells[b->npieces][off] = m;
        uint64_t ends = 0;
        if (off > 0) ends |= line_cell(horizontal, p->line, off - 1);
        if (off < p->max_offset) ends |= line_cell(horizontal, p->line, off + length);
        b->ends[b->npieces][off] = ends;
    }
    b->npieces++;
    return 0;
}

static int bits_for(int max_value)
{
    int bits = 1;
    while ((1 << bits) <= max_value) bits++;
    return bits;
}

int board_finish(board *b, char primary_label, board_exit exit, char *err)
{
    int p = board_find_label(b, primary_label);
    if (p < 0) {
        snprintf(err, BOARD_ERR_MAX, "no primary piece %c", primary_label);
        return -1;
    }
    const board_piece *pp = &b->piece[p];
    bool wants_horizontal = exit == EXIT_LEFT || exit == EXIT_RIGHT;
    if (pp->horizontal != wants_horizontal) {
        snprintf(err, BOARD_ERR_MAX,
                 "exit on the %s side is not in line with the %s primary piece %c",
                 board_exit_name(exit), pp->horizontal ? "horizontal" : "vertical", pp->label);
        return -1;
    }
    b->primary = (uint8_t)p;
    b->exit = exit;

    int shift = 0;
    for (int i = 0; i < b->npieces; i++) {
        b->piece[i].shift = (uint8_t)shift;
        b->piece[i].bits = (uint8_t)bits_for(b->piece[i].max_offset);
        shift += b->piece[i].bits;
    }
    if (shift > 63) {
        snprintf(err, BOARD_ERR_MAX,
                 "%d pieces need %d bits of state; the 64-bit key holds 63", b->npieces, shift);
        return -1;
    }
    for (int i = 0; i < b->npieces; i++) {
        board_piece *pc = &b->piece[i];
        pc->off_mask = (uint8_t)((1u << pc->bits) - 1);
        pc->extract = (uint16_t)(pc->shift | pc->bits << 8);
        b->line_cells[i] = pc->horizontal ? 0xFFull << (pc->line * 8) : 0x0101010101010101ull << pc->line;
        for (int d = 0; d < BOARD_RUN_MAX; d++) pc->ladder[d] = (uint64_t)(d + 1) << pc->shift;
        for (int k = 0; k < pc->bits; k++) b->piece_of_bit[pc->shift + k] = (uint8_t)i;
    }
    b->key_bits = (uint8_t)shift;
    for (int h = 0; h < 2; h++)
        for (int k = 0; k <= BOARD_MAX_SIDE; k++) {
            b->lines_below[h][k] = 0;
            for (int i = 0; i < b->npieces; i++)
                if (b->piece[i].horizontal == h && b->piece[i].line < k)
                    b->lines_below[h][k] |= 1u << i;
        }
    for (int i = 0; i < b->npieces; i++) {
        const uint32_t *along = b->lines_below[b->piece[i].horizontal];
        b->commuting[i] = (board_all_pieces(b) & (~0u << i)) |
                          (along[b->piece[i].line + 1] ^ along[b->piece[i].line]);
    }

    int goal_offset = (exit == EXIT_RIGHT || exit == EXIT_DOWN) ? pp->max_offset : 0;
    for (int off = 0; off <= pp->max_offset; off++) {
        int from = goal_offset > off ? off + pp->length : 0;
        int to = goal_offset > off ? goal_offset + pp->length : off;   /* exclusive */
        b->lane[off] = 0;
        for (int k = from; k < to; k++) b->lane[off] |= line_cell(pp->horizontal, pp->line, k);
    }
    b->goal_mask = (uint64_t)pp->off_mask << pp->shift;
    b->goal_value = (uint64_t)goal_offset << pp->shift;
    return 0;
}

uint64_t board_start_key(const board *b)
{
    uint64_t key = 0;
    for (int i = 0; i < b->npieces; i++) key |= (uint64_t)b->piece[i].start << b->piece[i].shift;
    return key;
}

int board_find_label(const board *b, char label)
{
    for (int i = 0; i < b->npieces; i++)
        if (b->piece[i].label == label) return i;
    return -1;
}

char board_cell(const board *b, uint64_t key, int row, int col)
{
    uint64_t bit = cell_bit(row, col);
    if (b->walls & bit) return 'x';
    for (int i = 0; i < b->npieces; i++)
        if (b->cells[i][board_offset(b, key, i)] & bit) return b->piece[i].label;
    return '.';
}

void board_picture(const board *b, uint64_t key, family_picture *out)
{
    const board_piece *pp = &b->piece[b->primary];
    static const char sides[] = {[EXIT_RIGHT] = '>', [EXIT_LEFT] = '<', [EXIT_DOWN] = 'v', [EXIT_UP] = '^'};
    int last = (pp->horizontal ? b->width : b->height) - 1;
    bool far = b->exit == EXIT_RIGHT || b->exit == EXIT_DOWN;
    *out = (family_picture){.width = b->width, .height = b->height, .walls = b->walls,
                            .exit_side = sides[b->exit], .npieces = b->npieces,
                            .exit = pp->horizontal ? cell_bit(pp->line, far ? last : 0)
                                                   : cell_bit(far ? last : 0, pp->line)};
    for (int i = 0; i < b->npieces; i++)
        out->piece[i] = (family_piece){{b->piece[i].label, 0}, b->cells[i][board_offset(b, key, i)],
                                       i == b->primary, -1};
}

/* The native grid: '+' corners, '-' and '|' borders, the exit drawn as an arrow in the border
 * where the primary piece leaves. */
int board_format_grid(const board *b, uint64_t key, char *out)
{
    const board_piece *pp = &b->piece[b->primary];
    int n = 0;
    for (int r = -1; r <= b->height; r++) {
        bool border_row = r < 0 || r == b->height;
        for (int c = -1; c <= b->width; c++) {
            bool border_col = c < 0 || c == b->width;
            char ch;
            if (border_row && border_col) ch = '+';
            else if (border_row) {
                ch = '-';
                if (c == pp->line && r < 0 && b->exit == EXIT_UP) ch = '^';
                if (c == pp->line && r >= 0 && b->exit == EXIT_DOWN) ch = 'v';
            } else if (border_col) {
                ch = '|';
                if (r == pp->line && c < 0 && b->exit == EXIT_LEFT) ch = '<';
                if (r == pp->line && c >= 0 && b->exit == EXIT_RIGHT) ch = '>';
            } else
                ch = board_cell(b, key, r, c);
            out[n++] = ch;
        }
        out[n++] = '\n';
    }
    out[n] = '\0';
    return n;
}

bool board_format_db(const board *b, uint64_t key, char out[BOARD_DB_MAX])
{
    const board_piece *pp = &b->piece[b->primary];
    int n = b->width;
    if (b->height != n || b->exit != EXIT_RIGHT || pp->line != 2 || pp->length != 2 ||
        pp->label != 'A')
        return false;
    for (int i = 0; i < b->npieces; i++)
        if (b->piece[i].label < 'A' || b->piece[i].label > 'Z') return false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            char ch = board_cell(b, key, r, c);
            out[r * n + c] = ch == '.' ? 'o' : ch;
        }
    out[n * n] = '\0';
    return true;
}

const char *board_exit_name(board_exit e)
{
    switch (e) {
    case EXIT_RIGHT: return "right";
    case EXIT_LEFT: return "left";
    case EXIT_DOWN: return "bottom";
    case EXIT_UP: return "top";
    }
    return "?";
}

int board_subset(const board *b, uint64_t key, uint32_t pieces, uint64_t walls, board *out,
                 char *err)
{
    if (!(pieces & (1u << b->primary))) {
        snprintf(err, BOARD_ERR_MAX, "a subset of a board keeps its primary piece");
        return -1;
    }
    if (board_init(out, b->width, b->height, err)) return -1;
    for (uint64_t w = walls & b->walls; w; w &= w - 1) {
        int c = __builtin_ctzll(w);
        if (board_add_wall(out, c / 8, c % 8, err)) return -1;
    }
    for (int i = 0; i < b->npieces; i++) {
        if (!(pieces & (1u << i))) continue;
        const board_piece *p = &b->piece[i];
        int at = board_offset(b, key, i);
        int row = p->horizontal ? p->line : at, col = p->horizontal ? at : p->line;
        if (board_add_piece(out, p->label, p->horizontal, p->length, row, col, err)) return -1;
    }
    return board_finish(out, b->piece[b->primary].label, b->exit, err);
}
