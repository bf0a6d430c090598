#include "app/cli/TranslationLines.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "app/cli/CommandLine.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/SourceReliance.h"

namespace studio::cli {

AlignmentColumn alignmentColumnFrom(const std::string& value, const model::AlignmentOptions& how) {
  AlignmentColumn column;
  column.on = true;
  column.how = how;
  if (value == "soft") {
    column.soft = true;
  } else if (value != "hard") {
    char* end = nullptr;
    const double threshold = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || !(threshold > 0 && threshold <= 1))
      throw UsageError("--alignment: '" + value + "' is not hard, soft or a threshold in (0, 1]");
    column.threshold = threshold;
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

// The hypotheses a line prints: its n-best count (0 for an empty line).
size_t printedHypotheses(const model::TextTranslation& result, const model::DecodingOptions& options) {
  return std::min(result.nbest(), size_t(options.nbest));
}

// " ||| ..." alignment columns for every printed hypothesis of every line,
// [line][hypothesis]. Hypothesis k of a line of several sentences is each
// sentence's k-th (or last) joined, as TextTranslation::joined: its links
// count the line's words, every sentence's after the sentences before it.
std::vector<std::vector<std::string>> alignmentColumns(const model::Translator& translator,
                                                       const std::vector<model::TextTranslation>& lines,
                                                       const model::DecodingOptions& options,
                                                       const AlignmentColumn& column) {
  struct Pair {
    size_t line, k;
  };
  std::vector<Pair> where;
  std::vector<std::string> sentences;
  std::vector<model::Translation> translations;
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto& result = lines[i];
    for (size_t k = 0; k < printedHypotheses(result, options); ++k)
      for (size_t s = 0; s < result.source.segments.size(); ++s) {
        const auto& list =
            s < result.segments.size() ? result.segments[s] : std::vector<model::Translation>{};
        where.push_back({i, k});
        sentences.push_back(result.source.segments[s].text);
        translations.push_back(list.empty() ? model::Translation{} : list[std::min(k, list.size() - 1)]);
      }
  }
  auto model = translator.modelHandle();
  model::ScopedHeadMask heads_off(model, options.head_mask);
  std::vector<model::WordAlignment> aligned;
  try {
    aligned = model::alignWords(translator, sentences, translations, column.how);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--alignment-layer: ") + e.what());
  }
  std::vector<std::vector<std::string>> out(lines.size());
  // Each hypothesis's sentences in turn: their links, offset by the words before.
  std::map<std::pair<size_t, size_t>, std::vector<size_t>> parts;
  for (size_t p = 0; p < where.size(); ++p) parts[{where[p].line, where[p].k}].push_back(p);
  for (const auto& [key, indices] : parts) {
    std::string links;
    int source_offset = 0, target_offset = 0;
    size_t source_total = 0;
    for (size_t p : indices) source_total += aligned[p].source_words.size();
    std::vector<std::string> rows;
    for (size_t p : indices) {
      const auto& a = aligned[p];
      if (column.soft) {
        for (const auto& weights : a.weights) {
          std::vector<float> row(source_total, 0.0f);
          std::copy(weights.begin(), weights.end(), row.begin() + source_offset);
          std::string cell;
          for (size_t s = 0; s < row.size(); ++s) cell += (s ? "," : "") + fixed(row[s], 3);
          rows.push_back(cell);
        }
      } else {
        const auto part = model::pharaohLinks(a.links(column.threshold), source_offset, target_offset);
        if (!part.empty()) links += (links.empty() ? "" : " ") + part;
      }
      source_offset += int(a.source_words.size());
      target_offset += int(a.target_words.size());
    }
    if (column.soft) {
      links.clear();
      for (const auto& row : rows) links += (links.empty() ? "" : " ") + row;
    }
    auto& line = out[key.first];
    if (line.size() <= key.second) line.resize(key.second + 1);
    line[key.second] = " ||| " + links;
  }
  return out;
}

}  // namespace

std::vector<std::vector<std::string>> translationLines(const model::Translator& translator,
                                                       const std::vector<model::TextTranslation>& lines,
                                                       const model::DecodingOptions& options,
                                                       const LineColumns& columns) {
  std::vector<std::vector<std::string>> alignments;
  if (columns.alignment.on) alignments = alignmentColumns(translator, lines, options, columns.alignment);
  std::vector<std::vector<std::string>> out;
  for (size_t index = 0; index < lines.size(); ++index) {
    const auto& result = lines[index];
    const size_t count = printedHypotheses(result, options);
    out.emplace_back();
    auto& printed = out.back();
    if (count == 0) {
      printed.push_back("");
      continue;
    }
    for (size_t k = 0; k < count; ++k) {
      const auto t = result.joined(k);
      std::string line;
      if (options.nbest > 1) line += std::to_string(index) + " ||| ";
      line += t.text;
      if (options.nbest > 1 || columns.scores) line += " ||| " + fixed(t.score, 4);
      if (columns.scores) {
        line += " |||";
        for (size_t p = 0; p < t.pieces.size(); ++p)
          line += " " + t.pieces[p] + ":" + fixed(t.probabilities[p], 3);
        if (t.finished) line += " </s>:" + fixed(t.probabilities.back(), 3);
        if (!t.terms.empty()) {
          line += " ||| terms";
          for (const auto& term : t.terms)
            line += " " + term.source + "=" + term.target + "@" + std::to_string(term.start);
          line += " ||| free " + fixed(t.unconstrained_score, 4);
        }
      }
      if (columns.reliance && k == 0) line += relianceColumns(translator, result, options);
      if (columns.alignment.on) line += alignments[index].at(k);
      printed.push_back(std::move(line));
    }
  }
  return out;
}

}  // namespace studio::cli
