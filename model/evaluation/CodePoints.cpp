#include "model/evaluation/CodePoints.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/evaluation/PythonCaseTables.h"

namespace studio::model {

std::u32string decodeUtf8(const std::string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    char32_t cp;
    size_t n;
    if (c < 0x80) cp = c, n = 1;
    else if ((c >> 5) == 0x6) cp = c & 0x1F, n = 2;
    else if ((c >> 4) == 0xE) cp = c & 0x0F, n = 3;
    else if ((c >> 3) == 0x1E) cp = c & 0x07, n = 4;
    else throw std::invalid_argument("text is not valid UTF-8");
    if (i + n > s.size()) throw std::invalid_argument("text is not valid UTF-8");
    for (size_t k = 1; k < n; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) throw std::invalid_argument("text is not valid UTF-8");
      cp = (cp << 6) | (b & 0x3F);
    }
    out.push_back(cp);
    i += n;
  }
  return out;
}

std::string encodeUtf8(const std::u32string& s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t cp : s) data::appendUtf8(out, uint32_t(cp));
  return out;
}

namespace {

char32_t lowerOne(char32_t c) {
  if (c < 0x80) return c >= U'A' && c <= U'Z' ? c + 32 : c;
  const auto* runs = std::begin(python_case::kLowerRuns);
  const auto* end = std::end(python_case::kLowerRuns);
  const auto* run =
      std::upper_bound(runs, end, c, [](char32_t v, const python_case::LowerRun& r) { return v < r.first; });
  if (run == runs) return c;
  --run;
  if (c > run->last || (c - run->first) % run->stride != 0) return c;
  return char32_t(int64_t(c) + run->delta);
}

// 1 cased, 2 case-ignorable, 0 neither (as CPython's final-sigma rule reads them).
int sigmaClass(char32_t c) {
  const auto* runs = std::begin(python_case::kSigmaClasses);
  const auto* end = std::end(python_case::kSigmaClasses);
  const auto* run =
      std::upper_bound(runs, end, c, [](char32_t v, const python_case::ClassRun& r) { return v < r.first; });
  if (run == runs) return 0;
  --run;
  return c <= run->last ? run->kind : 0;
}

// The sigma at `at` ends a word: a cased code point before it and none after,
// case-ignorable ones passed over.
bool finalSigma(const std::u32string& text, size_t at) {
  size_t before = at;
  while (before > 0 && sigmaClass(text[before - 1]) == 2) --before;
  if (before == 0 || sigmaClass(text[before - 1]) != 1) return false;
  size_t after = at + 1;
  while (after < text.size() && sigmaClass(text[after]) == 2) ++after;
  return after == text.size() || sigmaClass(text[after]) != 1;
}

}  // namespace

std::u32string pythonLower(const std::u32string& text) {
  std::u32string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char32_t c = text[i];
    if (c == python_case::kLowerMultiple) {
      out += U'i';
      out += char32_t(0x307);
    } else if (c == 0x3A3) {
      out += finalSigma(text, i) ? char32_t(0x3C2) : char32_t(0x3C3);
    } else {
      out += lowerOne(c);
    }
  }
  return out;
}

bool isPythonSpace(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

std::vector<std::u32string> pythonSplit(const std::u32string& text) {
  std::vector<std::u32string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && isPythonSpace(text[i])) ++i;
    const size_t begin = i;
    while (i < text.size() && !isPythonSpace(text[i])) ++i;
    if (i > begin) words.push_back(text.substr(begin, i - begin));
  }
  return words;
}

}  // namespace studio::model
