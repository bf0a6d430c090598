#pragma once

#include <torch/types.h>

// Masks are boolean tensors in which `true` marks a key the query must NOT
// attend to. They broadcast against attention scores of shape [B, H, Tq, Tk].
namespace studio::model {

// [B, T] tokens -> [B, 1, 1, T]: true at padding keys.
torch::Tensor paddingMask(const torch::Tensor& tokens, int64_t pad_id);

// [1, 1, T, T]: true above the diagonal (a query may not see later keys).
torch::Tensor causalMask(int64_t length, const torch::Device& device);

// Decoder self-attention: causal OR target padding, [B, 1, T, T].
torch::Tensor decoderSelfMask(const torch::Tensor& target_tokens, int64_t pad_id);

// Flat indices (into a [B*T] view) of the non-padding positions, [N] int64.
torch::Tensor nonPaddingIndex(const torch::Tensor& tokens, int64_t pad_id);

// A mask shared by every layer of one pass, with the forms fused attention
// (scaled_dot_product_attention, which wants true = may attend) needs,
// computed on first use and then reused: on a GPU each is a kernel launch, and
// a training step of small tensors is bound by launches. Converts from the
// plain mask, so callers with a tensor pass it as before.
class AttentionMask {
 public:
  AttentionMask() = default;
  AttentionMask(torch::Tensor blocked) : blocked_(std::move(blocked)) {}  // NOLINT: implicit on purpose
  AttentionMask(const AttentionMask&) = delete;  // a copy would compute the forms again
  AttentionMask& operator=(const AttentionMask&) = delete;

  bool defined() const { return blocked_.defined(); }
  // true = blocked (the convention above).
  const torch::Tensor& blocked() const { return blocked_; }
  // true = may attend; a query that may see no key is allowed every key, so
  // that the fused kernel's softmax has no empty row (its output is then
  // multiplied by seesAKey).
  const torch::Tensor& allowedForFused() const;
  // [.., Tq or 1, 1]: 1 for a query that may see a key, else 0, in `dtype`.
  torch::Tensor seesAKey(c10::ScalarType dtype) const;

 private:
  torch::Tensor blocked_;
  mutable torch::Tensor allowed_, sees_a_key_, sees_a_key_typed_;
};

// Softmax over the last dimension with masked keys given exactly zero
// probability. A row whose keys are all masked yields all zeros, with finite
// values and gradients (no NaN), in forward and backward. The softmax is
// computed in float32 whatever the input type and returned in the input type.
torch::Tensor maskedSoftmax(const torch::Tensor& scores, const torch::Tensor& mask);

}  // namespace studio::model
