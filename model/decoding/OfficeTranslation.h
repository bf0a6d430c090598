#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/files/OfficeFile.h"

// A Word document or OpenDocument text (model/files/OfficeFile.h)
// translated: every paragraph with letters gets the model's translation in
// its place, its formatting, hyperlinks and fields kept around the words
// aligned to theirs (as --markup keeps tags) and what is not text (pictures,
// tabs, note marks) where its neighbours went; for `translate --input
// FILE.docx` (.odt) and the app's "Translate a file…".
namespace studio::model {

struct OfficeTranslation {
  std::string bytes;                  // the translated package, as it is written
  size_t paragraphs = 0;              // paragraphs translated
  size_t kept = 0;                    // paragraphs with letters kept as written (notices say why)
  size_t comments = 0;                // comments in the document, not translated
  size_t tcvn3 = 0;                   // of the paragraphs, those read from TCVN3 (".Vn") fonts
  size_t vni = 0;                     // and those read from VNI fonts
  size_t sentences = 0;               // sentences (and parts of long ones) decoded for them
  std::vector<std::string> notices;   // "word/document.xml line N (“first words …”): ..."
  std::vector<data::TmxUnit> memory;  // each sentence and its translation (memoryUnits)
  size_t memory_left_out = 0;
};

// Translates `document`'s paragraphs, all in shared batches (progress and
// stop as translateDocument's).
OfficeTranslation translateOfficeDocument(const Translator& translator, const OfficeDocument& document,
                                          const DecodingOptions& options,
                                          const std::function<void(size_t, size_t)>& progress = nullptr,
                                          const std::function<bool()>& stop = nullptr);

// Where a paragraph is, for people: "word/document.xml line 2 (“Mở tập tin …”)".
std::string officeParagraphPlace(const OfficeDocument& document, const OfficeParagraph& paragraph);

}  // namespace studio::model
