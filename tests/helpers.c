/* helpers.c -- shared test helpers. */
#include "tests/helpers.h"

#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/grow.h"
#include "rush/moves.h"
#include "common/xmem.h"
#include "search/numbered.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>

/* LeakSanitizer asks this at exit. Criterion runs each test in a child process it starts with
 * BXFI_MAP set, and only the runner, which runs none of the project's code, lacks it: there
 * the check is off, because Criterion 2.4's runner now and then leaks 48 bytes of its own (a
 * calloc inside libcriterion), which failed `make check` once with every test passed. The
 * children, where the tests run, keep the check (th_check_leaks). The answer is fixed for the
 * process's life, as the sanitizer's interface asks. */
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
    return getenv("BXFI_MAP") == NULL;
}
#endif

void th_check_leaks(void)
{
#ifdef __SANITIZE_ADDRESS__
    if (__lsan_do_recoverable_leak_check()) {
        fputs("the test leaked memory (LeakSanitizer's report above)\n", stderr);
        abort();
    }
#endif
}

puzzle_list th_load(const char *path)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    int n = scan_path(path, SCAN_AUTO, &list, err);
    cr_assert(n > 0, "loading %s: %s", path, err);
    return list;
}

int th_scan(const char *text, puzzle_list *out, char *err)
{
    err[0] = '\0';
    return scan_text("t.txt", text, strlen(text), SCAN_AUTO, out, err);
}

/* Rebuilds a puzzle from a cell transform: cell (r, c) of the result shows cell src(r, c). */
static puzzle transform(const puzzle *p, bool transpose, board_exit exit)
{
    const board *b = &p->board;
    int w = transpose ? b->height : b->width, h = transpose ? b->width : b->height;
    puzzle q = *p;
    char err[BOARD_ERR_MAX];
    cr_assert_eq(board_init(&q.board, w, h, err), 0);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int sr = transpose ? c : r, sc = transpose ? r : b->width - 1 - c;
            if (board_cell(b, p->start, sr, sc) == 'x') board_add_wall(&q.board, r, c, err);
        }
    for (int i = 0; i < b->npieces; i++) {
        const board_piece *pc = &b->piece[i];
        int r0 = pc->horizontal ? pc->line : pc->start, c0 = pc->horizontal ? pc->start : pc->line;
        int r1 = pc->horizontal ? r0 : r0 + pc->length - 1;
        int c1 = pc->horizontal ? c0 + pc->length - 1 : c0;
        int nr = transpose ? c0 : r0, nc = transpose ? r0 : b->width - 1 - c1;
        (void)r1;
        bool horizontal = transpose ? !pc->horizontal : pc->horizontal;
        cr_assert_eq(board_add_piece(&q.board, pc->label, horizontal, pc->length, nr, nc, err), 0,
                     "%s", err);
    }
    cr_assert_eq(board_finish(&q.board, b->piece[b->primary].label, exit, err), 0, "%s", err);
    q.start = board_start_key(&q.board);
    return q;
}

puzzle th_mirror(const puzzle *p)
{
    board_exit e = p->board.exit == EXIT_RIGHT ? EXIT_LEFT : EXIT_RIGHT;
    return transform(p, false, e);
}

puzzle th_transpose(const puzzle *p)
{
    board_exit e = p->board.exit == EXIT_RIGHT ? EXIT_DOWN : EXIT_UP;
    return transform(p, true, e);
}

puzzle th_widen(const puzzle *p, int size)
{
    const board *b = &p->board;
    puzzle q = *p;
    char err[BOARD_ERR_MAX];
    cr_assert_eq(board_init(&q.board, size, size, err), 0, "%s", err);
    for (int r = 0; r < b->height; r++)
        for (int c = 0; c < b->width; c++)
            if (board_cell(b, p->start, r, c) == 'x') board_add_wall(&q.board, r, c, err);
    for (int i = 0; i < b->npieces; i++) {
        const board_piece *pc = &b->piece[i];
        int r0 = pc->horizontal ? pc->line : pc->start, c0 = pc->horizontal ? pc->start : pc->line;
        cr_assert_eq(board_add_piece(&q.board, pc->label, pc->horizontal, pc->length, r0, c0, err),
                     0, "%s", err);
    }
    cr_assert_eq(board_finish(&q.board, b->piece[b->primary].label, b->exit, err), 0, "%s", err);
    q.start = board_start_key(&q.board);
    q.optimal = PUZZLE_UNKNOWN;
    q.cluster = -1;
    return q;
}

int th_naive_moves(const board *b, uint64_t key, move *out)
{
    int n = 0;
    for (int i = 0; i < b->npieces; i++) {
        const board_piece *p = &b->piece[i];
        int off = board_offset(b, key, i);
        for (int dir = -1; dir <= 1; dir += 2)
            for (int d = 1;; d++) {
                int to = off + dir * d;
                if (to < 0 || to > p->max_offset) break;
                /* the cell newly entered at this distance */
                int cell_off = dir < 0 ? to : to + p->length - 1;
                int r = p->horizontal ? p->line : cell_off, c = p->horizontal ? cell_off : p->line;
                if (board_cell(b, key, r, c) != '.') break;
                out[n++] = (move){(uint8_t)i, (int8_t)(dir * d)};
            }
    }
    return n;
}

bool th_one_move(const board *b, uint64_t from, uint64_t to)
{
    move m[MOVES_MAX];
    int n = th_naive_moves(b, from, m);
    for (int k = 0; k < n; k++)
        if (moves_apply(b, from, m[k]) == to) return true;
    return false;
}

th_bfs th_textbook_bfs(const board *b, uint64_t start, bool steps)
{
    th_bfs t = {.length = -1};
    uint64_t cap = 1 << 16, count = 1;
    uint64_t *key = xmalloc(cap * sizeof *key);
    uint32_t *parent = xmalloc(cap * sizeof *parent);
    int *depth = xmalloc(cap * sizeof *depth);
    stateset seen;
    stateset_init(&seen, STATESET_HASH_XXH3);
    bool added;
    stateset_add(&seen, start, &added);
    key[0] = start, parent[0] = UINT32_MAX, depth[0] = 0;
    uint64_t goal = board_is_goal(b, start) ? 0 : UINT64_MAX;
    for (uint64_t head = 0; head < count && goal == UINT64_MAX; head++) {
        t.expanded++;
        move m[MOVES_MAX];
        int n = th_naive_moves(b, key[head], m);
        for (int k = 0; k < n && goal == UINT64_MAX; k++) {
            if (steps && abs(m[k].delta) != 1) continue;
            uint64_t next = moves_apply(b, key[head], m[k]);
            stateset_add(&seen, next, &added);
            if (!added) continue;
            if (count == cap) {
                cap *= 2;
                key = xrealloc(key, cap * sizeof *key);
                parent = xrealloc(parent, cap * sizeof *parent);
                depth = xrealloc(depth, cap * sizeof *depth);
            }
            key[count] = next, parent[count] = (uint32_t)head, depth[count] = depth[head] + 1;
            if (board_is_goal(b, next)) goal = count;
            count++;
        }
    }
    t.nlevels = depth[count - 1] + 1;
    cr_assert_leq(t.nlevels, 256);
    for (uint64_t at = 0; at < count; at++) t.levels[depth[at]]++;
    if (goal != UINT64_MAX) {
        t.length = depth[goal];
        t.path = xmalloc(((size_t)t.length + 1) * sizeof *t.path);
        for (uint64_t at = goal; parent[at] != UINT32_MAX; at = parent[at])
            t.path[depth[at] - 1] = moves_between(b, key[parent[at]], key[at]);
    }
    stateset_free(&seen);
    free(key);
    free(parent);
    free(depth);
    return t;
}

void th_bfs_free(th_bfs *t)
{
    free(t->path);
    t->path = NULL;
}

const char *th_bin(void)
{
    const char *b = getenv("UB_BIN");
    return b ? b : "bin";
}

bool th_sanitized(void)
{
    return strstr(th_bin(), "san") != NULL;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot read %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = xmalloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    fclose(f);
    return s;
}

void th_bad_inputs(const char *const cases[][2], size_t n)
{
    for (size_t k = 0; k < n; k++) {
        char dir[64], cmd[512], *out, *err;
        th_scratch(dir);
        snprintf(cmd, sizeof cmd, "printf '%%s' '%s' > %s/k.txt && %s/solve %s/k.txt", cases[k][0],
                 dir, th_bin(), dir);
        cr_assert_eq(th_run(cmd, &out, &err), 2, "case %zu: %s", k, err);
        const char *colon = strstr(err, "k.txt:");
        cr_assert_not_null(colon, "case %zu: %s", k, err);
        cr_assert_str_eq(colon, cases[k][1], "case %zu", k);
        cr_assert_eq(strchr(err, '\n'), err + strlen(err) - 1, "case %zu: %s", k, err);
        free(out), free(err);
    }
}

/* The scratch folders this process made, removed when it exits: Criterion runs each test in a
 * process of its own, so a test's folders go when it ends, passed or failed. UB_KEEP_SCRATCH
 * set keeps them, to look into a failure. A folder a test made unwritable is opened up first,
 * so that a user who is not root can remove it too. */
static char (*th_scratch_dirs)[64];
static size_t th_scratch_count, th_scratch_capacity;

static int open_up(const char *path, const struct stat *st, int type, struct FTW *at)
{
    (void)at;
    if (type == FTW_D || type == FTW_DNR) chmod(path, (st->st_mode & 07777) | S_IRWXU);
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *at)
{
    (void)st, (void)type, (void)at;
    remove(path);
    return 0;
}

static void remove_scratch(void)
{
    const char *keep = getenv("UB_KEEP_SCRATCH");
    if (keep && *keep) return;
    for (size_t k = 0; k < th_scratch_count; k++) {
        chmod(th_scratch_dirs[k], S_IRWXU);
        nftw(th_scratch_dirs[k], open_up, 16, FTW_PHYS);
        nftw(th_scratch_dirs[k], remove_one, 16, FTW_DEPTH | FTW_PHYS);
    }
    free(th_scratch_dirs);
}

void th_scratch(char *dir)
{
    strcpy(dir, "/tmp/ubtest-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    if (th_scratch_count == 0) atexit(remove_scratch);
    GROW(th_scratch_dirs, th_scratch_capacity, th_scratch_count + 1, 4);
    strcpy(th_scratch_dirs[th_scratch_count++], dir);
}

int th_run(const char *command, char **out, char **err)
{
    char outp[] = "/tmp/ubtest-out-XXXXXX", errp[] = "/tmp/ubtest-err-XXXXXX";
    int fo = mkstemp(outp), fe = mkstemp(errp);
    cr_assert(fo >= 0 && fe >= 0);
    size_t n = strlen(command) + 128;
    char *full = xmalloc(n);
    snprintf(full, n, "( %s ) >%s 2>%s", command, outp, errp);
    int status = system(full);
    free(full);
    *out = slurp(outp);
    *err = slurp(errp);
    remove(outp);
    remove(errp);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

solver_result th_solve(solver_context *ctx, const char *solver_name, const puzzle *p,
                       const solver_budget *budget)
{
    solver_setup u;
    cr_assert(setup_parse_label(solver_name, &u) == 0, "no solver %s", solver_name);
    return th_solve_setup(ctx, &u, p, budget);
}

solver_result th_solve_setup(solver_context *ctx, const solver_setup *u, const puzzle *p,
                             const solver_budget *budget)
{
    const char *solver_name = u->s->name;
    solver_result r;
    family_problem view;
    puzzle_problem(p, &view);
    numbered_run(u->s, ctx, &view, budget, u->param, &r);
    if (r.status == SOLVE_SOLVED) {
        char why[PUZZLE_ERR_MAX];
        measure_counts units;
        cr_assert_eq(puzzle_replay(p, r.text, &units, why), 0, "%s on %s: not a solution: %s",
                     solver_name, p->name, why);
    }
    return r;
}

int th_moves(const solver_result *r)
{
    cr_assert_eq(r->status, SOLVE_SOLVED);
    return moves_text_count(r->text);
}

measure_counts th_units(const puzzle *p, const solver_result *r)
{
    char why[PUZZLE_ERR_MAX];
    measure_counts units;
    cr_assert_eq(r->status, SOLVE_SOLVED);
    cr_assert_eq(puzzle_replay(p, r->text, &units, why), 0, "%s: not a solution: %s", p->name, why);
    return units;
}

int th_enumerate_short_of_memory(const char *args, int from_kb, int step_kb, int to_kb)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "B=%s/enumerate; D=%s; for kb in $(seq %d %d %d); do "
             "(ulimit -v $kb; exec $B --no-progress %s --out $D/s.txt 2> $D/err.txt); "
             "echo \"$kb $? $(wc -l < $D/err.txt) $(head -c 11 $D/err.txt)\"; done",
             th_bin(), dir, from_kb, step_kb, to_kb, args);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    int runs = 0, failed = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), runs++) {
        int kb, status, lines;
        char start[16] = "";
        cr_assert_geq(sscanf(line, "%d %d %d %15s", &kb, &status, &lines, start), 3, "%s", line);
        cr_assert(status == 0 || ((status == 1 || status == 2) && lines == 1 && strcmp(start, "enumerate:") == 0),
                  "%s under ulimit -v %d: exit %d, %d lines on stderr (%s)", args, kb, status, lines, line);
        failed += status != 0;
    }
    cr_assert_eq(runs, (to_kb - from_kb) / step_kb + 1);
    free(out), free(err);
    return failed;
}

char *th_page_selftest(const char *dir)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd,
             "chromium --headless=new --no-sandbox --disable-gpu --enable-logging=stderr --v=0 "
             "--virtual-time-budget=5000 --dump-dom 'file://%s/report.html#selftest' "
             "2>%s/chromium.err | grep -o '<pre id=\"selftest\">[^<]*'; grep -c CONSOLE %s/chromium.err",
             dir, dir, dir);
    th_run(cmd, &out, &err);
    free(err);
    return out;
}
