/* image.c -- pixel buffers: PNG through libpng, JPEG through libjpeg-turbo (the decoders the
 * world fuzzes continuously), text through stb_easy_font. Encoding goes to memory first and
 * then through outfile, so a picture reaches its name whole or not at all. */
#include "picture/image.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

/* stb_easy_font is a header of static functions, some of which we do not call. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

#include "common/outfile.h"
#include "common/xmem.h"

/* The largest picture accepted: far beyond any phone screenshot, small enough that a forged
 * header cannot ask for gigabytes. */
#define IMAGE_MAX_PIXELS (64 * 1024 * 1024)

static bool is_png(const unsigned char *data, size_t len)
{
    return len >= 8 && png_sig_cmp(data, 0, 8) == 0;
}

static int decode_png(const unsigned char *data, size_t len, image *out, const char **why)
{
    static char message[64];
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&png, data, len)) goto bad;
    if ((uint64_t)png.width * png.height > IMAGE_MAX_PIXELS) {
        png_image_free(&png);
        *why = "picture too large";
        return -1;
    }
    png.format = PNG_FORMAT_RGB;
    out->width = (int)png.width;
    out->height = (int)png.height;
    out->rgb = xmalloc(PNG_IMAGE_SIZE(png));
    if (png_image_finish_read(&png, NULL, out->rgb, 0, NULL)) return 0;
    image_free(out);
bad:
    snprintf(message, sizeof message, "%s", png.message);
    png_image_free(&png);
    *why = message;
    return -1;
}

static int decode_jpeg(const unsigned char *data, size_t len, image *out, const char **why)
{
    static char message[128];
    tjhandle tj = tjInitDecompress();
    int w, h, subsampling, colorspace;
    if (!tj) {
        *why = "cannot start the JPEG decoder";
        return -1;
    }
    int rc = -1;
    if (len > (size_t)0xFFFFFFFFu ||
        tjDecompressHeader3(tj, data, (unsigned long)len, &w, &h, &subsampling, &colorspace) != 0)
        snprintf(message, sizeof message, "%s", tjGetErrorStr2(tj));
    else if ((uint64_t)w * (uint64_t)h > IMAGE_MAX_PIXELS || w <= 0 || h <= 0)
        snprintf(message, sizeof message, "picture too large");
    else {
        out->width = w;
        out->height = h;
        out->rgb = xmalloc((size_t)w * (size_t)h * 3);
        if (tjDecompress2(tj, data, (unsigned long)len, out->rgb, w, 0, h, TJPF_RGB,
                          TJFLAG_ACCURATEDCT) == 0)
            rc = 0;
        else {
            snprintf(message, sizeof message, "%s", tjGetErrorStr2(tj));
            image_free(out);
        }
    }
    tjDestroy(tj);
    if (rc) *why = message;
    return rc;
}

int image_decode(const unsigned char *data, size_t len, image *out, const char **why)
{
    if (is_png(data, len)) return decode_png(data, len, out, why);
    if (len >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF)
        return decode_jpeg(data, len, out, why);
    *why = "neither PNG nor JPEG";
    return -1;
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

int image_write_png(const image *im, const char *path, char *err)
{
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = (png_uint_32)im->width;
    png.height = (png_uint_32)im->height;
    png.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_get_memory_size(png, size, 0, im->rgb, 0, NULL)) {
        snprintf(err, OUTFILE_ERR_MAX, "%s: cannot encode PNG: %s", path, png.message);
        return -1;
    }
    void *buf = xmalloc(size);
    int rc = png_image_write_to_memory(&png, buf, &size, 0, im->rgb, 0, NULL)
                 ? outfile_write_all(path, buf, size, err)
                 : (snprintf(err, OUTFILE_ERR_MAX, "%s: cannot encode PNG: %s", path, png.message), -1);
    free(buf);
    return rc;
}

int image_write_jpeg(const image *im, const char *path, int quality, char *err)
{
    tjhandle tj = tjInitCompress();
    unsigned char *buf = NULL;
    unsigned long size = 0;
    int rc = -1;
    if (tj && tjCompress2(tj, im->rgb, im->width, 0, im->height, TJPF_RGB, &buf, &size, TJSAMP_444,
                          quality, TJFLAG_ACCURATEDCT) == 0)
        rc = outfile_write_all(path, buf, size, err);
    else
        snprintf(err, OUTFILE_ERR_MAX, "%s: cannot encode JPEG: %s", path,
                 tj ? tjGetErrorStr2(tj) : "no encoder");
    tjFree(buf);
    if (tj) tjDestroy(tj);
    return rc;
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
