/* tools.h -- the drawing programs, run as child processes: Graphviz's sfdp lays a graph out
 * once, and its neato -n2 draws it, and each strategy's picture of it, at the positions sfdp
 * chose, so that the pictures compare; gnuplot draws the frontier profiles.
 *
 * Programs rather than libraries: the source a picture comes from (DOT, or the profile's data)
 * is written first and stays a file of its own, which a reader can draw again with the same
 * programs, and a machine without them still gets that file and one line that says what is
 * missing (TOOL_MISSING). The input goes in through a temporary file, not a pipe, so that a
 * child that writes much before it has read everything cannot stall against us.
 */
#ifndef TOOLS_H
#define TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TOOL_ERR_MAX 512
#define TOOL_MISSING 1   /* the program is not installed */

/* Runs a program (found on PATH) with args (NULL-terminated, args[0] its name), the text
 * input[0 .. len - 1] on its standard input and its standard output into `out`. Returns 0;
 * TOOL_MISSING with err "PROGRAM is not installed (Debian package PACKAGE)"; or -1 with err
 * holding what went wrong (the program's first line of stderr, or how it ended). */
int tool_run(const char *const args[], const char *package, const char *input, size_t len,
             FILE *out, char *err);

/* Whether program is on PATH (and may be run). */
bool tool_installed(const char *program);

/* Positions in points (1/72 inch) of the nodes named "n0", "n1", ... "n<count - 1>" in dot, as
 * sfdp lays them out: x[i], y[i] (y up). Returns tool_run's codes. */
int tool_layout(const char *dot, size_t len, uint32_t count, double *x, double *y, char *err);

#endif
