/* klotski_bounds.c -- Klotski's lower bound as the registry gives it (heuristic.h,
 * family_bounds): `pdb`, the pattern database of the primary alone, which is the family view's
 * own lower_bound (proved in klotski.h), so the bound needs no begin and reads nothing built
 * before. */
#include "solvers/bounds/heuristic.h"

const struct family_bounds klotski_bounds = {HEURISTIC_BIT(HEURISTIC_PDB), NULL, NULL};
