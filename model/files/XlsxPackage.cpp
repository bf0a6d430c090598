// Excel's package: its shared strings (the text of most cells), then each
// sheet's inline strings and the text boxes of its drawing, in the order the
// workbook lists its sheets, then the document's properties.

#include <algorithm>
#include <set>

#include "model/data/Text.h"
#include "model/files/OfficeItems.h"
#include "model/files/OfficePackages.h"
#include "model/files/PptxParagraphs.h"
#include "model/files/XlsxStrings.h"
#include "model/files/XmlReader.h"

namespace studio::model {

namespace {

bool isWorkbookMain(const std::string& type) {
  return (type.find("spreadsheetml.") != std::string::npos || type.find("ms-excel.") != std::string::npos) &&
         endsWith(type, ".main+xml");
}

}  // namespace

bool isSpreadsheetPackage(const OfficeDocument& d) {
  const std::string* types = packageEntry(d, "[Content_Types].xml");
  if (!types) return false;
  const auto overrides = contentTypeOverrides(*types, d.name);
  return std::any_of(overrides.begin(), overrides.end(), [](const auto& o) {
    return isWorkbookMain(o.second) || o.second.find("ms-excel.sheet.binary") != std::string::npos;
  });
}

void readXlsxPackage(OfficeDocument& d) {
  const auto overrides = contentTypeOverrides(*packageEntry(d, "[Content_Types].xml"), d.name);
  std::string main, strings, styles, properties = "docProps/core.xml";
  std::vector<std::string> sheets, drawings;  // in the content types' order
  for (const auto& [part, type] : overrides) {
    if (type.find("ms-excel.sheet.binary") != std::string::npos)
      refuseDocument(d.name,
                     "is an Excel binary workbook (.xlsb): save it as an .xlsx workbook first (Excel: File > "
                     "Save As; LibreOffice: soffice --convert-to xlsx)");
    if (isWorkbookMain(type) && main.empty()) main = part;
    if (endsWith(type, "package.core-properties+xml")) properties = part;
    if (endsWith(type, "spreadsheetml.sharedstrings+xml")) strings = part;
    if (endsWith(type, "spreadsheetml.styles+xml")) styles = part;
    if (endsWith(type, "spreadsheetml.worksheet+xml")) sheets.push_back(part);
    if (endsWith(type, "officedocument.drawing+xml")) drawings.push_back(part);
    const std::string* xml = packageEntry(d, part);
    if (xml && endsWith(type, "spreadsheetml.comments+xml")) d.comments += elementsNamed(*xml, "comment");
  }

  // The shared strings, then the sheets as the workbook lists them, each followed by its drawing; any
  // other sheet or drawing after them.
  std::vector<std::string> order;
  if (!strings.empty()) order.push_back(strings);
  for (const auto& sheet : listedParts(d, main, "sheet", "an Excel workbook", sheets)) {
    order.push_back(sheet);
    for (const auto& [rid, target] : relationshipsOf(d, sheet))
      if (target.type == "drawing" &&
          std::find(drawings.begin(), drawings.end(), target.part) != drawings.end())
        order.push_back(target.part);
  }

  for (const auto& list : {sheets, drawings})
    for (const auto& part : list)
      if (std::find(order.begin(), order.end(), part) == order.end()) order.push_back(part);

  // The old Vietnamese fonts: a shared string every cell showing it has in fonts of one encoding is read so.
  WorkbookFonts fonts;
  if (const std::string* xml = packageEntry(d, styles); xml && data::isValidUtf8(*xml))
    fonts = readWorkbookFonts(*xml, d.name + ": " + styles);
  std::vector<std::string> string_fonts;
  const auto legacy = [](const std::string& font) { return legacyFontEncoding(font).has_value(); };
  if (std::any_of(fonts.fonts.begin(), fonts.fonts.end(), legacy)) {
    std::vector<std::set<std::string>> cell_fonts;
    for (const auto& sheet : sheets)
      if (const std::string* xml = packageEntry(d, sheet); xml && data::isValidUtf8(*xml))
        addSharedStringFonts(*xml, d.name + ": " + sheet, fonts, cell_fonts);
    for (const auto& used : cell_fonts) {
      const auto first = used.empty() ? std::nullopt : legacyFontEncoding(*used.begin());
      string_fonts.push_back(
          first && std::all_of(used.begin(), used.end(),
                               [&](const std::string& font) { return legacyFontEncoding(font) == first; })
              ? *used.begin()
              : std::string());
    }
  }

  for (const std::string& part : order) {
    const std::string* found = packageEntry(d, part);
    if (!found) refuseDocument(d.name, "names a part '" + part + "' that it does not hold");
    const bool drawing = std::find(drawings.begin(), drawings.end(), part) != drawings.end();
    if (!drawing && part != strings && !holdsInlineStrings(*found)) continue;  // a sheet of numbers alone
    if (!data::isValidUtf8(*found))
      refuseDocument(d.name, "has a part '" + part +
                                 "' that is not UTF-8 (Excel writes UTF-8: save it again from Excel)");
    const auto prefix = namespacePrefix(*found, drawing ? kDrawingNamespaces : kSpreadsheetNamespaces);
    if (!prefix) continue;  // not the XML expected: as it was
    std::string xml = *found;
    if (xml.compare(0, 3, "\xef\xbb\xbf") == 0) xml.erase(0, 3);  // (written back without its mark)
    d.parts.push_back({part, std::move(xml), *prefix});
    d.parts.back().drawing = drawing;
    const std::string root = rootElementName(d.parts.back().text), name = d.name + ": " + part;
    if (drawing)
      readPptxParagraphs(d, d.parts.size() - 1, root, name);
    else
      readXlsxStrings(d, d.parts.size() - 1, root, name, fonts, string_fonts);
  }
  readPropertyParagraphs(d, properties);
}

}  // namespace studio::model
