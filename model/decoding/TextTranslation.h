#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/data/SentenceSplitter.h"
#include "model/decoding/Translator.h"

// Texts as people paste them: paragraphs split into sentences, sentences too
// long for the model cut into parts that fit, translated, and put back
// together with the text's line breaks. Nothing is cut off silently.
namespace studio::model {

struct TextSegment {
  std::string text;            // what the model translates
  std::string separator;       // before its translation: "" (first), " ", or line breaks
  size_t sentence = 0;         // which sentence of the text it belongs to
  size_t part = 0, parts = 1;  // parts > 1: the sentence was too long and was cut
  size_t begin = 0, end = 0;   // the bytes of the text its sentence came from
};

struct SegmentedText {
  std::vector<TextSegment> segments;
  size_t sentences = 0;
  std::vector<std::string> notices;  // one a sentence that had to be cut, saying where and how

  // The segment whose sentence holds byte `offset` of the text (the last
  // one before it when it falls between sentences; 0 when there is none).
  size_t segmentAt(size_t offset) const;
};

// The source pieces the model takes a sentence (its positions, less EOS).
int64_t maxSourcePieces(const Translator& translator);

// Splits `text` (valid UTF-8) into sentences, or lines with
// data::SplitMode::Lines, and cuts each sentence longer than
// maxSourcePieces into parts that fit (data::fitSentence).
SegmentedText segmentText(const Translator& translator, std::string_view text,
                          data::SplitMode mode = data::SplitMode::Sentences);

struct TextTranslation {
  SegmentedText source;
  std::vector<std::vector<Translation>> segments;  // each segment's n-best list, best first
  std::vector<BeamTrace> traces;                   // with translateTexts(..., traces = true): one a segment

  // The best translations joined with the separators ("" for an empty text).
  std::string text() const { return joined(0).text; }
  // Hypothesis k of the whole text: each segment's k-th (or its last) joined;
  // pieces and probabilities concatenated, log probabilities summed, scores
  // averaged, finished when every segment finished.
  Translation joined(size_t k) const;
  // The longest n-best list of any segment.
  size_t nbest() const;
};

// Segments translated before, by their text, for one model and one set of
// decoding options (the caller clears it when either changes): editing one
// sentence of a paragraph decodes that sentence again, not the paragraph.
struct TranslationMemo {
  std::map<std::string, std::vector<Translation>> entries;
  size_t capacity = 4096;  // cleared when full
};

// Translates several texts together (their segments share batches). A
// forced prefix (options.prefix) applies to each text's first segment only.
// A segment that occurs several times is decoded once, and `progress` hears
// (distinct segments done, their total). With `memo`, segments found in it
// are not decoded again (except with traces, which need the search itself).
std::vector<TextTranslation> translateTexts(const Translator& translator, const std::vector<std::string>& texts,
                                            const DecodingOptions& options,
                                            data::SplitMode mode = data::SplitMode::Sentences,
                                            int64_t max_tokens = 4096,
                                            const std::function<void(size_t, size_t)>& progress = nullptr,
                                            bool traces = false, TranslationMemo* memo = nullptr);

}  // namespace studio::model
