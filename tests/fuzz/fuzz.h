/* fuzz.h -- what the libFuzzer targets share: the properties every error and every puzzle must
 * have, checked with abort() so that libFuzzer records the input. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/puzzle.h"

/* An error message is one line of printable ASCII, and not empty. */
static inline void fuzz_check_message(const char *err)
{
    if (!err[0]) abort();
    for (const unsigned char *c = (const unsigned char *)err; *c; c++)
        if (*c < 0x20 || *c >= 0x7F) abort();
}

/* Properties of a puzzle the scanner accepted: it round-trips through the native format to
 * the same geometry and letters; the reference BFS, on a small budget, returns a solution
 * that replays; and the optimal solvers agree on its length where all of them finish. */
void fuzz_check_puzzle(const puzzle *p);

#endif
