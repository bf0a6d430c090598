// The rules that find each kind of verbatim text in a sentence (Verbatim.h):
// where an address, a path, a placeholder or a number starts and how long it
// is, read character by character over UTF-8.

#include "model/decoding/VerbatimRules.h"

#include <algorithm>
#include <string>

#include "model/data/Text.h"

namespace studio::model::verbatim {

// The length of the UTF-8 sequence at byte `i`: its lead byte's, when the
// continuation bytes are there; 1 for a byte that starts no whole sequence.
size_t sequenceLength(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  if (i + n > s.size()) return 1;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
  return n;
}

uint32_t codePointAt(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t n = sequenceLength(s, i);
  if (n == 1) return c;
  uint32_t cp = c & (0xFF >> (n + 1));
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

// The start of the code point before byte `i` (i > 0).
size_t previousStart(std::string_view s, size_t i) {
  size_t j = i - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return j;
}

bool asciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool asciiDigit(char c) { return c >= '0' && c <= '9'; }
bool asciiAlnum(char c) { return asciiLetter(c) || asciiDigit(c); }

// A letter or digit of any script, as far as a span's edges need: ASCII
// letters, digits and '_', and every code point above U+00BF outside the
// punctuation, symbol and space blocks.
bool wordCodePoint(uint32_t cp) {
  if (cp < 0x80) return asciiAlnum(char(cp)) || cp == '_';
  if (cp < 0xC0) return false;  // Latin-1's punctuation: « » · no-break space …
  if (cp == 0xD7 || cp == 0xF7) return false;
  if (cp >= 0x2000 && cp <= 0x2BFF) return false;  // punctuation, arrows, symbols
  if (cp >= 0x3000 && cp <= 0x303F) return false;  // CJK punctuation
  if (cp >= 0xFE30 && cp <= 0xFE4F) return false;
  if (cp >= 0xFF00 && cp <= 0xFF0F) return false;
  return true;
}

// Latin letters with marks (Vietnamese's among them) and the combining marks:
// a word of them is a word to translate, however the vocabulary spells it
// (capitals such as "SẼ" are rare in training data), not a foreign word.
bool latinLetter(uint32_t cp) {
  return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x1E00 && cp <= 0x1EFF) ||
         (cp >= 0x300 && cp <= 0x36F);
}

// Whether a word character stands right before byte `i`.
bool wordBefore(std::string_view s, size_t i) {
  return i > 0 && wordCodePoint(codePointAt(s, previousStart(s, i)));
}
bool wordAt(std::string_view s, size_t i) { return i < s.size() && wordCodePoint(codePointAt(s, i)); }

bool spaceAt(std::string_view s, size_t i) { return data::whitespaceAt(s, i) > 0; }

// Whitespace, or a character no address or path holds (quotes, angle brackets).
bool tokenEnd(std::string_view s, size_t i) {
  if (spaceAt(s, i)) return true;
  const char c = s[i];
  if (c == '"' || c == '<' || c == '>' || c == '`') return true;
  const uint32_t cp = codePointAt(s, i);
  return cp == 0x201C || cp == 0x201D || cp == 0x2018 || cp == 0x2019 || cp == 0xAB || cp == 0xBB;
}

size_t tokenEndFrom(std::string_view s, size_t i) {
  while (i < s.size() && !tokenEnd(s, i)) i += sequenceLength(s, i);
  return std::min(i, s.size());
}

// Drops what a sentence puts after an address or a path: full stops,
// commas, colons, a closing bracket that the span did not open, quotes.
size_t trimTrailing(std::string_view s, size_t begin, size_t end) {
  while (end > begin) {
    const char c = s[end - 1];
    if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == '\'') {
      --end;
      continue;
    }
    const char open = c == ')' ? '(' : c == ']' ? '[' : c == '}' ? '{' : 0;
    if (open) {
      const auto span = s.substr(begin, end - begin);
      if (std::count(span.begin(), span.end(), open) < std::count(span.begin(), span.end(), c)) {
        --end;
        continue;
      }
    }
    break;
  }
  return end;
}

bool startsWithNoCase(std::string_view s, size_t i, std::string_view prefix) {
  if (s.size() - i < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    char c = s[i + k];
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c != prefix[k]) return false;
  }
  return true;
}

size_t urlAt(std::string_view s, size_t i) {
  if (wordBefore(s, i)) return 0;
  size_t head = 0;
  for (const std::string_view scheme : {"https://", "http://", "ftp://", "sftp://", "file://"})
    if (startsWithNoCase(s, i, scheme)) head = scheme.size();
  if (head == 0 && startsWithNoCase(s, i, "www.") && i + 4 < s.size() && asciiAlnum(s[i + 4])) head = 4;
  if (head == 0) return 0;
  const size_t end = trimTrailing(s, i, tokenEndFrom(s, i));
  return end > i + head ? end - i : 0;
}

bool emailLocal(char c) { return asciiAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'; }

// An e-mail address around the '@' at byte `at`: [begin, end), or begin == end.
std::pair<size_t, size_t> emailAround(std::string_view s, size_t at) {
  size_t begin = at;
  while (begin > 0 && emailLocal(s[begin - 1])) --begin;
  while (begin < at && s[begin] == '.') ++begin;
  if (begin == at || wordBefore(s, begin)) return {at, at};
  size_t end = at + 1, last_dot = 0;
  while (end < s.size() && (asciiAlnum(s[end]) || s[end] == '-' || s[end] == '.')) {
    if (s[end] == '.') last_dot = end;
    ++end;
  }
  while (end > at + 1 && (s[end - 1] == '.' || s[end - 1] == '-')) --end;
  if (last_dot >= end - 1 || last_dot <= at + 1) return {at, at};
  for (size_t k = last_dot + 1; k < end; ++k)
    if (!asciiLetter(s[k])) return {at, at};  // the top-level domain is letters
  if (end - last_dot - 1 < 2 || wordAt(s, end)) return {at, at};
  return {begin, end};
}

bool pathCharacter(std::string_view s, size_t i) {
  const char c = s[i];
  if (asciiAlnum(c) || c == '/' || c == '\\' || c == '.' || c == '_' || c == '-' || c == '~' || c == '+' ||
      c == '@' || c == '%' || c == ':' || c == '=' || c == ',')
    return true;
  return wordCodePoint(codePointAt(s, i));
}

size_t pathAt(std::string_view s, size_t i) {
  if (i > 0) {  // a path starts a word or follows an opening bracket, a quote or '='
    const size_t p = previousStart(s, i);
    const uint32_t cp = codePointAt(s, p);
    if (!spaceAt(s, p) && cp != '(' && cp != '[' && cp != '"' && cp != '\'' && cp != '=' && cp != 0x201C &&
        cp != 0x2018 && cp != 0xAB)
      return 0;
  }
  size_t head = 0;
  if (s.substr(i, 2) == "~/" || s.substr(i, 2) == "./")
    head = 2;
  else if (s.substr(i, 3) == "../")
    head = 3;
  else if (s[i] == '/')
    head = 1;
  else if (i + 2 < s.size() && asciiLetter(s[i]) && s[i + 1] == ':' && s[i + 2] == '\\')
    head = 3;
  if (head == 0) return 0;
  size_t end = i + head;
  while (end < s.size() && !tokenEnd(s, end) && pathCharacter(s, end)) {
    // A path from the root is ASCII: "/Tệp/Mở" is a menu's path, translated as words.
    if (head == 1 && static_cast<unsigned char>(s[end]) >= 0x80) return 0;
    end += sequenceLength(s, end);
  }
  end = trimTrailing(s, i, std::min(end, s.size()));
  // Something after the head, and a name rather than punctuation ("/" alone, "./." are not paths).
  bool named = false;
  for (size_t k = i + head; k < end; ++k)
    named = named || asciiAlnum(s[k]) || static_cast<unsigned char>(s[k]) >= 0x80;
  return named ? end - i : 0;
}

size_t placeholderAt(std::string_view s, size_t i) {
  const size_t n = s.size();
  if (s[i] == '%') {
    size_t k = i + 1;
    if (k < n && s[k] == '(') {  // Python's %(name)s
      size_t close = k + 1;
      while (close < n && (asciiAlnum(s[close]) || s[close] == '_')) ++close;
      if (close > k + 1 && close + 1 < n && s[close] == ')' &&
          std::string_view("sdifgrxXeEc").find(s[close + 1]) != std::string_view::npos)
        return close + 2 - i;
      return 0;
    }
    if (k < n && s[k] == 'L' && k + 1 < n && asciiDigit(s[k + 1])) ++k;  // Qt's %L1
    const size_t digits_from = k;
    while (k < n && asciiDigit(s[k])) ++k;
    const size_t digits_end = k;
    if (k < n && s[k] == '$' && k > digits_from)
      ++k;  // %1$s
    else
      k = digits_from;
    while (k < n && std::string_view("-+#0'").find(s[k]) != std::string_view::npos) ++k;
    while (k < n && (asciiDigit(s[k]) || s[k] == '*')) ++k;
    if (k < n && s[k] == '.') {
      ++k;
      while (k < n && (asciiDigit(s[k]) || s[k] == '*')) ++k;
    }
    for (const std::string_view length : {"hh", "ll", "h", "l", "L", "q", "j", "z", "t"})
      if (s.substr(k, length.size()) == length) {
        k += length.size();
        break;
      }
    if (k < n && std::string_view("diouxXeEfFgGaAcsSpnm").find(s[k]) != std::string_view::npos)
      return k + 1 - i;
    // Qt's %1 .. %99: digits that are no printf directive.
    if (digits_end > digits_from && digits_end - digits_from <= 2 && s[digits_from] != '0')
      return digits_end - i;
    return 0;
  }
  if (s[i] == '{') {  // {} {0} {name} {count:d}
    size_t k = i + 1;
    while (k < n && (wordCodePoint(codePointAt(s, k)) ||
                     std::string_view("_.:!-[]").find(s[k]) != std::string_view::npos))
      k += sequenceLength(s, k);
    return k < n && s[k] == '}' ? k + 1 - i : 0;
  }
  if (s[i] == '$') {  // $HOME ${HOME}
    size_t k = i + 1;
    const bool braced = k < n && s[k] == '{';
    if (braced) ++k;
    if (k >= n || !(asciiLetter(s[k]) || s[k] == '_')) return 0;
    while (k < n && (asciiAlnum(s[k]) || s[k] == '_')) ++k;
    if (braced) return k < n && s[k] == '}' ? k + 1 - i : 0;
    return k - i;
  }
  return 0;
}

// A number's length at byte `i`: digits, and more digits after single
// separators (. , : /), as a whole word.
size_t numberAt(std::string_view s, size_t i) {
  if (!asciiDigit(s[i]) || wordBefore(s, i)) return 0;
  // Not the digits after a separator that follows a word or a number (the "06" of "V2.06", the "264" of
  // "H.264").
  if (i > 1 && std::string_view(".,:/").find(s[i - 1]) != std::string_view::npos && wordBefore(s, i - 1))
    return 0;
  size_t k = i;
  while (k < s.size() && asciiDigit(s[k])) ++k;
  while (k + 1 < s.size() && std::string_view(".,:/").find(s[k]) != std::string_view::npos &&
         asciiDigit(s[k + 1])) {
    ++k;
    while (k < s.size() && asciiDigit(s[k])) ++k;
  }
  if (k < s.size() && (asciiLetter(s[k]) || s[k] == '_')) return 0;  // 64bit, x86_64: a word, not a number
  return k - i;
}

// The word (between whitespace) around a character the vocabulary cannot
// write, without the punctuation before and after it.
std::pair<size_t, size_t> unwritableWord(std::string_view s, size_t i) {
  size_t begin = i, end = i;
  while (begin > 0 && !spaceAt(s, previousStart(s, begin))) begin = previousStart(s, begin);
  while (end < s.size() && !spaceAt(s, end)) end += sequenceLength(s, end);
  end = std::min(end, s.size());
  auto opening = [](uint32_t cp) {
    return cp == '(' || cp == '[' || cp == '{' || cp == '"' || cp == '\'' || cp == 0x201C || cp == 0x2018 ||
           cp == 0xAB;
  };
  while (begin < i && opening(codePointAt(s, begin))) begin += sequenceLength(s, begin);
  end = trimTrailing(s, begin, end);
  while (end > i + 1) {  // closing quotes
    const size_t p = previousStart(s, end);
    const uint32_t cp = codePointAt(s, p);
    if (cp != '"' && cp != 0x201D && cp != 0x2019 && cp != 0xBB) break;
    end = p;
  }
  return {begin, std::max(end, i + sequenceLength(s, i))};
}

}  // namespace studio::model::verbatim
