#include "model/Masks.h"

#include <limits>

#include <ATen/ATen.h>

namespace studio::model {

torch::Tensor paddingMask(const torch::Tensor& tokens, int64_t pad_id) {
  return tokens.eq(pad_id).unsqueeze(1).unsqueeze(1);  // [B, 1, 1, T]
}

torch::Tensor causalMask(int64_t length, const torch::Device& device) {
  auto ones = torch::ones({length, length}, torch::TensorOptions().dtype(torch::kBool).device(device));
  return ones.triu(/*diagonal=*/1).view({1, 1, length, length});
}

torch::Tensor decoderSelfMask(const torch::Tensor& target_tokens, int64_t pad_id) {
  const int64_t length = target_tokens.size(1);
  return causalMask(length, target_tokens.device()).logical_or(paddingMask(target_tokens, pad_id));
}

torch::Tensor nonPaddingIndex(const torch::Tensor& tokens, int64_t pad_id) {
  return tokens.reshape({-1}).ne(pad_id).nonzero().view({-1});
}

const torch::Tensor& AttentionMask::allowedForFused() const {
  if (!allowed_.defined()) {
    auto allowed = blocked_.logical_not();
    sees_a_key_ = allowed.any(/*dim=*/-1, /*keepdim=*/true);
    allowed_ = allowed.logical_or(sees_a_key_.logical_not());
  }
  return allowed_;
}

torch::Tensor AttentionMask::seesAKey(c10::ScalarType dtype) const {
  allowedForFused();
  if (!sees_a_key_typed_.defined() || sees_a_key_typed_.scalar_type() != dtype)
    sees_a_key_typed_ = sees_a_key_.to(dtype);
  return sees_a_key_typed_;
}

torch::Tensor maskedSoftmax(const torch::Tensor& scores, const torch::Tensor& mask) {
  // A finite fill (not -inf): a fully masked row then becomes a uniform
  // softmax instead of 0/0, and the final fill zeroes it. Masked keys of a
  // partly masked row underflow to exactly 0 in exp() already; the final fill
  // makes that explicit and blocks their gradient.
  const float lowest = std::numeric_limits<float>::lowest();
  auto scores32 = scores.to(torch::kFloat);
  if (!mask.defined()) return scores32.softmax(/*dim=*/-1).to(scores.scalar_type());
  auto probs = scores32.masked_fill(mask, lowest).softmax(/*dim=*/-1).masked_fill(mask, 0.0);
  return probs.to(scores.scalar_type());
}

}  // namespace studio::model
