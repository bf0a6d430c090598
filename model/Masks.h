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

// Softmax over the last dimension with masked keys given exactly zero
// probability. A row whose keys are all masked yields all zeros, with finite
// values and gradients (no NaN), in forward and backward. The softmax is
// computed in float32 whatever the input type and returned in the input type.
torch::Tensor maskedSoftmax(const torch::Tensor& scores, const torch::Tensor& mask);

}  // namespace studio::model
