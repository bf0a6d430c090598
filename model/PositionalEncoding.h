#pragma once

#include <torch/nn/module.h>

namespace studio::model {

// Sinusoidal positional encoding (section 3.5):
//   PE(pos, 2i)   = sin(pos / 10000^(2i / d_model))
//   PE(pos, 2i+1) = cos(pos / 10000^(2i / d_model))
// Optionally multiplied by one learnable scalar (initialised to 1), as a
// published TensorFlow implementation does.
class PositionalEncodingImpl : public torch::nn::Module {
 public:
  PositionalEncodingImpl(int64_t d_model, int64_t max_length, bool learnable_scale);

  // x [B, T, D] -> x + scale * PE[offset : offset + T]
  torch::Tensor forward(const torch::Tensor& x, int64_t offset = 0);

  const torch::Tensor& table() const { return table_; }  // [max_length, D]
  int64_t maxLength() const { return table_.size(0); }

 private:
  torch::Tensor table_;
  torch::Tensor scale_;  // [] parameter, or undefined
};
TORCH_MODULE(PositionalEncoding);

// The table itself, computed in double precision and returned as float.
torch::Tensor sinusoidalTable(int64_t max_length, int64_t d_model);

}  // namespace studio::model
