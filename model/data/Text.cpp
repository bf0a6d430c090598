#include "model/data/Text.h"

#include <cctype>
#include <cstdint>
#include <vector>

namespace studio::data {

bool isValidUtf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t extra;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) extra = 1, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) extra = 2, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) extra = 3, cp = c & 0x07;
    else return false;
    if (i + extra >= n) return false;  // truncated sequence
    for (size_t k = 1; k <= extra; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000)) return false;  // overlong
    if (cp >= 0xD800 && cp <= 0xDFFF) return false;                                // surrogate
    if (cp > 0x10FFFF) return false;
    i += extra + 1;
  }
  return true;
}

std::string_view stripBom(std::string_view text) {
  if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
      static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
    text.remove_prefix(3);
  return text;
}

size_t whitespaceAt(std::string_view t, size_t i) {
  const auto c = static_cast<unsigned char>(t[i]);
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return 1;
  auto byte = [&](size_t k) { return i + k < t.size() ? static_cast<unsigned char>(t[i + k]) : 0; };
  if (c == 0xC2 && byte(1) == 0xA0) return 2;  // U+00A0 no-break space
  if (c == 0xE2 && byte(1) == 0x80) {
    const auto b = byte(2);
    if ((b >= 0x80 && b <= 0x8A) || b == 0xAF || b == 0xA8 || b == 0xA9) return 3;  // U+2000-200A, 202F, 2028/9
  }
  if (c == 0xE2 && byte(1) == 0x81 && byte(2) == 0x9F) return 3;  // U+205F
  if (c == 0xE3 && byte(1) == 0x80 && byte(2) == 0x80) return 3;  // U+3000
  return 0;
}

std::string normalizeWhitespace(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (size_t i = 0; i < text.size();) {
    if (size_t w = whitespaceAt(text, i)) {
      pending_space = !out.empty();
      i += w;
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(text[i++]);
  }
  return out;
}

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(char(cp));
  } else if (cp < 0x800) {
    out.push_back(char(0xC0 | (cp >> 6)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(char(0xE0 | (cp >> 12)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(char(0xF0 | (cp >> 18)));
    out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(char(0x80 | (cp & 0x3F)));
  }
}

bool isBlank(std::string_view text) { return normalizeWhitespace(text).empty(); }

std::string unescapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '&') {
      out.push_back(text[i]);
      continue;
    }
    const size_t semi = text.find(';', i + 1);
    if (semi == std::string_view::npos || semi - i > 10) {
      out.push_back('&');
      continue;
    }
    const std::string_view name = text.substr(i + 1, semi - i - 1);
    std::string replacement;
    if (name == "amp") replacement = "&";
    else if (name == "lt") replacement = "<";
    else if (name == "gt") replacement = ">";
    else if (name == "quot") replacement = "\"";
    else if (name == "apos") replacement = "'";
    else if (name == "nbsp") replacement = "\u00A0";
    else if (name == "hellip") replacement = "\u2026";
    else if (name == "mdash") replacement = "\u2014";
    else if (name == "ndash") replacement = "\u2013";
    else if (name == "copy") replacement = "\u00A9";
    else if (name == "laquo") replacement = "\u00AB";
    else if (name == "raquo") replacement = "\u00BB";
    else if (name.size() >= 2 && name[0] == '#') {
      uint32_t cp = 0;
      bool ok = true;
      const bool hex = name[1] == 'x' || name[1] == 'X';
      const std::string_view digits = name.substr(hex ? 2 : 1);
      if (digits.empty()) ok = false;
      for (char d : digits) {
        int v;
        if (d >= '0' && d <= '9') v = d - '0';
        else if (hex && d >= 'a' && d <= 'f') v = d - 'a' + 10;
        else if (hex && d >= 'A' && d <= 'F') v = d - 'A' + 10;
        else { ok = false; break; }
        cp = cp * (hex ? 16 : 10) + uint32_t(v);
        if (cp > 0x10FFFF) { ok = false; break; }
      }
      if (ok && cp != 0 && !(cp >= 0xD800 && cp <= 0xDFFF)) appendUtf8(replacement, cp);
    }
    if (replacement.empty()) {
      out.push_back('&');
      continue;
    }
    out += replacement;
    i = semi;
  }
  return out;
}

size_t wordCount(std::string_view text) {
  size_t count = 0;
  bool in_word = false;
  for (size_t i = 0; i < text.size();) {
    if (size_t w = whitespaceAt(text, i)) {
      in_word = false;
      i += w;
      continue;
    }
    if (!in_word) ++count;
    in_word = true;
    ++i;
  }
  return count;
}

std::vector<std::string> splitWords(std::string_view text, std::vector<std::pair<size_t, size_t>>* spans) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && whitespaceAt(text, i) > 0) i += whitespaceAt(text, i);
    const size_t start = i;
    while (i < text.size() && whitespaceAt(text, i) == 0) ++i;
    if (i > start) {
      words.emplace_back(text.substr(start, i - start));
      if (spans) spans->emplace_back(start, i);
    }
  }
  return words;
}

namespace {
bool isOneOf(const std::string& token, std::initializer_list<const char*> set) {
  for (const char* s : set)
    if (token == s) return true;
  return false;
}
}  // namespace

std::string detokenize(std::string_view text) {
  std::vector<std::string> tokens;
  {
    std::string current;
    for (char c : normalizeWhitespace(text)) {
      if (c == ' ') {
        tokens.push_back(current);
        current.clear();
      } else {
        current.push_back(c);
      }
    }
    if (!current.empty()) tokens.push_back(current);
  }
  std::string out;
  bool glue_next = false;  // the previous token wants no space after it
  bool double_quote_open = false;
  bool single_quote_open = false;
  for (const auto& token : tokens) {
    bool glue_left = false, glue_right = false;
    if (token == "@-@" || token == "@/@") {
      out += token.substr(1, 1);
      glue_next = true;
      continue;
    }
    if (isOneOf(token, {".", ",", "!", "?", ":", ";", "%", ")", "]", "}", "...", "…"})) {
      glue_left = true;
    } else if (isOneOf(token, {"(", "[", "{", "$", "#", "¿", "¡"})) {
      glue_right = true;
    } else if (token == "\"") {
      if (double_quote_open) glue_left = true;
      else glue_right = true;
      double_quote_open = !double_quote_open;
    } else if (token == "'") {
      if (single_quote_open) glue_left = true;
      else glue_right = true;
      single_quote_open = !single_quote_open;
    } else if (token.size() > 1 && token[0] == '\'' && std::isalpha(static_cast<unsigned char>(token[1]))) {
      glue_left = true;  // 's 're 'll 've 'm 'd
    } else if (token == "n't") {
      glue_left = true;
    }
    if (!out.empty() && !glue_left && !glue_next) out.push_back(' ');
    out += token;
    glue_next = glue_right;
  }
  return out;
}

}  // namespace studio::data
