#include "model/files/OfficeItems.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/data/Text.h"
#include "model/evaluation/CodePoints.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/HtmlTags.h"
#include "model/files/LegacyEncodings.h"

namespace studio::model {

std::optional<LegacyEncoding> legacyFontEncoding(const std::string& font) {
  const std::string lower = html::lowered(font);
  if (lower.rfind(".vn", 0) == 0) return LegacyEncoding::Tcvn3;
  if (lower.rfind("vni", 0) == 0) return LegacyEncoding::Vni;
  return std::nullopt;
}

namespace {

// Text in an old font's encoding, kept as Windows-1252's characters of its bytes, read; nullopt when it
// holds a character Windows-1252 lacks or bytes the encoding does not read.
std::optional<std::string> textInLegacyFont(const std::string& text, LegacyEncoding encoding,
                                            const std::string& name) {
  std::string bytes;
  for (const char32_t c : decodeUtf8(text)) {
    const int byte = html::windows1252Byte(c);
    if (byte < 0) return std::nullopt;
    bytes += char(byte);
  }
  try {
    return legacyToUtf8(bytes, encoding, name);
  } catch (const std::runtime_error&) {
    return std::nullopt;
  }
}

}  // namespace

std::string textInFont(const std::string& text, const std::string& font, const std::string& rpr,
                       const std::string& name, OfficeParagraph& p, std::optional<LegacyEncoding>& read_as) {
  const auto encoding = legacyFontEncoding(font);
  if (!encoding) return text;
  auto read = textInLegacyFont(text, *encoding, name);
  if (!read) return text;
  if (*read != text) read_as = encoding;
  const auto run = std::pair{rpr, *encoding};
  if (std::find(p.legacy_runs.begin(), p.legacy_runs.end(), run) == p.legacy_runs.end())
    p.legacy_runs.push_back(run);
  return *read;
}

void countLegacyParagraph(OfficeDocument& document, const std::optional<LegacyEncoding>& read_as) {
  if (read_as == LegacyEncoding::Tcvn3) ++document.tcvn3_paragraphs;
  if (read_as == LegacyEncoding::Vni) ++document.vni_paragraphs;
}

std::string escapeOfficeText(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  return out;
}

bool markOfficeParagraph(OfficeParagraph& p, const std::vector<OfficeItem>& items) {
  using Kind = OfficeItem::Kind;
  std::string plain;
  for (const auto& i : items) {
    if (i.kind == Kind::Text) plain += i.text;
    if (i.kind == Kind::Break) plain += ' ';
  }
  if (!html::hasLetters(escapeOfficeText(plain))) return false;
  std::map<std::string, size_t> share;
  for (const auto& i : items)
    if (i.kind == Kind::Text) share[i.rpr] += i.text.size();
  size_t most = 0;
  for (const auto& i : items)
    if (i.kind == Kind::Text && share[i.rpr] > most) most = share[i.rpr], p.base = i.rpr;
  for (const auto& i : items) {
    const std::string n = std::to_string(i.index);
    switch (i.kind) {
      case Kind::Text: {
        if (i.rpr == p.base) {
          p.marked += escapeOfficeText(i.text);
          break;
        }
        auto f = std::find(p.formats.begin(), p.formats.end(), i.rpr);
        if (f == p.formats.end()) f = p.formats.insert(p.formats.end(), i.rpr);
        p.marked += "<x-fmt n=\"" + std::to_string(f - p.formats.begin()) + "\">" + escapeOfficeText(i.text) +
                    "</x-fmt>";
        break;
      }
      case Kind::Code:
        p.marked += "<x-code n=\"" + n + "\"/>";
        break;
      case Kind::Break:
        p.marked += "<x-break n=\"" + n + "\"/>";
        break;
      case Kind::Open:
        p.marked += "<x-wrap n=\"" + n + "\">";
        break;
      case Kind::Close:
        p.marked += "</x-wrap>";
        break;
    }
  }
  const auto words = data::splitWords(data::normalizeWhitespace(plain));
  for (size_t w = 0; w < words.size() && w < 6; ++w) p.first_words += (w ? " " : "") + words[w];
  if (words.size() > 6) p.first_words += " …";
  return true;
}

}  // namespace studio::model
