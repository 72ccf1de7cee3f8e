/* xmem.h -- allocation that never returns NULL, and the allocator's peak-memory counter.
 *
 * The programs link jemalloc (except in the sanitizer build, where AddressSanitizer owns
 * malloc). With jemalloc, xmem_peak_reset / xmem_peak_read bracket a piece of work and give the
 * largest number of bytes the calling thread held at once during it, above what it held at the
 * reset: jemalloc 5.3's "thread.peak" counter, which counts every malloc and free of the thread.
 * jemalloc refreshes that high-water mark every 64 KiB of allocation activity and at each read,
 * so a peak that rises and falls within 64 KiB of activity can be missed: read it while the
 * memory of interest is still held.
 */
#ifndef XMEM_H
#define XMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* malloc/calloc/realloc that print "out of memory" and exit(2) on failure. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* xmalloc and xrealloc for a large table (a state table, a search queue): a block of 2 MiB or
 * more is aligned to 2 MiB, its size rounded up to whole 2 MiB, and advised as transparent
 * huge pages, so that its first touch costs a page fault per 2 MiB rather than per 4 KiB
 * (docs/performance.md). old is the bytes of p to keep. Freed with free. */
void *xmalloc_large(size_t n);
void *xrealloc_large(void *p, size_t old, size_t n);
/* xmalloc_large's block, or NULL when it cannot be had, for a caller that reports it. */
void *xmem_try_large(size_t n);

/* True when the peak counter works (jemalloc linked with statistics). */
bool xmem_peak_available(void);
/* Starts a new peak measurement for this thread. */
void xmem_peak_reset(void);
/* Peak bytes held by this thread since the last reset; 0 when unavailable. */
uint64_t xmem_peak_read(void);

#endif
