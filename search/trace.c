/* trace.c -- the expansion trace's in-memory listener (trace.h). */
#include "search/trace.h"

#include <stdlib.h>

#include "common/grow.h"

static void list_expand(search_trace *t, const trace_step *s)
{
    trace_list *l = (trace_list *)t;
    if (l->count == l->max) {
        l->cut = true;
        return;
    }
    GROW(l->step, l->capacity, l->count + 1, 1024);
    l->step[l->count++] = *s;
}

void trace_list_init(trace_list *l, uint64_t max)
{
    *l = (trace_list){.base = {list_expand}, .max = max};
}

void trace_list_clear(trace_list *l)
{
    l->count = 0;
    l->cut = false;
}

void trace_list_free(trace_list *l)
{
    free(l->step);
    trace_list_init(l, l->max);
}
