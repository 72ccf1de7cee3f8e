/* verify.c -- `bench verify RESULT PATH...`: every claim of every row of a result file, checked
 * against the puzzles and the reference BFS.
 *
 * The invariant: a row passes only when each of its claims (board, status, moves, steps,
 * solution, solvable, optimal_moves, optimal, excess, correct, and the promise of its solver)
 * is what an independent computation gives on the row's own board (read back from the row, so
 * its solution is replayed in its own letters), and every promise of its solver holds: a solver
 * that promises the fewest moves gave them, a complete solver's "no solution" is true (an
 * incomplete solver's wrong "no solution" passes only when the row marks it incorrect), in
 * the measure it promises (moves, or a Klotski puzzle's slides or steps). Rows are matched to
 * puzzles by id, which depends on the puzzle's geometry alone; the reference BFS runs once per
 * puzzle and measure, without a state or time limit. Where it runs out of memory the row must
 * claim nothing it would decide (optimum, solvability); a promise it cannot check is counted
 * and listed as not checked, not as a failure. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/report.h"
#include "common/grow.h"
#include "common/xmem.h"
#include "scan/scan.h"
#include "solvers/reference.h"

#define SHOWN_FAILURES 10

/* A puzzle of the paths, known by its id alone (the rows carry their boards), with the
 * reference BFS's answer in each measure once a row needs it: the paths may hold millions of
 * puzzles. */
typedef struct {
    char id[17];
    bool seen, done[MEASURE_COUNT];
    solve_status status[MEASURE_COUNT];
    int optimum[MEASURE_COUNT];
} known;

static int compare_known(const void *a, const void *b)
{
    return strcmp(((const known *)a)->id, ((const known *)b)->id);
}

typedef struct {
    known *item;
    int count, cap;
} known_set;

static void collect_id(const puzzle *p, void *ctx)
{
    known_set *k = ctx;
    GROW(k->item, k->cap, k->count + 1, 1024);
    known *e = &k->item[k->count++];
    memset(e, 0, sizeof *e);
    puzzle_id(p, e->id);
}

/* Sorts the ids and keeps each once: one geometry may stand in several files. */
static void index_ids(known_set *k)
{
    qsort(k->item, (size_t)k->count, sizeof *k->item, compare_known);
    int n = 0;
    for (int i = 0; i < k->count; i++)
        if (n == 0 || strcmp(k->item[n - 1].id, k->item[i].id) != 0) k->item[n++] = k->item[i];
    k->count = n;
}

/* The reference BFS's answer for puzzle p (of entry e's id) in measure m, computed when first
 * needed: SOLVE_SOLVED with the optimum, SOLVE_UNSOLVABLE, or SOLVE_BUDGET when it ran out of
 * memory. */
static solve_status reference_in(reference_memo *memo, known *e, const puzzle *p,
                                 const solver_budget *budget, measure m)
{
    if (!e->done[m]) {
        e->done[m] = true;
        const char *who;
        e->status[m] = reference_puzzle(memo, p, m, budget, &e->optimum[m], &who);
    }
    return e->status[m];
}

typedef struct {
    reference_memo *memo;   /* the clusters the reference searched whole */
    int failed_rows, shown;
    int broken_claims;   /* rows whose solver's claim the reference refutes */
    int unchecked;       /* rows with claims no reference could decide (it ran out of memory) */
    bool row_failed;
} tally;

static void fail(tally *t, const report_row *row, const char *claim, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void fail(tally *t, const report_row *row, const char *claim, const char *format, ...)
{
    if (!t->row_failed) t->failed_rows++;
    t->row_failed = true;
    if (t->shown++ >= SHOWN_FAILURES) return;
    va_list ap;
    va_start(ap, format);
    fprintf(stdout, "%s: %s on %s: %s: ", row->read_from, row->solver, row->puzzle, claim);
    vfprintf(stdout, format, ap);
    fputc('\n', stdout);
    va_end(ap);
}

/* A claim of the row that no reference could decide: said, counted, not a failure. */
static void unchecked(tally *t, const report_row *row, const char *claim)
{
    if (t->unchecked++ < SHOWN_FAILURES)
        printf("%s: %s on %s: not checked (the reference BFS ran out of memory): %s\n",
               row->read_from, row->solver, row->puzzle, claim);
}

static const char *flag_name(report_flag f)
{
    return f == REPORT_YES ? "yes" : f == REPORT_NO ? "no" : "(empty)";
}

static void check_flag(tally *t, const report_row *row, const char *claim, report_flag said,
                       report_flag truth)
{
    if (said != truth)
        fail(t, row, claim, "says %s, should be %s", flag_name(said), flag_name(truth));
}

static void check_int(tally *t, const report_row *row, const char *claim, int said, int truth)
{
    if (said == truth) return;
    char a[16] = "(empty)", b[16] = "(empty)";
    if (said != REPORT_NONE) snprintf(a, sizeof a, "%d", said);
    if (truth != REPORT_NONE) snprintf(b, sizeof b, "%d", truth);
    fail(t, row, claim, "says %s, should be %s", a, b);
}

/* A solved row's solution, replayed on its own board: false (said) when it does not replay;
 * else its counts, replay and correct cells are what the replay gives, and units holds them. */
static bool check_replay(tally *t, const report_row *row, const puzzle *p, measure_counts *units)
{
    char why[PUZZLE_ERR_MAX];
    if (puzzle_replay(p, row->solution, units, why) < 0) {
        fail(t, row, "solution", "does not replay: %s", why);
        return false;
    }
    check_int(t, row, "moves", row->moves, units->moves);
    check_int(t, row, "slides", row->slides, units->slides);
    check_int(t, row, "steps", row->steps, units->steps);
    check_flag(t, row, "replay", strcmp(row->replay, "ok") == 0 ? REPORT_YES : REPORT_NO, REPORT_YES);
    check_flag(t, row, "correct", row->correct, REPORT_YES);
    return true;
}

/* A row whose puzzle the reference BFS could not solve (it ran out of memory): its solution is
 * still replayed and counted, and every claim only the reference could decide (solvability
 * but for a legal solution's, the optima, optimal, excess, the fewest units promised, a
 * complete solver's "no solution") is listed as not checked. */
static void check_undecided(tally *t, const report_row *row, const puzzle *p, solver_guarantee g,
                            bool complete)
{
    bool solved = strcmp(row->status, "solved") == 0;
    char open[160] = "";
    measure_counts units;
    if (solved) {
        if (!check_replay(t, row, p, &units)) return;
        if (row->solvable == REPORT_NO) fail(t, row, "solvable", "says no, yet the solution replays");
    } else if (row->solution[0]) {
        fail(t, row, "solution", "a row that did not solve holds a solution");
    }
    size_t n = 0;
#define OPEN(cond, name)                                                                           \
    if (cond) n += (size_t)snprintf(open + n, sizeof open - n, "%s%s", n ? ", " : "", name)
    OPEN(row->solvable == REPORT_YES && !solved, "solvable");
    OPEN(row->optimal_moves != REPORT_NONE, "optimal_moves");
    OPEN(row->optimal_slides != REPORT_NONE, "optimal_slides");
    OPEN(row->optimal_steps != REPORT_NONE, "optimal_steps");
    OPEN(row->optimal != REPORT_UNKNOWN || row->excess != REPORT_NONE, "optimal");
    OPEN(solved && g != GUARANTEE_NONE, "the fewest units it promises");
    OPEN(strcmp(row->status, "unsolvable") == 0 && complete, "its \"no solution\"");
    OPEN(!solved && row->correct != REPORT_UNKNOWN, "correct");
#undef OPEN
    if (n) unchecked(t, row, open);
}

/* Every claim of one row, against its own board (which must be the puzzle of its id) and the
 * reference answer for that puzzle. */
static void check_row(tally *t, const report_row *row, known *entry, const solver_budget *budget)
{
    puzzle_list one = {0};
    char why[SCAN_ERR_MAX], id[17];
    if (report_row_puzzle(row, &one, why)) {
        fail(t, row, "board", "does not read as a board: %s", why);
        return;
    }
    const puzzle *p = &one.items[0];
    puzzle_id(p, id);
    if (strcmp(id, row->id) != 0) {
        fail(t, row, "board", "is not the puzzle of id %s (its own id is %s)", row->id, id);
        puzzle_list_free(&one);
        return;
    }
    solve_status reference = reference_in(t->memo, entry, p, budget, MEASURE_MOVES);
    /* The solver's claims are the row's own, so that a file judges itself without the solver;
     * a built-in's must be the ones its name has. */
    bool complete = row->complete == REPORT_YES;
    if (solver_guarantee_parse(row->guarantee) < 0)
        fail(t, row, "guarantee", "'%s' is not moves, slides, steps or none", row->guarantee);
    if (strcmp(row->family, family_name(p->family)) != 0)
        fail(t, row, "family", "'%s', but the board is a %s puzzle", row->family,
             family_name(p->family));
    if (row->complete == REPORT_UNKNOWN) fail(t, row, "complete", "is neither yes nor no");
    if (strcmp(row->origin, "builtin") == 0) {
        solver_setup u;
        char bad[SETUP_ERR_MAX];
        const solver *s = setup_parse_label(row->solver, &u) == 0 ? u.s : NULL;
        if (s && setup_parse_params(&u, row->params, bad) < 0) fail(t, row, "params", "%s", bad);
        if (!s) fail(t, row, "solver", "no built-in solver of that name");
        const char *heuristic = s ? setup_heuristic(&u) : NULL;
        if (s && strcmp(row->heuristic, heuristic ? heuristic : "") != 0)
            fail(t, row, "heuristic", "'%s' is not the heuristic the label %s names", row->heuristic,
                 row->solver);
        if (s && (strcmp(row->guarantee, solver_guarantee_name(setup_guarantee(&u))) != 0 ||
                  complete != s->complete))
            fail(t, row, "guarantee", "%s claims %s and %s, the row says %s and %s", s->name,
                 solver_guarantee_name(setup_guarantee(&u)), s->complete ? "complete" : "not complete",
                 row->guarantee, complete ? "complete" : "not complete");
        if (s && (strcmp(row->status, "unsupported") == 0) == setup_takes(&u, p))
            fail(t, row, "status", "%s %s %s puzzles", row->solver,
                 setup_takes(&u, p) ? "takes" : "does not take", family_name(p->family));
    } else if (strcmp(row->origin, "plugin") && strcmp(row->origin, "external"))
        fail(t, row, "origin", "'%s' is not builtin, plugin or external", row->origin);
    bool solvable = reference == SOLVE_SOLVED, decided = reference != SOLVE_BUDGET;
    int optimum = solvable ? entry->optimum[MEASURE_MOVES] : REPORT_NONE;
    /* The other measures' optima: Rush Hour's slides are its moves and its steps are not
     * sought; another family's come from the reference in each. */
    int best[MEASURE_COUNT] = {optimum, optimum, REPORT_NONE};
    for (int m = MEASURE_SLIDES; m < MEASURE_COUNT && !family_slides_are_moves(p->family); m++)
        best[m] = solvable && reference_in(t->memo, entry, p, budget, (measure)m) == SOLVE_SOLVED
                      ? entry->optimum[m] : REPORT_NONE;
    solver_guarantee g = (solver_guarantee)solver_guarantee_parse(row->guarantee);
    measure promised = g == GUARANTEE_SLIDES ? MEASURE_SLIDES
                       : g == GUARANTEE_STEPS ? MEASURE_STEPS : MEASURE_MOVES;
    if (!decided) {   /* the reference ran out of memory: what needs it is said, not failed */
        check_undecided(t, row, p, g, complete);
        puzzle_list_free(&one);
        return;
    }
    bool promises = g == GUARANTEE_MOVES || g == GUARANTEE_SLIDES ||
                    (g == GUARANTEE_STEPS && best[MEASURE_STEPS] != REPORT_NONE);
    check_flag(t, row, "solvable", row->solvable, solvable ? REPORT_YES : REPORT_NO);
    check_int(t, row, "optimal_moves", row->optimal_moves, optimum);
    check_int(t, row, "optimal_slides", row->optimal_slides, best[MEASURE_SLIDES]);
    check_int(t, row, "optimal_steps", row->optimal_steps, best[MEASURE_STEPS]);

    if (strcmp(row->status, "unsupported") == 0) {   /* not run: nothing claimed */
        if (row->solution[0]) fail(t, row, "solution", "a row that did not run holds a solution");
        check_flag(t, row, "correct", row->correct, REPORT_UNKNOWN);
        puzzle_list_free(&one);
        return;
    }
    if (strcmp(row->status, "solved") == 0) {
        measure_counts units;
        if (check_replay(t, row, p, &units)) {
            int n = units.moves;
            const int got[MEASURE_COUNT] = {n, units.slides, units.steps};
            if (solvable) {
                check_int(t, row, "excess", row->excess, n - optimum);
                check_flag(t, row, "optimal", row->optimal, n == optimum ? REPORT_YES : REPORT_NO);
                if (promises && got[promised] > best[promised]) {
                    t->broken_claims++;
                    fail(t, row, "solver", "%s promises the fewest %s: %d, the optimum is %d",
                         row->solver, measure_name(promised), got[promised], best[promised]);
                }
            }
        }
        puzzle_list_free(&one);
        return;
    }
    /* No solution, or a budget hit: nothing solved, nothing to be optimal about. */
    check_int(t, row, "moves", row->moves, REPORT_NONE);
    check_int(t, row, "steps", row->steps, REPORT_NONE);
    check_int(t, row, "excess", row->excess, REPORT_NONE);
    check_flag(t, row, "optimal", row->optimal, REPORT_UNKNOWN);
    if (row->solution[0]) fail(t, row, "solution", "a row that did not solve holds a solution");
    if (strcmp(row->status, "unsolvable") == 0) {
        /* An incomplete solver may miss a solution; the row must then say it was wrong. */
        if (solvable && complete) {
            t->broken_claims++;
            fail(t, row, "status", "says no solution; the reference BFS finds %d moves, and %s "
                 "is complete", optimum, row->solver);
        }
        check_flag(t, row, "correct", row->correct, solvable ? REPORT_NO : REPORT_YES);
        if (row->budget_hit[0]) fail(t, row, "budget_hit", "set on a row that is not a budget hit");
    } else if (strcmp(row->status, "budget") == 0) {
        check_flag(t, row, "correct", row->correct, REPORT_UNKNOWN);
        if (strcmp(row->budget_hit, "states") && strcmp(row->budget_hit, "bytes") &&
            strcmp(row->budget_hit, "seconds"))
            fail(t, row, "budget_hit", "'%s' is not states, bytes or seconds", row->budget_hit);
    } else if (strcmp(row->status, "gave-up") == 0 || strcmp(row->status, "crashed") == 0 ||
               strcmp(row->status, "protocol-error") == 0) {
        /* An external solver's run with no answer: nothing claimed, nothing to check but that. */
        check_flag(t, row, "correct", row->correct, REPORT_UNKNOWN);
        if (strcmp(row->origin, "external") != 0)
            fail(t, row, "status", "'%s' is only an external solver's", row->status);
        if (row->budget_hit[0]) fail(t, row, "budget_hit", "set on a row that is not a budget hit");
    } else
        fail(t, row, "status", "'%s' is not solved, unsolvable, budget, gave-up, crashed or "
             "protocol-error", row->status);
    puzzle_list_free(&one);
}

int bench_verify(const char *result, char **paths, int npaths, const solver_budget *budget)
{
    report rep = {0};
    char err[REPORT_ERR_MAX];
    if (report_read(result, &rep, err)) {
        fprintf(stderr, "bench verify: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    known_set ids = {0};
    if (cli_read_puzzles_each("bench verify", paths, npaths, SCAN_AUTO,
                              collect_id, &ids)) {
        report_free(&rep);
        free(ids.item);
        return EXIT_BAD_INPUT;
    }
    index_ids(&ids);

    tally t = {.memo = reference_memo_new()};
    int unmatched = 0, matched_puzzles = 0;
    const report_row *first_unmatched = NULL;
    for (int k = 0; k < rep.count; k++) {
        const report_row *row = &rep.row[k];
        known key;
        snprintf(key.id, sizeof key.id, "%s", row->id);
        known *hit = bsearch(&key, ids.item, (size_t)ids.count, sizeof *ids.item, compare_known);
        if (!hit) {
            if (!unmatched++) first_unmatched = row;
            continue;
        }
        matched_puzzles += !hit->seen;
        hit->seen = true;
        t.row_failed = false;
        check_row(&t, row, hit, budget);
    }
    if (t.shown > SHOWN_FAILURES) printf("... and %d more failures\n", t.shown - SHOWN_FAILURES);
    if (unmatched)
        printf("%d rows name puzzles that are not among the paths given (the first: %s, id %s)\n",
               unmatched, first_unmatched->read_from, first_unmatched->id);
    char broken[48] = "", open_claims[64] = "";
    if (t.broken_claims) snprintf(broken, sizeof broken, " (%d broken claims)", t.broken_claims);
    if (t.unchecked)
        snprintf(open_claims, sizeof open_claims, ", %d with claims not checked", t.unchecked);
    printf("%d rows, %d puzzles, %d failed%s%s%s\n", rep.count, matched_puzzles, t.failed_rows,
           broken, open_claims, unmatched ? ", some not checked" : "");
    free(ids.item);
    report_free(&rep);
    reference_memo_free(t.memo);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "bench verify: standard output: %s\n", strerror(errno));
        return EXIT_BAD_INPUT;
    }
    return t.failed_rows || unmatched ? EXIT_CHECK_FAILED : EXIT_SOLVED;
}
