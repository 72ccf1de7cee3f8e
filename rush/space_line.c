/* space_line.c -- the templates, placements and slides of one line type (see space_line.h).
 *
 * Placements are found by one walk along the line that, at each cell, leaves it empty or starts
 * a car or a truck there; the walk tries "empty" first, so the empty template is found first.
 * A template is the sequence of (length, gap) of the pieces, so every placement of a template
 * is reachable from every other by slides of the line alone, and no slide leaves it. */
#include "common/grow.h"
#include "rush/space_line.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t mask, starts, npieces;
    uint8_t length[LINE_MAX_PIECES], gap[LINE_MAX_PIECES], start[LINE_MAX_PIECES];
} raw_placement;

typedef struct {
    raw_placement *item;
    int count, capacity;
} raw_list;

static int raw_push(raw_list *l, const raw_placement *p)
{
    bool failed = false;
    TRY_GROW(l->item, l->capacity, l->count + 1, 64, failed);
    if (failed) return -1;
    l->item[l->count++] = *p;
    return 0;
}

/* Every placement from cell pos on, given the pieces placed before it in *p. */
static int walk(int size, uint8_t walls, int pos, int gap, raw_placement *p, raw_list *out)
{
    if (pos >= size) return raw_push(out, p);
    if (walls >> pos & 1) return walk(size, walls, pos + 1, gap + 1, p, out);
    if (walk(size, walls, pos + 1, gap, p, out)) return -1;
    for (int len = 2; len <= 3 && p->npieces < LINE_MAX_PIECES; len++) {
        uint8_t cells = (uint8_t)(((1u << len) - 1) << pos);
        if (pos + len > size || (cells & walls)) continue;
        raw_placement next = *p;
        next.mask |= cells, next.starts |= (uint8_t)(1u << pos);
        next.length[next.npieces] = (uint8_t)len, next.gap[next.npieces] = (uint8_t)gap;
        next.start[next.npieces++] = (uint8_t)pos;
        if (walk(size, walls, pos + len, gap, &next, out)) return -1;
    }
    return 0;
}

static bool same_template(const raw_placement *a, const line_template *t)
{
    if (a->npieces != t->npieces) return false;
    for (int i = 0; i < a->npieces; i++)
        if (a->length[i] != t->length[i] || a->gap[i] != t->gap[i]) return false;
    return true;
}

/* The cells a piece of placement p may stand on: from the end of the piece before it in its
 * gap (or the gap's start) to the start of the one after it (or the gap's end). */
static void room(int size, uint8_t walls, const raw_placement *p, int i, int *lo, int *hi)
{
    int s = p->start[i], len = p->length[i];
    *lo = s;
    while (*lo > 0 && !(walls >> (*lo - 1) & 1)) (*lo)--;
    *hi = s + len;
    while (*hi < size && !(walls >> *hi & 1)) (*hi)++;
    if (i > 0 && p->gap[i - 1] == p->gap[i]) *lo = p->start[i - 1] + p->length[i - 1];
    if (i + 1 < p->npieces && p->gap[i + 1] == p->gap[i]) *hi = p->start[i + 1];
}

static int add_steps(line_type *t, int size, uint8_t walls, const raw_placement *p, int *cap)
{
    for (int i = 0; i < p->npieces; i++) {
        int lo, hi, s = p->start[i], len = p->length[i];
        room(size, walls, p, i, &lo, &hi);
        uint8_t own = (uint8_t)(((1u << len) - 1) << s);
        for (int to = lo; to + len <= hi; to++) {
            if (to == s) continue;
            bool failed = false;
            TRY_GROW(t->step, *cap, t->nsteps + 1, 256, failed);
            if (failed) return -1;
            int a = to < s ? to : s, b = (to > s ? to : s) + len;
            t->step[t->nsteps++] = (line_step){
                .mask = (uint8_t)((p->mask & ~own) | (((1u << len) - 1) << to)),
                .swept = (uint8_t)(((1u << (b - a)) - 1) << a)};
        }
    }
    return 0;
}

/* For every placement and every mask of open cells (in that order, so that one array of starts
 * serves all), the slides that sweep only open cells. */
static int legal_moves(line_type *t)
{
    uint32_t masks = 1u << t->size, count = 0, cap = 0;
    t->move_at = malloc(((size_t)t->nplacements * masks + 1) * sizeof *t->move_at);
    if (!t->move_at) return -1;
    for (int p = 0; p < t->nplacements; p++) {
        const line_placement *pl = &t->placement[p];
        for (uint32_t open = 0; open < masks; open++) {
            t->move_at[line_move_index(t->size, (unsigned)p, open)] = count;
            if (pl->mask & ~open) continue;   /* p does not fit: never asked */
            for (uint32_t j = pl->first_step; j < pl->first_step + pl->nsteps; j++) {
                const line_step *st = &t->step[j];
                if (st->swept & ~open) continue;
                bool failed = false;
                TRY_GROW(t->move, cap, count + 1, 1024, failed);
                if (failed) return -1;
                t->move[count++] = (line_move){
                    .rank_delta = (int16_t)(line_rank_in(t, st->to, (uint8_t)open) -
                                            line_rank_in(t, p, (uint8_t)open)),
                    .index_delta = (int16_t)(t->placement[st->to].index - pl->index),
                    .mask = st->mask};
            }
        }
    }
    t->move_at[line_move_index(t->size, (unsigned)t->nplacements, 0)] = count;   /* the last end */
    return 0;
}

int line_type_init(line_type *t, int size, uint8_t walls)
{
    memset(t, 0, sizeof *t);
    t->size = size, t->walls = walls;
    raw_list raw = {0};
    raw_placement empty = {0};
    if (walk(size, walls, 0, 0, &empty, &raw)) goto fail;
    /* Templates in order of first appearance, each gathering its placements in walk order. */
    t->template = calloc((size_t)raw.count, sizeof *t->template);
    t->placement = calloc((size_t)raw.count, sizeof *t->placement);
    int *template_of = malloc((size_t)raw.count * sizeof *template_of);
    if (!t->template || !t->placement || !template_of) {
        free(template_of);
        goto fail;
    }
    for (int k = 0; k < raw.count; k++) {
        int id = 0;
        while (id < t->ntemplates && !same_template(&raw.item[k], &t->template[id])) id++;
        if (id == t->ntemplates) {
            line_template *tp = &t->template[t->ntemplates++];
            tp->npieces = raw.item[k].npieces;
            for (int i = 0; i < tp->npieces; i++) {
                tp->length[i] = raw.item[k].length[i], tp->gap[i] = raw.item[k].gap[i];
                tp->cells = (uint8_t)(tp->cells + tp->length[i]);
            }
        }
        template_of[k] = id;
        t->template[id].count++;
    }
    for (int id = 0, first = 0; id < t->ntemplates; id++) {
        t->template[id].first = (uint32_t)first;
        first += (int)t->template[id].count;
        t->template[id].count = 0;
        memset(t->template[id].by_mask, 0xFF, sizeof t->template[id].by_mask);
    }
    int step_cap = 0;
    for (int k = 0; k < raw.count; k++) {
        line_template *tp = &t->template[template_of[k]];
        int n = (int)(tp->first + tp->count);
        const raw_placement *r = &raw.item[k];
        line_placement *p = &t->placement[n];
        p->mask = r->mask, p->starts = r->starts, p->template_id = (uint8_t)template_of[k];
        p->index = (uint16_t)tp->count++;
        tp->reach |= r->mask;
        p->first_step = (uint32_t)t->nsteps;
        if (add_steps(t, size, walls, r, &step_cap)) {
            free(template_of);
            goto fail;
        }
        p->nsteps = (uint16_t)(t->nsteps - (int)p->first_step);
        tp->by_mask[r->mask] = (int16_t)n;
    }
    t->nplacements = raw.count;
    for (int k = 0; k < t->nplacements; k++) {
        const line_placement *p = &t->placement[k];
        for (uint32_t j = p->first_step; j < p->first_step + p->nsteps; j++)
            t->step[j].to = (uint16_t)t->template[p->template_id].by_mask[t->step[j].mask];
    }
    free(template_of);
    free(raw.item);
    /* Dense numbers under every mask of free cells. */
    t->rank_in = malloc((size_t)t->nplacements * 256);
    if (!t->rank_in) goto fail_placed;
    for (int id = 0; id < t->ntemplates; id++) {
        line_template *tp = &t->template[id];
        for (unsigned free = 0; free < 256; free++) {
            unsigned n = 0;
            for (uint32_t k = tp->first; k < tp->first + tp->count; k++) {
                t->rank_in[k * 256 + free] = (uint8_t)n;
                if (!(t->placement[k].mask & ~free)) n++;
            }
            tp->fits[free] = (uint8_t)n;
        }
    }
    if (legal_moves(t)) goto fail_placed;
    return 0;
fail:
    free(raw.item);
fail_placed:
    line_type_free(t);
    return -1;
}

int line_template_find(const line_type *t, const uint8_t *length, int npieces, uint8_t mask)
{
    for (int id = 0; id < t->ntemplates; id++) {
        const line_template *tp = &t->template[id];
        if (tp->npieces == npieces && !memcmp(tp->length, length, (size_t)npieces) && tp->by_mask[mask] >= 0)
            return id;
    }
    return -1;
}

void line_type_free(line_type *t)
{
    free(t->template);
    free(t->placement);
    free(t->step);
    free(t->rank_in);
    free(t->move);
    free(t->move_at);
    memset(t, 0, sizeof *t);
}
