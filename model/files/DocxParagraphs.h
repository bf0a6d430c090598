#pragma once

#include <cstddef>
#include <string>

#include "model/files/OfficeFile.h"

// The paragraphs of a Word document's part (OfficeFile.h) found as its XML is
// read: each run's text with its properties, the paragraph's most common
// properties its plain words', the others, hyperlinks, fields' results,
// content controls and tracked insertions as markup around their words, and
// what is not text as codes. A paragraph inside what is kept as written (a
// text box in a picture) is one of its own; one whose structure could not be
// kept around a translation (a field's instruction over two paragraphs) is
// kept as written, with the reason. No LibTorch here.
namespace studio::model {

// Reads the paragraphs of document.parts[part] (its text and prefix set)
// into document.paragraphs, and those kept as written into document.kept.
// `root` is the part's root element as the reader names it ("w:document");
// throws XmlError naming `name` and the line.
void readDocxParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                        const std::string& name);

}  // namespace studio::model
