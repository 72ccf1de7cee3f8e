/* run.c -- a run of the enumerator over one shard (run.h), on threads, resumable.
 *
 * The shard's threads take its units in turn; a unit's results are folded into the totals
 * strictly in unit order, so "the first units_done units are in" is always true of the totals,
 * and that is what a checkpoint records: an interrupted shard resumes after them. Lines are
 * sorted before they are written, so the output does not depend on the number of threads,
 * shards, or interruptions. The space and its units are the family's (family_space.h): the
 * runner knows none. */
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
#include "space/family_space.h"
#include "space/output.h"
#include "space/run.h"
#include "space/shardfile.h"

#define WINDOW 1024               /* units explored ahead of the folded prefix, at most */
#define CHECKPOINT_SECONDS 30.0

typedef struct {
    bool done;
    space_stats stats;
    space_puzzles lines;
} slot;

typedef struct {
    space_run_options o;
    const space_family *sf;   /* the family's space */
    void *space;              /* the space explored */
    bool has_mirror;          /* the space has mirror images (whether o asked for them or not) */
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

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

static shard_meta meta_of(const run *r, bool complete)
{
    return (shard_meta){.family = r->o.family, .size = r->o.size,
                        .height = r->o.height, .walls = r->o.walls, .shard_k = r->o.shard_k,
                        .shard_n = r->o.shard_n, .mirror = r->o.mirror, .units_done = r->folded, .complete = complete,
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
            if (space_puzzles_push(&r->lines, &s->lines.item[k]) && !r->error) r->error = space_out_of_memory();
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
    void *e = r->sf->explorer_new(r->space, r->o.mirror);
    pthread_mutex_lock(&r->lock);
    if (!e) r->error = space_out_of_memory();
    for (;;) {
        while (!r->error && !cli_stopping_signal && r->next < r->shard_units && r->next >= r->folded + WINDOW)
            r->waiting++, pthread_cond_wait(&r->moved, &r->lock), r->waiting--;
        if (r->error || cli_stopping_signal || r->next >= r->shard_units) break;
        uint64_t k = r->next++;
        pthread_mutex_unlock(&r->lock);
        slot result = {.done = true};
        space_stats_init(&result.stats);
        int rc = r->sf->explore_unit(e, (uint64_t)(r->o.shard_k - 1) + k * (uint64_t)r->o.shard_n,
                                     &result.lines, &result.stats, &cli_stopping_signal);
        pthread_mutex_lock(&r->lock);
        if (rc == SPACE_STOPPED) {   /* unfinished, so never folded: a resumed run does it again */
            space_puzzles_free(&result.lines);
            break;
        }
        if (rc) {   /* one line: the first thread to fail says why */
            if (!r->error)
                fprintf(stderr, "enumerate: unit %llu: %s\n",
                        (unsigned long long)((uint64_t)(r->o.shard_k - 1) + k * (uint64_t)r->o.shard_n),
                        r->sf->explorer_failure(e));
            space_puzzles_free(&result.lines);
            r->error = SPACE_EXIT_ERROR;
            break;
        }
        r->window[k % WINDOW] = result;
        fold(r);
    }
    pthread_cond_broadcast(&r->moved);
    pthread_mutex_unlock(&r->lock);
    if (e) r->sf->explorer_free(e);
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
    shard_meta want = meta_of(r, false);
    if (!shardfile_same_space(&m, &want) || m.shard_k != want.shard_k || m.shard_n != want.shard_n ||
        m.mirror != want.mirror) {
        char of[96];
        space_family_of(m.family)->describe(&m, of, sizeof of);
        fprintf(stderr, "enumerate: %s: a checkpoint of %s, shard %d/%d%s, not of this run\n",
                r->o.checkpoint, of, m.shard_k, m.shard_n,
                !m.mirror && m.family == r->o.family && r->has_mirror ? ", --no-mirror" : "");
        return -1;
    }
    r->folded = r->next = m.units_done;
    r->earlier_seconds = m.seconds, r->earlier_cpu = m.cpu_seconds;
    return 0;
}

int space_options_size(space_run_options *o, const char *size)
{
    return space_family_of(o->family)->options(o, size);
}

int space_run(const space_run_options *given)
{
    const space_family *sf = space_family_of(given->family);
    if (sf->run) return sf->run(given);
    space_run_options with = *given, *o = &with;
    char checkpoint[4096];
    if (!o->checkpoint && o->out && strcmp(o->out, "-") != 0) {
        snprintf(checkpoint, sizeof checkpoint, "%s.checkpoint", o->out);
        o->checkpoint = checkpoint;
    }
    run *r = calloc(1, sizeof *r);
    if (!r) return space_out_of_memory();
    r->o = *o;
    r->sf = sf;
    char err[SPACE_ERR_MAX];
    uint64_t units;
    if (!(r->space = sf->open(o, &units, &r->has_mirror, err))) {
        fprintf(stderr, "enumerate: %s\n", err);
        free(r);
        return EXIT_BAD_INPUT;
    }
    /* What the header says of the run: the mirror only where the space has one. */
    r->o.mirror = o->mirror && r->has_mirror;
    r->shard_units = units / (uint64_t)o->shard_n + ((uint64_t)(o->shard_k - 1) < units % (uint64_t)o->shard_n);
    r->window = calloc(WINDOW, sizeof *r->window);
    space_stats_init(&r->total);
    r->started = r->last_checkpoint = search_now();
    int status = 0;
    if (!r->window) status = space_out_of_memory();
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
        status = SPACE_EXIT_ERROR;
    }
    else if (r->error) status = r->error;
    else if (r->folded < r->shard_units) {   /* interrupted: keep what is done */
        status = write_checkpoint(r) ? EXIT_BAD_INPUT : 128 + cli_stopping_signal;
        fprintf(stderr, "enumerate: interrupted after %llu of %llu units; %s\n",
                (unsigned long long)r->folded, (unsigned long long)r->shard_units,
                r->o.checkpoint ? "run again to resume" : "no checkpoint (give --out or --checkpoint)");
    } else {
        shard_meta m = meta_of(r, true);
        status = space_write_outputs(o, &m, &r->total, &r->lines);
        if (!status && o->checkpoint) remove(o->checkpoint);
    }
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->moved);
done:
    for (int k = 0; k < WINDOW && r->window; k++) space_puzzles_free(&r->window[k].lines);
    free(r->window);
    space_puzzles_free(&r->lines);
    sf->close(r->space);
    free(r);
    return status;
}

