#ifndef HEALTHIMPORT_CZLIB_SHIM_H
#define HEALTHIMPORT_CZLIB_SHIM_H

#include <zlib.h>

/// `inflateInit2` is a macro that passes the library's version and the stream's size: wrap it.
static inline int healthimport_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

/// `deflateInit2` likewise: raw deflate (no zlib header), as zip entries hold it.
static inline int healthimport_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

#endif
