#include "model/files/DocxParagraphs.h"

#include <algorithm>
#include <iterator>
#include <map>

#include "model/data/Text.h"
#include "model/evaluation/CodePoints.h"
#include "model/files/HtmlEncoding.h"
#include "model/files/HtmlTags.h"
#include "model/files/LegacyEncodings.h"
#include "model/files/OfficeItems.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

using Item = OfficeItem;

// The elements open inside a paragraph, and what their ends do.
enum class Frame {
  Paragraph,
  Wrap,         // a hyperlink, a field, a content control, …: its runs are text
  WrapContent,  // a content control's <w:sdtContent>
  WrapProps,    // a wrap's properties: part of its opening
  Props,        // the paragraph's properties: kept before its content
  Run,
  RunProps,
  Text,
  Code,      // a child of the paragraph kept as written
  RunCode,   // a child of a run kept as written, in a run of its properties
  RunBreak,  // the same, parting the words beside it (a tab, a line break)
  Ignored,   // a mark Word makes again (a spelling error's, a page break it rendered)
  Inside,    // anything inside the above
};

struct Open {
  Frame frame;
  size_t begin = 0;  // of its start tag
  size_t index = 0;  // Wrap: in wraps
  // Its bytes are written back as they are (a code's, properties', a field's instruction): a paragraph in
  // it (a text box's) is one of its own, written into them.
  bool ranged = false;
};

struct Building {
  OfficeParagraph p;
  std::vector<Item> items;
  std::vector<Open> open;
  std::vector<size_t> wraps;             // the element wraps open, innermost last
  std::vector<bool> wrap_content;        // each wrap's: a child other than its properties seen
  std::map<size_t, size_t> close_begin;  // a content control's wrap: where its closing starts
  // The run being read, its font and character style; the paragraph's style.
  size_t run_begin = 0;
  std::string rpr, run_font, run_style, paragraph_style;
  std::optional<LegacyEncoding> read_as;  // set where text was read from an old font (".Vn", VNI)
  // A field: where its instruction's code starts (from the fldChar begin) and
  // what the end of this run does with it.
  size_t field_begin = 0, field_wraps = 0;
  std::string field_before;
  enum class RunEnd { Nothing, Separate, WholeField, CloseField } run_end = RunEnd::Nothing;
  size_t close_from = 0;  // CloseField: the fldChar end's start
  struct Field {
    size_t wrap, wraps;  // its wrap, and how many element wraps were open
  };
  std::vector<Field> fields;  // fields whose result is being read
  std::string kept;           // why it is kept as written ("" when it is translated)
  bool content = false;       // a child other than its properties seen
};

class PartReader : public XmlHandler {
 public:
  PartReader(OfficeDocument& document, size_t part, const std::string& prefix, const WordStyleFonts& fonts)
      : d_(document),
        fonts_(fonts),
        part_(part),
        text_(document.parts[part].text),
        prefix_(html::lowered(prefix)),
        written_prefix_(prefix.empty() ? "" : prefix + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    const std::string tag = local(name);
    if (tag == "p" && (building_.empty() || building_.back().open.back().ranged)) {
      building_.emplace_back();
      auto& b = building_.back();
      b.p.part = part_;
      b.p.line = span.line;
      b.p.begin = span.end;
      b.open.push_back({Frame::Paragraph, span.begin});
      if (instruction_ > 0) {  // a field's instruction goes on from the paragraph before
        b.kept = "a field's instruction goes on over paragraphs";
      }
      return;
    }
    if (building_.empty()) return;
    auto& b = building_.back();
    const Frame at = b.open.back().frame;
    auto push = [&](Frame f, size_t index = 0) {
      const bool code = f == Frame::Code || f == Frame::RunCode || f == Frame::RunBreak ||
                        f == Frame::WrapProps || f == Frame::Props;
      const bool inside = f == Frame::Inside || f == Frame::Run;
      const bool in_field = instruction_ > 0 || b.run_end != Building::RunEnd::Nothing;
      b.open.push_back({f, span.begin, index, code || (inside && (b.open.back().ranged || in_field))});
    };
    if (at == Frame::Text) b.kept = "its text (a <w:t>) holds elements";
    // The paragraph's style, the run's font and character style: which font its text is in.
    auto val = [&] { return attributeValue(attributes, prefix_.empty() ? "val" : prefix_ + ":val"); };
    if (at == Frame::Props && tag == "pstyle") b.paragraph_style = val();
    if (at == Frame::RunProps && tag == "rstyle") b.run_style = val();
    if (at == Frame::RunProps && tag == "rfonts") b.run_font = fontAttribute(attributes);
    switch (at) {
      case Frame::Paragraph:
      case Frame::Wrap:
      case Frame::WrapContent:
        return content(b, tag, span, push);
      case Frame::Run:
        return runChild(b, tag, attributes, span, push);
      default:
        return push(Frame::Inside);
    }
  }

  void endElement(const std::string& name, const XmlSpan& span) override {
    if (building_.empty()) return;
    auto& b = building_.back();
    const Open o = b.open.back();
    b.open.pop_back();
    switch (o.frame) {
      case Frame::Paragraph:
        b.p.end = span.begin;
        return finish();
      case Frame::Props:
        if (!b.content) b.p.begin = span.end;
        return;
      case Frame::WrapProps:
        b.p.wraps[o.index].open.end = span.end;
        return;
      case Frame::WrapContent:
        b.close_begin[o.index] = span.begin;
        return;
      case Frame::Wrap: {
        auto& wrap = b.p.wraps[o.index];
        const auto from = b.close_begin.find(o.index);
        wrap.close.begin = from == b.close_begin.end() ? span.begin : from->second;
        wrap.close.end = span.end;
        if (wrap.close.begin == wrap.open.begin) wrap.close.begin = wrap.close.end;  // <w:hyperlink/>
        b.wraps.pop_back();
        if (instruction_ > 0) b.kept = "a field's instruction crosses a hyperlink's or other element's edge";
        b.items.push_back({Item::Kind::Close, "", "", o.index});
        return;
      }
      case Frame::Code:
        if (instruction_ == 0) code(b, Item::Kind::Code, {"", o.begin, span.end, ""});
        return;
      case Frame::RunCode:
      case Frame::RunBreak:
        if (instruction_ == 0)
          code(b, o.frame == Frame::RunBreak ? Item::Kind::Break : Item::Kind::Code,
               {run() + b.rpr, o.begin, span.end, "</" + written_prefix_ + "r>"});
        return;
      case Frame::RunProps:
        b.rpr = text_.substr(o.begin, span.end - o.begin);
        return;
      case Frame::Run:
        return runEnd(b, span);
      default:
        (void)name;
        return;
    }
  }

  void characters(std::string_view text, bool defined) override {
    if (building_.empty()) return;
    auto& b = building_.back();
    if (b.open.back().frame != Frame::Text || instruction_ > 0) return;
    // (an '&' XML does not define is kept as written by the reader: Word never writes one)
    (void)defined;
    std::string chars(text);
    // Text in an old Vietnamese font: Word keeps each byte as the character of Windows-1252 that has it;
    // read in the font's encoding. Text with a character Windows-1252 lacks was typed in Unicode: as it is.
    addText(b, textInFont(chars, fonts_.fontOf(b.run_font, b.run_style, b.paragraph_style), b.rpr, d_.name,
                          b.p, b.read_as));
  }

 private:
  std::string local(const std::string& name) const {
    if (prefix_.empty()) return name.find(':') == std::string::npos ? name : "";
    if (name.size() > prefix_.size() && name.compare(0, prefix_.size(), prefix_) == 0 &&
        name[prefix_.size()] == ':')
      return name.substr(prefix_.size() + 1);
    return "";  // another vocabulary's (an equation's, a drawing's, markup compatibility's): kept whole
  }
  std::string run() const { return "<" + written_prefix_ + "r>"; }

  // A font's name as rFonts gives it for text beyond ASCII: hAnsi, else ascii.
  std::string fontAttribute(const std::vector<XmlAttribute>& attributes) const {
    const std::string hansi = attributeValue(attributes, prefix_.empty() ? "hansi" : prefix_ + ":hansi");
    return hansi.empty() ? attributeValue(attributes, prefix_.empty() ? "ascii" : prefix_ + ":ascii") : hansi;
  }

  template <typename Push>
  void content(Building& b, const std::string& tag, const XmlSpan& span, Push&& push) {
    if (tag == "ppr" && !b.content && b.open.back().frame == Frame::Paragraph) return push(Frame::Props);
    b.content = true;
    if (b.open.back().frame == Frame::Wrap) {
      const size_t w = b.open.back().index;
      if (!b.wrap_content[w]) {
        // Properties and a content control's content start: part of the wrap's opening.
        auto& open = b.p.wraps[w].open;
        if (tag.size() > 2 && tag.compare(tag.size() - 2, 2, "pr") == 0) return push(Frame::WrapProps, w);
        if (tag == "sdtcontent") {
          open.end = span.end;
          return push(Frame::WrapContent, w);
        }
      }
      b.wrap_content[w] = true;
    }
    static const char* wraps[] = {"hyperlink", "smarttag", "customxml", "ins", "moveto",
                                  "dir",       "bdo",      "fldsimple", "sdt"};
    if (tag == "r") {
      b.run_begin = span.begin;
      b.rpr.clear();
      b.run_font.clear();
      b.run_style.clear();
      return push(Frame::Run);
    }
    if (tag == "prooferr") return push(Frame::Ignored);
    if (std::any_of(std::begin(wraps), std::end(wraps), [&](const char* w) { return tag == w; })) {
      if (instruction_ > 0) {
        b.kept = "a field's instruction crosses a hyperlink's or other element's edge";
        return push(Frame::Inside);
      }
      const size_t w = b.p.wraps.size();
      b.p.wraps.push_back({{"", span.begin, span.end, ""}, {}});
      b.wrap_content.push_back(false);
      b.wraps.push_back(w);
      b.items.push_back({Item::Kind::Open, "", "", w});
      return push(Frame::Wrap, w);
    }
    return push(Frame::Code);  // a bookmark, a tracked deletion, an equation, …
  }

  template <typename Push>
  void runChild(Building& b, const std::string& tag, const std::vector<XmlAttribute>& attributes,
                const XmlSpan& span, Push&& push) {
    if (tag == "rpr") return push(Frame::RunProps);
    if (tag == "fldchar" && b.run_end == Building::RunEnd::Nothing) {
      const std::string type =
          attributeValue(attributes, prefix_.empty() ? "fldchartype" : prefix_ + ":fldchartype");
      field(b, type, span);
      return push(Frame::Inside);
    }
    // The instruction is a code, whole; so is what follows a field's separator or end in its run.
    if (instruction_ > 0 || b.run_end != Building::RunEnd::Nothing) return push(Frame::Inside);
    if (tag == "t") return push(Frame::Text);
    if (tag == "tab" || tag == "br" || tag == "cr" || tag == "ptab") return push(Frame::RunBreak);
    if (tag == "nobreakhyphen") {
      addText(b, "-");
      return push(Frame::Inside);
    }
    if (tag == "softhyphen" || tag == "lastrenderedpagebreak") return push(Frame::Ignored);
    return push(Frame::RunCode);  // a picture, a symbol, a footnote's mark, …
  }

  void field(Building& b, const std::string& type, const XmlSpan& span) {
    if (type == "begin") {
      if (instruction_++ == 0) {
        b.field_before = run() + b.rpr;
        b.field_begin = span.begin;
        b.field_wraps = b.wraps.size();
      }
    } else if (type == "separate") {
      if (instruction_ == 1) {
        instruction_ = 0;
        b.run_end = Building::RunEnd::Separate;
      }
    } else if (type == "end") {
      if (instruction_ > 1) {
        --instruction_;
      } else if (instruction_ == 1) {
        instruction_ = 0;
        b.run_end = Building::RunEnd::WholeField;
      } else {
        b.run_end = Building::RunEnd::CloseField;
        b.close_from = span.begin;
      }
    }
  }

  void runEnd(Building& b, const XmlSpan& span) {
    const auto what = b.run_end;
    b.run_end = Building::RunEnd::Nothing;
    if (what == Building::RunEnd::Nothing) return;
    if (what != Building::RunEnd::CloseField && b.wraps.size() != b.field_wraps)
      b.kept = "a field's instruction crosses a hyperlink's or other element's edge";
    const OfficePiece instruction{b.field_before, b.field_begin, span.end, ""};
    if (what == Building::RunEnd::WholeField) return code(b, Item::Kind::Code, instruction);
    if (what == Building::RunEnd::Separate) {
      const size_t w = b.p.wraps.size();
      b.p.wraps.push_back({instruction, {}});
      b.wrap_content.push_back(true);
      b.items.push_back({Item::Kind::Open, "", "", w});
      b.fields.push_back({w, b.wraps.size()});
      return;
    }
    const OfficePiece end{run() + b.rpr, b.close_from, span.end, ""};
    if (!b.fields.empty() && b.fields.back().wraps == b.wraps.size()) {
      b.p.wraps[b.fields.back().wrap].close = end;
      b.items.push_back({Item::Kind::Close, "", "", b.fields.back().wrap});
      b.fields.pop_back();
    } else {
      code(b, Item::Kind::Code, end);  // the end of a field that began before this paragraph
    }
  }

  void code(Building& b, Item::Kind kind, const OfficePiece& piece) {
    b.items.push_back({kind, "", "", b.p.codes.size()});
    b.p.codes.push_back(piece);
  }

  void addText(Building& b, const std::string& text) {
    if (!b.items.empty() && b.items.back().kind == Item::Kind::Text && b.items.back().rpr == b.rpr)
      b.items.back().text += text;
    else
      b.items.push_back({Item::Kind::Text, b.rpr, text, 0});
  }

  void finish();

  OfficeDocument& d_;
  const WordStyleFonts& fonts_;
  size_t part_;
  const std::string& text_;
  std::string prefix_, written_prefix_;
  std::vector<Building> building_;  // a paragraph, and one inside it (a text box's) after it
  int instruction_ = 0;             // the fields whose instruction is being read (nested ones counted)
};

void PartReader::finish() {
  Building b = std::move(building_.back());
  building_.pop_back();
  if (instruction_ > 0 && b.kept.empty()) b.kept = "a field's instruction goes on over paragraphs";
  auto& p = b.p;
  // A field whose result goes on into the next paragraph (a table of contents): its opening is a code here.
  for (const auto& f : b.fields) {
    auto it = std::find_if(b.items.begin(), b.items.end(),
                           [&](const Item& i) { return i.kind == Item::Kind::Open && i.index == f.wrap; });
    it->kind = Item::Kind::Code;
    it->index = p.codes.size();
    p.codes.push_back(p.wraps[f.wrap].open);
    p.wraps[f.wrap].open = p.wraps[f.wrap].close = {};
  }
  if (!markOfficeParagraph(p, b.items)) return;  // nothing to translate: as it was
  if (!b.kept.empty()) {
    d_.kept.push_back({part_, p.line, b.kept});
    return;
  }
  countLegacyParagraph(d_, b.read_as);
  d_.paragraphs.push_back(std::move(p));
}

}  // namespace

void readDocxParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                        const WordStyleFonts& fonts, const std::string& name) {
  PartReader reader(document, part, document.parts[part].prefix, fonts);
  readXml(document.parts[part].text, name, {root}, "a Word document's part", reader);
}

}  // namespace studio::model
