#include "cwoff2.h"

#include <cstdio>
#include <mutex>

#include <woff2/encode.h>

namespace {
// Debian's encoder reports each font's sizes on the C library's stderr ("Compressed … to …."):
// while any encoding runs, stderr (the stream, not the file descriptor the rest of Folio writes
// its messages to) points at the null device.
std::mutex quiet_lock;
int quiet_count = 0;
FILE *saved_stderr = nullptr;

struct Quiet {
    Quiet() {
        std::lock_guard<std::mutex> guard(quiet_lock);
        if (quiet_count++ == 0) {
            FILE *null_device = std::fopen("/dev/null", "w");
            if (null_device) {
                saved_stderr = stderr;
                stderr = null_device;
            }
        }
    }
    ~Quiet() {
        std::lock_guard<std::mutex> guard(quiet_lock);
        if (--quiet_count == 0 && saved_stderr) {
            std::fclose(stderr);
            stderr = saved_stderr;
            saved_stderr = nullptr;
        }
    }
};
}

size_t cwoff2_max_size(const uint8_t *font, size_t length) {
    return woff2::MaxWOFF2CompressedSize(font, length);
}

int cwoff2_encode(const uint8_t *font, size_t length, int quality, uint8_t *out, size_t *out_length) {
    Quiet quiet;
    woff2::WOFF2Params params;
    params.brotli_quality = quality;
    return woff2::ConvertTTFToWOFF2(font, length, out, out_length, params) ? 1 : 0;
}
