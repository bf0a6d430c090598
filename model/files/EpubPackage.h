#pragma once

#include <cstddef>
#include <string>
#include <vector>

// The XML documents that make an EPUB book a book (EpubFile.h): its
// container (META-INF/container.xml), which names its package document; the
// package document (content.opf), whose manifest lists its files, whose
// spine orders its pages and whose metadata holds its title, subject,
// description and language; the EPUB 2 table of contents (toc.ncx), whose
// labels are text. Each read for what a translation needs: well formed or an
// XmlError naming the document and line. No LibTorch here.
namespace studio::model::epub {

// An element's content a document reader wants (a title, a label): its bytes and line.
struct Content {
  std::string element;  // its local name
  size_t line = 0, begin = 0, end = 0;
};

// What a document holds to translate or make English.
struct DocumentTexts {
  std::vector<Content> contents;        // the elements' contents that are text (title, label, language)
  std::vector<size_t> vietnamese_tags;  // where each tag whose xml:lang says Vietnamese begins
};

struct ManifestItem {
  std::string id, href, type;
};

struct PackageDocument : DocumentTexts {
  std::vector<ManifestItem> items;  // the manifest
  std::vector<std::string> spine;   // the pages' ids, in reading order
  std::string toc;                  // the NCX's id, as the spine names it
};

// The package document's full path that the container names ("" where it names none).
std::string readContainer(const std::string& xml, const std::string& name);
// The manifest, the spine and the metadata's title, subject, description and language.
PackageDocument readPackageDocument(const std::string& xml, const std::string& name);
// The table of contents' title and labels.
DocumentTexts readNcx(const std::string& xml, const std::string& name);

// An XML name without its prefix ("dc:title" -> "title").
std::string localName(const std::string& name);
// Whether a language tag says Vietnamese ("vi", "vi-VN").
bool saysVietnamese(const std::string& language);
// A manifest's reference (a relative URL: "Text/ch%201.xhtml#top") as the
// name of the package's file it names, from the folder `base` ("OEBPS/", or "").
std::string resolvedName(const std::string& base, const std::string& href);

}  // namespace studio::model::epub
