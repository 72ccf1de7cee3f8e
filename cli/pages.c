/* pages.c -- huge pages for the programs that time solves, where a bytes budget allows them
 * (pages.h). Only a program that calls pages_choose links this file, and with it the two
 * definitions below. */
#include "cli/pages.h"

#include <sys/prctl.h>

#ifdef USE_JEMALLOC
#include <jemalloc/jemalloc.h>

const char *malloc_conf = "thp:always";   /* read by jemalloc as it starts */
#endif

static void no_huge_pages_yet(void)
{
    prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}
__attribute__((section(".preinit_array"), used)) static void (*const at_start)(void) =
    no_huge_pages_yet;

void pages_choose(uint64_t max_bytes)
{
    if (max_bytes && max_bytes < PAGES_HUGE_FROM) return;
    prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0);   /* a kernel without it ignores it */
#ifdef USE_JEMALLOC
    /* jemalloc's first mappings hold the start's 4 KiB pages, and a table placed among them
     * would get more of them: from here this thread allocates in an arena of its own. */
    unsigned arena;
    size_t size = sizeof arena;
    if (mallctl("arenas.create", &arena, &size, NULL, 0) == 0)
        mallctl("thread.arena", NULL, NULL, &arena, sizeof arena);
#endif
}
