#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/normalization.h>

#include "model/Dropout.h"
#include "model/decoding/AttentionMaps.h"
#include "model/FeedForward.h"
#include "model/MultiHeadAttention.h"
#include "model/TransformerOptions.h"

namespace studio::model {

// One encoder layer: self-attention, then the feed-forward, each wrapped in a
// residual connection with dropout and layer normalization (post or pre).
class EncoderLayerImpl : public torch::nn::Module {
 public:
  explicit EncoderLayerImpl(const TransformerOptions& options);

  // x [B, S, D]; mask [B, 1, 1, S]; ffn_rows as FeedForward::forwardRows (or
  // undefined for every row). `probs` and `vectors` as MultiHeadAttention's;
  // `patch` (AttentionMaps::patch), when given, is handed the self-attention's
  // heads' outputs, its output and the feed-forward's as this stack's layer
  // `layer`.
  // Returns [B, S, D].
  torch::Tensor forward(torch::Tensor x, const AttentionMask& mask, const torch::Tensor& ffn_rows,
                        torch::Tensor* probs = nullptr, AttentionVectors* vectors = nullptr,
                        const AttentionMaps::StatePatch* patch = nullptr, int64_t layer = 0);

 private:
  torch::Tensor feedForward(const torch::Tensor& x, const torch::Tensor& rows);

  bool pre_norm_;
  MultiHeadAttention self_attn_{nullptr};
  FeedForward ffn_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  Dropout dropout_{nullptr};
};
TORCH_MODULE(EncoderLayer);

// The stack of N encoder layers (plus a final norm for pre-LN).
class EncoderImpl : public torch::nn::Module {
 public:
  explicit EncoderImpl(const TransformerOptions& options);

  // x: embedded source [B, S, D]. Returns the memory [B, S, D].
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& mask, const torch::Tensor& ffn_rows,
                        AttentionMaps* maps = nullptr);

  size_t layerCount() const { return layers_->size(); }

 private:
  torch::nn::ModuleList layers_{nullptr};
  torch::nn::LayerNorm final_norm_{nullptr};  // pre-LN only
};
TORCH_MODULE(Encoder);

}  // namespace studio::model
