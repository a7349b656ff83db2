#ifndef CSHA1_H
#define CSHA1_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the x86 SHA extensions (SHA-NI) with SSSE3 and SSE4.1, checked
/// once with CPUID. Always 0 on other architectures.
int csha1_hardware_available(void);

/// SHA-1 of `length` bytes at `bytes`, written to `digest` as five words in host order (the
/// digest's big-endian words, read as numbers). Uses the SHA extensions: call it only when
/// `csha1_hardware_available()` returned 1.
void csha1_hardware_digest(const uint8_t *bytes, size_t length, uint32_t digest[5]);

#endif
