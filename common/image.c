/* image.c -- pixel buffers over stb_image, stb_image_write and stb_easy_font. */
#include "image.h"

#include <stdlib.h>
#include <string.h>

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
/* stb_easy_font is a header of static functions, some of which we do not call. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include "xmem.h"

/* The largest picture accepted: far beyond any phone screenshot, small enough that a forged
 * header cannot ask for gigabytes. */
#define IMAGE_MAX_PIXELS (64 * 1024 * 1024)

int image_decode(const unsigned char *data, size_t len, image *out, const char **why)
{
    int w, h, channels;
    if (len > (size_t)INT32_MAX) {
        *why = "file too large";
        return -1;
    }
    if (!stbi_info_from_memory(data, (int)len, &w, &h, &channels)) {
        *why = stbi_failure_reason();
        return -1;
    }
    if ((long long)w * h > IMAGE_MAX_PIXELS) {
        *why = "picture too large";
        return -1;
    }
    uint8_t *rgb = stbi_load_from_memory(data, (int)len, &w, &h, &channels, 3);
    if (!rgb) {
        *why = stbi_failure_reason();
        return -1;
    }
    /* Keep our own copy so that the buffer is freed with free() like every other. */
    out->width = w;
    out->height = h;
    out->rgb = xmalloc((size_t)w * (size_t)h * 3);
    memcpy(out->rgb, rgb, (size_t)w * (size_t)h * 3);
    stbi_image_free(rgb);
    return 0;
}

void image_create(image *im, int width, int height, image_color fill)
{
    im->width = width;
    im->height = height;
    im->rgb = xmalloc((size_t)width * (size_t)height * 3);
    image_fill_rect(im, 0, 0, width, height, fill);
}

void image_free(image *im)
{
    free(im->rgb);
    im->rgb = NULL;
}

int image_write_png(const image *im, const char *path)
{
    return stbi_write_png(path, im->width, im->height, 3, im->rgb, im->width * 3) ? 0 : -1;
}

int image_write_jpeg(const image *im, const char *path, int quality)
{
    return stbi_write_jpg(path, im->width, im->height, 3, im->rgb, quality) ? 0 : -1;
}

static void clip(const image *im, int *x0, int *y0, int *x1, int *y1)
{
    if (*x0 < 0) *x0 = 0;
    if (*y0 < 0) *y0 = 0;
    if (*x1 > im->width) *x1 = im->width;
    if (*y1 > im->height) *y1 = im->height;
}

void image_blend_rect(image *im, int x0, int y0, int x1, int y1, image_color c, int alpha)
{
    clip(im, &x0, &y0, &x1, &y1);
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            uint8_t *p = im->rgb + ((size_t)y * (size_t)im->width + (size_t)x) * 3;
            p[0] = (uint8_t)((p[0] * (255 - alpha) + c.r * alpha) / 255);
            p[1] = (uint8_t)((p[1] * (255 - alpha) + c.g * alpha) / 255);
            p[2] = (uint8_t)((p[2] * (255 - alpha) + c.b * alpha) / 255);
        }
}

void image_fill_rect(image *im, int x0, int y0, int x1, int y1, image_color c)
{
    image_blend_rect(im, x0, y0, x1, y1, c, 255);
}

void image_outline_rect(image *im, int x0, int y0, int x1, int y1, int t, image_color c)
{
    image_fill_rect(im, x0, y0, x1, y0 + t, c);
    image_fill_rect(im, x0, y1 - t, x1, y1, c);
    image_fill_rect(im, x0, y0, x0 + t, y1, c);
    image_fill_rect(im, x1 - t, y0, x1, y1, c);
}

int image_text_width(const char *text, int scale)
{
    return stb_easy_font_width((char *)text) * scale;
}

int image_text(image *im, int x, int y, const char *text, int scale, image_color c)
{
    /* stb_easy_font emits quads, 4 vertices of 16 bytes each; they are axis-aligned. */
    static float quads[4 * 4 * 2000];
    int n = stb_easy_font_print(0, 0, (char *)text, NULL, quads, sizeof quads);
    for (int q = 0; q < n; q++) {
        float *v = quads + q * 16;   /* x, y, z, color per vertex */
        int qx0 = (int)v[0], qy0 = (int)v[1], qx1 = (int)v[8], qy1 = (int)v[9];
        image_fill_rect(im, x + qx0 * scale, y + qy0 * scale, x + qx1 * scale, y + qy1 * scale, c);
    }
    return image_text_width(text, scale);
}
