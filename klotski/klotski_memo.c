/* klotski_memo.c -- Klotski's successors on raw keys by sets of empty cells (klotski_memo.h).
 *
 * For each set of empty lanes met, a *spot* is a lane where some class, anchored there, could
 * move: its list of successors, as the XOR that takes a key holding the piece there to each
 * destination (the piece's pattern out, and in again there), by the value the lane holds in a
 * key (c + 1 for class c; 0 and 7, no anchor, have none). Spots are kept in lane order, so
 * reading the primary's spot first and then every other anchor's in lane order gives the
 * generator's order (klotski.c's raw_successors); a lane with no spot holds a piece that is
 * stuck, or none.
 *
 * The sets are found by a hash of their lanes, in a table made at first twice as large as the
 * number of sets the board has (a set is which `empty_cells` of its open lanes are empty), so
 * it never fills and never grows. A list is written MEMO_WRITE keys at a time, whatever its
 * length (none, mostly, or one or two): a branch on the length, which the processor could not
 * guess, costs more than the writes it saves. So the deltas start as MEMO_WRITE zeros (a memo
 * with no list still has an array to read) and carry MEMO_WRITE - 1 zeros past the last list,
 * and a caller's room takes the extra writes (klotski_max_successors, 64 a piece,
 * is far more than the 21 lanes a piece can reach).
 */
#include "klotski/klotski_memo.h"

#include <stdlib.h>
#include <string.h>

#include "common/cpu.h"
#include "common/grow.h"

#define MEMO_WRITE 4
#define MEMO_NO_SPOT 0xFF

typedef struct {
    uint8_t lane;
    uint8_t count[8];     /* by the lane's value in a key: how many successors (the primary's,
                             value 1, are read apart and count 0 here) */
    uint16_t first[8];    /* and where they start among the set's deltas */
    uint8_t primary_count;
    uint16_t primary_first;
} memo_spot;

typedef struct {
    uint32_t spot0, delta0;                      /* its first spot and first delta */
    uint32_t nspots;
    uint8_t spot_of_lane[KLOTSKI_RAW_CELLS];     /* the spot on each lane, or MEMO_NO_SPOT */
} memo_set;

typedef int memo_reader(const klotski_memo *memo, const memo_set *set, uint64_t key, int skip,
                        uint64_t *restrict child);

struct klotski_memo {
    const klotski_board *b;
    memo_reader *from_set;   /* from_set_portable or from_set_avx2 */
    measure m;
    uint32_t lanes;        /* the board's lanes, one bit each */
    uint32_t walls;        /* the wall lanes */
    uint32_t *slot;        /* the table: a set's lanes + 1 (0: empty slot) */
    uint32_t *slot_set;    /* and its index in set[] */
    uint32_t slot_mask;
    int slot_shift;
    memo_set *set;
    size_t nsets, set_capacity;
    memo_spot *spot;
    size_t nspots, spot_capacity;
    uint64_t *delta;
    size_t ndeltas, delta_capacity;
};

/* Writes key ^ delta[0 .. count - 1] to out, the first MEMO_WRITE whatever count is (the
 * file's header says why); returns count. */
static inline int write_list(const uint64_t *restrict delta, unsigned count, uint64_t key,
                             uint64_t *restrict out)
{
    for (int k = 0; k < MEMO_WRITE; k++) out[k] = key ^ delta[k];
    if (__builtin_expect(count > MEMO_WRITE, 0))
        for (unsigned k = MEMO_WRITE; k < count; k++) out[k] = key ^ delta[k];
    return (int)count;
}

/* The successors of key, whose empty lanes are `set`'s, leaving out the piece anchored on
 * lane `skip` (none: -1): the primary's, then every other anchor's in lane order. */
static inline __attribute__((always_inline)) int
from_set_inline(const klotski_memo *memo, const memo_set *set, uint64_t key, int skip,
                uint64_t *restrict child)
{
    const memo_spot *spot = memo->spot + set->spot0;
    const uint64_t *restrict delta = memo->delta + set->delta0;
    int primary = memo->b->lane[klotski_primary_anchor(memo->b, key)], n = 0;
    unsigned own = set->spot_of_lane[primary];
    if (own != MEMO_NO_SPOT && primary != skip)
        n = write_list(delta + spot[own].primary_first, spot[own].primary_count, key, child);
    for (uint32_t j = 0; j < set->nspots; j++) {
        int lane = spot[j].lane;
        unsigned value = key >> 3 * lane & 7;
        unsigned count = spot[j].count[value] & -(unsigned)(lane != skip);
        n += write_list(delta + spot[j].first[value], count, key, child + n);
    }
    return n;
}

/* from_set in two builds: portable, and where the AVX2 twins are built, with AVX2, BMI1 and
 * BMI2 (a shift by a register without the flags, four writes in one), picked when the memo is
 * made. */
static int from_set_portable(const klotski_memo *memo, const memo_set *set, uint64_t key,
                             int skip, uint64_t *restrict child)
{
    return from_set_inline(memo, set, key, skip, child);
}

#ifdef HAVE_AVX2_TWINS
__attribute__((target("avx2,bmi,bmi2"))) static int
from_set_avx2(const klotski_memo *memo, const memo_set *set, uint64_t key, int skip,
              uint64_t *restrict child)
{
    return from_set_inline(memo, set, key, skip, child);
}
#endif

static memo_reader *pick_reader(void)
{
#ifdef HAVE_AVX2_TWINS
    if (cpu_in_force() >= CPU_AVX2) return from_set_avx2;
#endif
    return from_set_portable;
}

/* n choose k, or UINT64_MAX past it. */
static uint64_t choose(int n, int k)
{
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) {
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
        if (r > KLOTSKI_MEMO_MAX_SETS) return UINT64_MAX;
    }
    return r;
}

/* An empty memo of board b in measure m that reads its lists with from_set (klotski_memo_new). */
static klotski_memo *make(const klotski_board *b, measure m, memo_reader *from_set)
{
    if (!b->raw) return NULL;
    int lanes = b->width * b->height;
    uint32_t walls = klotski_dense(b->raw_walls);
    uint64_t sets = choose(lanes - __builtin_popcount(walls), b->empty_cells);
    if (sets == UINT64_MAX) return NULL;
    klotski_memo *memo = calloc(1, sizeof *memo);
    if (!memo) return NULL;
    int log2_slots = 1;
    while ((1ull << log2_slots) < 2 * sets) log2_slots++;
    memo->slot = calloc(1ull << log2_slots, sizeof *memo->slot);
    memo->slot_set = malloc((1ull << log2_slots) * sizeof *memo->slot_set);
    /* The deltas exist from the start, zeros, so that a set with no list (a board where
     * nothing moves) still reads from an array: never an offset from NULL. */
    bool failed = false;
    TRY_GROW(memo->delta, memo->delta_capacity, MEMO_WRITE, 4096, failed);
    if (!memo->slot || !memo->slot_set || failed) {
        klotski_memo_free(memo);
        return NULL;
    }
    memo->b = b;
    memo->from_set = from_set;
    memo->m = m;
    memo->lanes = (uint32_t)((1ull << lanes) - 1);
    memo->walls = walls;
    memo->slot_mask = (uint32_t)((1u << log2_slots) - 1);
    memo->slot_shift = 32 - log2_slots;
    memset(memo->delta, 0, MEMO_WRITE * sizeof *memo->delta);
    return memo;
}

klotski_memo *klotski_memo_new(const klotski_board *b, measure m)
{
    return make(b, m, pick_reader());
}

klotski_memo *klotski_memo_new_portable(const klotski_board *b, measure m)
{
    return make(b, m, from_set_portable);
}

void klotski_memo_free(klotski_memo *memo)
{
    if (!memo) return;
    free(memo->slot);
    free(memo->slot_set);
    free(memo->set);
    free(memo->spot);
    free(memo->delta);
    free(memo);
}

uint64_t klotski_memo_bytes(const klotski_memo *memo)
{
    return sizeof *memo + (uint64_t)(memo->slot_mask + 1) * 2 * sizeof(uint32_t) +
           memo->set_capacity * sizeof(memo_set) + memo->spot_capacity * sizeof(memo_spot) +
           memo->delta_capacity * sizeof(uint64_t);
}

/* Works out the set of empty lanes `empty` and appends it; false when memory runs out. Every
 * lane and class is tried with all other lanes covered: a piece that does not fit, or would
 * cover an empty lane or a wall, never stands there in a key of this set. */
static bool work_out(klotski_memo *memo, uint32_t empty)
{
    const klotski_board *b = memo->b;
    int lanes = b->width * b->height;
    bool failed = false;
    TRY_GROW(memo->set, memo->set_capacity, memo->nsets + 1, 64, failed);
    TRY_GROW(memo->spot, memo->spot_capacity, memo->nspots + (size_t)lanes, 1024, failed);
    if (failed) return false;
    memo_set *set = &memo->set[memo->nsets];
    set->spot0 = (uint32_t)memo->nspots;
    set->delta0 = (uint32_t)memo->ndeltas;
    set->nspots = 0;
    memset(set->spot_of_lane, MEMO_NO_SPOT, sizeof set->spot_of_lane);
    uint32_t occupied = ~empty | KLOTSKI_OUTSIDE;
    uint64_t child[KLOTSKI_RAW_CELLS * 4];
    for (int lane = 0; lane < lanes; lane++) {
        memo_spot spot = {(uint8_t)lane, {0}, {0}, 0, 0};
        bool moves = false;
        for (int c = 0; c < b->nclasses; c++) {
            uint64_t piece = b->raw_piece[c][lane];
            if (!piece || (b->raw_cells[c][lane] & (empty | memo->walls))) continue;
            int n = klotski_piece_successors(b, piece, occupied, c, lane, memo->m, child);
            if (!n) continue;
            TRY_GROW(memo->delta, memo->delta_capacity, memo->ndeltas + (size_t)n + MEMO_WRITE,
                     4096, failed);
            if (failed) return false;
            uint16_t first = (uint16_t)(memo->ndeltas - set->delta0);
            if (c == 0) spot.primary_count = (uint8_t)n, spot.primary_first = first;
            else spot.count[c + 1] = (uint8_t)n, spot.first[c + 1] = first;
            for (int k = 0; k < n; k++) memo->delta[memo->ndeltas++] = piece ^ child[k];
            memset(memo->delta + memo->ndeltas, 0, (MEMO_WRITE - 1) * sizeof *memo->delta);
            moves = true;
        }
        if (!moves) continue;
        set->spot_of_lane[lane] = (uint8_t)set->nspots++;
        memo->spot[memo->nspots++] = spot;
    }
    memo->nsets++;
    return true;
}

/* The set of empty lanes `empty`, worked out when it is new; NULL when memory runs out. */
static const memo_set *find_set(klotski_memo *memo, uint32_t empty)
{
    uint32_t j = (empty * 0x9E3779B1u) >> memo->slot_shift;
    for (; memo->slot[j]; j = (j + 1) & memo->slot_mask)
        if (memo->slot[j] == empty + 1) return &memo->set[memo->slot_set[j]];
    if (!work_out(memo, empty)) return NULL;
    memo->slot[j] = empty + 1;
    memo->slot_set[j] = (uint32_t)(memo->nsets - 1);
    return &memo->set[memo->nsets - 1];
}

static uint32_t empty_lanes(const klotski_memo *memo, uint64_t key)
{
    return ~klotski_dense(key) & memo->lanes;
}

int klotski_memo_successors(klotski_memo *memo, uint64_t key, uint64_t *child)
{
    const memo_set *set = find_set(memo, empty_lanes(memo, key));
    if (!set) return klotski_successors(memo->b, key, memo->m, child);
    return memo->from_set(memo, set, key, -1, child);
}

int klotski_memo_successors_after(klotski_memo *memo, uint64_t parent, uint64_t key,
                                  uint64_t *child)
{
    const memo_set *set = find_set(memo, empty_lanes(memo, key));
    if (!set) return klotski_successors_after(memo->b, parent, key, memo->m, child);
    int skip = memo->m == MEASURE_MOVES ? klotski_moved_lane(parent, key) : -1;
    return memo->from_set(memo, set, key, skip, child);
}

/* ---- family.h's view ---------------------------------------------------------------- */

static void *memo_make(const void *b, measure m)
{
    return klotski_memo_new(b, m);
}

static int memo_successors(void *memo, uint64_t key, uint64_t *child)
{
    return klotski_memo_successors(memo, key, child);
}

static int memo_successors_after(void *memo, uint64_t parent, uint64_t key, uint64_t *child)
{
    return klotski_memo_successors_after(memo, parent, key, child);
}

static uint64_t memo_bytes(const void *memo)
{
    return klotski_memo_bytes(memo);
}

static void memo_free(void *memo)
{
    klotski_memo_free(memo);
}

const family_memo klotski_family_memo = {memo_make, memo_successors, memo_successors_after,
                                         memo_bytes, memo_free};
