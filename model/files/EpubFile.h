#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/files/HtmlFile.h"

// E-books to translate: EPUB 2 and 3 (.epub), as LibreTranslate and
// calibre's readers take them. A book is a zip package whose container
// (META-INF/container.xml) names its package document (content.opf); that
// document's manifest lists its files and its spine the order they are read
// in. Each XHTML page is read as a web page (model/files/HtmlFile.h: its
// blocks and the attributes a reader sees), in the spine's order, then the
// pages the spine does not list (an EPUB 3 table of contents, notes); so are
// the table of contents' labels (the EPUB 2 toc.ncx) and the book's title,
// subject and description in its metadata (a description written as escaped
// HTML, as calibre writes one, read as a page of its own). The book is
// written back with those translated and its language (dc:language, the
// pages' and documents' lang) English; pictures, styles, fonts and every
// other file as they were, the mimetype first and stored. No LibTorch here.
namespace studio::model {

// An XHTML page of the book, or a piece of one of its files read as HTML.
struct EpubPage {
  size_t entry = 0;  // in EpubBook::entries
  HtmlDocument page;
  // A description in the package document written as escaped HTML: its
  // bytes [begin, end) there, read unescaped and written escaped again. A
  // page is its entry whole.
  bool escaped = false;
  size_t begin = 0, end = 0;
};

// A text of the book's own documents: the title, subject or description of
// its metadata; a label of its NCX table of contents.
struct EpubText {
  size_t entry = 0;
  size_t line = 0;
  size_t begin = 0, end = 0;  // its content's bytes in the entry
  // The text to translate, markup's: whitespace as single spaces, & < > as references.
  std::string marked;
};

struct EpubBook {
  std::string name;
  std::vector<std::pair<std::string, std::string>> entries;  // the package's files, in its order
  std::string package;                                       // the package document's name
  std::vector<EpubPage> pages;  // the spine's pages in its order, then the others, then descriptions
  std::vector<EpubText> texts;  // in the package document's order, then the table of contents'
  // Vietnamese language tags ("vi", "vi-VN": dc:language, an xml:lang) in
  // the package document and the NCX: entry and [begin, end), written "en".
  struct Edit {
    size_t entry = 0, begin = 0, end = 0;
  };
  std::vector<Edit> languages;
  // What reading it did not do as the book asked: "OEBPS/ch2.xhtml line 3: …", a file the manifest
  // names and the package lacks.
  std::vector<std::string> notices;
};

// Reads a book's bytes. Throws std::runtime_error naming `name`: not a zip
// package, a zip package that is not a book (no container, a mimetype of
// another kind), a container or package document that is not well formed
// (XmlError naming the file and line), pages protected by DRM (encrypted),
// a page the page reader refuses (its file and line named).
EpubBook readEpub(const std::string& bytes, const std::string& name);

// The book in a file whose name ends in .epub, or a zip package whose
// mimetype says application/epub+zip; nullopt for any other file. Throws as
// readEpub does.
std::optional<EpubBook> readEpubFile(const std::string& path);

// The book with `pages` (one for each of book.pages, in order: the page as
// writeHtml writes it with its translations) and `texts` (one translation
// for each of book.texts: markup, & < > as references) in place, its
// languages English. Throws std::invalid_argument when a count is not the
// book's.
std::string writeEpub(const EpubBook& book, const std::vector<std::string>& pages,
                      const std::vector<std::string>& texts);

}  // namespace studio::model
