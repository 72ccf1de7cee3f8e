/* heuristic.c -- the choice of bound: names, which family has which (its family_bounds, from the
 * registry), preparation, dispatch. */
#include "solvers/bounds/heuristic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/puzzle.h"
#include "common/xmem.h"
#include "search/numbered.h"

const char *const heuristic_names[HEURISTIC_KINDS] = {"blockers", "mustmove", "pdb", "manhattan",
                                                      "conflict"};
/* The bounds' parameters as solver_params, for a setup's values by name. */
static const solver_param bound_params[HEURISTIC_BOUND_PARAMS + 1] = {
#include "solvers/bounds/bound_params.h"
};

/* A family's bounds, from the registry (common/puzzle.h). */
static const struct family_bounds *bounds_of(family_id f)
{
    return family_class_of(f)->bounds;
}

bool heuristic_takes(int kind, family_id f)
{
    return kind >= 0 && kind < HEURISTIC_KINDS && (bounds_of(f)->kinds >> kind & 1u);
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

/* The wide view's own bound, and its expansion. */
static int own_h_wide(const family_bound *fb, key_wide key)
{
    return fb->p->wide.lower_bound(fb->p->board, key, fb->m);
}

int heuristic_expand_each_wide(const family_bound *fb, key_wide key, key_wide skip, int h_key,
                               key_wide *child, int *h)
{
    (void)h_key;
    const family_problem *p = fb->p;
    int all = p->wide.successors(p->board, key, fb->m, child), n = 0;
    for (int i = 0; i < all; i++) {
        if (child[i] == skip && skip != key) continue;
        h[n] = fb->h_wide(fb, child[i]);
        child[n++] = child[i];
    }
    return n;
}

/* A numbered view's bound (search/numbered.h): the bound begun on the wide view it numbers,
 * asked through the numbers. */
static int numbered_h(const family_bound *fb, uint64_t number)
{
    const family_bound *wide = fb->owned;
    return wide->h_wide(wide, numbered_key(fb->p, number));
}

static int numbered_h_after(const family_bound *fb, uint64_t parent, int h_parent, uint64_t number)
{
    (void)parent, (void)h_parent;
    return numbered_h(fb, number);
}

static void numbered_end(family_bound *fb)
{
    heuristic_family_end(fb->owned);
    free(fb->owned);
}

static int numbered_begin(family_bound *fb, const family_problem *p, measure m, int kind,
                          heuristic_options o, const solver_budget *budget, solver_result *r)
{
    family_bound *wide = xmalloc(sizeof *wide);
    if (heuristic_family_begin(wide, numbered_wide_view(p), m, kind, o, budget, r) < 0) {
        free(wide);
        return -1;
    }
    *fb = (family_bound){.p = p, .m = m, .h = numbered_h, .h_after = numbered_h_after,
                         .expand = heuristic_expand_each, .table = wide->table,
                         .bytes = wide->bytes, .owned = wide, .end = numbered_end};
    return 0;
}

int heuristic_family_begin(family_bound *fb, const family_problem *p, measure m, int kind,
                           heuristic_options o, const solver_budget *budget, solver_result *r)
{
    if (numbered_wide_view(p)) return numbered_begin(fb, p, m, kind, o, budget, r);
    memset(fb, 0, sizeof *fb);
    fb->p = p;
    fb->m = m;
    fb->h = own_h;
    fb->h_after = own_h_after;
    fb->expand = heuristic_expand_each;
    if (p->key_words == 2) {
        fb->h_wide = own_h_wide;
        fb->expand_wide = heuristic_expand_each_wide;
    }
    const struct family_bounds *b = bounds_of(p->family);
    if (b->begin && b->begin(fb, kind, o, budget) < 0) {
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
    if (fb->owned) fb->end(fb);
    fb->owned = NULL;
}

int heuristic_of_setup(const solver_setup *u, heuristic_options *o)
{
    int h = setup_find_param(u->s, SETUP_HEURISTIC);
    for (int i = 0; i < HEURISTIC_BOUND_PARAMS; i++) {   /* a solver without one: its default */
        int at = setup_find_param(u->s, bound_params[i].name);
        o->value[i] = at < 0 ? bound_params[i].fallback : u->param[at];
    }
    return h < 0 ? -1 : u->param[h];
}

double heuristic_prepare(const solver_setup *u, const family_problem *p, uint64_t max_bytes,
                         uint64_t *bytes)
{
    heuristic_options o;
    *bytes = 0;
    int kind = heuristic_of_setup(u, &o);
    const struct family_bounds *b = bounds_of(p->family);
    if (kind < 0 || !b->prepare) return 0;
    return b->prepare(p, kind, o, max_bytes ? max_bytes : UINT64_MAX, bytes);
}
