/* setup.c -- solvers with their parameters set, their labels and parameter text. */
#include "common/puzzle.h"
#include "solvers/registry.h"
#include "solvers/setup.h"
#include "solvers/bounds/heuristic.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More choices than any parameter has: the heuristic's place in a label's rank. */
#define RANK_CHOICES 64

void setup_init(solver_setup *u, const solver *s)
{
    memset(u, 0, sizeof *u);
    u->s = s;
    for (int i = 0; i < s->nparams; i++) u->param[i] = s->params[i].fallback;
}

int setup_find_param(const solver *s, const char *name)
{
    for (int i = 0; i < s->nparams; i++)
        if (strcmp(s->params[i].name, name) == 0) return i;
    return -1;
}

/* The value text names for parameter p into *out; false when it names none. */
static bool parse_value(const solver_param *p, const char *text, int *out)
{
    if (p->family_default && strcmp(text, "auto") == 0) return *out = SOLVER_PARAM_AUTO, true;
    if (p->choices) {
        for (int v = 0; v <= p->max; v++)
            if (strcmp(p->choices[v], text) == 0) return *out = v, true;
        return false;
    }
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < p->min || v > p->max) return false;
    *out = (int)v;
    return true;
}

int setup_set(solver_setup *u, const char *name, const char *value, char *err)
{
    int i = setup_find_param(u->s, name);
    if (i < 0) return 0;
    const solver_param *p = &u->s->params[i];
    int v;
    if (!parse_value(p, value, &v)) {
        if (p->choices) {
            int n = snprintf(err, SETUP_ERR_MAX, "%s: %s is one of", u->s->name, name);
            for (int c = 0; c <= p->max && n < SETUP_ERR_MAX; c++)
                n += snprintf(err + n, (size_t)(SETUP_ERR_MAX - n), " %s", p->choices[c]);
        } else {
            snprintf(err, SETUP_ERR_MAX, "%s: %s is a whole number from %d to %d, not '%s'",
                     u->s->name, name, p->min, p->max, value);
        }
        return -1;
    }
    u->param[i] = v;
    u->set |= 1u << i;
    return 1;
}

solver_guarantee setup_guarantee(const solver_setup *u)
{
    static const solver_guarantee of_measure[MEASURE_COUNT] = {GUARANTEE_MOVES, GUARANTEE_SLIDES,
                                                                GUARANTEE_STEPS};
    int i = setup_find_param(u->s, "metric");
    return i < 0 ? u->s->guarantee : of_measure[u->param[i]];
}

const char *setup_refused(const solver_setup *u, family_id f)
{
    for (int i = 0; i < u->s->nparams; i++)
        if ((u->set >> i & 1u) && !solver_param_applies(&u->s->params[i], f))
            return u->s->params[i].name;
    return NULL;
}

bool setup_takes(const solver_setup *u, const puzzle *p)
{
    family_id f = p->family;
    if (!solver_takes(u->s, f) || setup_refused(u, f)) return false;
    int h = setup_find_param(u->s, SETUP_HEURISTIC);
    return h < 0 || heuristic_takes(u->param[h], f);
}

const char *setup_heuristic(const solver_setup *u)
{
    int i = setup_find_param(u->s, SETUP_HEURISTIC);
    return i < 0 ? NULL : u->s->params[i].choices[u->param[i]];
}

void setup_label(const solver_setup *u, char *out)
{
    const char *h = setup_heuristic(u);
    snprintf(out, SETUP_LABEL_MAX, h ? "%s/%s" : "%s", u->s->name, h);
}

void setup_params_text(const solver_setup *u, int f, char *out)
{
    int n = 0;
    out[0] = '\0';
    for (int i = 0; i < u->s->nparams && n < SETUP_PARAMS_MAX; i++) {
        const solver_param *p = &u->s->params[i];
        if (f >= 0 && !solver_param_applies(p, (family_id)f)) continue;
        const char *sep = n ? " " : "";
        int v = u->param[i];
        if (v == SOLVER_PARAM_AUTO && f >= 0) v = p->family_default((family_id)f);
        if (v == SOLVER_PARAM_AUTO)
            n += snprintf(out + n, (size_t)(SETUP_PARAMS_MAX - n), "%s%s=auto", sep, p->name);
        else if (p->choices)
            n += snprintf(out + n, (size_t)(SETUP_PARAMS_MAX - n), "%s%s=%s", sep, p->name,
                          p->choices[v]);
        else
            n += snprintf(out + n, (size_t)(SETUP_PARAMS_MAX - n), "%s%s=%d", sep, p->name, v);
    }
}

int setup_parse_label(const char *label, solver_setup *u)
{
    char name[SETUP_LABEL_MAX];
    const char *slash = strchr(label, '/');
    size_t len = slash ? (size_t)(slash - label) : strlen(label);
    if (len >= sizeof name) return -1;
    memcpy(name, label, len);
    name[len] = '\0';
    const solver *s = solver_find(name);
    if (!s) return -1;
    setup_init(u, s);
    bool has_heuristic = setup_find_param(s, SETUP_HEURISTIC) >= 0;
    if (!slash) return 0;   /* a solver with a heuristic: its default one */
    char err[SETUP_ERR_MAX];
    return has_heuristic && setup_set(u, SETUP_HEURISTIC, slash + 1, err) == 1 ? 0 : -1;
}

int setup_label_rank(const char *label)
{
    solver_setup u;
    if (setup_parse_label(label, &u) < 0) return 1 << 20;
    int rank = 0;
    while (solver_all[rank] != u.s) rank++;
    int h = setup_find_param(u.s, SETUP_HEURISTIC);
    return rank * RANK_CHOICES + (h < 0 ? 0 : u.param[h]);
}

int setup_parse_params(solver_setup *u, const char *text, char *err)
{
    char copy[SETUP_PARAMS_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *word = strtok_r(copy, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(word, '=');
        if (!eq) {
            snprintf(err, SETUP_ERR_MAX, "%s: '%.60s' is not NAME=VALUE", u->s->name, word);
            return -1;
        }
        *eq = '\0';
        int rc = setup_set(u, word, eq + 1, err);
        if (rc == 0) snprintf(err, SETUP_ERR_MAX, "%s has no parameter %.60s", u->s->name, word);
        if (rc <= 0) return -1;
    }
    return 0;
}
