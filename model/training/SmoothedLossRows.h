#pragma once

#include <torch/types.h>

// The label-smoothed loss's work over the [N, V] logits on the CPU, in
// float32, one row at a time: the forward pass reads each row twice (its
// maximum, then the sum of exponentials) and writes nothing of [N, V]; the
// backward pass writes the gradient once. LibTorch's way (log_softmax, then
// sums over it, then exp, subtract, scale in place) makes five full passes
// over a tensor of 128 MB on the small training configuration, and keeps the
// log-probabilities alive until the backward pass where these keep the
// logits. Rows are split among LibTorch's threads; each row is summed by one
// thread in a fixed order, so the numbers do not depend on the thread count.
namespace studio::model {

struct SmoothedRows {
  torch::Tensor log_normalizer;  // [N] log sum_v exp(logit_v), float32
  torch::Tensor gold_lp;         // [N] log p(gold), float32
  torch::Tensor pad_lp;          // [N] log p(pad)
  torch::Tensor all_lp;          // [N] sum over the vocabulary of log p
  int64_t correct = 0;           // rows whose largest logit is gold's (the first one on ties), where keep
};

// logits [N, V] float32 contiguous on the CPU; gold [N] int64; keep [N]
// float32 (1 for a real target, 0 for padding: only counted for `correct`).
SmoothedRows smoothedRowsForward(const torch::Tensor& logits, const torch::Tensor& gold, int64_t pad_id,
                                 const torch::Tensor& keep, bool count_correct);

// The gradient with respect to the logits: row_scale[n] * (softmax_n - q_n),
// q_n being 1 - epsilon on gold, 0 on padding, epsilon / (V - 2) elsewhere.
// row_scale [N] float32 (0 for a padded row, whose gradient is zeros).
torch::Tensor smoothedRowsBackward(const torch::Tensor& logits, const torch::Tensor& log_normalizer,
                                   const torch::Tensor& gold, const torch::Tensor& row_scale, int64_t pad_id,
                                   double epsilon);

}  // namespace studio::model
