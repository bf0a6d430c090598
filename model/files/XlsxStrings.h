#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "model/files/OfficeFile.h"

// The texts of an Excel workbook's cells (OfficeFile.h), each a paragraph:
// a shared string (<si> of xl/sharedStrings.xml, which every cell holding
// that text points to) and an inline string (a worksheet cell's <is>). Its
// text is plain (<t>) or rich (runs, <r>, each with its properties, <rPr>):
// the properties most of its letters have are its plain words', the others
// markup around theirs. A line break typed in a cell (a newline) and
// SpreadsheetML's escaped characters (_x000D_, _x0009_) part the words
// beside them as codes; the phonetic runs East Asian text may carry (<rPh>,
// <phoneticPr>) are kept after it as they were. Text in the old Vietnamese
// fonts (kept as the Windows-1252 characters of its bytes, as Word keeps it)
// is read in their encoding: ".Vn…" as TCVN3, "VNI-…" as VNI. No LibTorch here.
namespace studio::model {

// The fonts a workbook's cell styles give their text (xl/styles.xml): each
// font's name (<fonts>' <name val>) and each cell style's font (<cellXfs>'
// fontId), for text in the old Vietnamese fonts (".Vn…" TCVN3, "VNI-…" VNI).
struct WorkbookFonts {
  std::vector<std::string> fonts;          // by fontId
  std::vector<size_t> styles;              // by cell style (a cell's s="K"): its fontId
  std::string fontOf(size_t style) const;  // "" when the style or its font is not known
};
// Throws XmlError naming `name` when the styles are not well formed.
WorkbookFonts readWorkbookFonts(const std::string& styles_xml, const std::string& name);

// Adds to `fonts_of_strings` (by shared string) the fonts of a worksheet's cells that show a shared
// string (<c t="s"><v>K</v>). Throws XmlError naming `name` when the sheet is not well formed.
void addSharedStringFonts(const std::string& sheet_xml, const std::string& name, const WorkbookFonts& fonts,
                          std::vector<std::set<std::string>>& fonts_of_strings);

// Reads the strings of document.parts[part] (its text set; its prefix the
// one its root binds to SpreadsheetML, "" for the default namespace) into
// document.paragraphs. `root` is its root element as the reader names it
// ("sst", "worksheet"). Text in an old Vietnamese font — its run's
// (<rFont>), else its cells' (`string_fonts` by shared string: a font of the
// encoding every cell showing it has, else ""; an inline string's cell's
// through `fonts`) — is read in its encoding and written so. Throws XmlError naming `name` and the line.
void readXlsxStrings(OfficeDocument& document, size_t part, const std::string& root, const std::string& name,
                     const WorkbookFonts& fonts = {}, const std::vector<std::string>& string_fonts = {});

// Whether a part's text holds an inline string (a worksheet's cell of type "inlineStr"), to be read.
bool holdsInlineStrings(const std::string& xml);

}  // namespace studio::model
