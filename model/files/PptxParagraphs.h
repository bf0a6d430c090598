#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

#include "model/files/OfficeFile.h"

// The paragraphs of a PowerPoint presentation's slides and speaker notes
// (OfficeFile.h), written in DrawingML: each <a:p> of a shape, a text box or
// a table cell, its runs' text with their properties (the properties most of
// its letters have are its plain words', the others markup around theirs; a
// hyperlink is one of a run's properties), a line break (<a:br>) and a tab
// parting the words, a field (a slide number, a date) and anything else kept
// as a code. The attributes PowerPoint's checker sets on a run (a spelling
// error, text not yet checked) are left out, so that they part no words; the
// paragraph's properties and its end's are kept as they were. A slide
// master's and layout's own text is translated, their placeholders' prompts
// are not. Charts and SmartArt keep their text. No LibTorch here.
namespace studio::model {

// DrawingML's namespaces (transitional and strict).
inline constexpr std::initializer_list<const char*> kDrawingNamespaces = {
    "http://schemas.openxmlformats.org/drawingml/2006/main", "http://purl.oclc.org/ooxml/drawingml/main"};

// The theme's fonts for Latin text: its headings' (major) and its body's
// (minor), which a run without a font of its own, or naming "+mj-lt" or
// "+mn-lt", is in.
struct SlideFonts {
  std::string major, minor;
};
// Reads them from a theme part (ppt/theme/theme1.xml); throws XmlError naming `name`.
SlideFonts readThemeFonts(const std::string& theme_xml, const std::string& name);

// Reads the paragraphs of document.parts[part] (its text set, its prefix the
// one its root binds to DrawingML) into document.paragraphs; with
// `skip_placeholders` (a slide master's or layout's), not those of a
// placeholder shape, whose text is the prompt an editor shows ("Click to edit
// Master title style"). `root` is its root element as the reader names it
// ("p:sld"); throws XmlError naming `name` and the line. Text in the old
// Vietnamese fonts (the run's own, or the theme's it falls back on: ".Vn…"
// TCVN3, "VNI-…" VNI) is read in their encoding and written so.
void readPptxParagraphs(OfficeDocument& document, size_t part, const std::string& root,
                        const std::string& name, bool skip_placeholders = false,
                        const SlideFonts& fonts = {});

// A run's properties (<a:rPr …/>, or with children) as the translation's words
// are written with them: PowerPoint's checker's attributes (err, dirty,
// smtClean) left out, a Vietnamese lang and altLang made "en-US"; "" for an
// element that then says nothing.
std::string translatedRunProperties(const std::string& rpr, const std::string& prefix);

// DrawingML (or any PresentationML part) with each Vietnamese lang="…" and
// altLang="…" (of runs, paragraph ends and default text) made "en-US".
std::string englishDrawingLanguages(const std::string& xml);

}  // namespace studio::model
