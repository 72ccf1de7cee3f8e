/* heuristic.c -- the choice of bound: names, preparation, dispatch. */
#include "solvers/bounds/heuristic.h"

#include <string.h>

const char *const heuristic_names[HEURISTIC_KINDS] = {"blockers", "mustmove", "pdb"};

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
    case HEURISTIC_KINDS: break;
    }
    return heuristic_blockers(h->b, key);
}

void heuristic_free(heuristic *h)
{
    heuristic_pdb_free(h);
    memset(h, 0, sizeof *h);
}
