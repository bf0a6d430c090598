#include "model/files/VniEncoding.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "model/files/HtmlEncoding.h"
#include "model/files/LegacyTables.h"

namespace studio::model::vni {

namespace {

constexpr char32_t kCircumflex = 0x302, kBreve = 0x306;
// The five tones, in the order of the byte rows below.
constexpr char32_t kTones[5] = {0x300, 0x301, 0x303, 0x309, 0x323};  // grave, acute, tilde, hook, dot

// VNI's small letters' bytes; a capital's are 0x20 below them.
constexpr unsigned char kToneBytes[5] = {0xF8, 0xF9, 0xF5, 0xFB, 0xEF};
// A circumflex, then a circumflex with each tone.
constexpr unsigned char kCircumflexBytes[6] = {0xE2, 0xE0, 0xE1, 0xE3, 0xE5, 0xE4};
// A breve, then a breve with each tone.
constexpr unsigned char kBreveBytes[6] = {0xEA, 0xE8, 0xE9, 0xFC, 0xFA, 0xEB};
// i with each tone: letters of their own.
constexpr unsigned char kIBytes[5] = {0xEC, 0xED, 0xF3, 0xE6, 0xF2};
constexpr unsigned char kHornedO = 0xF4, kHornedU = 0xF6, kYWithDot = 0xEE, kStrokedD = 0xF1;

// Windows-1252's undefined bytes, which no VNI text holds.
bool undefined(unsigned char byte) {
  return byte == 0x81 || byte == 0x8D || byte == 0x8F || byte == 0x90 || byte == 0x9D;
}

struct Letter {
  char32_t c;
  std::string bytes;
};

bool isCapital(char32_t c) { return legacy::lowercase(c) != c; }

// Every Vietnamese letter beyond ASCII, small and capital, and its VNI
// bytes, sorted by letter.
const std::vector<Letter>& letters() {
  static const std::vector<Letter> table = [] {
    std::vector<Letter> out;
    for (const bool capital : {false, true}) {
      const auto byte = [capital](unsigned char b) { return char(capital ? b - 0x20 : b); };
      const auto ascii = [capital](char c) { return char(capital ? c - 0x20 : c); };
      const auto toned = [](char32_t base, int tone) { return legacy::composed(base, kTones[tone]); };
      for (const char v : {'a', 'e', 'o', 'u', 'y'})
        for (int t = 0; t < 5; ++t)
          out.push_back({toned(char32_t(ascii(v)), t), v == 'y' && t == 4
                                                           ? std::string(1, byte(kYWithDot))
                                                           : std::string{ascii(v), byte(kToneBytes[t])}});
      // â, ê, ô (Latin-1's, whose capitals are 0x20 below) and ă.
      struct Shaped {
        char v;
        char32_t small;
        const unsigned char* bytes;
      };
      for (const auto& [v, small, bytes] :
           {Shaped{'a', 0xE2, kCircumflexBytes}, Shaped{'e', 0xEA, kCircumflexBytes},
            Shaped{'o', 0xF4, kCircumflexBytes}, Shaped{'a', 0x103, kBreveBytes}}) {
        const char32_t base = !capital ? small : small == 0x103 ? char32_t(0x102) : small - 0x20;
        out.push_back({base, std::string{ascii(v), byte(bytes[0])}});
        for (int t = 0; t < 5; ++t)
          out.push_back({toned(base, t), std::string{ascii(v), byte(bytes[t + 1])}});
      }
      for (int t = 0; t < 5; ++t)
        out.push_back({toned(char32_t(ascii('i')), t), std::string(1, byte(kIBytes[t]))});
      for (const auto& [small, letter] :
           {std::pair{char32_t(0x1A1), kHornedO}, std::pair{char32_t(0x1B0), kHornedU}}) {
        const char32_t base = capital ? small - 1 : small;
        out.push_back({base, std::string(1, byte(letter))});
        for (int t = 0; t < 5; ++t)
          out.push_back({toned(base, t), std::string{byte(letter), byte(kToneBytes[t])}});
      }
      out.push_back({capital ? char32_t(0x110) : char32_t(0x111), std::string(1, byte(kStrokedD))});
    }
    std::sort(out.begin(), out.end(), [](const Letter& a, const Letter& b) { return a.c < b.c; });
    return out;
  }();
  return table;
}

const Letter* letterOf(char32_t c) {
  const auto& table = letters();
  const auto at = std::lower_bound(table.begin(), table.end(), c,
                                   [](const Letter& l, char32_t value) { return l.c < value; });
  return at != table.end() && at->c == c ? &*at : nullptr;
}

// The letter a byte is alone (ơ, ư, đ, a toned i, ỵ), or 0.
char32_t letterByte(unsigned char byte) {
  static const auto singles = [] {
    std::vector<std::pair<unsigned char, char32_t>> out;
    for (const Letter& l : letters())
      if (l.bytes.size() == 1) out.emplace_back(static_cast<unsigned char>(l.bytes[0]), l.c);
    return out;
  }();
  for (const auto& [b, c] : singles)
    if (b == byte) return c;
  return 0;
}

// A mark byte: the circumflex or breve it draws (0 for none) and its tone (0 for none).
struct Mark {
  char32_t shape = 0, tone = 0;
};
std::optional<Mark> markOf(unsigned char byte) {
  if (byte < 0xC0) return std::nullopt;
  const unsigned char small = byte | 0x20;
  for (int t = 0; t < 5; ++t)
    if (kToneBytes[t] == small) return Mark{0, kTones[t]};
  for (int i = 0; i < 6; ++i) {
    if (kCircumflexBytes[i] == small) return Mark{kCircumflex, i == 0 ? 0 : kTones[i - 1]};
    if (kBreveBytes[i] == small) return Mark{kBreve, i == 0 ? 0 : kTones[i - 1]};
  }
  return std::nullopt;
}

// The letter `c` with a circumflex or breve, or 0 where it takes none.
char32_t shaped(char32_t c, char32_t shape) {
  if (shape == kBreve) return c == 'a' ? 0x103 : c == 'A' ? 0x102 : 0;
  switch (c) {
    case 'a':
      return 0xE2;
    case 'e':
      return 0xEA;
    case 'o':
      return 0xF4;
    case 'A':
      return 0xC2;
    case 'E':
      return 0xCA;
    case 'O':
      return 0xD4;
    default:
      return 0;
  }
}

// Reads `bytes` into `out`, counting into `reading`; at one of Windows-1252's undefined bytes, the
// byte's line in *undefined_line (when it is given) and false.
bool decodeInto(std::string_view bytes, std::u32string& out, Reading& reading, size_t* undefined_line) {
  size_t line = 1;
  for (const char b : bytes) {
    const auto byte = static_cast<unsigned char>(b);
    if (byte < 0x80) {
      if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') reading.clean = false;
      line += byte == '\n';
      out += char32_t(byte);
      continue;
    }
    reading.outside += byte >= 0xC0;
    if (undefined(byte)) {
      reading.clean = false;
      if (undefined_line) {
        *undefined_line = line;
        return false;
      }
    }
    if (const char32_t letter = letterByte(byte)) {
      out += letter;
      ++reading.letters;
      continue;
    }
    const auto mark = markOf(byte);
    if (!mark) {
      out += html::windows1252Char(byte);
      continue;
    }
    const char32_t previous = out.empty() ? 0 : out.back();
    char32_t made = mark->shape ? shaped(previous, mark->shape) : previous;
    if (made && mark->tone) made = legacy::takesTone(made) ? legacy::composed(made, mark->tone) : 0;
    if (made && made != previous) {
      out.back() = made;
      // (a capital's mark after a small letter, or a small one's after a capital, is read too, but VNI's
      // fonts and keyboards never write it: TCVN3's "ế" is 0xD5, VNI's capital tilde, and "Tiếng" in
      // TCVN3 would read as VNI's "Tĩng")
      if ((byte < 0xE0) == isCapital(previous)) {
        ++reading.letters;
        ++reading.marks;
      }
      continue;
    }
    // Nothing it can sit on: the marks themselves, as combining characters.
    if (mark->shape) out += mark->shape;
    if (mark->tone) out += mark->tone;
  }
  return true;
}

}  // namespace

std::u32string decode(std::string_view bytes, const std::string& name) {
  std::u32string out;
  out.reserve(bytes.size());
  Reading reading;
  size_t line = 0;
  if (!decodeInto(bytes, out, reading, &line)) {
    const auto at = std::find_if(bytes.begin(), bytes.end(), [](char c) { return undefined(c); });
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(*at));
    throw std::runtime_error(name + " line " + std::to_string(line) + " is not VNI: it has no byte " + hex);
  }
  return out;
}

bool append(std::string& out, char32_t c, char32_t previous) {
  if (c < 0x80) {
    out += char(c);
    return true;
  }
  if (const Letter* letter = letterOf(c)) {
    out += letter->bytes;
    return true;
  }
  // A combining mark: its byte as the letter before it is small or capital.
  const bool capital = isCapital(previous);
  unsigned char small = 0;
  for (int t = 0; t < 5; ++t)
    if (kTones[t] == c) small = kToneBytes[t];
  if (c == kCircumflex) small = kCircumflexBytes[0];
  if (c == kBreve) small = kBreveBytes[0];
  if (small) {
    out += char(capital ? small - 0x20 : small);
    return true;
  }
  // Windows-1252's punctuation and signs, and the bytes above 0xBF that VNI leaves to it.
  const int byte = html::windows1252Byte(c);
  if (byte < 0x80 || undefined(static_cast<unsigned char>(byte))) return false;
  if (byte >= 0xC0 &&
      (markOf(static_cast<unsigned char>(byte)) || letterByte(static_cast<unsigned char>(byte))))
    return false;
  out += char(byte);
  return true;
}

Reading read(std::string_view bytes) {
  Reading reading;
  reading.text.reserve(bytes.size());
  decodeInto(bytes, reading.text, reading, nullptr);
  return reading;
}

}  // namespace studio::model::vni
