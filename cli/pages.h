/* pages.h -- the memory pages of the programs that time solves (bin/solve, bin/bench): on
 * transparent huge pages where a bytes budget allows it, so that a search's tables, the small
 * ones too, cost a page fault per 2 MiB rather than one per 4 KiB when first touched. On a
 * virtual machine a fault can cost as much as a thousand states of a search, and a search of
 * 26,000 states touched 350 pages (docs/performance.md).
 *
 * Linking pages.c is the choice: it defines jemalloc's options (`thp:always`: every mapping
 * jemalloc makes is advised as huge pages) and an entry of the executable's preinit array,
 * which runs before any shared library's initializer, jemalloc's among them, and sets prctl's
 * PR_SET_THP_DISABLE, so that no page is huge while the program starts. A program links it by
 * calling pages_choose once its options are read. Where the kernel gives no huge pages,
 * nothing changes.
 */
#ifndef PAGES_H
#define PAGES_H

#include <stdint.h>

/* Huge pages make the program's own memory, outside the tables a bytes budget counts, a few
 * MiB larger (6 MB resident became 11 MB), which is not small beside a budget below this. */
#define PAGES_HUGE_FROM (1ull << 30)

/* Allows huge pages again under no bytes budget (0) or one of PAGES_HUGE_FROM or more, and
 * moves the calling thread to a jemalloc arena of its own, whose mappings are new (the first
 * ones hold the start's 4 KiB pages); under a smaller budget the process keeps 4 KiB pages, so
 * that its resident memory stays within the budget plus the fixed allowance
 * (tests/test_budgets.c). Child processes inherit the choice. */
void pages_choose(uint64_t max_bytes);

#endif
