#include "model/files/HtmlFile.h"

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string_view>

#include "model/data/Text.h"
#include "model/files/HtmlAttributes.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/HtmlTags.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

class PageReader {
 public:
  PageReader(HtmlDocument& document) : d_(document), text_(document.text), tags_(text_) {
    for (size_t i = text_.find('\n'); i != std::string_view::npos; i = text_.find('\n', i + 1))
      newlines_.push_back(i);
  }

  void read() {
    size_t i = 0, text_from = 0;
    while (i < text_.size()) {
      if (text_[i] != '<') {
        ++i;
        continue;
      }
      if (text_.substr(i, 2) == "<!" || text_.substr(i, 2) == "<?") {
        addText(text_from, i);
        const size_t end = html::declarationEnd(text_, i);
        if (text_.substr(i, 4) == "<!--") {
          if (in_run_) addCode(i, end);  // a comment inside a block stays where it was
        } else {
          if (text_.substr(i, 5) == "<?xml") noteCharset(html::xmlEncodingOf(text_, i, end));  // XHTML's
          flush(i);
        }
        i = text_from = end;
        continue;
      }
      const auto tag = tags_.at(i);
      if (!tag) {
        ++i;
        continue;
      }
      addText(text_from, i);
      i = text_from = take(*tag);
    }
    addText(text_from, text_.size());
    flush(text_.size());
  }

 private:
  // Takes a tag in; returns where reading goes on.
  size_t take(const html::Tag& tag) {
    if (tag.name == "x-code") {  // written as our placeholders are: kept as written, not taken for one
      addCode(tag.begin, tag.end);
      return tag.end;
    }
    if (tag.closing) {
      if (html::isBlock(tag.name))
        flush(tag.begin);
      else
        addMarkup(tag.begin, tag.end);
      return tag.end;
    }
    if (tag.name == "meta") {
      noteCharset(html::charsetOf(text_, tag));
      // <meta http-equiv="Content-Language" content="vi">
      if (html::lowered(value(tag, "http-equiv")) == "content-language")
        for (const auto* a : html::vietnameseIn(text_, tag, "content"))
          d_.languages.emplace_back(a->begin, a->end);
    }
    if (tag.name == "html" && !root_seen_) {
      root_seen_ = true;
      for (const auto& a : tag.attributes)
        if (a.name == "lang" || a.name == "xml:lang") d_.languages.emplace_back(a.begin, a.end);
    }
    const bool marked_no = html::lowered(value(tag, "translate")) == "no" || hasClass(tag, "notranslate");
    const bool has_content = !html::isVoid(tag.name) && !tag.self_closing;
    // An element in another language (<q lang="fr">, <span lang="en">) is not Vietnamese to translate; the
    // root's, the head's and the body's lang are a template's as often as not, and do not count.
    const bool other_language = has_content && tag.name != "html" && tag.name != "head" &&
                                tag.name != "body" && html::inAnotherLanguage(text_, tag);
    if (other_language && !marked_no) {
      ++d_.other_language;
      const size_t end = elementEnd(tag);
      if (html::isBlock(tag.name))
        flush(tag.begin);
      else
        addCode(tag.begin, end);
      return end;
    }
    if (marked_no || html::keptWhole(tag.name)) {
      if (!has_content) {  // <img translate="no" alt="…">: nothing of it translated
        if (html::isBlock(tag.name))
          flush(tag.begin);
        else
          addMarkup(tag.begin, tag.end);
        return tag.end;
      }
      if (marked_no) ++d_.not_translatable;
      const size_t end = elementEnd(tag);
      // Code, a script, a text area: kept as written, but what its own tag says to a reader (a text area's
      // placeholder, an icon's aria-label) is translated, unless it is marked not to be.
      const html::Tag* own = marked_no ? nullptr : &tag;
      if (html::isBlock(tag.name)) {
        flush(tag.begin);
        if (own) addAttributes(tag);
      } else {
        addCode(tag.begin, end, own);
      }
      return end;
    }
    if (has_content && html::isRawText(tag.name)) {  // the title: its text alone, a block of its own
      const auto [content_end, end] = html::endTagOf(text_, tag.name, tag.end);
      const size_t last = content_end == std::string_view::npos ? text_.size() : content_end;
      flush(tag.begin);
      addAttributes(tag);
      noteLanguages(tag);
      addText(tag.end, last);
      flush(last);
      return end == std::string_view::npos ? text_.size() : end;
    }
    if (html::isBlock(tag.name)) {
      flush(tag.begin);
      addAttributes(tag);
      if (tag.name != "html") noteLanguages(tag);
    } else {
      addMarkup(tag.begin, tag.end, &tag);
    }
    return tag.end;
  }

  // The attributes of a tag in no block: each one a text of its own.
  void addAttributes(const html::Tag& tag) {
    for (const auto* a : html::textAttributes(text_, tag))
      d_.attributes.push_back(html::attributeText(text_, *a, lineAt(a->begin)));
  }

  // One past the end tag that closes `tag` (the page's end when none does).
  size_t elementEnd(const html::Tag& tag) const {
    if (html::isRawText(tag.name)) {
      const size_t end = html::endTagOf(text_, tag.name, tag.end).second;
      return end == std::string_view::npos ? text_.size() : end;
    }
    int depth = 1;
    for (size_t i = text_.find('<', tag.end); i != std::string_view::npos; i = text_.find('<', i + 1)) {
      if (text_.substr(i, 2) == "<!" || text_.substr(i, 2) == "<?") {
        i = html::declarationEnd(text_, i) - 1;
        continue;
      }
      const auto inner = tags_.at(i);
      if (!inner) continue;
      if (inner->name == tag.name && !inner->self_closing && (inner->closing ? --depth : ++depth) == 0)
        return inner->end;
      if (!inner->closing && html::isRawText(inner->name)) {  // a script inside: its text is not markup
        const size_t end = html::endTagOf(text_, inner->name, inner->end).second;
        if (end == std::string_view::npos) break;
        i = end - 1;
        continue;
      }
      i = inner->end - 1;
    }
    return text_.size();
  }

  std::string value(const html::Tag& tag, std::string_view name) const {
    return html::valueOf(text_, tag, name);
  }

  bool hasClass(const html::Tag& tag, std::string_view wanted) const {
    for (const auto& word : data::splitWords(html::lowered(value(tag, "class"))))
      if (word == wanted) return true;
    return false;
  }

  // A charset the page declares, to be written as UTF-8's (when it is not already).
  void noteCharset(const std::optional<html::CharsetDeclaration>& found) {
    if (found && found->label != "utf-8" && found->label != "utf8")
      d_.charsets.emplace_back(found->begin, found->end);
  }

  size_t lineAt(size_t at) const {
    return size_t(std::upper_bound(newlines_.begin(), newlines_.end(), at) - newlines_.begin()) + 1;
  }

  void startRun(size_t at) {
    if (in_run_) return;
    in_run_ = true;
    run_begin_ = at;
    marked_.clear();
    codes_.clear();
    pending_.clear();
    letters_ = false;
  }

  void addSpace() {
    if (!marked_.empty() && marked_.back() != ' ') marked_ += ' ';
  }

  // Text: whitespace as one space; a letter in it (not in a character reference) makes the run a block.
  void addText(size_t begin, size_t end) {
    if (begin >= end) return;
    startRun(begin);
    for (size_t i = begin; i < end; ++i) {
      const char c = text_[i];
      if (html::isSpace(c)) {
        addSpace();
        continue;
      }
      marked_ += c;
      if (c == '&') {  // a character reference (&amp; &#39; &nbsp;) is no letter of the text's own
        const size_t j = html::referenceEnd(text_, i, end);
        if (j > i) {
          marked_.append(text_.substr(i + 1, j - i));
          i = j;
        }
        continue;
      }
      if (html::letterAt(text_, i, end)) letters_ = true;
    }
  }

  // An inline tag, as written but on one line; the values of its attributes
  // that are text (when `tag` is given) each replaced by a placeholder, and a
  // lang that says Vietnamese by "en" (its words are translated with the block's).
  void addMarkup(size_t begin, size_t end, const html::Tag* tag = nullptr) {
    startRun(begin);
    std::vector<std::pair<const html::Attribute*, bool>> edits;  // (attribute, it is text)
    if (tag) {
      for (const auto* a : html::textAttributes(text_, *tag)) edits.emplace_back(a, true);
      for (const auto* a : html::vietnameseIn(text_, *tag, "lang")) edits.emplace_back(a, false);
      for (const auto* a : html::vietnameseIn(text_, *tag, "xml:lang")) edits.emplace_back(a, false);
      std::sort(edits.begin(), edits.end(),
                [](const auto& x, const auto& y) { return x.first->begin < y.first->begin; });
    }
    size_t i = begin;
    for (const auto& [a, text] : edits) {
      for (; i < a->begin; ++i) marked_ += html::isSpace(text_[i]) ? ' ' : text_[i];
      if (text) {
        pending_.push_back(html::attributeText(text_, *a, lineAt(a->begin)));
        pending_.back().placeholder = placeholder(pending_.size() - 1);
        marked_ += pending_.back().placeholder;
      } else {
        marked_ += "en";
      }
      i = a->end;
    }
    for (; i < end; ++i) marked_ += html::isSpace(text_[i]) ? ' ' : text_[i];
  }

  // A block's element that says its language is Vietnamese: English once translated.
  void noteLanguages(const html::Tag& tag) {
    for (const char* name : {"lang", "xml:lang"})
      for (const auto* a : html::vietnameseIn(text_, tag, name)) d_.languages.emplace_back(a->begin, a->end);
  }

  // What stands for the value of a block's K-th attribute in its marked text: no text of the page holds it.
  std::string placeholder(size_t k) {
    if (placeholder_base_.empty()) {
      placeholder_base_ = "@attr";
      while (text_.find(placeholder_base_) != std::string_view::npos) placeholder_base_ += '@';
    }
    return placeholder_base_ + std::to_string(k) + "@";
  }

  // Bytes kept as written, through a placeholder.
  // (`tag` given: the values of its attributes that are text each replaced by a placeholder in the code.)
  void addCode(size_t begin, size_t end, const html::Tag* tag = nullptr) {
    startRun(begin);
    marked_ += "<x-code n=\"" + std::to_string(codes_.size()) + "\"/>";
    std::string code;
    size_t i = begin;
    if (tag)
      for (const auto* a : html::textAttributes(text_, *tag)) {
        code.append(text_.substr(i, a->begin - i));
        pending_.push_back(html::attributeText(text_, *a, lineAt(a->begin)));
        pending_.back().placeholder = placeholder(pending_.size() - 1);
        code += pending_.back().placeholder;
        i = a->end;
      }
    code.append(text_.substr(i, end - i));
    codes_.push_back(std::move(code));
  }

  // The run of text and inline markup up to `end` is over: a block when it has a letter.
  void flush(size_t end) {
    if (!in_run_) return;
    in_run_ = false;
    if (!letters_) {  // no block: its tags' attributes are texts of their own
      for (auto& a : pending_) {
        a.placeholder.clear();
        d_.attributes.push_back(std::move(a));
      }
      return;
    }
    size_t begin = run_begin_;
    while (begin < end && html::isSpace(text_[begin])) ++begin;
    while (end > begin && html::isSpace(text_[end - 1])) --end;
    HtmlBlock block;
    block.begin = begin;
    block.end = end;
    block.line = lineAt(begin);
    const size_t first = marked_.find_first_not_of(' '), last = marked_.find_last_not_of(' ');
    block.marked = marked_.substr(first, last - first + 1);
    block.codes = std::move(codes_);
    for (auto& a : pending_) {
      a.block = d_.blocks.size();
      d_.attributes.push_back(std::move(a));
    }
    d_.blocks.push_back(std::move(block));
  }

  HtmlDocument& d_;
  std::string_view text_;
  html::TagReader tags_;
  std::vector<size_t> newlines_;
  bool root_seen_ = false;
  bool in_run_ = false, letters_ = false;
  size_t run_begin_ = 0;
  std::string marked_;
  std::vector<std::string> codes_;
  std::vector<HtmlAttributeText> pending_;  // the attributes of the run's inline tags
  std::string placeholder_base_;
};

}  // namespace

HtmlDocument readHtml(const std::string& bytes, const std::string& name,
                      std::optional<LegacyEncoding> legacy) {
  const size_t nul = bytes.find('\0');
  if (nul != std::string::npos)
    throw std::runtime_error(name + " line " +
                             std::to_string(std::count(bytes.begin(), bytes.begin() + long(nul), '\n') + 1) +
                             ": a NUL byte: not a web page");
  auto page = html::pageToUtf8(bytes, name, legacy);
  HtmlDocument d;
  d.name = name;
  d.text = std::move(page.text);
  d.bom = page.bom;
  d.encoding = std::move(page.encoding);
  d.notices = std::move(page.notices);
  PageReader(d).read();
  return d;
}

std::optional<HtmlDocument> readHtmlFile(const std::string& path, std::optional<LegacyEncoding> legacy) {
  const std::string lower = html::lowered(path);
  const bool named = [&] {
    for (const char* suffix : {".html", ".htm", ".xhtml"})
      if (lower.size() > std::string_view(suffix).size() &&
          lower.compare(lower.size() - std::string_view(suffix).size(), std::string::npos, suffix) == 0)
        return true;
    return false;
  }();
  if (!named && !fileStartsWithElement(path, {"html"})) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return readHtml(bytes, path, legacy);
}

}  // namespace studio::model
