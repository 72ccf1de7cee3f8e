/* shot.c -- the screenshot scanner's steps (see shot.h). */
#include "scan/shot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmem.h"

enum { PX_OTHER, PX_FLOOR, PX_WOOD, PX_RED };

/* Step 1. The thresholds come from the game's palette in both themes: floor about
 * (106, 72, 31), orange wood (231, 117, 0), pale wood (230, 177, 113), red (220, 30, 15), and
 * the frame (170, 125, 45), which must stay "other". They are wide enough for JPEG noise. */
static int pixel_class(image_color c)
{
    int r = c.r, g = c.g, b = c.b;
    if (r > 150 && g < 90 && b < 80 && r - g > 110) return PX_RED;
    if (r >= 55 && r <= 145 && g * 100 >= r * 45 && g * 100 <= r * 88 && b * 100 <= g * 80 &&
        r > b + 30)
        return PX_FLOOR;
    if (r >= 180 && g >= 80 && g <= r && b <= g && r - b >= 70) return PX_WOOD;
    return PX_OTHER;
}

typedef struct {
    int count;                   /* pixels */
    int colored;                 /* wood or red pixels in the bounding box */
    int x0, y0, x1, y1;          /* bounding box, inclusive */
} region;

/* One pass of a separable square filter over a 0/1 mask: each pixel becomes the maximum
 * (grow) or minimum (shrink) of its neighbours within `radius` along rows, then columns. */
static void filter(uint8_t *mask, int w, int h, int radius, bool grow)
{
    uint8_t *tmp = xmalloc((size_t)w * (size_t)h);
    for (int pass = 0; pass < 2; pass++) {
        const uint8_t *src = pass ? tmp : mask;
        uint8_t *dst = pass ? mask : tmp;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint8_t v = grow ? 0 : 1;
                for (int d = -radius; d <= radius; d++) {
                    int xx = pass ? x : x + d, yy = pass ? y + d : y;
                    uint8_t m = xx < 0 || yy < 0 || xx >= w || yy >= h ? 0 : src[yy * w + xx];
                    v = grow ? (v | m) : (v & m);
                }
                dst[y * w + x] = v;
            }
    }
    free(tmp);
}

/* Step 2: the board mask (floor, wood, red) closed over thin gaps, so that the dark edges of
 * blocks, the seams between them and JPEG's blur around small blocks do not cut the board in
 * pieces; then its 4-connected regions, of which the best candidate is returned (its label,
 * or -1). The closing bridges gaps of up to 2 pixels (large pictures are reduced first): more
 * would join the board to the header panel across the wood grain of the frame between them. Wood and red are counted over the whole
 * bounding box: a small block can stay an island of its own after JPEG blur. */
static int find_board_region(const image *im, const uint8_t *cls, int *label, region *best)
{
    int w = im->width, h = im->height, n = 0, best_label = -1;
    int radius = 1;
    uint8_t *mask = xmalloc((size_t)w * (size_t)h);
    for (int i = 0; i < w * h; i++) mask[i] = cls[i] != PX_OTHER;
    filter(mask, w, h, radius, true);
    filter(mask, w, h, radius, false);
    int *queue = xmalloc((size_t)w * (size_t)h * sizeof *queue);
    for (int i = 0; i < w * h; i++) label[i] = -1;
    for (int start = 0; start < w * h; start++) {
        if (!mask[start] || label[start] >= 0) continue;
        region rg = {0, 0, w, h, -1, -1};
        int head = 0, tail = 0;
        queue[tail++] = start;
        label[start] = n;
        while (head < tail) {
            int p = queue[head++], x = p % w, y = p / w;
            rg.count++;
            if (x < rg.x0) rg.x0 = x;
            if (x > rg.x1) rg.x1 = x;
            if (y < rg.y0) rg.y0 = y;
            if (y > rg.y1) rg.y1 = y;
            int next[4] = {x > 0 ? p - 1 : -1, x + 1 < w ? p + 1 : -1, y > 0 ? p - w : -1,
                           y + 1 < h ? p + w : -1};
            for (int k = 0; k < 4; k++)
                if (next[k] >= 0 && mask[next[k]] && label[next[k]] < 0) {
                    label[next[k]] = n;
                    queue[tail++] = next[k];
                }
        }
        int bw = rg.x1 - rg.x0 + 1, bh = rg.y1 - rg.y0 + 1;
        for (int y = rg.y0; y <= rg.y1 && rg.count >= w * h / 50; y++)
            for (int x = rg.x0; x <= rg.x1; x++)
                rg.colored += cls[y * w + x] == PX_WOOD || cls[y * w + x] == PX_RED;
        double aspect = (double)bw / bh, fill = (double)rg.count / ((double)bw * bh);
        bool candidate = rg.count >= w * h / 50 && aspect > 0.75 && aspect < 1.33 &&
                         fill > 0.6 && rg.colored >= rg.count / 60;
        if (candidate && (best_label < 0 || rg.count > best->count)) {
            best_label = n;
            *best = rg;
        }
        n++;
    }
    free(queue);
    free(mask);
    return best_label;
}

/* Step 3: the longest run of rows (or columns) that the region fills at least half across.
 * Runs survive short gaps (up to 5% of the extent): the shaded lower edges of the blocks are
 * neither floor nor wood and can make a whole row look empty. */
static void trim(const int *label, int w, int id, const region *rg, bool columns, int *lo, int *hi)
{
    int a0 = columns ? rg->x0 : rg->y0, a1 = columns ? rg->x1 : rg->y1;
    int b0 = columns ? rg->y0 : rg->x0, b1 = columns ? rg->y1 : rg->x1;
    int max_gap = (a1 - a0 + 1) / 20, start = -1, last = -1;
    *lo = *hi = a0;
    for (int a = a0; a <= a1 + max_gap + 1; a++) {
        int filled = 0;
        for (int b = b0; a <= a1 && b <= b1; b++)
            filled += label[columns ? b * w + a : a * w + b] == id;
        bool good = a <= a1 && filled * 2 >= b1 - b0 + 1;
        if (good) {
            if (start < 0 || a - last > max_gap + 1) start = a;
            last = a;
            if (last + 1 - start > *hi - *lo) {
                *lo = start;
                *hi = last + 1;   /* exclusive */
            }
        }
    }
}

/* Share of pixels of class `want` in the rectangle [x0, x1) x [y0, y1). */
static double share(const uint8_t *cls, int w, int h, int x0, int y0, int x1, int y1, int want)
{
    int n = 0, hit = 0;
    for (int y = y0 < 0 ? 0 : y0; y < y1 && y < h; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x1 && x < w; x++) {
            n++;
            hit += cls[y * w + x] == want;
        }
    return n ? (double)hit / n : 0;
}

static void tile_rect(const shot_analysis *a, int r, int c, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = a->x0 + (int)lround(c * a->tile_w);
    *x1 = a->x0 + (int)lround((c + 1) * a->tile_w);
    *y0 = a->y0 + (int)lround(r * a->tile_h);
    *y1 = a->y0 + (int)lround((r + 1) * a->tile_h);
}

/* Step 4: the class most of a tile's central half has. A tile that is none of the game's
 * colors but a steady grey is a fixed block (a wall). */
static shot_tile classify_tile(const image *im, const uint8_t *cls, const shot_analysis *a, int r,
                               int c)
{
    int x0, y0, x1, y1;
    tile_rect(a, r, c, &x0, &y0, &x1, &y1);
    int mx = (x1 - x0) / 4, my = (y1 - y0) / 4;
    x0 += mx, x1 -= mx, y0 += my, y1 -= my;
    int w = im->width, h = im->height;
    if (share(cls, w, h, x0, y0, x1, y1, PX_FLOOR) >= 0.5) return TILE_EMPTY;
    if (share(cls, w, h, x0, y0, x1, y1, PX_WOOD) >= 0.5) return TILE_BLOCK;
    if (share(cls, w, h, x0, y0, x1, y1, PX_RED) >= 0.5) return TILE_PRIMARY;
    long sum[3] = {0, 0, 0}, n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            image_color p = image_at(im, x, y);
            sum[0] += p.r, sum[1] += p.g, sum[2] += p.b, n++;
        }
    if (n == 0) return TILE_UNCLEAR;
    long r_ = sum[0] / n, g_ = sum[1] / n, b_ = sum[2] / n;
    long hi = r_ > g_ ? (r_ > b_ ? r_ : b_) : (g_ > b_ ? g_ : b_);
    long lo = r_ < g_ ? (r_ < b_ ? r_ : b_) : (g_ < b_ ? g_ : b_);
    if (hi - lo < 30 && hi > 40 && hi < 210) return TILE_FIXED;
    return TILE_UNCLEAR;
}

/* Step 5: is the boundary between two tiles of one block wood (or red) all along? Scans the
 * columns (or rows) around the boundary; a seam between two blocks shows as a line where the
 * block color thins out along the whole edge. The scan leaves out the middle of the edge,
 * where a piece's letter stands when one is drawn (a two-tile block's center is on this very
 * boundary), and the ends, where the blocks' rounded corners are: it reads the two bands from
 * 15% to 35% and from 65% to 85% of the edge, together. */
static bool joined(const uint8_t *cls, int w, int h, const shot_analysis *a, int r, int c,
                   bool right, int want)
{
    int x0, y0, x1, y1;
    tile_rect(a, r, c, &x0, &y0, &x1, &y1);
    double size = right ? a->tile_w : a->tile_h;
    int reach = (int)ceil(size * 0.15);
    int len = right ? y1 - y0 : x1 - x0, from = right ? y0 : x0;
    int a0 = from + (int)lround(len * 0.15), a1 = from + (int)lround(len * 0.35);
    int b0 = from + (int)lround(len * 0.65), b1 = from + (int)lround(len * 0.85);
    double weakest = 1;
    for (int d = -reach; d <= reach; d++) {
        double s = right ? share(cls, w, h, x1 + d, a0, x1 + d + 1, a1, want) * (a1 - a0) +
                               share(cls, w, h, x1 + d, b0, x1 + d + 1, b1, want) * (b1 - b0)
                         : share(cls, w, h, a0, y1 + d, a1, y1 + d + 1, want) * (a1 - a0) +
                               share(cls, w, h, b0, y1 + d, b1, y1 + d + 1, want) * (b1 - b0);
        s /= (a1 - a0) + (b1 - b0);
        if (s < weakest) weakest = s;
    }
    return weakest >= 0.6;
}

/* Step 6: the frame strip beside the interior, per row and side, that is most floor-colored. */
static void find_exit(const uint8_t *cls, int w, int h, shot_analysis *a)
{
    double best = 0.35;   /* below this share of floor pixels there is no notch */
    int depth_x = (int)ceil(a->tile_w * 0.2), depth_y = (int)ceil(a->tile_h * 0.2);
    a->exit_side = -1;
    for (int k = 0; k < SHOT_SIDE; k++) {
        /* Tile (k, k) spans row k vertically and column k horizontally: both at once. */
        int x0, y0, x1, y1;
        tile_rect(a, k, k, &x0, &y0, &x1, &y1);
        int qy = (y1 - y0) / 4, qx = (x1 - x0) / 4;
        struct { board_exit side; double s; } strip[4] = {
            {EXIT_RIGHT, share(cls, w, h, a->x1, y0 + qy, a->x1 + depth_x, y1 - qy, PX_FLOOR)},
            {EXIT_LEFT, share(cls, w, h, a->x0 - depth_x, y0 + qy, a->x0, y1 - qy, PX_FLOOR)},
            {EXIT_DOWN, share(cls, w, h, x0 + qx, a->y1, x1 - qx, a->y1 + depth_y, PX_FLOOR)},
            {EXIT_UP, share(cls, w, h, x0 + qx, a->y0 - depth_y, x1 - qx, a->y0, PX_FLOOR)},
        };
        for (int s = 0; s < 4; s++)
            if (strip[s].s > best) {
                best = strip[s].s;
                a->exit_side = strip[s].side;
                a->exit_line = k;
            }
    }
}

/* Groups joined tiles into blocks and names them: A for the red one, B, C, ... in row-major
 * order of their first tile. Returns 0, or -1 naming the tiles that make no block. */
static int name_blocks(shot_analysis *a, char *why)
{
    char next = 'B';
    int red_row = -1, red_col = -1;   /* the first red block's first tile */
    memset(a->label, '.', sizeof a->label);
    for (int r = 0; r < SHOT_SIDE; r++)
        for (int c = 0; c < SHOT_SIDE; c++)
            if (a->tile[r][c] == TILE_FIXED) a->label[r][c] = 'x';
    for (int r = 0; r < SHOT_SIDE; r++)
        for (int c = 0; c < SHOT_SIDE; c++) {
            shot_tile t = a->tile[r][c];
            if ((t != TILE_BLOCK && t != TILE_PRIMARY) || a->label[r][c] != '.') continue;
            /* A block runs right or down from its first tile. */
            int len = 1, dr = 0, dc = 0;
            if (c + 1 < SHOT_SIDE && a->joins_right[r][c]) dc = 1;
            else if (r + 1 < SHOT_SIDE && a->joins_down[r][c]) dr = 1;
            while (dr + dc && r + dr * len < SHOT_SIDE && c + dc * len < SHOT_SIDE &&
                   (dc ? a->joins_right[r][c + len - 1] : a->joins_down[r + len - 1][c]))
                len++;
            bool bent = dc ? (r + 1 < SHOT_SIDE && a->joins_down[r][c])
                           : (c + 1 < SHOT_SIDE && a->joins_right[r][c]);
            if (len == 1 || len > 3 || bent) {
                snprintf(why, SHOT_ERR_MAX,
                         len == 1 ? "tile (row %d, column %d) is a block of one tile"
                         : bent   ? "the block at tile (row %d, column %d) bends"
                                  : "the block at tile (row %d, column %d) is %d tiles long",
                         r + 1, c + 1, len);
                return -1;
            }
            if (t == TILE_PRIMARY && red_row >= 0) {
                snprintf(why, SHOT_ERR_MAX, "two red blocks, at tiles (row %d, column %d) and "
                         "(row %d, column %d)", red_row + 1, red_col + 1, r + 1, c + 1);
                return -1;
            }
            if (t == TILE_PRIMARY) red_row = r, red_col = c;
            char name = t == TILE_PRIMARY ? 'A' : next++;
            for (int k = 0; k < len; k++) {
                if (a->tile[r + dr * k][c + dc * k] != t) {
                    snprintf(why, SHOT_ERR_MAX, "tiles (row %d, column %d) and (row %d, column %d) "
                             "are joined but differ in color", r + 1, c + 1, r + dr * k + 1, c + dc * k + 1);
                    return -1;
                }
                a->label[r + dr * k][c + dc * k] = name;
            }
        }
    return 0;
}

/* Large pictures are analysed at a reduced size: the board's features are tens of pixels. */
#define SHOT_MAX_PIXELS 1500000
static int reduction(const image *im)
{
    int f = 1;
    while ((long long)(im->width / f) * (im->height / f) > SHOT_MAX_PIXELS) f++;
    return f;
}

static void reduce(const image *im, int f, image *out)
{
    image_create(out, im->width / f, im->height / f, (image_color){0, 0, 0});
    for (int y = 0; y < out->height; y++)
        for (int x = 0; x < out->width; x++) {
            int s[3] = {0, 0, 0};
            for (int dy = 0; dy < f; dy++)
                for (int dx = 0; dx < f; dx++) {
                    image_color p = image_at(im, x * f + dx, y * f + dy);
                    s[0] += p.r, s[1] += p.g, s[2] += p.b;
                }
            uint8_t *q = out->rgb + ((size_t)y * (size_t)out->width + (size_t)x) * 3;
            for (int k = 0; k < 3; k++) q[k] = (uint8_t)(s[k] / (f * f));
        }
}

/* A small portrait picture the scan refuses as it is is analysed again enlarged: in a phone
 * screenshot shrunk to half size the frame between the board and the panel below is two or three blurred
 * pixels, which the closing of step 2 bridges. Enlarged (bilinear) to at least the width the
 * thresholds were set on, about 300 pixels, the frame is wide again. Returns the smallest such
 * factor (1: none needed); shot_analyse tries it and the next, because the blur of a
 * resampled frame can read as block wood at one enlargement and not at the next. */
#define SHOT_MIN_WIDTH 300
#define SHOT_ENLARGEMENTS 2
static int enlargement(const image *im)
{
    int f = 1;
    while (im->width * f < SHOT_MIN_WIDTH) f++;
    /* Only a phone's shape (portrait, at most 2.5 times as tall as wide), and never past the
     * size a picture is analysed at: anything else is refused as it is, at once. */
    long long most = (long long)(f + SHOT_ENLARGEMENTS - 1) * (f + SHOT_ENLARGEMENTS - 1);
    bool phone = im->height >= im->width && im->height * 2 <= im->width * 5;
    return !phone || (long long)im->width * im->height * most > SHOT_MAX_PIXELS ? 1 : f;
}

static void enlarge(const image *im, int f, image *out)
{
    image_create(out, im->width * f, im->height * f, (image_color){0, 0, 0});
    for (int y = 0; y < out->height; y++) {
        double sy = (y + 0.5) / f - 0.5;
        int y0 = sy < 0 ? 0 : (int)sy, y1 = y0 + 1 < im->height ? y0 + 1 : y0;
        double fy = sy < 0 ? 0 : sy - y0;
        for (int x = 0; x < out->width; x++) {
            double sx = (x + 0.5) / f - 0.5;
            int x0 = sx < 0 ? 0 : (int)sx, x1 = x0 + 1 < im->width ? x0 + 1 : x0;
            double fx = sx < 0 ? 0 : sx - x0;
            image_color p00 = image_at(im, x0, y0), p01 = image_at(im, x1, y0);
            image_color p10 = image_at(im, x0, y1), p11 = image_at(im, x1, y1);
            uint8_t *q = out->rgb + ((size_t)y * (size_t)out->width + (size_t)x) * 3;
            const uint8_t c00[3] = {p00.r, p00.g, p00.b}, c01[3] = {p01.r, p01.g, p01.b};
            const uint8_t c10[3] = {p10.r, p10.g, p10.b}, c11[3] = {p11.r, p11.g, p11.b};
            for (int k = 0; k < 3; k++) {
                double top = c00[k] + (c01[k] - c00[k]) * fx, bottom = c10[k] + (c11[k] - c10[k]) * fx;
                q[k] = (uint8_t)lround(top + (bottom - top) * fy);
            }
        }
    }
}

/* The steps on im, whose pixels are `scale` pixels of the picture (messages name the
 * picture's own pixels). */
static int analyse(const image *im, double scale, shot_analysis *a, char *why)
{
    int w = im->width, h = im->height;
#define PICTURE(v) ((int)lround((v) * scale))
    uint8_t *cls = xmalloc((size_t)w * (size_t)h);
    int *label = xmalloc((size_t)w * (size_t)h * sizeof *label);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) cls[y * w + x] = (uint8_t)pixel_class(image_at(im, x, y));
    int rc = -1;
    region rg = {0, 0, 0, 0, 0, 0};
    int id = find_board_region(im, cls, label, &rg);
    if (id < 0) {
        snprintf(why, SHOT_ERR_MAX, "no Unblock Me board in this %dx%d picture (no square region "
                 "of board floor and blocks)", PICTURE(w), PICTURE(h));
        goto done;
    }
    trim(label, w, id, &rg, true, &a->x0, &a->x1);
    trim(label, w, id, &rg, false, &a->y0, &a->y1);
    a->found = true;
    int bw = a->x1 - a->x0, bh = a->y1 - a->y0;
    a->tile_w = bw / (double)SHOT_SIDE;
    a->tile_h = bh / (double)SHOT_SIDE;
    if (bw < 4 * SHOT_SIDE || bh < 4 * SHOT_SIDE || abs(bw - bh) * 10 > (bw > bh ? bw : bh)) {
        snprintf(why, SHOT_ERR_MAX, "the board region at pixels (%d,%d)-(%d,%d) is %dx%d, not a "
                 "square of 6 x 6 tiles", PICTURE(a->x0), PICTURE(a->y0), PICTURE(a->x1),
                 PICTURE(a->y1), PICTURE(bw), PICTURE(bh));
        goto done;
    }
    for (int r = 0; r < SHOT_SIDE; r++)
        for (int c = 0; c < SHOT_SIDE; c++) {
            a->tile[r][c] = classify_tile(im, cls, a, r, c);
            if (a->tile[r][c] == TILE_UNCLEAR) {
                int x0, y0, x1, y1;
                tile_rect(a, r, c, &x0, &y0, &x1, &y1);
                snprintf(why, SHOT_ERR_MAX, "tile (row %d, column %d) at pixels (%d,%d)-(%d,%d) "
                         "is neither floor, a block nor the red block", r + 1, c + 1, PICTURE(x0),
                         PICTURE(y0), PICTURE(x1), PICTURE(y1));
                goto done;
            }
        }
    for (int r = 0; r < SHOT_SIDE; r++)
        for (int c = 0; c < SHOT_SIDE; c++) {
            shot_tile t = a->tile[r][c];
            int want = t == TILE_PRIMARY ? PX_RED : PX_WOOD;
            bool block = t == TILE_BLOCK || t == TILE_PRIMARY;
            a->joins_right[r][c] = block && c + 1 < SHOT_SIDE && a->tile[r][c + 1] == t &&
                                   joined(cls, w, h, a, r, c, true, want);
            a->joins_down[r][c] = block && r + 1 < SHOT_SIDE && a->tile[r + 1][c] == t &&
                                  joined(cls, w, h, a, r, c, false, want);
        }
    find_exit(cls, w, h, a);
    if (name_blocks(a, why)) goto done;
    if (a->exit_side < 0) {
        snprintf(why, SHOT_ERR_MAX, "no exit: no notch in the frame around the board at pixels "
                 "(%d,%d)-(%d,%d)", PICTURE(a->x0), PICTURE(a->y0), PICTURE(a->x1), PICTURE(a->y1));
        goto done;
    }
    rc = 0;
done:
    free(cls);
    free(label);
    return rc;
#undef PICTURE
}

int shot_analyse(const image *im, shot_analysis *a, char *why)
{
    memset(a, 0, sizeof *a);
    a->exit_side = -1;
    int f = reduction(im);
    if (f > 1) {
        image small;
        reduce(im, f, &small);
        int rc = analyse(&small, f, a, why);
        image_free(&small);
        /* Back to the picture's own coordinates. */
        a->x0 *= f, a->x1 *= f, a->y0 *= f, a->y1 *= f;
        a->tile_w *= f, a->tile_h *= f;
        return rc;
    }
    int rc = analyse(im, 1, a, why);
    int up = enlargement(im);
    if (rc == 0 || up == 1) return rc;
    /* A small picture the scan refused as it is: enlarged, the frame is wide again. */
    char first[SHOT_ERR_MAX];
    snprintf(first, sizeof first, "%s", why);
    shot_analysis as_is = *a;
    for (int k = 0; k < SHOT_ENLARGEMENTS; k++) {
        image big;
        enlarge(im, up + k, &big);
        memset(a, 0, sizeof *a);
        a->exit_side = -1;
        rc = analyse(&big, 1.0 / (up + k), a, why);
        image_free(&big);
        a->x0 /= up + k, a->x1 /= up + k, a->y0 /= up + k, a->y1 /= up + k;
        a->tile_w /= up + k, a->tile_h /= up + k;
        if (rc == 0) return 0;
    }
    *a = as_is;   /* the reason, and the view --show-scan draws, are those of the picture as it is */
    snprintf(why, SHOT_ERR_MAX, "%s", first);
    return -1;
}

void shot_draw(const image *im, const shot_analysis *a, image *out)
{
    static const image_color tile_color[] = {
        [TILE_EMPTY] = {40, 200, 255}, [TILE_BLOCK] = {60, 220, 60}, [TILE_PRIMARY] = {255, 40, 200},
        [TILE_FIXED] = {160, 160, 160}, [TILE_UNCLEAR] = {255, 255, 0},
    };
    out->width = im->width;
    out->height = im->height;
    out->rgb = xmalloc((size_t)im->width * (size_t)im->height * 3);
    memcpy(out->rgb, im->rgb, (size_t)im->width * (size_t)im->height * 3);
    if (!a->found) {
        image_blend_rect(out, 0, 0, out->width, out->height, (image_color){255, 0, 0}, 90);
        image_text(out, 4, 4, "no board found", 2, (image_color){255, 255, 255});
        return;
    }
    int t = out->width > 600 ? 3 : 1;
    image_outline_rect(out, a->x0 - t, a->y0 - t, a->x1 + t, a->y1 + t, t, (image_color){0, 255, 255});
    for (int r = 0; r < SHOT_SIDE; r++)
        for (int c = 0; c < SHOT_SIDE; c++) {
            int x0, y0, x1, y1;
            tile_rect(a, r, c, &x0, &y0, &x1, &y1);
            image_outline_rect(out, x0, y0, x1 + 1, y1 + 1, 1, (image_color){255, 255, 255});
            int m = (x1 - x0) / 3;
            image_blend_rect(out, x0 + m, y0 + m, x1 - m, y1 - m, tile_color[a->tile[r][c]], 160);
            if (a->joins_right[r][c])
                image_fill_rect(out, x1 - m, (y0 + y1) / 2 - t, x1 + m, (y0 + y1) / 2 + t + 1,
                                (image_color){0, 0, 0});
            if (a->joins_down[r][c])
                image_fill_rect(out, (x0 + x1) / 2 - t, y1 - m, (x0 + x1) / 2 + t + 1, y1 + m,
                                (image_color){0, 0, 0});
            char text[2] = {a->label[r][c] ? a->label[r][c] : '?', 0};
            image_text(out, x0 + 3, y0 + 3, text, t + 1, (image_color){255, 255, 255});
        }
    if (a->exit_side >= 0) {
        int x0, y0, x1, y1;
        tile_rect(a, a->exit_line, a->exit_line, &x0, &y0, &x1, &y1);
        int d = (int)(a->tile_w / 3);
        switch ((board_exit)a->exit_side) {
        case EXIT_RIGHT: image_fill_rect(out, a->x1, y0, a->x1 + d, y1, (image_color){0, 255, 0}); break;
        case EXIT_LEFT: image_fill_rect(out, a->x0 - d, y0, a->x0, y1, (image_color){0, 255, 0}); break;
        case EXIT_DOWN: image_fill_rect(out, x0, a->y1, x1, a->y1 + d, (image_color){0, 255, 0}); break;
        case EXIT_UP: image_fill_rect(out, x0, a->y0 - d, x1, a->y0, (image_color){0, 255, 0}); break;
        }
    }
}
