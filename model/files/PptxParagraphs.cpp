#include "model/files/PptxParagraphs.h"

#include <algorithm>

#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/OfficePackages.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

// The elements open inside a paragraph, and what their ends do.
enum class SlideFrame {
  Paragraph,
  Properties,     // the paragraph's <a:pPr>: kept before its content
  Run,            // <a:r>
  RunProperties,  // its <a:rPr>
  RunText,        // its <a:t>
  Code,           // a field, anything else: kept as written
  Break,          // <a:br>: the same, parting the words beside it
  Inside,         // anything inside the above, or after the paragraph's end properties
};

struct SlideOpen {
  SlideFrame frame;
  size_t begin = 0;  // of its start tag
};

// Each tag of `xml` (outside comments and CDATA) given to `edit`, which may change it.
template <typename Edit>
std::string editTags(const std::string& xml, Edit&& edit) {
  std::string out;
  out.reserve(xml.size());
  size_t copied = 0;
  for (size_t at = xml.find('<'); at != std::string::npos; at = xml.find('<', at + 1)) {
    if (xml.compare(at, 4, "<!--") == 0 || xml.compare(at, 9, "<![CDATA[") == 0) {
      at = xml.find(xml[at + 2] == '-' ? "-->" : "]]>", at);
      if (at == std::string::npos) break;
      continue;
    }
    size_t end = at;
    for (char quote = 0; end < xml.size() && (quote || xml[end] != '>'); ++end)
      if (xml[end] == '"' || xml[end] == '\'') quote = quote == xml[end] ? 0 : quote ? quote : xml[end];
    if (end == xml.size()) break;
    std::string tag = xml.substr(at, end + 1 - at);
    if (edit(tag)) {
      out.append(xml, copied, at - copied);
      out += tag;
      copied = end + 1;
    }
    at = end;
  }
  out.append(xml, copied, std::string::npos);
  return out;
}

// A start tag's attributes: each one's [begin, end) from the space before its name, its name and value.
struct TagAttribute {
  size_t begin, end;
  std::string name, value;
  size_t value_at;
};
std::vector<TagAttribute> tagAttributes(const std::string& tag) {
  std::vector<TagAttribute> found;
  size_t i = 1;
  while (i < tag.size() && !html::isSpace(tag[i]) && tag[i] != '>' && tag[i] != '/') ++i;
  while (i < tag.size()) {
    const size_t begin = i;
    while (i < tag.size() && html::isSpace(tag[i])) ++i;
    const size_t name_at = i;
    while (i < tag.size() && !html::isSpace(tag[i]) && tag[i] != '=' && tag[i] != '>' && tag[i] != '/') ++i;
    if (i == name_at) break;
    const std::string name = tag.substr(name_at, i - name_at);
    while (i < tag.size() && (html::isSpace(tag[i]) || tag[i] == '=')) ++i;
    if (i >= tag.size() || (tag[i] != '"' && tag[i] != '\'')) break;
    const size_t close = tag.find(tag[i], i + 1);
    if (close == std::string::npos) break;
    found.push_back({begin, close + 1, name, tag.substr(i + 1, close - i - 1), i + 1});
    i = close + 1;
  }
  return found;
}

class SlideReader : public XmlHandler {
 public:
  SlideReader(OfficeDocument& document, size_t part, bool skip_placeholders, const SlideFonts& fonts)
      : d_(document),
        part_(part),
        skip_placeholders_(skip_placeholders),
        fonts_(fonts),
        text_(document.parts[part].text),
        prefix_(document.parts[part].prefix),
        a_(prefix_.empty() ? "" : html::lowered(prefix_) + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    if (open_.empty()) {
      // A shape (<p:sp>), and whether it is a placeholder (its <p:nvPr> holds a <p:ph>), a title's.
      const std::string local = name.substr(name.find(':') + 1);
      if (local == "sp") shapes_.push_back({});
      if (local == "ph" && !shapes_.empty()) {
        const std::string type = attributeValue(attributes, "type");
        shapes_.back() = {true, type == "title" || type == "ctrTitle"};
      }
      if (name != a_ + "p") return;
      if (skip_placeholders_ &&
          std::any_of(shapes_.begin(), shapes_.end(), [](const Shape& s) { return s.placeholder; }))
        return;
      read_as_.reset();
      p_ = {};
      p_.part = part_;
      p_.line = span.line;
      p_.begin = span.end;
      items_.clear();
      ended_ = false;
      open_.push_back({SlideFrame::Paragraph, span.begin});
      return;
    }
    const SlideFrame at = open_.back().frame;
    SlideFrame frame = SlideFrame::Inside;
    if (at == SlideFrame::Paragraph && !ended_) {
      if (name == a_ + "ppr" && items_.empty())
        frame = SlideFrame::Properties;
      else if (name == a_ + "r")
        frame = SlideFrame::Run, rpr_.clear(), run_font_.clear();
      else if (name == a_ + "br")
        frame = SlideFrame::Break;
      else if (name == a_ + "endpararpr")
        ended_ = true, p_.end = span.begin;  // it and what follows stay as they are
      else
        frame = SlideFrame::Code;  // a field, a formula, an extension
    } else if (at == SlideFrame::Run) {
      if (name == a_ + "rpr") frame = SlideFrame::RunProperties;
      if (name == a_ + "t") frame = SlideFrame::RunText;
    } else if (at == SlideFrame::RunProperties && name == a_ + "latin") {
      run_font_ = attributeValue(attributes, "typeface");
    }
    open_.push_back({frame, span.begin});
  }

  void endElement(const std::string& name, const XmlSpan& span) override {
    if (open_.empty()) {
      if (name.substr(name.find(':') + 1) == "sp" && !shapes_.empty()) shapes_.pop_back();
      return;
    }
    const SlideOpen o = open_.back();
    open_.pop_back();
    switch (o.frame) {
      case SlideFrame::Paragraph:
        if (span.begin == o.begin) return;  // <a:p/>
        if (!ended_) p_.end = span.begin;
        if (markOfficeParagraph(p_, items_)) {
          d_.paragraphs.push_back(std::move(p_));
          countLegacyParagraph(d_, read_as_);
        }
        return;
      case SlideFrame::Properties:
        p_.begin = span.end;
        return;
      case SlideFrame::RunProperties:
        rpr_ = translatedRunProperties(text_.substr(o.begin, span.end - o.begin), prefix_);
        return;
      case SlideFrame::Code:
      case SlideFrame::Break:
        items_.push_back({o.frame == SlideFrame::Break ? OfficeItem::Kind::Break : OfficeItem::Kind::Code, "",
                          "", p_.codes.size()});
        p_.codes.push_back({"", o.begin, span.end, ""});
        return;
      default:
        return;
    }
  }

  void characters(std::string_view given, bool) override {
    if (open_.empty() || open_.back().frame != SlideFrame::RunText) return;
    std::string text(given);
    text = textInFont(text, fontOfRun(), rpr_, d_.name, p_, read_as_);
    // A tab is a run of its own, parting the words beside it as <a:br> does.
    size_t start = 0;
    for (size_t tab = text.find('\t'); tab != std::string_view::npos; tab = text.find('\t', start)) {
      addText(text.substr(start, tab - start));
      const std::string a = prefix_.empty() ? "" : prefix_ + ":";
      items_.push_back({OfficeItem::Kind::Break, "", "", p_.codes.size()});
      p_.codes.push_back({"<" + a + "r>" + rpr_ + "<" + a + "t>\t</" + a + "t></" + a + "r>", 0, 0, ""});
      start = tab + 1;
    }
    addText(text.substr(start));
  }

 private:
  struct Shape {
    bool placeholder = false, title = false;
  };

  // The run's font: its own, else the theme's for a title or the body.
  std::string fontOfRun() const {
    const bool title = !shapes_.empty() && shapes_.back().title;
    if (run_font_ == "+mj-lt" || (run_font_.empty() && title)) return fonts_.major;
    if (run_font_ == "+mn-lt" || run_font_.empty()) return fonts_.minor;
    return run_font_;
  }

  void addText(std::string_view text) {
    if (text.empty()) return;
    if (!items_.empty() && items_.back().kind == OfficeItem::Kind::Text && items_.back().rpr == rpr_)
      items_.back().text += text;
    else
      items_.push_back({OfficeItem::Kind::Text, rpr_, std::string(text), 0});
  }

  OfficeDocument& d_;
  size_t part_;
  bool skip_placeholders_;
  SlideFonts fonts_;
  std::vector<Shape> shapes_;  // the shapes open
  std::string run_font_;       // the run's own font ("" for none)
  std::optional<LegacyEncoding> read_as_;  // set where text of the paragraph was read from an old font
  const std::string& text_;
  std::string prefix_;           // as written ("a")
  std::string a_;                // as the reader names it ("a:")
  std::vector<SlideOpen> open_;  // inside a paragraph: it and the elements open in it
  OfficeParagraph p_;
  std::vector<OfficeItem> items_;
  std::string rpr_;     // the run's properties, as translatedRunProperties gives them
  bool ended_ = false;  // its end properties seen
};

}  // namespace

namespace {

struct ThemeFonts : XmlHandler {
  SlideFonts fonts;
  std::string* in = nullptr;  // the font being read: inside <a:majorFont> or <a:minorFont>
  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    const std::string local = name.substr(name.find(':') + 1);
    if (local == "majorfont") in = &fonts.major;
    if (local == "minorfont") in = &fonts.minor;
    if (local == "latin" && in && in->empty()) *in = attributeValue(attributes, "typeface");
  }
  void endElement(const std::string& name, const XmlSpan&) override {
    const std::string local = name.substr(name.find(':') + 1);
    if (local == "majorfont" || local == "minorfont") in = nullptr;
  }
  void characters(std::string_view, bool) override {}
};

}  // namespace

SlideFonts readThemeFonts(const std::string& theme_xml, const std::string& name) {
  ThemeFonts reader;
  readXml(theme_xml, name, {rootElementName(theme_xml)}, "a PowerPoint theme", reader);
  return reader.fonts;
}

std::string englishDrawingLanguages(const std::string& xml) {
  return editTags(xml, [](std::string& tag) {
    if (tag.size() < 2 || tag[1] == '/' || tag[1] == '?' || tag[1] == '!') return false;
    bool changed = false;
    const auto attributes = tagAttributes(tag);
    for (auto a = attributes.rbegin(); a != attributes.rend(); ++a)
      if ((a->name == "lang" || a->name == "altLang") && primaryLanguage(a->value) == "vi") {
        tag.replace(a->value_at, a->value.size(), "en-US");
        changed = true;
      }
    return changed;
  });
}

std::string translatedRunProperties(const std::string& rpr, const std::string& prefix) {
  size_t start_end = 0;  // its start tag's '>'
  for (char quote = 0; start_end < rpr.size() && (quote || rpr[start_end] != '>'); ++start_end)
    if (rpr[start_end] == '"' || rpr[start_end] == '\'')
      quote = quote == rpr[start_end] ? 0 : quote ? quote : rpr[start_end];
  if (start_end >= rpr.size()) return {};
  std::string tag = rpr.substr(0, start_end + 1);
  const auto attributes = tagAttributes(tag);
  for (auto a = attributes.rbegin(); a != attributes.rend(); ++a)
    if (a->name == "err" || a->name == "dirty" || a->name == "smtClean")
      tag.erase(a->begin, a->end - a->begin);
  const std::string out = englishDrawingLanguages(tag + rpr.substr(start_end + 1));
  const std::string a = prefix.empty() ? "" : prefix + ":";
  if (out == "<" + a + "rPr/>" || out == "<" + a + "rPr />" || out == "<" + a + "rPr></" + a + "rPr>")
    return {};
  return out;
}

void readPptxParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                        const std::string& name, bool skip_placeholders, const SlideFonts& fonts) {
  SlideReader reader(document, part, skip_placeholders, fonts);
  readXml(document.parts[part].text, name, {root}, "a PowerPoint slide", reader);
}

}  // namespace studio::model
