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
            uint64_t was = count;
            for (int j = 0; j < 8; j++) {
                bool fresh = stateset_batch_add(&listed, hashes[h % 2], keys[j]);
                cr_assert_eq(fresh, j % 2 == 0, "key %d of the batch", j);
                if (fresh) added[count++] = keys[j];
                cr_assert_eq(stateset_batch_add(&scanned, hashes[h % 2], keys[j]), fresh);
            }
            cr_assert_eq(count - was, 4);
            stateset_batch_end(&listed, count - was);
            stateset_batch_end(&scanned, count - was);
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

/* A table that forgets (stateset_reserve_live): keys go in as a sliding window over a list, the
 * caller asking only about the last W, and each time the table fills it is rebuilt from those
 * alone. After the last rebuild, exactly the keys from its window on are found; the batch says
 * new exactly for the new keys; the table stops growing once it fits the window, a sixteenth
 * the size that growing reaches for all the keys; the bytes it was told it might take are never
 * passed, nor the most it was told it might take before its next rebuild; and with the window
 * the whole list, it is the size that growing reaches. A quarter and half full. */
Test(stateset, a_table_rebuilt_from_the_keys_still_asked_about_forgets_only_the_others)
{
    enum { N = 300000, W = 2000 };
    static uint64_t list[N];
    for (int half = 0; half < 2; half++)
        for (uint64_t window = W; window <= N; window += N - W) {
            stateset s, grown;
            stateset_init(&s, STATESET_HASH_DEFAULT);
            stateset_init(&grown, STATESET_HASH_DEFAULT);
            if (half) {
                stateset_clear_half(&s);
                stateset_clear_half(&grown);
            }
            uint64_t count = 0, kept_from = 0, used_halfway = 0;
            uint64_t most = stateset_bytes_most_live(&s, 8);
            for (uint64_t k = 0; k < N; k += 8) {
                uint64_t from = count > window ? count - window : 0;
                uint64_t next = stateset_bytes_next_live(&s, 8), before = s.count;
                cr_assert_leq(next, most, "key %llu", (unsigned long long)k);
                bool rebuilding = stateset_too_full_for(&s, 8);
                stateset_reserve_live(&s, 8, list + from, count - from);
                if (rebuilding) most = stateset_bytes_most_live(&s, 8);
                if (s.count != before) kept_from = from;   /* rebuilt */
                cr_assert_leq(stateset_held_bytes(&s), next);
                cr_assert_geq(s.room - s.count, 8);
                stateset_batch b = stateset_batch_begin(&s);
                uint64_t was = count;
                for (int j = 0; j < 8; j++) {   /* four new keys, each twice */
                    uint64_t key = scramble(k + (uint64_t)j / 2);
                    bool fresh = stateset_batch_add(&b, STATESET_HASH_DEFAULT, key);
                    cr_assert_eq(fresh, j % 2 == 0, "key %d of the batch", j);
                    if (fresh) list[count++] = key;
                }
                stateset_batch_end(&b, count - was);
                if (k == N / 2) used_halfway = s.used;
            }
            for (uint64_t k = 0; k < count; k++)
                cr_assert_eq(stateset_find(&s, list[k]) != UINT64_MAX, k >= kept_from,
                             "key %llu, kept from %llu", (unsigned long long)k,
                             (unsigned long long)kept_from);
            stateset_reserve(&grown, count);
            if (window < N) {
                cr_assert_gt(kept_from, 0);
                cr_assert_eq(s.used, used_halfway);
                cr_assert_leq(16 * s.used, grown.used, "%llu slots", (unsigned long long)s.used);
            } else {
                cr_assert_eq(kept_from, 0);
                cr_assert_eq(s.count, count);
                cr_assert_eq(s.used, grown.used);
            }
            stateset_free(&grown);
            stateset_free(&s);
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
