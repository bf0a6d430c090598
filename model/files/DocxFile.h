#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

// Word documents (.docx, and .docm, .dotx, .dotm: Office Open XML's
// WordprocessingML) to translate, as translateLocally translates a page: the
// paragraphs of the body, its tables, headers, footers, footnotes, endnotes
// and text boxes, each with its inline markup — runs formatted otherwise than
// the paragraph's most common formatting (bold, a font, a colour),
// hyperlinks, fields' results, content controls, tracked insertions — for
// placeMarkup (model/decoding/Markup.h) to put back around the translated
// words, and what is not text (a picture, a tab, a line break, a bookmark, a
// footnote's mark, a field's instruction, a tracked deletion, an equation)
// kept where its neighbours went. The package is written back with the
// paragraphs translated and every Vietnamese language tag (w:lang) on them
// and in the styles made English; every other part as it was. No LibTorch here.
namespace studio::model {

// A stretch of a part's XML written back as it was (a paragraph inside it
// translated, a text box's): `before`, the part's bytes [begin, end), `after`.
struct DocxPiece {
  std::string before;
  size_t begin = 0, end = 0;
  std::string after;
};

struct DocxParagraph {
  size_t part = 0;            // in DocxDocument::parts
  size_t line = 0;            // of its <w:p> in the part's XML
  size_t begin = 0, end = 0;  // the content it replaces: after <w:p …> and its <w:pPr>, up to </w:p>
  // Its text as markup: words, <x-fmt n="K">…</x-fmt> around words formatted
  // as formats[K], <x-wrap n="K">…</x-wrap> around those inside wraps[K] (a
  // hyperlink, a field's result, …), <x-code n="K"/> and (where it parts the
  // words beside it: a tab, a line break) <x-break n="K"/> for codes[K].
  std::string marked;
  std::string base;                  // the run properties (<w:rPr>…</w:rPr>, or "") of its plain words
  std::vector<std::string> formats;  // the others'
  struct Wrap {
    DocxPiece open, close;
  };
  std::vector<Wrap> wraps;
  std::vector<DocxPiece> codes;
  std::string first_words;  // its first few words, to name it in notices
};

struct DocxPart {
  std::string name;    // "word/document.xml"
  std::string text;    // its XML
  std::string prefix;  // WordprocessingML's namespace prefix in it ("w")
};

struct DocxDocument {
  std::string name;
  std::vector<std::pair<std::string, std::string>> entries;  // the package's files, in its order
  std::vector<DocxPart> parts;                               // those holding paragraphs to translate
  std::vector<DocxParagraph> paragraphs;  // with a letter in them, in document order, part by part
  size_t styles = std::string::npos;      // entries' index of word/styles.xml (its languages made English)
  size_t comments = 0;                    // comments in it (not translated)
  // Paragraphs with letters kept as written, and why (a field's instruction
  // that goes on over paragraphs, or crosses a hyperlink's edge).
  struct Kept {
    size_t part = 0, line = 0;
    std::string why;
  };
  std::vector<Kept> kept;
};

// Reads a Word document's bytes. Throws std::runtime_error naming `name`: not
// a zip package, a Word 97-2003 or encrypted document (saved as .docx
// first), no main document, a part that is not well-formed (XmlError naming
// the part and line), an entry that cannot be read.
DocxDocument readDocx(const std::string& bytes, const std::string& name);

// The Word document of a file, when its name ends in .docx, .docm, .dotx or
// .dotm or it is a zip package whose main part is WordprocessingML; nullopt
// for any other file. Throws as readDocx does.
std::optional<DocxDocument> readDocxFile(const std::string& path);

// The package with `translations` (one marked translation for each
// paragraph, in order: the markup of DocxParagraph::marked placed in it)
// written in. Throws std::invalid_argument when the count is not the
// paragraphs'; a piece of markup a translation lost is written at its end.
std::string writeDocx(const DocxDocument& document, const std::vector<std::string>& translations);

// `rpr` (run properties, or any XML) with each <P:lang>'s Vietnamese values
// ("vi", "vi-VN") made "en-US".
std::string englishLanguageTags(const std::string& xml, const std::string& prefix);

}  // namespace studio::model
