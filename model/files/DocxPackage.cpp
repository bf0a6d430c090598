// Word's package: the parts to translate found through [Content_Types].xml.

#include <algorithm>

#include "model/data/Text.h"
#include "model/files/DocxParagraphs.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficePackages.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

// Which kind of part a content type says, in the order they are read: 0 the main document, then
// headers, footers, footnotes, endnotes; -1 none of those.
int partKind(const std::string& type) {
  if (endsWith(type, ".document.main+xml") || endsWith(type, ".template.main+xml") ||
      endsWith(type, ".document.macroenabled.main+xml") ||
      endsWith(type, ".template.macroenabledtemplate.main+xml"))
    return 0;
  static const char* kinds[] = {"wordprocessingml.header+xml", "wordprocessingml.footer+xml",
                                "wordprocessingml.footnotes+xml", "wordprocessingml.endnotes+xml"};
  for (int k = 0; k < 4; ++k)
    if (endsWith(type, kinds[k])) return k + 1;
  return -1;
}

// How many <P:comment> elements a comments part holds.
size_t commentsIn(const std::string& xml) {
  const std::string prefix = namespacePrefix(xml, kWordNamespaces).value_or("w");
  const std::string tag = "<" + (prefix.empty() ? std::string() : prefix + ":") + "comment";
  size_t count = 0;
  for (size_t at = xml.find(tag); at != std::string::npos; at = xml.find(tag, at + 1))
    count +=
        at + tag.size() < xml.size() && (html::isSpace(xml[at + tag.size()]) || xml[at + tag.size()] == '>');
  return count;
}

// The fonts of styles.xml's styles and defaults, as its elements go by.
class StyleFonts : public XmlHandler {
 public:
  StyleFonts(WordStyleFonts& fonts, const std::string& prefix)
      : f_(fonts), w_(prefix.empty() ? "" : html::lowered(prefix) + ":") {}

  void startElement(const std::string& name, const std::vector<XmlAttribute>& attributes,
                    const XmlSpan&) override {
    path_.push_back(name);
    const size_t depth = path_.size();
    if (name == w_ + "style" && depth == 2) {
      id_ = attributeValue(attributes, w_ + "styleid");
      f_.styles[id_];
      if (attributeValue(attributes, w_ + "type") == "paragraph" &&
          attributeValue(attributes, w_ + "default") == "1")
        f_.default_paragraph_style = id_;
    } else if (name == w_ + "basedon" && depth == 3 && path_[1] == w_ + "style") {
      f_.styles[id_].based_on = attributeValue(attributes, w_ + "val");
    } else if (name == w_ + "rfonts" && depth >= 4 && path_[depth - 2] == w_ + "rpr") {
      std::string font = attributeValue(attributes, w_ + "hansi");
      if (font.empty()) font = attributeValue(attributes, w_ + "ascii");
      if (depth == 4 && path_[1] == w_ + "style")  // <w:style><w:rPr><w:rFonts>
        f_.styles[id_].font = font;
      else if (depth == 5 &&
               path_[1] == w_ + "docdefaults")  // <w:docDefaults><w:rPrDefault><w:rPr><w:rFonts>
        f_.default_font = font;
    }
  }
  void endElement(const std::string&, const XmlSpan&) override { path_.pop_back(); }
  void characters(std::string_view, bool) override {}

 private:
  WordStyleFonts& f_;
  std::string w_;
  std::vector<std::string> path_;
  std::string id_;
};

}  // namespace

std::string WordStyleFonts::fontOf(const std::string& run_font, const std::string& run_style,
                                   const std::string& paragraph_style) const {
  if (!run_font.empty()) return run_font;
  // A style's font, or the one it is based on (a loop of styles ends the search).
  auto inherited = [&](std::string id) -> std::string {
    for (int hops = 0; hops < 64 && !id.empty(); ++hops) {
      const auto style = styles.find(id);
      if (style == styles.end()) return {};
      if (!style->second.font.empty()) return style->second.font;
      id = style->second.based_on;
    }
    return {};
  };
  if (auto font = inherited(run_style); !font.empty()) return font;
  if (auto font = inherited(paragraph_style.empty() ? default_paragraph_style : paragraph_style);
      !font.empty())
    return font;
  return default_font;
}

WordStyleFonts readWordStyleFonts(const std::string& styles_xml, const std::string& name) {
  WordStyleFonts fonts;
  const auto prefix = namespacePrefix(styles_xml, kWordNamespaces);
  if (!prefix) return fonts;
  StyleFonts reader(fonts, *prefix);
  readXml(styles_xml, name, {rootElementName(styles_xml)}, "a Word document's styles", reader);
  return fonts;
}

void readWordPackage(OfficeDocument& d) {
  const std::string& name = d.name;
  const std::string* types_xml = packageEntry(d, "[Content_Types].xml");
  if (!types_xml) refuseDocument(name, "is a zip file, not a Word document (no [Content_Types].xml)");
  std::vector<std::pair<int, std::string>> parts;
  std::string properties = "docProps/core.xml";
  for (const auto& [part, type] : contentTypeOverrides(*types_xml, name)) {
    if (endsWith(type, "package.core-properties+xml")) properties = part;
    const int kind = partKind(type);
    if (kind >= 0) parts.push_back({kind, part});
    const size_t index = packageIndex(d, part);
    const std::string* xml = index < d.entries.size() ? &d.entries[index].second : nullptr;
    if (endsWith(type, "wordprocessingml.styles+xml") && xml) d.languages.push_back(index);
    if (endsWith(type, "wordprocessingml.comments+xml") && xml) d.comments += commentsIn(*xml);
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (parts.empty() || parts.front().first != 0)
    refuseDocument(
        name,
        "is a zip package without a Word document, presentation or workbook in it (only Word documents, "
        "PowerPoint presentations, Excel workbooks and OpenDocument texts, presentations and spreadsheets "
        "are translated)");
  WordStyleFonts fonts;
  for (size_t styles : d.languages)
    if (data::isValidUtf8(d.entries[styles].second))
      fonts = readWordStyleFonts(d.entries[styles].second, name + ": " + d.entries[styles].first);
  static const char* roots[] = {"document", "hdr", "ftr", "footnotes", "endnotes"};
  for (const auto& [kind, part] : parts) {
    const std::string* found = packageEntry(d, part);
    if (!found) refuseDocument(name, "names a part '" + part + "' that it does not hold");
    if (!data::isValidUtf8(*found))
      refuseDocument(
          name, "has a part '" + part + "' that is not UTF-8 (Word writes UTF-8: save it again from Word)");
    const auto prefix = namespacePrefix(*found, kWordNamespaces);
    if (!prefix) refuseDocument(name, "has a part '" + part + "' that is not WordprocessingML");
    std::string xml = *found;
    if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
    d.parts.push_back({part, std::move(xml), *prefix});
    const std::string root = (prefix->empty() ? "" : html::lowered(*prefix) + ":") + roots[kind];
    readDocxParagraphs(d, d.parts.size() - 1, root, fonts, name + ": " + part);
  }
  readPropertyParagraphs(d, properties);
}

}  // namespace studio::model
