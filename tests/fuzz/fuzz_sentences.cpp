// Pasted text into sentences (model/data/SentenceSplitter): any valid UTF-8
// gives sentences that are never empty, lose no character but white space,
// and sentences too long are cut into parts that each fit (or hold one
// character) and together give the sentence again.
#include <cstdint>
#include <string>
#include <string_view>

#include "model/data/SentenceSplitter.h"
#include "model/data/Text.h"

namespace {

std::string withoutSpaces(std::string_view text) {
  std::string out;
  for (const char c : studio::data::normalizeWhitespace(text))
    if (c != ' ') out += c;
  return out;
}

// Code points of a valid UTF-8 string.
size_t codePoints(std::string_view text) {
  size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  // The first byte chooses the mode and the part size; the rest is the text.
  using studio::data::SplitMode;
  const SplitMode modes[] = {SplitMode::Sentences, SplitMode::Lines, SplitMode::Paragraphs, SplitMode::Sentences};
  const SplitMode mode = modes[data[0] & 3];
  const int64_t max_bytes = 1 + (data[0] >> 2);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (!studio::data::isValidUtf8(text)) return 0;
  const auto sentences = studio::data::splitSentences(text, mode);
  std::string joined;
  for (const auto& s : sentences) {
    if (s.text.empty()) __builtin_trap();
    if (s.begin > s.end || s.end > text.size()) __builtin_trap();
    // Its bytes in the text are the sentence (a paragraph's line breaks as spaces).
    if (withoutSpaces(text.substr(s.begin, s.end - s.begin)) != withoutSpaces(s.text)) __builtin_trap();
    if (mode == SplitMode::Paragraphs && s.text.find('\n') != std::string::npos) __builtin_trap();
    joined += s.separator + s.text;
    // Parts of at most max_bytes bytes (one code point may exceed it), never half a character.
    const auto fitted = studio::data::fitSentence(
        s.text, max_bytes, [](std::string_view part) { return int64_t(part.size()); });
    std::string parts;
    for (const auto& part : fitted.parts) {
      if (part.empty() || !studio::data::isValidUtf8(part)) __builtin_trap();
      if (int64_t(part.size()) > max_bytes && codePoints(part) > 1) __builtin_trap();
      parts += part;
    }
    if (withoutSpaces(parts) != withoutSpaces(s.text)) __builtin_trap();
  }
  if (withoutSpaces(joined) != withoutSpaces(text)) __builtin_trap();
  return 0;
}
