/* moves_avx2.h -- breadth-first search's move generator with AVX2: four pieces a vector where
 * every piece is asked the same question, a piece at a time where only a few are.
 *
 * The same successors as moves_generate_filtered (moves.h), in the same order. Three things make
 * it cheaper than that generator, which decodes the key a piece at a time and then runs two
 * loops of data-dependent length (the pieces the filter lets through, then those that can move)
 * and branches on each piece's side of the swept segment:
 *
 *   decoding   every piece's offset, its cells and whether it can move at all come four pieces
 *              to a vector, with no branch: offset = (key >> shift) & mask; cells = its cells at
 *              offset 0 shifted by the offset (times 8 for a column); it can move when a cell
 *              next to it in its line (its cells shifted one cell either way, kept to its line)
 *              is free, the cells past the board's edge counting as blocked
 *   emitting   a piece that can move and that the filter lets through gets its slides from the
 *              run table (moves_runs: b cells free before it, a after) as one list of signed
 *              distances, -1 .. -b and then +1 .. +a, and the list's first four distances
 *              become four keys at once, key + (distance << the piece's shift) (eight on a
 *              board with a side of 7 or 8, where a piece may have six slides)
 *   clipping   a piece below the last mover keeps only the slides whose swept cells meet the
 *              cells the mover swept (moves_filter_commuting), which are exactly the slides
 *              that those cells block: so the run table is read a second time, on the
 *              occupancy with the swept cells added (b' and a' cells free), and the piece keeps
 *              -(b' + 1) .. -b, or +(a' + 1) .. +a (the swept cells lie on one side of it), a
 *              slice of the list; a piece not below the mover reads a line blocked
 *              everywhere (b' = a' = 0) and keeps the whole list. One rule for a piece along
 *              the mover's line and across it, with no case on either's orientation
 *
 * so a movable piece costs two run-table lookups and one store, with no branch on its
 * orientation, its side of the swept segment or its run lengths. The only branch that depends
 * on the state is the loop over the movable pieces, so the generator comes in two halves
 * (moves_avx2_begin, the decoding and the filter; moves_avx2_emit, the loop): a caller that
 * begins the next state before emitting this one has the loop's bound ready when the loop is
 * fetched (rush/bfs_engine.c says why that matters; docs/performance.md).
 *
 * It is also the generator of the engine's AVX-512 build: one that worked out every piece's
 * slides at once with AVX-512's byte compression, and had no loop to mispredict, measured
 * slower than this one begun a state early.
 */
#ifndef MOVES_AVX2_H
#define MOVES_AVX2_H

#include <immintrin.h>

#include "rush/moves.h"

#define MOVES_AVX2_GROUPS (BOARD_MAX_PIECES / 4)

/* A slice of a piece's distances starts at most at its sixth and ends with its last, and each
 * store writes 4 keys (8 on a wide board) from the current count: the room MOVES_MAX keeps for
 * unconditional writes covers them. A slide's farthest new cell is an empty cell of its line,
 * and an empty cell is that cell for at most two slides along its row and two along its
 * column, so a state has at most 4 * 64 successors. */
_Static_assert(4 * BOARD_MAX_SIDE * BOARD_MAX_SIDE + 8 <= MOVES_MAX, "room for 8-key stores");

/* What the emitting loop reads of a piece, in 16 bytes. */
typedef struct {
    uint64_t line;        /* the 8 cells of its line (board.line_cells) */
    uint16_t runs;        /* where its length's part of the run table starts */
    uint16_t extract;     /* its offset's bit-field extract (board_piece) */
    uint8_t shift;
} moves_avx2_piece;

/* A board laid out for the generator: lane i % 4 of group i / 4 describes piece i (pieces past
 * npieces have no cells and never move). */
typedef struct {
    int groups;
    bool wide;                          /* a side longer than 6: up to six slides a piece */
    uint64_t blocked;                   /* the walls and the cells past the board's edge */
    moves_avx2_piece piece[BOARD_MAX_PIECES];
    __m256i shift[MOVES_AVX2_GROUPS], off_mask[MOVES_AVX2_GROUPS];
    __m256i cells0[MOVES_AVX2_GROUPS];  /* its cells at offset 0 */
    __m256i step[MOVES_AVX2_GROUPS];    /* log2 of the cell numbers one offset apart: 0 or 3 */
    __m256i line[MOVES_AVX2_GROUPS];    /* the 8 cells of its line */
    /* What a state's move filter needs, looked up rather than worked out at each state: the
     * piece whose offset key bit q belongs to, mover[q] (piece | its extract << 8, board.h),
     * and after piece i slid from offset was to is, after[i][was * 8 + is], the pieces the
     * filter lets through and the cells i swept (moves_filter_after). */
    uint32_t mover[64];
    struct {
        uint64_t swept;
        uint32_t pieces;
    } after[BOARD_MAX_PIECES][64];
} moves_avx2_board;

/* Lays b out for the generator (once per search), its filters those of
 * moves_filter_commuting(..., keep_mover). */
static inline void moves_avx2_prepare(const board *b, moves_avx2_board *v, bool keep_mover)
{
    uint64_t shift[BOARD_MAX_PIECES] = {0}, off_mask[BOARD_MAX_PIECES] = {0};
    uint64_t cells0[BOARD_MAX_PIECES] = {0}, step[BOARD_MAX_PIECES] = {0};
    uint64_t line[BOARD_MAX_PIECES] = {0}, inside = 0;   /* inside: the board's cells */
    for (int r = 0; r < b->height; r++) inside |= (((uint64_t)1 << b->width) - 1) << (8 * r);
    v->groups = (b->npieces + 3) / 4;
    v->wide = b->width > 6 || b->height > 6;
    v->blocked = b->walls | ~inside;
    for (int i = 0; i < b->npieces; i++) {
        const board_piece *p = &b->piece[i];
        uint16_t runs = (uint16_t)((p->length - 2) * 256 * BOARD_MAX_SIDE);
        v->piece[i] = (moves_avx2_piece){b->line_cells[i], runs, p->extract, p->shift};
        shift[i] = p->shift;
        off_mask[i] = p->off_mask;
        cells0[i] = b->cells[i][0];
        step[i] = p->horizontal ? 0 : 3;
        line[i] = b->line_cells[i];
    }
    for (int g = 0; g < MOVES_AVX2_GROUPS; g++) {
        v->shift[g] = _mm256_loadu_si256((const __m256i *)(shift + 4 * g));
        v->off_mask[g] = _mm256_loadu_si256((const __m256i *)(off_mask + 4 * g));
        v->cells0[g] = _mm256_loadu_si256((const __m256i *)(cells0 + 4 * g));
        v->step[g] = _mm256_loadu_si256((const __m256i *)(step + 4 * g));
        v->line[g] = _mm256_loadu_si256((const __m256i *)(line + 4 * g));
    }
    /* Only the key's bits and a move's two different offsets are ever looked up; a move and
     * its reverse sweep the same cells and have the same filter, worked out once for both.
     * (Filling every entry took 7% of the search's instructions in solve mode on the first
     * 2,000 lines of the other database file, whose searches are short; callgrind.) */
    for (int q = 0; q < b->key_bits; q++)
        v->mover[q] = b->piece_of_bit[q] | (uint32_t)b->piece[b->piece_of_bit[q]].extract << 8;
    for (int i = 0; i < b->npieces; i++)
        for (int lo = 0; lo < b->piece[i].max_offset; lo++)
            for (int hi = lo + 1; hi <= b->piece[i].max_offset; hi++) {
                moves_filter f = moves_filter_after(b, i, lo, hi, keep_mover);
                uint64_t segment = ((uint64_t)1 << f.swept_to) - ((uint64_t)1 << f.swept_from);
                uint64_t swept = _pdep_u64(segment, b->line_cells[i]);
                v->after[i][lo * 8 + hi].swept = v->after[i][hi * 8 + lo].swept = swept;
                v->after[i][lo * 8 + hi].pieces = v->after[i][hi * 8 + lo].pieces = f.pieces;
            }
}

/* A piece's slides as signed byte distances, -1 .. -b toward the start of its line and then
 * +1, +2, ... toward its end: moves_avx2_distances[b] (b <= BOARD_RUN_MAX). */
static const uint64_t moves_avx2_distances[BOARD_RUN_MAX + 1] = {
    0x0807060504030201ull, 0x07060504030201FFull, 0x060504030201FEFFull, 0x0504030201FDFEFFull,
    0x04030201FCFDFEFFull, 0x030201FBFCFDFEFFull, 0x0201FAFBFCFDFEFFull,
};

/* What the loop over the movable pieces needs of a state: moves_avx2_begin works it out,
 * moves_avx2_emit then writes the keys. */
typedef struct {
    uint64_t key;
    uint64_t occ;        /* occupancy, the cells past the board's edge counted as blocked */
    uint64_t occ_clip;   /* the same with the last mover's swept cells */
    uint32_t movable;    /* the pieces the filter lets through that have a free cell beside them */
    int clip_below;      /* the pieces numbered below it read occ_clip: the last mover, or -1 */
} moves_avx2_pending;

/* moves_generate_filtered(b, key, f, keys, NULL, max_distance) for the board v was prepared
 * from, in two halves: moves_avx2_begin(b, v, key, from, root, &s), then moves_avx2_emit(v, &s,
 * keys, max_distance) gives the same keys in the same order and returns the same count. f is
 * moves_filter_commuting(b, from, key, keep_mover), keep_mover as v was prepared, for a state
 * reached from the state `from` by one move; at the root (from ignored) it lets every piece
 * through. */
static inline void moves_avx2_begin(const board *b, const moves_avx2_board *v, uint64_t key,
                                    uint64_t from, bool root, moves_avx2_pending *s)
{
    const __m256i k = _mm256_set1_epi64x((long long)key), zero = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi64x(1);
    int groups = v->groups;

    /* Offsets and occupancy, the cells past the board's edge counted as blocked (so a line
     * read from it is blocked past the edge too, and a cell there is never free). */
    __m256i cells[MOVES_AVX2_GROUPS], all = zero;
    for (int g = 0; g < groups; g++) {
        __m256i at = _mm256_and_si256(_mm256_srlv_epi64(k, v->shift[g]), v->off_mask[g]);
        cells[g] = _mm256_sllv_epi64(v->cells0[g], _mm256_sllv_epi64(at, v->step[g]));
        all = _mm256_or_si256(all, cells[g]);
    }
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    uint64_t occ = v->blocked | (uint64_t)_mm_cvtsi128_si64(half) |
                   (uint64_t)_mm_extract_epi64(half, 1);

    /* The pieces with a free cell next to them in their line. */
    const __m256i free_cells = _mm256_set1_epi64x((long long)~occ);
    uint32_t stuck = 0;
    for (int g = 0; g < groups; g++) {
        __m256i by = _mm256_sllv_epi64(one, v->step[g]);
        __m256i next = _mm256_or_si256(_mm256_srlv_epi64(cells[g], by),
                                       _mm256_sllv_epi64(cells[g], by));
        next = _mm256_and_si256(_mm256_and_si256(next, v->line[g]), free_cells);
        __m256d none = _mm256_castsi256_pd(_mm256_cmpeq_epi64(next, zero));
        stuck |= (uint32_t)_mm256_movemask_pd(none) << (4 * g);
    }

    if (root) {
        *s = (moves_avx2_pending){key, occ, occ, board_all_pieces(b) & ~stuck, -1};
        return;
    }
    /* The last mover c and its filter. The cells it swept are added to the occupancy: a piece
     * below c keeps exactly the slides that this blocks (those whose swept cells meet c's). A
     * piece not below c reads its second run from a line blocked everywhere, which takes none
     * of its slides away. */
    uint32_t mover = v->mover[__builtin_ctzll(from ^ key)], extract = mover >> 8;
    int c = (int)(mover & 255);
    unsigned was = (unsigned)__bextr_u64(from, extract), is = (unsigned)__bextr_u64(key, extract);
    uint64_t swept = v->after[c][was * 8 + is].swept;
    *s = (moves_avx2_pending){key, occ, occ | swept, v->after[c][was * 8 + is].pieces & ~stuck, c};
}

static inline int moves_avx2_emit(const moves_avx2_board *v, const moves_avx2_pending *s,
                                  uint64_t *keys, int max_distance)
{
    const __m256i k = _mm256_set1_epi64x((long long)s->key);
    uint64_t key = s->key, occ = s->occ, occ_clip = s->occ_clip;
    int c = s->clip_below;
    const uint8_t *runs = &(*moves_runs())[0][0][0];
    bool wide = v->wide;
    int n = 0;
    for (uint32_t movable = s->movable; movable; movable &= movable - 1) {
        int i = __builtin_ctz(movable);
        const moves_avx2_piece *p = &v->piece[i];
        const uint8_t *mine = runs + p->runs + __bextr_u64(key, p->extract);
        unsigned run = mine[8 * _pext_u64(occ, p->line)];
        unsigned kept = mine[8 * _pext_u64(i < c ? occ_clip : ~(uint64_t)0, p->line)];
        int before = (int)(run & 15), after = (int)(run >> 4);
        int before_kept = (int)(kept & 15), after_kept = (int)(kept >> 4);
        if (max_distance < BOARD_RUN_MAX) {   /* steps only: the same way for a whole search */
            if (before > max_distance) before = max_distance;
            if (after > max_distance) after = max_distance;
            if (before_kept > max_distance) before_kept = max_distance;
            if (after_kept > max_distance) after_kept = max_distance;
        }
        /* The slice of the distances -1 .. -before, +1 .. +after that the swept cells block:
         * -(before_kept + 1) .. -before when they lie before the piece, +(after_kept + 1) ..
         * +after when after it (never both: they lie on one side), or all of them. */
        int first = before > before_kept ? before_kept : before + after_kept;
        uint64_t distances = moves_avx2_distances[before] >> (8 * first);
        __m256i shift = _mm256_set1_epi64x(p->shift);
        __m256i d = _mm256_cvtepi8_epi64(_mm_cvtsi64_si128((long long)distances));
        _mm256_storeu_si256((__m256i *)(keys + n),
                            _mm256_add_epi64(k, _mm256_sllv_epi64(d, shift)));
        if (wide) {
            d = _mm256_cvtepi8_epi64(_mm_cvtsi64_si128((long long)(distances >> 32)));
            _mm256_storeu_si256((__m256i *)(keys + n + 4),
                                _mm256_add_epi64(k, _mm256_sllv_epi64(d, shift)));
        }
        n += before - before_kept + after - after_kept;
    }
    return n;
}

#endif
