#include "model/data/Catalog.h"

#include <algorithm>
#include <cctype>

#include "model/data/Text.h"

namespace studio::data {

namespace {

bool isAsciiAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
// A letter or digit: ASCII alphanumerics, or the first byte of a multi-byte
// UTF-8 character (Vietnamese letters such as Đ, ư).
bool startsLetter(std::string_view t, size_t i) {
  if (i >= t.size()) return false;
  const auto c = static_cast<unsigned char>(t[i]);
  return isAsciiAlnum(t[i]) || c >= 0xC0;
}
// The character before position i is a letter/digit (ASCII or any UTF-8 continuation/lead byte).
bool afterLetter(std::string_view t, size_t i) {
  if (i == 0) return false;
  const auto c = static_cast<unsigned char>(t[i - 1]);
  return isAsciiAlnum(t[i - 1]) || c >= 0x80;
}

const char* const kMarkupTags[] = {
    "a", "b", "big", "br", "code", "div", "em", "emphasis", "font", "guibutton", "guilabel", "guimenu",
    "guimenuitem", "h1", "h2", "h3", "hr", "html", "i", "kbd", "keycap", "li", "link", "literal", "ol",
    "p", "pre", "quote", "s", "small", "span", "strong", "sub", "sup", "tt", "u", "ul", "ulink", "var"};

// Length of a markup tag starting at `i` ("<b>", "</span>", "<a href='x'>",
// "<br/>"), or 0 when the text at `i` is not one of the known tags.
size_t markupTagAt(std::string_view t, size_t i) {
  if (t[i] != '<') return 0;
  size_t j = i + 1;
  if (j < t.size() && t[j] == '/') ++j;
  size_t name_start = j;
  while (j < t.size() && std::isalnum(static_cast<unsigned char>(t[j]))) ++j;
  if (j == name_start) return 0;
  std::string name(t.substr(name_start, j - name_start));
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  if (std::find(std::begin(kMarkupTags), std::end(kMarkupTags), name) == std::end(kMarkupTags)) return 0;
  if (j < t.size() && t[j] != '>' && t[j] != ' ' && t[j] != '/') return 0;
  const size_t close = t.find('>', j);
  if (close == std::string_view::npos) return 0;
  if (t.substr(j, close - j).find('<') != std::string_view::npos) return 0;
  return close - i + 1;
}

// An XML character reference starts at i ("&amp;", "&#39;").
bool entityAt(std::string_view t, size_t i) {
  size_t j = i + 1;
  if (j < t.size() && t[j] == '#') ++j;
  const size_t start = j;
  while (j < t.size() && isAsciiAlnum(t[j])) ++j;
  return j > start && j < t.size() && t[j] == ';' && j - i <= 10;
}

// Tags that end a line or block: removing them must leave a space behind.
bool isBlockTag(std::string_view tag) {
  size_t j = 1;
  if (j < tag.size() && tag[j] == '/') ++j;
  size_t k = j;
  while (k < tag.size() && std::isalnum(static_cast<unsigned char>(tag[k]))) ++k;
  std::string name(tag.substr(j, k - j));
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* block : {"br", "p", "div", "li", "ul", "ol", "hr", "h1", "h2", "h3", "pre", "html"})
    if (name == block) return true;
  return false;
}

std::string stripMarkup(std::string_view t) {
  std::string out;
  for (size_t i = 0; i < t.size();) {
    if (size_t n = markupTagAt(t, i)) {
      // "a<br/>b" -> "a b", but "<b>Warning</b>:" -> "Warning:".
      if (isBlockTag(t.substr(i, n))) out.push_back(' ');
      i += n;
    } else {
      out.push_back(t[i++]);
    }
  }
  return out;
}

// " (_F)" / "(&F)" / "(~F)" at the end of a label: an accelerator hint.
std::string stripParenthesizedAccelerator(std::string text) {
  for (;;) {
    const size_t open = text.rfind('(');
    if (open == std::string::npos || open + 4 > text.size()) return text;
    const bool hint = (text[open + 1] == '_' || text[open + 1] == '&' || text[open + 1] == '~') &&
                      isAsciiAlnum(text[open + 2]) && text[open + 3] == ')';
    if (!hint) return text;
    size_t start = open;
    while (start > 0 && text[start - 1] == ' ') --start;
    text.erase(start, open + 4 - start);
  }
}

std::string stripAccelerators(std::string_view t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if ((c == '_' || c == '&') && i + 1 < t.size() && t[i + 1] == c) {
      out.push_back(c);  // "__" and "&&" are a literal character
      ++i;
      continue;
    }
    if (c == '_' && startsLetter(t, i + 1) && !afterLetter(t, i) && (i == 0 || t[i - 1] != '%')) continue;
    if (c == '&' && startsLetter(t, i + 1) && !entityAt(t, i)) continue;
    // LibreOffice's "~File", "Fi~le"; but "~a" and "~%" alone are Lisp
    // format directives (Audacity's Nyquist plug-ins) and stay.
    if (c == '~' && startsLetter(t, i + 1) && startsLetter(t, i + 2)) continue;
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::string cleanMessage(std::string_view text) {
  std::string s = stripMarkup(text);
  s = stripParenthesizedAccelerator(std::move(s));
  s = stripAccelerators(s);
  s = unescapeXml(s);
  return normalizeWhitespace(s);
}

CatalogCounts& CatalogCounts::operator+=(const CatalogCounts& o) {
  entries += o.entries;
  header += o.header;
  untranslated += o.untranslated;
  invalid_utf8 += o.invalid_utf8;
  empty += o.empty;
  identical += o.identical;
  kept += o.kept;
  return *this;
}

std::vector<SentencePair> pairsFromCatalog(const MoCatalog& catalog, CatalogCounts& counts) {
  std::vector<SentencePair> pairs;
  for (const auto& entry : catalog.entries) {
    ++counts.entries;
    if (entry.isHeader()) {
      ++counts.header;
      continue;
    }
    const std::string& source = entry.msgid;
    const std::string translation = entry.msgstr.empty() ? std::string() : entry.msgstr[0];
    if (translation.empty()) {
      ++counts.untranslated;
      continue;
    }
    if (!isValidUtf8(source) || !isValidUtf8(translation)) {
      ++counts.invalid_utf8;
      continue;
    }
    SentencePair pair{cleanMessage(translation), cleanMessage(source)};
    if (pair.vi.empty() || pair.en.empty()) {
      ++counts.empty;
      continue;
    }
    if (pair.vi == pair.en) {
      ++counts.identical;
      continue;
    }
    ++counts.kept;
    pairs.push_back(std::move(pair));
  }
  return pairs;
}

}  // namespace studio::data
