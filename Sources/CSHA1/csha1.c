// SHA-1 (FIPS 180-4) with the x86 SHA extensions, for RFC 4122 name-based UUIDs; not for
// security. The rounds follow the pattern in Intel's "New Instructions Supporting the Secure
// Hash Algorithm on Intel Architecture Processors" (2013). The compiler is asked for the SHA
// instructions on these functions only, never globally, so the package builds and runs on any
// x86_64 processor and callers check `csha1_hardware_available()` first.

#include "csha1.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

int csha1_hardware_available(void) {
    // -1: not checked yet. A race only repeats the check.
    static int available = -1;
    int cached = __atomic_load_n(&available, __ATOMIC_RELAXED);
    if (cached >= 0) return cached;
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    int result = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
        int ssse3 = (ecx & bit_SSSE3) != 0;
        int sse41 = (ecx & bit_SSE4_1) != 0;
        if (ssse3 && sse41 && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
            result = (ebx & bit_SHA) != 0;
        }
    }
    __atomic_store_n(&available, result, __ATOMIC_RELAXED);
    return result;
}

// Four rounds: the round function and constant `f` (0-3) for rounds 20·f to 20·f+19.
#define ROUNDS(e_in, e_out, message, f)                 \
    e_in = _mm_sha1nexte_epu32(e_in, message);          \
    e_out = abcd;                                       \
    abcd = _mm_sha1rnds4_epu32(abcd, e_in, f)

__attribute__((target("sha,ssse3,sse4.1")))
static void compress(__m128i *state_abcd, __m128i *state_e, const uint8_t *data, size_t blocks) {
    // Reverses the 16 bytes of a load: big-endian words, W0 in the highest lane (as A is).
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = *state_abcd;
    __m128i e0 = *state_e;
    __m128i e1;
    __m128i m0, m1, m2, m3;
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abcd_saved = abcd;
        const __m128i e_saved = e0;

        // Rounds 0-3: E is the state's e, not yet rotated.
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), reverse);
        e0 = _mm_add_epi32(e0, m0);
        e1 = abcd;
        abcd = _mm_sha1rnds4_epu32(abcd, e0, 0);

        // Rounds 4-15: load the rest of the block; start the schedule.
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), reverse);
        ROUNDS(e1, e0, m1, 0);
        m0 = _mm_sha1msg1_epu32(m0, m1);

        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), reverse);
        ROUNDS(e0, e1, m2, 0);
        m1 = _mm_sha1msg1_epu32(m1, m2);
        m0 = _mm_xor_si128(m0, m2);

        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), reverse);
        m0 = _mm_sha1msg2_epu32(m0, m3);
        ROUNDS(e1, e0, m3, 0);
        m2 = _mm_sha1msg1_epu32(m2, m3);
        m1 = _mm_xor_si128(m1, m3);

        // Rounds 16-67: each group of four finishes the next words, continues the two after.
#define SCHEDULED(e_in, e_out, message, next, after_next, third, f) \
        next = _mm_sha1msg2_epu32(next, message);                    \
        ROUNDS(e_in, e_out, message, f);                             \
        third = _mm_sha1msg1_epu32(third, message);                  \
        after_next = _mm_xor_si128(after_next, message)

        SCHEDULED(e0, e1, m0, m1, m2, m3, 0);  // 16-19
        SCHEDULED(e1, e0, m1, m2, m3, m0, 1);  // 20-23
        SCHEDULED(e0, e1, m2, m3, m0, m1, 1);  // 24-27
        SCHEDULED(e1, e0, m3, m0, m1, m2, 1);  // 28-31
        SCHEDULED(e0, e1, m0, m1, m2, m3, 1);  // 32-35
        SCHEDULED(e1, e0, m1, m2, m3, m0, 1);  // 36-39
        SCHEDULED(e0, e1, m2, m3, m0, m1, 2);  // 40-43
        SCHEDULED(e1, e0, m3, m0, m1, m2, 2);  // 44-47
        SCHEDULED(e0, e1, m0, m1, m2, m3, 2);  // 48-51
        SCHEDULED(e1, e0, m1, m2, m3, m0, 2);  // 52-55
        SCHEDULED(e0, e1, m2, m3, m0, m1, 2);  // 56-59
        SCHEDULED(e1, e0, m3, m0, m1, m2, 3);  // 60-63
        SCHEDULED(e0, e1, m0, m1, m2, m3, 3);  // 64-67
#undef SCHEDULED

        // Rounds 68-79: the last words need only finishing.
        m2 = _mm_sha1msg2_epu32(m2, m1);
        ROUNDS(e1, e0, m1, 3);
        m3 = _mm_xor_si128(m3, m1);

        m3 = _mm_sha1msg2_epu32(m3, m2);
        ROUNDS(e0, e1, m2, 3);

        ROUNDS(e1, e0, m3, 3);

        // Add the block's result to the state.
        e0 = _mm_sha1nexte_epu32(e0, e_saved);
        abcd = _mm_add_epi32(abcd, abcd_saved);
    }
    *state_abcd = abcd;
    *state_e = e0;
}

#undef ROUNDS

__attribute__((target("sha,ssse3,sse4.1")))
void csha1_hardware_digest(const uint8_t *bytes, size_t length, uint32_t digest[5]) {
    // A, B, C, D from the highest lane down; e in the highest lane of its own register.
    __m128i abcd = _mm_set_epi32(0x67452301, (int)0xEFCDAB89, (int)0x98BADCFE, 0x10325476);
    __m128i e = _mm_set_epi32((int)0xC3D2E1F0, 0, 0, 0);
    size_t whole = length / 64;
    if (whole > 0) compress(&abcd, &e, bytes, whole);

    // The tail, 0x80, zeros and the bit length fill one block, or two when fewer than nine
    // bytes are left in the first.
    uint8_t tail[128];
    size_t remaining = length - whole * 64;
    memset(tail, 0, sizeof tail);
    if (remaining > 0) memcpy(tail, bytes + whole * 64, remaining);
    tail[remaining] = 0x80;
    size_t tail_blocks = remaining + 9 <= 64 ? 1 : 2;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; i++) tail[tail_blocks * 64 - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress(&abcd, &e, tail, tail_blocks);

    digest[0] = (uint32_t)_mm_extract_epi32(abcd, 3);
    digest[1] = (uint32_t)_mm_extract_epi32(abcd, 2);
    digest[2] = (uint32_t)_mm_extract_epi32(abcd, 1);
    digest[3] = (uint32_t)_mm_extract_epi32(abcd, 0);
    digest[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

#else

int csha1_hardware_available(void) { return 0; }

void csha1_hardware_digest(const uint8_t *bytes, size_t length, uint32_t digest[5]) {
    (void)bytes;
    (void)length;
    memset(digest, 0, 5 * sizeof(uint32_t));
}

#endif
