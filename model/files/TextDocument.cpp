#include "model/files/TextDocument.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/evaluation/CodePoints.h"
#include "model/files/AtomicFile.h"

namespace studio::model {

namespace {

using Encoding = TextDocument::Encoding;

// The 16-bit unit at `at` of UTF-16 bytes.
uint32_t unitAt(std::string_view bytes, size_t at, bool big_endian) {
  const auto a = static_cast<unsigned char>(bytes[at]), b = static_cast<unsigned char>(bytes[at + 1]);
  return big_endian ? (uint32_t(a) << 8) | b : (uint32_t(b) << 8) | a;
}

// UTF-16 bytes (after the byte order mark) as UTF-8; an unpaired surrogate
// or half a unit at the end is an error naming its line.
std::string utf16ToUtf8(std::string_view bytes, bool big_endian, const std::string& name) {
  std::string out;
  out.reserve(bytes.size());
  size_t line = 1;
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(name + " line " + std::to_string(line) + " is not valid UTF-16: " + what);
  };
  if (bytes.size() % 2 != 0) {  // the last line is the one cut
    for (size_t at = 0; at + 1 < bytes.size(); at += 2) line += unitAt(bytes, at, big_endian) == '\n';
    fail("it ends in half a character (an odd number of bytes)");
  }
  for (size_t at = 0; at < bytes.size(); at += 2) {
    uint32_t cp = unitAt(bytes, at, big_endian);
    if (cp >= 0xDC00 && cp <= 0xDFFF) fail("a low surrogate without its high one");
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      const uint32_t low = at + 3 < bytes.size() ? unitAt(bytes, at + 2, big_endian) : 0;
      if (low < 0xDC00 || low > 0xDFFF) fail("a high surrogate without its low one");
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      at += 2;
    }
    if (cp == '\n') ++line;
    data::appendUtf8(out, cp);
  }
  return out;
}

// "00E9", "1EA0": a code point as Unicode writes it after "U+".
std::string hexCodePoint(char32_t c) {
  char hex[12];
  std::snprintf(hex, sizeof hex, "%04X", unsigned(c));
  return hex;
}

// Valid UTF-8 as UTF-16 bytes.
void appendUtf16(std::string& out, const std::string& utf8, bool big_endian) {
  auto put = [&](uint32_t unit) {
    const char high = char(unit >> 8), low = char(unit & 0xFF);
    out += big_endian ? high : low;
    out += big_endian ? low : high;
  };
  for (const char32_t cp : decodeUtf8(utf8)) {
    if (cp >= 0x10000) {
      put(0xD800 + ((cp - 0x10000) >> 10));
      put(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      put(cp);
    }
  }
}

Encoding documentEncoding(LegacyEncoding legacy) {
  switch (legacy) {
    case LegacyEncoding::Windows1258:
      return Encoding::Windows1258;
    case LegacyEncoding::Viscii:
      return Encoding::Viscii;
    case LegacyEncoding::Tcvn3:
      return Encoding::Tcvn3;
    case LegacyEncoding::Vni:
      return Encoding::Vni;
  }
  return Encoding::Utf8;
}

// The 8-bit encoding a document is in, if it is in one.
std::optional<LegacyEncoding> legacyOf(Encoding encoding) {
  if (encoding == Encoding::Windows1258) return LegacyEncoding::Windows1258;
  if (encoding == Encoding::Viscii) return LegacyEncoding::Viscii;
  if (encoding == Encoding::Tcvn3) return LegacyEncoding::Tcvn3;
  if (encoding == Encoding::Vni) return LegacyEncoding::Vni;
  return std::nullopt;
}

// UTF-16's byte order mark at the start, if the content has one.
std::optional<Encoding> utf16Bom(std::string_view content) {
  if (content.size() < 2) return std::nullopt;
  const auto a = static_cast<unsigned char>(content[0]), b = static_cast<unsigned char>(content[1]);
  if (a == 0xFF && b == 0xFE) return Encoding::Utf16LE;
  if (a == 0xFE && b == 0xFF) return Encoding::Utf16BE;
  return std::nullopt;
}

// The line (1-based) of byte `at`.
size_t lineOf(std::string_view bytes, size_t at) {
  return 1 + size_t(std::count(bytes.begin(), bytes.begin() + std::ptrdiff_t(at), '\n'));
}

TextDocument parseDocument(std::string_view content, const std::string& name,
                           std::optional<LegacyEncoding> legacy) {
  TextDocument out;
  std::string decoded;  // a UTF-16 or 8-bit file's text as UTF-8
  std::string_view body = data::stripBom(content);
  out.bom = body.size() != content.size();
  if (legacy) {
    const std::string encoding = legacyEncodingName(*legacy);
    if (out.bom || utf16Bom(content))
      throw std::runtime_error(name + " starts with a " + (out.bom ? "UTF-8" : "UTF-16") +
                               " byte order mark: it is Unicode text, not " + encoding +
                               " (read it without an encoding)");
    const auto beyond = std::find_if(content.begin(), content.end(),
                                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (beyond != content.end() && data::isValidUtf8(content))
      throw std::runtime_error(name + " line " +
                               std::to_string(lineOf(content, size_t(beyond - content.begin()))) +
                               ": the file is UTF-8 text, not " + encoding + " (read as " + encoding +
                               ", its letters would be garbled; read it without an encoding)");
    out.encoding = documentEncoding(*legacy);
    decoded = legacyToUtf8(content, *legacy, name);
    body = decoded;
  } else if (const auto utf16 = out.bom ? std::nullopt : utf16Bom(content)) {
    out.bom = true;
    out.encoding = *utf16;
    decoded = utf16ToUtf8(content.substr(2), out.encoding == Encoding::Utf16BE, name);
    body = decoded;
  }
  out.final_newline = !body.empty() && body.back() == '\n';
  size_t start = 0, number = 0;
  while (start < body.size()) {
    size_t end = body.find('\n', start);
    const bool ended = end != std::string_view::npos;
    if (!ended) end = body.size();
    std::string_view line = body.substr(start, end - start);
    ++number;
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
      if (number == 1 && ended) out.crlf = true;
      // More carriage returns before the line end are white space at the line's end: dropped, so that a
      // line never ends in one (written back, it would read as a line end).
      while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    }
    if (line.find('\0') != std::string_view::npos)
      throw std::runtime_error(
          name + " line " + std::to_string(number) +
          (out.encoding == Encoding::Utf8
               ? " holds a NUL byte: it is not UTF-8 text (a binary file, or UTF-16 without "
                 "a byte order mark)"
               : " holds a NUL character: it is not a text file"));
    if (!data::isValidUtf8(line)) {
      const auto reads_as = out.encoding == Encoding::Utf8 ? guessLegacyEncoding(content) : std::nullopt;
      throw NotUtf8Error(name + " line " + std::to_string(number) + " is not valid UTF-8" +
                             (reads_as ? ": it reads as Vietnamese in " + legacyEncodingName(*reads_as) : ""),
                         reads_as);
    }
    // A last line of carriage returns alone ("…\n\r", "\r") is the file's end.
    if (!ended && line.empty()) {
      out.final_newline = true;
      break;
    }
    out.lines.emplace_back(line);
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string TextDocument::text() const {
  const char* end = crlf ? "\r\n" : "\n";
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += end;
    out += lines[i];
  }
  if (final_newline && !lines.empty()) out += end;
  if (encoding == Encoding::Utf8) return bom ? "\xEF\xBB\xBF" + out : out;
  if (const auto legacy = legacyOf(encoding)) {
    size_t line = 0;
    char32_t character = 0;
    auto bytes = utf8ToLegacy(out, *legacy, &line, &character);
    if (!bytes)
      throw std::runtime_error("line " + std::to_string(line) + " holds U+" + hexCodePoint(character) +
                               ", which " + legacyEncodingName(*legacy) + " cannot hold");
    return *bytes;
  }
  const bool big_endian = encoding == Encoding::Utf16BE;
  std::string utf16 = big_endian ? "\xFE\xFF" : "\xFF\xFE";
  utf16.reserve(2 + 2 * out.size());
  appendUtf16(utf16, out, big_endian);
  return utf16;
}

std::string fitEncoding(TextDocument& document) {
  const auto legacy = legacyOf(document.encoding);
  if (!legacy) return "";
  for (size_t i = 0; i < document.lines.size(); ++i) {
    char32_t character = 0;
    if (utf8ToLegacy(document.lines[i], *legacy, nullptr, &character)) continue;
    std::string shown;
    data::appendUtf8(shown, uint32_t(character));
    document.encoding = Encoding::Utf8;
    document.bom = false;
    return "line " + std::to_string(i + 1) + " holds \"" + shown + "\" (U+" + hexCodePoint(character) +
           "), which " + legacyEncodingName(*legacy) + " has no byte for: written in UTF-8 instead";
  }
  return "";
}

TextDocument readTextDocument(const std::string& path, std::optional<LegacyEncoding> legacy) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw std::runtime_error(path + " is a folder, not a text file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  return readTextDocument(in, path, legacy);
}

TextDocument readTextDocument(std::istream& in, const std::string& name,
                              std::optional<LegacyEncoding> legacy) {
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error("cannot read " + name);
  return parseDocument(content, name, legacy);
}

void writeTextDocument(const std::string& path, const TextDocument& document) {
  writeFileAtomically(path, document.text());
}

void checkDistinctFiles(const std::string& input, const std::string& output) {
  namespace fs = std::filesystem;
  std::error_code ec;
  bool same = fs::exists(output, ec) && fs::equivalent(input, output, ec) && !ec;
  if (!same) {
    std::error_code a, b;
    const auto in = fs::weakly_canonical(input, a), out = fs::weakly_canonical(output, b);
    same = !a && !b && in == out;
  }
  if (same)
    throw std::invalid_argument("the translation would replace its source " + input +
                                ": choose another file to write it to");
}

}  // namespace studio::model
