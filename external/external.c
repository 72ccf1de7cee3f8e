/* external.c -- external solvers: defined, asked, measured, ended (external.h). */
#include "external/external.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "common/xmem.h"
#include "external/sandbox.h"
#include "search/search.h"
#include "solvers/registry.h"

#define MAX_EXTERNALS 16

struct external_solver {
    solver entry;            /* its registry entry: name, claims; no solve function */
    char *name, *command, *summary;
    bool fresh;
    ubp_claims claims;       /* what its first line stated */
    ext_log log;
    ext_process process;     /* session mode: the running process, when running */
    bool running;
    double hello_seconds;
};

static external_solver *defined[MAX_EXTERNALS];
static int ndefined;
static uint64_t next_id = 1;

external_solver *external_of(const solver *s)
{
    for (int k = 0; k < ndefined; k++)
        if (&defined[k]->entry == s) return defined[k];
    return NULL;
}

const char *external_command(const external_solver *x)
{
    return x->command;
}

bool external_fresh(const external_solver *x)
{
    return x->fresh;
}

/* ---- starting and ending --------------------------------------------------------------------- */

/* Why a line, or the lack of one, is not what was expected: into out (EXT_ERR_MAX). */
static void describe_read(ext_read rc, const char *line, size_t len, const ext_process *p,
                          char *out)
{
    char quoted[4 * 120 + 4], status[32];
    switch (rc) {
    case EXT_LINE:
        ubp_quote(line, len, 120, quoted);
        snprintf(out, EXT_ERR_MAX, "'%s'", quoted);
        break;
    case EXT_TOO_LONG: snprintf(out, EXT_ERR_MAX, "a line over 1 MiB"); break;
    case EXT_TIMEOUT: snprintf(out, EXT_ERR_MAX, "nothing within the time allowed"); break;
    case EXT_MEMORY: snprintf(out, EXT_ERR_MAX, "memory past the limit"); break;
    case EXT_INTERRUPTED: snprintf(out, EXT_ERR_MAX, "interrupted"); break;
    case EXT_EOF:
        if (p->reaped) ext_status_text(p->status, status);
        else snprintf(status, sizeof status, "closed its output");
        char last[4 * 120 + 4];
        ubp_quote(ext_log_last_line(p->log), strlen(ext_log_last_line(p->log)), 120, last);
        snprintf(out, EXT_ERR_MAX, "%s before answering%s%.400s", status, last[0] ? "; stderr: " : "",
                 last);
        break;
    }
}

/* Starts x's process and reads its first line into *claims. Returns 0, or -1 with err. */
static int start(external_solver *x, uint64_t memory_limit, double deadline, ubp_claims *claims,
                 char *err)
{
    if (ext_process_start(&x->process, x->command, &x->log, memory_limit, err)) return -1;
    x->running = true;
    uint64_t peak = 0;
    for (;;) {
        char *line = NULL;
        size_t len = 0;
        ext_read rc = ext_process_read_line(&x->process, deadline, memory_limit, &peak, &line, &len);
        if (rc == EXT_LINE && ubp_comment(line)) continue;
        char why[UBP_ERR_MAX];
        if (rc == EXT_LINE && ubp_parse_hello(line, claims, why) == 0) return 0;
        if (rc == EXT_EOF) ext_process_wait(&x->process, 0.5);
        char said[EXT_ERR_MAX];
        describe_read(rc, line, len, &x->process, said);
        if (rc == EXT_LINE) snprintf(err, EXT_ERR_MAX, "its first line %.200s: %.200s", said, why);
        else snprintf(err, EXT_ERR_MAX, "no first line 'ubp 1 ...': %.400s", said);
        return -1;
    }
}

/* Where a sandboxed solver could not start (the shell's 126 or 127: no such program, or one it
 * may not run), what to say: a program under a hidden folder needs granting. */
static const char *cannot_start(const ext_process *p)
{
    bool sh = p->reaped && WIFEXITED(p->status) &&
              (WEXITSTATUS(p->status) == 126 || WEXITSTATUS(p->status) == 127);
    struct stat here;
    if (sandbox_on() && stat(".", &here) == 0 && !(here.st_mode & S_IXOTH))
        return "; in the sandbox the solver runs as nobody, and the current folder is closed to "
               "others (chmod o+rx, or --no-sandbox)";
    return sandbox_on() && sh ? "; in the sandbox, a program under a hidden folder ($HOME, /root, "
                                "/tmp, /run, an input or an output) needs --sandbox-read PATH, and "
                                "it runs as nobody: what it runs must be readable by others"
                              : "";
}

static void stop(external_solver *x, double grace)
{
    if (!x->running) return;
    ext_process_end(&x->process, grace);
    x->running = false;
}

external_solver *external_define(const char *spec, bool fresh, const char *log_path,
                                 double hello_seconds, char *err)
{
    const char *eq = strchr(spec, '=');
    if (!eq) {
        snprintf(err, EXT_ERR_MAX, "'%.60s' is not NAME=COMMAND", spec);
        return NULL;
    }
    if (!eq[1 + strspn(eq + 1, " \t")]) {
        snprintf(err, EXT_ERR_MAX, "'%.60s' has an empty command", spec);
        return NULL;
    }
    if (ndefined == MAX_EXTERNALS) {
        snprintf(err, EXT_ERR_MAX, "more than %d external solvers", MAX_EXTERNALS);
        return NULL;
    }
    external_solver *x = xcalloc(1, sizeof *x);
    x->name = xmalloc((size_t)(eq - spec) + 1);
    memcpy(x->name, spec, (size_t)(eq - spec));
    x->name[eq - spec] = '\0';
    x->command = xstrdup(eq + 1);
    x->fresh = fresh;
    x->hello_seconds = hello_seconds;
    x->entry.name = x->name;
    char reg[REGISTRY_ERR_MAX];
    if (registry_check(x->name, reg)) {
        snprintf(err, EXT_ERR_MAX, "%s", reg);
        free(x->name), free(x->command), free(x);
        return NULL;
    }
    if (ext_log_open(&x->log, log_path, err)) {
        free(x->name), free(x->command), free(x);
        return NULL;
    }
    if (log_path && sandbox_hide(log_path)) {
        snprintf(err, EXT_ERR_MAX, "%s: more paths to hide than the sandbox takes", x->name);
        ext_log_close(&x->log);
        free(x->name), free(x->command), free(x);
        return NULL;
    }
    char why[EXT_ERR_MAX];
    if (start(x, 0, search_now() + hello_seconds, &x->claims, why)) {
        stop(x, 0);
        snprintf(err, EXT_ERR_MAX, "%.24s (%.200s): %.500s%.200s", x->name, x->command, why,
                 cannot_start(&x->process));
        ext_log_close(&x->log);
        free(x->name), free(x->command), free(x);
        return NULL;
    }
    /* A session's process starts again at the first request: its sandbox is made then, once
     * the run's result files exist, so that it hides them too. */
    if (fresh || sandbox_on()) stop(x, EXT_GRACE_SECONDS);
    size_t n = strlen(x->command) + 64;
    x->summary = xmalloc(n);
    snprintf(x->summary, n, "external%s%s: %s", fresh ? ", a process a puzzle" : "",
             sandbox_on() ? ", sandboxed" : ", no sandbox", x->command);
    x->entry.summary = x->summary;
    x->entry.guarantee = x->claims.guarantee;
    x->entry.complete = x->claims.complete;
    x->entry.families = x->claims.families;   /* the others' puzzles are not sent: unsupported rows */
    x->entry.wide = true;   /* it reads puzzles as text: any key width */
    if (registry_add(&x->entry, SOLVER_EXTERNAL, x->command, reg)) {   /* checked above */
        snprintf(err, EXT_ERR_MAX, "%s", reg);
        return NULL;
    }
    if (ndefined == 0) atexit((void (*)(void))external_shutdown);
    defined[ndefined++] = x;
    return x;
}

int external_shutdown(void)
{
    int rc = 0;
    for (int k = 0; k < ndefined; k++) {
        stop(defined[k], EXT_GRACE_SECONDS);
        if (ext_log_close(&defined[k]->log)) rc = -1;
    }
    return rc;
}

/* ---- one request ----------------------------------------------------------------------------- */

static void set_message(solver_result *r, const char *format, const char *a, const char *b)
{
    size_t n = strlen(format) + strlen(a) + strlen(b) + 1;
    r->message = xmalloc(n);
    snprintf(r->message, n, format, a, b);
    r->note = r->message;
}

/* Fills r from a finished answer. */
static void take_answer(ubp_answer *a, solver_result *r)
{
    r->status = a->status;
    r->expanded = a->expanded, r->generated = a->generated, r->duplicates = a->duplicates;
    r->stats = a->stats, a->stats = NULL;
    if (a->status == SOLVE_SOLVED) r->text = a->notation, a->notation = NULL;   /* counted by its replay */
    if (a->status == SOLVE_GAVE_UP && a->text && a->text[0]) set_message(r, "%s%s", a->text, "");
}

external_measure external_solve(external_solver *x, const puzzle *p, const solver_budget *budget,
                                solver_result *r)
{
    search_limits limits;
    search_begin(&limits, NULL, budget, r);   /* no trace: its expansions are its own */
    r->expanded = r->generated = r->duplicates = UBP_UNCOUNTED;   /* until it says */
    r->peak_bytes = UBP_UNCOUNTED;   /* its tables are its own: peak_rss measures it */
    r->peak_frontier = r->iterations = UBP_UNCOUNTED;   /* no columns of theirs: in stats */
    external_measure m = {0, 0, 0, EXT_MEMORY_SAMPLED};
    uint64_t id = next_id++, byte_limit = budget->max_bytes;
    char request[UBP_REQUEST_MAX], why[EXT_ERR_MAX];
    int n = ubp_format_request(request, id, p, budget);

    /* The process: session mode's, started again if the last request ended it; or a new one. */
    double t0 = search_now(), cpu0 = 0;
    double deadline = budget->max_seconds > 0 ? t0 + budget->max_seconds : 0;
    if (!x->running) {
        ubp_claims claims;
        double hello = x->fresh ? deadline : search_now() + x->hello_seconds;
        if (start(x, byte_limit, hello, &claims, why)) {
            r->status = x->process.reaped || x->process.out_eof ? SOLVE_CRASHED : SOLVE_PROTOCOL_ERROR;
            set_message(r, "%s%s", why, "");
            stop(x, 0);
            m.seconds = search_now() - t0;
            return m;
        }
        if (claims.guarantee != x->claims.guarantee || claims.complete != x->claims.complete ||
            claims.families != x->claims.families) {
            r->status = SOLVE_PROTOCOL_ERROR;
            set_message(r, "its first line states other claims than at the start of the run%s%s", "", "");
            stop(x, 0);
            return m;
        }
    }
    ext_process *proc = &x->process;
    if (!x->fresh) {   /* session mode: the clock starts at the request */
        ext_process_reset_peak(proc);
        cpu0 = ext_process_cpu(proc);
        t0 = search_now();
        deadline = budget->max_seconds > 0 ? t0 + budget->max_seconds : 0;
    }
    bool written = ext_process_write(proc, request, (size_t)n) == 0;
    if (x->fresh) ext_process_close_stdin(proc);

    ubp_answer a = {.expanded = UBP_UNCOUNTED, .generated = UBP_UNCOUNTED, .duplicates = UBP_UNCOUNTED};
    ext_read rc = EXT_EOF;
    char *line = NULL;
    size_t len = 0;
    int protocol = 0;
    while (written && !a.done) {
        rc = ext_process_read_line(proc, deadline, byte_limit, &m.peak_rss, &line, &len);
        if (rc != EXT_LINE) break;
        char err[UBP_ERR_MAX];
        if (ubp_read_line(line, id, p, &a, err) < 0) {
            char quoted[4 * 120 + 4];
            ubp_quote(line, len, 120, quoted);
            set_message(r, "%s: '%s'", err, quoted);
            protocol = 1;
            break;
        }
    }
    if (!x->fresh) m.seconds = search_now() - t0;

    bool ends = x->fresh || protocol || !a.done;
    if (a.done && !protocol) take_answer(&a, r);
    else if (protocol) r->status = SOLVE_PROTOCOL_ERROR;
    else if (rc == EXT_TIMEOUT || rc == EXT_MEMORY || rc == EXT_INTERRUPTED) {
        r->status = SOLVE_BUDGET;
        r->budget_hit = rc == EXT_TIMEOUT ? "seconds" : rc == EXT_MEMORY ? "bytes" : "interrupted";
    } else if (rc == EXT_TOO_LONG) {
        r->status = SOLVE_PROTOCOL_ERROR;
        set_message(r, "a line over 1 MiB%s%s", "", "");
    } else {   /* no answer: it ended, or closed its output */
        ext_process_wait(proc, 0.5);
        if (ext_process_oom_killed(proc)) {   /* by the kernel, at the cgroup's memory limit */
            r->status = SOLVE_BUDGET;
            r->budget_hit = "bytes";
        } else {
            describe_read(EXT_EOF, NULL, 0, proc, why);
            r->status = SOLVE_CRASHED;
            set_message(r, "%s%s", why, "");
        }
    }
    ubp_answer_free(&a);
    m.memory_method = ext_process_memory_method(proc);
    bool cgroup = m.memory_method != EXT_MEMORY_SAMPLED;
    if (!x->fresh) {
        m.cpu_seconds = ext_process_cpu(proc) - cpu0;
        uint64_t peak = ext_process_peak(proc);   /* a cgroup's count is the kernel's: it stands */
        if (cgroup || peak > m.peak_rss) m.peak_rss = peak;
    }
    if (ends) {
        /* Fresh mode: the answer is in, the solver may exit by itself (its stdin is closed);
         * else it misbehaved and ends now. */
        stop(x, x->fresh && r->status != SOLVE_BUDGET ? EXT_GRACE_SECONDS : 0);
        if (x->fresh) {   /* to the solver's exit, not to the end of what it left running */
            m.seconds = (proc->reaped ? proc->exited : search_now()) - t0;
            m.cpu_seconds = ext_process_cpu(proc);
            uint64_t rss = (uint64_t)proc->usage.ru_maxrss * 1024;
            if (cgroup) m.peak_rss = ext_process_peak(proc);
            else if (rss >= m.peak_rss) m.peak_rss = rss, m.memory_method = EXT_MEMORY_WAIT4;
        }
    }
    return m;
}
