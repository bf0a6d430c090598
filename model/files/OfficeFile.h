#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/files/LegacyEncodings.h"

// Office documents to translate, as translateLocally translates a page: Word
// documents (.docx, and .docm, .dotx, .dotm: Office Open XML's
// WordprocessingML; model/files/DocxParagraphs.h), PowerPoint presentations
// (.pptx, .pptm, .potx, .ppsx: their slides and speaker notes in DrawingML;
// model/files/PptxParagraphs.h), Excel workbooks (.xlsx, .xlsm, .xltx, .xltm:
// the text of their cells and text boxes; model/files/XlsxStrings.h) and
// OpenDocument texts, presentations and spreadsheets (.odt, .ott, .odp, .otp,
// .ods, .ots: LibreOffice's; model/files/OdtParagraphs.h). Each is a zip
// package whose paragraphs — of the body, its tables, headers, footers,
// notes and text boxes; of a slide's shapes and tables; a cell's text — are found
// with their inline markup (formatting, hyperlinks, fields' results) for
// placeMarkup (model/decoding/Markup.h) to put back around the translated
// words, and what is not text (a picture, a tab, a line break, a bookmark, a
// note's mark) kept where its neighbours went. The package is written back
// with the paragraphs translated and its Vietnamese language tags made
// English; every other part as it was. No LibTorch here.
namespace studio::model {

// A stretch of a part's XML written back as it was (a paragraph inside it
// translated, a text box's): `before`, the part's bytes [begin, end), `after`.
struct OfficePiece {
  std::string before;
  size_t begin = 0, end = 0;
  std::string after;
};

struct OfficeParagraph {
  size_t part = 0;  // in OfficeDocument::parts
  size_t line = 0;  // of its <w:p> (<text:p>, <text:h>) in the part's XML
  // The content it replaces: after <w:p …> and its <w:pPr> (after <text:p …>), up to </w:p> (</text:p>).
  size_t begin = 0, end = 0;
  // Its text as markup: words, <x-fmt n="K">…</x-fmt> around words formatted
  // as formats[K], <x-wrap n="K">…</x-wrap> around those inside wraps[K] (a
  // hyperlink, a field's result, a span), <x-code n="K"/> and (where it
  // parts the words beside it: a tab, a line break) <x-break n="K"/> for
  // codes[K].
  std::string marked;
  // Word's: the run properties (<w:rPr>…</w:rPr>, or "") of its plain words,
  // and the others'. An OpenDocument's words are written as text, its spans
  // being wraps: none.
  std::string base;
  std::vector<std::string> formats;
  // Word's, PowerPoint's and Excel's: the run properties whose text is in an
  // old Vietnamese font (".Vn…": TCVN3; "VNI-…": VNI), read in its encoding
  // and written so.
  std::vector<std::pair<std::string, LegacyEncoding>> legacy_runs;
  struct Wrap {
    OfficePiece open, close;
  };
  std::vector<Wrap> wraps;
  std::vector<OfficePiece> codes;
  std::string first_words;  // its first few words, to name it in notices
};

struct OfficePart {
  std::string name;    // "word/document.xml", "ppt/slides/slide1.xml", "content.xml"
  std::string text;    // its XML
  // The namespace prefix of its paragraphs: WordprocessingML's ("w"), DrawingML's ("a"); an
  // OpenDocument's text namespace's ("text").
  std::string prefix;
  // The document's properties (docProps/core.xml, meta.xml): its title, subject and description are
  // paragraphs of text alone (Dublin Core's prefix in `prefix`).
  bool properties = false;
  // Its paragraphs are DrawingML's (a spreadsheet's drawing: its text boxes).
  bool drawing = false;
};

struct OfficeDocument {
  enum class Format {
    Word,
    PowerPoint,
    Excel,
    OpenDocumentText,
    OpenDocumentPresentation,
    OpenDocumentSpreadsheet
  };
  Format format = Format::Word;
  bool openDocument() const {
    return format == Format::OpenDocumentText || format == Format::OpenDocumentPresentation ||
           format == Format::OpenDocumentSpreadsheet;
  }
  // A workbook or spreadsheet: its paragraphs are its cells' texts (and its text boxes').
  bool spreadsheet() const { return format == Format::Excel || format == Format::OpenDocumentSpreadsheet; }
  std::string name;
  std::vector<std::pair<std::string, std::string>> entries;  // the package's files, in its order
  std::vector<OfficePart> parts;                             // those holding paragraphs to translate
  std::vector<OfficeParagraph> paragraphs;  // with a letter in them, in document order, part by part
  // Entries whose language tags are made English, their text not translated
  // (Word's styles; an OpenDocument's meta.xml).
  std::vector<size_t> languages;
  size_t comments = 0;          // comments in it (not translated)
  size_t tcvn3_paragraphs = 0;  // paragraphs whose text in a ".Vn" font was read as TCVN3
  size_t vni_paragraphs = 0;    // paragraphs whose text in a VNI font was read as VNI
  // Paragraphs with letters kept as written, and why (a Word field's
  // instruction that goes on over paragraphs, or crosses a hyperlink's edge).
  struct Kept {
    size_t part = 0, line = 0;
    std::string why;
  };
  std::vector<Kept> kept;
};

// "a Word document", "a PowerPoint presentation", "an Excel workbook", "an OpenDocument text", "an
// OpenDocument presentation", "an OpenDocument spreadsheet".
std::string officeFormatName(OfficeDocument::Format format);

// Reads a Word document's, PowerPoint presentation's, Excel workbook's or
// OpenDocument text's, presentation's or spreadsheet's bytes. Throws
// std::runtime_error naming `name`: not a zip package, a Word, PowerPoint or
// Excel 97-2003 or encrypted document (saved as .docx, .pptx or .xlsx
// first), an Excel binary workbook (.xlsb), a package of another kind (a
// drawing), a part that is not well-formed (XmlError naming the part and
// line) or not UTF-8, an entry that cannot be read.
OfficeDocument readOfficeDocument(const std::string& bytes, const std::string& name);

// The document of a file, when its name ends in .docx, .docm, .dotx, .dotm,
// .pptx, .pptm, .potx, .potm, .ppsx, .ppsm, .xlsx, .xlsm, .xltx, .xltm, .odt,
// .ott, .odp, .otp, .ods or .ots, or it is a zip package whose content types
// name a Word document, presentation or workbook or whose mimetype is
// OpenDocument text, presentation or spreadsheet; nullopt for any other
// file. Throws as readOfficeDocument does.
std::optional<OfficeDocument> readOfficeFile(const std::string& path);

// The package with `translations` (one marked translation for each
// paragraph, in order: the markup of OfficeParagraph::marked placed in it)
// written in. Throws std::invalid_argument when the count is not the
// paragraphs'; a piece of markup a translation lost is written at its end.
std::string writeOfficeDocument(const OfficeDocument& document, const std::vector<std::string>& translations);

// Word's run properties (or any WordprocessingML) with each <P:lang>'s
// Vietnamese values ("vi", "vi-VN") made "en-US".
std::string englishLanguageTags(const std::string& xml, const std::string& prefix);

// OpenDocument's XML with each Vietnamese language in its attributes
// (fo:language="vi" with its fo:country="VN", dc:language's "vi-VN") made
// English ("en", "US").
std::string englishOdfLanguages(const std::string& xml);

}  // namespace studio::model
