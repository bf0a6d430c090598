#include "common/TestUtil.h"

#include <ATen/ATen.h>

namespace studio::test {

model::TransformerOptions smallOptions(model::NormPosition norm) {
  model::TransformerOptions o;
  o.vocab_size = 23;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 32;
  o.heads = 4;
  o.d_ff = 64;
  o.dropout = 0.1;
  o.attention_dropout = 0.1;
  o.relu_dropout = 0.1;
  o.max_length = 64;
  o.norm_position = norm;
  return o;
}

double maxAbsDifference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

torch::Tensor randomTokens(int64_t batch, int64_t length, int64_t vocab, int64_t first) {
  return torch::randint(first, vocab, {batch, length}, torch::kLong);
}

bool allFinite(const torch::Tensor& t) { return torch::isfinite(t).all().item<bool>(); }

}  // namespace studio::test
