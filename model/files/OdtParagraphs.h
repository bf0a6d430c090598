#pragma once

#include <cstddef>
#include <string>

#include "model/files/OfficeFile.h"

// The paragraphs and headings of an OpenDocument text's part (content.xml,
// and styles.xml's headers and footers; OfficeFile.h) found as its XML is
// read: their words as text, each span, link and inline metadata around its
// words as markup, and what is not text as codes — a tab and a line break
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
// ("office:document-content"); throws XmlError naming `name` and the line.
void readOdtParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                       const std::string& office_prefix, const std::string& name);

}  // namespace studio::model
