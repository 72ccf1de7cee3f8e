/* test_stateset.c -- the state table: growth by scanning itself and growth from the caller's
 * key list must hold the same keys, for both hash functions, kept a quarter or half full; and the
 * allocator of big tables.
 * (The AVX2 probe is held to the portable one in tests/test_bfs.c.) */
#include <criterion/criterion.h>

#include "common/stateset.h"
#include "common/xmem.h"
#include "tests/helpers.h"

TestSuite(stateset, .fini = th_check_leaks);

static uint64_t scramble(uint64_t x)   /* distinct keys spread over 40 bits */
{
    return (x * 0x9E3779B97F4A7C15ull) >> 24;
}

Test(stateset, growing_from_the_key_list_keeps_every_key)
{
    enum { N = 200000 };
    static uint64_t added[N];
    const stateset_hash hashes[] = {STATESET_HASH_MUL, STATESET_HASH_XXH3};
    for (int h = 0; h < 4; h++) {   /* each hash, a quarter full and half full */
        stateset by_scan, by_list;
        stateset_init(&by_scan, hashes[h % 2]);
        stateset_init(&by_list, hashes[h % 2]);
        if (h >= 2) {
            stateset_clear_half(&by_scan);
            stateset_clear_half(&by_list);
        }
        uint64_t count = 0;
        for (uint64_t k = 0; k < N; k += 8) {
            uint64_t keys[8];
            for (int j = 0; j < 8; j++) keys[j] = scramble(k + j / 2);   /* each key twice */
            stateset_reserve_from(&by_list, 8, added, count);
            stateset_reserve(&by_scan, 8);
            stateset_batch listed = stateset_batch_begin(&by_list);
            stateset_batch scanned = stateset_batch_begin(&by_scan);
            for (int j = 0; j < 8; j++) {
                bool fresh = stateset_batch_add(&listed, hashes[h % 2], keys[j]);
                cr_assert_eq(fresh, j % 2 == 0, "key %d of the batch", j);
                if (fresh) added[count++] = keys[j];
                cr_assert_eq(stateset_batch_add(&scanned, hashes[h % 2], keys[j]), fresh);
            }
            cr_assert_eq(listed.added, 4);
            stateset_batch_end(&listed);
            stateset_batch_end(&scanned);
        }
        cr_assert_eq(by_list.count, count);
        cr_assert_eq(by_scan.count, count);
        cr_assert_eq(by_list.used, by_scan.used);
        for (uint64_t k = 0; k < count; k++) {
            cr_assert_neq(stateset_find(&by_list, added[k]), UINT64_MAX);
            cr_assert_neq(stateset_find(&by_scan, added[k]), UINT64_MAX);
        }
        for (uint64_t k = N; k < N + 1000; k++) {   /* never added */
            cr_assert_eq(stateset_find(&by_list, scramble(k)), UINT64_MAX);
            cr_assert_eq(stateset_find(&by_scan, scramble(k)), UINT64_MAX);
        }
        stateset_free(&by_scan);
        stateset_free(&by_list);
    }
}

Test(stateset, a_large_block_is_aligned_for_huge_pages_and_keeps_its_contents_when_grown)
{
    /* xmem's allocator for big tables and queues: below 2 MiB it is plain malloc and realloc. */
    enum { SMALL = 1 << 16, BIG = 1 << 20 };   /* uint64_t slots: 512 KiB and 8 MiB */
    uint64_t *t = xrealloc_large(NULL, 0, SMALL * sizeof *t);
    for (uint64_t i = 0; i < SMALL; i++) t[i] = scramble(i);
    t = xrealloc_large(t, SMALL * sizeof *t, BIG * sizeof *t);
    cr_assert_eq((uintptr_t)t % (2u << 20), 0, "%p", (void *)t);
    for (uint64_t i = 0; i < SMALL; i++)
        cr_assert_eq(t[i], scramble(i), "slot %llu", (unsigned long long)i);
    for (uint64_t i = SMALL; i < BIG; i++) t[i] = scramble(i);
    t = xrealloc_large(t, BIG * sizeof *t, 2 * BIG * sizeof *t);
    cr_assert_eq((uintptr_t)t % (2u << 20), 0, "%p", (void *)t);
    for (uint64_t i = 0; i < BIG; i++)
        cr_assert_eq(t[i], scramble(i), "slot %llu", (unsigned long long)i);
    free(t);
}

/* A table that cannot be had is refused, not fatal, for the caller that reports it (the Klotski
 * space's explorer), and the set is left empty and usable. */
Test(stateset, a_presize_past_the_memory_is_refused_and_the_set_stays_usable)
{
    if (th_sanitized()) return;   /* AddressSanitizer aborts on a request this large */
    stateset s;
    stateset_init(&s, STATESET_HASH_DEFAULT);
    stateset_clear(&s, true);
    cr_assert(!stateset_try_presize(&s, 1ull << 44));
    cr_assert_eq(s.count, 0);
    cr_assert(stateset_try_presize(&s, 1000));
    bool added;
    for (uint64_t i = 0; i < 1000; i++) s.value[stateset_add(&s, scramble(i), &added)] = (uint32_t)i;
    for (uint64_t i = 0; i < 1000; i++) cr_assert_eq(s.value[stateset_find(&s, scramble(i))], i);
    stateset_free(&s);
}
