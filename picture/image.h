/* image.h -- RGB pixel buffers: decoding and writing PNG (libpng) and JPEG (libjpeg-turbo), and
 * the few drawing operations the renderer and the scanner's debug overlay need. */
#ifndef IMAGE_H
#define IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int width, height;
    uint8_t *rgb;   /* width * height * 3 bytes, row-major */
} image;

typedef struct {
    uint8_t r, g, b;
} image_color;

/* Decodes a PNG or JPEG held in memory, as 8-bit RGB (grey and alpha converted, the alpha
 * composed over black). Returns 0, or -1 with the decoder's reason in *why (static text). */
int image_decode(const unsigned char *data, size_t len, image *out, const char **why);
/* A new image filled with one color. */
void image_create(image *im, int width, int height, image_color fill);
void image_free(image *im);

/* Writes PNG, or JPEG at the given quality (1-100) with no chroma subsampling, whole or not at
 * all (common/outfile.h). Return 0, or -1 with "PATH: reason" in err (OUTFILE_ERR_MAX). */
int image_write_png(const image *im, const char *path, char *err);
int image_write_jpeg(const image *im, const char *path, int quality, char *err);

static inline image_color image_at(const image *im, int x, int y)
{
    const uint8_t *p = im->rgb + ((size_t)y * (size_t)im->width + (size_t)x) * 3;
    return (image_color){p[0], p[1], p[2]};
}

/* Drawing, clipped to the image. Rectangles are [x0, x1) x [y0, y1). */
void image_fill_rect(image *im, int x0, int y0, int x1, int y1, image_color c);
void image_blend_rect(image *im, int x0, int y0, int x1, int y1, image_color c, int alpha /*0-255*/);
void image_outline_rect(image *im, int x0, int y0, int x1, int y1, int thickness, image_color c);
/* Text in stb_easy_font's 7-pixel-high font, scaled by `scale`; returns the width drawn. */
int image_text(image *im, int x, int y, const char *text, int scale, image_color c);
int image_text_width(const char *text, int scale);

#endif
