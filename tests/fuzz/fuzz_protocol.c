/* fuzz_protocol.c -- libFuzzer target: the external solvers' line protocol as the harness reads
 * it (external/protocol.h). The input is what a solver writes: its first line, then the lines of
 * an answer to request 7, read as the answer to a 5x5 Rush Hour puzzle, a 4x5 Klotski one and a
 * 4x4 sliding-tile one. Every line must be taken or refused with one printable line of reason;
 * an answer read whole must hold moves as the notation writes them (Rush Hour: each parses and
 * prints back to itself), tokens of a piece's letter and its steps (Klotski) or of a tile's
 * number and one direction (the tiles), and counters and stats a result row can hold; a quoted
 * line is printable. */
#include <stdio.h>

#include "external/protocol.h"
#include "rush/moves.h"
#include "scan/scan.h"
#include "tests/fuzz/fuzz.h"

static const char puzzle_text[] =
    "name: fuzz\n+-----+\n|..DB.|\n|AADB.>\n|..DB.|\n|.CC..|\n|.....|\n+-----+\n"
    "family: klotski\nname: fuzz-klotski\n+----+\n|BAAC|\n|BAAC|\n|DEEF|\n|DGHF|\n|I..J|\n+-vv-+\n"
    "family: tiles\nname: fuzz-tiles\n14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n";

/* Every token of a Klotski answer: a letter of the board, then U D L R. */
static void check_tokens(const klotski_board *b, const char *notation)
{
    char *copy = strdup(notation);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        bool piece = false;
        for (int i = 0; i < b->npieces; i++) piece |= b->piece[i].label == t[0];
        if (!piece || !t[1] || strspn(t + 1, "UDLR") != strlen(t + 1)) abort();
    }
    free(copy);
}

/* Every token of a tiles answer: a tile of the board, then one of U D L R. */
static void check_tile_tokens(const tiles_board *b, const char *notation)
{
    char *copy = strdup(notation);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        size_t digits = strspn(t, "0123456789");
        if (!digits || atoi(t) >= b->cells || !t[digits] || !strchr("UDLR", t[digits]) || t[digits + 1])
            abort();
    }
    free(copy);
}

/* Every move of a Rush Hour answer: one of the board's, written as moves_format writes it. */
static void check_moves(const board *b, const char *notation)
{
    char *copy = strdup(notation);
    for (char *save = NULL, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        char out[8], err[BOARD_ERR_MAX];
        move m;
        if (moves_parse(b, t, &m, err)) abort();
        moves_format(b, m, out);
        if (strcmp(out, t) != 0) abort();
    }
    free(copy);
}

static void read_answer(const puzzle *p, const uint8_t *data, size_t size)
{
    char request[UBP_REQUEST_MAX];
    solver_budget budget = {5000000, 1u << 30, 30};
    int n = ubp_format_request(request, 7, p, &budget);
    if (n <= 0 || n >= UBP_REQUEST_MAX || request[n - 1] != '\n') abort();

    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    ubp_claims claims;
    ubp_answer a = {.expanded = UBP_UNCOUNTED, .generated = UBP_UNCOUNTED, .duplicates = UBP_UNCOUNTED};
    bool hello = true;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char err[UBP_ERR_MAX], quoted[4 * 120 + 4];
        ubp_quote(line, strlen(line), 120, quoted);
        fuzz_check_message(quoted[0] ? quoted : "-");
        if (ubp_comment(line)) continue;
        if (hello) {
            if (ubp_parse_hello(line, &claims, err)) fuzz_check_message(err);
            hello = false;
            continue;
        }
        int rc = ubp_read_line(line, 7, p, &a, err);
        if (rc < 0) {
            fuzz_check_message(err);
            break;
        }
        if (rc == 1 && !a.done) abort();
    }
    if (a.done && a.status == SOLVE_SOLVED && p->family == FAMILY_KLOTSKI) check_tokens(&p->klotski, a.notation);
    if (a.done && a.status == SOLVE_SOLVED && p->family == FAMILY_TILES) check_tile_tokens(&p->tiles, a.notation);
    if (a.done && a.status == SOLVE_SOLVED && p->family == FAMILY_RUSH) check_moves(&p->board, a.notation);
    if (a.stats) {   /* KEY=VALUE pairs, no key twice: what a stats cell may hold */
        char *copy = strdup(a.stats), *keys[1024];
        int nk = 0;
        for (char *save = NULL, *kv = strtok_r(copy, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
            char *eq = strchr(kv, '=');
            if (!eq || eq == kv) abort();
            *eq = '\0';
            for (int k = 0; k < nk; k++)
                if (!strcmp(keys[k], kv)) abort();
            if (nk < 1024) keys[nk++] = kv;
        }
        free(copy);
    }
    ubp_answer_free(&a);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static puzzle_list list;
    if (!list.count) {
        char err[SCAN_ERR_MAX];
        if (scan_text("fuzz.txt", puzzle_text, sizeof puzzle_text - 1, SCAN_AUTO, &list, err) != 3) abort();
    }
    for (int k = 0; k < list.count; k++) read_answer(&list.items[k], data, size);
    return 0;
}
