#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/normalization.h>

#include "model/AttentionMaps.h"
#include "model/FeedForward.h"
#include "model/MultiHeadAttention.h"
#include "model/TransformerOptions.h"

namespace studio::model {

// One decoder layer: masked self-attention, cross-attention over the encoder
// memory, then the feed-forward; each a residual block (post or pre norm).
class DecoderLayerImpl : public torch::nn::Module {
 public:
  explicit DecoderLayerImpl(const TransformerOptions& options);

  // x [B, T, D]; memory [B, S, D]; self_mask [B, 1, T, T]; cross_mask
  // [B, 1, 1, S]. Returns [B, T, D].
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& memory,
                        const torch::Tensor& self_mask, const torch::Tensor& cross_mask,
                        const torch::Tensor& ffn_rows, torch::Tensor* self_probs = nullptr,
                        torch::Tensor* cross_probs = nullptr);

 private:
  torch::Tensor feedForward(const torch::Tensor& x, const torch::Tensor& rows);

  bool pre_norm_;
  MultiHeadAttention self_attn_{nullptr};
  MultiHeadAttention cross_attn_{nullptr};
  FeedForward ffn_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  torch::nn::LayerNorm norm3_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(DecoderLayer);

// The stack of N decoder layers (plus a final norm for pre-LN).
class DecoderImpl : public torch::nn::Module {
 public:
  explicit DecoderImpl(const TransformerOptions& options);

  // x: embedded target input [B, T, D]. Returns hidden states [B, T, D].
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& memory,
                        const torch::Tensor& self_mask, const torch::Tensor& cross_mask,
                        const torch::Tensor& ffn_rows, AttentionMaps* maps = nullptr);

  size_t layerCount() const { return layers_->size(); }

 private:
  torch::nn::ModuleList layers_{nullptr};
  torch::nn::LayerNorm final_norm_{nullptr};  // pre-LN only
};
TORCH_MODULE(Decoder);

}  // namespace studio::model
