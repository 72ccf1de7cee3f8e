/* cli.h -- what the command-line programs share: getopt_long conventions, counts with
 * suffixes, budgets, solver lists, exit codes, the version.
 *
 * Every program parses with getopt_long, so options may stand before or after the operands,
 * take their value as `--opt=value` or `--opt value`, and `--` ends them. Each program's loop
 * hands every code to cli_common_option first, which answers --help and --version and reports
 * a bad option in one line. The invariant: a count means the same in every option of every
 * program (K = 1000, Ki = 1024, and so on), and 0 in a budget means "no limit".
 */
#ifndef CLI_H
#define CLI_H

#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "scan/scan.h"
#include "solvers/setup.h"

#define CLI_VERSION "0.4.0"
/* The version of the JSON that bin/solve and bin/bench write (schema/ holds the schemas). */
#define CLI_SCHEMA_VERSION 2
#define CLI_MAX_SOLVERS 64
#define CLI_MAX_PARAMS 16
#define CLI_MAX_EXTERNALS 16
#define CLI_MAX_PLUGINS 16
#define CLI_MAX_GRANTS 16 /* --sandbox-read and --sandbox-write, each */
/* Solvers times heuristics: every solver, and every heuristic of those that take one. */
#define CLI_MAX_SETUPS 80

/* Exit status, the same in every program (each program's manual page, docs/man/). */
enum {
    EXIT_SOLVED = 0,        /* solved / written / every check passed */
    EXIT_NO_SOLUTION = 1,
    EXIT_BAD_INPUT = 2,     /* bad input or usage, or an output that could not be written */
    EXIT_BUDGET = 3,
    EXIT_CHECK_FAILED = 4,  /* bin/bench: a check failed */
};

/* getopt_long codes of the options several programs share (above any short option). */
enum {
    CLI_OPT_VERSION = 0x100,
    CLI_OPT_MAX_STATES,
    CLI_OPT_MAX_BYTES,
    CLI_OPT_MAX_SECONDS,
    CLI_OPT_SOLVER,
    CLI_OPT_PARAM,
    CLI_OPT_HEURISTIC,
    CLI_OPT_EXTERNAL,
    CLI_OPT_FRESH_PROCESS,
    CLI_OPT_PLUGIN,
    CLI_OPT_NO_SANDBOX,
    CLI_OPT_SANDBOX_READ,
    CLI_OPT_SANDBOX_WRITE,
    CLI_OPT_PROGRAM   /* a program numbers its own long-only options from here */
};

/* Entries for a program's `struct option` table. */
#define CLI_STANDARD_OPTIONS                                                                  \
    {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, CLI_OPT_VERSION}
#define CLI_BUDGET_OPTIONS                                                                    \
    {"max-states", required_argument, NULL, CLI_OPT_MAX_STATES},                             \
        {"max-bytes", required_argument, NULL, CLI_OPT_MAX_BYTES},                           \
        {"max-seconds", required_argument, NULL, CLI_OPT_MAX_SECONDS}
#define CLI_SOLVER_OPTIONS                                                                    \
    {"solver", required_argument, NULL, CLI_OPT_SOLVER},                                     \
        {"param", required_argument, NULL, CLI_OPT_PARAM},                                   \
        {"heuristic", required_argument, NULL, CLI_OPT_HEURISTIC}
/* The solvers a run brings: other programs (docs/external.md) and plugins. */
#define CLI_EXTERNAL_OPTIONS                                                                  \
    {"external", required_argument, NULL, CLI_OPT_EXTERNAL},                                 \
        {"fresh-process", no_argument, NULL, CLI_OPT_FRESH_PROCESS},                         \
        {"plugin", required_argument, NULL, CLI_OPT_PLUGIN},                                 \
        {"no-sandbox", no_argument, NULL, CLI_OPT_NO_SANDBOX},                               \
        {"sandbox-read", required_argument, NULL, CLI_OPT_SANDBOX_READ},                     \
        {"sandbox-write", required_argument, NULL, CLI_OPT_SANDBOX_WRITE}
/* The short options every program takes, to begin its optstring with: ':' makes getopt
 * report a missing value apart from an unknown option, '+' is left out so operands and
 * options mix. */
#define CLI_SHORT_OPTIONS ":h"

/* What every program does first: a write to a closed pipe, or past the file size limit,
 * becomes an error the program reports (EPIPE, EFBIG: exit 2) instead of a silent death by
 * SIGPIPE or SIGXFSZ; and an UNBLOCK_CPU that names no path, or one the processor cannot run
 * (common/cpu.h), is one line and exit 2. */
void cli_begin(void);

/* The signal (SIGINT or SIGTERM) that asked the program to stop, or 0 while none has. */
extern volatile sig_atomic_t cli_stopping_signal;

/* Catches SIGINT and SIGTERM: the handler records the signal in cli_stopping_signal and sets
 * search_interrupted, so that a search in progress stops with budget_hit "interrupted". No
 * SA_RESTART: a blocking call returns EINTR. A program that calls it stops soon and keeps what
 * it finished; its exit status is then 128 + the signal. */
void cli_catch_interrupts(void);

/* "SIGINT" or "SIGTERM" for the signals cli_catch_interrupts catches, else NULL. */
const char *cli_signal_name(int sig);

/* Handles the codes every getopt_long loop shares: 'h' prints usage and exits 0,
 * CLI_OPT_VERSION prints "PROG VERSION (commit C)" and exits 0, '?' and ':' print one line
 * ("PROG: unknown option '--x' (see --help)", "PROG: --x needs a value") and return -1.
 * Returns 1 when code was none of them and is the program's to handle, else -1. */
int cli_common_option(const char *prog, const char *usage, int code, char **argv);

/* Prints "PROG VERSION (commit C, FLAGS)" on stdout. */
void cli_print_version(const char *prog);

/* The budget every program uses unless told otherwise: 5 M expanded states, 2 GiB of the
 * solver's tables, 30 seconds. */
solver_budget cli_default_budget(void);

/* Handles --max-states, --max-bytes and --max-seconds by their codes. Returns 1 when code was
 * one of them, 0 when it was not, -1 on a bad value (already reported). */
int cli_budget_option(const char *prog, int code, const char *arg, solver_budget *budget);

/* Parses "all" or a comma-separated list of solver names into out (CLI_MAX_SOLVERS entries),
 * in registry order for "all" and in the list's order otherwise, each solver once however
 * often it is named. Returns the count, or -1 after printing
 * "PROG: unknown solver 'x' (see --list)". */
int cli_parse_solvers(const char *prog, const char *list, const solver **out);

/* What --solver, --param, --heuristic, --external, --fresh-process, --plugin and the sandbox's
 * options (--no-sandbox, --sandbox-read, --sandbox-write) chose,
 * gathered as the options come (in any order). The solvers a run brings are added to the
 * registry once every option is read (cli_load_solvers), and only then are the names of
 * --solver looked up and turned into setups (setup.h). */
typedef struct {
    const char *solvers;                 /* --solver's list, as given */
    const char *param[CLI_MAX_PARAMS];   /* "NAME=VALUE", as given */
    int nparams;
    const char *heuristic;               /* NULL, a heuristic's name, or "all" */
    const char *external[CLI_MAX_EXTERNALS];   /* "NAME=COMMAND", as given */
    int nexternals;
    const char *plugin[CLI_MAX_PLUGINS];  /* shared objects' paths */
    int nplugins;
    bool fresh;                          /* --fresh-process: one process a puzzle */
    bool no_sandbox;                     /* --no-sandbox: external solvers run unconfined */
    const char *sandbox_read[CLI_MAX_GRANTS], *sandbox_write[CLI_MAX_GRANTS];   /* as given */
    int nsandbox_read, nsandbox_write;
} cli_choice;

/* The choice before any option: the solvers `list` names (see cli_parse_solvers). */
void cli_choice_init(const char *list, cli_choice *c);

/* Handles --solver, --param, --heuristic, --external, --fresh-process and --plugin by their
 * codes. Returns 1 when code was one of them, 0 when it was not, -1 on a bad value (already
 * reported). */
int cli_choice_option(const char *prog, int code, const char *arg, cli_choice *c);

/* Loads the choice's plugins and starts its external solvers, adding them to the registry;
 * an external solver's stderr goes to log_dir/NAME.stderr.log, or to this program's stderr
 * when log_dir is NULL, and its first line is awaited up to hello_seconds. External solvers run
 * in the sandbox (external/sandbox.h) unless --no-sandbox was given: the program hides its
 * inputs and outputs from them with sandbox_hide first. A plugin, which runs in this process,
 * gets one note line that it is not sandboxed. Returns 0, or -1 after printing one line. */
int cli_load_solvers(const char *prog, const cli_choice *c, const char *log_dir,
                     double hello_seconds);

/* Hides each path (an input or an output; "-" is none) from external solvers' sandboxes
 * (external/sandbox.h). Returns 0, or -1 after printing one line when there are too many. */
int cli_hide_paths(const char *prog, const char *const *paths, int count);

/* The setups the choice makes, in registry order: each chosen solver with every --param
 * NAME=VALUE it has a parameter NAME for, and, for a solver with a heuristic, one setup per
 * heuristic when --heuristic is "all". An unknown solver name, a --param or --heuristic that no
 * chosen solver takes, or a value a parameter does not take, is an error: prints one line and
 * returns -1. Else returns the count (out holds CLI_MAX_SETUPS). */
int cli_choice_setups(const char *prog, const cli_choice *c, solver_setup *out);

/* Parses an input format name ("auto", "native", ...); prints "PROG: unknown format 'x'" and
 * returns -1 when it is none. */
int cli_parse_format(const char *prog, const char *text, scan_format *out);

/* Parses a count with an optional suffix: K, M, G, T for powers of 1000, Ki, Mi, Gi, Ti for
 * powers of 1024, the same in every option. Returns 0, or -1 after printing
 * "PROG: OPTION: 'text' is not a count". */
int cli_parse_count(const char *prog, const char *option, const char *text,
                    unsigned long long *out);
/* A count between lo and hi, as an int. */
int cli_parse_int(const char *prog, const char *option, const char *text, int lo, int hi,
                  int *out);
/* Parses --shard K/N, the K-th of N slices of a run, 1 <= K <= N: shards count from 1 in every
 * program. Returns 0, or -1 after printing one line (a K of 0 is told why). */
int cli_parse_shard(const char *prog, const char *text, int *k, int *n);
/* Parses non-negative seconds. */
int cli_parse_seconds(const char *prog, const char *option, const char *text, double *out);

/* Reads every path (file, directory or "-") into puzzles, in order, and insists on at least one
 * puzzle in all. On bad input prints "PROG: FILE:LINE: reason" and returns -1; a path that
 * yields no puzzle is bad input. */
int cli_read_puzzles(const char *prog, char *const *paths, int count, scan_format format,
                     puzzle_list *puzzles);

/* The same, streaming: hands every puzzle to sink(puzzle, ctx) in order and keeps none, so
 * that memory does not grow with the corpus. A bad file is reported (and -1 returned) after the
 * puzzles before it were handed over: programs that promise to solve nothing of a bad input
 * call it twice, a first pass that only reads, then the one that works. */
int cli_read_puzzles_each(const char *prog, char *const *paths, int count, scan_format format,
                          puzzle_sink *sink, void *ctx);

/* Prints the solver registry as a table (name, guarantee, completeness, origin, summary), each
 * solver's parameters under it with their defaults and ranges. */
void cli_print_solvers(FILE *f);

#endif
