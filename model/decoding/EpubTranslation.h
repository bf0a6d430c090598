#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/EpubFile.h"

// An EPUB book (model/files/EpubFile.h) translated: each page's blocks of
// text and attributes as a web page's are (HtmlTranslation.h), its title,
// subject, description and table of contents with them, all in shared
// batches; for `translate --input book.epub`, the app's "Translate a file…"
// and the server's /translate_file.
namespace studio::model {

struct EpubTranslation {
  std::string bytes;      // the translated book, as it is written
  size_t pages = 0;       // pages with text translated
  size_t blocks = 0;      // blocks of text translated in them
  size_t attributes = 0;  // attributes translated (alt, title, …)
  size_t texts = 0;       // the metadata's titles, subjects and descriptions, the table of contents' labels
  size_t not_translatable = 0;       // elements marked translate="no" or class="notranslate"
  size_t other_language = 0;         // elements in another language (lang="en"), kept as written
  size_t sentences = 0;              // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;  // "OEBPS/ch1.xhtml line N: ..." and the book's own
  std::vector<data::TmxUnit> memory;
  size_t memory_left_out = 0;
};

EpubTranslation translateEpub(const Translator& translator, const EpubBook& book,
                              const DecodingOptions& options,
                              const std::function<void(size_t, size_t)>& progress = nullptr,
                              const std::function<bool()>& stop = nullptr);

}  // namespace studio::model
