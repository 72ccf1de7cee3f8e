/* fuzz_text.c -- libFuzzer target: the text scanner, auto-detected and every forced format.
 * A first byte below 6 forces a format (auto, native, db, kotlin, csharp, python) for the rest;
 * any other input is a file read with detection, so that real files seed the fuzzer as they
 * are. Every input must end in puzzles that have fuzz.h's properties, or in one printable line
 * of error. */
#include "tests/fuzz/fuzz.h"

#include "scan/scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const scan_format formats[] = {SCAN_AUTO,   SCAN_NATIVE, SCAN_DB,
                                          SCAN_KOTLIN, SCAN_CSHARP, SCAN_PYTHON};
    scan_format format = SCAN_AUTO;
    if (size > 0 && data[0] < 6) format = formats[data[0]], data++, size--;
    if (format == SCAN_AUTO && size >= 3 && (data[0] == 0x89 || data[0] == 0xFF)) return 0;   /* a picture: fuzz_image's */
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    int n = scan_text("fuzz.txt", (const char *)data, size, format, &list, err);
    if (n < 0) fuzz_check_message(err);
    else if (n != list.count || n == 0) abort();
    for (int i = 0; i < list.count && i < 4; i++) fuzz_check_puzzle(&list.items[i]);
    puzzle_list_free(&list);
    return 0;
}
