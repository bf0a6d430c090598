#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/files/OfficeFile.h"

// What the kinds of office package share, and how each is read once its
// entries are (model/files/OfficeFile.cpp): Word's parts found through its
// content types (DocxPackage.cpp), PowerPoint's slides and notes through
// theirs (PptxPackage.cpp), an OpenDocument's in content.xml and styles.xml
// (OdtParagraphs.cpp). No LibTorch here.
namespace studio::model {

// Throws std::runtime_error: "'NAME' WHY".
[[noreturn]] void refuseDocument(const std::string& name, const std::string& why);

// The prefix a part's root element binds to one of the namespaces `uris`, as
// written ("w", "text"); "" when it is the default namespace; nullopt when it
// binds none of them.
std::optional<std::string> namespacePrefix(const std::string& part, std::initializer_list<const char*> uris);
// The name of a part's root element as the XML reader names it (lower case), "" when there is none.
std::string rootElementName(const std::string& part);

// An entry of the package by name: its bytes (nullptr when it holds none), its index (npos).
const std::string* packageEntry(const OfficeDocument& document, const std::string& name);
size_t packageIndex(const OfficeDocument& document, const std::string& name);

bool endsWith(const std::string& text, const std::string& end);

// An XML name without its prefix ("sldid" of "p:sldid").
std::string officeLocalName(const std::string& name);
// A relationship's target as a part's name: absolute ("/ppt/x.xml") or from `folder` ("ppt/slides/"), with
// ".." followed.
std::string resolvedTarget(const std::string& folder, const std::string& target);
// A part's internal relationships (its _rels/NAME.rels), by id: each one's type's last word ("slide",
// "notesSlide", "drawing") and target part. Throws XmlError naming the package when they are not well formed.
struct OfficeRelationship {
  std::string type, part;
};
std::map<std::string, OfficeRelationship> relationshipsOf(const OfficeDocument& document,
                                                          const std::string& part);
// The parts the main part `main` lists, in its order, through its relationships: the targets of the
// relationship ids (r:id) of its elements named `element` (without a prefix: "sldid", "sheet") that are
// among `parts`. None when it is not in the package. Throws XmlError naming it, as `kind` ("an Excel
// workbook"), when it is not well formed.
std::vector<std::string> listedParts(const OfficeDocument& document, const std::string& main,
                                     const std::string& element, const std::string& kind,
                                     const std::vector<std::string>& parts);
// How many elements named `local` (with any prefix: "cm" counts <p:cm> and <p188:cm>) the XML holds.
size_t elementsNamed(const std::string& xml, const std::string& local);

// An Office Open XML package's parts and their content types (lower case), as
// [Content_Types].xml's overrides name them (without the leading '/'). Throws
// XmlError naming `name` when that part is not well formed.
std::vector<std::pair<std::string, std::string>> contentTypeOverrides(const std::string& types_xml,
                                                                      const std::string& name);

// Word's package: its parts to translate from [Content_Types].xml (the main
// document, headers, footers, footnotes, endnotes), read into `document`;
// its styles and comments noted. Throws as readOfficeDocument does.
void readWordPackage(OfficeDocument& document);
// WordprocessingML's namespaces (transitional and strict).
inline constexpr std::initializer_list<const char*> kWordNamespaces = {
    "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "http://purl.oclc.org/ooxml/wordprocessingml/main"};

// True when the package's content types name a PowerPoint presentation
// (.pptx, .pptm, .potx, .ppsx): read by readPptxPackage.
bool isPresentationPackage(const OfficeDocument& document);
// PowerPoint's package: its slides, each followed by its speaker notes, in
// the order the presentation shows them (then any slide it does not list),
// then its slide masters and layouts (their placeholders' prompts left out),
// read into `document`; its comments counted, its default text's language
// noted. Throws as readOfficeDocument does.
void readPptxPackage(OfficeDocument& document);

// True when the package's content types name an Excel workbook (.xlsx,
// .xlsm, .xltx, .xltm; or a binary one, .xlsb, which readXlsxPackage
// refuses).
bool isSpreadsheetPackage(const OfficeDocument& document);
// Excel's package: its shared strings, then each sheet's inline strings and
// its drawing's text boxes in the order the workbook lists the sheets, read
// into `document`; its comments counted. Throws as readOfficeDocument does.
void readXlsxPackage(OfficeDocument& document);
// SpreadsheetML's namespaces (transitional and strict).
inline constexpr std::initializer_list<const char*> kSpreadsheetNamespaces = {
    "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "http://purl.oclc.org/ooxml/spreadsheetml/main"};

// The document's title, subject and description (<dc:title>, <dc:subject>,
// <dc:description> in docProps/core.xml or meta.xml, `entry`), when one has
// letters and one beyond ASCII (text without any is taken for English, as
// PowerPoint's default title "PowerPoint Presentation" is): a part of
// `document` whose paragraphs are their text. Throws
// XmlError naming the part when it is not well formed; a part that is not
// UTF-8 is left as it is.
void readPropertyParagraphs(OfficeDocument& document, const std::string& entry);

// An OpenDocument text's, presentation's or spreadsheet's package:
// content.xml and styles.xml read into `document`; meta.xml noted. Throws as
// readOfficeDocument does.
void readOdtPackage(OfficeDocument& document);

}  // namespace studio::model
