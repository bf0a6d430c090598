#pragma once

#include <vector>

#include "model/Transformer.h"

// Beam search over the Transformer, in inference mode, with or without the
// key/value cache (decoding lives outside the modules).
namespace studio::model {

struct DecodingOptions {
  int64_t beam_size = 4;          // 1 is greedy search
  double length_penalty = 0.6;    // GNMT alpha: score = log P / ((5 + |Y|) / 6)^alpha; 0 = none
  double max_length_ratio = 1.5;  // at most ratio * source length + extra output tokens
  int64_t max_length_extra = 10;
  int64_t nbest = 1;              // hypotheses returned a sentence (at most beam_size)
  bool use_cache = true;          // incremental decoding with cached keys/values

  void validate() const;  // throws std::invalid_argument naming the field
};

struct Hypothesis {
  std::vector<int64_t> tokens;       // without BOS and EOS
  std::vector<float> probabilities;  // one a token, EOS's last when finished
  double log_probability = 0.0;      // sum of log probabilities, EOS included
  double score = 0.0;                // log_probability / length penalty
  bool finished = false;             // ended with EOS (else cut at the maximum length)
};

// Translates src [B, S] (token ids, padded with pad_id, on the model's
// device). Returns for each sentence its n-best list, best first. The caller
// puts the model in eval().
std::vector<std::vector<Hypothesis>> beamSearch(Transformer& model, const torch::Tensor& src,
                                                const DecodingOptions& options);

// The maximum output length for a source of `source_length` tokens.
int64_t maxOutputLength(const DecodingOptions& options, int64_t source_length, int64_t model_max_length);

}  // namespace studio::model
