#pragma once

// The key task, shared by the suites that test explanations: a source of
// 4..8 filler tokens (ids 4..11) with one key (12..15) somewhere among them;
// the output is one token, 16 + (key - 12). Only the key decides it, so an
// explanation (or a patched state) that is right about the model points at it.

#include <cstdint>
#include <random>
#include <vector>

#include <torch/torch.h>

#include "model/Transformer.h"

namespace studio::test::key_task {

constexpr int64_t kFirstFiller = 4, kFillers = 8, kFirstKey = 12, kKeys = 4, kFirstOutput = 16;

struct KeyCase {
  std::vector<int64_t> source;  // without </s>
  int64_t key_position = 0;
  int64_t output = 0;
};

inline KeyCase makeKeyCase(std::mt19937& rng) {
  KeyCase c;
  const int64_t length = 4 + int64_t(rng() % 5);
  c.key_position = int64_t(rng() % uint64_t(length));
  const int64_t key = kFirstKey + int64_t(rng() % kKeys);
  for (int64_t i = 0; i < length; ++i)
    c.source.push_back(i == c.key_position ? key : kFirstFiller + int64_t(rng() % kFillers));
  c.output = kFirstOutput + key - kFirstKey;
  return c;
}

inline model::TransformerOptions keyTaskOptions() {
  model::TransformerOptions o;
  o.vocab_size = kFirstOutput + kKeys;
  o.encoder_layers = 1;
  o.decoder_layers = 1;
  o.d_model = 32;
  o.heads = 2;
  o.d_ff = 64;
  o.dropout = 0.0;
  o.max_length = 16;
  return o;
}

// A model of `options` (keyTaskOptions() by default) trained on the task for
// 400 steps of 64 cases drawn from `rng` (a few seconds on a CPU); in eval mode.
inline model::Transformer trainKeyModel(std::mt19937& rng,
                                        const model::TransformerOptions& options = keyTaskOptions()) {
  torch::manual_seed(11);
  model::Transformer m(options);
  torch::optim::Adam adam(m->parameters(), torch::optim::AdamOptions(3e-3));
  m->train();
  for (int step = 0; step < 400; ++step) {
    std::vector<int64_t> src, tgt_in, tgt_out;
    const int64_t batch = 64, S = 9;
    for (int64_t b = 0; b < batch; ++b) {
      auto c = makeKeyCase(rng);
      c.source.push_back(3);
      c.source.resize(S, 0);
      src.insert(src.end(), c.source.begin(), c.source.end());
      tgt_in.insert(tgt_in.end(), {2, c.output});
      tgt_out.insert(tgt_out.end(), {c.output, 3});
    }
    auto logits = m(torch::tensor(src).view({batch, S}), torch::tensor(tgt_in).view({batch, 2}));
    // Label smoothing, as translation models are trained: the probabilities
    // stay under 1, so that gradients do not vanish with the loss.
    auto loss = torch::nn::functional::cross_entropy(
        logits.reshape({-1, logits.size(-1)}), torch::tensor(tgt_out),
        torch::nn::functional::CrossEntropyFuncOptions().label_smoothing(0.1));
    adam.zero_grad();
    loss.backward();
    adam.step();
  }
  m->eval();
  return m;
}

}  // namespace studio::test::key_task
