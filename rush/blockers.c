/* blockers.c -- the blocker bound.
 *
 * Let the *lane* be the cells of the primary piece's line between it and the exit, and a
 * *blocker* a piece standing on the lane. Then
 *
 *     h = 0                       at the goal,
 *     h = DEAD                    if a wall or a piece parallel to the primary stands on the
 *                                 lane (it can never leave the line, nor be passed),
 *     h = 1 + B + S               otherwise, where B is the number of blockers and S is 1 when
 *                                 some blocker cannot leave the lane in a single move, else 0.
 *
 * Admissible. Each blocker is perpendicular to the lane and crosses it in one cell, so it must
 * move at least once; the primary must move at least once more. That is 1 + B moves of
 * distinct pieces. A blocker that cannot leave the lane in one move (not enough free cells on
 * either side of it in its own line) needs some other piece to move out of its line first.
 * That piece is not the primary (which lies in the lane's line, not the blocker's) and not
 * another blocker (blockers cross the lane in other cells, so each lies in a different line
 * parallel to this one and never in this blocker's line). So at least one move beyond the
 * 1 + B is needed, whichever piece makes it: S adds one, once, however many blockers are stuck.
 *
 * Consistent: one move changes h by at most one. A blocker leaving the lane lowers B by one; it
 * was not stuck (it left in one move), and its move, along its own line, cannot change whether
 * another blocker (in another line) is stuck, so S is unchanged. A piece entering the lane
 * raises B by one and is not stuck itself (the cells it came from are free to go back to); it
 * changes no other blocker's line. A move elsewhere can make S change by one and leaves B
 * alone. The primary moving keeps B and S, except the last move into the goal, from h = 1
 * (no blockers) to 0.
 */
#include "rush/rush_bounds.h"

/* Can piece i slide `shift` cells (signed) given the others' cells? Every cell on the way must
 * be free and the piece must stay on the board. */
static bool can_slide(const board *b, int i, int off, uint64_t others, int shift)
{
    int dir = shift > 0 ? 1 : -1;
    if (off + shift < 0 || off + shift > b->piece[i].max_offset) return false;
    for (int s = dir; s != shift + dir; s += dir)
        if (b->cells[i][off + s] & others) return false;
    return true;
}

/* Can blocker i, crossing the lane at position `lane_pos` of its own line, leave the lane in
 * one move: slide toward the start of its line until its end is before lane_pos, or toward
 * the end until its start is past it? */
static bool leaves_in_one_move(const board *b, int i, uint64_t key, uint64_t occ, int lane_pos)
{
    int off = board_offset(b, key, i);
    uint64_t others = occ & ~b->cells[i][off];
    int toward_start = lane_pos - b->piece[i].length - off;   /* negative */
    int toward_end = lane_pos + 1 - off;                               /* positive */
    return can_slide(b, i, off, others, toward_start) || can_slide(b, i, off, others, toward_end);
}

int heuristic_blockers(const board *b, uint64_t key)
{
    if (board_is_goal(b, key)) return 0;
    const board_piece *pp = &b->piece[b->primary];
    uint64_t lane = b->lane[board_offset(b, key, b->primary)];
    uint64_t occ = board_occupancy(b, key);
    if (!(lane & occ)) return 1;
    if (lane & b->walls) return HEURISTIC_DEAD;

    int blockers = 0, stuck = 0;
    for (int i = 0; i < b->npieces; i++) {
        if (!(b->cells[i][board_offset(b, key, i)] & lane)) continue;
        if (b->piece[i].horizontal == pp->horizontal) return HEURISTIC_DEAD;
        blockers++;
        if (!stuck && !leaves_in_one_move(b, i, key, occ, pp->line)) stuck = 1;
    }
    return 1 + blockers + stuck;
}
