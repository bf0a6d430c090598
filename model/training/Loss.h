#pragma once

#include <torch/types.h>

#include "model/Transformer.h"

namespace studio::model {

struct LossResult {
  torch::Tensor loss;      // [] mean label-smoothed cross-entropy over non-pad targets (backprop this)
  torch::Tensor nll_sum;   // [] summed negative log-likelihood of the targets (for perplexity)
  int64_t tokens = 0;      // non-pad target tokens
  int64_t correct = 0;     // argmax == target, over non-pad targets (when counted)
};

// Label-smoothed cross-entropy (Szegedy et al. 2016; section 5.4 of the paper).
// The target distribution puts 1 - epsilon on the gold token and spreads
// epsilon evenly over the V - 2 tokens that are neither gold nor padding
// (padding gets none), as OpenNMT does. With epsilon = 0 this is the NLL.
// Positions whose target is `pad_id` contribute nothing.
//   logits [B, T, V] (any float type; computed in float32), target [B, T].
// `count_correct` false skips the argmax over [N, V] (a training step needs
// no accuracy); `correct` then stays 0.
LossResult labelSmoothedCrossEntropy(const torch::Tensor& logits, const torch::Tensor& target,
                                     int64_t pad_id, double epsilon = 0.1, bool count_correct = true);

// The model's loss on a batch: labelSmoothedCrossEntropy(model(src,
// target_in), target_out, ...), with the output layer over the real target
// pieces alone. The decoder's states at padded positions are left out
// before the [V, D] projection, so neither the product, its gradient nor
// the softmax is computed for rows the loss would drop (15 % of the target
// rows of the starter's batches). The same loss and gradients, to float
// rounding. `memory`, when given, is the encoder's output for `src` (kept
// from an earlier call: measuring the loss again under another decoder-side
// mask need not encode again). `maps` is handed to the decoder (what it
// asks for is captured: guided alignment's attached head).
LossResult modelLoss(Transformer& model, const torch::Tensor& src, const torch::Tensor& target_in,
                     const torch::Tensor& target_out, int64_t pad_id, double epsilon = 0.1,
                     bool count_correct = true, const torch::Tensor& memory = {},
                     AttentionMaps* maps = nullptr);

}  // namespace studio::model
