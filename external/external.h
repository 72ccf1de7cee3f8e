/* external.h -- a program that solves puzzles over the line protocol (docs/external.md), made a
 * solver of the registry: `--external NAME=COMMAND` defines it, its first line states its claims,
 * and each request is measured and held to the run's budgets over its whole process group.
 *
 *     external_solver *x = external_define("py=python3 bfs.py", false, NULL, err);
 *     ... solver_find("py") is its registry entry; measure_solve (cli/measure.h) asks it ...
 *     external_shutdown();        (at exit: every solver ended, nothing left running)
 *
 * Session mode keeps one process per solver for the whole run, started again after a crash, a
 * time-out or a protocol error; fresh mode starts one per request. The invariant: every answer
 * becomes a solver_result the harness judges like a built-in's, and a solver that misbehaves
 * becomes a row (crashed, protocol-error, budget), never a failure of the harness.
 */
#ifndef EXTERNAL_H
#define EXTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "common/puzzle.h"
#include "external/process.h"
#include "external/protocol.h"
#include "search/solver.h"

typedef struct external_solver external_solver;

/* What a request measured: from writing it to reading the answer (session mode) or from the
 * process's start to its exit (fresh mode); the CPU of the solver's processes over that span;
 * their peak memory for this request, and which count that is (process.h): a cgroup's, where
 * one measured it, else the samples and the leader's VmHWM (session mode) or wait4's ru_maxrss
 * (fresh mode). */
typedef struct {
    double seconds, cpu_seconds;
    uint64_t peak_rss;
    ext_memory_method memory_method;
} external_measure;

/* Defines the solver of spec "NAME=COMMAND": starts it to read its claims (keeping it in
 * session mode), adds it to the registry (solvers/registry.h). Its stderr goes to a bounded log
 * at log_path, or the harness's stderr when NULL. hello_seconds bounds the wait for its first
 * line. Returns it, or NULL with a one-line reason in err (EXT_ERR_MAX bytes): no '=', an empty
 * command, a name that is not valid or is taken, a first line that is not the protocol's. */
external_solver *external_define(const char *spec, bool fresh, const char *log_path,
                                 double hello_seconds, char *err);

/* The external solver s is, or NULL when s is not one. */
external_solver *external_of(const solver *s);

/* The text after the '=' of the spec, and the mode. */
const char *external_command(const external_solver *x);
bool external_fresh(const external_solver *x);

/* Asks x to solve p within budget: fills r as a solver's solve would (the caller frees it) and
 * returns what was measured. */
external_measure external_solve(external_solver *x, const puzzle *p, const solver_budget *budget,
                                solver_result *r);

/* Ends every external solver (closes its stdin; SIGTERM to its group 1 s later if it has not
 * exited, SIGKILL 1 s after that) and closes its log. Returns 0, or -1 when a log could not be
 * written. Registered with atexit by the first external_define; safe to call again. */
int external_shutdown(void);

#endif
