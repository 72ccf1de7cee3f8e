/* tiles_pdb.h -- the sliding tiles' additive pattern databases (tiles_pdb.c), as the family's
 * bounds start them (tiles_bounds.c): built once a process, or read from their cache, and kept.
 * Their parameters are the family's (tiles_family.h): `partition`, the tiles of each database
 * (0, auto: the shape's default), and `reflect`, the board reflected about its diagonal too. */
#ifndef TILES_PDB_H
#define TILES_PDB_H

#include "solvers/bounds/heuristic.h"

/* 0, or -1 over max_bytes (then fb->bytes is what they need). */
int tiles_pdb_begin(family_bound *fb, heuristic_options o, uint64_t max_bytes);
/* Builds, or reads from the cache, what a solve with options o needs, before it is timed: the
 * seconds it took building, and in *bytes what it holds. */
double tiles_pdb_prepare(const family_problem *p, heuristic_options o, uint64_t max_bytes,
                         uint64_t *bytes);

#endif
