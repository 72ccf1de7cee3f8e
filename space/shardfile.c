/* shardfile.c -- writing and reading bin/enumerate's files (see shardfile.h). */
#include "space/shardfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/outfile.h"
#include "common/puzzle.h"
#include "space/family_space.h"

static int compare_lines(const void *a, const void *b)
{
    return space_puzzle_compare(a, b);
}

static json_t *puzzle_json(const space_puzzle *p, const char *board_key)
{
    return json_pack("{s:o, s:s, s:I}", "moves", p->moves >= 0 ? json_integer(p->moves) : json_null(),
                     board_key, p->board, "cluster", (json_int_t)p->cluster);
}

json_t *shardfile_header(const shard_meta *m, const space_stats *st)
{
    json_t *by_moves = json_object();
    for (int k = 0; k < SPACE_MAX_MOVES; k++)
        if (st->by_moves[k]) {
            char key[16];
            snprintf(key, sizeof key, "%d", k);
            json_object_set_new(by_moves, key, json_integer((json_int_t)st->by_moves[k]));
        }
    double rate = m->cpu_seconds > 0 ? (double)st->states / m->cpu_seconds : 0;
    json_t *space = space_family_of(m->family)->header(m);
    return json_pack(
        "{s:o, s:{s:i, s:i, s:b}, s:b, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:o, "
        "s:o, s:f, s:f, s:f, s:i}",
        "space", space, "shard", "k", m->shard_k, "n", m->shard_n,
        "mirror", m->mirror,
        "complete", m->complete, "units_done", (json_int_t)m->units_done,
        "units", (json_int_t)st->units, "skeletons", (json_int_t)st->skeletons,
        "states", (json_int_t)st->states, "expanded", (json_int_t)st->expanded,
        "mirrored", (json_int_t)st->mirrored,
        "candidates", (json_int_t)st->candidates, "clusters", (json_int_t)st->clusters,
        "solvable", (json_int_t)st->solvable, "minimal", (json_int_t)st->minimal,
        "by_moves", by_moves,
        "hardest", st->hardest.moves >= 0 ? puzzle_json(&st->hardest, "board") : json_null(),
        "largest", st->largest.cluster ? puzzle_json(&st->largest, "canonical") : json_null(),
        "seconds", m->seconds, "cpu_seconds", m->cpu_seconds, "states_per_cpu_second", rate,
        "jobs", m->jobs);
}

int shardfile_write(const char *path, const shard_meta *meta, const space_stats *stats,
                    space_puzzles *lines, char *err)
{
    if (lines->count)   /* an empty list's item is NULL, which qsort may not be given */
        qsort(lines->item, lines->count, sizeof *lines->item, compare_lines);
    outfile out;
    char oerr[OUTFILE_ERR_MAX];
    if (outfile_open(&out, path, NULL, oerr)) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s", oerr);
        return -1;
    }
    json_t *header = shardfile_header(meta, stats);
    char *text = json_dumps(header, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(header);
    fprintf(out.f, "# enumerate %s\n", text ? text : "{}");
    free(text);
    for (uint64_t k = 0; k < lines->count; k++) {
        const space_puzzle *p = &lines->item[k];
        fprintf(out.f, "%d %s %llu\n", p->moves, p->board, (unsigned long long)p->cluster);
    }
    if (outfile_commit(&out, oerr)) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s", oerr);
        return -1;
    }
    return 0;
}

bool shardfile_same_space(const shard_meta *a, const shard_meta *b)
{
    return a->family == b->family && a->size == b->size && a->height == b->height &&
           a->walls == b->walls;
}

static bool board_text(const char *board, const shard_meta *m)
{
    return space_family_of(m->family)->board_text(board, m);
}

uint64_t shardfile_count(json_t *o, const char *key, bool *ok)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0) *ok = false;
    return json_is_integer(v) ? (uint64_t)json_integer_value(v) : 0;
}

static bool puzzle_of(json_t *o, const char *board_key, const shard_meta *m, space_puzzle *p)
{
    memset(p, 0, sizeof *p);
    p->moves = -1;
    if (json_is_null(o)) return true;
    json_t *moves = json_object_get(o, "moves");
    const char *board = json_string_value(json_object_get(o, board_key));
    if (!json_is_object(o) || !board || !board_text(board, m)) return false;
    if (json_is_integer(moves) && (json_integer_value(moves) < 0 || json_integer_value(moves) >= SPACE_MAX_MOVES))
        return false;
    snprintf(p->board, sizeof p->board, "%s", board);
    p->moves = json_is_integer(moves) ? (int)json_integer_value(moves) : -1;
    p->cluster = (uint64_t)json_integer_value(json_object_get(o, "cluster"));
    return true;
}

static int header_of(const char *path, const char *line, shard_meta *m, space_stats *st, char *err)
{
    json_error_t je;
    json_t *h = strncmp(line, "# enumerate ", 12) == 0 ? json_loads(line + 12, 0, &je) : NULL;
    if (!h) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s:1: not a file of bin/enumerate (no '# enumerate {...}' header)", path);
        return -1;
    }
    bool ok = true;
    memset(m, 0, sizeof *m);
    space_stats_init(st);
    json_t *space = json_object_get(h, "space"), *shard = json_object_get(h, "shard");
    json_t *family = json_object_get(space, "family");
    int f = family ? (json_is_string(family) ? family_parse(json_string_value(family)) : -1)
                   : (int)family_implied();   /* as files have always written Rush Hour's */
    ok = f >= 0 && json_is_object(space);
    if (ok) {
        m->family = (family_id)f;
        const space_family *sf = space_family_of(m->family);
        ok = sf->header_read && sf->header_read(space, m);
    }
    /* Shard K of N; the versions that counted shards from 0 wrote index K - 1 and count N. */
    bool counted_from_0 = json_object_get(shard, "index") != NULL;
    uint64_t k = counted_from_0 ? shardfile_count(shard, "index", &ok) + 1 : shardfile_count(shard, "k", &ok);
    uint64_t n = shardfile_count(shard, counted_from_0 ? "count" : "n", &ok);
    ok = ok && n >= 1 && n <= SHARDFILE_MAX_SHARDS && k >= 1 && k <= n;
    m->shard_k = (int)k, m->shard_n = (int)n;
    json_t *mirror = json_object_get(shard, "mirror");
    ok = ok && json_is_boolean(mirror);
    m->mirror = json_is_true(mirror);
    m->complete = json_is_true(json_object_get(h, "complete"));
    m->units_done = shardfile_count(h, "units_done", &ok);
    m->seconds = json_number_value(json_object_get(h, "seconds"));
    m->cpu_seconds = json_number_value(json_object_get(h, "cpu_seconds"));
    m->jobs = (int)json_integer_value(json_object_get(h, "jobs"));
    st->units = shardfile_count(h, "units", &ok), st->skeletons = shardfile_count(h, "skeletons", &ok);
    st->states = shardfile_count(h, "states", &ok), st->expanded = shardfile_count(h, "expanded", &ok);
    st->mirrored = shardfile_count(h, "mirrored", &ok);
    st->candidates = shardfile_count(h, "candidates", &ok), st->clusters = shardfile_count(h, "clusters", &ok);
    st->solvable = shardfile_count(h, "solvable", &ok), st->minimal = shardfile_count(h, "minimal", &ok);
    const char *key;
    json_t *value;
    json_object_foreach(json_object_get(h, "by_moves"), key, value) {
        long k = strtol(key, NULL, 10);
        if (k < 0 || k >= SPACE_MAX_MOVES || !json_is_integer(value)) ok = false;
        else st->by_moves[k] = (uint64_t)json_integer_value(value);
    }
    ok = ok && puzzle_of(json_object_get(h, "hardest"), "board", m, &st->hardest) &&
         puzzle_of(json_object_get(h, "largest"), "canonical", m, &st->largest);
    json_decref(h);
    if (!ok) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s:1: the header lacks a field or has a bad value", path);
        return -1;
    }
    return 0;
}


int shardfile_read(const char *path, shard_meta *meta, space_stats *stats, space_puzzles *lines,
                   char *err)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s: %s", path, strerror(errno));
        return -1;
    }
    int rc = shardfile_read_stream(f, path, meta, stats, lines, err);
    fclose(f);
    return rc;
}

int shardfile_read_stream(FILE *f, const char *path, shard_meta *meta, space_stats *stats,
                          space_puzzles *lines, char *err)
{
    char *line = NULL;
    size_t capacity = 0;
    long lineno = 0;
    int rc = 0;
    while (getline(&line, &capacity, f) != -1) {
        lineno++;
        if (lineno == 1) {
            if (header_of(path, line, meta, stats, err)) {
                rc = -1;
                break;
            }
            continue;
        }
        space_puzzle p = {0};
        unsigned long long cluster;
        char board[SPACE_BOARD_MAX + 1];
        int end = 0;
        if (sscanf(line, "%d %65s %llu %n", &p.moves, board, &cluster, &end) != 3 || line[end] ||
            !board_text(board, meta) || p.moves < 0 || p.moves >= SPACE_MAX_MOVES) {
            char of[96];
            space_family_of(meta->family)->describe(meta, of, sizeof of);
            snprintf(err, SHARDFILE_ERR_MAX, "%s:%ld: not a database line 'MOVES BOARD CLUSTER' of %s",
                     path, lineno, of);
            rc = -1;
            break;
        }
        memcpy(p.board, board, strlen(board) + 1);
        p.cluster = cluster;
        if (space_puzzles_push(lines, &p)) {
            snprintf(err, SHARDFILE_ERR_MAX, "%s: out of memory", path);
            rc = -1;
            break;
        }
    }
    free(line);
    if (!rc && ferror(f)) snprintf(err, SHARDFILE_ERR_MAX, "%s: %s", path, strerror(errno)), rc = -1;
    if (!rc && lineno == 0) snprintf(err, SHARDFILE_ERR_MAX, "%s: empty file", path), rc = -1;
    if (!rc && (uint64_t)(lineno - 1) != stats->minimal) {
        snprintf(err, SHARDFILE_ERR_MAX, "%s: %ld lines where the header says %llu (cut short?)", path,
                 lineno - 1, (unsigned long long)stats->minimal);
        rc = -1;
    }
    return rc;
}
