#pragma once

#include <vector>

#include "model/Transformer.h"

namespace studio::model {

// One decoded sentence: the output token ids (without BOS and EOS), the
// probability the model gave each of them, and the summed log-probability
// (EOS included when it was produced).
struct DecodedSentence {
  std::vector<int64_t> tokens;
  std::vector<float> probabilities;
  double log_probability = 0.0;
  bool finished = false;  // produced EOS before max_length
};

// Greedy decoding of a batch: at each step the most probable next token.
// src [B, S] on the model's device; at most `max_length` output tokens (EOS
// included). With `use_cache` each step feeds only the newest token through
// the decoder (cached keys/values); without, the whole prefix. Runs without
// gradients; the caller puts the model in eval().
std::vector<DecodedSentence> greedyDecode(Transformer& model, const torch::Tensor& src, int64_t max_length,
                                          bool use_cache = false);

}  // namespace studio::model
