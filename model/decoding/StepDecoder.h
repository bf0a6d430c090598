#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "model/Transformer.h"
#include "model/decoding/Decoding.h"
#include "model/inference/FastDecoder.h"

// The decoder's steps as a search sees them: feed each row (hypothesis) its
// newest token, get the log-probabilities of the next one, then say which
// rows go on. Runs on the inference engine (inference/FastDecoder.h) where
// DecodingOptions::engine and the model allow, else on LibTorch's modules
// with the key/value cache (or without it, when use_cache is off). Every
// search (beamSearch(), constrainedSearch()) decodes through this. With
// options.ensemble, each member model has a StepDecoder of its own and a
// step's log-probabilities are those of the mean of their probabilities.
namespace studio::model {

class StepDecoder {
 public:
  // Encodes src [B, S] (on the model's device); `rows_per_sentence` rows a
  // sentence, row r for sentence r / rows_per_sentence. A search starts from
  // one hypothesis a sentence: the first step computes row b * K alone and
  // gives the others -inf everywhere (they must not be continued).
  // `expected_steps`: how many steps the search may take (room is made for them at once).
  // With options.shortlist, the output is computed over the batch's
  // shortlist (Shortlist.h) plus the end, options.prefix and
  // `required_outputs` (a glossary's term pieces); the other pieces read -inf.
  StepDecoder(Transformer& model, const torch::Tensor& src, int64_t rows_per_sentence,
              const DecodingOptions& options, int64_t expected_steps = 16,
              const std::vector<int64_t>& required_outputs = {});

  // tokens: each row's newest token -> log-probabilities of the next [rows,
  // V], float32, contiguous, on the CPU; valid until the next call.
  torch::Tensor logProbabilities(const std::vector<int64_t>& tokens);

  // The next layout: row i continues row origin[i] and belongs to sentence
  // sentence[i] (an index into the src given at the start).
  void reorder(const std::vector<int64_t>& origin, const std::vector<int64_t>& sentence);

  bool usesEngine() const;
  // The output pieces computed (sorted ids), or empty for the whole vocabulary.
  const std::vector<int64_t>& outputPieces() const { return output_pieces_; }

 private:
  torch::Tensor modelLogProbabilities(const std::vector<int64_t>& tokens);
  torch::Tensor computeLogProbabilities(const std::vector<int64_t>& tokens);

  Transformer model_;
  bool use_cache_ = true;
  int64_t rows_per_sentence_ = 1;
  bool first_step_ = true, expanded_ = false;
  std::optional<inference::FastDecoder> engine_;
  // The LibTorch path: one memory a row, the cache, and (without the cache) each row's tokens so far.
  torch::Tensor memory_, src_rows_, prefix_;
  DecoderCache cache_;
  std::vector<int64_t> sentence_;
  std::vector<int64_t> output_pieces_;  // the shortlist's union, or empty
  torch::Tensor output_index_;          // the same on the model's device (the LibTorch path)
  // options.ensemble's members, each decoding alone; and the step's mean.
  std::vector<std::unique_ptr<StepDecoder>> members_;
  std::vector<double> weights_;  // options.ensemble_weights
  torch::Tensor mean_;
};

}  // namespace studio::model
