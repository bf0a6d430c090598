#include "model/files/XlsxStrings.h"

#include <cctype>
#include <vector>

#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

// Where the reader stands inside a string.
enum class StringFrame {
  String,    // <si>, <is>
  Run,       // <r>
  RunProps,  // <rPr>: its bytes become the run's properties
  Text,      // <t>: its characters are the words
  Kept,      // phonetic runs, anything unknown: as written
};

// The length of one of SpreadsheetML's escapes at `at` ("_x000D_": 7), 0 where there is none.
size_t escapeAt(const std::string& text, size_t at) {
  if (text.compare(at, 2, "_x") != 0 || at + 7 > text.size() || text[at + 6] != '_') return 0;
  for (size_t i = at + 2; i < at + 6; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(text[i]))) return 0;
  return 7;
}

class StringReader : public XmlHandler {
 public:
  StringReader(OfficeDocument& document, size_t part)
      : d_(document),
        part_(part),
        prefix_(document.parts[part].prefix.empty() ? "" : html::lowered(document.parts[part].prefix) + ":"),
        written_(document.parts[part].prefix.empty() ? "" : document.parts[part].prefix + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>&, const XmlSpan& span) override {
    const std::string tag = local(name);
    if (open_.empty()) {
      if (tag != "si" && tag != "is") return;
      p_ = {};
      items_.clear();
      p_.part = part_;
      p_.line = span.line;
      p_.begin = span.end;
      content_end_ = 0;
      open_.push_back(StringFrame::String);
      return;
    }
    const StringFrame at = open_.back();
    if (at == StringFrame::String && tag == "t" && content_end_ == 0) return push(StringFrame::Text);
    if (at == StringFrame::String && tag == "r" && content_end_ == 0) {
      rpr_.clear();
      return push(StringFrame::Run);
    }
    if (at == StringFrame::Run && tag == "rpr") {
      rpr_begin_ = span.begin;
      return push(StringFrame::RunProps);
    }
    if (at == StringFrame::Run && tag == "t") return push(StringFrame::Text);
    // The phonetic runs come after the text: what is translated ends where they start.
    if (at == StringFrame::String && content_end_ == 0) content_end_ = span.begin;
    push(StringFrame::Kept);
  }

  void endElement(const std::string&, const XmlSpan& span) override {
    if (open_.empty()) return;
    const StringFrame frame = open_.back();
    open_.pop_back();
    if (frame == StringFrame::RunProps) rpr_ = d_.parts[part_].text.substr(rpr_begin_, span.end - rpr_begin_);
    if (frame != StringFrame::String) return;
    p_.end = content_end_ ? content_end_ : span.begin;
    if (p_.end < p_.begin) return;  // <si/>
    if (markOfficeParagraph(p_, items_)) d_.paragraphs.push_back(std::move(p_));
  }

  void characters(std::string_view text, bool) override {
    if (open_.empty() || open_.back() != StringFrame::Text) return;
    const bool in_run = open_.size() > 1 && open_[open_.size() - 2] == StringFrame::Run;
    const std::string& rpr = in_run ? rpr_ : kNone;
    // Words, and between them each stretch of newlines, tabs and escapes as a code that parts them.
    const std::string chars(text);
    std::string words;
    for (size_t i = 0; i < chars.size();) {
      size_t end = i;
      for (size_t step = 1; end < chars.size() && step;) {
        step = chars[end] == '\n' || chars[end] == '\r' || chars[end] == '\t' ? 1 : escapeAt(chars, end);
        end += step;
      }
      if (end == i) {
        words += chars[i++];
        continue;
      }
      addText(rpr, words);
      words.clear();
      items_.push_back({OfficeItem::Kind::Break, "", "", p_.codes.size()});
      p_.codes.push_back({"<" + written_ + "r>" + rpr + "<" + written_ + "t xml:space=\"preserve\">" +
                              escapeOfficeText(chars.substr(i, end - i)) + "</" + written_ + "t></" +
                              written_ + "r>",
                          0, 0, ""});
      i = end;
    }
    addText(rpr, words);
  }

 private:
  inline static const std::string kNone;

  std::string local(const std::string& name) const {
    if (prefix_.empty()) return name.find(':') == std::string::npos ? name : "";
    return name.compare(0, prefix_.size(), prefix_) == 0 ? name.substr(prefix_.size()) : "";
  }

  void push(StringFrame frame) { open_.push_back(frame); }

  void addText(const std::string& rpr, const std::string& text) {
    if (text.empty()) return;
    if (!items_.empty() && items_.back().kind == OfficeItem::Kind::Text && items_.back().rpr == rpr)
      items_.back().text += text;
    else
      items_.push_back({OfficeItem::Kind::Text, rpr, text, 0});
  }

  OfficeDocument& d_;
  size_t part_;
  std::string prefix_;   // "x:" as the reader names it, "" for the default namespace
  std::string written_;  // the same as the part writes it
  std::vector<StringFrame> open_;
  OfficeParagraph p_;
  std::vector<OfficeItem> items_;
  std::string rpr_;  // the properties of the run being read
  size_t rpr_begin_ = 0, content_end_ = 0;
};

}  // namespace

void readXlsxStrings(OfficeDocument& document, size_t part, const std::string& root,
                     const std::string& name) {
  StringReader reader(document, part);
  readXml(document.parts[part].text, name, {root}, "an Excel workbook's part", reader);
}

bool holdsInlineStrings(const std::string& xml) {
  return xml.find("\"inlineStr\"") != std::string::npos || xml.find("'inlineStr'") != std::string::npos;
}

}  // namespace studio::model
