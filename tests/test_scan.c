/* test_scan.c -- the text scanner: every format, the native round trip, every kind of bad
 * input with its message. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/helpers.h"

TestSuite(scan, .fini = th_check_leaks);

/* The seed files as the database form of their boards (labels mapped as documented). */
static void expect_board(const char *path, const char *grid)
{
    puzzle_list list = th_load(path);
    cr_assert_eq(list.count, 1);
    char text[BOARD_TEXT_MAX];
    board_format_grid(&list.items[0].board, list.items[0].start, text);
    cr_assert_str_eq(text, grid, "%s read as\n%s", path, text);
    puzzle_list_free(&list);
}

Test(scan, kotlin_formats)
{
    expect_board("corpus/seed-formats/kotlin-beginner-96.txt",
                 "+------+\n|..CDEE|\n|BBCDF.|\n|GAADF.>\n|GHIIJJ|\n|.HK..M|\n|..KLLM|\n+------+\n");
    expect_board("corpus/seed-formats/kotlin-4x4.txt",
                 "+----+\n|....|\n|AAB.>\n|..B.|\n|CC..|\n+----+\n");
    expect_board("corpus/seed-formats/kotlin-5x5.txt",
                 "+-----+\n|..DB.|\n|AADB.>\n|..DB.|\n|.CC..|\n|.....|\n+-----+\n");
}

Test(scan, csharp_format)
{
    expect_board("corpus/seed-formats/csharp-750.txt",
                 "+------+\n|A.BCCC|\n|A.BD.E|\n|AFFDGE>\n|.H.DGI|\n|.HJJGI|\n|KKK...|\n+------+\n");
    puzzle_list list = th_load("corpus/seed-formats/csharp-750.txt");
    cr_assert_eq(list.items[0].board.piece[list.items[0].board.primary].label, 'F');
    puzzle_list_free(&list);
}

Test(scan, python_format)
{
    expect_board("corpus/seed-formats/python-605.txt",
                 "+------+\n|BCDDD.|\n|BC.EF.|\n|BAAEF.>\n|GGH.F.|\n|..HII.|\n|.JJKK.|\n+------+\n");
    puzzle_list list = th_load("corpus/seed-formats/python-605.txt");
    cr_assert_str_eq(list.items[0].name, "board_605");
    puzzle_list_free(&list);
}

Test(scan, seed_formats_match_seed_lines)
{
    /* The same puzzles in seeds.txt, database form, give the same boards up to labels. */
    puzzle_list seeds = th_load("corpus/seeds/seeds.txt");
    const char *pairs[][2] = {{"corpus/seed-formats/python-605.txt", "python-605"},
                              {"corpus/seed-formats/kotlin-beginner-96.txt", "kotlin-beginner-96"}};
    for (int k = 0; k < 2; k++) {
        puzzle_list one = th_load(pairs[k][0]);
        char a[BOARD_DB_MAX], b[BOARD_DB_MAX];
        cr_assert(board_format_db(&one.items[0].board, one.items[0].start, a));
        int found = 0;
        for (int i = 0; i < seeds.count; i++)
            if (strcmp(seeds.items[i].name, pairs[k][1]) == 0) {
                board_format_db(&seeds.items[i].board, seeds.items[i].start, b);
                found = 1;
            }
        cr_assert(found);
        /* Compare shapes: both relabelled the same way by occupancy pattern. */
        for (int c = 0; c < 36; c++) {
            cr_assert_eq(a[c] == 'o', b[c] == 'o', "%s cell %d", pairs[k][0], c);
            cr_assert_eq(a[c] == 'A', b[c] == 'A', "%s cell %d", pairs[k][0], c);
            for (int d = 0; d < 36; d++) cr_assert_eq(a[c] == a[d], b[c] == b[d]);
        }
        puzzle_list_free(&one);
    }
    puzzle_list_free(&seeds);
}

Test(scan, database_lines_carry_their_metadata)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    const char *text = "# comment\n"
                       "\n"
                       "03 BBBoooooDoooAADooooCCooooooooooooooo 281\n"
                       "-  oooooBoooooBoooAABooooooCDEFGHCDEFGH stuck   # no way out\n"
                       "ooooooooooooAAoooooooooooooooooooooo\n"
                       "7 ooooooooooooAAoooooooooooooooooooooo 12 named\n";
    cr_assert_eq(th_scan(text, &list, err), 4, "%s", err);
    cr_assert_eq(list.items[0].optimal, 3);
    cr_assert_eq(list.items[0].cluster, 281);
    cr_assert_str_eq(list.items[0].name, "t.txt:3");
    cr_assert_str_eq(list.items[0].source, "t.txt:3");
    cr_assert_eq(list.items[1].optimal, PUZZLE_UNSOLVABLE);
    cr_assert_str_eq(list.items[1].name, "stuck");
    cr_assert_eq(list.items[2].optimal, PUZZLE_UNKNOWN);
    cr_assert_eq(list.items[2].cluster, -1);
    cr_assert_str_eq(list.items[3].name, "named");
    cr_assert_eq(list.items[3].cluster, 12);
    puzzle_list_free(&list);
}

/* Printing a puzzle in native format and reading it back gives the same puzzle: the same text,
 * name, answers, exit and primary. (Piece order, and with it the key layout, may differ: the
 * reader numbers pieces in row-major order of their first cell.) */
static void round_trip(const puzzle *p)
{
    char *text = puzzle_format_native(p);
    puzzle_list back = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &back, err), 1, "%s\n%s", err, text);
    const puzzle *q = &back.items[0];
    char *again = puzzle_format_native(q);
    cr_assert_str_eq(text, again);
    cr_assert_str_eq(q->name, p->name);
    cr_assert_eq(q->optimal, p->optimal);
    cr_assert_eq(q->cluster, p->cluster);
    cr_assert_eq(q->board.exit, p->board.exit);
    cr_assert_eq(q->board.piece[q->board.primary].label, p->board.piece[p->board.primary].label);
    free(text);
    free(again);
    puzzle_list_free(&back);
}

Test(scan, native_round_trips_every_corpus_puzzle_and_exit_side)
{
    puzzle_list list = th_load("corpus/");
    puzzle_list sample = th_load("corpus/_database/fogleman-sample.txt");
    for (int k = 0; k < list.count; k++) round_trip(&list.items[k]);
    for (int k = 0; k < sample.count; k += 10) {
        round_trip(&sample.items[k]);
        puzzle m = th_mirror(&sample.items[k]), t = th_transpose(&sample.items[k]);
        puzzle u = th_transpose(&m);
        round_trip(&m);
        round_trip(&t);
        round_trip(&u);
    }
    puzzle_list_free(&list);
    puzzle_list_free(&sample);
}

Test(scan, native_reads_several_puzzles_with_headers)
{
    const char *text = "# two puzzles\n"
                       "name: first\n"
                       "moves: 2\n"
                       "+----+\n|....|\n|AAB.>\n|..B.|\n|CC..|\n+----+\n"
                       "\n"
                       "name: second\n"
                       "primary: Q\n"
                       "moves: -\n"
                       "+-^---+\n|.Q...|\n|.Q...|\n|x....|\n|.....|\n+-----+\n"
                       "+----+\n<AA..|\n|....|\n|..BB|\n|....|\n+----+\n";
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &list, err), 3, "%s", err);
    cr_assert_str_eq(list.items[0].name, "first");
    cr_assert_eq(list.items[0].optimal, 2);
    cr_assert_eq(list.items[1].board.exit, EXIT_UP);
    cr_assert_eq(list.items[1].board.width, 5);
    cr_assert_eq(list.items[1].board.height, 4);
    cr_assert_eq(list.items[1].optimal, PUZZLE_UNSOLVABLE);
    cr_assert_eq(list.items[2].board.exit, EXIT_LEFT);
    cr_assert_str_eq(list.items[2].name, "t.txt:20");
    puzzle_list_free(&list);
}

/* Every kind of bad input, with the exact message. */
static const struct {
    const char *text, *message;
} bad_inputs[] = {
    {"", "t.txt: empty file"},
    {"   \n\n# only comments\n", "t.txt: no puzzle in this file"},
    {"abc\x01\x02", "t.txt: binary file (byte 0x01 at offset 3), not a puzzle"},
    {"hello world\n", "t.txt:1: cannot tell the format of this file (try --format)"},
    /* database lines */
    {"3 ooooooooooooAAooooooooooooooooooooo\n",
     "t.txt:1: board has 35 characters; a database board has 16, 25, 36, 49 or 64 (4x4 to 8x8), "
     "or is a Klotski board's rows joined by '/'"},
    {"3 ooooooooooooAAooooooooooooooooooooooo\n",
     "t.txt:1: board has 37 characters; a database board has 16, 25, 36, 49 or 64 (4x4 to 8x8), "
     "or is a Klotski board's rows joined by '/'"},
    {"3 ooooooooooooAAoooooooooooooBoooooooo\n",
     "t.txt:1: piece B is a single cell; pieces are 2 or 3 cells long (x is a wall)"},
    {"3 BoooooBoooooAAooooooooooBoooooBooooo\n",
     "t.txt:1: piece B appears in two places"},
    {"3 BBooBBooooooAAoooooooooooooooooooooo\n",
     "t.txt:1: piece B appears in two places"},
    {"3 BBooooBoooooAAoooooooooooooooooooooo\n",
     "t.txt:1: piece B is not a straight line of 2 or 3 cells"},
    {"3 BBBBooooooooAAoooooooooooooooooooooo\n",
     "t.txt:1: piece B is 4 cells long; pieces are 2 or 3 cells long"},
    {"3 ooooooooooooBBoooooooooooooooooooooo\n",
     "t.txt:1: no primary piece A"},
    {"3 ooooooooooooooooooAAoooooooooooooooo\n",
     "t.txt:1: exit in row 2 is not in line with primary piece A (row 3)"},
    {"3 ooAoooooAooooooooooooooooooooooooooo\n",
     "t.txt:1: exit on the right side is not in line with the vertical primary piece A"},
    {"3 ooooooooooooAAoooooooooooooooooooooo 12 name extra\n",
     "t.txt:1: too many fields; expected MOVES BOARD [CLUSTER] [NAME]"},
    {"3 ooooooooooooAAoooooooooooooooooooooo name extra\n", "t.txt:1: unexpected field 'extra'"},
    {"x3 ooooooooooooAAoooooooooooooooooooooo\n",
     "t.txt:1: cannot tell the format of this file (try --format)"},
    /* native */
    {"+------+\n|......|\n|..AA..>\n|.....|\n+------+\n", "t.txt:4: row 3 has 5 cells, expected 6"},
    {"+------+\n|......|\n|..AA..>\n|..?...|\n|......|\n+------+\n",
     "t.txt:4: unknown character '?' in column 3"},
    {"+---------+\n", "t.txt:1: board is 9 cells wide; at most 8"},
    {"+----+\n|....|\n|AA..|\n|....|\n|....|\n+----+\n",
     "t.txt:6: board has no exit marker (< > ^ v in the border)"},
    {"+----+\n|....|\n<AA..>\n|....|\n|....|\n+----+\n",
     "t.txt:6: board has 2 exit markers; it needs exactly one"},
    {"+----+\n|....>\n|AA..|\n|....|\n|....|\n+----+\n",
     "t.txt:2: exit in row 0 is not in line with primary piece A (row 1)"},
    {"+----+\n|....|\n|AA..>\n|....|\n", "t.txt:1: puzzle is not finished by a bottom border"},
    {"name: x\nsize: 6\n", "t.txt:2: unknown header 'size'"},
    {"moves: lots\n", "t.txt:1: moves: 'lots' is not a count or '-'"},
    {"+----+\n|....|\n|AA..>\n|....|\n|....|\n|....|\n|....|\n|....|\n|....|\n|....|\n+----+\n",
     "t.txt:10: board is more than 8 rows tall"},
    {"+--+\n|..|\n|AA>\n+--+\n", "t.txt:2: board is 2x2; sizes from 4x4 to 8x8 are supported"},
    /* kotlin */
    {"----\n001-\n--1\n22--\n", "t.txt:3: row 3 has 3 cells, expected 4"},
    {"------\n-0-----\n", "t.txt:2: row 2 has 7 cells, expected 6"},
    {"---------\n", "t.txt:1: row has 9 cells; at most 8"},
    /* csharp */
    {"6 6\nA 0\n", "t.txt:2: expected 6 rows, the prisoner and the exit; found 1 lines after the size"},
    {"9 6\n", "t.txt:1: board is 9x6; sizes from 4x4 to 8x8 are supported"},
    {"4 4\n0 0 0 0\nA A 0 0\n0 0 0 0\n0 0 0 0\nA\n2 1\n",
     "t.txt:7: exit cell (2, 1) is not at an end of the prisoner's row"},
    {"4 4\n0 0 0 0\nA A 0 0\n0 0 0 0\n0 0 0 0\nA\n3 2\n",
     "t.txt:7: exit in row 2 is not in line with primary piece A (row 1)"},
    {"4 4\n0 0 0 0\nA A 0 0\n0 0 0 0\n0 0 0 0\nB\n3 1\n", "t.txt:2: no primary piece B"},
    {"4 4\n0 0 0 0\nA A # 0\n0 0 0 0\n0 0 0 0\nA\n3 1\n", "t.txt:3: unknown cell '#' in column 3"},
    /* python */
    {"b = [[0, 0, 0, 0], [1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]\n",
     "t.txt:1: row 2 has 3 cells, expected 4"},
    {"b = [[0, 0, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]\n",
     "t.txt:1: expected '[' starting a row, found the end of the file"},
    {"b = [[0, 0, 0, 0], [1, 1, x, 0]]\n", "t.txt:1: expected a piece number, found 'x'"},
    {"b = [[0, 0, 0, 0], [1, 1, 99, 0]]\n", "t.txt:1: piece number 99 is over 50"},
    /* Klotski database lines */
    {"5 AAB/AA/..C 9\n", "t.txt:1: 'AAB/AA/..C' is not a Klotski board: rows of 2 to 8 cells, all "
     "as wide, 2 to 8 of them, joined by '/'"},
    {"5 AAB/AA./..B 9\n", "t.txt:1: piece B is not connected"},
    {"5 BB./BB./... 9\n", "t.txt:1: no piece A to free"},
};

Test(scan, bad_inputs_are_rejected_with_one_clear_line)
{
    for (size_t k = 0; k < sizeof bad_inputs / sizeof *bad_inputs; k++) {
        puzzle_list list = {0};
        char err[SCAN_ERR_MAX];
        int n = scan_text("t.txt", bad_inputs[k].text, strlen(bad_inputs[k].text), SCAN_AUTO,
                          &list, err);
        cr_expect_eq(n, -1, "input %zu was accepted", k);
        cr_expect_eq(list.count, 0, "input %zu left puzzles behind", k);
        cr_expect_str_eq(err, bad_inputs[k].message, "input %zu", k);
        cr_expect_null(strchr(err, '\n'));
        puzzle_list_free(&list);
    }
}

Test(scan, a_bad_puzzle_among_good_ones_rejects_the_file)
{
    const char *text = "3 BBBoooooDoooAADooooCCooooooooooooooo\n"
                       "3 BBBoooooDoooAADooooCCoooooooooooooo\n";
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    cr_assert_eq(th_scan(text, &list, err), -1);
    cr_assert_eq(list.count, 0);
    cr_assert_str_eq(err, "t.txt:2: board has 35 characters; a database board has 16, 25, 36, "
                          "49 or 64 (4x4 to 8x8), or is a Klotski board's rows joined by '/'");
}

/* A database line of any square size, told by its length (so that every generated database is
 * a corpus): the board reads back to the same line, the exit at the right end of row 2, and
 * the reference BFS gives the line's move count. */
Test(scan, database_lines_of_every_size)
{
    const char *lines[] = {
        "2 ooooooBoAABooooo",                                                   /* 4x4 */
        "2 oooooooBooAABoooooooooooo",                                           /* 5x5 */
        "2 oooooooooBooAAoBoooooooooooooooooooo",                                /* 6x6 */
        "2 oooooooooooBoooAAoBoooooooooooooooooooooooooooooo",                    /* 7x7 */
        "2 ooooooooooooBoooAAooBoooooooBoooooooooooooooooooooooooooxooooooo",    /* 8x8 */
    };
    solver_context ctx;
    solver_context_init(&ctx);
    for (int k = 0; k < 5; k++) {
        puzzle_list list = {0};
        char err[SCAN_ERR_MAX], db[BOARD_DB_MAX];
        cr_assert_eq(th_scan(lines[k], &list, err), 1, "%s: %s", lines[k], err);
        const puzzle *p = &list.items[0];
        cr_assert_eq(p->board.width, 4 + k);
        cr_assert_eq(p->board.exit, EXIT_RIGHT);
        cr_assert_eq(p->board.piece[p->board.primary].line, 2);
        cr_assert(board_format_db(&p->board, p->start, db));
        cr_assert_str_eq(db, lines[k] + 2);
        solver_budget unlimited = {0, 0, 0};
        solver_result r = th_solve(&ctx, "bfs", p, &unlimited);
        cr_assert_eq(th_moves(&r), p->optimal, "%s", lines[k]);
        solver_result_free(&r);
        puzzle_list_free(&list);
    }
    solver_context_free(&ctx);
}

Test(scan, directories_are_read_recursively_in_order_skipping_underscore)
{
    puzzle_list list = th_load("corpus");
    int ladder = 0, seeds = 0, formats = 0, generated = 0, klotski = 0, tiles = 0;
    for (int i = 0; i < list.count; i++) {
        const char *s = list.items[i].source;
        ladder += strstr(s, "corpus/ladder.txt") != NULL;
        seeds += strstr(s, "corpus/seeds/") != NULL;
        formats += strstr(s, "corpus/seed-formats/") != NULL;
        generated += strstr(s, "corpus/generated/") != NULL;
        klotski += strstr(s, "corpus/klotski/") != NULL;
        tiles += strstr(s, "corpus/tiles/") != NULL;
        cr_assert_null(strstr(s, "_database"));
        cr_assert_null(strstr(s, "_korf"));
        cr_assert_null(strstr(s, "_full"));
    }
    cr_assert_eq(ladder, 100);
    cr_assert_eq(seeds, 11);
    cr_assert_eq(formats, 5);
    cr_assert_eq(generated, 13 + 35 + 41 + 99);   /* the 4x4, 5x5, 5x5-with-a-wall and 6x6 ladders */
    cr_assert_eq(klotski, 1 + 1 + 8 + 1);   /* the classic, CodeAbbey's, the ladder, the seed's hard board */
    cr_assert_eq(tiles, 15 + 2 + 3);   /* the small shapes, the 8-puzzle's farthest, three of Korf's */
    cr_assert_eq(list.count, 116 + klotski + generated + tiles);
    puzzle_list_free(&list);
    char err[SCAN_ERR_MAX];
    cr_assert_eq(scan_path("no/such/file.txt", SCAN_AUTO, &list, err), -1);
    cr_assert_str_eq(err, "no/such/file.txt: No such file or directory");
}

Test(scan, forced_format_and_format_names)
{
    puzzle_list bad = {0};
    char why[SCAN_ERR_MAX];
    const char *odd = "3 ooooooooooooAAoooooooooooooooooooo?o\n";
    cr_assert_eq(scan_text("t.txt", odd, strlen(odd), SCAN_DB, &bad, why), -1);
    cr_assert_str_eq(why, "t.txt:1: unknown character '?' at board position 35");
    cr_assert_eq(bad.count, 0);
    cr_assert_eq(scan_format_from_name("kotlin"), SCAN_KOTLIN);
    cr_assert_eq(scan_format_from_name("bogus"), -1);
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    const char *text = "----\n001-\n--1-\n22--\n";
    cr_assert_eq(scan_text("k.txt", text, strlen(text), SCAN_DB, &list, err), -1);
    cr_assert_eq(scan_text("k.txt", text, strlen(text), SCAN_KOTLIN, &list, err), 1, "%s", err);
    puzzle_list_free(&list);
}

Test(scan, ids_depend_on_the_geometry_alone)
{
    /* The seed programs' files and their database twins in seeds.txt: other letters, other
     * formats, one id. */
    puzzle_list seeds = th_load("corpus/seeds/seeds.txt");
    const char *pairs[][2] = {{"corpus/seed-formats/python-605.txt", "python-605"},
                              {"corpus/seed-formats/kotlin-beginner-96.txt", "kotlin-beginner-96"},
                              {"corpus/seed-formats/csharp-750.txt", "csharp-750"}};
    for (int k = 0; k < 3; k++) {
        puzzle_list one = th_load(pairs[k][0]);
        char a[17], b[17] = "";
        puzzle_id(&one.items[0], a);
        for (int i = 0; i < seeds.count; i++)
            if (strcmp(seeds.items[i].name, pairs[k][1]) == 0) puzzle_id(&seeds.items[i], b);
        cr_assert_str_eq(a, b, "%s", pairs[k][0]);
        puzzle_list_free(&one);
    }
    puzzle_list_free(&seeds);

    /* Every sample puzzle relabelled at random, its primary included, and read from the native
     * format: the same id. Its mirror image is another puzzle: another id. */
    puzzle_list list = th_load("corpus/_database/fogleman-sample.txt");
    srand(12345);
    for (int k = 0; k < list.count; k++) {
        const puzzle *p = &list.items[k];
        char labels[] = PIECE_LABELS, text[512], grid[BOARD_TEXT_MAX];
        int nlabels = (int)strlen(labels);
        for (int i = nlabels - 1; i > 0; i--) {
            int j = rand() % (i + 1);
            char t = labels[i];
            labels[i] = labels[j];
            labels[j] = t;
        }
        board_format_grid(&p->board, p->start, grid);
        for (int r = 0; r < p->board.height; r++)
            for (int c = 0; c < p->board.width; c++) {
                char *cell = &grid[(r + 1) * (p->board.width + 3) + 1 + c];
                int i = *cell == 'x' ? -1 : board_find_label(&p->board, *cell);
                if (i >= 0) *cell = labels[i];
            }
        snprintf(text, sizeof text, "primary: %c\n%s", labels[p->board.primary], grid);
        puzzle_list again = {0};
        char err[SCAN_ERR_MAX], a[17], b[17];
        cr_assert_eq(th_scan(text, &again, err), 1, "%s\n%s", err, text);
        puzzle_id(p, a);
        puzzle_id(&again.items[0], b);
        cr_assert_str_eq(a, b, "%s", text);
        puzzle mirror = th_mirror(p);
        puzzle_id(&mirror, b);
        cr_assert_str_neq(a, b);
        puzzle_list_free(&again);
    }
    puzzle_list_free(&list);
}
