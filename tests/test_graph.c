/* test_graph.c -- a cluster's state graph (graph/) and bin/render --graph: the nodes are the
 * cluster, each edge is a legal move and every move is an edge, each node's distance and colour
 * are those of the goal distance bin/solve --cluster reports (checked again by the textbook BFS
 * from every state), the solution is marked; the condensed picture adds up to the cluster; each
 * solver's walk is drawn and its frontier profile counts what it expanded; --puzzle all,
 * --graph-max, a missing Graphviz and an unwritable output each give what the manual says. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rush/moves.h"
#include "graph/palette.h"
#include "graph/stategraph.h"
#include "tests/helpers.h"

TestSuite(graph, .fini = th_check_leaks);

#define SMALL "tests/data/trace/small.txt"

/* The DOT file bin/render writes, read back: nodes n<i> with their attributes, edges n<a> -- n<b>
 * (thick black: the solution's). */
typedef struct {
    uint32_t count;
    uint64_t key[20000];
    int from_start[20000], to_goal[20000];
    char fill[20000][8];
    uint32_t (*edge)[2];
    int nedges, path_edges;
} dot_file;

static void read_dot(const char *path, dot_file *d)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    memset(d, 0, sizeof *d);
    d->edge = malloc(200000 * sizeof *d->edge);
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        unsigned n, a, b;
        unsigned long long key;
        if (sscanf(line, "  n%u -- n%u", &a, &b) == 2) {
            cr_assert_lt(d->nedges, 200000);
            d->edge[d->nedges][0] = a, d->edge[d->nedges][1] = b, d->nedges++;
            d->path_edges += strstr(line, "color=black, penwidth=3") != NULL;
        } else if (sscanf(line, "  n%u [key=\"%llx\"", &n, &key) == 2) {
            cr_assert_lt(n, 20000);
            cr_assert_eq(n, d->count, "nodes in order");
            d->key[n] = key;
            char *at = strstr(line, "from_start=");
            d->from_start[n] = atoi(at + 11);
            at = strstr(line, "to_goal=");
            d->to_goal[n] = at ? atoi(at + 8) : -1;
            at = strstr(line, "fillcolor=\"");
            memcpy(d->fill[n], at + 11, 7);
            d->count++;
        }
    }
    fclose(f);
}

/* The picture's source against the cluster, for puzzle k of SMALL. */
static void check_source(const char *dot_path, const puzzle *p, const char *cluster_json)
{
    static dot_file d;
    read_dot(dot_path, &d);
    const board *b = &p->board;
    /* The nodes: the cluster, the start first, each state once. */
    cr_assert_eq(d.key[0], p->start);
    state_graph g;
    char err[GRAPH_ERR_MAX];
    cr_assert_eq(state_graph_build(&g, p, 100000, 100000, err), 0, "%s", err);
    cr_assert_eq(d.count, g.count);
    for (uint32_t i = 0; i < d.count; i++)
        cr_assert_eq(state_graph_node(&g, d.key[i]), i, "node %u", i);
    /* The edges: each a legal move, and every move of every state an edge (once). */
    uint64_t moves = 0;
    for (uint32_t i = 0; i < d.count; i++) {
        move m[MOVES_MAX];
        moves += (uint64_t)th_naive_moves(b, d.key[i], m);
    }
    cr_assert_eq((uint64_t)d.nedges, moves / 2, "%d edges for %llu moves", d.nedges,
                 (unsigned long long)moves);
    for (int e = 0; e < d.nedges; e++)
        cr_assert(th_one_move(b, d.key[d.edge[e][0]], d.key[d.edge[e][1]]), "edge %d", e);
    /* The distances: the textbook BFS from every state, and the colour of each. */
    int farthest = 0;
    for (uint32_t i = 0; i < d.count; i++)
        if (d.to_goal[i] > farthest) farthest = d.to_goal[i];
    uint64_t histogram[64] = {0};
    for (uint32_t i = 0; i < d.count; i++) {
        th_bfs t = th_textbook_bfs(b, d.key[i], false);
        cr_assert_eq(d.to_goal[i], t.length, "node %u", i);
        th_bfs_free(&t);
        char fill[PALETTE_HEX];
        palette_distance((unsigned)d.to_goal[i], (unsigned)farthest, fill);
        cr_assert_str_eq(d.fill[i], fill, "node %u at distance %d", i, d.to_goal[i]);
        histogram[d.to_goal[i]]++;
    }
    /* ... and the counts bin/solve --cluster reports, distance by distance. */
    char want[1024] = "[", *w = want + 1;
    for (int k = 0; k <= farthest; k++)
        w += sprintf(w, "%s%llu", k ? ", " : "", (unsigned long long)histogram[k]);
    strcpy(w, "]");
    cr_assert_str_eq(cluster_json, want);
    /* The solution: the optimum's moves, drawn thick. */
    cr_assert_eq(d.path_edges, p->optimal);
    state_graph_free(&g);
    free(d.edge);
}

Test(graph, the_picture_is_the_cluster_with_its_distances, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    puzzle_list list = th_load(SMALL);
    for (int k = 1; k <= 2; k++) {
        snprintf(cmd, sizeof cmd,
                 "%s/render --graph --puzzle %d -o %s/g%d.svg " SMALL " && test -s %s/g%d.svg && "
                 "%s/solve --cluster --json " SMALL " | sed -n %dp | python3 -c \"import json,sys; "
                 "r=json.load(sys.stdin); print(r['cluster_states']); print(r['distances'])\"",
                 th_bin(), k, dir, k, dir, k, th_bin(), k);
        cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
        char *second = strchr(out, '\n') + 1;
        second[strcspn(second, "\n")] = '\0';
        char dot[128];
        snprintf(dot, sizeof dot, "%s/g%d.dot", dir, k);
        check_source(dot, &list.items[k - 1], second);
        cr_assert_eq((uint64_t)atoll(out), (uint64_t)list.items[k - 1].cluster);
        free(out), free(err);
    }
    puzzle_list_free(&list);
}

/* Walks: a picture each on the one layout, the small multiples, and the frontier profile whose
 * columns add up to what each solver expanded. */
Test(graph, each_solver_s_walk_and_its_frontier, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/render --graph --solver bfs,dfs,astar,bibfs --puzzle 3 -o %s/w.svg " SMALL " && "
             "ls %s | tr '\\n' ' ' && echo && "
             "%s/solve --solver bfs,dfs,astar,bibfs --json " SMALL " | sed -n '9,12p' | "
             "python3 -c \"import json,sys\n"
             "expanded={r['solver']: r['expanded'] for r in map(json.loads, sys.stdin)}\n"
             "rows=[l.rstrip('\\n').split('\\t') for l in open('%s/w-frontier.tsv')]\n"
             "profile={s: sum(int(r[k+1]) for r in rows[1:]) for k, s in enumerate(rows[0][1:])}\n"
             "print(profile == expanded, sorted(profile.items()), sorted(expanded.items()))\" && "
             "grep -c '<g id=\"node' %s/w.svg && grep -c '<g id=\"node' %s/w-dfs.svg",
             th_bin(), dir, dir, th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    char files[512], same[512];
    int sheet, single;
    cr_assert_eq(sscanf(out, "%511[^\n]\n%511[^\n]\n%d\n%d", files, same, &sheet, &single), 4,
                 "%s", out);
    cr_assert_str_eq(files, "w-astar-pdb.svg w-bfs.svg w-bibfs.svg w-dfs.svg w-frontier.svg "
                            "w-frontier.tsv w.dot w.svg ");
    cr_assert(strncmp(same, "True ", 5) == 0, "the profile counts what each expanded: %s", same);
    /* The sheet: the graph and four walks, each with a title node. */
    cr_assert_eq(sheet, 5 * (single - 1) + 5, "%d and %d nodes", sheet, single);
    free(out), free(err);
}

/* Each walk's title gives its solution's real moves in every family: a 12-move 3x2 tiles
 * puzzle's bfs and astar walks say 12 moves (a tiles result has no Rush Hour move list), and
 * the Klotski classic's bfs walk its 81 (having expanded what bin/solve --stats counts). */
Test(graph, walk_titles_give_the_moves_in_every_family, .timeout = 120)
{
    char dir[64], cmd[2048], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "awk 'BEGIN { RS = \"\"; ORS = \"\\n\\n\" } /3x2-walk/' corpus/tiles/small.txt > %s/p.txt && "
             "%s/render --graph --solver bfs,astar -o %s/t.svg %s/p.txt 2> /dev/null && "
             "%s/render --graph --solver bfs -o %s/k.svg corpus/klotski/classic.txt && "
             "grep -ho 'expanded ([0-9,]* states), [0-9]* moves' %s/t-bfs.svg %s/t-astar-pdb.svg %s/k-bfs.svg",
             dir, th_bin(), dir, dir, th_bin(), dir, dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "expanded (113 states), 12 moves\n"
                          "expanded (12 states), 12 moves\n"
                          "expanded (23,683 states), 81 moves\n");   /* its stats line */
    free(out), free(err);
}

/* Past 20,000 states the picture is condensed: its cells hold the cluster's states. */
Test(graph, a_large_cluster_is_condensed, .timeout = 120)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd,
             "%s/render --graph -o %s/big.png tests/data/graph/big-7x7.txt && test -s %s/big.png && "
             "grep -o 'states=[0-9]*' %s/big.dot | awk -F= '{ s += $2; n++ } END { print n, s }'",
             th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    int cells;
    unsigned long long states;
    cr_assert_eq(sscanf(out, "%d %llu", &cells, &states), 2, "%s", out);
    cr_assert_eq(states, 494044ull);
    cr_assert_gt(cells, 100);
    cr_assert_lt(cells, 1000);
    free(out), free(err);
}

/* --puzzle all: a picture per puzzle, OUT with -N before its ending. */
Test(graph, every_puzzle_of_a_file, .timeout = 120)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/render --graph --puzzle all -o %s/g.svg " SMALL " && ls %s | tr '\\n' ' '",
             th_bin(), dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0, "%s%s", out, err);
    cr_assert_str_eq(out, "g-1.dot g-1.svg g-2.dot g-2.svg g-3.dot g-3.svg g-4.dot g-4.svg ");
    free(out), free(err);
}

/* What goes wrong: a cluster over the cap, Graphviz missing, an output that cannot be written;
 * one line each, exit 2. */
Test(graph, bad_cases_say_one_line_and_exit_2, .timeout = 120)
{
    char dir[64], cmd[1024], *out, *err;
    th_scratch(dir);
    snprintf(cmd, sizeof cmd, "%s/render --graph --graph-max 1000 -o %s/x.svg tests/data/graph/big-7x7.txt",
             th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_str_eq(err, "render: tests/data/graph/big-7x7.txt:3: its cluster has more than 1000 "
                          "states (--graph-max 1000)\n");
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "ls %s | wc -l", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert_str_eq(out, "0\n");   /* nothing written */
    free(out), free(err);

    /* No Graphviz on the PATH: the source is written and the line says what is missing. */
    snprintf(cmd, sizeof cmd, "B=$(realpath %s); mkdir %s/bin && PATH=%s/bin $B/render --graph -o %s/m.svg " SMALL,
             th_bin(), dir, dir, dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    char want[512];
    snprintf(want, sizeof want, "render: sfdp is not installed (Debian package graphviz); wrote %s/m.dot\n", dir);
    cr_assert_str_eq(err, want);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "ls %s | tr '\\n' ' '", dir);
    cr_assert_eq(th_run(cmd, &out, &err), 0);
    cr_assert_str_eq(out, "bin m.dot ");
    free(out), free(err);

    snprintf(cmd, sizeof cmd, "%s/render --graph -o /nonexistent/g.svg " SMALL, th_bin());
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    cr_assert_not_null(strstr(err, "render: /nonexistent/g.dot"), "%s", err);
    cr_assert_eq(strchr(err, '\n'), err + strlen(err) - 1, "one line: %s", err);
    free(out), free(err);
    snprintf(cmd, sizeof cmd, "%s/render --graph -o %s/g.jpg " SMALL, th_bin(), dir);
    cr_assert_eq(th_run(cmd, &out, &err), 2, "%s", err);
    free(out), free(err);
}
