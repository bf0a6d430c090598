// Verbatim text (model/decoding/Verbatim): any bytes are searched for
// addresses, paths, placeholders, numbers and unwritable words without a
// crash; the spans lie in the text, in order, apart, hold no space, and the
// text itself keeps every one of them.
#include <cstdint>
#include <string>
#include <string_view>

#include "model/decoding/Verbatim.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // A vocabulary that writes no character of three bytes or more (CJK, symbols, emoji).
  const auto writable = [](std::string_view c) { return c.size() < 3; };
  const auto spans = findVerbatimSpans(text, kVerbatimAll, writable);
  size_t end = 0;
  for (const auto& span : spans) {
    if (span.begin < end || span.end <= span.begin || span.end > text.size()) __builtin_trap();
    for (size_t i = span.begin; i < span.end; ++i)
      if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') __builtin_trap();
    end = span.end;
  }
  if (!keepsVerbatim(text, spans, text)) __builtin_trap();
  return 0;
}
