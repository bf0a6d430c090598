// PowerPoint's package: its slides and their speaker notes found through
// [Content_Types].xml, in the order the presentation shows them, then its
// slide masters and layouts.

#include <algorithm>
#include <map>

#include "model/data/Text.h"
#include "model/files/HtmlTags.h"
#include "model/files/OfficePackages.h"
#include "model/files/PptxParagraphs.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

bool isPresentationMain(const std::string& type) {
  return (type.find("presentationml.") != std::string::npos ||
          type.find("ms-powerpoint.") != std::string::npos) &&
         endsWith(type, ".main+xml");
}

}  // namespace

bool isPresentationPackage(const OfficeDocument& d) {
  const std::string* types = packageEntry(d, "[Content_Types].xml");
  if (!types) return false;
  const auto overrides = contentTypeOverrides(*types, d.name);
  return std::any_of(overrides.begin(), overrides.end(),
                     [](const auto& o) { return isPresentationMain(o.second); });
}

void readPptxPackage(OfficeDocument& d) {
  const auto overrides = contentTypeOverrides(*packageEntry(d, "[Content_Types].xml"), d.name);
  std::string main, properties = "docProps/core.xml", theme;
  std::vector<std::string> slides, notes, masters;  // in the content types' order
  for (const auto& [part, type] : overrides) {
    if (isPresentationMain(type) && main.empty()) main = part;
    if (endsWith(type, "package.core-properties+xml")) properties = part;
    if (endsWith(type, "officedocument.theme+xml") && theme.empty()) theme = part;
    if (endsWith(type, "presentationml.slide+xml")) slides.push_back(part);
    if (endsWith(type, "presentationml.notesslide+xml")) notes.push_back(part);
    if (endsWith(type, "presentationml.slidemaster+xml") || endsWith(type, "presentationml.slidelayout+xml"))
      masters.push_back(part);
    const std::string* xml = packageEntry(d, part);
    if (xml && (endsWith(type, "presentationml.comments+xml") || endsWith(type, "powerpoint.comments+xml")))
      d.comments += elementsNamed(*xml, "cm");  // (<p:cm>, PowerPoint 365's <p188:cm>)
  }
  // The theme's fonts: the old ".Vn" fonts are found through them too.
  SlideFonts fonts;
  if (const std::string* xml = packageEntry(d, theme); xml && data::isValidUtf8(*xml))
    fonts = readThemeFonts(*xml, d.name + ": " + theme);
  // The presentation's own default text: its language made English.
  if (const size_t index = packageIndex(d, main); index != std::string::npos) d.languages.push_back(index);

  // The slides as the presentation lists them, each followed by its notes; any other after them.
  std::vector<std::string> order;
  for (const auto& slide : listedParts(d, main, "sldid", "a PowerPoint presentation", slides)) {
    order.push_back(slide);
    for (const auto& [rid, target] : relationshipsOf(d, slide))
      if (target.type == "notesSlide" && std::find(notes.begin(), notes.end(), target.part) != notes.end())
        order.push_back(target.part);
  }

  for (const auto& list : {slides, notes})
    for (const auto& part : list)
      if (std::find(order.begin(), order.end(), part) == order.end()) order.push_back(part);

  // Then the masters and layouts: the text placed on them shows on every slide that uses them.
  const size_t first_master = order.size();
  order.insert(order.end(), masters.begin(), masters.end());
  for (size_t i = 0; i < order.size(); ++i) {
    const std::string& part = order[i];
    const std::string* found = packageEntry(d, part);
    if (!found) refuseDocument(d.name, "names a part '" + part + "' that it does not hold");
    if (!data::isValidUtf8(*found))
      refuseDocument(d.name,
                     "has a part '" + part +
                         "' that is not UTF-8 (PowerPoint writes UTF-8: save it again from PowerPoint)");
    const auto prefix = namespacePrefix(*found, kDrawingNamespaces);
    if (!prefix) continue;  // no text in DrawingML: as it was
    std::string xml = *found;
    if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
    d.parts.push_back({part, std::move(xml), *prefix});
    readPptxParagraphs(d, d.parts.size() - 1, rootElementName(d.parts.back().text), d.name + ": " + part,
                       /*skip_placeholders=*/i >= first_master, fonts);
  }
  readPropertyParagraphs(d, properties);
}

}  // namespace studio::model
