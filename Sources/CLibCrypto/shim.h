#ifndef HEALTHIMPORT_CLIBCRYPTO_SHIM_H
#define HEALTHIMPORT_CLIBCRYPTO_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
