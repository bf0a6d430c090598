// Markup (model/decoding/Markup): any bytes are taken apart without a crash,
// each tag's words lie within the text's, and placing the tags into a
// translation (its words and links drawn from the rest of the input) keeps
// every tag once and the translation's words in order.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model/decoding/Markup.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace studio::model;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const auto newline = bytes.find('\n');
  const std::string text = bytes.substr(0, newline);
  const std::string rest = newline == std::string::npos ? std::string() : bytes.substr(newline + 1);
  const auto marked = parseMarkup(text);
  const int words = int(marked.words.size());
  for (const auto& tag : marked.tags) {
    if (tag.boundary < 0 || tag.boundary > words || tag.text.empty()) __builtin_trap();
    if (tag.partner >= 0 && marked.tags[size_t(tag.partner)].partner < 0) __builtin_trap();
  }
  // A translation of rest.size() / 2 words; byte pairs link its words to source words.
  std::vector<std::string> target;
  std::vector<std::pair<int, int>> links;
  for (size_t i = 0; i + 1 < rest.size(); i += 2) {
    const int t = int(target.size());
    target.push_back("t" + std::to_string(t));
    if (words > 0 && uint8_t(rest[i]) % 4 != 0) links.emplace_back(uint8_t(rest[i + 1]) % words, t);
  }
  const auto placed = parseMarkup(placeMarkup(marked, target, links));
  std::vector<std::string> before, after;
  for (const auto& tag : marked.tags) before.push_back(tag.text);
  for (const auto& tag : placed.tags) after.push_back(tag.text);
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  if (before != after || placed.words != target) __builtin_trap();
  return 0;
}
