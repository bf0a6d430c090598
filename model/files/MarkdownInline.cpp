#include "model/files/MarkdownInline.h"

#include <cctype>
#include <cstdlib>

#include "model/files/HtmlTags.h"

namespace studio::model {

namespace {

bool isAsciiPunctuation(char c) {
  return c > 0x20 && c < 0x7f && std::ispunct(static_cast<unsigned char>(c));
}
bool isSpaceAt(const std::string& s, size_t i) { return i >= s.size() || s[i] == ' ' || s[i] == '\t'; }
bool isWordChar(const std::string& s, size_t i) {
  return i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || (s[i] & 0x80));
}

// The length of the run of `c` at `at`.
size_t runAt(const std::string& s, size_t at, char c) {
  size_t end = at;
  while (end < s.size() && s[end] == c) ++end;
  return end - at;
}

// Where a code span opened by the run of n backticks at `at` ends (one past its closing run), npos when
// none closes it.
size_t codeSpanEnd(const std::string& s, size_t at, size_t n) {
  for (size_t j = s.find('`', at + n); j != std::string::npos; j = s.find('`', j)) {
    const size_t run = runAt(s, j, '`');
    if (run == n) return j + n;
    j += run;
  }
  return std::string::npos;
}

// A character reference's length at `at` ("&amp;", "&#123;", "&#x1F600;"), 0 when there is none.
size_t referenceAt(const std::string& s, size_t at) {
  size_t i = at + 1;
  if (i < s.size() && s[i] == '#') {
    ++i;
    const bool hex = i < s.size() && (s[i] == 'x' || s[i] == 'X');
    if (hex) ++i;
    const size_t digits = i;
    while (i < s.size() && i - digits < 7 &&
           (hex ? std::isxdigit(static_cast<unsigned char>(s[i]))
                : std::isdigit(static_cast<unsigned char>(s[i]))))
      ++i;
    if (i == digits) return 0;
  } else {
    const size_t letters = i;
    while (i < s.size() && i - letters < 32 && std::isalnum(static_cast<unsigned char>(s[i]))) ++i;
    if (i == letters || !std::isalpha(static_cast<unsigned char>(s[letters]))) return 0;
  }
  return i < s.size() && s[i] == ';' ? i + 1 - at : 0;
}

// An autolink's length at `at` ("<https://…>", "<a@b.org>"), 0 when there is none.
size_t autolinkAt(const std::string& s, size_t at) {
  const size_t end = s.find('>', at);
  if (end == std::string::npos) return 0;
  const std::string inside = s.substr(at + 1, end - at - 1);
  if (inside.empty() || inside.find_first_of(" \t<") != std::string::npos) return 0;
  const size_t colon = inside.find(':');
  const bool uri = colon != std::string::npos && colon >= 2 && colon <= 32 &&
                   std::isalpha(static_cast<unsigned char>(inside[0]));
  const size_t at_sign = inside.find('@');
  const bool email = !uri && at_sign != std::string::npos && at_sign > 0 && at_sign + 1 < inside.size();
  return uri || email ? end + 1 - at : 0;
}

// An inline HTML tag's length at `at` (<kbd>, </kbd>, <br/>, <span class="x">, <!-- … -->), 0 when none.
size_t htmlTagAt(const std::string& s, size_t at) {
  if (s.compare(at, 4, "<!--") == 0) {
    const size_t end = s.find("-->", at + 4);
    return end == std::string::npos ? 0 : end + 3 - at;
  }
  size_t i = at + 1;
  if (i < s.size() && s[i] == '/') ++i;
  if (i >= s.size() || !std::isalpha(static_cast<unsigned char>(s[i]))) return 0;
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '-')) ++i;
  for (char quote = 0; i < s.size(); ++i) {
    if (quote) {
      if (s[i] == quote) quote = 0;
      if (s[i] == '<' || s[i] == '>') return 0;  // (kept as text: the markup reads a tag up to its first '>')
    } else if (s[i] == '"' || s[i] == '\'') {
      quote = s[i];
    } else if (s[i] == '<') {
      return 0;
    } else if (s[i] == '>') {
      return i + 1 - at;
    }
  }
  return 0;
}

// Where the bracket opened at `at` closes (its ']'), skipping escapes and code spans; npos when none does.
size_t closingBracket(const std::string& s, size_t at, size_t end) {
  int depth = 0;
  for (size_t i = at; i < end; ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '`') {
      const size_t n = runAt(s, i, '`'), close = codeSpanEnd(s, i, n);
      i = (close == std::string::npos || close > end ? i + n : close) - 1;
    } else if (s[i] == '[') {
      ++depth;
    } else if (s[i] == ']' && --depth == 0) {
      return i;
    }
  }
  return std::string::npos;
}

// Where a link's "(destination "title")" opened at `at` closes (one past its ')'); npos when it does not.
size_t destinationEnd(const std::string& s, size_t at, size_t end) {
  int depth = 0;
  for (size_t i = at; i < end; ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '<' && i == at + 1) {
      const size_t close = s.find('>', i);
      if (close == std::string::npos || close >= end) return std::string::npos;
      i = close;
    } else if (s[i] == '"' || s[i] == '\'') {
      const size_t close = s.find(s[i], i + 1);
      if (close == std::string::npos || close >= end) return std::string::npos;
      i = close;
    } else if (s[i] == '(') {
      ++depth;
    } else if (s[i] == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string::npos;
}

class InlineReader {
 public:
  InlineReader(const std::string& raw, const std::map<size_t, std::string>& breaks,
               const std::set<std::string>& labels, MarkdownBlock& block)
      : s_(raw), breaks_(breaks), labels_(labels), b_(block) {}

  bool read() {
    span(0, s_.size());
    return html::hasLetters(plain_);
  }

 private:
  void text(char c) {
    plain_ += c;
    b_.marked += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  }
  void code(const std::string& written) {
    b_.marked += "<x-code n=\"" + std::to_string(b_.codes.size()) + "\"/>";
    b_.codes.push_back(written);
  }
  // A wrap around the inline text s_[from, to).
  void wrap(const std::string& open, size_t from, size_t to, const std::string& close) {
    const size_t k = b_.wraps.size();
    b_.wraps.push_back({open, close});
    b_.marked += "<x-wrap n=\"" + std::to_string(k) + "\">";
    plain_ += ' ';
    span(from, to);
    plain_ += ' ';
    b_.marked += "</x-wrap>";
  }

  // Where the emphasis opened by the run at `at` (of `n` times `c`) closes: the start of the same run,
  // right-flanking, before `end`; npos when none.
  size_t emphasisCloser(size_t at, size_t n, char c, size_t end) const {
    for (size_t j = at + n; j < end; ++j) {
      if (s_[j] == '\\') {
        ++j;
      } else if (s_[j] == '`') {
        const size_t run = runAt(s_, j, '`'), close = codeSpanEnd(s_, j, run);
        j = (close == std::string::npos || close > end ? j + run : close) - 1;
      } else if (s_[j] == c) {
        const size_t run = std::min(runAt(s_, j, c), end - j);
        if (run == n && !isSpaceAt(s_, j - 1) && (c != '_' || !isWordChar(s_, j + n))) return j;
        j += run - 1;
      }
    }
    return std::string::npos;
  }

  void span(size_t from, size_t to) {
    for (size_t i = from; i < to;) {
      const char c = s_[i];
      if (const auto hard = breaks_.find(i); hard != breaks_.end()) {
        code(hard->second);
        ++i;
      } else if (c == '\\' && i + 1 < to && isAsciiPunctuation(s_[i + 1])) {
        code(s_.substr(i, 2));
        i += 2;
      } else if (c == '`') {
        const size_t n = runAt(s_, i, '`'), close = codeSpanEnd(s_, i, n);
        if (close == std::string::npos || close > to) {
          for (size_t k = 0; k < n; ++k) text('`');
        } else {
          code(s_.substr(i, close - i));
        }
        i += close == std::string::npos || close > to ? n : close - i;
      } else if (c == '&' && referenceAt(s_, i)) {
        const size_t n = referenceAt(s_, i);
        code(s_.substr(i, n));
        i += n;
      } else if (c == '<' && autolinkAt(s_, i) && i + autolinkAt(s_, i) <= to) {
        const size_t n = autolinkAt(s_, i);
        code(s_.substr(i, n));
        i += n;
      } else if (c == '<' && htmlTagAt(s_, i) && i + htmlTagAt(s_, i) <= to) {
        const size_t n = htmlTagAt(s_, i);
        const std::string tag = s_.substr(i, n);
        if (tag[1] == '!' || html::lowered(tag).find("x-") == (tag[1] == '/' ? 2u : 1u)) {
          code(tag);  // a comment, or a tag named as the markup's own (<x-wrap>, <x-code>): a code
        } else {
          b_.marked += tag;  // a tag, as markup keeps it
          plain_ += ' ';
        }
        i += n;
      } else if ((c == '[' || (c == '!' && i + 1 < to && s_[i + 1] == '[')) && link(i, to)) {
        i = link_end_;
      } else if ((c == '*' || c == '_' || c == '~') && emphasis(i, to)) {
        i = link_end_;
      } else {
        text(c);
        ++i;
      }
    }
  }

  // A link or an image at `at` (its '[' or "!["): read into a wrap (a footnote reference into a code),
  // link_end_ set past it; false when there is none.
  bool link(size_t at, size_t to) {
    const bool image = s_[at] == '!';
    const size_t open = image ? at + 1 : at;
    const size_t close = closingBracket(s_, open, to);
    if (close == std::string::npos) return false;
    if (!image && s_.compare(open, 2, "[^") == 0) {  // a footnote's reference
      code(s_.substr(at, close + 1 - at));
      link_end_ = close + 1;
      return true;
    }
    size_t end = close + 1;
    if (end < to && s_[end] == '(') {
      end = destinationEnd(s_, end, to);
      if (end == std::string::npos) return false;
    } else if (end < to && s_[end] == '[') {
      // A full reference ("[text][label]") or a collapsed one ("[text][]"): a link where the label names a
      // definition; else its brackets are text ("[layer][head]" in prose).
      const size_t label = s_.find(']', end);
      if (label == std::string::npos || label >= to) return false;
      const std::string name =
          label == end + 1 ? s_.substr(open + 1, close - open - 1) : s_.substr(end + 1, label - end - 1);
      if (!labels_.count(html::lowered(name))) return false;
      end = label + 1;
    } else if (!labels_.count(html::lowered(s_.substr(open + 1, close - open - 1)))) {
      return false;  // "[text]" naming no definition: text
    }
    wrap(image ? "![" : "[", open + 1, close, s_.substr(close, end - close));
    link_end_ = end;
    return true;
  }

  // Emphasis opened at `at` (*, **, ***, _, __, ~~): read into a wrap, link_end_ set past its closing;
  // false when the run opens none.
  bool emphasis(size_t at, size_t to) {
    const char c = s_[at];
    const size_t n = std::min(runAt(s_, at, c), to - at);
    if (n > 3 || (c == '~' && n != 2) || isSpaceAt(s_, at + n) ||
        (c == '_' && at > 0 && isWordChar(s_, at - 1)))
      return false;
    const size_t close = emphasisCloser(at, n, c, to);
    if (close == std::string::npos || close == at + n) return false;
    const std::string run(n, c);
    wrap(run, at + n, close, run);
    link_end_ = close + n;
    return true;
  }

  const std::string& s_;
  const std::map<size_t, std::string>& breaks_;  // by their place in s_
  const std::set<std::string>& labels_;
  MarkdownBlock& b_;
  std::string plain_;
  size_t link_end_ = 0;  // where the link or emphasis just read ends
};

}  // namespace

bool markMarkdownInline(const std::string& raw, const std::map<size_t, std::string>& breaks,
                        const std::set<std::string>& labels, MarkdownBlock& block) {
  return InlineReader(raw, breaks, labels, block).read();
}

std::string markdownFromMarkup(const MarkdownBlock& block, const std::string& translation) {
  std::string out;
  std::vector<size_t> open;
  std::vector<bool> wrap_used(block.wraps.size()), code_used(block.codes.size());
  auto number = [](const std::string& tag) -> size_t {
    const size_t q = tag.find("n=\"");
    return q == std::string::npos ? size_t(-1) : size_t(std::strtoull(tag.c_str() + q + 3, nullptr, 10));
  };
  for (size_t i = 0; i < translation.size();) {
    const char c = translation[i];
    if (c == '<') {
      const size_t end = translation.find('>', i);
      const std::string tag = translation.substr(i, end == std::string::npos ? 1 : end + 1 - i);
      const size_t n = number(tag);
      if (tag.compare(0, 8, "<x-wrap ") == 0 && n < block.wraps.size() && !wrap_used[n]) {
        wrap_used[n] = true;
        open.push_back(n);
        out += block.wraps[n].first;
      } else if (tag == "</x-wrap>" && !open.empty()) {
        out += block.wraps[open.back()].second;
        open.pop_back();
      } else if (tag.compare(0, 8, "<x-code ") == 0 && n < block.codes.size() && !code_used[n]) {
        code_used[n] = true;
        out += block.codes[n];
      } else {
        out += tag;  // an inline HTML tag, as written
      }
      i += tag.size();
    } else if (c == '&') {
      static const std::pair<const char*, char> kReferences[] = {
          {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
      bool read = false;
      for (const auto& [reference, character] : kReferences)
        if (translation.compare(i, std::char_traits<char>::length(reference), reference) == 0) {
          out += character;
          i += std::char_traits<char>::length(reference);
          read = true;
          break;
        }
      if (!read) out += translation[i++];
    } else if (c == '|' && block.table_cell) {
      out += "\\|";
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  for (; !open.empty(); open.pop_back()) out += block.wraps[open.back()].second;
  // Nothing lost: what the translation's markup left out goes at its end.
  // (an emphasis around nothing would show its asterisks: it is left out, a link or an image is not)
  for (size_t k = 0; k < block.wraps.size(); ++k)
    if (!wrap_used[k] && block.wraps[k].first.find_first_not_of("*_~") != std::string::npos)
      out += block.wraps[k].first + block.wraps[k].second;
  for (size_t k = 0; k < block.codes.size(); ++k)
    if (!code_used[k]) out += (out.empty() ? "" : " ") + block.codes[k];
  return out;
}

}  // namespace studio::model
