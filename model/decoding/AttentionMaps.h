#pragma once

#include <vector>

#include <torch/types.h>

namespace studio::model {

// Attention probabilities of every layer and head, filled only when a caller
// asks for them (a non-null pointer through encode()/decode()); the training
// path passes nullptr and pays nothing. Each entry is detached, [B, H, Tq, Tk].
struct AttentionMaps {
  std::vector<torch::Tensor> encoder_self;  // per encoder layer, [B, H, S, S]
  std::vector<torch::Tensor> decoder_self;  // per decoder layer, [B, H, T, T]
  std::vector<torch::Tensor> cross;         // per decoder layer, [B, H, T, S]
};

}  // namespace studio::model
