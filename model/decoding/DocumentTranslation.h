#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/data/TmxWriter.h"
#include "model/decoding/Markup.h"
#include "model/decoding/TextTranslation.h"
#include "model/files/TextDocument.h"

// Whole text files (model/files/TextDocument.h) translated line for line,
// for `translate --input/--output` and the app's "Translate a file…": every
// line of the file gives one line of the translation (an empty line an empty
// line), or with SplitMode::Paragraphs every paragraph a paragraph.
namespace studio::model {

// translateDocument stops when its `stop` says so: nothing is returned.
class TranslationStopped : public std::runtime_error {
 public:
  TranslationStopped() : std::runtime_error("the translation was stopped") {}
};

struct DocumentTranslation {
  // One a line of the document, in order; with SplitMode::Paragraphs one a
  // paragraph (the lines up to a blank one) or blank line.
  std::vector<TextTranslation> lines;
  TextDocument translation;  // the best translations, the document's line ends, encoding and BOM kept
  size_t segments = 0;                 // sentences (and parts of long ones) translated
  size_t decoded = 0;                  // of them, decoded (one that recurs is decoded once)
  std::vector<std::string> notices;    // "line N: sentence ... translated in parts" ("lines N-M" a paragraph)
  // Line breaks inside sentences (data::breaksInsideSentences), unless read
  // as Paragraphs: several suggest the text is wrapped over lines.
  size_t wrapped_breaks = 0;
};

// Translates every line of `document` (each split into sentences with
// SplitMode::Sentences, whitespace normalized), all of them in shared
// batches. With SplitMode::Paragraphs the lines up to a blank line are one
// paragraph: its translation is wrapped at the width of its longest line
// (in characters), blank lines stay where they were, and the translation may
// have another number of lines. `progress` hears (sentences done, total); when `stop` returns
// true between two batches, TranslationStopped is thrown.
DocumentTranslation translateDocument(const Translator& translator, const TextDocument& document,
                                      const DecodingOptions& options,
                                      data::SplitMode mode = data::SplitMode::Sentences,
                                      const std::function<void(size_t, size_t)>& progress = nullptr,
                                      const std::function<bool()>& stop = nullptr);

// The translation as units of a translation memory (data/TmxWriter.h), for
// a CAT tool to review and reuse: one a sentence — its Vietnamese as the
// model read it (a sentence cut in parts whole again), its best translation
// — in the document's order, each distinct pair once. A sentence whose
// translation is empty has no unit (a memory's segments are not empty): how
// many were left out so goes to `empty` when given.
std::vector<data::TmxUnit> memoryUnits(const DocumentTranslation& translation, size_t* empty = nullptr);

// The document with each line's tags taken out (parseMarkup), and into
// `marked` each line's markup.
TextDocument plainDocument(const TextDocument& document, std::vector<MarkedText>* marked);

// translateDocument for text with inline markup (Markup.h), a line at a
// time: each line's tags are taken out, its words translated, and the tags
// put back into its best translation (translation.lines) around the words
// aligned to theirs (WordAlignment.h, the first model's last layer). `lines`
// hold the plain texts' translations; `marked` (optional) gets each line's
// markup. Not with SplitMode::Paragraphs (std::invalid_argument).
DocumentTranslation translateMarkedDocument(const Translator& translator, const TextDocument& document,
                                            const DecodingOptions& options,
                                            data::SplitMode mode = data::SplitMode::Sentences,
                                            const std::function<void(size_t, size_t)>& progress = nullptr,
                                            const std::function<bool()>& stop = nullptr,
                                            std::vector<MarkedText>* marked = nullptr);

// Notices that name lines of a document made of pieces of a file ("line N: ..."), each naming instead
// the file's line where its piece starts (`lines`[N - 1]); a notice naming no such line as it was.
std::vector<std::string> noticesAtLines(const std::vector<std::string>& notices,
                                        const std::vector<size_t>& lines);
// The same with "line N" replaced by what `place` says of N (1-based; it is
// asked only for lines up to `count`), e.g. a document's paragraph.
std::vector<std::string> noticesAt(const std::vector<std::string>& notices, size_t count,
                                   const std::function<std::string(size_t)>& place);

}  // namespace studio::model
