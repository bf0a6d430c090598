#include "model/explaining/PatchingSummary.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/explaining/Patching.h"

namespace studio::model {

namespace {

std::vector<std::string> wordsOf(const std::string& sentence) {
  std::istringstream in(sentence);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// Adds one patching's rows to the sums (sized on first use).
void addRows(std::vector<PatchingSummary::Row>& sums, const ActivationPatching& p,
             const PatchedStates& states, int64_t word_begin, int64_t word_end) {
  if (sums.empty())
    for (const auto& row : states.rows) sums.push_back({row.name(), row});
  for (int64_t r = 0; r < states.rows_count(); ++r) {
    auto& sum = sums[size_t(r)];
    sum.all += p.recovery(states, r, states.positions);
    double best = -1e30, at_word = -1e30;
    for (int64_t c = 0; c < states.positions; ++c) {
      const double value = p.recovery(states, r, c);
      best = std::max(best, value);
      if (c >= word_begin && c < word_end) at_word = std::max(at_word, value);
    }
    sum.best += best;
    if (word_end > word_begin) sum.at_word += at_word;
  }
}

nlohmann::json rowsJson(const std::vector<PatchingSummary::Row>& rows, bool at_word) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : rows) {
    nlohmann::json item = {{"site", row.name}, {"all", row.all}, {"best", row.best}};
    if (at_word) item["at_word"] = row.at_word;
    out.push_back(item);
  }
  return out;
}

}  // namespace

nlohmann::json PatchingSummary::toJson() const {
  return {{"sentences", sentences},
          {"words", words},
          {"skipped", skipped},
          {"direction", noising ? "noising" : "denoising"},
          {"method", estimated ? "attribution" : "exact"},
          {"encoder", rowsJson(encoder, true)},
          {"decoder", rowsJson(decoder, false)}};
}

PatchingSummary summarizePatching(const Translator& translator, const std::vector<std::string>& sentences,
                                  const DecodingOptions& decoding, const PatchingOptions& patching,
                                  const std::function<bool()>& stop,
                                  const std::function<void(int64_t done)>& progress) {
  auto model = translator.modelHandle();
  const auto& o = model->options();
  const auto& tokenizer = translator.tokenizer();
  auto options = decoding;
  options.nbest = 1;
  PatchingSummary summary;
  summary.noising = patching.noising;
  summary.estimated = patching.estimate;
  // One sentence's words, each blanked in turn (the best translation traced).
  const auto measure = [&](const std::string& sentence, const std::vector<Translation>& translations) {
    if (translations.empty()) return;
    const auto ids = tokenizer.encode(sentence);
    if (ids.empty() || int64_t(ids.size()) > o.max_length - 1) return;
    // Each word's pieces, in the order the sentence's are: a word at a time, as SentencePiece splits at
    // spaces.
    std::vector<std::vector<int>> word_ids;
    size_t total = 0;
    for (const auto& word : wordsOf(sentence)) {
      word_ids.push_back(tokenizer.encode(word));
      total += word_ids.back().size();
    }
    if (total != ids.size())
      return;  // a sentence the normalizer splits otherwise: its words cannot be placed
    ++summary.sentences;
    std::vector<int64_t> source(ids.begin(), ids.end());
    source.push_back(o.eos_id);
    int64_t at = 0;
    for (const auto& pieces : word_ids) {
      const int64_t end = at + int64_t(pieces.size());
      auto corrupted = source;
      for (int64_t k = at; k < end; ++k) corrupted[size_t(k)] = o.unk_id;
      if (corrupted != source) {
        const auto p = patchActivations(model, source, corrupted, translations[0].ids, patching);
        if (std::isnan(p.recovery(p.encoder, 0, 0))) {
          ++summary.skipped;
        } else {
          ++summary.words;
          addRows(summary.encoder, p, p.encoder, at, end);
          addRows(summary.decoder, p, p.decoder, 0, 0);
        }
      }
      at = end;
    }
  };
  const size_t batch = 32;  // translated together; a stop is heard between sentences
  bool stopped = false;
  for (size_t begin = 0; begin < sentences.size() && !stopped; begin += batch) {
    const std::vector<std::string> part(sentences.begin() + long(begin),
                                        sentences.begin() + long(std::min(sentences.size(), begin + batch)));
    const auto translations = translator.translate(part, options);
    for (size_t i = 0; i < part.size() && !stopped; ++i) {
      stopped = stop && stop();
      if (stopped) break;
      measure(part[i], translations[i]);
      if (progress) progress(int64_t(begin + i + 1));
    }
  }
  for (auto* rows : {&summary.encoder, &summary.decoder})
    for (auto& row : *rows)
      if (summary.words > 0) {
        row.all /= double(summary.words);
        row.best /= double(summary.words);
        row.at_word /= double(summary.words);
      }
  return summary;
}

}  // namespace studio::model
