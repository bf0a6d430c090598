#pragma once

#include <torch/nn/modules/normalization.h>

namespace studio::model {

// The layer norm of every sublayer: over the last dimension, d_model wide.
inline torch::nn::LayerNorm makeLayerNorm(int64_t d_model) {
  return torch::nn::LayerNorm(torch::nn::LayerNormOptions({d_model}));
}

}  // namespace studio::model
