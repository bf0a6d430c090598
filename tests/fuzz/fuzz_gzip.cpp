// Packed corpora (model/files/Gzip): any bytes give their unpacked data or
// GzipError, never a crash; the beginning asked for is the beginning of the
// whole, or all of it.
#include <cstdint>
#include <string>
#include <string_view>

#include "model/files/Gzip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string whole;
  bool read = false;
  try {
    whole = studio::model::gunzip(bytes);
    read = true;
  } catch (const studio::model::GzipError&) {
  }
  try {
    const std::string head = studio::model::gunzip(bytes, 100);
    if (head.size() > 100) __builtin_trap();
    if (read && whole.compare(0, head.size(), head) != 0) __builtin_trap();
  } catch (const studio::model::GzipError&) {
  }
  return 0;
}
