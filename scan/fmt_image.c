/* fmt_image.c -- a screenshot of the Unblock Me game (PNG or JPEG) as a puzzle: decoded with
 * stb_image, read by shot.c, validated like every other board by scan_grid.c. The puzzle is
 * named after the file; its labels are A for the red block and B, C, ... for the others in
 * reading order. */
#include "scan/scan_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/shot.h"

int fmt_image_read(const char *path, const unsigned char *data, size_t len, puzzle_list *out,
                   char *err)
{
    scan_source src = {path, NULL, 0};
    image im;
    const char *why;
    if (image_decode(data, len, &im, &why))
        return scan_error(err, &src, 0, "not a readable PNG or JPEG picture (%s)", why);
    shot_analysis a;
    char reason[SHOT_ERR_MAX];
    int rc = shot_analyse(&im, &a, reason);
    image_free(&im);
    if (rc) return scan_error(err, &src, 0, "%s", reason);

    scan_grid g;
    scan_grid_init(&g);
    g.width = g.height = SHOT_SIDE;
    g.exit_side = a.exit_side, g.exit_line = a.exit_line;
    for (int r = 0; r < SHOT_SIDE; r++) {
        memcpy(g.cell[r], a.label[r], SHOT_SIDE);
        g.row_lineno[r] = 0;
    }
    puzzle *p = puzzle_list_add(out);
    snprintf(p->source, sizeof p->source, "%.300s", path);
    snprintf(p->name, sizeof p->name, "%s", p->source);
    if (scan_build(&src, &g, p, err)) {
        out->count--;
        return -1;
    }
    return 0;
}

int scan_image_overlay(const char *image_path, const char *out_path, char *err)
{
    char *data;
    size_t got;
    if (scan_read_file(image_path, &data, &got, err)) return scan_escape(err);
    image im, overlay;
    const char *why;
    int rc = image_decode((const unsigned char *)data, got, &im, &why);
    free(data);
    if (rc) {
        snprintf(err, SCAN_ERR_MAX, "%s: not a readable PNG or JPEG picture (%s)", image_path, why);
        return scan_escape(err);
    }
    shot_analysis a;
    char reason[SHOT_ERR_MAX];
    shot_analyse(&im, &a, reason);
    shot_draw(&im, &a, &overlay);
    rc = image_write_png(&overlay, out_path, err);
    image_free(&im);
    image_free(&overlay);
    return rc ? scan_escape(err) : 0;
}
