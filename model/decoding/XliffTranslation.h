#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/XliffFile.h"

// An XLIFF document (model/files/XliffFile.h) translated: every segment that
// has no translation yet gets the model's, its inline codes and paired
// elements kept around the words aligned to theirs (as --markup keeps tags),
// for `translate --input FILE.xlf` and the app's "Translate a file…".
namespace studio::model {

struct XliffTranslation {
  std::string text;                  // the document with its targets, as it is written
  size_t translated = 0;             // segments given a target
  size_t kept = 0;                   // segments that had a translation, left as they were
  size_t not_translatable = 0;       // segments under translate="no"
  size_t sentences = 0;              // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;  // "line N: ..." (the segment's <source> line)
  // Each sentence translated and its translation, as plain text, for a translation memory
  // (memoryUnits), and the sentences left out of it (translated as nothing).
  std::vector<data::TmxUnit> memory;
  size_t memory_left_out = 0;
};

// Translates `document`'s segments to translate, all in shared batches
// (progress and stop as translateDocument's).
XliffTranslation translateXliff(const Translator& translator, const XliffDocument& document,
                                const DecodingOptions& options,
                                const std::function<void(size_t, size_t)>& progress = nullptr,
                                const std::function<bool()>& stop = nullptr);

}  // namespace studio::model
