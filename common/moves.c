/* moves.c -- move generation, notation, replay. */
#include "common/moves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

moves_run_table moves_run_data;

__attribute__((constructor)) static void build_runs(void)
{
    moves_run_table *table = &moves_run_data;
    for (int length = 2; length <= 3; length++)
        for (unsigned line = 0; line < 256; line++)
            for (int off = 0; off + length <= BOARD_MAX_SIDE; off++) {
                int before = 0, after = 0;
                while (off - before - 1 >= 0 && !(line >> (off - before - 1) & 1)) before++;
                while (off + length + after < BOARD_MAX_SIDE && !(line >> (off + length + after) & 1))
                    after++;
                (*table)[length - 2][line][off] = (uint8_t)(before | after << 4);
            }
}

move moves_between(const board *b, uint64_t from, uint64_t to)
{
    int i = board_moved_piece(b, from, to);
    return (move){(uint8_t)i, (int8_t)(board_offset(b, to, i) - board_offset(b, from, i))};
}

int moves_format(const board *b, move m, char *out)
{
    return snprintf(out, 8, "%c%c%d", b->piece[m.piece].label, m.delta < 0 ? '-' : '+',
                    abs(m.delta));
}

int moves_format_list(const board *b, const move *m, int count, char *out, size_t n)
{
    size_t len = 0;
    if (n == 0) return -1;
    out[0] = '\0';
    for (int k = 0; k < count; k++) {
        char one[8];
        int w = moves_format(b, m[k], one);
        if (len + (size_t)w + 2 > n) return -1;
        if (k) out[len++] = ' ';
        memcpy(out + len, one, (size_t)w + 1);
        len += (size_t)w;
    }
    return (int)len;
}

bool moves_token_valid(const char *token, size_t len)
{
    char c = len ? token[0] : 0;
    return len == 3 && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) &&
           (token[1] == '+' || token[1] == '-') && token[2] >= '0' && token[2] <= '9';
}

int moves_parse(const board *b, const char *text, move *m, char *err)
{
    int i = text[0] ? board_find_label(b, text[0]) : -1;
    if (i < 0) {
        snprintf(err, BOARD_ERR_MAX, "move '%s': no piece '%c'", text, text[0]);
        return -1;
    }
    char sign = text[1];
    char *end;
    long dist = (sign == '+' || sign == '-') ? strtol(text + 2, &end, 10) : 0;
    if (dist < 1 || dist > BOARD_MAX_SIDE || *end != '\0' || !(text[2] >= '0' && text[2] <= '9')) {
        snprintf(err, BOARD_ERR_MAX, "move '%s' is not <piece><+|-><distance 1..7>", text);
        return -1;
    }
    *m = (move){(uint8_t)i, (int8_t)(sign == '-' ? -dist : dist)};
    return 0;
}

int moves_replay(const board *b, uint64_t start, const move *m, int count, uint64_t *end,
                 char *err)
{
    uint64_t key = start;
    for (int k = 0; k < count; k++) {
        int i = m[k].piece;
        if (i >= b->npieces || m[k].delta == 0) {
            snprintf(err, BOARD_ERR_MAX, "move %d: not a move", k + 1);
            return k;
        }
        const board_piece *p = &b->piece[i];
        int off = board_offset(b, key, i), dir = m[k].delta > 0 ? 1 : -1;
        uint64_t others = board_occupancy(b, key) & ~b->cells[i][off];
        /* Walk one cell at a time: each intermediate position must be on the board and free. */
        for (int s = 1; s <= abs(m[k].delta); s++) {
            int to = off + dir * s;
            char text[8];
            moves_format(b, m[k], text);
            if (to < 0 || to > p->max_offset) {
                snprintf(err, BOARD_ERR_MAX, "move %d (%s): piece %c would leave the board",
                         k + 1, text, p->label);
                return k;
            }
            if (b->cells[i][to] & others) {
                snprintf(err, BOARD_ERR_MAX, "move %d (%s): piece %c is blocked", k + 1, text,
                         p->label);
                return k;
            }
        }
        key = moves_apply(b, key, m[k]);
    }
    *end = key;
    return -1;
}

int moves_check_solution(const board *b, uint64_t start, const move *m, int count, char *err)
{
    uint64_t end;
    int bad = moves_replay(b, start, m, count, &end, err);
    if (bad >= 0) return bad;
    if (board_is_goal(b, end)) return -1;
    snprintf(err, BOARD_ERR_MAX, "the moves end short of the goal");
    return count;
}

int moves_steps(const move *m, int count)
{
    int steps = 0;
    for (int k = 0; k < count; k++) steps += abs(m[k].delta);
    return steps;
}

int moves_merge(move *m, int count)
{
    int n = 0;
    for (int k = 0; k < count; k++) {
        if (n > 0 && m[n - 1].piece == m[k].piece && (m[n - 1].delta > 0) == (m[k].delta > 0))
            m[n - 1].delta = (int8_t)(m[n - 1].delta + m[k].delta);
        else
            m[n++] = m[k];
    }
    return n;
}
