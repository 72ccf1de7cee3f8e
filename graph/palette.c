/* palette.c -- viridis and plasma by nine anchors each (palette.h). */
#include "graph/palette.h"

#include <stdio.h>

static const unsigned char viridis[9][3] = {
    {0x44, 0x01, 0x54}, {0x47, 0x2d, 0x7b}, {0x3b, 0x52, 0x8b}, {0x2c, 0x72, 0x8e}, {0x21, 0x90, 0x8c},
    {0x27, 0xad, 0x81}, {0x5d, 0xc8, 0x63}, {0xaa, 0xdc, 0x32}, {0xfd, 0xe7, 0x25},
};

static const unsigned char plasma[9][3] = {
    {0x0d, 0x08, 0x87}, {0x4c, 0x02, 0xa1}, {0x7e, 0x03, 0xa8}, {0xa9, 0x23, 0x95}, {0xcc, 0x46, 0x78},
    {0xe5, 0x6b, 0x5d}, {0xf8, 0x94, 0x41}, {0xfd, 0xc3, 0x28}, {0xf0, 0xf9, 0x21},
};

static void interpolate(const unsigned char anchor[9][3], double t, char out[PALETTE_HEX])
{
    if (!(t > 0)) t = 0;   /* NaN too */
    if (t > 1) t = 1;
    double at = t * 8;
    int i = at >= 8 ? 7 : (int)at;
    double f = at - i;
    int rgb[3];
    for (int c = 0; c < 3; c++)
        rgb[c] = (int)(anchor[i][c] + f * (anchor[i + 1][c] - anchor[i][c]) + 0.5);
    snprintf(out, PALETTE_HEX, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

void palette_viridis(double t, char out[PALETTE_HEX]) { interpolate(viridis, t, out); }
void palette_plasma(double t, char out[PALETTE_HEX]) { interpolate(plasma, t, out); }

void palette_distance(unsigned d, unsigned farthest, char out[PALETTE_HEX])
{
    palette_viridis(farthest ? 1.0 - (double)d / farthest : 1.0, out);
}
