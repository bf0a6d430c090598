#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/decoding/TextTranslation.h"

// Whole text files translated line for line, for `translate --input/--output`
// and the app's "Translate a file…": every line of the file gives one line of
// the translation (an empty line an empty line), the file's line ends and
// byte order mark kept, the translation written whole or not at all.
namespace studio::model {

// A text file as lines, without their line ends, and how it was written.
struct TextDocument {
  // UTF-16 is recognized by its byte order mark (Windows' "Unicode" text);
  // the lines are UTF-8 whatever the file's encoding.
  enum class Encoding { Utf8, Utf16LE, Utf16BE };
  std::vector<std::string> lines;
  Encoding encoding = Encoding::Utf8;
  bool bom = false;           // it started with a byte order mark (always, in UTF-16)
  bool crlf = false;          // its first line ended in "\r\n" (then every written line does)
  bool final_newline = true;  // its last line ended in a line break (false for an empty file)

  // The text as it would be written: the lines joined with the file's line
  // end, in its encoding, after its byte order mark.
  std::string text() const;
};

// Reads a UTF-8 text file, or a UTF-16 one with its byte order mark. Throws
// std::runtime_error naming the file and line when it cannot be read, holds
// a line that is not valid UTF-8 (UTF-16), or a NUL character (a binary file).
TextDocument readTextDocument(const std::string& path);

// The same document read from a stream (stdin), `name` in its errors.
TextDocument readTextDocument(std::istream& in, const std::string& name);

// Writes `document` to `path` whole or not at all (writeAtomically).
void writeTextDocument(const std::string& path, const TextDocument& document);

// translateDocument stops when its `stop` says so: nothing is returned.
class TranslationStopped : public std::runtime_error {
 public:
  TranslationStopped() : std::runtime_error("the translation was stopped") {}
};

struct DocumentTranslation {
  // One a line of the document, in order; with SplitMode::Paragraphs one a
  // paragraph (the lines up to a blank one) or blank line.
  std::vector<TextTranslation> lines;
  TextDocument translation;            // the best translations, the document's line ends and BOM kept
  size_t segments = 0;                 // sentences (and parts of long ones) translated
  size_t decoded = 0;                  // of them, decoded (one that recurs is decoded once)
  std::vector<std::string> notices;    // "line N: sentence ... translated in parts" ("lines N-M" a paragraph)
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

// Throws std::invalid_argument when `output` is the file `input` (the same
// path, or another name of it): a translation never replaces its source.
void checkDistinctFiles(const std::string& input, const std::string& output);

}  // namespace studio::model
