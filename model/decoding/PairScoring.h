#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/decoding/Translator.h"
#include "model/evaluation/MinimalPairs.h"

// Scoring given translations (as fairseq's --score-reference and Marian's
// scorer): the model reads each source and is fed the translation's pieces
// one after another (teacher forcing); each piece's probability, the end's
// included, is what the model gives it there. With the translator's
// ensemble, a piece's probability is the mean of the models'. Used to rank
// or filter parallel data (a low score: a pair the model finds unlikely,
// often a misaligned or untranslated one) and to compare translations.
namespace studio::model {

struct PairScore {
  // False when the source or the translation has more pieces than the
  // model's positions hold (`why` says which and how many); nothing else set then.
  bool scored = false;
  std::string why;
  std::vector<std::string> pieces;   // the translation's pieces (the end not included)
  std::vector<int64_t> ids;          // their ids
  std::vector<float> probabilities;  // one a piece, then the end's
  double log_probability = 0.0;      // their sum of logs
  // Per piece, the end included: log_probability / (pieces + 1).
  double meanLogProbability() const { return log_probability / double(probabilities.size()); }
};

// Pairs of source ids (with the end) and target ids (no start or end) as
// the model reads them together, sorted by length and cut into batches of
// at most `max_tokens` source and target positions (one pair at least).
struct PairBatch {
  std::vector<size_t> pairs;     // the batch's rows: which pairs
  torch::Tensor src, target_in;  // [B, S] the sources, [B, T] the start then the targets, padded (CPU)
  torch::Tensor target_out;      // [B, T] the targets then the end, padded: what each position predicts
};
std::vector<PairBatch> pairBatches(const std::vector<std::vector<int64_t>>& sources,
                                   const std::vector<std::vector<int64_t>>& targets,
                                   const TransformerOptions& options, int64_t max_tokens);

// The log-probability of each piece of targets[i] (token ids, no start or
// end), then of the end, fed to `models` (one, or an ensemble: the mean of
// their probabilities, weighted by `weights` when given) after sources[i] (ids with the end), on `device`;
// every pair must fit the models' positions. Batches of at most
// `max_tokens` source and target positions.
std::vector<std::vector<float>> scoreIds(const std::vector<Transformer>& models,
                                         const std::vector<std::vector<int64_t>>& sources,
                                         const std::vector<std::vector<int64_t>>& targets,
                                         const torch::Device& device, int64_t max_tokens = 4096,
                                         const std::function<void(size_t, size_t)>& progress = nullptr,
                                         const std::vector<double>& weights = {});

// Scores each (sources[i], translations[i]), whitespace as given (normalize
// it first as the reader should), in batches of at most `max_tokens` source
// and target pieces; `progress` (optional) hears (pairs done, total).
// Throws std::invalid_argument when the two lists differ in length.
std::vector<PairScore> scorePairs(const Translator& translator, const std::vector<std::string>& sources,
                                  const std::vector<std::string>& translations, int64_t max_tokens = 4096,
                                  const std::function<void(size_t, size_t)>& progress = nullptr);

// Both sides of each minimal pair scored (scorePairs, in one pass): which one
// the model gives the higher probability. `progress` hears (sides done, 2 × pairs).
std::vector<MinimalPairOutcome> scoreMinimalPairs(const Translator& translator,
                                                  const std::vector<MinimalPair>& pairs, int64_t max_tokens = 4096,
                                                  const std::function<void(size_t, size_t)>& progress = nullptr);

// A translation given as text, as the model reads it after `sentence`
// (both with whitespace as given): a Translation as a search would have
// returned it (pieces, ids, each piece's probability and the end's, their
// sum of logs, the score length-normalized with GNMT's `alpha` as beam search
// ranks), finished — to capture its attention (captureAttention) or to set it
// beside the model's own. With the translator's ensemble, the mean of the
// models' probabilities. Throws std::invalid_argument naming what does not
// fit when the sentence or the translation is longer than the positions, or
// the translation is empty.
Translation givenTranslation(const Translator& translator, const std::string& sentence,
                             const std::string& text, double alpha = 0.6);

}  // namespace studio::model
