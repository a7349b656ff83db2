#ifndef HEALTHIMPORT_CZSTD_SHIM_H
#define HEALTHIMPORT_CZSTD_SHIM_H

#include <zstd.h>

#endif
