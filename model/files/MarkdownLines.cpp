#include "model/files/MarkdownLines.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "model/files/HtmlTags.h"

namespace studio::model::markdown {

namespace {

constexpr size_t kNone = std::string::npos;

}  // namespace

bool isBlankFrom(const std::string& line, size_t from) {
  return line.find_first_not_of(" \t", std::min(from, line.size())) == kNone;
}

size_t afterQuotes(const std::string& line, size_t from) {
  size_t at = from;
  for (;;) {
    size_t i = at;
    while (i < line.size() && i - at < 3 && line[i] == ' ') ++i;
    if (i >= line.size() || line[i] != '>') return at;
    at = i + 1;
    if (at < line.size() && line[at] == ' ') ++at;
  }
}

size_t quoteDepth(const std::string& line) {
  size_t depth = 0;
  for (size_t at = 0;;) {
    size_t i = at;
    while (i < line.size() && i - at < 3 && line[i] == ' ') ++i;
    if (i >= line.size() || line[i] != '>') return depth;
    ++depth;
    at = i + 1;
    if (at < line.size() && line[at] == ' ') ++at;
  }
}

size_t firstText(const std::string& line, size_t from) {
  size_t i = from;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

size_t indentPast(const std::string& line, size_t base, size_t col) {
  size_t width = 0;
  for (size_t i = std::min(base, col); i < col; ++i) width += line[i] == '\t' ? 4 : 1;
  return width;
}

std::string trimmedFrom(const std::string& line, size_t col) {
  const size_t end = line.find_last_not_of(" \t");
  return end == kNone || end < col ? std::string() : line.substr(col, end + 1 - col);
}

bool isThematicBreak(const std::string& text) {
  if (text.empty() || (text[0] != '-' && text[0] != '*' && text[0] != '_')) return false;
  size_t marks = 0;
  for (char c : text) {
    if (c == text[0])
      ++marks;
    else if (c != ' ' && c != '\t')
      return false;
  }
  return marks >= 3;
}

bool isSetextUnderline(const std::string& text) {
  const std::string t = trimmedFrom(text, 0);
  return !t.empty() && (t.find_first_not_of('=') == kNone || t.find_first_not_of('-') == kNone);
}

size_t fenceLength(const std::string& text, char* mark) {
  if (text.empty() || (text[0] != '`' && text[0] != '~')) return 0;
  size_t n = 0;
  while (n < text.size() && text[n] == text[0]) ++n;
  if (n < 3 || (text[0] == '`' && text.find('`', n) != kNone)) return 0;
  *mark = text[0];
  return n;
}

size_t listItemText(const std::string& line, size_t at) {
  size_t i = at;
  if (i < line.size() && (line[i] == '-' || line[i] == '*' || line[i] == '+')) {
    ++i;
  } else {
    while (i < line.size() && i - at < 9 && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
    if (i == at || i >= line.size() || (line[i] != '.' && line[i] != ')')) return kNone;
    ++i;
  }
  if (i == line.size()) return i;
  if (line[i] != ' ' && line[i] != '\t') return kNone;
  size_t text = firstText(line, i);
  if (text - i > 4) text = i + 1;  // (indented code inside the item)
  for (const char* task : {"[ ] ", "[x] ", "[X] "})
    if (line.compare(text, 4, task) == 0) text += 4;
  return text;
}

size_t footnoteText(const std::string& line, size_t at) {
  if (line.compare(at, 2, "[^") != 0) return kNone;
  const size_t close = line.find("]:", at);
  return close == kNone || line.find(']', at) != close ? kNone : firstText(line, close + 2);
}

std::string definitionLabel(const std::string& line, size_t at) {
  if (at >= line.size() || line[at] != '[' || line.compare(at, 2, "[^") == 0) return {};
  const size_t close = line.find("]:", at);
  if (close == kNone || close == at + 1 || line.find(']', at) != close || line.find('[', at + 1) < close ||
      isBlankFrom(line, close + 2))
    return {};
  return html::lowered(line.substr(at + 1, close - at - 1));
}

bool titleOnNextLine(const std::string& line, size_t at, const std::string& next) {
  size_t i = firstText(line, line.find("]:", at) + 2);
  if (i < line.size() && line[i] == '<') {
    const size_t close = line.find('>', i);
    if (close == kNone) return false;
    i = close + 1;
  } else {
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
  }
  if (!isBlankFrom(line, i)) return false;  // a title on its own line, or something else
  const std::string title = trimmedFrom(next, firstText(next, afterQuotes(next, 0)));
  if (title.size() < 2) return false;
  const char open = title.front(), close = title.back();
  return (open == '"' && close == '"') || (open == '\'' && close == '\'') || (open == '(' && close == ')');
}

bool startsHtmlBlock(const std::string& text, bool interrupting) {
  if (text.size() < 2 || text[0] != '<') return false;
  // A comment, a processing instruction ("<?php"), CDATA, a declaration ("<!DOCTYPE"): each may interrupt a
  // paragraph.
  if (text.compare(0, 4, "<!--") == 0 || text[1] == '?' || text.compare(0, 9, "<![CDATA[") == 0 ||
      (text.size() > 2 && text[1] == '!' && std::isalpha(static_cast<unsigned char>(text[2]))))
    return true;
  size_t i = text[1] == '/' ? 2 : 1;
  if (i >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i])))
    return !interrupting && text[1] == '!';
  const size_t start = i;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '-')) ++i;
  if (i < text.size() && text[i] != ' ' && text[i] != '>' && text[i] != '/' && text[i] != '\t') return false;
  // The elements that start a block wherever they stand (CommonMark's first and sixth kinds)...
  static const std::set<std::string> kBlocks = {
      "address",  "article",  "aside",    "base",       "basefont", "blockquote", "body",    "caption",
      "center",   "col",      "colgroup", "dd",         "details",  "dialog",     "dir",     "div",
      "dl",       "dt",       "fieldset", "figcaption", "figure",   "footer",     "form",    "frame",
      "frameset", "h1",       "h2",       "h3",         "h4",       "h5",         "h6",      "head",
      "header",   "hr",       "html",     "iframe",     "legend",   "li",         "link",    "main",
      "menu",     "menuitem", "nav",      "noframes",   "ol",       "optgroup",   "option",  "p",
      "param",    "pre",      "script",   "section",    "source",   "style",      "summary", "table",
      "tbody",    "td",       "textarea", "tfoot",      "th",       "thead",      "title",   "tr",
      "track",    "ul"};
  if (kBlocks.count(html::lowered(text.substr(start, i - start)))) return true;
  // ... and any other whole tag alone on its line (the seventh), which does not interrupt a paragraph: a
  // line that starts with "<kbd>Ctrl</kbd>" or "<b>Note:</b>" is a paragraph's.
  if (interrupting) return false;
  char quote = 0;
  for (; i < text.size(); ++i) {
    if (quote) {
      quote = text[i] == quote ? 0 : quote;
    } else if (text[i] == '"' || text[i] == '\'') {
      quote = text[i];
    } else if (text[i] == '>') {
      return isBlankFrom(text, i + 1);
    }
  }
  return false;
}

bool isDelimiterRow(const std::string& text) {
  std::string t = trimmedFrom(text, firstText(text, 0));
  if (t.find('|') == kNone || t.find_first_not_of("|-: \t") != kNone) return false;
  if (t.front() == '|') t.erase(0, 1);
  if (!t.empty() && t.back() == '|') t.pop_back();
  for (size_t at = 0; at <= t.size();) {
    const size_t bar = std::min(t.find('|', at), t.size());
    const std::string cell = trimmedFrom(t.substr(0, bar), firstText(t, at));
    const size_t dashes = cell.find_first_not_of(':'), end = cell.find_last_not_of(':');
    if (cell.empty() || dashes == kNone || dashes > 1 || cell.size() - end > 2 ||
        cell.substr(dashes, end + 1 - dashes).find_first_not_of('-') != kNone)
      return false;
    at = bar + 1;
  }
  return true;
}

std::string keptAsParagraph(const std::string& text) {
  if (text.empty()) return text;
  const char c = text[0];
  const bool spaced = text.size() == 1 || text[1] == ' ' || text[1] == '\t';
  char mark = 0;
  if (((c == '-' || c == '*' || c == '+') && spaced) || c == '#' || c == '>' || fenceLength(text, &mark) ||
      isThematicBreak(text) || (c == '<' && startsHtmlBlock(text, false)) ||
      (c == '=' && isSetextUnderline(text)) || !definitionLabel(text, 0).empty() ||
      text.compare(0, 4, "[ ] ") == 0 || text.compare(0, 4, "[x] ") == 0 || text.compare(0, 4, "[X] ") == 0)
    return "\\" + text;
  size_t digits = 0;
  while (digits < text.size() && digits < 10 && std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  if (digits > 0 && digits <= 9 && digits < text.size() && (text[digits] == '.' || text[digits] == ')') &&
      (digits + 1 == text.size() || text[digits + 1] == ' ' || text[digits + 1] == '\t'))
    return text.substr(0, digits) + "\\" + text.substr(digits);
  return text;
}

}  // namespace studio::model::markdown
