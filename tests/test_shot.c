/* test_shot.c -- screenshots: the six real ones, renderer round trips, and pictures that are
 * not game screenshots. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rush/moves.h"
#include "common/outfile.h"
#include "picture/draw.h"
#include "scan/shot.h"
#include "tests/helpers.h"

TestSuite(render, .fini = th_check_leaks);
TestSuite(shot, .fini = th_check_leaks);

/* The board's grid with pieces renamed in reading order (primary A, then B, C, ...), so that
 * boards read from different sources compare equal when they are the same. */
static void canonical(const puzzle *p, char *out)
{
    char grid[BOARD_TEXT_MAX], name[128] = {0};
    board_format_grid(&p->board, p->start, grid);
    char primary = p->board.piece[p->board.primary].label, next = 'B';
    name[(unsigned char)primary] = 'A';
    for (char *s = grid; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (strchr(PIECE_LABELS, c) && c != (unsigned char)primary && !name[c]) name[c] = next++;
        *out++ = name[c] ? name[c] : *s;
    }
    *out = '\0';
}

/* The six real screenshots at `percent` of their size (downscaled with ImageMagick's Lanczos
 * filter, as a phone or a chat app would): each must scan to its board and solve to its
 * answer. Returns how many were checked. */
static int check_screenshots(int percent, solver_context *ctx)
{
    FILE *f = fopen("tests/data/screens/expected.txt", "r");
    cr_assert_not_null(f);
    char line[256];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char file[64], db[64], moves[8], path[128];
        if (line[0] == '#' || sscanf(line, "%63s %63s %7s", file, db, moves) != 3) continue;
        snprintf(path, sizeof path, "tests/data/screens/%s", file);
        if (percent != 100) {
            char cmd[512], *out, *err;
            snprintf(path, sizeof path, "/tmp/ubshot-%d-%d.png", getpid(), percent);
            snprintf(cmd, sizeof cmd, "/usr/bin/convert tests/data/screens/%s -filter Lanczos "
                     "-resize %d%% %s 2>/dev/null", file, percent, path);
            cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
            free(out), free(err);
        }
        puzzle_list shot = th_load(path);
        if (percent != 100) remove(path);
        puzzle_list want = {0};
        char err[SCAN_ERR_MAX], a[BOARD_TEXT_MAX], b[BOARD_TEXT_MAX];
        cr_assert_eq(th_scan(db, &want, err), 1, "%s", err);
        canonical(&shot.items[0], a);
        canonical(&want.items[0], b);
        cr_assert_str_eq(a, b, "%s at %d%% scanned as\n%s", file, percent, a);
        solver_budget unlimited = {0, 0, 0};
        solver_result r = th_solve(ctx, "bfs", &shot.items[0], &unlimited);
        if (strcmp(moves, "-") == 0) cr_assert_eq(r.status, SOLVE_UNSOLVABLE, "%s", file);
        else cr_assert_eq(th_moves(&r), atoi(moves), "%s", file);
        solver_result_free(&r);
        puzzle_list_free(&shot);
        puzzle_list_free(&want);
        checked++;
    }
    fclose(f);
    return checked;
}

/* At 100%, 75%, 60% and 50% (reproduced on main: 4 of the 6 failed at 50%, 2 at 60%); at 50%
 * the 200x356 ones have tiles of about 16 pixels. */
Test(shot, the_six_real_screenshots_scan_and_solve_at_every_size)
{
    solver_context ctx;
    solver_context_init(&ctx);
    const int percents[] = {100, 75, 60, 50};
    for (int k = 0; k < 4; k++) cr_assert_eq(check_screenshots(percents[k], &ctx), 6);
    solver_context_free(&ctx);
}

/* Renders p as a screenshot, scans it back, and compares. */
static void round_trip(const puzzle *p, int tile, draw_theme theme, int jpeg_quality, bool letters)
{
    draw_style st = {.tile = tile, .theme = theme, .screenshot = true, .letters = letters};
    image im;
    draw_puzzle(p, &(puzzle_position){.key = p->start}, &st, &im);
    char path[64], err[SCAN_ERR_MAX];
    snprintf(path, sizeof path, "/tmp/ubshot-%d.%s", getpid(), jpeg_quality ? "jpg" : "png");
    cr_assert_eq(jpeg_quality ? image_write_jpeg(&im, path, jpeg_quality, err)
                              : image_write_png(&im, path, err), 0, "%s", err);
    image_free(&im);
    puzzle_list back = {0};
    int n = scan_path(path, SCAN_AUTO, &back, err);
    remove(path);
    cr_assert_eq(n, 1, "%s (tile %d, theme %d, jpeg %d, letters %d): %s", p->name, tile, theme,
                 jpeg_quality, letters, err);
    char a[BOARD_TEXT_MAX], b[BOARD_TEXT_MAX];
    canonical(p, a);
    canonical(&back.items[0], b);
    cr_assert_str_eq(b, a, "%s (tile %d, theme %d, jpeg %d, letters %d) came back as\n%s", p->name,
                     tile, theme, jpeg_quality, letters, b);
    puzzle_list_free(&back);
}

Test(shot, renderer_round_trips_sizes_themes_exits_and_jpeg)
{
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    puzzle_list seeds = th_load("corpus/seeds/seeds.txt");
    /* Letters on (bin/render's default: reproduced on main, every lettered screenshot was
     * refused, a letter at a two-tile block's center reading as a seam) and off. */
    const int tiles[] = {16, 20, 36, 64};
    int done = 0;
    for (int k = 0; k < list.count + seeds.count; k += 97) {
        const puzzle *p = k < list.count ? &list.items[k] : &seeds.items[k - list.count];
        /* The screenshot look is 6 x 6 with the exit at the right of row 2. */
        if (p->board.width != 6 || !board_format_db(&p->board, p->start, (char[BOARD_DB_MAX]){0}))
            continue;
        puzzle left = th_mirror(p);
        for (int t = 0; t < 4; t++)
            for (int q = 0; q < 2; q++)
                for (int letters = 0; letters < 2; letters++) {
                    draw_theme one = (k / 97) % 2 ? THEME_LIGHT : THEME_DARK;
                    draw_theme other = one == THEME_LIGHT ? THEME_DARK : THEME_LIGHT;
                    round_trip(p, tiles[t], one, q ? 80 : 0, letters);
                    round_trip(&left, tiles[t], other, q ? 80 : 0, letters);
                    done += 2;
                }
    }
    cr_assert_geq(done, 960);
    puzzle_list_free(&list);
    puzzle_list_free(&seeds);
}

/* The known trap: cars end to end in one row must stay separate cars, and so must trucks
 * side by side. */
Test(shot, blocks_end_to_end_stay_apart)
{
    const char *boards[] = {
        "0 BBCCooDDDEEEAAooooFFGGoooooooooooooo",   /* 2+2 end to end, 3+3 end to end */
        "0 BCDEFGBCDEFGAAoooooooooooooooooooooo",   /* six cars side by side */
        "0 ooooooooooooooooAABBBCCCDDEEoooooooo",   /* the primary at the exit */
    };
    for (int k = 0; k < 3; k++) {
        puzzle_list list = {0};
        char err[SCAN_ERR_MAX];
        cr_assert_eq(th_scan(boards[k], &list, err), 1, "%s", err);
        round_trip(&list.items[0], 40, THEME_DARK, 0, true);
        round_trip(&list.items[0], 24, THEME_LIGHT, 85, true);
        puzzle_list_free(&list);
    }
}

static void expect_rejected(const char *path, const char *message)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(scan_path(path, SCAN_AUTO, &list, err), -1, "%s was accepted", path);
    cr_assert_eq(list.count, 0);
    cr_assert_str_eq(err, message);
}

/* expect_rejected for a picture written to a scratch folder: the message is its path and why. */
static void expect_rejected_at(const char *path, const char *why)
{
    char message[512];
    snprintf(message, sizeof message, "%s: %s", path, why);
    expect_rejected(path, message);
}

Test(shot, pictures_that_are_not_game_screenshots)
{
    expect_rejected("tests/data/truncated.png",
                    "tests/data/truncated.png: not a readable PNG or JPEG picture (read beyond end of data)");
    /* Noise: a photo-like picture with no board in it. */
    image noise;
    image_create(&noise, 300, 400, (image_color){0, 0, 0});
    srand(3);
    for (int i = 0; i < 300 * 400 * 3; i++) noise.rgb[i] = (uint8_t)(rand() & 255);
    char dir[64], png[96], jpg[96];
    th_scratch(dir);
    snprintf(png, sizeof png, "%s/noise.png", dir);
    snprintf(jpg, sizeof jpg, "%s/noise.jpg", dir);
    cr_assert_eq(image_write_png(&noise, png, (char[OUTFILE_ERR_MAX]){0}), 0);
    cr_assert_eq(image_write_jpeg(&noise, jpg, 70, (char[OUTFILE_ERR_MAX]){0}), 0);
    image_free(&noise);
    expect_rejected_at(png, "no Unblock Me board in this 300x400 picture (no square region of "
                            "board floor and blocks)");
    expect_rejected_at(jpg, "no Unblock Me board in this 300x400 picture (no square region of "
                            "board floor and blocks)");
    /* A plain picture: one color. */
    image plain;
    image_create(&plain, 200, 200, (image_color){30, 60, 200});
    snprintf(png, sizeof png, "%s/plain.png", dir);
    cr_assert_eq(image_write_png(&plain, png, (char[OUTFILE_ERR_MAX]){0}), 0);
    image_free(&plain);
    expect_rejected_at(png, "no Unblock Me board in this 200x200 picture (no square region of "
                            "board floor and blocks)");
    expect_rejected("tests/data/empty.txt", "tests/data/empty.txt: empty file");
}

/* A board that is drawn but cannot be a game position: the message names the tile. */
Test(shot, impossible_boards_name_the_tile)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan("0 ooooooooooooAAoooooooooooooooooooooo", &list, err), 1);
    draw_style st = {.tile = 40, .theme = THEME_DARK, .screenshot = true, .letters = false};
    image im;
    draw_puzzle(&list.items[0], &(puzzle_position){.key = list.items[0].start}, &st, &im);
    /* Paint a one-tile block at row 5, column 4 (1-based); the board's corner is below the
     * frame (t / 3) and the header (2 t + t / 3 + t / 2): y = 126 at t = 40, where the scanner
     * finds it. (An earlier version added another t / 3, painting the blocks 13 pixels off
     * their tiles; the seam test then read the block's middle only, now its two outer bands.) */
    int t = 40, ox = t / 3, oy = t / 3 + 2 * t + t / 3 + t / 2;
    image_fill_rect(&im, ox + 3 * t + 3, oy + 4 * t + 3, ox + 4 * t - 3, oy + 5 * t - 3,
                    (image_color){232, 118, 0});
    char dir[64], path[96];
    th_scratch(dir);
    snprintf(path, sizeof path, "%s/one.png", dir);
    cr_assert_eq(image_write_png(&im, path, (char[OUTFILE_ERR_MAX]){0}), 0);
    expect_rejected_at(path, "tile (row 5, column 4) is a block of one tile");
    /* Paint a second red car. */
    image_fill_rect(&im, ox + 3, oy + 3, ox + 2 * t - 3, oy + t - 3, (image_color){220, 28, 12});
    image_fill_rect(&im, ox + 3 * t + 3, oy + 4 * t + 3, ox + 4 * t - 3, oy + 5 * t - 3,
                    (image_color){107, 73, 33});
    snprintf(path, sizeof path, "%s/two.png", dir);
    cr_assert_eq(image_write_png(&im, path, (char[OUTFILE_ERR_MAX]){0}), 0);
    expect_rejected_at(path, "two red blocks, at tiles (row 1, column 1) and (row 3, column 1)");
    image_free(&im);
    puzzle_list_free(&list);
}

Test(shot, show_scan_draws_the_view_even_when_the_scan_fails)
{
    char dir[64], cmd[512], want[128], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/solve --show-scan %s/view.png "
             "tests/data/screens/unblockme-I-4.png && test -s %s/view.png", th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "D=%s; %s/render -o $D/chart.png corpus/seed-formats/kotlin-4x4.txt "
             "&& %s/solve --show-scan $D/view2.png $D/chart.png; "
             "test -s $D/view2.png && echo drawn", dir, th_bin(), th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert_str_eq(out, "drawn\n");
    snprintf(want, sizeof want, "solve: %s/chart.png: ", dir);
    cr_assert_not_null(strstr(err, want), "%s", err);
    free(out), free(err);
}

Test(render, pictures_and_solutions)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; B=%s; D=%s;"
             "$B/render -o $D/b.png corpus/seed-formats/kotlin-5x5.txt;"
             "$B/render -o $D/b.svg corpus/seed-formats/kotlin-5x5.txt;"
             "$B/render --solution --frames $D/f -o $D/s.png corpus/seed-formats/kotlin-5x5.txt;"
             "$B/render --solution -o $D/s.svg corpus/seed-formats/kotlin-5x5.txt;"
             "ls $D/f | wc -l; grep -c '<text' $D/s.svg; grep -c '4. A+3' $D/s.svg",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    /* 4 moves: 5 frames; in the SVG 5 captions plus one letter per piece per frame (4 x 5). */
    cr_assert_str_eq(out, "5\n25\n1\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render --solution -o %s/n.png "
             "tests/data/screens/unblockme-no-solution.jpg", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 1);
    cr_assert_str_eq(err, "render: tests/data/screens/unblockme-no-solution.jpg: bfs: no solution\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render -o x.gif corpus/seeds/seeds.txt", th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2);
    cr_assert_str_eq(err, "render: x.gif: the output must end in .png, .jpg or .svg\n");
    free(out), free(err);
}

/* Reproduced on main: a 2,725-move dfs solution drawn as a PNG of 1976 x 160168 pixels (1.4 GB
 * in memory for a 2,000-move one) without a word. Past the cap: one line, exit 2, no file; as
 * SVG it is written. */
Test(render, a_raster_past_the_size_cap_is_refused)
{
    char dir[64], cmd[1024], path[96], want[512], *out, *err;
    th_scratch(dir);
    snprintf(path, sizeof path, "%s/big.png", dir);
    snprintf(cmd, sizeof cmd, "%s/render --solution --solver dfs -o %s "
             "corpus/seed-formats/csharp-750.txt", th_bin(), path);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    snprintf(want, sizeof want, "render: %s: 2726 positions make a 1976 x 160168 picture, past the "
             "cap of 64 Mpixels and 32767 pixels a side; write it as .svg (with --frames DIR for "
             "one picture per move)\n", path);
    cr_assert_str_eq(err, want);
    cr_assert_neq(access(path, F_OK), 0);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render --solution --solver dfs -o %s/big.svg "
             "corpus/seed-formats/csharp-750.txt && grep -c '<text' %s/big.svg", th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
}
