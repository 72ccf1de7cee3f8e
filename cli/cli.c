/* cli.c -- getopt_long conventions, counts, budgets and solver lists shared by the programs. */
#include "cli/cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "common/cpu.h"
#include "common/xmem.h"
#include "external/external.h"
#include "external/sandbox.h"
#include "generated/build_info.h"
#include "search/search.h"
#include "solvers/plugin.h"
#include "solvers/bounds/heuristic.h"
#include "solvers/registry.h"

void cli_begin(void)
{
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);   /* past a file size limit: EFBIG, reported like a full disk */
    char err[160];
    if (cpu_check(err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", program_invocation_short_name, err);
        exit(EXIT_BAD_INPUT);
    }
}

volatile sig_atomic_t cli_stopping_signal;

static void on_stopping_signal(int sig)
{
    cli_stopping_signal = sig;
    search_interrupted = 1;
}

void cli_catch_interrupts(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stopping_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

const char *cli_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : NULL;
}

int cli_common_option(const char *prog, const char *usage, int code, char **argv)
{
    switch (code) {
    case 'h':
        fputs(usage, stdout);
        exit(EXIT_SOLVED);
    case CLI_OPT_VERSION:
        cli_print_version(prog);
        exit(EXIT_SOLVED);
    case ':':
        /* A short option is optopt; a long one (optopt is 0 or its code) is argv[optind - 1]. */
        if (optopt > 0 && optopt < 0x100) fprintf(stderr, "%s: -%c needs a value\n", prog, optopt);
        else fprintf(stderr, "%s: %s needs a value\n", prog, argv[optind - 1]);
        return -1;
    case '?':
        if (optopt > 0 && optopt < 0x100) fprintf(stderr, "%s: unknown option '-%c' (see --help)\n", prog, optopt);
        else fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, argv[optind - 1]);
        return -1;
    }
    return 1;
}

void cli_print_version(const char *prog)
{
    printf("%s %s (commit %s, %s)\n", prog, CLI_VERSION, BUILD_COMMIT, BUILD_FLAGS);
}

solver_budget cli_default_budget(void)
{
    return (solver_budget){5000000, 2ull << 30, 30.0};
}

int cli_budget_option(const char *prog, int code, const char *arg, solver_budget *budget)
{
    unsigned long long n;
    switch (code) {
    case CLI_OPT_MAX_STATES:
        if (cli_parse_count(prog, "--max-states", arg, &n)) return -1;
        budget->max_states = n;
        return 1;
    case CLI_OPT_MAX_BYTES:
        if (cli_parse_count(prog, "--max-bytes", arg, &n)) return -1;
        budget->max_bytes = n;
        return 1;
    case CLI_OPT_MAX_SECONDS:
        return cli_parse_seconds(prog, "--max-seconds", arg, &budget->max_seconds) ? -1 : 1;
    }
    return 0;
}

static int add_solver(const char *prog, const solver *s, const solver **out, int n)
{
    for (int k = 0; k < n; k++)
        if (out[k] == s) return n;   /* named twice: run once */
    if (n == CLI_MAX_SOLVERS) {
        fprintf(stderr, "%s: more than %d solvers\n", prog, CLI_MAX_SOLVERS);
        return -1;
    }
    out[n] = s;
    return n + 1;
}

int cli_parse_solvers(const char *prog, const char *list, const solver **out)
{
    int n = 0;
    char *copy = xstrdup(list), *save = NULL;
    for (char *name = strtok_r(copy, ",", &save); name && n >= 0;
         name = strtok_r(NULL, ",", &save)) {
        if (strcmp(name, "all") == 0) {
            for (int i = 0; solver_all[i] && n >= 0; i++) n = add_solver(prog, solver_all[i], out, n);
            continue;
        }
        const solver *s = solver_find(name);
        if (!s) {
            fprintf(stderr, "%s: unknown solver '%s' (see --list)\n", prog, name);
            n = -1;
        } else
            n = add_solver(prog, s, out, n);
    }
    free(copy);
    if (n == 0) fprintf(stderr, "%s: no solver named in '%s'\n", prog, list);
    return n > 0 ? n : -1;
}

int cli_parse_format(const char *prog, const char *text, scan_format *out)
{
    int f = scan_format_from_name(text);
    if (f < 0) {
        fprintf(stderr, "%s: unknown format '%s' (see --help)\n", prog, text);
        return -1;
    }
    *out = (scan_format)f;
    return 0;
}

int cli_parse_count(const char *prog, const char *option, const char *text,
                    unsigned long long *out)
{
    static const char suffix[] = "KMGT";
    char *end;
    if (text[0] < '0' || text[0] > '9') goto bad;
    unsigned long long v = strtoull(text, &end, 10), unit = 1;
    const char *s = *end ? strchr(suffix, *end) : NULL;
    if (s) {
        bool binary = end[1] == 'i';
        for (long k = 0; k <= s - suffix; k++) unit *= binary ? 1024 : 1000;
        end += binary ? 2 : 1;
    }
    if (*end != '\0' || v > ~0ull / unit) goto bad;
    *out = v * unit;
    return 0;
bad:
    fprintf(stderr, "%s: %s: '%s' is not a count (digits, then K M G T or Ki Mi Gi Ti)\n", prog,
            option, text);
    return -1;
}

int cli_parse_int(const char *prog, const char *option, const char *text, int lo, int hi,
                  int *out)
{
    unsigned long long n;
    if (cli_parse_count(prog, option, text, &n)) return -1;
    if (n < (unsigned long long)lo || n > (unsigned long long)hi) {
        fprintf(stderr, "%s: %s: '%s' is not between %d and %d\n", prog, option, text, lo, hi);
        return -1;
    }
    *out = (int)n;
    return 0;
}

int cli_parse_shard(const char *prog, const char *text, int *k, int *n)
{
    int kk, nn, end = 0;
    if (sscanf(text, "%d/%d%n", &kk, &nn, &end) != 2 || text[end] || nn < 1 || kk < 0 || kk > nn) {
        fprintf(stderr, "%s: --shard: '%s' is not K/N with 1 <= K <= N\n", prog, text);
        return -1;
    }
    if (kk == 0) {
        fprintf(stderr, "%s: --shard: '%s': shards count from 1, so K/N has 1 <= K <= N\n", prog,
                text);
        return -1;
    }
    *k = kk, *n = nn;
    return 0;
}

int cli_parse_seconds(const char *prog, const char *option, const char *text, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !(v >= 0) || v > 1e9) {
        fprintf(stderr, "%s: %s: '%s' is not a number of seconds\n", prog, option, text);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_read_puzzles(const char *prog, char *const *paths, int count, scan_format format,
                     puzzle_list *puzzles)
{
    if (count == 0) {
        fprintf(stderr, "%s: no puzzle path given (see --help)\n", prog);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        char err[SCAN_ERR_MAX];
        int n = scan_path(paths[i], format, puzzles, err);
        if (n == 0) snprintf(err, sizeof err, "%s: no puzzle found there", paths[i]);
        if (n <= 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            puzzle_list_free(puzzles);
            return -1;
        }
    }
    return 0;
}

int cli_read_puzzles_each(const char *prog, char *const *paths, int count, scan_format format,
                          puzzle_sink *sink, void *ctx)
{
    puzzle_list stream = {.sink = sink, .sink_ctx = ctx};
    int rc = cli_read_puzzles(prog, paths, count, format, &stream);
    puzzle_list_flush(&stream);
    puzzle_list_free(&stream);
    return rc;
}

/* The families of s that `takes` says yes to, "rush,klotski" (FAMILY_COUNT * 16 bytes). */
static void families_text(const solver *s, bool (*takes)(const solver *, int, family_id), int k,
                          char *out)
{
    out[0] = '\0';
    for (int fam = 0; fam < FAMILY_COUNT; fam++)
        if (takes(s, k, (family_id)fam))
            sprintf(out + strlen(out), "%s%s", out[0] ? "," : "", family_name((family_id)fam));
}

static bool solver_takes_family(const solver *s, int k, family_id f)
{
    (void)k;
    return solver_takes(s, f);
}

/* Whether parameter k of s applies to family f. */
static bool param_applies(const solver *s, int k, family_id f)
{
    return solver_takes(s, f) && solver_param_applies(&s->params[k], f);
}

/* Whether choice k of s's heuristic is a bound of family f. */
static bool bound_of(const solver *s, int k, family_id f)
{
    return solver_takes(s, f) && heuristic_takes(k, f);
}

/* A parameter's line: its default, its help, its values; the families it applies to when not
 * all of the solver's, each family's value of a default left to the family, and for the
 * heuristic the families of each bound. */
static void print_param(FILE *f, const solver *s, int k)
{
    const solver_param *p = &s->params[k];
    char set[48], all[FAMILY_COUNT * 16], only[FAMILY_COUNT * 16];
    if (p->fallback == SOLVER_PARAM_AUTO) snprintf(set, sizeof set, "%s=auto", p->name);
    else if (p->choices) snprintf(set, sizeof set, "%s=%s", p->name, p->choices[p->fallback]);
    else snprintf(set, sizeof set, "%s=%d", p->name, p->fallback);
    fprintf(f, "%13s--param %-20s %s", "", set, p->help);
    bool heuristic = strcmp(p->name, SETUP_HEURISTIC) == 0;
    if (p->choices) {
        fputs(": one of", f);
        for (int c = 0; c <= p->max; c++) {
            fprintf(f, " %s", p->choices[c]);
            if (heuristic) families_text(s, bound_of, c, only), fprintf(f, " (%s)", only);
        }
    } else {
        fprintf(f, " (%d to %d)", p->min, p->max);
    }
    families_text(s, solver_takes_family, 0, all);
    families_text(s, param_applies, k, only);
    if (strcmp(all, only) != 0) fprintf(f, "; on %s only", only);
    if (p->fallback == SOLVER_PARAM_AUTO) {
        fputs("; auto is", f);
        for (int fam = 0, n = 0; fam < FAMILY_COUNT; fam++)
            if (param_applies(s, k, (family_id)fam))
                fprintf(f, "%s %d on %s", n++ ? "," : "", p->family_default((family_id)fam),
                        family_name((family_id)fam));
    }
    fputc('\n', f);
}

void cli_print_solvers(FILE *f)
{
    fprintf(f, "%-12s %-9s %-8s %-8s %-18s %s\n", "solver", "optimal", "complete", "origin",
            "families", "summary");
    for (int i = 0; solver_all[i]; i++) {
        const solver *s = solver_all[i];
        solver_origin o = registry_origin(s);
        char families[FAMILY_COUNT * 16];
        families_text(s, solver_takes_family, 0, families);
        fprintf(f, "%-12s %-9s %-8s %-8s %-18s %s", s->name, solver_guarantee_name(s->guarantee),
                s->complete ? "yes" : "no", solver_origin_name(o), families,
                s->summary ? s->summary : "");
        if (o == SOLVER_PLUGIN) fprintf(f, " (%s)", registry_where(s));
        fputc('\n', f);
        for (int k = 0; k < s->nparams; k++) print_param(f, s, k);
    }
}

void cli_choice_init(const char *list, cli_choice *c)
{
    memset(c, 0, sizeof *c);
    c->solvers = list;
}

/* Appends arg to a repeatable option's list of at most max; 1, or -1 when it is full. */
static int append_option(const char *prog, const char *option, const char *arg, const char **list,
                         int *count, int max)
{
    if (*count == max) {
        fprintf(stderr, "%s: more than %d %s options\n", prog, max, option);
        return -1;
    }
    list[(*count)++] = arg;
    return 1;
}

int cli_choice_option(const char *prog, int code, const char *arg, cli_choice *c)
{
    switch (code) {
    case CLI_OPT_SOLVER: c->solvers = arg; return 1;
    case CLI_OPT_HEURISTIC: c->heuristic = arg; return 1;
    case CLI_OPT_FRESH_PROCESS: c->fresh = true; return 1;
    case CLI_OPT_NO_SANDBOX: c->no_sandbox = true; return 1;
    case CLI_OPT_SANDBOX_READ:
        return append_option(prog, "--sandbox-read", arg, c->sandbox_read, &c->nsandbox_read,
                             CLI_MAX_GRANTS);
    case CLI_OPT_SANDBOX_WRITE:
        return append_option(prog, "--sandbox-write", arg, c->sandbox_write, &c->nsandbox_write,
                             CLI_MAX_GRANTS);
    case CLI_OPT_EXTERNAL:
        return append_option(prog, "--external", arg, c->external, &c->nexternals, CLI_MAX_EXTERNALS);
    case CLI_OPT_PLUGIN:
        return append_option(prog, "--plugin", arg, c->plugin, &c->nplugins, CLI_MAX_PLUGINS);
    case CLI_OPT_PARAM:
        if (!strchr(arg, '=')) {
            fprintf(stderr, "%s: --param takes NAME=VALUE, not '%s'\n", prog, arg);
            return -1;
        }
        return append_option(prog, "--param", arg, c->param, &c->nparams, CLI_MAX_PARAMS);
    }
    return 0;
}

/* Sets NAME=VALUE on every setup whose solver has NAME; returns how many took it, or -1. */
static int set_everywhere(const char *prog, solver_setup *u, int n, const char *name,
                          const char *value)
{
    int took = 0;
    for (int k = 0; k < n; k++) {
        char err[SETUP_ERR_MAX];
        int rc = setup_set(&u[k], name, value, err);
        if (rc < 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return -1;
        }
        took += rc;
    }
    if (took == 0)
        fprintf(stderr, "%s: no chosen solver has a parameter '%s' (see --list)\n", prog, name);
    return took ? took : -1;
}

int cli_load_solvers(const char *prog, const cli_choice *c, const char *log_dir,
                     double hello_seconds)
{
    for (int k = 0; k < c->nplugins; k++) {
        char err[PLUGIN_ERR_MAX];
        if (plugin_load(c->plugin[k], err)) {
            fprintf(stderr, "%s: --plugin %s\n", prog, err);
            return -1;
        }
    }
    if (c->nplugins)
        fprintf(stderr,
                "%s: note: a plugin runs inside this process and is not sandboxed; run a "
                "solver you do not trust with --external\n",
                prog);
    char why[SANDBOX_ERR_MAX];
    if (sandbox_setup(!c->no_sandbox, c->sandbox_read, c->nsandbox_read, c->sandbox_write,
                      c->nsandbox_write, why)) {
        fprintf(stderr, "%s: %s\n", prog, why);
        return -1;
    }
    for (int k = 0; k < c->nexternals; k++) {
        char err[EXT_ERR_MAX], log[4096], name[REGISTRY_NAME_MAX + 1] = "";
        const char *eq = strchr(c->external[k], '=');
        if (eq && eq - c->external[k] <= REGISTRY_NAME_MAX)
            snprintf(name, sizeof name, "%.*s", (int)(eq - c->external[k]), c->external[k]);
        if (log_dir) snprintf(log, sizeof log, "%s/%s.stderr.log", log_dir, name);
        if (!external_define(c->external[k], c->fresh, log_dir && registry_name_ok(name) ? log : NULL,
                             hello_seconds > 0 ? hello_seconds : 30, err)) {
            fprintf(stderr, "%s: --external %s\n", prog, err);
            return -1;
        }
    }
    return 0;
}

int cli_hide_paths(const char *prog, const char *const *paths, int count)
{
    for (int k = 0; k < count; k++)
        if (paths[k] && strcmp(paths[k], "-") != 0 && sandbox_hide(paths[k]) != 0) {
            fprintf(stderr,
                    "%s: more than %d inputs and outputs to hide from the sandbox; give "
                    "their folders instead\n",
                    prog, SANDBOX_MAX_HIDDEN);
            return -1;
        }
    return 0;
}

int cli_choice_setups(const char *prog, const cli_choice *c, solver_setup *out)
{
    const solver *chosen[CLI_MAX_SOLVERS];
    int nchosen = cli_parse_solvers(prog, c->solvers, chosen);
    if (nchosen < 0) return -1;
    int n = 0;
    for (int i = 0; solver_all[i]; i++)   /* registry order, whatever the list's order */
        for (int k = 0; k < nchosen; k++)
            if (chosen[k] == solver_all[i]) setup_init(&out[n++], solver_all[i]);
    for (int k = 0; k < c->nparams; k++) {
        char name[SETUP_LABEL_MAX];
        const char *eq = strchr(c->param[k], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - c->param[k]), c->param[k]);
        if (set_everywhere(prog, out, n, name, eq + 1) < 0) return -1;
    }
    if (!c->heuristic) return n;
    if (strcmp(c->heuristic, "all") != 0)
        return set_everywhere(prog, out, n, SETUP_HEURISTIC, c->heuristic) < 0 ? -1 : n;

    /* One setup per heuristic for each solver that has one, in the order of its choices. */
    solver_setup each[CLI_MAX_SETUPS];
    int m = 0;
    for (int k = 0; k < n; k++) {
        int h = setup_find_param(out[k].s, SETUP_HEURISTIC);
        int last = h < 0 ? 0 : out[k].s->params[h].max;
        for (int v = 0; v <= last && m < CLI_MAX_SETUPS; v++) {
            each[m] = out[k];
            if (h >= 0) each[m].param[h] = v;
            m++;
        }
    }
    if (m == n) {
        fprintf(stderr, "%s: no chosen solver takes a heuristic (see --list)\n", prog);
        return -1;
    }
    memcpy(out, each, (size_t)m * sizeof *each);
    return m;
}
