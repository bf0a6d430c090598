#pragma once

#include <string>
#include <vector>

#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/Markup.h"
#include "model/decoding/Translator.h"
#include "model/decoding/WordAlignment.h"

// How `translate` writes each input line's translation: the best (or, with
// --nbest, "INDEX ||| TEXT ||| SCORE" lines), and the columns asked for:
// --scores, --reliance, --alignment; with --markup, the input's tags.
namespace studio::cli {

struct AlignmentColumn {
  bool on = false;
  model::AlignmentFormat format;  // which links are written, or the soft weights
  model::AlignmentOptions how;    // which attention aligns
};

// "hard", "union", "soft" or a threshold in (0, 1] (UsageError otherwise).
AlignmentColumn alignmentColumnFrom(const std::string& value, const model::AlignmentOptions& how);

struct LineColumns {
  bool scores = false, reliance = false;
  AlignmentColumn alignment;
  // --markup: each input line's tags (parseMarkup), put back into its
  // translations (the lines translated are their plain texts).
  const std::vector<model::MarkedText>* markup = nullptr;
};

// Every input line's output lines, in order. The alignments of all lines
// are computed together (the model runs over the pairs in batches).
std::vector<std::vector<std::string>> translationLines(const model::Translator& translator,
                                                       const std::vector<model::TextTranslation>& lines,
                                                       const model::DecodingOptions& options,
                                                       const LineColumns& columns);

// Sentences that were too long for the model, one line each on stderr:
// "WHERE N: notice", N the text's number from 1.
void printNotices(const std::vector<model::TextTranslation>& results, const std::string& where);

}  // namespace studio::cli
