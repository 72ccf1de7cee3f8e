/* enumerate.c -- bin/enumerate: every cluster of a puzzle space, its database, its statistics;
 * in shards across machines, each resumable, and a merge that checks every shard is there once.
 *
 * The shard I of M takes the units I, I + M, I + 2M, ... (round robin, so that every shard gets
 * its share of small and large units). Its threads take the shard's units in turn; a unit's
 * results are folded into the totals strictly in unit order, so "the first units_done units are
 * in" is always true of the totals, and that is what a checkpoint records: an interrupted shard
 * resumes after them. Lines are sorted before they are written, so the output does not depend
 * on the number of threads, shards, or interruptions. */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "common/outfile.h"
#include "search/search.h"
#include "space/explore.h"
#include "space/shardfile.h"
#include "space/space.h"

#ifdef USE_JEMALLOC
#include <jemalloc/jemalloc.h>
/* Read by jemalloc as it starts: one arena for every thread. With an arena per thread, the
 * second worker's first allocation set one up, and where address space ran short (ulimit -v)
 * jemalloc crashed doing so instead of failing the allocation (tests/test_space.c). The
 * workers allocate rarely, tables once per unit, so one shared arena costs them nothing
 * measurable (README "The puzzle space"). */
const char *malloc_conf = "narenas:1";
#endif

#define EXIT_ERROR 1              /* bin/enumerate's own: out of memory, a limit of the numbering */
#define WINDOW 1024               /* units explored ahead of the folded prefix, at most */
#define CHECKPOINT_SECONDS 30.0

static const char *usage =
    "usage: enumerate --size N [--walls K] [--shard I/M] [--jobs J] [--out FILE]\n"
    "                 [--stats FILE] [--checkpoint FILE] [--no-mirror]\n"
    "       enumerate merge [--out FILE] [--stats FILE] SHARD_FILE...\n"
    "Explores every cluster of the N x N puzzle space with up to K walls (README \"The puzzle\n"
    "space\") and writes its database: one line 'MOVES BOARD CLUSTER_SIZE' per solvable cluster\n"
    "whose hardest state is minimal, most moves first, under a '# enumerate {...}' header with\n"
    "the statistics (schema/enumerate.schema.json). The file is a corpus for bin/bench.\n"
    "\n"
    "  --size N          board size, 4 to 8\n"
    "  --walls K         at most K walls (default 0)\n"
    "  --shard I/M       only shard I of M (0 <= I < M): units I, I+M, I+2M, ...\n"
    "  --jobs J          threads (default: the online processors)\n"
    "  --out FILE        the database (default standard output)\n"
    "  --stats FILE      the statistics alone, as JSON\n"
    "  --checkpoint FILE where progress is kept (default FILE.checkpoint with --out): every\n"
    "                    30 s and on SIGINT/SIGTERM; a run finding it resumes from it\n"
    "  --no-mirror       expand every state: on 5x5, whose middle row is the primary's, each\n"
    "                    unit otherwise also reports its top-bottom mirror image (same lines)\n"
    "  --no-progress     no progress line (it is shown only on a terminal anyway)\n"
    "  -h, --help        this text\n"
    "  --version         the version and commit\n"
    "\n"
    "merge: reads the shard files of one run (every shard of the same M exactly once, each\n"
    "complete) and writes the database and statistics of the whole space, as one run would.\n"
    "\n"
    "Exit status: 0 done, 1 a unit could not be explored (out of memory, or a limit of the\n"
    "numbering; stderr says which), 2 bad input or usage or an output that could not be\n"
    "written, 130 (SIGINT) or 143 (SIGTERM) interrupted, progress kept in the checkpoint.\n";

enum { OPT_VERSION = CLI_OPT_VERSION, OPT_SIZE = 1000, OPT_WALLS, OPT_SHARD, OPT_JOBS, OPT_OUT,
       OPT_STATS, OPT_CHECKPOINT, OPT_NO_PROGRESS, OPT_NO_MIRROR };

typedef struct {
    int size, walls, shard, shards, jobs;
    const char *out, *stats, *checkpoint;
    char checkpoint_buf[4096];
    bool progress, mirror;
} options;

typedef struct {
    bool done;
    space_stats stats;
    space_puzzles lines;
} slot;

typedef struct {
    options o;
    space space;
    uint64_t shard_units;     /* units of this shard */
    uint64_t next;            /* the next of them to hand out */
    uint64_t folded;          /* the first `folded` are in the totals */
    slot *window;
    space_stats total;
    space_puzzles lines;
    int error;                /* 0, or the exit status of a failure */
    int waiting;              /* workers waiting for the window to move */
    double started, earlier_seconds, earlier_cpu, last_checkpoint;
    pthread_mutex_t lock;
    pthread_cond_t moved;
} run;

/* Every error exit says why in one line; this one for a failed allocation. */
static int out_of_memory(void)
{
    fprintf(stderr, "enumerate: out of memory\n");
    return EXIT_ERROR;
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

static shard_meta meta_of(const run *r, bool complete)
{
    return (shard_meta){.size = r->o.size, .walls = r->o.walls, .shard = r->o.shard,
                        .shards = r->o.shards, .mirror = r->o.mirror, .units_done = r->folded, .complete = complete,
                        .seconds = r->earlier_seconds + search_now() - r->started,
                        .cpu_seconds = r->earlier_cpu + cpu_seconds(), .jobs = r->o.jobs};
}

/* The totals so far, to the checkpoint (called with the lock held). */
static int write_checkpoint(run *r)
{
    if (!r->o.checkpoint) return 0;
    char err[SHARDFILE_ERR_MAX];
    shard_meta m = meta_of(r, false);
    if (shardfile_write(r->o.checkpoint, &m, &r->total, &r->lines, err)) {
        fprintf(stderr, "enumerate: %s\n", err);
        return -1;
    }
    r->last_checkpoint = search_now();
    return 0;
}

/* Folds finished units into the totals in unit order (lock held). */
static void fold(run *r)
{
    for (slot *s; (s = &r->window[r->folded % WINDOW])->done; r->folded++) {
        space_stats_add(&r->total, &s->stats);
        for (uint64_t k = 0; k < s->lines.count; k++)
            if (space_puzzles_push(&r->lines, &s->lines.item[k]) && !r->error) r->error = out_of_memory();
        space_puzzles_free(&s->lines);
        s->done = false;
    }
    /* Only when someone waits for it: the main thread sleeps in 200 ms steps anyway, and waking
     * it after every unit cost 2% of the run in futex calls (5x5 with a wall: 4,864 units). */
    if (r->waiting || r->folded == r->shard_units || r->error) pthread_cond_broadcast(&r->moved);
    if (search_now() - r->last_checkpoint > CHECKPOINT_SECONDS && write_checkpoint(r)) r->error = EXIT_BAD_INPUT;
}

static void *worker(void *arg)
{
    run *r = arg;
    space_explorer *e = space_explorer_new(&r->space);
    pthread_mutex_lock(&r->lock);
    if (!e) r->error = out_of_memory();
    else space_explorer_use_mirror(e, r->o.mirror);
    for (;;) {
        while (!r->error && !cli_stopping_signal && r->next < r->shard_units && r->next >= r->folded + WINDOW)
            r->waiting++, pthread_cond_wait(&r->moved, &r->lock), r->waiting--;
        if (r->error || cli_stopping_signal || r->next >= r->shard_units) break;
        uint64_t k = r->next++;
        pthread_mutex_unlock(&r->lock);
        slot result = {.done = true};
        space_stats_init(&result.stats);
        int rc = space_explore_unit(e, (uint64_t)r->o.shard + k * (uint64_t)r->o.shards, &result.lines,
                                    &result.stats, &cli_stopping_signal);
        pthread_mutex_lock(&r->lock);
        if (rc == SPACE_STOPPED) {   /* unfinished, so never folded: a resumed run does it again */
            space_puzzles_free(&result.lines);
            break;
        }
        if (rc) {
            fprintf(stderr, "enumerate: unit %llu: %s\n",
                    (unsigned long long)((uint64_t)r->o.shard + k * (uint64_t)r->o.shards),
                    space_explorer_failure(e));
            space_puzzles_free(&result.lines);
            r->error = EXIT_ERROR;
            break;
        }
        r->window[k % WINDOW] = result;
        fold(r);
    }
    pthread_cond_broadcast(&r->moved);
    pthread_mutex_unlock(&r->lock);
    space_explorer_free(e);
    return NULL;
}

static void show_progress(run *r)
{
    pthread_mutex_lock(&r->lock);
    double elapsed = search_now() - r->started, done = (double)r->folded, all = (double)r->shard_units;
    uint64_t states = r->total.states, lines = r->lines.count;
    pthread_mutex_unlock(&r->lock);
    char eta[32] = "?";
    if (done > 0) snprintf(eta, sizeof eta, "%.0f s", elapsed * (all - done) / done);
    fprintf(stderr, "\renumerate: units %.0f/%.0f, %llu states, %llu lines, %.0f s, ETA %s   ", done, all,
            (unsigned long long)states, (unsigned long long)lines, elapsed, eta);
}

/* Picks up a checkpoint of the same space and shard, if there is one. */
static int resume(run *r)
{
    struct stat st;
    if (!r->o.checkpoint || stat(r->o.checkpoint, &st) != 0) return 0;
    char err[SHARDFILE_ERR_MAX];
    shard_meta m;
    if (shardfile_read(r->o.checkpoint, &m, &r->total, &r->lines, err)) {
        fprintf(stderr, "enumerate: %s\n", err);
        return -1;
    }
    if (m.size != r->o.size || m.walls != r->o.walls || m.shard != r->o.shard || m.shards != r->o.shards ||
        m.mirror != r->o.mirror) {
        fprintf(stderr, "enumerate: %s: a checkpoint of size %d, walls %d, shard %d/%d%s, not of this run\n",
                r->o.checkpoint, m.size, m.walls, m.shard, m.shards,
                !m.mirror && space_has_mirror(&r->space) ? ", --no-mirror" : "");
        return -1;
    }
    r->folded = r->next = m.units_done;
    r->earlier_seconds = m.seconds, r->earlier_cpu = m.cpu_seconds;
    return 0;
}

static int write_outputs(const options *o, shard_meta *m, space_stats *total, space_puzzles *lines)
{
    char err[SHARDFILE_ERR_MAX];
    if (shardfile_write(o->out ? o->out : "-", m, total, lines, err)) {
        fprintf(stderr, "enumerate: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (o->stats) {
        json_t *h = shardfile_header(m, total);
        char *text = json_dumps(h, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(h);
        size_t len = text ? strlen(text) : 0;
        char *with_newline = text ? realloc(text, len + 2) : NULL;
        if (!with_newline) {
            free(text);
            fprintf(stderr, "enumerate: out of memory\n");
            return EXIT_ERROR;
        }
        with_newline[len] = '\n', with_newline[len + 1] = 0;
        char oerr[OUTFILE_ERR_MAX];
        int rc = outfile_write_all(o->stats, with_newline, len + 1, oerr);
        free(with_newline);
        if (rc) {
            fprintf(stderr, "enumerate: %s\n", oerr);
            return EXIT_BAD_INPUT;
        }
    }
    return 0;
}

static int enumerate(const options *o)
{
    run *r = calloc(1, sizeof *r);
    if (!r) return out_of_memory();
    r->o = *o;
    char err[SPACE_ERR_MAX];
    if (space_init(&r->space, o->size, o->walls, err)) {
        fprintf(stderr, "enumerate: %s\n", err);
        free(r);
        return EXIT_BAD_INPUT;
    }
    r->o.mirror = o->mirror && space_has_mirror(&r->space);   /* what the header says of the run */
    r->shard_units = r->space.units / (uint64_t)o->shards +
                     ((uint64_t)o->shard < r->space.units % (uint64_t)o->shards);
    r->window = calloc(WINDOW, sizeof *r->window);
    space_stats_init(&r->total);
    r->started = r->last_checkpoint = search_now();
    int status = 0;
    if (!r->window) status = out_of_memory();
    else if (resume(r)) status = EXIT_BAD_INPUT;
    if (status) goto done;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->moved, NULL);
    cli_catch_interrupts();
    pthread_t thread[256];
    int started = 0;
    for (; started < o->jobs; started++)
        if (pthread_create(&thread[started], NULL, worker, r)) break;
    bool progress = o->progress && isatty(2);
    pthread_mutex_lock(&r->lock);
    while (started && r->folded < r->shard_units && !r->error && !cli_stopping_signal) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 200 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&r->moved, &r->lock, &until);
        if (progress) {
            pthread_mutex_unlock(&r->lock);
            show_progress(r);
            pthread_mutex_lock(&r->lock);
        }
    }
    pthread_mutex_unlock(&r->lock);
    for (int t = 0; t < started; t++) pthread_join(thread[t], NULL);
    if (progress) show_progress(r), fputc('\n', stderr);
    if (!started) {
        fprintf(stderr, "enumerate: could not start a thread\n");
        status = EXIT_ERROR;
    }
    else if (r->error) status = r->error;
    else if (r->folded < r->shard_units) {   /* interrupted: keep what is done */
        status = write_checkpoint(r) ? EXIT_BAD_INPUT : 128 + cli_stopping_signal;
        fprintf(stderr, "enumerate: interrupted after %llu of %llu units; %s\n",
                (unsigned long long)r->folded, (unsigned long long)r->shard_units,
                r->o.checkpoint ? "run again to resume" : "no checkpoint (give --out or --checkpoint)");
    } else {
        shard_meta m = meta_of(r, true);
        status = write_outputs(o, &m, &r->total, &r->lines);
        if (!status && o->checkpoint) remove(o->checkpoint);
    }
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->moved);
done:
    for (int k = 0; k < WINDOW && r->window; k++) space_puzzles_free(&r->window[k].lines);
    free(r->window);
    space_puzzles_free(&r->lines);
    space_free(&r->space);
    free(r);
    return status;
}

/* ---- merge ---------------------------------------------------------------------------------- */

static int merge(const options *o, char *const *paths, int count)
{
    if (count < 1) {
        fprintf(stderr, "enumerate merge: no shard files (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    space_stats total;
    space_stats_init(&total);
    space_puzzles lines = {0};
    shard_meta all = {0};
    char *seen = NULL, err[SHARDFILE_ERR_MAX];
    int status = 0;
    for (int k = 0; k < count && !status; k++) {
        shard_meta m;
        space_stats st;
        if (shardfile_read(paths[k], &m, &st, &lines, err)) {
            fprintf(stderr, "enumerate merge: %s\n", err);
            status = EXIT_BAD_INPUT;
            break;
        }
        if (k == 0) {
            all = m;
            all.seconds = all.cpu_seconds = 0, all.units_done = 0;
            seen = calloc((size_t)m.shards, 1);
            if (!seen) return out_of_memory();
        }
        const char *why = !m.complete ? "is a checkpoint, not a finished shard"
                          : m.size != all.size || m.walls != all.walls ? "is of another space"
                          : m.shards != all.shards ? "is of a run cut into another number of shards"
                          : m.mirror != all.mirror ? "is of a run with mirror images and one without (--no-mirror)"
                          : seen[m.shard] ? "repeats a shard already read"
                                          : NULL;
        if (why) {
            fprintf(stderr, "enumerate merge: %s: shard %d/%d %s\n", paths[k], m.shard, m.shards, why);
            status = EXIT_BAD_INPUT;
            break;
        }
        seen[m.shard] = 1;
        space_stats_add(&total, &st);
        all.seconds = m.seconds > all.seconds ? m.seconds : all.seconds;
        all.cpu_seconds += m.cpu_seconds;
        all.units_done += m.units_done;
    }
    for (int s = 0; !status && s < all.shards; s++)
        if (!seen[s]) {
            fprintf(stderr, "enumerate merge: shard %d/%d is missing\n", s, all.shards);
            status = EXIT_BAD_INPUT;
        }
    if (!status) {
        all.shard = 0, all.shards = 1, all.complete = true;
        status = write_outputs(o, &all, &total, &lines);
    }
    free(seen);
    space_puzzles_free(&lines);
    return status;
}

/* ---- options -------------------------------------------------------------------------------- */

static int parse_shard(const char *text, options *o)
{
    int i, m, end = 0;
    if (sscanf(text, "%d/%d%n", &i, &m, &end) != 2 || text[end] || m < 1 || i < 0 || i >= m) {
        fprintf(stderr, "enumerate: --shard: '%s' is not I/M with 0 <= I < M\n", text);
        return -1;
    }
    o->shard = i, o->shards = m;
    return 0;
}

int main(int argc, char **argv)
{
    cli_begin();
    static const struct option long_options[] = {
        {"size", required_argument, NULL, OPT_SIZE},
        {"walls", required_argument, NULL, OPT_WALLS},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"jobs", required_argument, NULL, OPT_JOBS},
        {"out", required_argument, NULL, OPT_OUT},
        {"stats", required_argument, NULL, OPT_STATS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
        {"no-mirror", no_argument, NULL, OPT_NO_MIRROR},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, OPT_VERSION},
        {0, 0, 0, 0}};
    bool merging = argc > 1 && strcmp(argv[1], "merge") == 0;
    if (merging) argc--, argv++;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    options o = {.size = 0, .shards = 1, .jobs = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus, .progress = true, .mirror = true};
    int code;
    opterr = 0;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, long_options, NULL)) != -1) {
        int c = cli_common_option("enumerate", usage, code, argv);
        if (c < 0) return EXIT_BAD_INPUT;
        if (c == 0) continue;
        switch (code) {
        case OPT_SIZE:
            if (cli_parse_int("enumerate", "--size", optarg, SPACE_MIN_SIZE, SPACE_MAX_SIZE, &o.size)) return EXIT_BAD_INPUT;
            break;
        case OPT_WALLS:
            if (cli_parse_int("enumerate", "--walls", optarg, 0, 8, &o.walls)) return EXIT_BAD_INPUT;
            break;
        case OPT_SHARD:
            if (parse_shard(optarg, &o)) return EXIT_BAD_INPUT;
            break;
        case OPT_JOBS:
            if (cli_parse_int("enumerate", "--jobs", optarg, 1, 256, &o.jobs)) return EXIT_BAD_INPUT;
            break;
        case OPT_OUT: o.out = optarg; break;
        case OPT_STATS: o.stats = optarg; break;
        case OPT_CHECKPOINT: o.checkpoint = optarg; break;
        case OPT_NO_PROGRESS: o.progress = false; break;
        case OPT_NO_MIRROR: o.mirror = false; break;
        }
    }
    if (merging) return merge(&o, argv + optind, argc - optind);
    if (optind < argc) {
        fprintf(stderr, "enumerate: unexpected argument '%s' (see --help)\n", argv[optind]);
        return EXIT_BAD_INPUT;
    }
    if (!o.size) {
        fprintf(stderr, "enumerate: --size is required (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    if (!o.checkpoint && o.out && strcmp(o.out, "-") != 0) {
        snprintf(o.checkpoint_buf, sizeof o.checkpoint_buf, "%s.checkpoint", o.out);
        o.checkpoint = o.checkpoint_buf;
    }
    return enumerate(&o);
}
