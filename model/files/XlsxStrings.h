#pragma once

#include <cstddef>
#include <string>

#include "model/files/OfficeFile.h"

// The texts of an Excel workbook's cells (OfficeFile.h), each a paragraph:
// a shared string (<si> of xl/sharedStrings.xml, which every cell holding
// that text points to) and an inline string (a worksheet cell's <is>). Its
// text is plain (<t>) or rich (runs, <r>, each with its properties, <rPr>):
// the properties most of its letters have are its plain words', the others
// markup around theirs. A line break typed in a cell (a newline) and
// SpreadsheetML's escaped characters (_x000D_, _x0009_) part the words
// beside them as codes; the phonetic runs East Asian text may carry (<rPh>,
// <phoneticPr>) are kept after it as they were. No LibTorch here.
namespace studio::model {

// Reads the strings of document.parts[part] (its text set; its prefix the
// one its root binds to SpreadsheetML, "" for the default namespace) into
// document.paragraphs. `root` is its root element as the reader names it
// ("sst", "worksheet"). Throws XmlError naming `name` and the line.
void readXlsxStrings(OfficeDocument& document, size_t part, const std::string& root, const std::string& name);

// Whether a part's text holds an inline string (a worksheet's cell of type "inlineStr"), to be read.
bool holdsInlineStrings(const std::string& xml);

}  // namespace studio::model
