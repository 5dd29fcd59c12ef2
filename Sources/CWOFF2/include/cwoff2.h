#ifndef CWOFF2_H
#define CWOFF2_H

/* A plain C view of Google's WOFF2 encoder (libwoff2enc), whose API is C++. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most bytes the WOFF2 file of a TrueType or OpenType font of `length` bytes can take. */
size_t cwoff2_max_size(const uint8_t *font, size_t length);

/* Writes the WOFF2 file of `font`, compressed with Brotli at `quality` (0 to 11), into `out`,
   which holds `*out_length` bytes, and sets `*out_length` to the bytes written. Returns 0 when
   the font could not be read. */
int cwoff2_encode(const uint8_t *font, size_t length, int quality, uint8_t *out, size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif
