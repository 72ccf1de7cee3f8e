/* heuristic.c -- the choice of bound: names, preparation, dispatch. */
#include "solvers/bounds/heuristic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"

const char *const heuristic_names[HEURISTIC_KINDS] = {"blockers", "mustmove", "pdb", "manhattan",
                                                      "conflict"};
const char *const heuristic_partition_names[HEURISTIC_PARTITIONS] = {"auto", "5-5-5", "6-6-3",
                                                                     "7-8"};
const char *const heuristic_no_yes[2] = {"no", "yes"};

/* The families each bound is defined for. */
static const unsigned kind_families[HEURISTIC_KINDS] = {
    [HEURISTIC_BLOCKERS] = FAMILY_BIT(FAMILY_RUSH),
    [HEURISTIC_MUSTMOVE] = FAMILY_BIT(FAMILY_RUSH),
    [HEURISTIC_PDB] = FAMILY_BIT(FAMILY_RUSH) | FAMILY_BIT(FAMILY_KLOTSKI) | FAMILY_BIT(FAMILY_TILES),
    [HEURISTIC_MANHATTAN] = FAMILY_BIT(FAMILY_TILES),
    [HEURISTIC_CONFLICT] = FAMILY_BIT(FAMILY_TILES),
};

bool heuristic_takes(int kind, family_id f)
{
    return kind >= 0 && kind < HEURISTIC_KINDS && (kind_families[kind] >> f & 1u);
}

void heuristic_init(heuristic *h, const board *b, uint64_t start, heuristic_kind kind,
                    uint64_t max_bytes, uint64_t max_states)
{
    memset(h, 0, sizeof *h);
    h->b = b;
    h->kind = kind;
    if (kind == HEURISTIC_PDB)
        heuristic_pdb_build(h, start, max_bytes ? max_bytes : UINT64_MAX,
                            max_states ? max_states : UINT64_MAX);
}

void heuristic_begin(heuristic *h, const board *b, uint64_t start, int kind,
                     const solver_budget *budget, solver_result *r)
{
    heuristic_init(h, b, start, (heuristic_kind)kind, budget->max_bytes, budget->max_states);
    r->peak_bytes = heuristic_bytes(h);
}

int heuristic_moves(const heuristic *h, uint64_t key)
{
    switch (h->kind) {
    case HEURISTIC_MUSTMOVE: return heuristic_mustmove(h->b, key);
    case HEURISTIC_PDB: return heuristic_pdb(h, key);
    case HEURISTIC_BLOCKERS:
    case HEURISTIC_MANHATTAN:   /* the tiles' bounds, never run on Rush Hour (heuristic_takes) */
    case HEURISTIC_CONFLICT:
    case HEURISTIC_KINDS: break;
    }
    return heuristic_blockers(h->b, key);
}

void heuristic_free(heuristic *h)
{
    heuristic_pdb_free(h);
    memset(h, 0, sizeof *h);
}

/* ---- The bounds of the families written once ---------------------------------------------- */

/* The family's own bound (family.h's lower_bound). */
static int own_h(const family_bound *fb, uint64_t key)
{
    return fb->p->lower_bound(fb->p->board, key, fb->m);
}

static int own_h_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    (void)parent, (void)h_parent;
    return own_h(fb, key);
}

int heuristic_expand_each(const family_bound *fb, uint64_t key, uint64_t skip, int h_key,
                          uint64_t *child, int *h)
{
    const family_problem *p = fb->p;
    int all = p->successors(p->board, key, fb->m, child), n = 0;
    for (int i = 0; i < all; i++) {
        if (child[i] == skip && skip != key) continue;
        h[n] = fb->h_after(fb, key, h_key, child[i]);
        child[n++] = child[i];
    }
    return n;
}

/* Rush Hour's bounds (blockers.c, mustmove.c, pdb.c) as a family_bound: h reads the board's
 * bound, which knows no parent, and is the same whatever the measure (a piece's slides are its
 * moves; bfs1's steps are searched by no informed solver). */
static int rush_h(const family_bound *fb, uint64_t key)
{
    int h = heuristic_moves(fb->table, key);
    return h == HEURISTIC_DEAD ? -1 : h;
}

static int rush_h_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t key)
{
    (void)parent, (void)h_parent;
    return rush_h(fb, key);
}

static void rush_bound_begin(family_bound *fb, int kind, const solver_budget *budget)
{
    heuristic *h = xmalloc(sizeof *h);
    heuristic_init(h, fb->p->fast, fb->p->start, (heuristic_kind)kind, budget->max_bytes,
                   budget->max_states);
    fb->table = fb->owned = h;
    fb->bytes = heuristic_bytes(h);
    fb->h = rush_h;
    fb->h_after = rush_h_after;
}

int heuristic_family_begin(family_bound *fb, const family_problem *p, measure m, int kind,
                           heuristic_options o, const solver_budget *budget, solver_result *r)
{
    memset(fb, 0, sizeof *fb);
    fb->p = p;
    fb->m = m;
    fb->h = own_h;
    fb->h_after = own_h_after;
    fb->expand = heuristic_expand_each;
    if (p->family == FAMILY_RUSH) rush_bound_begin(fb, kind, budget);
    if (p->family == FAMILY_TILES &&
        tiles_bound_begin(fb, kind, o, budget->max_bytes ? budget->max_bytes : UINT64_MAX) < 0) {
        r->status = SOLVE_BUDGET;
        r->budget_hit = "bytes";
        char why[96];
        snprintf(why, sizeof why, "the bound's tables need %llu bytes, past --max-bytes",
                 (unsigned long long)fb->bytes);
        r->message = xstrdup(why);
        r->note = r->message;
        return -1;
    }
    r->peak_bytes = fb->bytes;
    return 0;
}

void heuristic_family_end(family_bound *fb)
{
    if (fb->owned) heuristic_free(fb->owned);
    free(fb->owned);
    fb->owned = NULL;
}

int heuristic_of_setup(const solver_setup *u, heuristic_options *o)
{
    int h = setup_find_param(u->s, SETUP_HEURISTIC);
    int part = setup_find_param(u->s, "partition"), reflect = setup_find_param(u->s, "reflect");
    *o = (heuristic_options){part < 0 ? 0 : u->param[part], reflect >= 0 && u->param[reflect] > 0};
    return h < 0 ? -1 : u->param[h];
}

double heuristic_prepare(const solver_setup *u, const family_problem *p, uint64_t max_bytes,
                         uint64_t *bytes)
{
    heuristic_options o;
    *bytes = 0;
    if (heuristic_of_setup(u, &o) != HEURISTIC_PDB || p->family != FAMILY_TILES) return 0;
    return tiles_pdb_prepare(p, o, max_bytes ? max_bytes : UINT64_MAX, bytes);
}
