#include "model/files/HtmlEncoding.h"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/files/TextDocument.h"

namespace studio::model::html {

namespace {

// Windows-1252's characters at 0x80..0x9F (where ISO 8859-1 has C1 controls; the five it leaves
// undefined as those controls, as browsers read them).
constexpr char16_t kWindows1252High[32] = {0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                           0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
                                           0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                           0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

bool labelIn(std::string_view label, std::initializer_list<std::string_view> labels) {
  return std::find(labels.begin(), labels.end(), label) != labels.end();
}

// WHATWG's labels of UTF-8 and of Windows-1252 (which ISO 8859-1 and ASCII pages are read as).
bool isUtf8(std::string_view label) { return labelIn(label, {"utf-8", "utf8", "unicode-1-1-utf-8"}); }
bool isWindows1252(std::string_view label) {
  return labelIn(
      label, {"windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
              "ascii", "us-ascii", "cp819", "ibm819", "csisolatin1", "iso-ir-100"});
}
std::optional<LegacyEncoding> vietnamese(std::string_view label) {
  if (label == "x-cp1258") return LegacyEncoding::Windows1258;
  return parseLegacyEncoding(label);
}

CharsetDeclaration declaration(std::string_view text, size_t begin, size_t end) {
  while (begin < end && isSpace(text[begin])) ++begin;
  while (end > begin && isSpace(text[end - 1])) --end;
  return {begin, end, lowered(text.substr(begin, end - begin))};
}

size_t lineOf(std::string_view text, size_t at) {
  return size_t(std::count(text.begin(), text.begin() + long(std::min(at, text.size())), '\n')) + 1;
}

struct Declared {
  CharsetDeclaration charset;
  size_t line = 0;
};

// The first charset the page declares outside comments, scripts and styles.
std::optional<Declared> firstDeclared(std::string_view text) {
  const TagReader tags(text);
  for (size_t i = text.find('<'); i != std::string_view::npos; i = text.find('<', i + 1)) {
    if (text.substr(i, 2) == "<!" || text.substr(i, 2) == "<?") {
      const size_t end = declarationEnd(text, i);
      if (text.substr(i, 5) == "<?xml")
        if (auto found = xmlEncodingOf(text, i, end)) return Declared{*found, lineOf(text, i)};
      i = end - 1;
      continue;
    }
    const auto tag = tags.at(i);
    if (!tag) continue;
    if (!tag->closing && tag->name == "meta")
      if (auto found = charsetOf(text, *tag)) return Declared{*found, lineOf(text, i)};
    i = tag->end - 1;
    if (!tag->closing && !tag->self_closing && isRawText(tag->name)) {
      const size_t end = endTagOf(text, tag->name, tag->end).second;
      if (end == std::string_view::npos) break;
      i = end - 1;
    }
  }
  return std::nullopt;
}

// Where the first byte beyond ASCII is, npos when none.
size_t firstBeyondAscii(std::string_view bytes) {
  for (size_t i = 0; i < bytes.size(); ++i)
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) return i;
  return std::string_view::npos;
}

}  // namespace

std::optional<CharsetDeclaration> charsetOf(std::string_view text, const Tag& tag) {
  for (const auto& a : tag.attributes)
    if (a.name == "charset") return declaration(text, a.begin, a.end);
  if (lowered(valueOf(text, tag, "http-equiv")) != "content-type") return std::nullopt;
  for (const auto& a : tag.attributes) {
    if (a.name != "content") continue;
    const std::string content = lowered(text.substr(a.begin, a.end - a.begin));
    const size_t at = content.find("charset=");
    if (at == std::string::npos) return std::nullopt;
    size_t begin = a.begin + at + 8, end = begin;
    while (end < a.end && text[end] != ';' && !isSpace(text[end])) ++end;
    if (end > begin && (text[begin] == '"' || text[begin] == '\'') && text[end - 1] == text[begin]) {
      ++begin;
      --end;
    }
    return declaration(text, begin, end);
  }
  return std::nullopt;
}

std::optional<CharsetDeclaration> xmlEncodingOf(std::string_view text, size_t begin, size_t end) {
  const std::string xml = lowered(text.substr(begin, end - begin));
  size_t at = xml.find("encoding");
  if (at == std::string::npos) return std::nullopt;
  at = xml.find_first_not_of(" \t\r\n=", at + 8);
  if (at == std::string::npos || (xml[at] != '"' && xml[at] != '\'')) return std::nullopt;
  const size_t close = xml.find(xml[at], at + 1);
  if (close == std::string::npos) return std::nullopt;
  return declaration(text, begin + at + 1, begin + close);
}

PageBytes pageToUtf8(std::string_view bytes, const std::string& name, std::optional<LegacyEncoding> legacy) {
  PageBytes out;
  const std::string_view body = data::stripBom(bytes);
  out.bom = body.size() != bytes.size();
  const auto declared = firstDeclared(body);
  const std::string said = declared ? declared->charset.label : "";
  const std::string at = name + " line " + std::to_string(declared ? declared->line : 1);
  const size_t beyond = firstBeyondAscii(body);
  const bool utf8_letters = beyond != std::string_view::npos && data::isValidUtf8(body);

  // An 8-bit encoding, asked for or declared.
  std::optional<LegacyEncoding> eight_bit = legacy ? legacy : vietnamese(said);
  const bool western = !legacy && isWindows1252(said);
  if (eight_bit || western) {
    const std::string encoding = eight_bit ? legacyEncodingName(*eight_bit) : "Windows-1252";
    if (legacy && out.bom)
      throw std::runtime_error(name + " starts with a UTF-8 byte order mark: it is Unicode, not " + encoding +
                               " (read it without an encoding)");
    if (legacy && utf8_letters)
      throw std::runtime_error(name + " line " + std::to_string(lineOf(body, beyond)) +
                               ": the page is UTF-8, not " + encoding + " (read as " + encoding +
                               ", its letters would be garbled; read it without an encoding)");
    if (!utf8_letters && !out.bom) {
      out.text = eight_bit ? legacyToUtf8(body, *eight_bit, name) : windows1252ToUtf8(body);
      out.encoding = encoding;
      if (legacy && declared && vietnamese(said) != legacy)
        out.notices.push_back("line " + std::to_string(declared->line) + ": the page says it is in " + said +
                              "; read as " + encoding + ", as asked");
      return out;
    }
    out.notices.push_back("line " + std::to_string(declared->line) + ": the page says it is in " + said +
                          ", but its bytes are UTF-8: read as UTF-8");
  } else if (declared && !isUtf8(said)) {
    throw std::runtime_error(
        at + ": the page says it is in " + said +
        "; pages are read in UTF-8, Windows-1258, VISCII, TCVN3 and Windows-1252 (iconv -f " + said +
        " -t UTF-8 converts it)");
  }
  out.text = std::string(body);
  if (!data::isValidUtf8(body)) {
    // The first line that is not UTF-8, and what the page reads as.
    size_t line = 1, begin = 0;
    for (;; ++line) {
      size_t end = body.find('\n', begin);
      if (end == std::string_view::npos) end = body.size();
      if (!data::isValidUtf8(body.substr(begin, end - begin)) || end == body.size()) break;
      begin = end + 1;
    }
    const auto reads_as = guessLegacyEncoding(body);
    throw NotUtf8Error(
        name + " line " + std::to_string(line) + ": not UTF-8, " +
            (declared ? "though the page says it is" : "and the page names no other encoding") +
            (reads_as ? "; it reads as Vietnamese in " + legacyEncodingName(*reads_as)
                      : " (iconv converts one)"),
        reads_as);
  }
  return out;
}

int windows1252Byte(char32_t c) {
  if (c < 0x80 || (c >= 0xA0 && c <= 0xFF)) return int(c);
  for (int b = 0; b < 32; ++b)
    if (kWindows1252High[b] == c) return 0x80 + b;
  return -1;
}

char32_t windows1252Char(unsigned char byte) {
  return byte >= 0x80 && byte < 0xA0 ? kWindows1252High[byte - 0x80] : byte;
}

std::string windows1252ToUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80)
      out += c;
    else
      data::appendUtf8(out, windows1252Char(byte));
  }
  return out;
}

}  // namespace studio::model::html
