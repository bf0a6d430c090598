#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/HtmlFile.h"

// A web page (model/files/HtmlFile.h) translated: every block of text and
// every attribute a reader sees (alt, title, …) gets the model's translation
// in its place, its inline markup kept around the words
// aligned to theirs (as --markup keeps tags) and what is not to be translated
// inside it where its neighbours went; the page's language becomes English.
// For `translate --input page.html` and the app's "Translate a file…".
namespace studio::model {

struct HtmlTranslation {
  std::string text;                  // the translated page, as it is written
  size_t blocks = 0;                 // blocks of text translated
  size_t attributes = 0;             // attributes translated (alt, title, …)
  size_t not_translatable = 0;       // elements marked translate="no" or class="notranslate"
  size_t other_language = 0;         // elements in another language (lang="en"), kept as written
  size_t sentences = 0;              // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;  // "line N: ..." (the block's first line in the page)
  // Each sentence and its translation, as plain text, for a translation memory (memoryUnits), and the
  // sentences left out of it (translated as nothing).
  std::vector<data::TmxUnit> memory;
  size_t memory_left_out = 0;
};

// Translates `page`'s blocks, all in shared batches (progress and stop as
// translateDocument's).
HtmlTranslation translateHtml(const Translator& translator, const HtmlDocument& page,
                              const DecodingOptions& options,
                              const std::function<void(size_t, size_t)>& progress = nullptr,
                              const std::function<bool()>& stop = nullptr);

// `page` written with its translations, read from `lines` at `next` (its blocks', then its attributes',
// in the order of page.blocks and page.attributes; `next` is moved past them): each block's codes back in
// place of their placeholders.
std::string writeTranslatedPage(const HtmlDocument& page, const std::vector<std::string>& lines,
                                size_t& next);

}  // namespace studio::model
