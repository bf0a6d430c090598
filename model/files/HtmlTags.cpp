#include "model/files/HtmlTags.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "model/data/Text.h"

namespace studio::model::html {

namespace {

bool oneOf(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

bool isBlock(std::string_view name) {
  return oneOf(name,
               {"address", "article", "aside", "blockquote", "body",   "caption",  "center",   "dd",
                "details", "dialog",  "dir",   "div",        "dl",     "dt",       "fieldset", "figcaption",
                "figure",  "footer",  "form",  "frameset",   "h1",     "h2",       "h3",       "h4",
                "h5",      "h6",      "head",  "header",     "hgroup", "hr",       "html",     "iframe",
                "legend",  "li",      "main",  "menu",       "nav",    "noscript", "ol",       "optgroup",
                "option",  "p",       "pre",   "section",    "select", "summary",  "table",    "tbody",
                "td",      "tfoot",   "th",    "thead",      "title",  "tr",       "ul"});
}

bool isVoid(std::string_view name) {
  return oneOf(name, {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                      "source", "track", "wbr"});
}

bool keptWhole(std::string_view name) {
  return oneOf(
      name, {"script", "style", "template", "svg", "math", "textarea", "code", "kbd", "samp", "var", "pre"});
}

bool isRawText(std::string_view name) { return oneOf(name, {"script", "style", "textarea", "title", "xmp"}); }

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

size_t referenceEnd(std::string_view text, size_t at, size_t end) {
  size_t j = at + 1;
  while (j < end && j - at < 32 && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '#')) ++j;
  return j < end && text[j] == ';' && j > at + 1 ? j : at;
}

bool letterAt(std::string_view text, size_t at, size_t end) {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) return std::isalpha(byte);
  if (byte < 0xC0) return false;  // inside a character
  const bool punctuation =
      byte == 0xE2 && at + 1 < end &&
      (static_cast<unsigned char>(text[at + 1]) == 0x80 || static_cast<unsigned char>(text[at + 1]) == 0x81);
  return data::whitespaceAt(text, at) == 0 && !punctuation;
}

bool hasLetters(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '&') {
      i = referenceEnd(text, i, text.size());
      continue;
    }
    if (letterAt(text, i, text.size())) return true;
  }
  return false;
}

std::string valueOf(std::string_view text, const Tag& tag, std::string_view name) {
  for (const auto& a : tag.attributes)
    if (a.name == name) return std::string(text.substr(a.begin, a.end - a.begin));
  return {};
}

TagReader::TagReader(std::string_view text)
    : text_(text),
      last_close_(text.rfind('>')),
      last_double_(text.rfind('"')),
      last_single_(text.rfind('\'')) {}

std::optional<Tag> TagReader::at(size_t at) const {
  const std::string_view text = text_;
  if (last_close_ == std::string_view::npos || at > last_close_) return std::nullopt;  // no '>' to end it
  Tag tag;
  tag.begin = at;
  size_t i = at + 1;
  const size_t n = text.size();
  if (i < n && text[i] == '/') {
    tag.closing = true;
    ++i;
  }
  if (i >= n || !std::isalpha(static_cast<unsigned char>(text[i]))) return std::nullopt;
  const size_t name = i;
  while (i < n && !isSpace(text[i]) && text[i] != '>' && text[i] != '/') ++i;
  tag.name = lowered(text.substr(name, i - name));
  for (;;) {
    while (i < n && isSpace(text[i])) ++i;
    if (i >= n || i > last_close_) return std::nullopt;  // a tag the page never ends: its '<' is text
    if (text[i] == '>') {
      tag.end = i + 1;
      return tag;
    }
    if (text[i] == '/') {
      if (i + 1 < n && text[i + 1] == '>') {
        tag.self_closing = true;
        tag.end = i + 2;
        return tag;
      }
      ++i;
      continue;
    }
    Attribute attribute;
    const size_t begin = i;
    while (i < n && !isSpace(text[i]) && text[i] != '=' && text[i] != '>' && text[i] != '/') ++i;
    if (i == begin) ++i;  // a stray '=': skipped
    attribute.name = lowered(text.substr(begin, i - begin));
    while (i < n && isSpace(text[i])) ++i;
    attribute.begin = attribute.end = i;
    if (i < n && text[i] == '=') {
      ++i;
      while (i < n && isSpace(text[i])) ++i;
      if (i < n && (text[i] == '"' || text[i] == '\'')) {
        const size_t last = text[i] == '"' ? last_double_ : last_single_;
        if (last == std::string_view::npos || last <= i) return std::nullopt;  // a quote never closed
        const size_t close = text.find(text[i], i + 1);
        attribute.begin = i + 1;
        attribute.end = close;
        attribute.quote = text[i];
        i = close + 1;
      } else {
        attribute.begin = i;
        while (i < n && !isSpace(text[i]) && text[i] != '>') ++i;
        attribute.end = i;
      }
    }
    tag.attributes.push_back(std::move(attribute));
  }
}

size_t declarationEnd(std::string_view text, size_t at) {
  std::string_view close = ">";
  if (text.substr(at, 4) == "<!--")
    close = "-->";
  else if (text.substr(at, 9) == "<![CDATA[")
    close = "]]>";
  const size_t found = text.find(close, at + 2);
  return found == std::string_view::npos ? text.size() : found + close.size();
}

std::pair<size_t, size_t> endTagOf(std::string_view text, std::string_view name, size_t from) {
  for (size_t at = text.find("</", from); at != std::string_view::npos; at = text.find("</", at + 2)) {
    const size_t after = at + 2 + name.size();
    if (after > text.size() || lowered(text.substr(at + 2, name.size())) != name) continue;
    if (after < text.size() && !isSpace(text[after]) && text[after] != '>' && text[after] != '/') continue;
    const size_t close = text.find('>', after);
    return {at, close == std::string_view::npos ? text.size() : close + 1};
  }
  return {std::string_view::npos, std::string_view::npos};
}

}  // namespace studio::model::html
