/* cli.h -- option parsing shared by the command-line programs. */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "scan.h"
#include "solver.h"

#define CLI_MAX_SOLVERS 16

/* Exit status, the same in every program (README "Exit status"). */
enum {
    EXIT_SOLVED = 0,        /* solved / written / every check passed */
    EXIT_NO_SOLUTION = 1,
    EXIT_BAD_INPUT = 2,     /* bad input or usage */
    EXIT_BUDGET = 3,
    EXIT_CHECK_FAILED = 4,  /* bin/bench: a check failed */
};

/* Parses "all" or a comma-separated list of solver names into out (CLI_MAX_SOLVERS entries).
 * Returns the count, or -1 after printing "PROG: unknown solver 'x' (see --list)". */
int cli_parse_solvers(const char *prog, const char *list, const solver **out);

/* Parses an input format name ("auto", "native", ...); prints "PROG: unknown format 'x'" and
 * returns -1 when it is none. */
int cli_parse_format(const char *prog, const char *text, scan_format *out);

/* Parses a count with an optional K, M or G suffix (powers of 1024 for bytes, of 1000
 * otherwise). Returns 0, or -1 after printing "PROG: OPTION: 'text' is not a count". */
int cli_parse_count(const char *prog, const char *option, const char *text, bool bytes,
                    unsigned long long *out);
/* Parses non-negative seconds. */
int cli_parse_seconds(const char *prog, const char *option, const char *text, double *out);

/* Handles --max-states, --max-bytes, --max-seconds (as "--opt=V" or "--opt V"). Returns 1 when
 * argv[*i] was one of them (advancing *i past a separate value), 0 when it was not, -1 on a
 * bad value (already reported). */
int cli_budget_option(const char *prog, int argc, char **argv, int *i, solver_budget *budget);

/* The value of option `name` at argv[*i] ("--name=V" or "--name V"), or NULL when argv[*i] is
 * another option. Prints an error and sets *bad when the value is missing. */
const char *cli_value(const char *prog, int argc, char **argv, int *i, const char *name,
                      bool *bad);

/* Prints the solver registry as a table (name, guarantee, summary). */
void cli_print_solvers(FILE *f);

/* Writes s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

#endif
