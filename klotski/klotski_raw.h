/* klotski_raw.h -- the raw key's decoder and generator (klotski.h), written once for both of
 * its widths: klotski.c includes this file twice, once with RAW_KEY a uint64_t (boards of at
 * most 21 cells, the board's raw_ tables) and once with RAW_KEY a key_wide (22 to 42 cells,
 * its wide_ tables). No include guard: read once a width.
 *
 * The invariant of both: a key holds 3 bits a lane, 0 empty, 7 covered, c + 1 the anchor of a
 * piece of class c; `occupied` holds one bit a lane (RAW_DENSE_OF) and RAW_OUTSIDE, so that a
 * step is legal exactly when RAW_ENTER, the lanes it covers anew (RAW_OUTSIDE when it leaves
 * the board), misses it. The two instances differ only in the types and tables the macros
 * name, so they give the same layouts and the same successors in the same order
 * (tests/test_klotski_wide.c).
 *
 * The includer defines:
 *   RAW_KEY, RAW_DENSE           the key's type and the one-bit-a-lane type
 *   RAW_FN(name)                 the name of this instance's function `name`
 *   RAW_PIECE(b, c, k)           class c anchored on lane k, as a key holds it (0: no fit)
 *   RAW_CELLS(b, c, k)           its lanes, one bit a lane
 *   RAW_ENTER(b, c, k, d)        the lanes it covers anew stepping in direction d
 *   RAW_NEXT(b, k, d)            the lane one step in direction d
 *   RAW_LANES_OF, RAW_DENSE_OF, RAW_ANCHOR_LANES, RAW_PRIMARY, RAW_CTZ, RAW_OUTSIDE
 */

/* A raw key's pieces: the primary, then every anchor's lane in order. */
static void RAW_FN(raw_decode)(const klotski_board *b, RAW_KEY key, klotski_layout *out)
{
    int a0 = b->cell[RAW_PRIMARY(b, key)];
    RAW_KEY lanes = RAW_ANCHOR_LANES(key);
    out->cls[0] = 0;
    out->at[0] = (uint8_t)a0;
    out->occupied = b->walls | klotski_cells(b, 0, a0);
    int n = 1;
    for (lanes &= ~((RAW_KEY)1 << 3 * b->lane[a0]); lanes; lanes &= lanes - 1) {
        int k = RAW_CTZ(lanes) / 3, c = (int)(key >> 3 * k & 7) - 1;
        out->cls[n] = (uint8_t)c;
        out->at[n++] = b->cell[k];
        out->occupied |= klotski_cells(b, c, b->cell[k]);
    }
    out->n = n;
}

/* The key of the layout with the primary on a0 and class_at[cell] the class anchored on each
 * other cell (KLOTSKI_NO_CELL: none): every piece's pattern ORed in. */
static RAW_KEY RAW_FN(raw_encode)(const klotski_board *b, RAW_KEY walls, int a0,
                                  const uint8_t *class_at)
{
    RAW_KEY key = walls | RAW_PIECE(b, 0, b->lane[a0]);
    for (int k = 0; k < b->width * b->height; k++)
        if (class_at[b->cell[k]] != KLOTSKI_NO_CELL) key |= RAW_PIECE(b, class_at[b->cell[k]], k);
    return key;
}

/* The successors where the piece of class c anchored on lane a moves (klotski.h,
 * klotski_piece_successors). A step is legal when the lanes it enters are free of `occupied`:
 * in a line (slides, steps) the piece's own lanes lie behind it; in the flood of a move, where
 * it may step back, they are left out of the lanes it tests. */
static int RAW_FN(raw_piece_successors)(const klotski_board *b, RAW_KEY key, RAW_DENSE occupied,
                                        int c, int a, measure m, RAW_KEY *child)
{
    RAW_KEY without = key ^ RAW_PIECE(b, c, a);
    int n = 0;
    if (m != MEASURE_MOVES) {
        for (int d = 0; d < 4; d++)
            for (int at = a; !(RAW_ENTER(b, c, at, d) & occupied);) {
                at = RAW_NEXT(b, at, d);
                child[n++] = without | RAW_PIECE(b, c, at);
                if (m == MEASURE_STEPS) break;
            }
        return n;
    }
    RAW_DENSE others = occupied & ~RAW_CELLS(b, c, a), seen = (RAW_DENSE)1 << a;
    uint8_t queue[KLOTSKI_WIDE_CELLS];
    int head = 0, tail = 0;
    queue[tail++] = (uint8_t)a;
    while (head < tail) {
        int from = queue[head++];
        for (int d = 0; d < 4; d++) {
            if (RAW_ENTER(b, c, from, d) & others) continue;
            int to = RAW_NEXT(b, from, d);
            if (seen >> to & 1) continue;
            seen |= (RAW_DENSE)1 << to;
            queue[tail++] = (uint8_t)to;
            child[n++] = without | RAW_PIECE(b, c, to);
        }
    }
    return n;
}

/* Whether a piece can take no step at all, as most pieces most of the time. */
static inline bool RAW_FN(raw_stuck)(const klotski_board *b, int c, int a, RAW_DENSE occupied)
{
    return (RAW_ENTER(b, c, a, 0) & occupied) && (RAW_ENTER(b, c, a, 1) & occupied) &&
           (RAW_ENTER(b, c, a, 2) & occupied) && (RAW_ENTER(b, c, a, 3) & occupied);
}

/* A raw key's successors: the primary's, then each other anchor's in lane order, which is
 * the decoder's order of pieces; the piece anchored on lane `skip` (none: -1) is left out. */
static int RAW_FN(raw_successors)(const klotski_board *b, RAW_KEY key, measure m, int skip,
                                  RAW_KEY *child)
{
    RAW_DENSE occupied = RAW_DENSE_OF(key) | RAW_OUTSIDE;
    RAW_KEY anchors = RAW_ANCHOR_LANES(key);
    int p = RAW_PRIMARY(b, key), n = 0;
    if (p != skip && !RAW_FN(raw_stuck)(b, 0, p, occupied))
        n = RAW_FN(raw_piece_successors)(b, key, occupied, 0, p, m, child);
    if (skip >= 0) anchors &= ~((RAW_KEY)1 << 3 * skip);
    for (anchors &= ~((RAW_KEY)1 << 3 * p); anchors; anchors &= anchors - 1) {
        int a = RAW_CTZ(anchors) / 3, c = (int)(key >> 3 * a & 7) - 1;
        if (!RAW_FN(raw_stuck)(b, c, a, occupied))
            n += RAW_FN(raw_piece_successors)(b, key, occupied, c, a, m, child + n);
    }
    return n;
}
