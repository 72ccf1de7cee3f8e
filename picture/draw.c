/* draw.c -- boards as pictures. PNG and SVG share one layout: a list of rectangles (and
 * letters) computed once from the position's picture (family.h's family_picture: pieces as
 * cells on a grid, walls, the exit), then rasterised or written as SVG. It knows no family. */
#include "picture/draw.h"

#include <string.h>

typedef struct {
    image_color frame, floor, wood, wood_edge, red, red_edge, wall, panel, letter;
} palette;

/* The game's colors, as the screenshots show them (and as shot.c expects them). */
static palette colors(draw_theme theme)
{
    palette p = {
        .frame = {172, 127, 46}, .floor = {107, 73, 33}, .red = {220, 28, 12},
        .red_edge = {150, 20, 10}, .wall = {128, 128, 128}, .panel = {107, 73, 33},
        .letter = {60, 30, 10},
    };
    if (theme == THEME_LIGHT) {
        p.wood = (image_color){230, 178, 112};
        p.wood_edge = (image_color){196, 146, 84};
    } else {
        p.wood = (image_color){232, 118, 0};
        p.wood_edge = (image_color){190, 90, 0};
    }
    return p;
}

draw_style draw_default_style(void)
{
    return (draw_style){.tile = 48, .theme = THEME_DARK, .screenshot = false, .letters = true};
}

/* Up to four a cell of a picture's 8x8 grid (edge, face and two joins), and the frame's. */
#define MAX_RECTS (64 * 4 + 80)

typedef struct {
    int x0, y0, x1, y1;
    image_color c;
    char text[4];  /* drawn centred in the rectangle when not "" */
} rect;

typedef struct {
    int width, height, count;
    rect r[MAX_RECTS];
} layout_t;

static void add_text(layout_t *l, int x0, int y0, int x1, int y1, image_color c, const char *text)
{
    if (l->count == MAX_RECTS) return;
    l->r[l->count] = (rect){x0, y0, x1, y1, c, {0}};
    snprintf(l->r[l->count++].text, sizeof l->r[0].text, "%s", text);
}

static void add(layout_t *l, int x0, int y0, int x1, int y1, image_color c, char letter)
{
    char text[2] = {letter, 0};
    add_text(l, x0, y0, x1, y1, c, text);
}

/* Where the board's floor lies in a layout, and the sizes every drawing shares. */
typedef struct {
    palette p;
    int t, border, gap, edge, ox, oy, bw, bh;
} frame_t;

/* The frame (with the screenshot's panels when asked) and the floor of a board of width x
 * height cells: the first rectangles of every layout, back to front. The frame is a third of a
 * tile wide. */
static frame_t layout_frame(int width, int height, const draw_style *st, layout_t *l)
{
    palette p = colors(st->theme);
    int t = st->tile, border = t / 3 > 2 ? t / 3 : 2, gap = t / 16 > 1 ? t / 16 : 1;
    int bw = width * t, bh = height * t;
    /* As in the game, the header panel stands well clear of the board: more than half a tile
     * of frame between them (the scanner relies on that gap, JPEG blur and all). */
    int header = st->screenshot ? 2 * t + border + t / 2 : 0, footer = st->screenshot ? t + border : 0;
    l->count = 0;
    l->width = bw + 2 * border;
    l->height = bh + 2 * border + header + footer;
    int ox = border, oy = border + header;   /* the board's top-left corner */

    add(l, 0, 0, l->width, l->height, p.frame, 0);
    if (st->screenshot) {
        add(l, border, border / 2, l->width - border, header - t / 2, p.panel, 0);   /* header */
        for (int k = 0; k < 4; k++) {                                         /* buttons */
            int w = (l->width - 5 * border) / 4, x = border + k * (w + border);
            add(l, x, l->height - footer + border / 2, x + w, l->height - border / 2,
                (image_color){200, 160, 90}, 0);
        }
    }
    add(l, ox, oy, ox + bw, oy + bh, p.floor, 0);
    return (frame_t){p, t, border, gap, t / 12 > 1 ? t / 12 : 1, ox, oy, bw, bh};
}

/* A piece covering the cells from (c0, r0) to (c1, r1) exclusive: a shaded edge, then its face. */
static void add_block(layout_t *l, const frame_t *fr, int c0, int r0, int c1, int r1, bool primary,
                      const char *label)
{
    int t = fr->t, gap = fr->gap;
    int x0 = fr->ox + c0 * t + gap, y0 = fr->oy + r0 * t + gap, x1 = fr->ox + c1 * t - gap,
        y1 = fr->oy + r1 * t - gap;
    add(l, x0, y0, x1, y1, primary ? fr->p.red_edge : fr->p.wood_edge, 0);
    add_text(l, x0, y0, x1 - fr->edge, y1 - fr->edge, primary ? fr->p.red : fr->p.wood, label);
}

/* A position of any family, from its picture (family.h's family_picture), back to front: the
 * frame and floor, the notch that opens the frame beside each exit cell (floor-colored), the
 * walls, then the pieces. A rectangular piece is one block, as a Rush Hour car or a tile; any
 * other shape (Klotski's) a block a cell, joined across the gaps between its cells, its label
 * on its first cell. A piece is drawn as the primary where it is one, or where it stands on its
 * goal (a tile on its own cell, so that a solved board is all red). A letter is written when
 * the style asks for letters; a tile's number always. */
static void layout_picture(const family_picture *f, const draw_style *st, layout_t *l)
{
    frame_t fr = layout_frame(f->width, f->height, st, l);
    int t = fr.t, gap = fr.gap, depth = fr.border * 3 / 4;
    int stride = family_picture_stride(f->width, f->height);
    char side = f->exit_side;
    for (uint64_t s = f->exit; s; s &= s - 1) {
        int cell = __builtin_ctzll(s), r = cell / stride, c = cell % stride;
        int x = fr.ox + c * t, y = fr.oy + r * t;
        if (side == 'v' && r == f->height - 1) add(l, x + gap, fr.oy + fr.bh, x + t - gap, fr.oy + fr.bh + depth, fr.p.floor, 0);
        if (side == '^' && r == 0) add(l, x + gap, fr.oy - depth, x + t - gap, fr.oy, fr.p.floor, 0);
        if (side == '<' && c == 0) add(l, fr.ox - depth, y + gap, fr.ox, y + t - gap, fr.p.floor, 0);
        if (side == '>' && c == f->width - 1) add(l, fr.ox + fr.bw, y + gap, fr.ox + fr.bw + depth, y + t - gap, fr.p.floor, 0);
    }
    for (uint64_t w = f->walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w), r = cell / stride, c = cell % stride;
        add(l, fr.ox + c * t + gap, fr.oy + r * t + gap, fr.ox + (c + 1) * t - gap,
            fr.oy + (r + 1) * t - gap, fr.p.wall, 0);
    }
    for (int i = 0; i < f->npieces; i++) {
        const family_piece *pc = &f->piece[i];
        uint64_t cells = pc->cells;
        if (!cells) continue;
        int first = __builtin_ctzll(cells);
        bool primary = pc->primary || pc->goal == first;
        bool number = pc->label[0] >= '0' && pc->label[0] <= '9';
        const char *label = st->letters || number ? pc->label : "";
        int r0 = 64, r1 = 0, c0 = 64, c1 = 0;
        for (uint64_t s = cells; s; s &= s - 1) {
            int cell = __builtin_ctzll(s), r = cell / stride, c = cell % stride;
            r0 = r < r0 ? r : r0, r1 = r + 1 > r1 ? r + 1 : r1;
            c0 = c < c0 ? c : c0, c1 = c + 1 > c1 ? c + 1 : c1;
        }
        if (__builtin_popcountll(cells) == (r1 - r0) * (c1 - c0)) {   /* a rectangle */
            add_block(l, &fr, c0, r0, c1, r1, primary, label);
            continue;
        }
        for (uint64_t s = cells; s; s &= s - 1) {
            int cell = __builtin_ctzll(s), r = cell / stride, c = cell % stride;
            bool right = c + 1 < stride && (cells >> (cell + 1) & 1);
            bool down = cell + stride < 64 && (cells >> (cell + stride) & 1);
            int x0 = fr.ox + c * t + gap, y0 = fr.oy + r * t + gap;
            int x1 = fr.ox + (c + 1) * t - gap + (right ? 2 * gap : 0);
            int y1 = fr.oy + (r + 1) * t - gap + (down ? 2 * gap : 0);
            add(l, x0, y0, x1, y1, primary ? fr.p.red_edge : fr.p.wood_edge, 0);
            add_text(l, x0, y0, x1 - (right ? 0 : fr.edge), y1 - (down ? 0 : fr.edge),
                     primary ? fr.p.red : fr.p.wood, cell == first ? label : "");
        }
    }
}

static void rasterize(const layout_t *l, const draw_style *st, image *out)
{
    image_create(out, l->width, l->height, (image_color){0, 0, 0});
    palette p = colors(st->theme);
    for (int k = 0; k < l->count; k++) {
        const rect *r = &l->r[k];
        image_fill_rect(out, r->x0, r->y0, r->x1, r->y1, r->c);
        if (r->text[0]) {
            int scale = st->tile / 16 > 1 ? st->tile / 16 : 1;
            image_text(out, (r->x0 + r->x1 - image_text_width(r->text, scale)) / 2,
                       (r->y0 + r->y1) / 2 - 4 * scale, r->text, scale, p.letter);
        }
    }
}

static void write_svg(const layout_t *l, const draw_style *st, FILE *f, int x, int y)
{
    palette p = colors(st->theme);
    fprintf(f, "<g transform=\"translate(%d,%d)\">\n", x, y);
    for (int k = 0; k < l->count; k++) {
        const rect *r = &l->r[k];
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\"/>\n",
                r->x0, r->y0, r->x1 - r->x0, r->y1 - r->y0, r->c.r, r->c.g, r->c.b);
        if (r->text[0])
            fprintf(f, "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" font-size=\"%d\" "
                       "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#%02x%02x%02x\">"
                       "%s</text>\n",
                    (r->x0 + r->x1) / 2, (r->y0 + r->y1) / 2, st->tile / 2, p.letter.r,
                    p.letter.g, p.letter.b, r->text);
    }
    fprintf(f, "</g>\n");
}

/* The layout of a position of any family. */
static void layout_position(const puzzle *p, const puzzle_position *pos, const draw_style *st,
                            layout_t *l)
{
    family_picture f;
    puzzle_picture(p, pos, &f);
    layout_picture(&f, st, l);
}

void draw_puzzle(const puzzle *p, const puzzle_position *pos, const draw_style *st, image *out)
{
    layout_t l;
    layout_position(p, pos, st, &l);
    rasterize(&l, st, out);
}

void draw_puzzle_svg(const puzzle *p, const puzzle_position *pos, const draw_style *st, FILE *f,
                     int x, int y)
{
    layout_t l;
    layout_position(p, pos, st, &l);
    write_svg(&l, st, f, x, y);
}

void draw_puzzle_size(const puzzle *p, const draw_style *st, int *width, int *height)
{
    puzzle_position start;
    puzzle_start_position(p, &start);
    layout_t l;
    layout_position(p, &start, st, &l);
    *width = l.width;
    *height = l.height;
}
