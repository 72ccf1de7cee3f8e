/* moves.c -- move generation, notation, replay. */
#include "rush/moves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"

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
    /* Written by hand, not by snprintf: a search's solution is written inside its timed solve,
     * and dfs's run to thousands of moves. A distance is one digit (at most BOARD_MAX_SIDE). */
    _Static_assert(BOARD_MAX_SIDE <= 9, "a move's distance is one digit");
    out[0] = b->piece[m.piece].label;
    out[1] = m.delta < 0 ? '-' : '+';
    out[2] = (char)('0' + abs(m.delta));
    out[3] = '\0';
    return 3;
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

int moves_text_count(const char *text)
{
    int n = 0;
    for (const char *t = text; *t; t++) n += *t != ' ' && (t == text || t[-1] == ' ');
    return n;
}

char *moves_text(const board *b, const move *m, int count)
{
    size_t size = (size_t)count * 8 + 1;   /* moves_format's most, 7, and a space */
    char *text = xmalloc(size);
    moves_format_list(b, m, count, text, size);
    return text;
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

/* ---- The family view (family.h) ------------------------------------------------------------ */

static bool problem_is_goal(const void *b, uint64_t key)
{
    return board_is_goal(b, key);
}

static int problem_successors(const void *b, uint64_t key, measure m, uint64_t *child)
{
    return m == MEASURE_STEPS ? moves_generate_steps(b, key, MOVES_SKIP_NONE, child, NULL)
                              : moves_generate(b, key, MOVES_SKIP_NONE, child, NULL);
}

/* In steps, the piece that stepped may step on, two steps from the parent: nothing is left out. */
static int problem_successors_after(const void *b, uint64_t parent, uint64_t key, measure m,
                                    uint64_t *child)
{
    if (m == MEASURE_STEPS) return moves_generate_steps(b, key, MOVES_SKIP_NONE, child, NULL);
    return moves_generate(b, key, board_moved_piece(b, parent, key), child, NULL);
}

static int problem_lower_bound(const void *b, uint64_t key, measure m)
{
    (void)m;
    return !board_is_goal(b, key);
}

/* Whether keys a and c differ in one piece's offset alone. */
static bool one_piece_apart(const board *b, uint64_t a, uint64_t c)
{
    uint64_t changed = a ^ c;
    if (!changed) return false;
    const board_piece *p = &b->piece[board_moved_piece(b, a, c)];
    return (changed & ~((uint64_t)p->off_mask << p->shift)) == 0;
}

static char *problem_path_text(const void *b, const uint64_t *keys, int n, measure m, char *err)
{
    move *path = xmalloc((size_t)(n > 1 ? n - 1 : 1) * sizeof *path);
    int count = 0;
    for (int k = 1; k < n; k++) {
        if (!one_piece_apart(b, keys[k - 1], keys[k])) {
            snprintf(err, FAMILY_ERR_MAX, "keys %d and %d are not one move apart", k - 1, k);
            free(path);
            return NULL;
        }
        path[count++] = moves_between(b, keys[k - 1], keys[k]);
    }
    if (m == MEASURE_STEPS) count = moves_merge(path, count);
    char *text = moves_text(b, path, count);
    free(path);
    return text;
}

/* The goal states of the view (family.h's goal_states), as bibfs seeds its backward side: the
 * goal is a set, the primary at the exit and the other pieces anywhere they fit, and of those
 * placements the ones that can share start's cluster are those that keep, in every line, the
 * order of the pieces sliding along it and of its walls as they stand at the start. That order
 * is an invariant of a cluster (a piece never leaves its line, and passes neither another piece
 * of its line nor a wall), so no goal state of the start's cluster is left out; the others
 * left in are harmless (solvers/bibfs.c). Listed depth-first over the pieces, each offset in
 * turn. */
typedef struct {
    const board *b;
    uint64_t start;
    long max, given;
    bool (*seed)(uint64_t key, void *ctx);
    void *ctx;
    int stop;   /* 1: seed said stop; 2: more than max */
} goal_walk;

/* Can piece i stand at offset `off`, given the pieces before it placed in key, without
 * changing its line's order from the start: no wall between where it starts and `off`, and on
 * the same side as at the start of every piece placed before it in its line? */
static bool keeps_order(const board *b, uint64_t start, uint64_t key, int i, int off)
{
    const board_piece *p = &b->piece[i];
    int from = board_offset(b, start, i);
    for (int o = from < off ? from : off; o <= (from < off ? off : from); o++)
        if (b->cells[i][o] & b->walls) return false;
    for (int j = 0; j < i; j++) {
        const board_piece *q = &b->piece[j];
        if (q->horizontal != p->horizontal || q->line != p->line) continue;
        if ((board_offset(b, start, j) < from) != (board_offset(b, key, j) < off)) return false;
    }
    return true;
}

/* Every goal placement of pieces i.. that keeps the order, after key and occ (the recursion is
 * as deep as the board has pieces). */
static void place_goals(goal_walk *w, int i, uint64_t key, uint64_t occ)
{
    const board *b = w->b;
    if (i == b->npieces) {
        if (w->given == w->max) {
            w->stop = 2;
            return;
        }
        w->given++;
        if (!w->seed(key, w->ctx)) w->stop = 1;
        return;
    }
    const board_piece *p = &b->piece[i];
    if (i == b->primary) {
        int goal = (int)((b->goal_value >> p->shift) & p->off_mask);
        if ((b->cells[i][goal] & occ) || !keeps_order(b, w->start, key, i, goal)) return;
        place_goals(w, i + 1, key | b->goal_value, occ | b->cells[i][goal]);
        return;
    }
    for (int off = 0; off <= p->max_offset && !w->stop; off++) {
        if ((b->cells[i][off] & occ) || !keeps_order(b, w->start, key, i, off)) continue;
        place_goals(w, i + 1, key | (uint64_t)off << p->shift, occ | b->cells[i][off]);
    }
}

static long problem_goal_states(const void *b, uint64_t start, long max,
                                bool (*seed)(uint64_t key, void *ctx), void *ctx)
{
    goal_walk w = {b, start, max, 0, seed, ctx, 0};
    place_goals(&w, 0, 0, ((const board *)b)->walls);
    return w.stop == 2 ? -1 : w.given;
}

void moves_problem(const board *b, uint64_t start, family_problem *out)
{
    *out = (family_problem){
        .family = FAMILY_RUSH,
        .board = b,
        .start = start,
        .max_successors = MOVES_MAX,
        .is_goal = problem_is_goal,
        .successors = problem_successors,
        .lower_bound = problem_lower_bound,
        .path_text = problem_path_text,
        .goal_states = problem_goal_states,
        .successors_after = problem_successors_after,
        .goal_mask = b->goal_mask,
        .goal_value = b->goal_value,
        .fast = b,
        .key_words = 1,
    };
}
