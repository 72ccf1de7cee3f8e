/* trace_file.c -- the expansion trace as JSON lines (trace_file.h). */
#include "cli/trace_file.h"

#include <jansson.h>

/* A key in hex: 16 digits, or 32 for a two-word key, the high word first. */
static void put_key(FILE *f, bool wide, uint64_t high, uint64_t low)
{
    if (wide) fprintf(f, "%016llx", (unsigned long long)high);
    fprintf(f, "%016llx", (unsigned long long)low);
}

static void file_expand(search_trace *base, const trace_step *s)
{
    trace_file *t = (trace_file *)base;
    if (t->cut) return;
    if (t->written == t->max) {
        fprintf(t->out.f, "{\"cut\":\"trace-max\",\"max\":%llu}\n", (unsigned long long)t->max);
        t->cut = true;
        return;
    }
    t->written++;
    FILE *f = t->out.f;
    fputs("{\"key\":\"", f);
    put_key(f, t->wide, s->key_high, s->key);
    fprintf(f, "\",\"g\":%d", s->g);
    if (s->g > 0) {
        fputs(",\"parent\":\"", f);
        put_key(f, t->wide, s->parent_high, s->parent);
        fputc('"', f);
    }
    if (s->h != TRACE_NO_BOUND) fprintf(f, ",\"h\":%d", s->h);
    if (s->backward) fputs(",\"side\":\"backward\"", f);
    fputs("}\n", f);
}

int trace_file_open(trace_file *t, const char *path, uint64_t max, char *err)
{
    *t = (trace_file){.base = {file_expand}, .max = max};
    return outfile_open(&t->out, path, NULL, err);
}

void trace_file_run(trace_file *t, const char *solver, const char *puzzle, const char *id,
                    int key_words)
{
    t->wide = key_words == 2;
    if (t->cut) return;
    json_t *header = json_pack("{s:s, s:s, s:s}", "solver", solver, "puzzle", puzzle, "id", id);
    json_dumpf(header, t->out.f, JSON_COMPACT | JSON_PRESERVE_ORDER);
    fputc('\n', t->out.f);
    json_decref(header);
}

int trace_file_close(trace_file *t, bool keep_partial, char *err)
{
    return keep_partial ? outfile_keep_partial(&t->out, err) : outfile_commit(&t->out, err);
}

void trace_file_abandon(trace_file *t)
{
    outfile_abandon(&t->out);
}
