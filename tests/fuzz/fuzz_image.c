/* fuzz_image.c -- libFuzzer target: the image scanner, from the PNG or JPEG bytes through the
 * decoder, the board finder and the --show-scan drawing. Every input must end in a puzzle with
 * fuzz.h's properties, or in one printable line of error; the drawing must never fail. */
#include "tests/fuzz/fuzz.h"

#include "picture/image.h"
#include "scan/scan.h"
#include "scan/shot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    puzzle_list list = {0};
    char err[SCAN_ERR_MAX];
    int n = scan_text("fuzz.png", (const char *)data, size, SCAN_IMAGE, &list, err);
    if (n < 0) fuzz_check_message(err);
    else if (n != 1) abort();
    else fuzz_check_puzzle(&list.items[0]);
    puzzle_list_free(&list);

    /* The scanner's view, as --show-scan draws it, also after a failed analysis. */
    image im, overlay;
    const char *why;
    if (image_decode(data, size, &im, &why) == 0) {
        shot_analysis a;
        char reason[SHOT_ERR_MAX];
        if (shot_analyse(&im, &a, reason) != 0) fuzz_check_message(reason);
        shot_draw(&im, &a, &overlay);
        if (overlay.width != im.width || overlay.height != im.height) abort();
        image_free(&overlay);
        image_free(&im);
    }
    return 0;
}
