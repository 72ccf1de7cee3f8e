/* rush_bounds.c -- Rush Hour's lower bounds as the registry gives them (heuristic.h,
 * family_bounds): blockers, mustmove and the pattern databases (blockers.c, mustmove.c, pdb.c,
 * one file each with its proof), chosen by kind, and each as a family_bound for the solvers
 * written once. */
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"
#include "rush/rush_bounds.h"

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

static void rush_end(family_bound *fb)
{
    heuristic_free(fb->owned);
    free(fb->owned);
}

static int rush_begin(family_bound *fb, int kind, heuristic_options o, const solver_budget *budget)
{
    (void)o;   /* the tiles' options */
    heuristic *h = xmalloc(sizeof *h);
    heuristic_init(h, fb->p->fast, fb->p->start, (heuristic_kind)kind, budget->max_bytes,
                   budget->max_states);
    fb->table = fb->owned = h;
    fb->bytes = heuristic_bytes(h);
    fb->h = rush_h;
    fb->h_after = rush_h_after;
    fb->end = rush_end;
    return 0;
}

const struct family_bounds rush_bounds = {
    HEURISTIC_BIT(HEURISTIC_BLOCKERS) | HEURISTIC_BIT(HEURISTIC_MUSTMOVE) | HEURISTIC_BIT(HEURISTIC_PDB),
    rush_begin,
    NULL,
};
