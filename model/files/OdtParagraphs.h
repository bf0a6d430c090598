#pragma once

#include <cstddef>
#include <string>

#include "model/files/OfficeFile.h"

// The paragraphs and headings of an OpenDocument text's, presentation's or
// spreadsheet's part (content.xml, and styles.xml's headers, footers and
// master pages; OfficeFile.h) found as its XML is read: their words as text,
// each span, link and inline metadata around its words as markup, and what
// is not text as codes — a tab and a line break
// parting the words beside them, a bookmark, a note (whose own paragraphs
// are translated inside it), a frame (a text box's too), a field (a date, a
// page number, a reference), a comment, a tracked change. A run of spaces
// (<text:s/>) is one space; a soft page break (where LibreOffice last broke
// the page) is left out, as it computes it again. No LibTorch here.
namespace studio::model {

// Reads the paragraphs of document.parts[part] (its text set; its prefix
// the one its XML binds to OpenDocument's text namespace) into
// document.paragraphs, and counts its comments (`office_prefix`:annotation).
// `root` is its root element as the reader names it
// ("office:document-content"); an element with the attribute
// `placeholder_class` ("presentation:class": a presentation's master page's
// placeholder, whose text is the prompt an editor shows) is skipped, as
// nothing is when it is "". With `table_prefix` (a spreadsheet's: the one
// its XML binds to OpenDocument's table namespace), a cell that holds a
// number, a date, a time, a truth value or a formula is skipped, and so is a
// comment on a cell (counted). Throws XmlError naming `name` and the line.
void readOdtParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                       const std::string& office_prefix, const std::string& name,
                       const std::string& placeholder_class = "", const std::string& table_prefix = "");

}  // namespace studio::model
