/* test_tree.c -- the project's own conventions, checked like its code: the layers of the source
 * tree (scripts/check-layers.sh), the manual pages against each program's --help
 * (scripts/check-manpages.sh), and the pages as make install installs them. Each check is also
 * shown to fail on a planted fault, so that a check that passes means something. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/helpers.h"

TestSuite(tree, .fini = th_check_leaks);

Test(tree, no_layer_includes_a_higher_one)
{
    char *out, *err;
    int rc = th_run("scripts/check-layers.sh", &out, &err);
    cr_assert_eq(rc, 0, "%s%s", out, err);
    cr_assert_str_eq(out, "");
    free(out), free(err);
}

/* A core header that includes the harness, a search file that names a header by its bare name,
 * and a program (the top layer) that may include anything. In a family's folder a file is of
 * its part's layer: its board (0) may not include its bounds (2), the scanner (1) or the search
 * (1); its bounds may include the solvers' layer, and its space explorer the space's. A
 * family stands on the core alone: the tiles' board may not include Rush Hour's. */
Test(tree, the_layer_check_fails_on_a_planted_violation)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; cd %s; mkdir -p common scan picture search solvers cli bench space programs rush tiles; "
             "for f in rush klotski tiles; do mkdir -p $f; cp \"$OLDPWD/$f/${f}_family.h\" $f/; done; "
             "cp \"$OLDPWD/common/families.h\" common/; "
             "printf '#include \"bench/report.h\"\\n' > common/core.h; "
             "printf '#include \"solver.h\"\\n' > search/bare.c; "
             "printf '#include \"bench/report.h\"\\n#include \"common/core.h\"\\n' > programs/main.c; "
             "printf '#include \"rush/blockers.h\"\\n#include \"scan/scan.h\"\\n#include \"common/core.h\"\\n' > rush/board.c; "
             "printf '#include \"solvers/bounds/heuristic.h\"\\n#include \"tiles/tiles.h\"\\n' > tiles/tiles_pdb.c; "
             "printf '#include \"space/run.h\"\\n#include \"tiles/tiles_pdb.h\"\\n' > tiles/tiles_space.c; "
             "printf '#include \"rush/board.h\"\\n' > tiles/tiles.c",
             dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "scripts/check-layers.sh %s", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 1, "%s%s", out, err);
    cr_assert_str_eq(out,
                     "common/core.h:1: common/core.h (layer 0) includes bench/report.h (layer 3), a higher layer\n"
                     "rush/board.c:1: rush/board.c (layer 0) includes rush/blockers.h (layer 2), a higher layer\n"
                     "rush/board.c:2: rush/board.c (layer 0) includes scan/scan.h (layer 1), a higher layer\n"
                     "search/bare.c:1: #include \"solver.h\" is not qualified by its folder\n"
                     "tiles/tiles.c:1: #include \"rush/board.h\": a family includes another family's header\n");
    free(out), free(err);
}

/* The families' promise, planted broken in a tree of its own: a strategy that names a family's
 * constant (Rush Hour's too), one that tests a puzzle's family, a harness file that includes
 * a family's header, a program that calls a family's function; FAMILY_BIT(...), a solver's
 * declaration of its families, passes. A search file (search/) and the choice of bounds
 * (solvers/bounds/) are held to the same. The families are the registry's: a fourth added by
 * its line there is held to it too. */
Test(tree, the_family_check_fails_on_a_planted_leak)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; cd %s; mkdir -p common solvers/bounds bench programs scripts sokoban; "
             "for f in rush klotski tiles; do mkdir -p $f; cp \"$OLDPWD/$f/${f}_family.h\" $f/; done; "
             "cp \"$OLDPWD/common/families.h\" common/; "
             "printf '#include \"sokoban/sokoban_family.h\"\\n' >> common/families.h; "
             "printf 'FAMILY(SOKOBAN, sokoban, sokoban_board, sokoban)\\n' > sokoban/sokoban_family.h; "
             "printf 'int d = FAMILY_SOKOBAN + sokoban_push(0);\\n' > solvers/v.c; "
             "printf 'int a = FAMILY_RUSH;\\nint b = FAMILY_BIT(FAMILY_TILES);\\n' > solvers/x.c; "
             "printf 'int f(const puzzle *p) { return p->family == FAMILY_KLOTSKI; }\\n' > solvers/y.c; "
             "printf 'int c = FAMILY_TILES;\\n' > solvers/bounds/z.c; "
             "printf '#include \"tiles/tiles_space.h\"\\n#include \"rush/board.h\"\\n' > bench/w.c; "
             "printf 'void g(void) { klotski_successors(0, 0, 0, 0); board_offset(0, 0, 0); }\\n' > programs/m.c; "
             "mkdir -p search; printf '#include \"rush/moves.h\"\\nint h(void) { return moves_generate(0, 0, -1, 0, 0); }\\n' > search/s.h",
             dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "scripts/check-layers.sh %s", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 1, "%s%s", out, err);
    const char *why = " (docs/architecture.md, \"Families\")\n";
    char want[2048];
    snprintf(want, sizeof want,
             "bench/w.c:1: #include tiles/tiles_space.h: includes a family's own header%s"
             "bench/w.c:2: #include rush/board.h: includes a family's own header%s"
             "programs/m.c:1: klotski_successors(): calls a family's own function%s"
             "programs/m.c:1: board_offset(): calls a family's own function%s"
             "search/s.h:1: #include rush/moves.h: includes a family's own header%s"
             "search/s.h:2: moves_generate(): calls a family's own function%s"
             "solvers/bounds/z.c:1: FAMILY_TILES: names a family%s"
             "solvers/v.c:1: FAMILY_SOKOBAN: names a family%s"
             "solvers/v.c:1: sokoban_push(): calls a family's own function%s"
             "solvers/x.c:1: FAMILY_RUSH: names a family%s"
             "solvers/y.c:1: FAMILY_KLOTSKI: names a family%s",
             why, why, why, why, why, why, why, why, why, why, why);
    cr_assert_str_eq(out, want);
    free(out), free(err);
}

/* The pages against the optimized programs: the sanitized build has no bin/micro, and what is
 * checked is the text. */
Test(tree, every_manual_page_matches_its_program_s_help)
{
    char cmd[512], *out, *err;
    if (th_sanitized()) return;
    snprintf(cmd, sizeof cmd, "scripts/check-manpages.sh %s", th_bin());
    int rc = th_run(cmd, &out, &err);
    cr_assert_eq(rc, 0, "%s%s", out, err);
    cr_assert_str_eq(out, "");
    free(out), free(err);
}

/* A page that lost an option, and one that names an option its program does not take. */
Test(tree, the_manual_check_fails_on_a_page_that_drifted)
{
    char dir[64], cmd[1024], *out, *err;
    if (th_sanitized()) return;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; cp -r docs %s/docs; sed -i '/--show-scan/d' %s/docs/man/solve.1.md; "
             "printf '\\n**--bogus-option**\\n:   Not an option.\\n' >> %s/docs/man/render.1.md",
             dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "scripts/check-manpages.sh %s %s/docs", th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 1, "%s%s", out, err);
    char want[512];
    snprintf(want, sizeof want,
             "%s/docs/man/solve.1.md: lacks --show-scan, which solve --help names\n"
             "%s/docs/man/render.1.md: names --bogus-option, which render does not take\n",
             dir, dir);
    cr_assert_str_eq(out, want);
    free(out), free(err);
}

/* make install puts a manual page for every program where man looks for it. Only in the
 * optimized run: make installs the optimized programs either way. */
Test(tree, make_install_installs_the_manual_pages, .timeout = 300)
{
    if (th_sanitized()) return;
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "make -s install PREFIX=%s/usr > /dev/null && ls %s/usr/share/man/man1 "
             "&& grep -c '^[.]TH \"BENCH\" \"1\"' %s/usr/share/man/man1/bench.1",
             dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "bench.1\nenumerate.1\nmicro.1\nrender.1\nsolve.1\n1\n");
    free(out), free(err);
    /* The installed bench report finds the installed plotting scripts and draws the figures. */
    snprintf(cmd, sizeof cmd, "cd %s && usr/bin/bench --no-progress --solver bfs,dfs --out r "
             "$OLDPWD/corpus/ladder.txt > /dev/null && usr/bin/bench report --graph-max 0 r 2>&1 && "
             "ls r/plots/cactus.svg", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_null(strstr(out, "no figures"), "%s", out);
    cr_assert_not_null(strstr(out, "r/plots/cactus.svg"), "%s", out);
    free(out), free(err);
}

/* scripts/bfs-speed.sh beside another build prints this build's puzzle count and each build's
 * largest table: it printed those of whichever build ran last, the other one's (found when the
 * engine's tables shrank). The other build here is a stand-in that reports one puzzle with a
 * one-byte table. */
Test(tree, the_speed_script_reports_each_build_s_own_table)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "set -e; grep -v '^#' corpus/_database/fogleman-sample.txt | head -3 > %s/three.txt; "
             "printf '#!/bin/sh\\necho "
             "\\047{\"seconds\":0.001,\"cluster_states\":9,\"table_bytes\":1}\\047\\n' > %s/other; "
             "chmod +x %s/other; RUNS=1 SAMPLE=%s/three.txt scripts/bfs-speed.sh %s/other",
             dir, dir, dir, dir, dir);
    int rc = th_run(cmd, &out, &err);
    cr_assert_eq(rc, 0, "%s%s", out, err);
    cr_assert_not_null(strstr(out, "puzzles:                      3\n"), "%s", out);
    cr_assert_not_null(strstr(out, "\nlargest table, bytes:         57344\n"), "%s", out);
    cr_assert_not_null(strstr(out, "other, largest table:   1\n"), "%s", out);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    cr_assert_eq(system(cmd), 0);
}
