/* puzzle.h -- a board with what is known about it, and lists of puzzles.
 *
 * A puzzle is what the scanner produces and the harness runs: its family and board (one member
 * a family, by the registry, common/families.h: a Rush Hour puzzle's `board`, a Klotski one's
 * `klotski`, the sliding tiles' `tiles`), where it came from, its name, and, where the source
 * says so, its optimal move count (and for Klotski slide and step counts) and cluster size.
 * The boards share their memory: only the family's own folder reads its member. The room the
 * core gives a family's texts (PUZZLE_*_MAX below) is fixed here, and each family proves at
 * compile time that its own fit (its *_puzzle.c).
 */
#ifndef PUZZLE_H
#define PUZZLE_H

#include "common/family.h"

/* Every family's board type, each entry of the registry including its header. */
#define FAMILY_TYPES
#define FAMILY(ID, name, type, member)
#include "common/families.h"
#undef FAMILY
#undef FAMILY_TYPES

#define PUZZLE_UNKNOWN (-1)      /* optimal: not given by the source */
#define PUZZLE_UNSOLVABLE (-2)   /* optimal: the source says there is no solution */
#define PUZZLE_SOURCE_MAX 320
#define PUZZLE_NAME_MAX PUZZLE_SOURCE_MAX

typedef struct puzzle {
    family_id family;
    union {                           /* the family's board, by `family` */
#define FAMILY(ID, name, type, member) type member;
#include "common/families.h"
#undef FAMILY
    };
    uint64_t start;                   /* key of the starting position (its low word when the
                                       * family's keys are two words, key.h) */
    uint64_t start_high;              /* the high word of a two-word key, else 0 */
    char name[PUZZLE_NAME_MAX];       /* the source's name, else "<path as given>:<line>" */
    char source[PUZZLE_SOURCE_MAX];   /* "<file>:<line>" where the puzzle starts */
    int optimal;                      /* known optimal moves, or PUZZLE_UNKNOWN/UNSOLVABLE */
    int optimal_slides;               /* Klotski: known optimal slides and steps, or */
    int optimal_steps;                /* PUZZLE_UNKNOWN/UNSOLVABLE */
    long cluster;                     /* known cluster size, or -1 */
} puzzle;

/* A list either holds its puzzles, or, with a sink, streams them: every PUZZLE_BATCH puzzles
 * (and at puzzle_list_flush) the finished ones are handed to sink(puzzle, sink_ctx) in order
 * and dropped, so that a corpus of millions of puzzles costs a batch of memory. The puzzle
 * being filled, the last one added, is never handed over before it is finished. */
#define PUZZLE_BATCH 256
typedef void puzzle_sink(const puzzle *p, void *ctx);

typedef struct {
    puzzle *items;
    int count, capacity;
    puzzle_sink *sink;
    void *sink_ctx;
    long handed;          /* puzzles handed to the sink so far */
} puzzle_list;

/* Appends a zeroed puzzle (a Rush Hour one, optima unknown, cluster -1) and returns it; with a sink, first
 * hands over a full batch. */
puzzle *puzzle_list_add(puzzle_list *list);
/* With a sink: hands over every puzzle the list holds. */
void puzzle_list_flush(puzzle_list *list);
/* Appends every puzzle of `from` to `to` (`to`'s sink sees them in order), and empties `from`. */
void puzzle_list_take(puzzle_list *to, puzzle_list *from);
void puzzle_list_free(puzzle_list *list);

/* Replays a solution written in the puzzle's notation (docs/formats.md) from its start. Returns
 * 0 when every move is legal and the end is solved, with the solution's three measures in *out
 * (Rush Hour: each move is one slide); else -1 with the first illegal move in err
 * (PUZZLE_ERR_MAX bytes). Independent of every solver: what each answer is checked with. */
#define PUZZLE_ERR_MAX 256
int puzzle_replay(const puzzle *p, const char *text, measure_counts *out, char *err);

/* A position along a solution: its key and, for a family whose key does not say which piece
 * is where (Klotski, where alike pieces are one state), each piece's anchor by piece, so that
 * pictures keep each letter on its piece. Where the key says it (Rush Hour), `at` is unused. */
#define PUZZLE_PIECES_MAX 50
typedef struct {
    uint64_t key;
    uint64_t key_high;   /* the high word of a two-word key (key.h), else 0 */
    uint8_t at[PUZZLE_PIECES_MAX];
} puzzle_position;

/* The start as a position. */
void puzzle_start_position(const puzzle *p, puzzle_position *out);

/* The same replay, calling seen(pos, token, len, ctx) for the start (token "", len 0) and then
 * for the position each move leaves (the move as written, `len` bytes): how bin/solve --show,
 * bin/render and the state graphs walk a solution. Rush Hour's moves are seen once the whole
 * solution has replayed; Klotski's as they replay, up to the first illegal one. */
typedef void puzzle_move_seen(const puzzle_position *pos, const char *token, size_t len,
                              void *ctx);
int puzzle_replay_each(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                       measure_counts *out, char *err);

/* The native grid of a position, in the puzzle's letters, its lines ended by '\n' (as
 * board_format_grid and klotski_format_grid write them; PUZZLE_GRID_MAX bytes). Returns its
 * length. */
#define PUZZLE_GRID_MAX 160
int puzzle_format_position(const puzzle *p, const puzzle_position *pos, char *out);

/* Whether text has the form of a solution in family f's notation: its tokens (moves.h's,
 * klotski.h's, tiles.h's token_valid) one space apart, or nothing. Whether it is legal on a
 * board is puzzle_replay's to say. */
bool puzzle_notation_valid(family_id f, const char *text);

/* A position as pieces on a grid, whatever the family (family.h's family_picture). */
void puzzle_picture(const puzzle *p, const puzzle_position *pos, family_picture *out);

/* The family view of a puzzle (family.h), for the solvers written once for every family and
 * for what knows no family; it points into p, which must outlive it. Rush Hour's
 * (moves_problem) has no goal states: its solvers keep their own entry on the bitboards. */
void puzzle_problem(const puzzle *p, family_problem *out);
/* The words of p's keys (family.h, key_words): 1, or 2. */
int puzzle_key_words(const puzzle *p);

/* A stable identifier of the puzzle's geometry, as 16 hex digits (out[17]): XXH3-64 of the
 * native grid with the pieces relabelled canonically (the primary 'A', the others 'B', 'C', ...
 * in the reading order of their first cell). It depends on the size, the walls, the exit and
 * each piece's place, orientation and length, and on nothing else: not on the letters, the
 * file, the format or the name, so the same puzzle has the same id wherever it comes from. A
 * Klotski puzzle's hashes "klotski", the relabelled grid and the target anchor, so no id of
 * one family is another's. */
void puzzle_id(const puzzle *p, char out[17]);

/* p's board without its start, into *out (its family, its board with every piece's start
 * cleared, nothing else), and a hash of it: two puzzles whose geometries are equal (memcmp of
 * the two) read every key alike, so a state's answer in one is its answer in the other (the
 * reference reuses a cluster searched once). Puzzles of one board that list their pieces in
 * another order have other geometries: a miss, never a wrong hit. */
uint64_t puzzle_geometry(const puzzle *p, puzzle *out);

/* The board in the puzzle's own letters, so that its solutions read on it: the native text
 * (a `primary: X` line first when the primary is not 'A', then the grid) with its lines ended
 * by `separator`: '\n' gives text the scanner reads; '/' gives the one-line form results use
 * for boards without a database form (the last '/' dropped; turn each '/' back into a newline
 * to read it). out: PUZZLE_BOARD_MAX bytes. */
#define PUZZLE_BOARD_MAX (PUZZLE_GRID_MAX + 64)
void puzzle_format_board(const puzzle *p, char separator, char out[PUZZLE_BOARD_MAX]);

/* The database form of p's start (Rush Hour's one-line form, docs/formats.md), or false: a
 * board with no such form, or a family with none. */
#define PUZZLE_DB_MAX 65
bool puzzle_format_db(const puzzle *p, char out[PUZZLE_DB_MAX]);

/* Position key of p on one line, as results write boards: the database form when it keeps
 * the puzzle's letters (board_format_db), else puzzle_format_board's one-line form. A
 * Klotski puzzle's line is its start's one-line form whatever the key (its letters are the
 * start's; a layout reached on the way is drawn from its replay). */
void puzzle_format_line(const puzzle *p, uint64_t key, char out[PUZZLE_BOARD_MAX]);

/* ---- The families' registry ------------------------------------------------------------------
 *
 * What a family does with a puzzle of its own, one family_class a family, defined in its folder
 * (rush/rush_puzzle.c, klotski/klotski_puzzle.c, tiles/tiles_puzzle.c) and tied to everything
 * else by one line in the one registry (common/family.c). The puzzle functions above call
 * through it; nothing outside a family's folder decodes its board. */
struct solver;
struct cluster_analysis;
typedef struct {
    const char *name;         /* as the `family:` header and results write it */
    bool implied;             /* the scanner's default: its text needs no `family:` line */
    bool slides_are_moves;    /* family_slides_are_moves */
    bool table_pays;          /* family_table_pays */
    void (*problem)(const puzzle *p, family_problem *out);
    void (*start_position)(const puzzle *p, puzzle_position *out);
    int (*replay_each)(const puzzle *p, const char *text, puzzle_move_seen *seen, void *ctx,
                       measure_counts *out, char *err);
    /* One token of its notation, `len` bytes, has its form (not whether it is legal). */
    bool (*token_valid)(const char *token, size_t len);
    int (*format_position)(const puzzle *p, const puzzle_position *pos, char *out);
    void (*picture)(const puzzle *p, const puzzle_position *pos, family_picture *out);
    void (*id)(const puzzle *p, char out[17]);
    /* Into *out (zeroed, its family set) p's board with every start cleared; returns how many
     * bytes of its board the geometry's hash reads. */
    size_t (*geometry)(const puzzle *p, puzzle *out);
    /* The header lines the native text gives after the family's, name and optima (a primary
     * that is not 'A', a goal that is not the default); returns their length. */
    int (*header)(const puzzle *p, char *out, size_t size);
    /* The grid of key (start: the file's own grid, with the puzzle's letters where alike pieces
     * differ, for key p->start only); returns its length. */
    int (*grid)(const puzzle *p, uint64_t key, bool start, char *out);
    /* The database line of key (PUZZLE_DB_MAX bytes), or false: no such form (NULL: none). */
    bool (*format_db)(const puzzle *p, uint64_t key, char *out);
    /* The puzzle in a protocol request, after `solve ID ` (docs/external.md): its length. */
    int (*request)(const puzzle *p, char *out, size_t size);
    /* A word of a protocol answer's solution: whether it is a move of one of p's pieces (or
     * tiles) in the notation; when it is, written into out (room for strlen(word) + 8 bytes)
     * as the family writes it. Returns its length, or -1: a protocol error, the message
     * naming answer_form, the form a word must have. */
    int (*answer_word)(const puzzle *p, const char *word, char *out);
    const char *answer_form;
    /* Its lower bounds, defined with them in its folder (solvers/bounds/heuristic.h). */
    const struct family_bounds *bounds;
    /* Its own analysis of a cluster from its states, where it says more than the view lets
     * search/cluster.c say (Rush Hour: the database's order and minimality), or NULL
     * (search/cluster.h, cluster_analyse_puzzle). */
    bool (*analyse_cluster)(const puzzle *p, const uint64_t *keys, uint64_t count,
                            uint64_t max_states, uint64_t max_bytes, const struct solver *reference,
                            struct cluster_analysis *out);
} family_class;

/* The class of family f (common/family.c, the registry). */
const family_class *family_class_of(family_id f);

/* The puzzle in native format, metadata header and grid (docs/formats.md). The
 * result is malloc'ed; the caller frees it. */
char *puzzle_format_native(const puzzle *p);

#endif
