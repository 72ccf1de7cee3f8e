/* protocol.c -- the external solvers' line protocol, version 1 (protocol.h). */
#include "external/protocol.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/grow.h"
#include "common/xmem.h"

/* The words of a line, split on spaces (the line is copied; the words point into the copy). */
#define MAX_WORDS 4096
typedef struct {
    char *copy;
    char *word[MAX_WORDS];
    int n;
    bool too_many;
} words;

static void split(const char *line, words *w)
{
    w->copy = xstrdup(line);
    w->n = 0;
    w->too_many = false;
    for (char *save = NULL, *t = strtok_r(w->copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (w->n == MAX_WORDS) {
            w->too_many = true;
            break;
        }
        w->word[w->n++] = t;
    }
}

/* A decimal integer that fills text. */
static bool parse_u64(const char *text, uint64_t *out)
{
    if (text[0] < '0' || text[0] > '9') return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

/* A reason into err, the solver's text in it quoted (printable ASCII only: it goes into notes
 * and CSV cells). */
static int fail(char *err, const char *format, const char *what)
{
    char quoted[4 * 40 + 4];
    ubp_quote(what, strlen(what), 40, quoted);
    snprintf(err, UBP_ERR_MAX, format, quoted);
    return -1;
}

/* "rush,klotski": each a family's name, none twice. Returns the FAMILY_BIT mask, or 0. */
static unsigned parse_families(const char *list)
{
    unsigned mask = 0;
    char *copy = xstrdup(list);
    for (char *save = NULL, *name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        int f = family_parse(name);
        if (f < 0 || mask & FAMILY_BIT(f)) {
            mask = 0;
            break;
        }
        mask |= FAMILY_BIT(f);
    }
    if (list[0] == ',' || (list[0] && list[strlen(list) - 1] == ',') || strstr(list, ",,")) mask = 0;
    free(copy);
    return mask;
}

/* The value of "key=value" in word when its key is key, else NULL. */
static const char *value_of(const char *word, const char *key)
{
    size_t n = strlen(key);
    return strncmp(word, key, n) == 0 && word[n] == '=' ? word + n + 1 : NULL;
}

int ubp_parse_hello(const char *line, ubp_claims *claims, char *err)
{
    memset(claims, 0, sizeof *claims);
    claims->guarantee = GUARANTEE_NONE;
    claims->families = FAMILY_BIT(FAMILY_RUSH);
    words w;
    split(line, &w);
    int rc = 0;
    uint64_t version;
    if (w.n < 2 || strcmp(w.word[0], "ubp") != 0)
        rc = fail(err, "the first line is not 'ubp 1 ...'%s", "");
    else if (!parse_u64(w.word[1], &version) || version != UBP_VERSION)
        rc = fail(err, "protocol version '%s', not 1", w.word[1]);
    for (int k = 2; k < w.n && rc == 0; k++) {
        const char *v;
        if ((v = value_of(w.word[k], "name")) && *v && strlen(v) < UBP_NAME_MAX)
            snprintf(claims->name, sizeof claims->name, "%s", v);
        else if ((v = value_of(w.word[k], "guarantee")) && solver_guarantee_parse(v) >= 0)
            claims->guarantee = (solver_guarantee)solver_guarantee_parse(v);
        else if ((v = value_of(w.word[k], "complete")) && (!strcmp(v, "yes") || !strcmp(v, "no")))
            claims->complete = !strcmp(v, "yes");
        else if ((v = value_of(w.word[k], "families")) && parse_families(v))
            claims->families = parse_families(v);
        else
            rc = fail(err, "'%s' in the first line is not name=N, guarantee=G, complete=yes|no or "
                           "families=F", w.word[k]);
    }
    free(w.copy);
    return rc;
}

int ubp_format_request(char *out, uint64_t id, const puzzle *p, const solver_budget *budget)
{
    int len = snprintf(out, UBP_REQUEST_MAX, "solve %" PRIu64 " ", id);
    len += family_class_of(p->family)->request(p, out + len, UBP_REQUEST_MAX - (size_t)len);
    if (budget->max_states)
        len += snprintf(out + len, UBP_REQUEST_MAX - (size_t)len, " states=%" PRIu64, budget->max_states);
    if (budget->max_seconds > 0)
        len += snprintf(out + len, UBP_REQUEST_MAX - (size_t)len, " seconds=%g", budget->max_seconds);
    if (budget->max_bytes)
        len += snprintf(out + len, UBP_REQUEST_MAX - (size_t)len, " bytes=%" PRIu64, budget->max_bytes);
    len += snprintf(out + len, UBP_REQUEST_MAX - (size_t)len, "\n");
    return len;
}

/* Sets "KEY=VALUE" in the answer's other stats: a key stated again takes its last value. */
static void add_stat(ubp_answer *a, const char *word, size_t key)
{
    size_t had = a->stats ? strlen(a->stats) : 0;
    char *out = xmalloc(had + strlen(word) + 2);
    size_t n = 0;
    char *save = NULL;
    for (char *kv = had ? strtok_r(a->stats, " ", &save) : NULL; kv; kv = strtok_r(NULL, " ", &save))
        if (!(strncmp(kv, word, key) == 0 && kv[key] == '='))
            n += (size_t)sprintf(out + n, "%s%s", n ? " " : "", kv);
    sprintf(out + n, "%s%s", n ? " " : "", word);
    free(a->stats);
    a->stats = out;
}

/* "stat ID KEY=INTEGER ...": a key of lower-case letters, digits and '_'. */
static int read_stats(const words *w, ubp_answer *a, char *err)
{
    for (int k = 2; k < w->n; k++) {
        const char *word = w->word[k], *eq = strchr(word, '=');
        size_t key = eq ? (size_t)(eq - word) : 0;
        uint64_t v;
        if (!key || strspn(word, "abcdefghijklmnopqrstuvwxyz0123456789_") != key ||
            !parse_u64(eq + 1, &v) || v > INT64_MAX)
            return fail(err, "'%s' is not KEY=INTEGER (a count below 2^63)", word);
        if (key == 8 && strncmp(word, "expanded", key) == 0) a->expanded = v;
        else if (key == 9 && strncmp(word, "generated", key) == 0) a->generated = v;
        else if (key == 10 && strncmp(word, "duplicates", key) == 0) a->duplicates = v;
        else add_stat(a, word, key);
    }
    return 0;
}

static int bad_move(int k, const char *word, const char *expected, char *err)
{
    char quoted[4 * 20 + 4];
    ubp_quote(word, strlen(word), 20, quoted);
    snprintf(err, UBP_ERR_MAX, "move %d '%s' of the solution is not %s for a piece of this board",
             k, quoted, expected);
    return -1;
}

/* A solution: its words, each a move of the puzzle's board in its family's notation
 * (family_class's answer_word), written as the family writes them, one space apart: the
 * replay judges them. */
static int read_words(const words *w, const puzzle *p, ubp_answer *a, char *err)
{
    const family_class *c = family_class_of(p->family);
    size_t len = 0;
    for (int k = 2; k < w->n; k++) len += strlen(w->word[k]) + 8 + 1;
    a->notation = xmalloc(len + 1);
    a->notation[0] = '\0';
    size_t n = 0;
    for (int k = 2; k < w->n; k++) {
        if (n) a->notation[n++] = ' ';
        int written = c->answer_word(p, w->word[k], a->notation + n);
        if (written < 0) return bad_move(k - 1, w->word[k], c->answer_form, err);
        n += (size_t)written;
    }
    a->notation[n] = '\0';
    return 0;
}

int ubp_read_line(const char *line, uint64_t id, const puzzle *p, ubp_answer *a, char *err)
{
    if (ubp_comment(line)) return 0;
    if (a->done) return fail(err, "a line after the answer%s", "");
    words w;
    split(line, &w);
    int rc = -1;
    uint64_t said;
    const char *command = w.n ? w.word[0] : "";
    bool known = !strcmp(command, "stat") || !strcmp(command, "solution") ||
                 !strcmp(command, "nosolution") || !strcmp(command, "unknown");
    if (!known) fail(err, "not a line of the protocol (stat, solution, nosolution, unknown)%s", "");
    else if (w.too_many) fail(err, "more than %s words", "4,095");
    else if (w.n < 2 || !parse_u64(w.word[1], &said)) fail(err, "'%s' without a request id", command);
    else if (said != id) {
        snprintf(err, UBP_ERR_MAX, "an answer for request %" PRIu64 ", not %" PRIu64, said, id);
    } else if (!strcmp(command, "stat")) {
        rc = read_stats(&w, a, err);
    } else if (!strcmp(command, "solution")) {
        rc = read_words(&w, p, a, err);
        a->status = SOLVE_SOLVED;
    } else if (!strcmp(command, "nosolution")) {
        if (w.n > 2) fail(err, "nosolution takes nothing after the id%s", "");
        else rc = 0;
        a->status = SOLVE_UNSOLVABLE;
    } else {   /* unknown ID [TEXT]: the text after the id, as written */
        const char *text = line + strspn(line, " ");
        for (int skip = 0; skip < 2; skip++) text += strcspn(text, " "), text += strspn(text, " ");
        a->text = xstrdup(text);
        a->status = SOLVE_GAVE_UP;
        rc = 0;
    }
    if (rc == 0 && strcmp(command, "stat") != 0) {
        a->done = true;
        rc = 1;
    }
    free(w.copy);
    return rc;
}

void ubp_answer_free(ubp_answer *a)
{
    free(a->notation);
    free(a->stats);
    free(a->text);
    memset(a, 0, sizeof *a);
    a->expanded = a->generated = a->duplicates = UBP_UNCOUNTED;
}

void ubp_quote(const char *line, size_t len, size_t max, char *out)
{
    size_t n = 0;
    for (size_t k = 0; k < len && k < max; k++) {
        unsigned char c = (unsigned char)line[k];
        if (c >= 0x20 && c < 0x7F && c != '\\') out[n++] = (char)c;
        else n += (size_t)sprintf(out + n, "\\x%02X", c);
    }
    if (len > max) memcpy(out + n, "...", 3), n += 3;
    out[n] = '\0';
}
