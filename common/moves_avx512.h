/* moves_avx512.h -- breadth-first search's move generator with AVX-512: every piece at once.
 *
 * The same successors as moves_generate_filtered (moves.h), in the same order, worked out eight
 * pieces to a vector instead of a piece at a time. Each lane holds one piece, and everything
 * the scalar generator looks up or branches on is arithmetic here:
 *
 *   offset   (key >> shift) & mask                  (the key's layout, board.h)
 *   cells    cells at offset 0, shifted by the offset times 1 (a row) or 8 (a column)
 *   line     ((occupancy >> s) & m) * k >> 56: the row's byte, or the column gathered into a
 *            byte by board_line's multiplication; with the cells past the board's edge and a
 *            ninth cell set as blocked, so every slide meets a blocked cell
 *   runs     free cells before the piece: its offset minus the bit length of the line below
 *            it (a leading-zero count); after it: the trailing zeros of the line above it
 *   filter   moves_filter_commuting's clip: a lower-numbered piece keeps the slides of at least
 *            gap + 1 cells toward the swept segment, gap being the free cells between them,
 *            and none away from it (a negative gap: the shift that makes the mask is then
 *            64 or more, which AVX-512 makes zero)
 *
 * which gives each piece a mask of the slides it keeps: bit d - 1 for d cells toward the start
 * of its line, bit SIDE + d - 1 for d cells toward its end, SIDE being 4 on boards of 6 or
 * fewer cells a side (the longest slide is 4) and 8 on larger ones (the longest is 6).
 *
 * The keys then come without a loop over pieces. The masks of a group, narrowed to a byte (or
 * two) a piece, are one 64-bit mask over the group's slides, slide s of lane l at bit
 * 2 SIDE l + s; compressing the byte numbers 0..63 by it (AVX-512 VBMI2) lists the kept
 * slides in order, and each number gives its key: the lane, by the lane's key shift, and s,
 * by the distance (s mod SIDE) + 1 and the side. How many pieces can slide varies from state
 * to state, so a loop over them ended at a branch the processor mispredicts; the compression
 * has none but the rare one for a group with more than 8 slides (docs/performance.md).
 */
#ifndef MOVES_AVX512_H
#define MOVES_AVX512_H

#include <immintrin.h>

#include "common/moves.h"

#define MOVES_AVX512_GROUPS (BOARD_MAX_PIECES / 8)

/* Every store writes 8 keys from the current count. A slide's farthest new cell is an empty
 * cell of its line, and an empty cell is that cell for at most two slides along its row and
 * two along its column, so a state has at most 4 * 64 successors: the stores stay in
 * MOVES_MAX. */
_Static_assert(4 * BOARD_MAX_SIDE * BOARD_MAX_SIDE + 8 <= MOVES_MAX, "room for 8-key stores");

/* A board laid out for the generator: lane i % 8 of group i / 8 describes piece i (pieces past
 * npieces have nothing, so they add no cells and no slides); shift[g] is also what turns a
 * slide's distance into its key change. */
typedef struct {
    int groups, npieces;
    bool wide;                  /* a side longer than 6 cells: two bytes a piece of slide bits */
    uint64_t walls;
    uint32_t horizontal;        /* bit i: piece i slides along a row */
    __m512i shift[MOVES_AVX512_GROUPS], off_mask[MOVES_AVX512_GROUPS];
    __m512i cells0[MOVES_AVX512_GROUPS], cell_step[MOVES_AVX512_GROUPS];
    __m512i line_shift[MOVES_AVX512_GROUPS], line_mask[MOVES_AVX512_GROUPS];
    __m512i line_mul[MOVES_AVX512_GROUPS], blocked[MOVES_AVX512_GROUPS];
    __m512i length[MOVES_AVX512_GROUPS];
} moves_avx512_board;

/* Lays b out for moves_avx512_generate (once per search: a few hundred instructions). */
static inline void moves_avx512_prepare(const board *b, moves_avx512_board *v)
{
    uint64_t shift[BOARD_MAX_PIECES] = {0}, off_mask[BOARD_MAX_PIECES] = {0};
    uint64_t cells0[BOARD_MAX_PIECES] = {0}, cell_step[BOARD_MAX_PIECES] = {0};
    uint64_t line_shift[BOARD_MAX_PIECES] = {0}, line_mask[BOARD_MAX_PIECES] = {0};
    uint64_t line_mul[BOARD_MAX_PIECES] = {0}, blocked[BOARD_MAX_PIECES] = {0};
    uint64_t length[BOARD_MAX_PIECES] = {0};
    v->npieces = b->npieces;
    v->groups = (b->npieces + 7) / 8;
    v->wide = b->width > 6 || b->height > 6;
    v->walls = b->walls;
    v->horizontal = 0;
    for (int i = 0; i < b->npieces; i++) {
        const board_piece *p = &b->piece[i];
        shift[i] = p->shift;
        off_mask[i] = p->off_mask;
        cells0[i] = b->cells[i][0];
        cell_step[i] = p->horizontal ? 0 : 3;   /* log2 of the cell numbers one offset apart */
        line_shift[i] = p->horizontal ? 8u * p->line : p->line;
        line_mask[i] = p->horizontal ? 0xFFull : 0x0101010101010101ull;
        line_mul[i] = p->horizontal ? 1ull << 56 : 0x0102040810204080ull;
        blocked[i] = p->beyond | 0x100u;
        length[i] = p->length;
        if (p->horizontal) v->horizontal |= 1u << i;
    }
    for (int g = 0; g < MOVES_AVX512_GROUPS; g++) {
        v->shift[g] = _mm512_loadu_si512(shift + 8 * g);
        v->off_mask[g] = _mm512_loadu_si512(off_mask + 8 * g);
        v->cells0[g] = _mm512_loadu_si512(cells0 + 8 * g);
        v->cell_step[g] = _mm512_loadu_si512(cell_step + 8 * g);
        v->line_shift[g] = _mm512_loadu_si512(line_shift + 8 * g);
        v->line_mask[g] = _mm512_loadu_si512(line_mask + 8 * g);
        v->line_mul[g] = _mm512_loadu_si512(line_mul + 8 * g);
        v->blocked[g] = _mm512_loadu_si512(blocked + 8 * g);
        v->length[g] = _mm512_loadu_si512(length + 8 * g);
    }
}

/* Writes at keys[n] the keys of the slides set in `slides`, bit SIDE * 2 * l + s for slide s of
 * lane `first + l` of group g (side_log2: log2 of SIDE); returns the new count. Each store
 * writes 8 keys, and a further 8 only when more slides are set. */
static inline int moves_avx512_emit(const moves_avx512_board *v, int g, __mmask64 slides,
                                    int first, int side_log2, __m512i key, uint64_t *keys, int n)
{
    const __m512i numbers = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51,
        50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28,
        27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
        2, 1, 0);
    const __m512i side = _mm512_set1_epi64(1ll << side_log2), one = _mm512_set1_epi64(1);
    __m512i picked = _mm512_maskz_compress_epi8(slides, numbers);
    int count = (int)_mm_popcnt_u64(_cvtmask64_u64(slides));
    for (int done = 0;; done += 8) {
        __m512i number = _mm512_cvtepu8_epi64(_mm512_castsi512_si128(picked));
        __m512i lane = _mm512_add_epi64(_mm512_srli_epi64(number, (unsigned)side_log2 + 1),
                                        _mm512_set1_epi64(first));
        __m512i distance = _mm512_add_epi64(_mm512_and_si512(number, _mm512_sub_epi64(side, one)),
                                            one);
        __m512i delta = _mm512_sllv_epi64(distance, _mm512_permutexvar_epi64(lane, v->shift[g]));
        __mmask8 toward_end = _mm512_test_epi64_mask(number, side);
        _mm512_storeu_si512(keys + n + done, _mm512_mask_add_epi64(_mm512_sub_epi64(key, delta),
                                                                   toward_end, key, delta));
        if (__builtin_expect(done + 8 >= count, 1)) break;
        picked = _mm512_alignr_epi64(_mm512_setzero_si512(), picked, 1);   /* the next 8 */
    }
    return n + count;
}

/* moves_generate_filtered(b, key, f, keys, NULL, max_distance) for the board v was prepared
 * from: the same keys in the same order, and the same count returned. */
static inline int moves_avx512_generate(const board *b, const moves_avx512_board *v, uint64_t key,
                                        moves_filter f, uint64_t *keys, int max_distance)
{
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    const __m512i all = _mm512_set1_epi64(-1);
    const __m512i k = _mm512_set1_epi64((long long)key);
    int groups = v->groups;

    /* Offsets and occupancy. */
    __m512i at[MOVES_AVX512_GROUPS], cells = zero;
    for (int g = 0; g < groups; g++) {
        at[g] = _mm512_and_si512(_mm512_srlv_epi64(k, v->shift[g]), v->off_mask[g]);
        __m512i step = _mm512_sllv_epi64(at[g], v->cell_step[g]);
        cells = _mm512_or_si512(cells, _mm512_sllv_epi64(v->cells0[g], step));
    }
    const __m512i occ = _mm512_set1_epi64((long long)(v->walls | (uint64_t)_mm512_reduce_or_epi64(cells)));

    /* The filter: the segment the last mover q swept, as each orientation meets it (its own
     * cells for pieces along q's line, q's line for pieces across it). */
    int c = f.commute_piece;
    const board_piece *q = &b->piece[c < 0 ? 0 : c];
    uint32_t clipped = c > 0 ? (1u << c) - 1 : 0;
    uint32_t across = q->horizontal ? ~v->horizontal : v->horizontal;
    const __m512i from_along = _mm512_set1_epi64(f.swept_from), to_along = _mm512_set1_epi64(f.swept_to);
    const __m512i from_across = _mm512_set1_epi64(q->line), to_across = _mm512_set1_epi64(q->line + 1);
    const __m512i longest = _mm512_set1_epi64(max_distance);

    int side = v->wide ? 8 : 4, n = 0;
    for (int g = 0; g < groups; g++) {
        /* A group none of whose pieces the filter lets through has no slides: on boards of
         * more than 8 pieces the first group, when the last mover is in the second and none
         * of the first eight shares its line or crosses its sweep (9% of the groups on 6x6
         * boards without walls; skipping them made the search 2.5-3.5% faster there). */
        if (!(uint8_t)(f.pieces >> (8 * g))) continue;
        __m512i line = _mm512_and_si512(_mm512_srlv_epi64(occ, v->line_shift[g]), v->line_mask[g]);
        line = _mm512_or_si512(_mm512_srli_epi64(_mm512_mullo_epi64(line, v->line_mul[g]), 56),
                               v->blocked[g]);
        __m512i below = _mm512_and_si512(line, _mm512_sub_epi64(_mm512_sllv_epi64(one, at[g]), one));
        __m512i before = _mm512_sub_epi64(_mm512_add_epi64(at[g], _mm512_lzcnt_epi64(below)),
                                          _mm512_set1_epi64(64));
        __m512i end = _mm512_add_epi64(at[g], v->length[g]);
        __m512i above = _mm512_srlv_epi64(line, end);
        __m512i lowest = _mm512_and_si512(above, _mm512_sub_epi64(zero, above));
        __m512i after = _mm512_sub_epi64(_mm512_set1_epi64(63), _mm512_lzcnt_epi64(lowest));
        if (max_distance < BOARD_RUN_MAX) {   /* steps only: the same way for a whole search */
            before = _mm512_min_epi64(before, longest);
            after = _mm512_min_epi64(after, longest);
        }
        __mmask8 cross = (__mmask8)(across >> (8 * g)), clip = (__mmask8)(clipped >> (8 * g));
        __m512i from = _mm512_mask_blend_epi64(cross, from_along, from_across);
        __m512i to = _mm512_mask_blend_epi64(cross, to_along, to_across);
        __m512i gap_before = _mm512_maskz_sub_epi64(clip, at[g], to);
        __m512i gap_after = _mm512_maskz_sub_epi64(clip, from, end);
        __m512i toward_start = _mm512_and_si512(_mm512_sub_epi64(_mm512_sllv_epi64(one, before), one),
                                                _mm512_sllv_epi64(all, gap_before));
        __m512i toward_end = _mm512_and_si512(_mm512_sub_epi64(_mm512_sllv_epi64(one, after), one),
                                              _mm512_sllv_epi64(all, gap_after));
        __m512i mask = _mm512_maskz_or_epi64((__mmask8)(f.pieces >> (8 * g)), toward_start,
                                             _mm512_slli_epi64(toward_end, (unsigned)side));
        /* The keys: pieces in order, each side nearest first. */
        if (v->wide) {   /* two bytes a piece: lanes 0-3, then 4-7 */
            __m128i slides = _mm512_cvtepi64_epi16(mask);
            n = moves_avx512_emit(v, g, _cvtu64_mask64((uint64_t)_mm_cvtsi128_si64(slides)), 0, 3,
                                  k, keys, n);
            n = moves_avx512_emit(v, g, _cvtu64_mask64((uint64_t)_mm_extract_epi64(slides, 1)), 4,
                                  3, k, keys, n);
        } else {   /* a byte a piece, gathered by a bit shuffle (AVX-512 BITALG) straight into a
                    * mask register: its bit 8 l + t is bit t of lane l (1.3% faster) */
            const __m512i byte_bits = _mm512_set1_epi64(0x0706050403020100ll);
            n = moves_avx512_emit(v, g, _mm512_bitshuffle_epi64_mask(mask, byte_bits), 0, 2, k,
                                  keys, n);
        }
    }
    return n;
}

#endif
