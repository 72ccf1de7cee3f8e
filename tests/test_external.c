/* test_external.c -- solvers brought to the harness: the line protocol read line by line, every
 * way an external solver can misbehave (each a row, the run going on, nothing left running),
 * fresh processes, limits with and without a cgroup, --resume of a run with external solvers
 * from its folder alone, their rows through verify, merge, compare and report, bad arguments,
 * and a plugin built out of tree against the installed library. */
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <jansson.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "external/protocol.h"
#include "solvers/plugin.h"
#include "tests/helpers.h"

TestSuite(protocol, .fini = th_check_leaks);
TestSuite(external, .fini = th_check_leaks);
TestSuite(plugin, .fini = th_check_leaks);

#define MISBEHAVE "python3 tests/data/external/misbehave.py"
#define TWO "corpus/seed-formats/kotlin-4x4.txt corpus/seed-formats/kotlin-5x5.txt"

/* ---- the protocol ------------------------------------------------------------------------- */

Test(protocol, the_first_line_states_the_claims_and_nothing_stated_claims_nothing)
{
    ubp_claims c;
    char err[UBP_ERR_MAX];
    cr_assert_eq(ubp_parse_hello("ubp 1", &c, err), 0, "%s", err);
    cr_assert_eq(c.guarantee, GUARANTEE_NONE);
    cr_assert_not(c.complete);
    cr_assert_str_eq(c.name, "");
    cr_assert_eq(ubp_parse_hello("ubp 1 name=py guarantee=moves complete=yes", &c, err), 0, "%s", err);
    cr_assert_eq(c.guarantee, GUARANTEE_MOVES);
    cr_assert(c.complete);
    cr_assert_str_eq(c.name, "py");
    cr_assert_eq(c.families, FAMILY_BIT(FAMILY_RUSH), "no families stated: Rush Hour alone");
    cr_assert_eq(ubp_parse_hello("ubp 1 guarantee=steps", &c, err), 0);
    cr_assert_eq(c.guarantee, GUARANTEE_STEPS);
    cr_assert_eq(ubp_parse_hello("ubp 1 guarantee=slides families=klotski,rush", &c, err), 0, "%s", err);
    cr_assert_eq(c.guarantee, GUARANTEE_SLIDES);
    cr_assert_eq(c.families, FAMILY_BIT(FAMILY_RUSH) | FAMILY_BIT(FAMILY_KLOTSKI));
    cr_assert_eq(ubp_parse_hello("ubp 1 families=klotski", &c, err), 0, "%s", err);
    cr_assert_eq(c.families, FAMILY_BIT(FAMILY_KLOTSKI));
    const char *bad[][2] = {
        {"ubp 2", "protocol version '2', not 1"},
        {"hello", "the first line is not 'ubp 1 ...'"},
        {"ubp 1 guarantee=best", "'guarantee=best' in the first line is not name=N, guarantee=G, "
                                 "complete=yes|no or families=F"},
        {"ubp 1 complete=maybe", "'complete=maybe' in the first line"},
        {"ubp 1 fast", "'fast' in the first line"},
        {"ubp 1 families=", "'families=' in the first line"},
        {"ubp 1 families=rush,chess", "'families=rush,chess' in the first line"},
        {"ubp 1 families=rush,rush", "'families=rush,rush' in the first line"},
        {"ubp 1 families=rush,", "'families=rush,' in the first line"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        cr_assert_eq(ubp_parse_hello(bad[k][0], &c, err), -1, "%s", bad[k][0]);
        cr_assert_not_null(strstr(err, bad[k][1]), "%s: %s", bad[k][0], err);
    }
}

Test(protocol, a_request_names_the_cells_the_primary_the_exit_and_the_budgets)
{
    puzzle_list l = th_load("corpus/seed-formats/kotlin-4x4.txt");
    char line[UBP_REQUEST_MAX];
    solver_budget budget = {5000000, 2147483648ull, 30};
    ubp_format_request(line, 7, &l.items[0], &budget);
    cr_assert_str_eq(line, "solve 7 4x4 ....AAB...B.CC.. A right states=5000000 seconds=30 "
                           "bytes=2147483648\n");
    solver_budget none = {0, 0, 0};
    ubp_format_request(line, 8, &l.items[0], &none);
    cr_assert_str_eq(line, "solve 8 4x4 ....AAB...B.CC.. A right\n");
    puzzle_list_free(&l);
}

/* A Klotski request gives the primary's target top-left cell and the family; the cells are the
 * puzzle's own letters, row by row. */
Test(protocol, a_klotski_request_names_the_target_cell_and_the_family)
{
    puzzle_list l = th_load("corpus/klotski/classic.txt");
    char line[UBP_REQUEST_MAX];
    solver_budget budget = {5000000, 0, 30};
    ubp_format_request(line, 9, &l.items[0], &budget);
    cr_assert_str_eq(line, "solve 9 4x5 BAACBAACDEEFDGHFI..J A 1,3 family=klotski states=5000000 "
                           "seconds=30\n");
    puzzle_list_free(&l);
}

/* Reads the lines one by one as the harness would; returns the last ubp_read_line result. */
static int read_lines(const char *const *lines, int n, const puzzle *p, ubp_answer *a, char *err)
{
    int rc = 0;
    for (int k = 0; k < n && rc >= 0; k++) rc = ubp_read_line(lines[k], 7, p, a, err);
    return rc;
}

Test(protocol, an_answer_is_stats_then_one_of_solution_nosolution_unknown)
{
    puzzle_list l = th_load("corpus/seed-formats/kotlin-5x5.txt");
    const puzzle *b = &l.items[0];
    char err[UBP_ERR_MAX];
    ubp_answer a = {.expanded = UBP_UNCOUNTED, .generated = UBP_UNCOUNTED, .duplicates = UBP_UNCOUNTED};
    const char *solved[] = {"# thinking", "stat 7 expanded=12 iterations=3",
                            "stat 7 generated=40 iterations=4 peak_bytes=100",
                            "solution 7 B+2 C-1 D+02 A+3"};
    cr_assert_eq(read_lines(solved, 4, b, &a, err), 1, "%s", err);
    cr_assert(a.done);
    cr_assert_eq(a.status, SOLVE_SOLVED);
    cr_assert_str_eq(a.notation, "B+2 C-1 D+2 A+3");   /* each move as the notation writes it */
    cr_assert_eq(a.expanded, 12);
    cr_assert_eq(a.generated, 40);
    cr_assert_eq(a.duplicates, UBP_UNCOUNTED);
    cr_assert_str_eq(a.stats, "iterations=4 peak_bytes=100");   /* a key again: its last value */
    cr_assert_eq(ubp_read_line("stat 7 expanded=1", 7, b, &a, err), -1);
    cr_assert_str_eq(err, "a line after the answer");
    ubp_answer_free(&a);

    const char *none[] = {"nosolution 7"};
    cr_assert_eq(read_lines(none, 1, b, &a, err), 1);
    cr_assert_eq(a.status, SOLVE_UNSOLVABLE);
    ubp_answer_free(&a);
    const char *empty[] = {"solution 7"};   /* the start is a goal: no moves */
    cr_assert_eq(read_lines(empty, 1, b, &a, err), 1);
    cr_assert_eq(a.status, SOLVE_SOLVED);
    cr_assert_str_eq(a.notation, "");
    ubp_answer_free(&a);
    const char *unknown[] = {"unknown 7   too hard, sorry"};
    cr_assert_eq(read_lines(unknown, 1, b, &a, err), 1);
    cr_assert_eq(a.status, SOLVE_GAVE_UP);
    cr_assert_str_eq(a.text, "too hard, sorry");
    ubp_answer_free(&a);

    const char *wrong[][2] = {
        {"solution 8 A+1", "an answer for request 8, not 7"},
        {"solution7 A+1", "not a line of the protocol"},
        {"stat 7 expanded", "'expanded' is not KEY=INTEGER"},
        {"stat 7 Expanded=3", "'Expanded=3' is not KEY=INTEGER"},
        {"stat 7 expanded=-3", "'expanded=-3' is not KEY=INTEGER"},
        {"stat 7 big=9223372036854775808", "is not KEY=INTEGER (a count below 2^63)"},
        {"solution 7 B+2 Z+1", "move 2 'Z+1' of the solution is not <piece><+|-><distance>"},
        {"solution 7 B+x", "move 1 'B+x' of the solution"},
        {"nosolution 7 really", "nosolution takes nothing after the id"},
        {"solution", "'solution' without a request id"},
        {"solution 7 B\x01+2", "move 1 'B\\x01+2'"},
    };
    for (size_t k = 0; k < sizeof wrong / sizeof *wrong; k++) {
        cr_assert_eq(ubp_read_line(wrong[k][0], 7, b, &a, err), -1, "%s", wrong[k][0]);
        cr_assert_not_null(strstr(err, wrong[k][1]), "%s: %s", wrong[k][0], err);
        for (const char *c = err; *c; c++) cr_assert(*c >= 0x20 && *c < 0x7F, "%s", err);
        ubp_answer_free(&a);
    }
    puzzle_list_free(&l);
}

/* A Klotski answer is kept as its tokens, for the replay to count and check; a token that is
 * not a piece's letter and its steps is a protocol error. */
Test(protocol, a_klotski_answer_is_tokens_of_a_piece_and_its_steps)
{
    puzzle_list l = th_load("corpus/klotski/classic.txt");
    const puzzle *p = &l.items[0];
    char err[UBP_ERR_MAX];
    ubp_answer a = {.expanded = UBP_UNCOUNTED, .generated = UBP_UNCOUNTED, .duplicates = UBP_UNCOUNTED};
    const char *solved[] = {"stat 7 expanded=3", "solution 7  GD JL   HUR CU CR"};
    cr_assert_eq(read_lines(solved, 2, p, &a, err), 1, "%s", err);
    cr_assert_eq(a.status, SOLVE_SOLVED);
    cr_assert_str_eq(a.notation, "GD JL HUR CU CR");
    ubp_answer_free(&a);
    const char *empty[] = {"solution 7"};
    cr_assert_eq(read_lines(empty, 1, p, &a, err), 1);
    cr_assert_str_eq(a.notation, "");
    ubp_answer_free(&a);
    const char *wrong[][2] = {
        {"solution 7 GD B+1", "move 2 'B+1' of the solution is not <piece><U|D|L|R ...>"},
        {"solution 7 ZD", "move 1 'ZD' of the solution is not <piece><U|D|L|R ...>"},
        {"solution 7 G", "move 1 'G' of the solution"},
        {"solution 7 GDx", "move 1 'GDx' of the solution"},
    };
    for (size_t k = 0; k < sizeof wrong / sizeof *wrong; k++) {
        cr_assert_eq(ubp_read_line(wrong[k][0], 7, p, &a, err), -1, "%s", wrong[k][0]);
        cr_assert_not_null(strstr(err, wrong[k][1]), "%s: %s", wrong[k][0], err);
        ubp_answer_free(&a);
    }
    puzzle_list_free(&l);
}

Test(protocol, a_quoted_line_is_printable_and_cut_short)
{
    char out[4 * 8 + 4];
    ubp_quote("ab\tc\xff", 5, 8, out);
    cr_assert_str_eq(out, "ab\\x09c\\xFF");
    ubp_quote("0123456789", 10, 8, out);
    cr_assert_str_eq(out, "01234567...");
}

/* ---- misbehaviour -------------------------------------------------------------------------- */

static int bench(const char *args, char **out, char **err)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress %s", th_bin(), args);
    return th_run(cmd, out, err);
}

/* The row of (solver, puzzle file) in a bench CSV, as "status|budget_hit|note|correct". */
static char *row_of(const char *csv, const char *solver, const char *file)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "awk -v cols=solver,source,status,budget_hit,note,correct -f plots/columns.awk %s "
             "| awk -F'\\t' '$1==\"%s\" && index($2, \"%s\") {print $3 \"|\" $4 \"|\" $5 \"|\" $6}'",
             csv, solver, file);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(err);
    return out;
}

static void expect_row(const char *csv, const char *solver, const char *file, const char *want)
{
    char *got = row_of(csv, solver, file);
    cr_assert_not_null(strstr(got, want), "%s on %s: %s, want %s", solver, file, got, want);
    free(got);
}

/* How many processes of the system carry the tag in their command line. */
static int running(const char *tag)
{
    char cmd[256], *out, *err;
    snprintf(cmd, sizeof cmd, "ps -eo args | grep -c '[s]leep 100[01]\\.%s' || true", tag);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    int n = atoi(out);
    free(out), free(err);
    return n;
}

/* Every misbehaviour of docs/external.md at once, on two puzzles: each its row, the run going on
 * to the next puzzle with the solver started again, the checks of false claims failing the run
 * (exit 4), nothing left running, the flood of stderr kept to its bounds. */
Test(external, every_misbehaviour_is_a_row_and_the_run_goes_on, .timeout = 120)
{
    char dir[64], args[4096], tag[16], *out, *err;
    th_scratch(dir);
    snprintf(tag, sizeof tag, "%d", (int)getpid());
    const char *modes[] = {"segfault", "exit", "hang", "child", "memory", "malformed", "other-id",
                           "flood", "illegal", "false-nosolution", "longer", "give-up",
                           "long-line", "fine"};
    int n = snprintf(args, sizeof args, "--max-seconds 2 --max-bytes 300Mi --out %s --solver bfs", dir);
    for (size_t k = 0; k < sizeof modes / sizeof *modes; k++)
        n += snprintf(args + n, sizeof args - (size_t)n, ",%s", modes[k]);
    for (size_t k = 0; k < sizeof modes / sizeof *modes; k++)
        n += snprintf(args + n, sizeof args - (size_t)n, " --external '%s=" MISBEHAVE " %s %s'",
                      modes[k], modes[k], tag);
    snprintf(args + n, sizeof args - (size_t)n, " " TWO);
    cr_assert_eq(bench(args, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(err, "bench: CHECK FAILED: illegal on corpus/seed-formats/kotlin-4x4.txt:1: "
                                   "illegal solution: move 1 (B+7)"), "%s", err);
    cr_assert_not_null(strstr(err, "false-nosolution on corpus/seed-formats/kotlin-5x5.txt:1: says no solution"), "%s", err);
    cr_assert_not_null(strstr(err, "longer on corpus/seed-formats/kotlin-4x4.txt:1: 4 moves, but the reference "
                                   "BFS gives the optimum as 2 and the solver promises the fewest moves"), "%s", err);
    cr_assert_not_null(strstr(err, "bench: 6 check(s) failed"), "%s", err);
    free(out), free(err);
    char csv[128];
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    for (int p = 0; p < 2; p++) {   /* the second puzzle too: the run went on */
        const char *file = p ? "kotlin-5x5" : "kotlin-4x4";
        expect_row(csv, "segfault", file, "crashed||SIGSEGV before answering|");
        expect_row(csv, "exit", file, "crashed||exit status 3 before answering; stderr: traceback: something went wrong|");
        expect_row(csv, "hang", file, "budget|seconds||");
        expect_row(csv, "memory", file, "budget|bytes||");
        expect_row(csv, "child", file, "solved|||yes");
        expect_row(csv, "malformed", file, "protocol-error||not a line of the protocol");
        expect_row(csv, "other-id", file, "protocol-error||an answer for request");
        expect_row(csv, "flood", file, "solved|||yes");
        expect_row(csv, "illegal", file, "solved||illegal solution: move 1 (B+7): piece B would leave the board|no");
        expect_row(csv, "false-nosolution", file, "unsolvable|||no");
        expect_row(csv, "longer", file, "solved|||yes");
        expect_row(csv, "give-up", file, "gave-up||too hard for me|");
        expect_row(csv, "long-line", file, "protocol-error||a line over 1 MiB|");
        expect_row(csv, "fine", file, "solved|||yes");
    }
    cr_assert_eq(running(tag), 0, "processes the solvers started are still running");
    /* The flood: 32 MiB a puzzle, the log its first and last 64 KiB with the count cut. */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "wc -c < %s/flood.stderr.log; grep -ac 'bytes cut' %s/flood.stderr.log; "
                              "tail -n 1 %s/flood.stderr.log; awk -v cols=stats -f plots/columns.awk %s | sort -u",
             dir, dir, dir, csv);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    long size = atol(out);
    cr_assert(size > 2 * 65536 && size < 2 * 65536 + 200, "%ld bytes", size);
    cr_assert_not_null(strstr(out, "\n1\nthe last line of the flood\n"), "%s", out);
    cr_assert_not_null(strstr(out, "nodes_per_second=1000 peak_frontier=4"), "%s", out);
    free(out), free(err);
    /* The summary counts them apart. */
    snprintf(cmd, sizeof cmd, "grep -E '^\\| (segfault|give-up|hang) ' %s/summary.md", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "| segfault | 2 | 0 | - | - | - | 0 | 0 | 0 | 2 | 0 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| hang | 2 | 0 | - | - | - | 0 | 2 | 0 | 0 | 0 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| give-up | 2 | 0 | - | - | - | 0 | 0 | 2 | 0 | 0 |"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "tests/validate-json.py schema/bench.schema.json %s/results.json", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
}

/* A solver deaf to SIGTERM is ended by SIGKILL: the harness never waits past the limit plus
 * about 1.5 s. */
Test(external, a_hang_deaf_to_sigterm_is_killed_within_the_limit_and_a_half_second, .timeout = 60)
{
    char *out, *err;
    cr_assert_eq(th_run("date +%s.%N", &out, &err), 0);
    double t0 = atof(out);
    free(out), free(err);
    cr_assert_eq(bench("--max-seconds 1 --solver hang --external 'hang=" MISBEHAVE " hang' "
                       "corpus/seed-formats/kotlin-4x4.txt", &out, &err), 0, "%s", err);
    free(out), free(err);
    cr_assert_eq(th_run("date +%s.%N", &out, &err), 0);
    double elapsed = atof(out) - t0;
    free(out), free(err);
    /* the solver's start and first line (about 0.2 s of Python) + 1 s + 1 s of grace + 0.5 */
    cr_assert(elapsed < 3.5, "%.2f s", elapsed);
}

Test(external, a_fresh_process_a_puzzle_measures_each_by_its_own_process, .timeout = 120)
{
    char dir[64], args[2048], tag[16], *out, *err;
    th_scratch(dir);
    snprintf(tag, sizeof tag, "%d1", (int)getpid());   /* digits: sleep takes "1000.TAG" */
    snprintf(args, sizeof args,
             "--fresh-process --max-seconds 2 --max-bytes 300Mi --csv %s/r.csv --solver fine,segfault,child,memory "
             "--external 'fine=" MISBEHAVE " fine' --external 'segfault=" MISBEHAVE " segfault' "
             "--external 'child=" MISBEHAVE " child %s' --external 'memory=" MISBEHAVE " memory' " TWO,
             dir, tag);
    cr_assert_eq(bench(args, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    char csv[128], cmd[512];
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    expect_row(csv, "fine", "kotlin-5x5", "solved|||yes");
    expect_row(csv, "segfault", "kotlin-4x4", "crashed||SIGSEGV before answering|");
    expect_row(csv, "child", "kotlin-5x5", "solved|||yes");
    expect_row(csv, "memory", "kotlin-4x4", "budget|bytes||");
    cr_assert_eq(running(tag), 0);
    /* Each puzzle its own process: its peak (wait4's) and seconds from its start, an
     * interpreter's start included; no allocator peak. */
    snprintf(cmd, sizeof cmd, "awk -v cols=solver,peak_rss,peak_bytes,seconds,cpu_seconds -f plots/columns.awk %s "
                              "| awk -F'\\t' '$1==\"fine\"'", csv);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    int rows = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), rows++) {
        char solver[16], rest[256];
        long long rss;
        double seconds, cpu;
        cr_assert_eq(sscanf(line, "%15s %lld %255s", solver, &rss, rest), 3, "%s", line);
        cr_assert(rss > 1 << 20, "%s", line);   /* a Python interpreter: megabytes */
        cr_assert_eq(sscanf(rest, "%lf", &seconds), 1, "%s", line);   /* peak_bytes empty */
        cr_assert_eq(sscanf(strrchr(line, '\t') + 1, "%lf", &cpu), 1);
        cr_assert(seconds > 0.005 && cpu > 0.001, "%s", line);
    }
    cr_assert_eq(rows, 2);
    free(out), free(err);
}

/* Without a cgroup (UNBLOCK_NO_CGROUP): the memory sampled every 10 ms, the CPU from /proc, the
 * group ended by its process group and the harness as subreaper. */
Test(external, without_a_cgroup_the_limits_and_the_ends_hold_the_same, .timeout = 120)
{
    char dir[64], args[2048], tag[16], *out, *err;
    th_scratch(dir);
    snprintf(tag, sizeof tag, "%d2", (int)getpid());   /* digits: sleep takes "1000.TAG" */
    snprintf(args, sizeof args,
             "--max-seconds 2 --max-bytes 300Mi --csv %s/r.csv --solver fine,child,memory,hang "
             "--external 'fine=" MISBEHAVE " fine' --external 'child=" MISBEHAVE " child %s' "
             "--external 'memory=" MISBEHAVE " memory' --external 'hang=" MISBEHAVE " hang' " TWO,
             dir, tag);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "UNBLOCK_NO_CGROUP=1 %s/bench --no-progress %s", th_bin(), args);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
    char csv[128];
    snprintf(csv, sizeof csv, "%s/r.csv", dir);
    expect_row(csv, "fine", "kotlin-4x4", "solved|||yes");
    expect_row(csv, "child", "kotlin-5x5", "solved|||yes");
    expect_row(csv, "memory", "kotlin-5x5", "budget|bytes||");
    expect_row(csv, "hang", "kotlin-5x5", "budget|seconds||");
    cr_assert_eq(running(tag), 0);
    snprintf(cmd, sizeof cmd, "awk -v cols=solver,cpu_seconds -f plots/columns.awk %s | awk -F'\\t' '$1==\"memory\"'", csv);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert(atof(strchr(out, '\t') + 1) > 0.01, "%s", out);   /* it worked hard for its memory */
    free(out), free(err);
}

/* The bench row's "status|budget_hit|peak_rss|memory_method" of solver on the first puzzle. */
static char *memory_row(const char *csv, const char *solver)
{
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "awk -v cols=solver,status,budget_hit,peak_rss,memory_method "
                              "-f plots/columns.awk %s | awk -F'\\t' '$1==\"%s\" {print $2 \"|\" $3 "
                              "\"|\" $4 \"|\" $5; exit}'", csv, solver);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(err);
    return out;
}

/* Runs bin/bench ARGS in the background, sends it SIGNAL a second later unless SIGNAL is NULL,
 * and returns how many cgroups of that harness process (unblock-bench.PID.*) are left in any
 * hierarchy, v2 or v1, once it has exited. */
static int cgroups_left(const char *args, const char *signal)
{
    char cmd[4096], stop[64] = "", *out, *err;
    if (signal) snprintf(stop, sizeof stop, "sleep 1; kill -%s $pid;", signal);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress %s >/dev/null 2>&1 & pid=$!; %s wait $pid; "
                              "find /sys/fs/cgroup -name \"unblock-bench.$pid.*\" 2>/dev/null | wc -l",
             th_bin(), args, stop);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    int n = atoi(out);
    free(out), free(err);
    return n;
}

/* Where the kernel can hold the memory limit, it does, on cgroup v2 or v1 alike: a solver that
 * writes 1 GiB as fast as it can under a 256 MiB cap is ended by the kernel at the cap (a budget
 * row, `bytes`), its peak is the cgroup's count and never past the cap; the peak of a tree of
 * processes is the cgroup's count of all of them; and no cgroup is left behind after a run, a
 * crash or SIGINT. (Before, on cgroup v1, the memory was sampled every 10 ms and the row's peak
 * was a sample.) This machine kind has v1's memory controller only: the test fails, saying so,
 * where neither version has one to give. */
Test(external, a_cgroup_holds_the_memory_limit_and_counts_the_whole_tree, .timeout = 180)
{
    char dir[64], args[2048], csv[128];
    th_scratch(dir);
    snprintf(csv, sizeof csv, "%s/m.csv", dir);
    for (int fresh = 0; fresh < 2; fresh++) {
        snprintf(args, sizeof args, "%s--max-bytes 256Mi --csv %s --solver hog,tree "
                 "--external 'hog=" MISBEHAVE " hog' --external 'tree=" MISBEHAVE " tree' "
                 "corpus/seed-formats/kotlin-4x4.txt", fresh ? "--fresh-process " : "", csv);
        cr_assert_eq(cgroups_left(args, NULL), 0, "a cgroup left after a run");
        char *hog = memory_row(csv, "hog"), *tree = memory_row(csv, "tree");
        cr_assert(strstr(hog, "|cgroup-v1\n") || strstr(hog, "|cgroup-v2\n"),
                  "no cgroup memory controller measured the run (%s): this machine has neither "
                  "v2's nor a writable v1's", hog);
        cr_assert_eq(strncmp(hog, "budget|bytes|", 13), 0, "%s", hog);
        unsigned long long peak = strtoull(hog + 13, NULL, 10);
        /* The kernel's slack: memory is charged to a cgroup in per-processor batches, and a
         * process the OOM killer has chosen may charge past the limit while it exits, so the
         * count may pass the cap by a few MiB (seen: 428 KiB, and 6.3 MiB under the sanitized
         * harness). Sampling every 10 ms lets a writer this fast pass it by tens of MiB. */
        cr_assert(peak > 200ull << 20 && peak <= (256ull << 20) + (16ull << 20),
                  "the hog's peak %llu, cap %llu and 16 MiB of slack", peak, 256ull << 20);
        cr_assert_eq(strncmp(tree, "solved||", 8), 0, "%s", tree);
        peak = strtoull(tree + 8, NULL, 10);
        cr_assert(peak >= 160ull << 20 && peak < 256ull << 20,
                  "the tree's peak %llu: 100 MiB in a child and 60 MiB in the solver", peak);
        cr_assert_not_null(strstr(tree, "|cgroup-v"), "%s", tree);
        free(hog), free(tree);
    }
    snprintf(args, sizeof args, "--csv %s --solver segfault --external 'segfault=" MISBEHAVE
             " segfault' corpus/seed-formats/kotlin-4x4.txt", csv);
    cr_assert_eq(cgroups_left(args, NULL), 0, "a cgroup left after a crash");
    snprintf(args, sizeof args, "--csv %s --solver hang --external 'hang=" MISBEHAVE " hang' "
             "corpus/seed-formats/kotlin-4x4.txt", csv);
    cr_assert_eq(cgroups_left(args, "INT"), 0, "a cgroup left after SIGINT");
}

/* A harness killed outright (SIGKILL: no handler runs) takes its solvers with it, sandboxed or
 * not (PR_SET_PDEATHSIG; in the sandbox, its init's death ends the namespace), and the empty
 * cgroups it leaves are removed by the next run that makes cgroups where they are (or by any
 * other harness's first cgroup there: tests run side by side). The kill waits until the
 * session's solver hangs on its request, its cgroups made. */
Test(external, a_harness_killed_outright_leaves_nothing_running_and_the_next_run_sweeps, .timeout = 60)
{
    char cmd[2048], tag[16], *out, *err;
    snprintf(tag, sizeof tag, "%d", (int)getpid());
    snprintf(cmd, sizeof cmd,
             "%s/bench --no-progress --solver hang --external 'hang=" MISBEHAVE " hang %s' "
             "corpus/seed-formats/kotlin-4x4.txt >/dev/null 2>&1 & pid=$!; "
             "for i in $(seq 100); do ps -eo args | grep -q '[m]isbehave.py hang %s$' && break; sleep 0.1; done; "
             "sleep 1.5; echo $(find /sys/fs/cgroup -name \"unblock-bench.$pid.*\" 2>/dev/null | wc -l); "
             "kill -KILL $pid; wait $pid; sleep 0.5; echo $(ps -eo args | grep -c '[m]isbehave.py hang %s$'); "
             "%s/bench --no-progress --solver fine --external 'fine=" MISBEHAVE " fine' "
             "corpus/seed-formats/kotlin-4x4.txt >/dev/null; "
             "echo $(find /sys/fs/cgroup -name \"unblock-bench.$pid.*\" 2>/dev/null | wc -l)",
             th_bin(), tag, tag, tag, th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    int made, running_after, swept;
    cr_assert_eq(sscanf(out, "%d %d %d", &made, &running_after, &swept), 3, "%s", out);
    cr_assert_gt(made, 0, "no cgroup made here: nothing to sweep (%s)", out);
    cr_assert_eq(running_after, 0, "the solver outlived its harness");
    cr_assert_eq(swept, 0, "the next run left the dead harness's cgroups");
    free(out), free(err);
}

/* Interrupted by SIGINT mid-run: its solvers end with it, the partial files stay valid, and
 * `--resume DIR` alone, from the same folder, completes the run from DIR/run.json, shard and
 * all. The first of two shards of the seeds (6 puzzles, the unsolvable one among them) leaves
 * out the board the Python BFS takes longest over, which would make the test a minute longer. */
Test(external, an_interrupted_run_resumes_from_its_folder_alone, .timeout = 180)
{
    char dir[64], cmd[4096], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "B=$(realpath %s)/bench; D=%s;"
             "$B --no-progress --shard 1/2 --out $D/full --solver bfs,slow,pybfs --external 'slow=" MISBEHAVE " slow 0.3' "
             "--external 'pybfs=python3 examples/python/bfs.py' corpus/seeds/ > /dev/null 2>&1 || exit 1;"
             "$B --no-progress --shard 1/2 --out $D/part --solver bfs,slow,pybfs --external 'slow=" MISBEHAVE " slow 0.3' "
             "--external 'pybfs=python3 examples/python/bfs.py' corpus/seeds/ > /dev/null 2>$D/err & pid=$!;"
             "while kill -0 $pid 2>/dev/null && [ $(cat $D/part/results.csv.partial 2>/dev/null | wc -l) -le 6 ]; "
             "do sleep 0.01; done; kill -INT $pid; wait $pid; echo \"status $?\";"
             "ps -eo args | grep -c '^python3 tests/data/external/misbehave.py slow' || true;"
             "tests/validate-json.py schema/bench.schema.json $D/part/results.json.partial;"
             "$B --no-progress --resume $D/part --max-states 5 > /dev/null 2> $D/refused; echo \"other configuration $?\";"
             "(cd / && $B --no-progress --resume $D/part > /dev/null 2> $D/elsewhere); echo \"elsewhere $?\";"
             "$B --no-progress --resume $D/part > /dev/null 2>> $D/err && echo resumed;"
             "cols=solver,puzzle,status,moves,solution,correct,id,run;"
             "awk -v cols=$cols -f plots/columns.awk $D/full/results.csv > $D/a;"
             "awk -v cols=$cols -f plots/columns.awk $D/part/results.csv > $D/b; cmp $D/a $D/b && echo same;"
             "wc -l < $D/part/results.csv; head -c 80 $D/refused; echo; cat $D/elsewhere",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "status 130\n0\nvalid: 1 document(s)\nother configuration 2\nelsewhere 2\n"
                                   "resumed\nsame\n19\n"), "%s%s", out, err);
    cr_assert_not_null(strstr(out, "the interrupted run had another configu"), "%s", out);
    cr_assert_not_null(strstr(out, "the run was started in /"), "%s", out);
    cr_assert_not_null(strstr(out, "; resume it from there\n"), "%s", out);
    free(out), free(err);
}

Test(external, bad_arguments_are_one_line_and_exit_2)
{
    const char *cases[][2] = {
        {"--external foo x", "bench: --external 'foo' is not NAME=COMMAND\n"},
        {"--external foo= x", "bench: --external 'foo=' has an empty command\n"},
        {"--external 'foo=  ' x", "bench: --external 'foo=  ' has an empty command\n"},
        {"--external bfs=true x", "bench: --external a solver called 'bfs' exists already (builtin)\n"},
        {"--external 'a b=true' x", "bench: --external 'a b' is not a solver name"},
        {"--solver nosuch x", "bench: unknown solver 'nosuch' (see --list)\n"},
        {"--plugin tests/data/empty.txt x", "bench: --plugin tests/data/empty.txt: not a plugin: "},
        {"--external 'nohello=" MISBEHAVE " no-hello' x",
         "bench: --external nohello (" MISBEHAVE " no-hello): its first line 'hello, harness': "
         "the first line is not 'ubp 1 ...'\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *out, *err;
        cr_assert_eq(bench(cases[k][0], &out, &err), 2, "%s: %s", cases[k][0], err);
        cr_assert_not_null(strstr(err, cases[k][1]), "%s: %s", cases[k][0], err);
        int lines = 0;
        for (char *c = err; *c; c++) lines += *c == '\n';
        cr_assert_eq(lines, 1, "%s: %s", cases[k][0], err);
        free(out), free(err);
    }
}

/* The teacher's breadth-first search, over the protocol, is optimal on every seed puzzle and
 * proves the unsolvable one: held to the reference BFS by --verify. */
Test(external, the_teachers_python_bfs_is_optimal_on_the_seeds, .timeout = 120)
{
    char *out, *err;
    cr_assert_eq(bench("--verify --solver pybfs --external 'pybfs=python3 examples/python/bfs.py' corpus/seeds/",
                       &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| pybfs | 11 | 10 | 100.0% | 0.00 | 0 | 1 | 0 | 0 | 0 | 0 |"), "%s", out);
    free(out), free(err);
}

/* Rows of an external solver judge themselves: verify without the solver, shards merged,
 * compared, and drawn into the report page. */
Test(external, its_rows_go_through_verify_merge_compare_and_report, .timeout = 120)
{
    char dir[64], cmd[4096], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "B=%s/bench; D=%s; S=\"--no-progress --solver bfs,py --external 'py=python3 examples/python/bfs.py'\";"
             "for k in 1 2; do eval $B $S --shard $k/2 --csv $D/s$k.csv corpus/seeds/ > /dev/null || exit 1; done;"
             "$B merge --csv $D/all.csv --json $D/all.json $D/s1.csv $D/s2.csv > /dev/null 2>&1 || exit 1;"
             "$B verify $D/all.json corpus/seeds/;"
             "$B compare --json - $D/all.csv $D/all.json | grep -c '\"solver\": \"py\"';"
             "mkdir $D/run && cp $D/all.json $D/run/results.json && $B report $D/run 2>/dev/null && "
             "grep -c '\"py\":\"external\"' $D/run/report.html",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "22 rows, 11 puzzles, 0 failed\n1\n1\n");
    free(out), free(err);
    /* A tampered claim in an external solver's row fails verify, which needs no solver. */
    snprintf(cmd, sizeof cmd, "sed -i 's/^py,,,external,moves,yes,\\(.*\\),solved,,32,32,52,32,32,,yes,yes,yes,0,ok,/"
                              "py,,,external,moves,yes,\\1,solved,,32,32,52,30,32,,yes,yes,yes,0,ok,/' %s/all.csv && "
                              "%s/bench verify %s/all.csv corpus/seeds/", dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "py on python-605: optimal_moves: says 30, should be 32\n"), "%s", out);
    free(out), free(err);
}

/* bin/solve asks an external solver too: its solutions replayed (an illegal one exits 4), its
 * failures exit 3, its JSON valid. */
Test(external, bin_solve_replays_an_external_solvers_answers, .timeout = 60)
{
    char cmd[2048], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --external 'bad=" MISBEHAVE " illegal' --solver bad "
                              "corpus/seed-formats/kotlin-4x4.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_str_eq(out, "corpus/seed-formats/kotlin-4x4.txt:1: illegal solution: move 1 (B+7): piece B would "
                          "leave the board\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --external 'seg=" MISBEHAVE " segfault' --solver seg "
                              "corpus/seed-formats/kotlin-4x4.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 3, "%s%s", out, err);
    cr_assert_str_eq(out, "corpus/seed-formats/kotlin-4x4.txt:1: crashed: SIGSEGV before answering\n");
    free(out), free(err);
    char dir[64];
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/solve --json --external 'py=python3 examples/python/bfs.py' --solver bfs,py "
                              "corpus/seeds/ > %s/s.json && tests/validate-json.py schema/solve.schema.json %s/s.json --lines",
             th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 1 /* the unsolvable seed */, "%s%s", out, err);
    cr_assert_str_eq(out, "");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "tests/validate-json.py schema/solve.schema.json %s/s.json --lines", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "valid: 22 document(s)\n");
    free(out), free(err);
}


/* A solver that lies about its answers is seen wherever a reader looks: the summary counts its
 * broken claims (a longer solution under guarantee=moves; "no solution" from a complete solver
 * on a solvable puzzle) beside the wrong answers, verify fails them and counts them, compare
 * counts them on each side, and the report marks the runs. (Before, a longer solution under
 * guarantee=moves was `optimal=no`, `correct=yes`, and the summary showed nothing.) */
Test(external, broken_claims_show_in_the_summary_verify_compare_and_report, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --out %s --solver bfs,longer,liar "
                              "--external 'longer=" MISBEHAVE " longer' --external 'liar=" MISBEHAVE
                              " false-nosolution' " TWO, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| wrong | broken claims |"), "%s", out);
    cr_assert_not_null(strstr(out, "| bfs | 2 | 2 | 100.0% | 0.00 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| longer | 2 | 2 | 0.0% | 2.00 | 2 | 0 | 0 | 0 | 0 | 0 | 2 |"), "%s", out);
    cr_assert_not_null(strstr(out, "| liar | 2 | 0 | - | - | - | 0 | 0 | 0 | 0 | 2 | 2 |"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "grep -o '\"broken_claims\": *[0-9]*' %s/results.json", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_str_eq(out, "\"broken_claims\":0\n\"broken_claims\":2\n\"broken_claims\":2\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench verify %s/results.json " TWO, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "6 rows, 2 puzzles, 4 failed (4 broken claims)\n"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench compare %s %s", th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| answers differ | broken claims A | broken claims B |"), "%s", out);
    cr_assert_not_null(strstr(out, "| 0.0% | 0 | 2 | 2 |\n"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench report %s >/dev/null 2>&1; grep -o '\"broken_claim\":\\[[0-9,]*\\]' "
                              "%s/report.html", th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    /* The page's columns, by solver in row order: bfs, longer, liar. */
    cr_assert_str_eq(out, "\"broken_claim\":[0,0]\n\"broken_claim\":[1,1]\n\"broken_claim\":[1,1]\n");
    free(out), free(err);
}

/* bin/solve holds a solver from outside to its claims, as bin/bench does: a longer solution
 * under guarantee=moves, and a false "no solution" from a complete solver, each exit 4 with
 * the reason in the answer and a CHECK FAILED line. (Before, bin/solve printed the 4-move
 * answer to a 2-move puzzle without a word.) */
Test(external, bin_solve_checks_the_claims_of_a_solver_from_outside, .timeout = 60)
{
    char cmd[2048], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --external 'longer=" MISBEHAVE " longer' --solver longer "
                              "corpus/seed-formats/kotlin-4x4.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, ": 4 moves, "), "%s", out);
    cr_assert_not_null(strstr(out, "\n  broken claim: 4 moves, but the reference BFS gives the optimum "
                                   "as 2 and the solver promises the fewest moves\n"), "%s", out);
    cr_assert_not_null(strstr(err, "solve: CHECK FAILED: longer on corpus/seed-formats/kotlin-4x4.txt:1: "
                                   "broken claim: 4 moves"), "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --json --external 'liar=" MISBEHAVE " false-nosolution' "
                              "--solver liar corpus/seed-formats/kotlin-5x5.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "\"status\":\"unsolvable\""), "%s", out);
    cr_assert_not_null(strstr(out, "\"note\":\"broken claim: says no solution, and the solver claims "
                                   "to be complete, but the reference BFS solves it in 4 moves\""),
                       "%s", out);
    free(out), free(err);
    /* The same solver's true answers pass: the teacher's BFS claims the fewest moves. */
    snprintf(cmd, sizeof cmd, "%s/solve --external 'py=python3 examples/python/bfs.py' --solver py "
                              "corpus/seed-formats/kotlin-4x4.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_eq(strstr(out, "broken claim"), NULL, "%s", out);
    free(out), free(err);
}
/* families= decides which puzzles a solver is sent: the teacher's BFS, which takes both, is
 * judged on both; a solver that states no families is never sent a Klotski request (this one
 * would exit on one) and has unsupported rows there; a Klotski claim in steps is held to the
 * reference BFS in steps, by bin/bench and by bin/solve. */
Test(external, a_solver_is_sent_the_families_it_declares_and_judged_in_its_measure, .timeout = 180)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/in && cp corpus/klotski/classic.txt corpus/seed-formats/kotlin-4x4.txt %s/in/ && "
             "%s/bench --no-progress --external py='python3 examples/python/bfs.py' "
             "--external ro='" MISBEHAVE " rush-only' --solver bfs,py,ro --out %s/run %s/in > /dev/null && "
             "%s/bench verify %s/run/results.csv %s/in && "
             "awk -F, 'NR > 1 {print $1, $8, $10, $12, $13, $14}' %s/run/results.csv | sort",
             dir, dir, th_bin(), dir, dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "6 rows, 2 puzzles, 0 failed\n"
                          "bfs klotski solved 81 90 118\n"
                          "bfs rush solved 2 2 3\n"
                          "py klotski solved 81 90 118\n"
                          "py rush solved 2 2 3\n"
                          "ro klotski unsupported   \n"
                          "ro rush solved 2 2 3\n");
    free(out), free(err);

    snprintf(cmd, sizeof cmd, "%s/solve --external liar='" MISBEHAVE " steps-liar' --solver liar "
             "corpus/klotski/classic.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "broken claim: 118 steps, but the reference BFS gives the optimum "
                                   "as 116 and the solver promises the fewest steps"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/bench --no-progress --external liar='" MISBEHAVE " steps-liar' "
             "--solver liar --csv /dev/null corpus/klotski/classic.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 4, "%s%s", out, err);
    cr_assert_not_null(strstr(err, "liar on klotski-classic: 118 steps, but the optimum is 116 and "
                                   "the solver promises the fewest steps: the solver is wrong"), "%s", err);
    free(out), free(err);
}

Test(external, the_list_shows_every_solver_with_its_origin_and_claims)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/solve --list --external 'py=python3 examples/python/bfs.py' | grep -E '^(bfs|dfs|zone13|py) '",
             th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "bfs          moves     yes      builtin  rush,klotski,tiles breadth-first"), "%s", out);
    cr_assert_not_null(strstr(out, "dfs          none      yes      builtin  rush,klotski,tiles "), "%s", out);
    cr_assert_not_null(strstr(out, "zone13       none      no       builtin  rush               "), "%s", out);
    cr_assert_not_null(strstr(out, "py           moves     yes      external rush,klotski       external, sandboxed: python3 examples/python/bfs.py"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/solve --list --no-sandbox --fresh-process --external 'py=python3 examples/python/bfs.py' | grep -E '^py '",
             th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    cr_assert_not_null(strstr(out, "external, a process a puzzle, no sandbox: python3"), "%s", out);
    free(out), free(err);
}

/* ---- the sandbox ------------------------------------------------------------------------- */

/* The lines of a log that report an escape: "escape NAME: yes|no (...)". */
static void expect_escapes(const char *log, bool sandboxed)
{
    static const char *const names[] = {"home-secret", "input", "var-tmp", "input-folder",
                                        "own-folder", "cwd", "loopback-listener", "internet",
                                        "signal-harness", "host-processes", "root-or-capabilities",
                                        "mount", "user-namespace", "host-name", "environment"};
    char *text = NULL, *err;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cat %s", log);
    cr_assert_eq(th_run(cmd, &text, &err), 0, "%s", err);
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        char want[96], wrong[96];
        snprintf(want, sizeof want, "escape %s: %s", names[k], sandboxed ? "no" : "yes");
        snprintf(wrong, sizeof wrong, "escape %s: %s", names[k], sandboxed ? "yes" : "no");
        cr_assert_not_null(strstr(text, want), "%s, in:\n%s", want, text);
        cr_assert_null(strstr(text, wrong), "%s, in:\n%s", wrong, text);
    }
    /* The harness closes every other descriptor, sandbox or not. */
    cr_assert_not_null(strstr(text, "escape descriptors: no (0 open past stderr)"), "%s", text);
    free(text), free(err);
}

/* Where the adversary's writes would land on the host: how many of them exist (and removes
 * them, so that the next run starts clean). */
static int planted(const char *dir, const char *tag)
{
    char paths[5][256];
    snprintf(paths[0], sizeof paths[0], "/var/tmp/adversary-%s", tag);
    snprintf(paths[1], sizeof paths[1], "/tmp/adversary-%s", tag);
    snprintf(paths[2], sizeof paths[2], "%s/in/adversary-%s", dir, tag);
    snprintf(paths[3], sizeof paths[3], "%s/adv/adversary-%s", dir, tag);
    snprintf(paths[4], sizeof paths[4], "adversary-%s", tag);
    int n = 0;
    for (int k = 0; k < 5; k++) n += remove(paths[k]) == 0;
    return n;
}

static int mounts(void)
{
    char *out, *err;
    cr_assert_eq(th_run("wc -l < /proc/self/mountinfo", &out, &err), 0);
    int n = atoi(out);
    free(out), free(err);
    return n;
}

/* An adversarial solver (tests/data/external/adversary.c) tries every way out before it
 * answers: reading a secret in the harness's $HOME and the harness's input, writing to
 * /var/tmp, /tmp, the input folder, its own folder and the current one, reaching a listener on
 * the host's loopback and the internet, signalling the harness, seeing the host's processes,
 * running as root or with capabilities, mounting, making a user namespace, and leaving a
 * setsid child. In the sandbox, in session and fresh mode, it gets none of them, the host is
 * unchanged, nothing of it is left running, no mount is left, and every row is solved and
 * optimal; with --no-sandbox (the control) it gets every one. */
Test(external, an_adversary_gets_no_way_out_of_the_sandbox, .timeout = 180)
{
    char dir[64], home[64] = "/var/tmp/ubtest-home-XXXXXX", tag[16], cmd[4096], *out, *err;
    th_scratch(dir);
    cr_assert_not_null(mkdtemp(home));
    snprintf(tag, sizeof tag, "%d", (int)getpid());
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/adv/mnt %s/in && cc -O2 -o %s/adv/adversary "
             "tests/data/external/adversary.c && cp " TWO
             " %s/in/ && echo 'the answers' > %s/secret.txt",
             dir, dir, dir, dir, home);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in at = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof at;
    cr_assert_eq(bind(listener, (struct sockaddr *)&at, sizeof at), 0);
    cr_assert_eq(listen(listener, 8), 0);
    cr_assert_eq(getsockname(listener, (struct sockaddr *)&at, &len), 0);
    int before = mounts();
    const char *modes[] = {"", "--fresh-process", "--no-sandbox"};
    for (int m = 0; m < 3; m++) {
        bool sandboxed = m < 2;
        /* exec all the way down, so that the shell's $$ is the harness's pid */
        snprintf(cmd, sizeof cmd,
                 "exec sh -c 'exec env HOME=%s %s/bench --no-progress %s --sandbox-read %s/adv "
                 "--out %s/out%d --solver adv --external \"adv=%s/adv/adversary %s $$ %d "
                 "%s/secret.txt %s/in/kotlin-4x4.txt %s/adv\" %s/in'",
                 home, th_bin(), modes[m], dir, dir, m, dir, tag, ntohs(at.sin_port), home, dir,
                 dir, dir);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s: %s%s", modes[m], out, err);
        free(out), free(err);
        char file[128];
        snprintf(file, sizeof file, "%s/out%d/results.csv", dir, m);
        expect_row(file, "adv", "kotlin-4x4", "solved|||yes");
        expect_row(file, "adv", "kotlin-5x5", "solved|||yes");
        snprintf(file, sizeof file, "%s/out%d/adv.stderr.log", dir, m);
        expect_escapes(file, sandboxed);
        cr_assert_eq(planted(dir, tag), sandboxed ? 0 : 5, "%s: files it wrote on the host",
                     modes[m]);
        snprintf(cmd, sizeof cmd, "ps -eo args | grep -c '[s]leep 1002\\.%s' || true", tag);
        cr_assert_eq(th_run(cmd, &out, &err), 0);
        if (sandboxed) cr_assert_eq(atoi(out), 0, "its setsid child is still running");
        free(out), free(err);
        snprintf(file, sizeof file, "%s/out%d/run.json", dir, m); /* whether, and what */
        json_t *run = json_load_file(file, 0, NULL);
        cr_assert_not_null(run, "%s", file);
        cr_assert_eq(json_is_true(json_object_get(run, "sandbox")), sandboxed, "%s", file);
        snprintf(cmd, sizeof cmd, "%s/adv", dir);
        cr_assert_str_eq(json_string_value(json_array_get(json_object_get(run, "sandbox_read"), 0)),
                         cmd);
        cr_assert_eq(json_array_size(json_object_get(run, "sandbox_write")), 0);
        json_decref(run);
    }
    cr_assert_eq(mounts(), before, "mounts left on the host");
    close(listener);
    snprintf(cmd, sizeof cmd, "rm -rf %s", home);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    free(out), free(err);
}

/* The solver's /tmp is a tmpfs charged to its cgroup: writing 1 GiB there under a 256 MiB cap is
 * a budget row, as writing it to memory is. */
Test(external, a_sandboxed_solver_is_held_at_its_memory_cap_tmp_included, .timeout = 120)
{
    char dir[64], args[1024], csv[128];
    th_scratch(dir);
    snprintf(csv, sizeof csv, "%s/m.csv", dir);
    snprintf(args, sizeof args,
             "--max-bytes 256Mi --csv %s --solver hog,tmp-hog "
             "--external 'hog=" MISBEHAVE " hog' --external 'tmp-hog=" MISBEHAVE " tmp-hog' "
             "corpus/seed-formats/kotlin-4x4.txt",
             csv);
    cr_assert_eq(cgroups_left(args, NULL), 0, "a cgroup left after a run");
    for (int k = 0; k < 2; k++) {
        char *row = memory_row(csv, k ? "tmp-hog" : "hog");
        cr_assert_eq(strncmp(row, "budget|bytes|", 13), 0, "%s", row);
        cr_assert(strstr(row, "|cgroup-v1\n") || strstr(row, "|cgroup-v2\n"), "%s", row);
        unsigned long long peak = strtoull(row + 13, NULL, 10);
        cr_assert(peak > 200ull << 20 && peak <= (256ull << 20) + (16ull << 20), "%s", row);
        free(row);
    }
}

/* A program under a hidden folder (here /tmp) cannot start in the sandbox: one line that names
 * --sandbox-read and exit 2; granted, it runs. */
Test(external, a_program_under_a_hidden_folder_needs_sandbox_read, .timeout = 60)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    /* mkdtemp's 0700 would keep nobody, the solver's identity, out of it even when granted */
    snprintf(cmd, sizeof cmd, "cc -O2 -o %s/instant tests/data/external/instant.c && chmod 755 %s",
             dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd,
             "--solver i --external 'i=%s/instant' corpus/seed-formats/kotlin-4x4.txt", dir);
    cr_assert_eq(bench(cmd, &out, &err), 2, "%s%s", out, err);
    const char *said = strstr(err, "bench: "); /* after the solver's own stderr, the shell's */
    cr_assert_not_null(said, "%s", err);
    cr_assert_eq(strchr(said, '\n'), said + strlen(said) - 1, "one line: %s", err);
    cr_assert_not_null(strstr(said, "bench: --external i ("), "%s", err);
    cr_assert_not_null(strstr(err, "exit status 127"), "%s", err);
    cr_assert_not_null(strstr(err, "needs --sandbox-read PATH"), "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd,
             "--sandbox-read %s --solver i --external 'i=%s/instant' "
             "corpus/seed-formats/kotlin-4x4.txt",
             dir, dir);
    cr_assert_eq(bench(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "| i | 1 | 0 |"), "%s", out); /* it gives up: a row */
    free(out), free(err);
}

/* The sandbox starts from any folder: from "/" (whose grant would cover the stage) and from
 * /dev (a folder the sandbox makes its own), the solver runs and its answer is judged. Its
 * script is granted: the repository may lie in a hidden folder (a clone under /tmp). */
Test(external, the_sandbox_starts_from_the_root_and_from_dev, .timeout = 60)
{
    char here[1024], cmd[4096], *out, *err;
    cr_assert_not_null(getcwd(here, sizeof here));
    const char *folders[] = {"/", "/dev"};
    for (int k = 0; k < 2; k++) {
        snprintf(cmd, sizeof cmd,
                 "B=$(realpath %s); cd %s && $B/solve --sandbox-read %s/examples/python "
                 "--external 'py=python3 %s/examples/python/bfs.py' "
                 "--solver py %s/corpus/seed-formats/kotlin-4x4.txt",
                 th_bin(), folders[k], here, here, here);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "from %s: %s%s", folders[k], out, err);
        cr_assert_not_null(strstr(out, "kotlin-4x4.txt:1: 2 moves, 3 steps\nB+1 A+2\n"), "%s", out);
        free(out), free(err);
    }
}

/* --sandbox-write grants a folder to write in: the file lands on the host. Without the grant
 * the same write fails (the solver crashes) and the host is unchanged. */
Test(external, sandbox_write_grants_a_folder_and_nothing_else, .timeout = 60)
{
    char dir[64] = "/var/tmp/ubtest-write-XXXXXX", cmd[1024], path[128], *out, *err;
    cr_assert_not_null(mkdtemp(dir));
    chmod(dir, 0777); /* nobody, the solver, writes in it */
    snprintf(path, sizeof path, "%s/written", dir);
    for (int granted = 0; granted < 2; granted++) {
        snprintf(cmd, sizeof cmd,
                 "%s%s --solver w --external 'w=" MISBEHAVE " write %s' "
                 "corpus/seed-formats/kotlin-4x4.txt",
                 granted ? "--sandbox-write " : "", granted ? dir : "", dir);
        cr_assert_eq(bench(cmd, &out, &err), 0, "%s%s", out, err);
        cr_assert_not_null(strstr(out, granted ? "| w | 1 | 1 | 100.0% |" : "| w | 1 | 0 |"), "%s",
                           out);
        cr_assert_eq(access(path, F_OK) == 0, granted, "%s", path);
        free(out), free(err);
    }
    remove(path);
    rmdir(dir);
}

/* A harness that is not root makes the sandbox in a user namespace of its own; where it may
 * make none, it says so in one line naming --no-sandbox, exit 2, and --no-sandbox runs the
 * solver. (tests/data/external/nobody.py runs bench as uid 65534, from a folder it may read.) */
Test(external, not_root_the_sandbox_takes_a_user_namespace_or_says_why_not, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(
        cmd, sizeof cmd,
        "mkdir -p %s/examples/python && cp %s/bench %s/ && "
        "cp examples/python/bfs.py %s/examples/python/ && cp corpus/seed-formats/kotlin-4x4.txt "
        "%s/ && chmod -R a+rX %s",
        dir, th_bin(), dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    const char *runs[][2] = {{"", ""}, {"--no-userns", ""}, {"--no-userns", "--no-sandbox"}};
    for (int k = 0; k < 3; k++) {
        snprintf(cmd, sizeof cmd,
                 "cd %s && HOME=%s %s/tests/data/external/nobody.py %s ./bench "
                 "--no-progress %s --solver py --external 'py=python3 examples/python/bfs.py' "
                 "kotlin-4x4.txt",
                 dir, dir, getcwd((char[4096]){0}, 4096), runs[k][0], runs[k][1]);
        int rc = th_run(cmd, &out, &err);
        if (k == 1) {
            cr_assert_eq(rc, 2, "%s%s", out, err);
            cr_assert_eq(strchr(err, '\n'), err + strlen(err) - 1, "one line: %s", err);
            cr_assert_not_null(strstr(err,
                                      "sandbox: cannot make its namespaces (not root, and no user "
                                      "namespace to be had)"),
                               "%s", err);
            cr_assert_not_null(strstr(err, "--no-sandbox runs external solvers without one"), "%s",
                               err);
        } else {
            cr_assert_eq(rc, 0, "%s %s: %s%s", runs[k][0], runs[k][1], out, err);
            cr_assert_not_null(strstr(out, "| py | 1 | 1 | 100.0% |"), "%s", out);
        }
        free(out), free(err);
    }
}

/* ---- plugins ----------------------------------------------------------------------------- */

/* A plugin's source compiled here against the repository's headers (the installed ones are the
 * same files: the out-of-tree build below shows that). */
static void build_plugin(const char *dir, const char *name, const char *source)
{
    char cmd[4096], *out, *err;
    snprintf(cmd, sizeof cmd, "cat > %s/%s.c <<'EOF'\n%s\nEOF\ncc -shared -fPIC -std=c11 -D_GNU_SOURCE -I. -Iinclude "
                              "%s/%s.c -o %s/%s.so", dir, name, source, dir, name, dir, name);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    free(out), free(err);
}

Test(plugin, a_missing_symbol_another_abi_or_a_taken_name_is_one_line_and_exit_2)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    build_plugin(dir, "nosymbol", "int unrelated = 1;");
    build_plugin(dir, "oldabi", "#include <unblock.h>\n"
                                "const unblock_plugin_info unblock_plugin = {99, sizeof(solver), \"old\", 0, 0};");
    build_plugin(dir, "taken", "#include <unblock.h>\n"
                               "static void s(solver_context *c, const family_problem *v, const solver_budget *g, "
                               "const int *p, solver_result *r) { (void)v, (void)p; search_limits l; "
                               "search_begin(&l, c, g, r); }\n"
                               "static const solver twin = {\"bfs\", \"a second bfs\", GUARANTEE_NONE, false, s, 0, 0, FAMILY_ALL};\n"
                               "UNBLOCK_PLUGIN(\"taken\", &twin);");
    build_plugin(dir, "nofamily", "#include <unblock.h>\n"
                                  "static void s(solver_context *c, const family_problem *v, const solver_budget *g, "
                                  "const int *p, solver_result *r) { (void)v, (void)p; search_limits l; "
                                  "search_begin(&l, c, g, r); }\n"
                                  "static const solver none = {\"none\", \"takes nothing\", GUARANTEE_NONE, false, s, 0, 0, 0};\n"
                                  "UNBLOCK_PLUGIN(\"nofamily\", &none);");
    build_plugin(dir, "nosolve", "#include <unblock.h>\n"
                                 "static const solver empty = {\"empty\", \"no entry\", GUARANTEE_NONE, false, 0, 0, 0, FAMILY_ALL};\n"
                                 "UNBLOCK_PLUGIN(\"nosolve\", &empty);");
    char oldabi[64];   /* the version these headers give, whatever it is now */
    snprintf(oldabi, sizeof oldabi, "built for ABI version 99, this program has version %d",
             UNBLOCK_ABI_VERSION);
    const char *cases[][2] = {
        {"nosymbol", "no 'unblock_plugin' symbol (UNBLOCK_PLUGIN in plugin.h defines it)\n"},
        {"oldabi", oldabi},
        {"taken", "solver 1: a solver called 'bfs' exists already (builtin)\n"},
        {"nofamily", "solver 1: no family (its families are 0: name them with FAMILY_BIT)\n"},
        {"nosolve", "solver 1: no solve function\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        snprintf(cmd, sizeof cmd, "%s/solve --plugin %s/%s.so corpus/seeds/", th_bin(), dir, cases[k][0]);
        cr_assert_eq(th_run(cmd, &out, &err), 2, "%s: %s", cases[k][0], err);
        cr_assert_not_null(strstr(err, cases[k][1]), "%s: %s", cases[k][0], err);
        cr_assert_eq(strchr(err, '\n'), err + strlen(err) - 1, "%s", err);
        free(out), free(err);
    }
}

/* make install into a scratch prefix, then examples/plugin/greedy.c built out of tree exactly as
 * the docs say (pkg-config), loaded by bin/bench: its rows judged like a built-in's, measured
 * like one (peak_bytes). Only in the optimized run: make installs the optimized programs. */
/* A plugin takes the families it names through its one entry: it runs on the Klotski
 * puzzles, its answers replayed and judged, and has unsupported rows on Rush Hour's. */
Test(plugin, a_plugin_that_takes_klotski_alone_is_run_on_klotski_alone, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "cc -shared -fPIC -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I. -Iinclude "
             "tests/data/plugin/family_greedy.c -o %s/kgreedy.so && mkdir %s/in && "
             "cp corpus/klotski/classic.txt corpus/seed-formats/kotlin-4x4.txt %s/in/ && "
             "%s/bench --no-progress --plugin %s/kgreedy.so --solver kgreedy --out %s/run %s/in > /dev/null && "
             "%s/bench verify %s/run/results.csv %s/in && "
             "awk -F, 'NR > 1 {print $1, $8, $10}' %s/run/results.csv | sort && "
             "%s/solve --plugin %s/kgreedy.so --list | grep '^kgreedy'",
             dir, dir, dir, th_bin(), dir, dir, dir, th_bin(), dir, dir, dir, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "2 rows, 2 puzzles, 0 failed\n"
                                   "kgreedy klotski solved\n"
                                   "kgreedy rush unsupported\n"
                                   "kgreedy      none      yes      plugin   klotski      "), "%s", out);
    free(out), free(err);
}

Test(plugin, a_plugin_built_out_of_tree_through_pkg_config_runs_as_a_builtin, .timeout = 300)
{
    if (th_sanitized()) return;
    char dir[64], cmd[4096], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; D=%s; make -s install PREFIX=$D/usr > /dev/null;"
             "export PKG_CONFIG_PATH=$D/usr/lib/pkgconfig; (cd $D && cp %s/examples/plugin/greedy.c . &&"
             " cc -shared -fPIC -Wall -Wextra -Werror greedy.c $(pkg-config --cflags --libs unblock) -o greedy.so);"
             "$D/usr/bin/bench --no-progress --plugin $D/greedy.so --solver bfs,greedy --csv $D/r.csv corpus/seeds/ > $D/summary;"
             "grep '^| greedy' $D/summary | cut -d'|' -f2-8;"
             "awk -v cols=solver,origin,guarantee,complete,peak_bytes -f plots/columns.awk $D/r.csv | grep -m1 greedy;"
             "$D/usr/bin/bench verify $D/r.csv corpus/seeds/;"
             "$D/usr/bin/solve --plugin $D/greedy.so --list | grep -c '^greedy       none      yes      plugin   rush  '",
             dir, getcwd((char[4096]){0}, 4096));
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, " greedy | 11 | 10 | 0.0% |"), "%s", out);
    cr_assert_not_null(strstr(out, "greedy\tplugin\tnone\tyes\t"), "%s", out);   /* and a peak */
    cr_assert_not_null(strstr(out, "22 rows, 11 puzzles, 0 failed\n1\n"), "%s", out);
    char *peak = strstr(out, "greedy\tplugin\tnone\tyes\t");
    cr_assert(peak && atol(peak + strlen("greedy\tplugin\tnone\tyes\t")) > 0, "%s", out);
    free(out), free(err);
}
