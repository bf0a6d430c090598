#include "app/cli/TranslationLines.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "app/cli/CommandLine.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/SourceReliance.h"
#include "model/decoding/Verbatim.h"
#include "model/decoding/WordAlignment.h"

namespace studio::cli {

AlignmentColumn alignmentColumnFrom(const std::string& value, const model::AlignmentOptions& how) {
  AlignmentColumn column;
  column.on = true;
  column.how = how;
  using Kind = model::AlignmentFormat::Kind;
  if (value == "soft") {
    column.format.kind = Kind::Soft;
  } else if (value == "union") {
    column.format.kind = Kind::Union;
  } else if (value != "hard") {
    char* end = nullptr;
    const double threshold = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !(threshold > 0 && threshold <= 1))
      throw UsageError("--alignment: '" + value + "' is not hard, union, soft or a threshold in (0, 1]");
    column.format = {Kind::Threshold, threshold};
  }
  return column;
}

namespace {

// `value` with `decimals` digits after the point ("%.*f").
std::string fixed(double value, int decimals) {
  char number[64];
  std::snprintf(number, sizeof number, "%.*f", decimals, value);
  return number;
}

// " ||| source MEAN ||| word:share ..." for a text's best translation, every sentence's words in turn.
std::string relianceColumns(const model::Translator& translator, const model::TextTranslation& result,
                            const model::DecodingOptions& options) {
  auto model = translator.modelHandle();
  model::ScopedHeadMask heads_off(model, options.head_mask);
  std::vector<model::WordReliance> words;
  for (size_t s = 0; s < result.segments.size(); ++s) {
    if (result.segments[s].empty()) continue;
    auto more = model::wordReliance(translator, result.source.segments[s].text, result.segments[s][0]);
    words.insert(words.end(), more.begin(), more.end());
  }
  // A translation of no words (an untrained model's) has no mean.
  double mean = 0;
  for (const auto& w : words) mean += w.share / double(words.size());
  std::string out = " ||| source " + (words.empty() ? std::string("-") : fixed(mean, 3)) + " |||";
  for (const auto& w : words) out += " " + w.word + ":" + fixed(w.share, 3);
  return out;
}

}  // namespace

std::vector<std::vector<std::string>> translationLines(const model::Translator& translator,
                                                       const std::vector<model::TextTranslation>& lines,
                                                       const model::DecodingOptions& options,
                                                       const LineColumns& columns) {
  std::vector<std::vector<model::WordAlignment>> alignments;
  if (columns.alignment.on || columns.markup) {
    auto model = translator.modelHandle();
    model::ScopedHeadMask heads_off(model, options.head_mask);
    alignments = model::alignTexts(translator, lines, size_t(options.nbest), columns.alignment.how);
  }
  std::vector<std::vector<std::string>> out;
  for (size_t index = 0; index < lines.size(); ++index) {
    const auto& result = lines[index];
    const size_t count = std::min(result.nbest(), size_t(options.nbest));
    out.emplace_back();
    auto& printed = out.back();
    if (count == 0) {  // an empty line (its tags alone with --markup)
      printed.push_back(columns.markup ? model::markedTranslation(columns.markup->at(index), {}) : "");
      continue;
    }
    for (size_t k = 0; k < count; ++k) {
      const auto t = result.joined(k);
      std::string line;
      if (options.nbest > 1) line += std::to_string(index) + " ||| ";
      line +=
          columns.markup ? model::markedTranslation(columns.markup->at(index), alignments[index], k) : t.text;
      if (options.nbest > 1 || columns.scores) line += " ||| " + fixed(t.score, 4);
      if (columns.scores) {
        line += " |||";
        for (size_t p = 0; p < t.pieces.size(); ++p)
          line += " " + t.pieces[p] + ":" + fixed(t.probabilities[p], 3);
        if (t.finished) line += " </s>:" + fixed(t.probabilities.back(), 3);
        if (!t.terms.empty()) {
          line += " ||| terms";
          for (const auto& term : t.terms)
            line += " " +
                    (term.verbatim ? model::verbatimKindName(term.verbatim) + ":" + term.source
                                   : term.source + "=" + term.target) +
                    "@" + std::to_string(term.start);
          line += " ||| free " + fixed(t.unconstrained_score, 4);
        }
      }
      if (columns.reliance && k == 0) line += relianceColumns(translator, result, options);
      if (columns.alignment.on)
        line += " ||| " + model::alignmentLine(alignments[index].at(k), columns.alignment.format);
      printed.push_back(std::move(line));
    }
  }
  return out;
}

void printNotices(const std::vector<model::TextTranslation>& results, const std::string& where) {
  for (size_t i = 0; i < results.size(); ++i)
    for (const auto& notice : results[i].source.notices)
      std::fprintf(stderr, "%s %zu: %s\n", where.c_str(), i + 1, notice.c_str());
}

}  // namespace studio::cli
