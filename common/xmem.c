/* xmem.c -- checked allocation and jemalloc's per-thread peak counter. */
#include "common/xmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifdef USE_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

static void *check(void *p)
{
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return p;
}

void *xmalloc(size_t n) { return check(malloc(n ? n : 1)); }
void *xcalloc(size_t count, size_t size) { return check(calloc(count ? count : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return check(realloc(p, n ? n : 1)); }
char *xstrdup(const char *s) { return check(strdup(s)); }

#define HUGE_PAGE ((size_t)2 << 20)

void *xmem_try_large(size_t n)
{
    if (n < HUGE_PAGE) return malloc(n ? n : 1);
    size_t size = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    void *p = aligned_alloc(HUGE_PAGE, size);
    if (p) madvise(p, size, MADV_HUGEPAGE);   /* advice: where the kernel has none, nothing changes */
    return p;
}

void *xmalloc_large(size_t n) { return check(xmem_try_large(n)); }

void *xrealloc_large(void *p, size_t old, size_t n)
{
    if (n < HUGE_PAGE) return xrealloc(p, n);
    void *q = xmalloc_large(n);
    if (p) memcpy(q, p, old < n ? old : n);
    free(p);
    return q;
}

#ifdef USE_JEMALLOC
bool xmem_peak_available(void)
{
    uint64_t peak;
    size_t len = sizeof peak;
    return mallctl("thread.peak.read", &peak, &len, NULL, 0) == 0;
}

void xmem_peak_reset(void)
{
    mallctl("thread.peak.reset", NULL, NULL, NULL, 0);
}

uint64_t xmem_peak_read(void)
{
    uint64_t peak = 0;
    size_t len = sizeof peak;
    if (mallctl("thread.peak.read", &peak, &len, NULL, 0) != 0) return 0;
    return peak;
}
#else
bool xmem_peak_available(void) { return false; }
void xmem_peak_reset(void) {}
uint64_t xmem_peak_read(void) { return 0; }
#endif
