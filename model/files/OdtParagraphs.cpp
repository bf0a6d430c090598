#include "model/files/OdtParagraphs.h"

#include <algorithm>
#include <iterator>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficeItems.h"
#include "model/files/OfficePackages.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

// The elements open inside a paragraph, and what their ends do.
enum class OdtFrame {
  Paragraph,
  Wrap,     // a span, a link, inline metadata: its words are text
  Code,     // kept as written
  Break,    // the same, parting the words beside it
  Ignored,  // a soft page break
  Space,    // <text:s/>: a space
  Inside,   // anything inside the above
};

struct OdtOpen {
  OdtFrame frame;
  size_t begin = 0;     // of its start tag
  size_t index = 0;     // Wrap: in wraps
  bool ranged = false;  // its bytes are written back as they are: a paragraph in it is one of its own
};

struct OdtBuilding {
  OfficeParagraph p;
  std::vector<OfficeItem> items;
  std::vector<OdtOpen> open;
};

class OdtReader : public XmlHandler {
 public:
  OdtReader(OfficeDocument& document, size_t part, const std::string& office_prefix,
            const std::string& placeholder_class, const std::string& table_prefix)
      : d_(document),
        part_(part),
        text_(html::lowered(document.parts[part].prefix) + ":"),
        office_(html::lowered(office_prefix) + ":"),
        annotation_(office_ + "annotation"),
        placeholder_class_(placeholder_class),
        table_(table_prefix.empty() ? "" : html::lowered(table_prefix) + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan& span) override {
    ++depth_;
    if (skipped_at_) return;
    if (building_.empty() && skipped(name, attributes)) {
      if (name == annotation_) ++d_.comments;
      skipped_at_ = depth_;
      return;
    }
    if (name == annotation_) ++d_.comments;
    const std::string tag = local(name);
    if ((tag == "p" || tag == "h") && (building_.empty() || building_.back().open.back().ranged)) {
      building_.emplace_back();
      auto& b = building_.back();
      b.p.part = part_;
      b.p.line = span.line;
      b.p.begin = span.end;
      b.open.push_back({OdtFrame::Paragraph, span.begin});
      return;
    }
    if (building_.empty()) return;
    auto& b = building_.back();
    const OdtOpen& at = b.open.back();
    auto push = [&](OdtFrame f, size_t index = 0) {
      const bool ranged =
          f == OdtFrame::Code || f == OdtFrame::Break || (f == OdtFrame::Inside && b.open.back().ranged);
      b.open.push_back({f, span.begin, index, ranged});
    };
    if (at.frame != OdtFrame::Paragraph && at.frame != OdtFrame::Wrap) return push(OdtFrame::Inside);
    static const char* wraps[] = {"span", "a", "meta"};
    if (std::any_of(std::begin(wraps), std::end(wraps), [&](const char* w) { return tag == w; })) {
      const size_t w = b.p.wraps.size();
      b.p.wraps.push_back({{"", span.begin, span.end, ""}, {}});
      b.items.push_back({OfficeItem::Kind::Open, "", "", w});
      return push(OdtFrame::Wrap, w);
    }
    if (tag == "s") return push(OdtFrame::Space);
    if (tag == "tab" || tag == "line-break") return push(OdtFrame::Break);
    if (tag == "soft-page-break") return push(OdtFrame::Ignored);
    push(OdtFrame::Code);  // a bookmark, a note, a frame, a field, a comment, a change's mark, …
    if (name == annotation_) b.open.back().ranged = false;  // a comment is not translated, as Word's are not
  }

  void endElement(const std::string&, const XmlSpan& span) override {
    if (skipped_at_ == depth_) skipped_at_ = 0;
    --depth_;
    if (building_.empty()) return;
    auto& b = building_.back();
    const OdtOpen o = b.open.back();
    b.open.pop_back();
    switch (o.frame) {
      case OdtFrame::Paragraph:
        b.p.end = span.begin;
        return finish();
      case OdtFrame::Wrap: {
        auto& wrap = b.p.wraps[o.index];
        wrap.close = {"", span.begin == o.begin ? span.end : span.begin, span.end, ""};  // <text:span/>
        b.items.push_back({OfficeItem::Kind::Close, "", "", o.index});
        return;
      }
      case OdtFrame::Code:
      case OdtFrame::Break:
        b.items.push_back({o.frame == OdtFrame::Break ? OfficeItem::Kind::Break : OfficeItem::Kind::Code, "",
                           "", b.p.codes.size()});
        b.p.codes.push_back({"", o.begin, span.end, ""});
        return;
      case OdtFrame::Space:
        return addText(b, " ");
      default:
        return;
    }
  }

  void characters(std::string_view text, bool) override {
    if (building_.empty()) return;
    auto& b = building_.back();
    const OdtFrame at = b.open.back().frame;
    if (at == OdtFrame::Paragraph || at == OdtFrame::Wrap) addText(b, std::string(text));
  }

 private:
  std::string local(const std::string& name) const {
    return name.size() > text_.size() && name.compare(0, text_.size(), text_) == 0 ? name.substr(text_.size())
                                                                                   : "";
  }

  // Outside a paragraph, an element whose text is not translated: a presentation's master page's
  // placeholder (its prompt); a spreadsheet's cell that holds a number, a date or a formula (its
  // paragraph shows the value as formatted, or the formula's result as last computed) and a comment
  // on a cell.
  bool skipped(const std::string& name, const std::vector<XmlAttribute>& attributes) const {
    if (!placeholder_class_.empty() && !attributeValue(attributes, placeholder_class_).empty()) return true;
    if (table_.empty()) return false;
    if (name == annotation_) return true;
    if (name != table_ + "table-cell" && name != table_ + "covered-table-cell") return false;
    const std::string type = attributeValue(attributes, office_ + "value-type");
    return !attributeValue(attributes, table_ + "formula").empty() || (!type.empty() && type != "string");
  }

  static void addText(OdtBuilding& b, const std::string& text) {
    if (!b.items.empty() && b.items.back().kind == OfficeItem::Kind::Text)
      b.items.back().text += text;
    else
      b.items.push_back({OfficeItem::Kind::Text, "", text, 0});
  }

  void finish() {
    OdtBuilding b = std::move(building_.back());
    building_.pop_back();
    if (b.p.end < b.p.begin) return;  // <text:p/>
    if (markOfficeParagraph(b.p, b.items)) d_.paragraphs.push_back(std::move(b.p));
  }

  OfficeDocument& d_;
  size_t part_;
  std::string text_;                   // "text:", the text namespace's prefix as the reader names it
  std::string office_;                 // "office:"
  std::string annotation_;             // "office:annotation"
  std::string placeholder_class_;      // "presentation:class" where placeholders are skipped, else ""
  std::string table_;                  // a spreadsheet's "table:", else ""
  size_t depth_ = 0;                   // elements open
  size_t skipped_at_ = 0;              // the depth of the element being skipped, 0 outside one
  std::vector<OdtBuilding> building_;  // a paragraph, and one inside it (a note's, a text box's) after it
};

}  // namespace

void readOdtParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                       const std::string& office_prefix, const std::string& name,
                       const std::string& placeholder_class, const std::string& table_prefix) {
  OdtReader reader(document, part, office_prefix, placeholder_class, table_prefix);
  readXml(document.parts[part].text, name, {root}, "an OpenDocument's part", reader);
}

void readOdtPackage(OfficeDocument& d) {
  for (const char* part : {"content.xml", "styles.xml"}) {
    const std::string* found = packageEntry(d, part);
    if (!found) {
      if (part == std::string("content.xml"))
        refuseDocument(d.name, "is an OpenDocument without its content.xml");
      continue;
    }
    if (!data::isValidUtf8(*found))
      refuseDocument(d.name, "has a part '" + std::string(part) + "' that is not UTF-8");
    const auto text = namespacePrefix(*found, {"urn:oasis:names:tc:opendocument:xmlns:text:1.0"});
    const auto office = namespacePrefix(*found, {"urn:oasis:names:tc:opendocument:xmlns:office:1.0"});
    if (!text || text->empty()) continue;  // no paragraphs: as it was
    // A presentation's master pages: the placeholders' text is the prompt an editor shows, not slides' text.
    const auto presentation =
        namespacePrefix(*found, {"urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"});
    const bool masters = d.format == OfficeDocument::Format::OpenDocumentPresentation &&
                         part == std::string("styles.xml") && presentation && !presentation->empty();
    // A spreadsheet's cells: those of numbers, dates and formulas are skipped.
    const auto table = namespacePrefix(*found, {"urn:oasis:names:tc:opendocument:xmlns:table:1.0"});
    const bool cells =
        d.format == OfficeDocument::Format::OpenDocumentSpreadsheet && table && !table->empty();
    std::string xml = *found;
    if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
    d.parts.push_back({part, std::move(xml), *text});
    readOdtParagraphs(d, d.parts.size() - 1, rootElementName(d.parts.back().text), office.value_or("office"),
                      d.name + ": " + part, masters ? html::lowered(*presentation) + ":class" : "",
                      cells ? *table : "");
    if (d.format == OfficeDocument::Format::OpenDocumentSpreadsheet && part == std::string("styles.xml")) {
      // Calc writes every sheet's page header and footer in its interface's language ("Page 1", the
      // sheet's name as a field): one without a letter beyond ASCII is taken for English and kept, as
      // a document's properties are; Vietnamese is written with its marks.
      const size_t at = d.parts.size() - 1;
      d.paragraphs.erase(std::remove_if(d.paragraphs.begin(), d.paragraphs.end(),
                                        [&](const OfficeParagraph& p) {
                                          return p.part == at &&
                                                 std::none_of(p.marked.begin(), p.marked.end(),
                                                              [](char c) { return (c & 0x80) != 0; });
                                        }),
                         d.paragraphs.end());
    }
  }
  if (const size_t meta = packageIndex(d, "meta.xml"); meta != std::string::npos) d.languages.push_back(meta);
  readPropertyParagraphs(d, "meta.xml");
}

}  // namespace studio::model
