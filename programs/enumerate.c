/* enumerate.c -- bin/enumerate: every cluster of a puzzle space, its database, its statistics;
 * in shards across machines, each resumable, and a merge that checks every shard is there once.
 * The command line; space/run.c runs a shard, space/merge.c merges them. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "space/run.h"

#ifdef USE_JEMALLOC
#include <jemalloc/jemalloc.h>
/* Read by jemalloc as it starts: one arena for every thread, and no thread cache. Where
 * address space ran short (ulimit -v), jemalloc crashed instead of failing the allocation
 * twice: setting up the second worker's arena (an arena per thread), and on the first small
 * allocation, whose thread cache it could not set up (jemalloc 5.3 reads the cache it failed
 * to make; tests/test_space.c). The workers allocate rarely, tables once per unit, so one
 * shared arena and no cache cost them nothing measurable (docs/space.md). */
const char *malloc_conf = "narenas:1,tcache:false";
#endif

static const char *usage =
    "usage: enumerate --size N [--walls K] [--shard K/N] [--jobs J] [--out FILE]\n"
    "                 [--stats FILE] [--checkpoint FILE] [--no-mirror]\n"
    "       enumerate --family klotski --size WxH [--shard K/N] [--jobs J] [--out FILE] ...\n"
    "       enumerate --family tiles --size WxH [--out FILE] [--stats FILE]\n"
    "       enumerate merge [--out FILE] [--stats FILE] SHARD_FILE...\n"
    "Explores every cluster of the N x N puzzle space with up to K walls (docs/space.md) and\n"
    "writes its database: one line 'MOVES BOARD CLUSTER_SIZE' per solvable cluster whose\n"
    "hardest state is minimal, most moves first, under a '# enumerate {...}' header with the\n"
    "statistics (schema/enumerate.schema.json). The file is a corpus for bin/bench.\n"
    "With --family klotski, the Klotski space of a W x H board instead: every layout of one\n"
    "2x2 piece and any 1x2, 2x1 and 1x1 pieces with two cells or more empty, and a line per\n"
    "solvable cluster (the 2x2 piece over an opening in the middle of the bottom border).\n"
    "With --family tiles, the sliding-tile space of a W x H board (at most 12 cells): the\n"
    "layouts of the goal's cluster counted by their moves from the goal in the header, and\n"
    "the farthest layouts as a tiles list (one breadth-first search on every processor the\n"
    "process may use, two bits a layout; no shards).\n"
    "\n"
    "  --family F        rush (default), klotski or tiles\n"
    "  --size N          board size, 4 to 8; WxH (klotski: at most 21 cells, e.g. 4x5;\n"
    "                    tiles: at most 12 cells, e.g. 3x3, 3x4)\n"
    "  --walls K         at most K walls (default 0; rush only)\n"
    "  --shard K/N       only the K-th shard of N (1 <= K <= N): units K-1, K-1+N, ...\n"
    "  --jobs J          threads (default: the online processors)\n"
    "  --out FILE        the database (default standard output)\n"
    "  --stats FILE      the statistics alone, as JSON\n"
    "  --checkpoint FILE where progress is kept (default FILE.checkpoint with --out): every\n"
    "                    30 s and on SIGINT/SIGTERM; a run finding it resumes from it\n"
    "  --no-mirror       expand every state: on 5x5, whose middle row is the primary's, each\n"
    "                    unit otherwise also reports its top-bottom mirror image (same lines)\n"
    "  --no-progress     no progress line (it is shown only on a terminal anyway)\n"
    "  -h, --help        this text\n"
    "  --version         the version and commit\n"
    "\n"
    "merge: reads the shard files of one run (every shard of the same N exactly once, each\n"
    "complete) and writes the database and statistics of the whole space, as one run would.\n"
    "\n"
    "Exit status: 0 done, 1 a unit could not be explored (out of memory, or a limit of the\n"
    "numbering; stderr says which), 2 bad input or usage or an output that could not be\n"
    "written, 130 (SIGINT) or 143 (SIGTERM) interrupted, progress kept in the checkpoint.\n";

enum { OPT_FAMILY = CLI_OPT_PROGRAM, OPT_SIZE, OPT_WALLS, OPT_SHARD, OPT_JOBS, OPT_OUT,
       OPT_STATS, OPT_CHECKPOINT, OPT_NO_PROGRESS, OPT_NO_MIRROR };

int main(int argc, char **argv)
{
    cli_begin();
    static const struct option long_options[] = {
        CLI_STANDARD_OPTIONS,
        {"family", required_argument, NULL, OPT_FAMILY},
        {"size", required_argument, NULL, OPT_SIZE},
        {"walls", required_argument, NULL, OPT_WALLS},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"jobs", required_argument, NULL, OPT_JOBS},
        {"out", required_argument, NULL, OPT_OUT},
        {"stats", required_argument, NULL, OPT_STATS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
        {"no-mirror", no_argument, NULL, OPT_NO_MIRROR},
        {NULL, 0, NULL, 0}};
    bool merging = argc > 1 && strcmp(argv[1], "merge") == 0;
    if (merging) argc--, argv++;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    space_run_options o = {.shard_k = 1, .shard_n = 1, .jobs = cpus < 1 ? 1 : cpus > 64 ? 64 : (int)cpus,
                           .progress = true, .mirror = true};
    const char *size = NULL;
    int code;
    while ((code = getopt_long(argc, argv, CLI_SHORT_OPTIONS, long_options, NULL)) != -1) {
        int c = cli_common_option("enumerate", usage, code, argv);
        if (c < 0) return EXIT_BAD_INPUT;
        if (c == 0) continue;
        switch (code) {
        case OPT_FAMILY: {
            int f = family_parse(optarg);
            if (f < 0) {
                fprintf(stderr, "enumerate: --family: '%s' is not", optarg);
                for (int k = 0; k < FAMILY_COUNT; k++)
                    fprintf(stderr, "%s %s", k == 0 ? "" : k == FAMILY_COUNT - 1 ? " or" : ",",
                            family_name((family_id)k));
                fputc('\n', stderr);
                return EXIT_BAD_INPUT;
            }
            o.family = (family_id)f;
            break;
        }
        case OPT_SIZE:
            size = optarg;
            break;
        case OPT_WALLS:
            if (cli_parse_int("enumerate", "--walls", optarg, 0, 8, &o.walls)) return EXIT_BAD_INPUT;
            break;
        case OPT_SHARD:
            if (cli_parse_shard("enumerate", optarg, &o.shard_k, &o.shard_n)) return EXIT_BAD_INPUT;
            break;
        case OPT_JOBS:
            if (cli_parse_int("enumerate", "--jobs", optarg, 1, 256, &o.jobs)) return EXIT_BAD_INPUT;
            break;
        case OPT_OUT: o.out = optarg; break;
        case OPT_STATS: o.stats = optarg; break;
        case OPT_CHECKPOINT: o.checkpoint = optarg; break;
        case OPT_NO_PROGRESS: o.progress = false; break;
        case OPT_NO_MIRROR: o.mirror = false; break;
        }
    }
    if (merging) return space_merge(&o, argv + optind, argc - optind);
    if (optind < argc) {
        fprintf(stderr, "enumerate: unexpected argument '%s' (see --help)\n", argv[optind]);
        return EXIT_BAD_INPUT;
    }
    if (!size) {
        fprintf(stderr, "enumerate: --size is required (see --help)\n");
        return EXIT_BAD_INPUT;
    }
    if (space_options_size(&o, size)) return EXIT_BAD_INPUT;
    return space_run(&o);
}
