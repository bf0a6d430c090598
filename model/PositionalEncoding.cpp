#include "model/PositionalEncoding.h"

#include <stdexcept>
#include <string>

namespace studio::model {

torch::Tensor sinusoidalTable(int64_t max_length, int64_t d_model) {
  auto options = torch::TensorOptions().dtype(torch::kDouble);
  auto position = torch::arange(max_length, options).unsqueeze(1);      // [L, 1]
  auto even = torch::arange(0, d_model, 2, options);                    // 2i
  auto inverse_frequency = torch::pow(10000.0, -even / double(d_model));  // [D/2]
  auto angles = position * inverse_frequency;                           // [L, D/2]
  auto table = torch::empty({max_length, d_model}, options);
  table.slice(/*dim=*/1, /*start=*/0, /*end=*/d_model, /*step=*/2).copy_(angles.sin());
  table.slice(/*dim=*/1, /*start=*/1, /*end=*/d_model, /*step=*/2).copy_(angles.cos());
  return table.to(torch::kFloat);
}

PositionalEncodingImpl::PositionalEncodingImpl(int64_t d_model, int64_t max_length,
                                               bool learnable_scale) {
  table_ = register_buffer("table", sinusoidalTable(max_length, d_model));
  if (learnable_scale) scale_ = register_parameter("scale", torch::ones({}));
}

torch::Tensor PositionalEncodingImpl::forward(const torch::Tensor& x, int64_t offset) {
  const int64_t length = x.size(1);
  if (offset + length > maxLength())
    throw std::length_error("sequence of " + std::to_string(offset + length) +
                            " positions is longer than the model's max_length (" +
                            std::to_string(maxLength()) + ")");
  auto pe = table_.slice(/*dim=*/0, offset, offset + length).to(x.dtype());  // [T, D]
  if (scale_.defined()) pe = pe * scale_;
  return x + pe;
}

}  // namespace studio::model
