#include "model/files/XlsxStrings.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/OfficePackages.h"
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
  StringReader(OfficeDocument& document, size_t part, const WorkbookFonts& fonts,
               const std::vector<std::string>& string_fonts)
      : d_(document),
        part_(part),
        fonts_(fonts),
        string_fonts_(string_fonts),
        prefix_(document.parts[part].prefix.empty() ? "" : html::lowered(document.parts[part].prefix) + ":"),
        written_(document.parts[part].prefix.empty() ? "" : document.parts[part].prefix + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    const std::string tag = local(name);
    if (open_.empty()) {
      if (tag == "c") cell_style_ = std::strtoull(attributeValue(attributes, "s").c_str(), nullptr, 10);
      if (tag != "si" && tag != "is") return;
      // The font its text is in where a run does not say: every cell's that shows it, or its cell's.
      cell_font_ = tag == "si" ? (strings_ < string_fonts_.size() ? string_fonts_[strings_] : std::string())
                               : fonts_.fontOf(cell_style_);
      strings_ += tag == "si";
      p_ = {};
      items_.clear();
      read_as_.reset();
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
      run_font_.clear();
      return push(StringFrame::Run);
    }
    if (at == StringFrame::RunProps && tag == "rfont") run_font_ = attributeValue(attributes, "val");
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
    if (!markOfficeParagraph(p_, items_)) return;
    d_.paragraphs.push_back(std::move(p_));
    countLegacyParagraph(d_, read_as_);
  }

  void characters(std::string_view text, bool) override {
    if (open_.empty() || open_.back() != StringFrame::Text) return;
    const bool in_run = open_.size() > 1 && open_[open_.size() - 2] == StringFrame::Run;
    const std::string& rpr = in_run ? rpr_ : kNone;
    std::string chars(text);
    // Text in an old Vietnamese font (its run's, else its cells'), kept as Windows-1252's characters.
    chars =
        textInFont(chars, in_run && !run_font_.empty() ? run_font_ : cell_font_, rpr, d_.name, p_, read_as_);
    // Words, and between them each stretch of newlines, tabs and escapes as a code that parts them.
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
  const WorkbookFonts& fonts_;
  const std::vector<std::string>& string_fonts_;
  size_t strings_ = 0;     // shared strings read
  size_t cell_style_ = 0;  // the style of the cell being read (a worksheet's)
  std::string cell_font_, run_font_;
  std::optional<LegacyEncoding> read_as_;  // set where text of the string was read from an old font
  std::string prefix_;   // "x:" as the reader names it, "" for the default namespace
  std::string written_;  // the same as the part writes it
  std::vector<StringFrame> open_;
  OfficeParagraph p_;
  std::vector<OfficeItem> items_;
  std::string rpr_;  // the properties of the run being read
  size_t rpr_begin_ = 0, content_end_ = 0;
};

}  // namespace

void readXlsxStrings(OfficeDocument& document, size_t part, const std::string& root, const std::string& name,
                     const WorkbookFonts& fonts, const std::vector<std::string>& string_fonts) {
  StringReader reader(document, part, fonts, string_fonts);
  readXml(document.parts[part].text, name, {root}, "an Excel workbook's part", reader);
}

std::string WorkbookFonts::fontOf(size_t style) const {
  return style < styles.size() && styles[style] < fonts.size() ? fonts[styles[style]] : std::string();
}

namespace {

// <fonts><font><name val="…"/></font>…</fonts> and <cellXfs><xf fontId="…"/>…</cellXfs>, any prefix.
struct StyleFontReader : XmlHandler {
  WorkbookFonts fonts;
  std::string in;  // "fonts", "cellxfs" while inside one
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    const std::string tag = officeLocalName(name);
    if (tag == "fonts" || tag == "cellxfs") in = tag;
    if (in == "fonts" && tag == "font") fonts.fonts.emplace_back();
    if (in == "fonts" && tag == "name" && !fonts.fonts.empty())
      fonts.fonts.back() = attributeValue(attributes, "val");
    if (in == "cellxfs" && tag == "xf")
      fonts.styles.push_back(std::strtoull(attributeValue(attributes, "fontid").c_str(), nullptr, 10));
  }
  void endElement(const std::string& name, const XmlSpan&) override {
    if (officeLocalName(name) == in) in.clear();
  }
  void characters(std::string_view, bool) override {}
};

// The fonts of a worksheet's cells that show a shared string (<c t="s"><v>K</v>), by string.
struct CellFontReader : XmlHandler {
  CellFontReader(const WorkbookFonts& f, std::vector<std::set<std::string>>& o) : fonts(f), out(o) {}
  const WorkbookFonts& fonts;
  std::vector<std::set<std::string>>& out;
  size_t style = 0;
  bool shared = false, in_value = false;
  std::string value;
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    const std::string tag = officeLocalName(name);
    if (tag == "c") {
      style = std::strtoull(attributeValue(attributes, "s").c_str(), nullptr, 10);
      shared = attributeValue(attributes, "t") == "s";
    }
    in_value = shared && tag == "v";
    if (in_value) value.clear();
  }
  void endElement(const std::string& name, const XmlSpan&) override {
    if (!in_value || officeLocalName(name) != "v") return;
    in_value = false;
    char* end = nullptr;
    const size_t index = std::strtoull(value.c_str(), &end, 10);
    if (end == value.c_str() || index > (size_t(1) << 24)) return;  // (not an index a workbook holds)
    if (out.size() <= index) out.resize(index + 1);
    out[index].insert(fonts.fontOf(style));
  }
  void characters(std::string_view text, bool) override {
    if (in_value) value += text;
  }
};

}  // namespace

WorkbookFonts readWorkbookFonts(const std::string& styles_xml, const std::string& name) {
  StyleFontReader reader;
  readXml(styles_xml, name, {rootElementName(styles_xml)}, "an Excel workbook's styles", reader);
  return reader.fonts;
}

void addSharedStringFonts(const std::string& sheet_xml, const std::string& name, const WorkbookFonts& fonts,
                          std::vector<std::set<std::string>>& fonts_of_strings) {
  CellFontReader reader(fonts, fonts_of_strings);
  readXml(sheet_xml, name, {rootElementName(sheet_xml)}, "an Excel worksheet", reader);
}

bool holdsInlineStrings(const std::string& xml) {
  return xml.find("\"inlineStr\"") != std::string::npos || xml.find("'inlineStr'") != std::string::npos;
}

}  // namespace studio::model
