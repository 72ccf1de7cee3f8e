/* setup.h -- a solver with its parameters set: what `--solver`, `--param NAME=VALUE` and
 * `--heuristic NAME` choose, and how a result names it.
 *
 * A setup is a solver and one value per parameter (solver.h, solver_param), defaults unless
 * the user set them. Its *label* names it in results: the solver's name, followed for a solver
 * with a "heuristic" parameter by '/' and the heuristic's name ("astar/pdb"), so that one run
 * may hold several pairings of one solver, each its own row and summary line. Its *parameter
 * text* ("window=4 depth=50 order=1") records every value, defaults included, so a row says
 * exactly what ran. The invariant: setup_parse_label(setup_label(u)) gives back u's solver and
 * heuristic.
 *
 *     solver_setup u;
 *     setup_init(&u, solver_find("zone13"));
 *     if (setup_set(&u, "window", "5", err) < 0) ...
 *     u.s->solve(&ctx, &view, &budget, u.param, &r);
 */
#ifndef SETUP_H
#define SETUP_H

#include <stddef.h>

#include "search/solver.h"

#define SETUP_LABEL_MAX 32
#define SETUP_PARAMS_MAX 96
#define SETUP_ERR_MAX 160
/* The name of the parameter that is an informed solver's lower bound, part of its label. */
#define SETUP_HEURISTIC "heuristic"

typedef struct {
    const solver *s;
    int param[SOLVER_MAX_PARAMS];
    unsigned set;   /* the parameters the user set (bit i: param[i]) */
} solver_setup;

/* s with every parameter at its default. */
void setup_init(solver_setup *u, const solver *s);

/* Index of s's parameter called name, or -1. */
int setup_find_param(const solver *s, const char *name);

/* Sets parameter `name` from text (a number, or one of its choices; "auto" for one whose
 * default is the family's). Returns 1 when set, 0 when s has no such parameter, -1 with a
 * one-line reason in err (SETUP_ERR_MAX bytes) when the value is not one the parameter takes. */
int setup_set(solver_setup *u, const char *name, const char *value, char *err);

/* What the setup promises: the measure its "metric" parameter names, else its solver's
 * guarantee. */
solver_guarantee setup_guarantee(const solver_setup *u);
/* Whether the setup runs on puzzle p: its solver takes p's family (solver_takes); its
 * heuristic, if it has one, is defined on the family (bounds/heuristic.h, heuristic_takes); and
 * every parameter the user set applies to the family (setup_refused). */
struct puzzle;
bool setup_takes(const solver_setup *u, const struct puzzle *p);
/* The first parameter the user set that does not apply to family f (the tiles' partition on a
 * Rush Hour puzzle), or NULL. */
const char *setup_refused(const solver_setup *u, family_id f);
/* The heuristic's name, or NULL when the solver has none. */
const char *setup_heuristic(const solver_setup *u);

/* The label (SETUP_LABEL_MAX bytes): "bfs", "astar/pdb". */
void setup_label(const solver_setup *u, char *out);

/* Every parameter that applies to family f as "NAME=VALUE" separated by spaces, a default left
 * to the family given as the family's value: what ran on a puzzle of f. With f -1, every
 * parameter, such defaults as "auto": the setup as the user chose it. "" when there are none
 * (SETUP_PARAMS_MAX bytes). */
void setup_params_text(const solver_setup *u, int f, char *out);

/* Reads a label back: the solver and, for "NAME/HEURISTIC", the heuristic (other parameters,
 * and the heuristic of a bare "astar", at their defaults). Returns 0, or -1 when no solver or
 * heuristic has that name. */
int setup_parse_label(const char *label, solver_setup *u);

/* Sets the parameters of setup_params_text's form, "NAME=VALUE ...". Returns 0, or -1 with a
 * one-line reason in err when a word is not a parameter of u's solver at a value it takes. */
int setup_parse_params(solver_setup *u, const char *text, char *err);

/* Where the label sorts in reports: by the solver's place in the registry, then by the
 * heuristic's place among its choices; labels of no solver last. */
int setup_label_rank(const char *label);

#endif
