/* fmt_image.c -- screenshots of the Unblock Me game (PNG, JPEG). */
#include "scan_internal.h"

#include <stdio.h>

int fmt_image_read(const char *path, const unsigned char *data, size_t len, puzzle_list *out,
                   char *err)
{
    (void)data, (void)len, (void)out;
    snprintf(err, SCAN_ERR_MAX, "%s: image scanning is not built yet", path);
    return -1;
}
