#include "model/evaluation/CodePoints.h"

#include <stdexcept>

#include "model/data/Text.h"

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

bool isPythonSpace(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

}  // namespace studio::model
