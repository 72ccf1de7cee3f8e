/* puzzle.c -- puzzle lists, stable ids, the native text form with its header. */
#include "common/puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "common/grow.h"
#include "common/xmem.h"

void puzzle_list_flush(puzzle_list *list)
{
    if (!list->sink) return;
    for (int i = 0; i < list->count; i++) list->sink(&list->items[i], list->sink_ctx);
    list->handed += list->count;
    list->count = 0;
}

puzzle *puzzle_list_add(puzzle_list *list)
{
    if (list->sink && list->count == PUZZLE_BATCH) puzzle_list_flush(list);
    GROW(list->items, list->capacity, list->count + 1, 16);
    puzzle *p = &list->items[list->count++];
    memset(p, 0, sizeof *p);
    p->optimal = p->optimal_slides = p->optimal_steps = PUZZLE_UNKNOWN;
    p->cluster = -1;
    return p;
}

void puzzle_list_take(puzzle_list *to, puzzle_list *from)
{
    for (int i = 0; i < from->count; i++) *puzzle_list_add(to) = from->items[i];
    puzzle_list_free(from);
}

void puzzle_list_free(puzzle_list *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

static const family_class *class_of(const puzzle *p)
{
    return family_class_of(p->family);
}

void puzzle_start_position(const puzzle *p, puzzle_position *out)
{
    class_of(p)->start_position(p, out);
}

int puzzle_replay_each(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                       measure_counts *out, char *err)
{
    return class_of(p)->replay_each(p, text, seen, ctx, out, err);
}

int puzzle_replay(const puzzle *p, const char *text, measure_counts *out, char *err)
{
    return puzzle_replay_each(p, text, NULL, NULL, out, err);
}

int puzzle_format_position(const puzzle *p, const puzzle_position *pos, char *out)
{
    return class_of(p)->format_position(p, pos, out);
}

bool puzzle_notation_valid(family_id f, const char *text)
{
    bool (*valid)(const char *, size_t) = family_class_of(f)->token_valid;
    if (!*text) return true;
    for (const char *s = text;;) {
        size_t len = strcspn(s, " ");
        if (!valid(s, len)) return false;
        if (!s[len]) return true;
        s += len + 1;
    }
}

void puzzle_picture(const puzzle *p, const puzzle_position *pos, family_picture *out)
{
    class_of(p)->picture(p, pos, out);
}

int puzzle_key_words(const puzzle *p)
{
    family_problem view;
    puzzle_problem(p, &view);
    return view.key_words == 2 ? 2 : 1;
}

void puzzle_problem(const puzzle *p, family_problem *out)
{
    class_of(p)->problem(p, out);
}

uint64_t puzzle_geometry(const puzzle *p, puzzle *out)
{
    memset(out, 0, sizeof *out);
    out->family = p->family;
    size_t size = class_of(p)->geometry(p, out);
    return XXH3_64bits(&out->board, size) ^ (uint64_t)p->family;   /* the union's bytes */
}

void puzzle_id(const puzzle *p, char out[17])
{
    class_of(p)->id(p, out);
}

/* The `family:` line that opens a family's text, but the scanner's default's. */
static int family_line(const puzzle *p, char *out, size_t size)
{
    return class_of(p)->implied ? 0 : snprintf(out, size, "family: %s\n", family_name(p->family));
}

void puzzle_format_board(const puzzle *p, char separator, char out[PUZZLE_BOARD_MAX])
{
    const family_class *c = class_of(p);
    int n = family_line(p, out, PUZZLE_BOARD_MAX);
    n += c->header(p, out + n, PUZZLE_BOARD_MAX - (size_t)n);
    n += c->grid(p, p->start, false, out + n);   /* the state p->start, which may not be the file's */
    if (separator == '\n') return;
    out[n - 1] = '\0';   /* no separator after the last line */
    for (char *s = out; *s; s++)
        if (*s == '\n') *s = separator;
}

bool puzzle_format_db(const puzzle *p, char out[PUZZLE_DB_MAX])
{
    const family_class *c = class_of(p);
    return c->format_db && c->format_db(p, p->start, out);
}

void puzzle_format_line(const puzzle *p, uint64_t key, char out[PUZZLE_BOARD_MAX])
{
    const family_class *c = class_of(p);
    if (c->format_db && c->format_db(p, key, out)) return;
    puzzle at = *p;
    at.start = key;
    puzzle_format_board(&at, '/', out);
}

/* "NAME: COUNT\n" for a known optimum, "NAME: -\n" for none, nothing when unknown. */
static size_t format_optimum(char *out, size_t size, const char *name, int value)
{
    if (value == PUZZLE_UNSOLVABLE) return (size_t)snprintf(out, size, "%s: -\n", name);
    if (value >= 0) return (size_t)snprintf(out, size, "%s: %d\n", name, value);
    return 0;
}

char *puzzle_format_native(const puzzle *p)
{
    const family_class *c = class_of(p);
    char grid[PUZZLE_BOARD_MAX];
    c->grid(p, p->start, true, grid);
    size_t n = strlen(grid) + PUZZLE_NAME_MAX + 256;
    char *out = xmalloc(n);
    size_t len = (size_t)family_line(p, out, n);
    len += (size_t)snprintf(out + len, n - len, "name: %s\n", p->name);
    len += format_optimum(out + len, n - len, "moves", p->optimal);
    len += format_optimum(out + len, n - len, "slides", p->optimal_slides);
    len += format_optimum(out + len, n - len, "steps", p->optimal_steps);
    if (p->cluster >= 0) len += (size_t)snprintf(out + len, n - len, "cluster: %ld\n", p->cluster);
    len += (size_t)c->header(p, out + len, n - len);
    snprintf(out + len, n - len, "%s", grid);
    return out;
}
