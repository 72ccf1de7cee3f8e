/* fuzz_shardfile.c -- libFuzzer target: the reader of bin/enumerate's files (shard outputs,
 * checkpoints and merged databases, as enumerate merge and a resumed run read them). Every input
 * must be refused in one printable line, or read into figures and lines that write back and
 * read again to the same. */
#include <stdio.h>
#include <unistd.h>

#include "space/shardfile.h"
#include "tests/fuzz/fuzz.h"

static void read_or_check(FILE *f, shard_meta *m, space_stats *st, space_puzzles *lines, bool must)
{
    char err[SHARDFILE_ERR_MAX];
    int rc = shardfile_read_stream(f, "fuzz.txt", m, st, lines, err);
    if (rc && must) abort();
    if (rc) fuzz_check_message(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    shard_meta m;
    space_stats st;
    space_puzzles lines = {0};
    char err[SHARDFILE_ERR_MAX];
    int rc = shardfile_read_stream(f, "fuzz.txt", &m, &st, &lines, err);
    fclose(f);
    if (rc) {
        fuzz_check_message(err);
        space_puzzles_free(&lines);
        return 0;
    }
    char path[] = "/tmp/fuzz-shardfile-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) abort();
    close(fd);
    if (shardfile_write(path, &m, &st, &lines, err)) abort();
    FILE *back = fopen(path, "r");
    shard_meta m2;
    space_stats st2;
    space_puzzles again = {0};
    read_or_check(back, &m2, &st2, &again, true);
    fclose(back);
    remove(path);
    if (again.count != lines.count || st2.minimal != st.minimal || st2.states != st.states ||
        m2.size != m.size || m2.shard_n != m.shard_n || m2.shard_k != m.shard_k)
        abort();
    for (uint64_t k = 0; k < lines.count; k++)
        if (space_puzzle_compare(&lines.item[k], &again.item[k]) || lines.item[k].cluster != again.item[k].cluster)
            abort();
    space_puzzles_free(&lines);
    space_puzzles_free(&again);
    return 0;
}
