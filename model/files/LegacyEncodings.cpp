#include "model/files/LegacyEncodings.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "model/data/Text.h"
#include "model/evaluation/CodePoints.h"
#include "model/files/LegacyTables.h"
#include "model/files/VietnameseSyllables.h"
#include "model/files/VniEncoding.h"

namespace studio::model {

using legacy::composed;
using legacy::isToneMark;
using legacy::kTcvn;
using legacy::kViscii;
using legacy::kWindows1258High;
using legacy::lowercase;

namespace {

// The byte Windows-1258's upper half has for `c`, or 0.
unsigned char windows1258Byte(char32_t c) {
  if (c < 0x80) return static_cast<unsigned char>(c);
  for (int i = 0; i < 128; ++i)
    if (kWindows1258High[i] == c) return static_cast<unsigned char>(0x80 + i);
  return 0;
}

// The byte TCVN3 has for `c`, or 0 (NUL itself aside).
unsigned char tcvnByte(char32_t c) {
  for (int i = 1; i < 256; ++i)
    if (kTcvn[i] == c) return static_cast<unsigned char>(i);
  return 0;
}

// Appends `c` in an encoding with combining tone marks: its byte, or its
// letter's and its mark's; false where it has neither.
bool appendComposing(std::string& out, char32_t c, unsigned char (*byteOf)(char32_t)) {
  if (c == 0) {
    out += '\0';
    return true;
  }
  if (const unsigned char byte = byteOf(c)) {
    out += char(byte);
    return true;
  }
  const auto [base, mark] = legacy::decomposed(c);
  if (!base) return false;
  const unsigned char mark_byte = byteOf(mark);
  if (!mark_byte || !appendComposing(out, base, byteOf)) return false;
  out += char(mark_byte);
  return true;
}

bool isVietnameseOnly(char32_t c) {
  return (c >= 0x1EA0 && c <= 0x1EF9) || c == 0x102 || c == 0x103 || c == 0x110 || c == 0x111 || c == 0x128 ||
         c == 0x129 || c == 0x168 || c == 0x169 || c == 0x1A0 || c == 0x1A1 || c == 0x1AF || c == 0x1B0;
}

char32_t windows1258Char(unsigned char byte) { return byte < 0x80 ? byte : kWindows1258High[byte - 0x80]; }

}  // namespace

std::string legacyEncodingName(LegacyEncoding encoding) {
  switch (encoding) {
    case LegacyEncoding::Windows1258:
      return "Windows-1258";
    case LegacyEncoding::Viscii:
      return "VISCII";
    case LegacyEncoding::Tcvn3:
      return "TCVN3";
    case LegacyEncoding::Vni:
      return "VNI";
  }
  return "";
}

std::string legacyEncodingOption(LegacyEncoding encoding) {
  switch (encoding) {
    case LegacyEncoding::Windows1258:
      return "windows-1258";
    case LegacyEncoding::Viscii:
      return "viscii";
    case LegacyEncoding::Tcvn3:
      return "tcvn3";
    case LegacyEncoding::Vni:
      return "vni";
  }
  return "";
}

std::optional<LegacyEncoding> parseLegacyEncoding(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (lower == "windows-1258" || lower == "cp1258") return LegacyEncoding::Windows1258;
  if (lower == "viscii") return LegacyEncoding::Viscii;
  if (lower == "tcvn3" || lower == "tcvn" || lower == "tcvn5712-1") return LegacyEncoding::Tcvn3;
  if (lower == "vni" || lower == "vni-windows") return LegacyEncoding::Vni;
  return std::nullopt;
}

std::string legacyToUtf8(std::string_view bytes, LegacyEncoding encoding, const std::string& name) {
  std::u32string text;
  text.reserve(bytes.size());
  size_t line = 1;
  if (encoding == LegacyEncoding::Vni) {
    text = vni::decode(bytes, name);
    bytes = {};
  }
  for (const char b : bytes) {
    const auto byte = static_cast<unsigned char>(b);
    if (encoding == LegacyEncoding::Viscii) {
      text += kViscii[byte];
    } else {
      const char32_t c = encoding == LegacyEncoding::Tcvn3 ? kTcvn[byte] : windows1258Char(byte);
      if (c == 0 && byte != 0) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", byte);
        throw std::runtime_error(name + " line " + std::to_string(line) +
                                 " is not Windows-1258: it has no byte " + hex);
      }
      const char32_t joined = isToneMark(c) && !text.empty() ? composed(text.back(), c) : 0;
      if (joined)
        text.back() = joined;
      else
        text += c;
    }
    line += byte == '\n';
  }
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  for (const char32_t c : text) data::appendUtf8(out, c);
  return out;
}

std::optional<std::string> utf8ToLegacy(std::string_view utf8, LegacyEncoding encoding, size_t* line,
                                        char32_t* character) {
  std::string out;
  out.reserve(utf8.size());
  size_t at_line = 1;
  char32_t previous = 0;
  for (const char32_t c : decodeUtf8(std::string(utf8))) {
    bool written = false;
    if (encoding == LegacyEncoding::Vni) {
      written = vni::append(out, c, previous);
    } else if (encoding == LegacyEncoding::Viscii) {
      const auto* found = std::find(std::begin(kViscii), std::end(kViscii), c);
      written = found != std::end(kViscii);
      if (written) out += char(found - std::begin(kViscii));
    } else {
      written = appendComposing(out, c, encoding == LegacyEncoding::Tcvn3 ? tcvnByte : windows1258Byte);
    }
    if (!written) {
      if (line) *line = at_line;
      if (character) *character = c;
      return std::nullopt;
    }
    at_line += c == '\n';
    previous = c;
  }
  return out;
}

namespace {

// UTF-8 with a stray byte or two (a file cut or mended by hand) is not an
// 8-bit file: its letters beyond ASCII are mostly whole UTF-8 characters.
bool mostlyUtf8(std::string_view bytes) {
  size_t whole = 0, stray = 0;
  for (size_t i = 0; i < bytes.size();) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (i + length <= bytes.size() && data::isValidUtf8(bytes.substr(i, length))) {
      ++whole;
      i += length;
    } else {
      ++stray;
      ++i;
    }
  }
  // Vietnamese in either 8-bit encoding makes a whole UTF-8 character by
  // chance for about 1 in 60 bytes beyond ASCII (VISCII; Windows-1258 less).
  return whole * 4 >= stray;
}

// Whether the bytes read through `table` hold no C0 control but the table's letters, tab and line ends.
bool readsWithoutControls(std::string_view bytes, const char32_t (&table)[256]) {
  return std::none_of(bytes.begin(), bytes.end(), [&](char b) {
    const auto byte = static_cast<unsigned char>(b);
    return table[byte] == byte && byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r';
  });
}

// Whether the bytes read through `table` as Vietnamese: no C0 control but
// the table's letters, tab and line ends, and at least half of what the
// bytes outside ASCII stand for letters or tone marks only Vietnamese writes.
bool readsAsVietnamese(std::string_view bytes, const char32_t (&table)[256]) {
  size_t outside = 0, vietnamese = 0;
  for (const char b : bytes) {
    const auto byte = static_cast<unsigned char>(b);
    const char32_t c = table[byte];
    if (c == byte && byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') return false;
    if (c != byte || byte >= 0x80) {
      ++outside;
      vietnamese += isVietnameseOnly(c) || isToneMark(c);
    }
  }
  return outside > 0 && vietnamese * 2 >= outside;
}

// The bytes read through `table`, each tone mark composed with the letter before it where they make one.
std::u32string readThrough(std::string_view bytes, const char32_t (&table)[256]) {
  std::u32string out;
  out.reserve(bytes.size());
  for (const char b : bytes) {
    const char32_t c = table[static_cast<unsigned char>(b)];
    const char32_t joined = isToneMark(c) && !out.empty() ? composed(out.back(), c) : 0;
    if (joined)
      out.back() = joined;
    else
      out += c;
  }
  return out;
}

// How many words of the text have a capital after a small letter ("thÊp"; "iPhone" too).
size_t mixedCaseWords(const std::u32string& text) {
  size_t found = 0;
  bool small = false, counted = false;
  for (const char32_t c : text) {
    const bool letter = legacy::isLatinLetter(c);
    if (!letter) {
      small = counted = false;
      continue;
    }
    const bool capital = lowercase(c) != c;
    if (capital && small && !counted) {
      ++found;
      counted = true;
    }
    small = !capital;
  }
  return found;
}

// How many words of the text are common Vietnamese words with a letter beyond ASCII (lowercase).
size_t commonWords(const std::u32string& text) {
  static const std::vector<std::u32string> common = [] {
    const char* words[] = {
        "không", "của",   "được", "các",   "những", "người",  "một",   "này",   "để",   "với",   "có",
        "là",    "và",    "đã",   "sẽ",    "tập",   "tệp",    "thư",   "mục",   "lỗi",  "tìm",   "thấy",
        "mở",    "lưu",   "đóng", "xóa",   "xoá",   "chọn",   "tên",   "bạn",   "muốn", "hiện",  "hiển",
        "thị",   "định",  "dạng", "cài",   "đặt",   "thể",    "nhập",  "tải",   "về",   "từ",    "trên",
        "dưới",  "đến",   "bị",   "sử",    "dụng",  "chương", "trình", "phiên", "bản",  "thiết", "mạng",
        "máy",   "tính",  "hệ",   "thống", "nội",   "văn",    "ngày",  "giờ",   "số",   "đầu",   "cuối",
        "mới",   "cũ",    "tiếp", "tục",   "hủy",   "bỏ",     "nhận",  "gửi",   "thêm", "sửa",   "đổi",
        "quyền", "truy",  "cập",  "nước",  "năm",   "việc",   "nhiều", "trước", "sau",  "đó",    "đây",
        "cũng",  "nhưng", "vì",   "nếu",   "thì",   "còn",    "rằng",  "phải"};
    std::vector<std::u32string> out;
    for (const char* word : words) out.push_back(decodeUtf8(word));
    std::sort(out.begin(), out.end());
    return out;
  }();
  size_t found = 0;
  std::u32string word;
  auto finish = [&] {
    if (!word.empty() && std::binary_search(common.begin(), common.end(), word)) ++found;
    word.clear();
  };
  for (const char32_t c : text) {
    if (isToneMark(c) && !word.empty()) continue;  // a mark on no letter it makes one with
    const bool letter = legacy::isLatinLetter(c);
    if (!letter) {
      finish();
      continue;
    }
    word += lowercase(c);
  }
  finish();
  return found;
}

}  // namespace

std::optional<LegacyEncoding> guessLegacyEncoding(std::string_view bytes) {
  if (data::isValidUtf8(bytes) || mostlyUtf8(bytes)) return std::nullopt;
  // The two one-byte readings, each read once.
  const std::u32string tcvn_text = readThrough(bytes, kTcvn), viscii_text = readThrough(bytes, kViscii);
  // Windows-1258: every byte defined, and its tone marks after vowels they combine with (not after a
  // consonant: the ḥ of VNI's "thị" read as Windows-1258).
  bool defined = true;
  size_t marks = 0, joined = 0;
  for (size_t i = 0; i < bytes.size() && defined; ++i) {
    const char32_t c = windows1258Char(static_cast<unsigned char>(bytes[i]));
    defined = c != 0;
    if (defined && isToneMark(c)) {
      ++marks;
      const char32_t before = i > 0 ? windows1258Char(static_cast<unsigned char>(bytes[i - 1])) : 0;
      joined += legacy::takesTone(before) && composed(before, c) != 0;
    }
  }
  if (defined && marks > 0 && joined * 20 >= marks * 19) {
    // Unless TCVN3's reading spells more Vietnamese syllables and fewer other words: its letters may
    // stand where Windows-1258's tone marks would, after vowels.
    const auto spelt =
        legacy::countSyllables(decodeUtf8(legacyToUtf8(bytes, LegacyEncoding::Windows1258, "")));
    const auto tcvn_spelt =
        readsWithoutControls(bytes, kTcvn) ? legacy::countSyllables(tcvn_text) : legacy::SyllableCount{};
    if (tcvn_spelt.syllables <= spelt.syllables || tcvn_spelt.others >= spelt.others)
      return LegacyEncoding::Windows1258;
  }
  const bool viscii = readsAsVietnamese(bytes, kViscii);
  const size_t viscii_words = viscii ? commonWords(viscii_text) : 0;
  // TCVN3 also where fewer than half its letters are Vietnamese's alone but its reading holds a common
  // word: "cài đặt các gói" has more of Latin-1's letters (à, á, ó) than of Vietnamese's.
  const size_t tcvn_words = readsWithoutControls(bytes, kTcvn) ? commonWords(tcvn_text) : 0;
  const bool tcvn = readsAsVietnamese(bytes, kTcvn) || tcvn_words > 0;
  // VNI: nine in ten of its letters' and marks' bytes letters or marks on letters they fit, a mark among
  // them (its letters alone are Latin-1's too: "Khóa" in Windows-1258 reads as VNI's "Khĩa"), unless
  // another reading holds more common words.
  const vni::Reading vni = vni::read(bytes);
  if (vni.clean && vni.marks > 0 && vni.letters * 10 >= vni.outside * 9 &&
      commonWords(vni.text) >= std::max(viscii_words, tcvn_words))
    return LegacyEncoding::Vni;
  if (tcvn && tcvn_words > 0 && (!viscii || tcvn_words > viscii_words)) return LegacyEncoding::Tcvn3;
  // Neither reading holds more common words: the one with fewer words that have a capital after a small
  // letter (TCVN3's "thấp" read as VISCII is "thÊp": some of its small letters are VISCII's capitals).
  if (tcvn && viscii && tcvn_words == viscii_words) {
    // First the one that spells more Vietnamese syllables.
    const auto tcvn_spelt = legacy::countSyllables(tcvn_text);
    const auto viscii_spelt = legacy::countSyllables(viscii_text);
    if (tcvn_spelt.syllables > viscii_spelt.syllables) return LegacyEncoding::Tcvn3;
    if (viscii_spelt.syllables > tcvn_spelt.syllables) return LegacyEncoding::Viscii;
    const size_t tcvn_odd = mixedCaseWords(tcvn_text);
    const size_t viscii_odd = mixedCaseWords(viscii_text);
    if (tcvn_odd < viscii_odd) return LegacyEncoding::Tcvn3;
    if (viscii_odd < tcvn_odd) return LegacyEncoding::Viscii;
  }
  if (viscii) return LegacyEncoding::Viscii;
  return std::nullopt;
}

}  // namespace studio::model
