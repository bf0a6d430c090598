#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "model/files/OfficeFile.h"

// The paragraphs of a Word document's part (OfficeFile.h) found as its XML is
// read: each run's text with its properties, the paragraph's most common
// properties its plain words', the others, hyperlinks, fields' results,
// content controls and tracked insertions as markup around their words, and
// what is not text as codes. A paragraph inside what is kept as written (a
// text box in a picture) is one of its own; one whose structure could not be
// kept around a translation (a field's instruction over two paragraphs) is
// kept as written, with the reason. Text in the old Vietnamese fonts, which
// Word keeps as the characters of Windows-1252 that have its bytes, is read
// in their encoding: the ".Vn" fonts (.VnTime, .VnArial) as TCVN3, the VNI
// fonts (VNI-Times, VNI-Helve) as VNI. No LibTorch here.
namespace studio::model {

// The fonts Word's styles (styles.xml) give text beyond ASCII: each style's
// (its rFonts' hAnsi, else ascii), the style it is based on, the default
// paragraph style and the document's default.
struct WordStyleFonts {
  struct Style {
    std::string font, based_on;
  };
  std::map<std::string, Style> styles;  // by style id
  std::string default_paragraph_style, default_font;
  // The font of text in a run with these direct settings ("" for none) in a paragraph of this style:
  // the run's own, else its character style's, else its paragraph style's (each as based on others),
  // else the document's.
  std::string fontOf(const std::string& run_font, const std::string& run_style,
                     const std::string& paragraph_style) const;
};
// Throws XmlError naming `name` when the styles are not well-formed.
WordStyleFonts readWordStyleFonts(const std::string& styles_xml, const std::string& name);

// Reads the paragraphs of document.parts[part] (its text and prefix set)
// into document.paragraphs, and those kept as written into document.kept.
// `root` is the part's root element as the reader names it ("w:document");
// `fonts` says which text is in which font. Throws XmlError naming `name` and the line.
void readDocxParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                        const WordStyleFonts& fonts, const std::string& name);

}  // namespace studio::model
