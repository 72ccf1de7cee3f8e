/* describe.c -- what a result file says about its run: the machine, the build, the
 * configuration, the conditions of measurement (load, governor, affinity, clock), and the
 * checksum that ties the rows of one run's shards together. */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "bench/bench.h"
#include "common/outfile.h"
#include "common/xmem.h"
#include "common/cpu.h"
#include "external/external.h"
#include "external/sandbox.h"
#include "generated/build_info.h"
#include "solvers/registry.h"

void bench_input_begin(bench_input *in)
{
    in->count = 0;
    in->state = XXH3_createState();
    XXH3_64bits_reset(in->state);
}

void bench_input_add(bench_input *in, const puzzle *p)
{
    char text[PUZZLE_NAME_MAX + 64], id[17];
    puzzle_id(p, id);
    int n = snprintf(text, sizeof text, "%s %d %s\n", id, p->optimal, p->name);
    XXH3_64bits_update(in->state, text, (size_t)n);
    in->count++;
}

void bench_input_end(bench_input *in)
{
    in->digest = XXH3_64bits_digest(in->state);
    XXH3_freeState(in->state);
    in->state = NULL;
}

void bench_run_checksum(const bench_options *o, const bench_input *in, char out[17])
{
    char text[16384];
    int n = snprintf(text, sizeof text, "solvers=");
    for (int s = 0; s < o->nsetups; s++) {
        char label[SETUP_LABEL_MAX], params[SETUP_PARAMS_MAX];
        setup_label(&o->setup[s], label);
        setup_params_text(&o->setup[s], -1, params);
        n += snprintf(text + n, sizeof text - (size_t)n, "%s(%s),", label, params);
        /* What a solver that is not built in runs: the external command and its mode, the
         * plugin's path. */
        const solver *sv = o->setup[s].s;
        external_solver *x = external_of(sv);
        if (x)
            n += snprintf(text + n, sizeof text - (size_t)n, "[external%s%s: %s],",
                          external_fresh(x) ? ", fresh" : "", sandbox_on() ? "" : ", no sandbox",
                          external_command(x));
        else if (registry_origin(sv) == SOLVER_PLUGIN)
            n += snprintf(text + n, sizeof text - (size_t)n, "[plugin: %s],", registry_where(sv));
        if (n >= (int)sizeof text) n = (int)sizeof text - 1;
    }
    const timing_plan *t = &o->timing;
    n += snprintf(text + n, sizeof text - (size_t)n,
                  ";states=%llu;bytes=%llu;seconds=%.17g;repeat=%d;warmup=%d;min_time=%.17g;"
                  "verify=%d;puzzles=%d;input=%016llx",
                  (unsigned long long)t->budget.max_states, (unsigned long long)t->budget.max_bytes,
                  t->budget.max_seconds, t->repeat, t->warmup, t->min_seconds, o->verify,
                  in->count, (unsigned long long)in->digest);
    snprintf(out, 17, "%016llx", (unsigned long long)XXH3_64bits(text, (size_t)n));
}

/* The first line of a small file, or NULL. */
static json_t *file_line(const char *path)
{
    char line[256];
    FILE *f = fopen(path, "r");
    if (!f) return json_null();
    bool ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!ok) return json_null();
    line[strcspn(line, "\n")] = '\0';
    return json_string(line);
}

static json_t *load_average(void)
{
    double load[3];
    if (getloadavg(load, 3) != 3) return json_null();
    return json_pack("[f, f, f]", load[0], load[1], load[2]);
}

static json_t *cpu_model(void)
{
    char line[256];
    FILE *f = fopen("/proc/cpuinfo", "r");
    json_t *model = json_null();
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0 && strchr(line, ':')) {
            line[strcspn(line, "\n")] = '\0';
            model = json_string(strchr(line, ':') + 2);
            break;
        }
    if (f) fclose(f);
    return model;
}

static json_t *affinity(void)
{
    cpu_set_t set;
    json_t *cpus = json_array();
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set)) json_array_append_new(cpus, json_integer(c));
    return cpus;
}

/* Which path of the vector code ran (UNBLOCK_CPU, common/cpu.h), whether external solvers run
 * sandboxed, and what --sandbox-read and --sandbox-write grant. */
static void describe_setup(json_t *m)
{
    json_object_set_new(m, "cpu_path", json_string(cpu_path_name(cpu_in_force())));
    const char *const *paths;
    json_object_set_new(m, "sandbox", json_boolean(sandbox_on()));
    for (int w = 0; w < 2; w++) {
        int n = w ? sandbox_writes(&paths) : sandbox_reads(&paths);
        json_t *list = json_array();
        for (int k = 0; k < n; k++) json_array_append_new(list, json_string(paths[k]));
        json_object_set_new(m, w ? "sandbox_write" : "sandbox_read", list);
    }
}

json_t *bench_describe_begin(const bench_options *o, const bench_input *in, int argc,
                             char **argv)
{
    json_t *m = json_object();
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    json_object_set_new(m, "date", json_string(date));
    struct utsname u;
    if (uname(&u) == 0) {
        char system[512];
        snprintf(system, sizeof system, "%s %s %s", u.sysname, u.release, u.machine);
        json_object_set_new(m, "host", json_string(u.nodename));
        json_object_set_new(m, "system", json_string(system));
    }
    json_object_set_new(m, "cpu", cpu_model());
    json_object_set_new(m, "cores", json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
    json_object_set_new(m, "governor",
                        file_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"));
    json_object_set_new(m, "affinity", affinity());
    json_object_set_new(m, "pinned_cpu", o->cpu >= 0 ? json_integer(o->cpu) : json_null());
    struct timespec res;
    clock_getres(CLOCK_MONOTONIC, &res);
    json_object_set_new(m, "clock_resolution_seconds",
                        json_real((double)res.tv_sec + (double)res.tv_nsec * 1e-9));
    json_object_set_new(m, "load_average_before", load_average());
    json_object_set_new(m, "version", json_string(CLI_VERSION));
    json_object_set_new(m, "commit", json_string(BUILD_COMMIT));
    json_object_set_new(m, "compiler", json_string(__VERSION__));
    json_object_set_new(m, "flags", json_string(BUILD_FLAGS));
    json_object_set_new(m, "peak_bytes_source",
                        json_string(xmem_peak_available() ? "jemalloc thread.peak over each run"
                                                          : "unavailable in this build"));
    json_t *solvers = json_array();
    json_t *params = json_object();
    for (int s = 0; s < o->nsetups; s++) {
        char label[SETUP_LABEL_MAX], text[SETUP_PARAMS_MAX];
        setup_label(&o->setup[s], label);
        setup_params_text(&o->setup[s], -1, text);
        json_array_append_new(solvers, json_string(label));
        json_object_set_new(params, label, json_string(text));
    }
    json_object_set_new(m, "solvers", solvers);
    json_object_set_new(m, "params", params);
    const timing_plan *t = &o->timing;
    json_object_set_new(m, "budget", json_pack("{s:I, s:I, s:f}", "max_states",
                                               (json_int_t)t->budget.max_states, "max_bytes",
                                               (json_int_t)t->budget.max_bytes, "max_seconds",
                                               t->budget.max_seconds));
    json_object_set_new(m, "repeat", json_integer(t->repeat));
    json_object_set_new(m, "warmup", json_integer(t->warmup));
    json_object_set_new(m, "min_time_seconds", json_real(t->min_seconds));
    json_object_set_new(m, "verify", json_boolean(o->verify));
    json_object_set_new(m, "shard", json_pack("{s:i, s:i}", "k", o->shard_k, "n", o->shard_n));
    json_object_set_new(m, "puzzles", json_integer(in->count));
    char run[17];
    bench_run_checksum(o, in, run);
    json_object_set_new(m, "run", json_string(run));
    json_t *command = json_array();
    for (int i = 0; i < argc; i++) json_array_append_new(command, json_string(argv[i]));
    json_object_set_new(m, "command", command);
    describe_setup(m);
    return m;
}

void bench_describe_end(json_t *meta, bool complete, const char *interrupted_by,
                        const reference_memo *memo)
{
    reference_memo_counts n = reference_memo_count(memo);
    json_object_set_new(meta, "reference", json_pack("{s I s I s I}", "searches", (json_int_t)n.searches,
                                                     "clusters", (json_int_t)n.clusters,
                                                     "answered", (json_int_t)n.answered));
    json_object_set_new(meta, "load_average_after", load_average());
    json_object_set_new(meta, "complete", json_boolean(complete));
    json_object_set_new(meta, "interrupted_by",
                        interrupted_by ? json_string(interrupted_by) : json_null());
}

/* ---- the command, for --resume DIR -------------------------------------------------------- */

int bench_command_save(const char *dir, int argc, char **argv, char *err)
{
    char path[4096], cwd[4096];
    snprintf(path, sizeof path, "%s/run.json", dir);
    if (!getcwd(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, ".");
    json_t *args = json_array();
    for (int k = 0; k < argc; k++) json_array_append_new(args, json_string(argv[k]));
    json_t *doc = json_pack("{s:o, s:s}", "command", args, "folder", cwd);
    describe_setup(doc);
    char *text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
    json_decref(doc);
    char oerr[OUTFILE_ERR_MAX];
    int rc = text ? outfile_write_all(path, text, strlen(text), oerr) : -1;
    if (rc) snprintf(err, 512, "%.500s", text ? oerr : "out of memory");
    free(text);
    return rc;
}

int bench_command_load(const char *dir, int *argc, char ***argv, char *folder, size_t n, char *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    json_t *args = doc ? json_object_get(doc, "command") : NULL;
    json_t *cwd = doc ? json_object_get(doc, "folder") : NULL;
    bool ok = json_is_array(args) && json_array_size(args) > 0 && json_is_string(cwd);
    for (size_t k = 0; ok && k < json_array_size(args); k++) ok = json_is_string(json_array_get(args, k));
    if (!ok) {
        snprintf(err, 512, "%.300s: %.200s", path, doc ? "not the command of a run" : e.text);
        json_decref(doc);
        return -1;
    }
    *argc = (int)json_array_size(args);
    *argv = xcalloc((size_t)*argc + 1, sizeof **argv);
    for (int k = 0; k < *argc; k++) (*argv)[k] = xstrdup(json_string_value(json_array_get(args, (size_t)k)));
    snprintf(folder, n, "%s", json_string_value(cwd));
    json_decref(doc);
    return 0;
}
