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

// Keys and values one decoder layer keeps while decoding step by step:
// self-attention's grow by one position a step, cross-attention's are
// computed once per sentence from the encoder memory.
struct LayerCache {
  torch::Tensor self_keys, self_values;    // [N, H, t, Dh]
  torch::Tensor cross_keys, cross_values;  // [N, H, S, Dh]
};

// The whole decoder's cache. `reorder` keeps rows `index` ([N'] int64) of
// the self-attention keys/values, as beam search does when it picks which
// hypotheses continue; the cross-attention ones, the same for every
// hypothesis of a sentence, follow `cross_index` when it is given (when
// finished sentences leave the batch) and stay as they are otherwise.
struct DecoderCache {
  std::vector<LayerCache> layers;
  int64_t length = 0;  // positions decoded so far
  void reorder(const torch::Tensor& index, const torch::Tensor& cross_index = {});
};

// One decoder layer: masked self-attention, cross-attention over the encoder
// memory, then the feed-forward; each a residual block (post or pre norm).
class DecoderLayerImpl : public torch::nn::Module {
 public:
  explicit DecoderLayerImpl(const TransformerOptions& options);

  // x [B, T, D]; memory [B, S, D]; self_mask [B, 1, T, T]; cross_mask
  // [B, 1, 1, S]. The probabilities and vectors of each attention as
  // MultiHeadAttention's; `block_outputs` receives each block's output
  // (detached, 3 of them); `patch` (AttentionMaps::patch), when given, is
  // handed each attention's heads' outputs and its output, the
  // feed-forward's and the layer's, as this stack's layer `layer`; with
  // `cross_probs_in_graph` the cross-attention probabilities stay in the
  // autograd graph. Returns [B, T, D].
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& memory, const AttentionMask& self_mask,
                        const AttentionMask& cross_mask, const torch::Tensor& ffn_rows,
                        torch::Tensor* self_probs = nullptr, torch::Tensor* cross_probs = nullptr,
                        AttentionVectors* self_vectors = nullptr, AttentionVectors* cross_vectors = nullptr,
                        std::vector<torch::Tensor>* block_outputs = nullptr,
                        const AttentionMaps::StatePatch* patch = nullptr, int64_t layer = 0,
                        bool cross_probs_in_graph = false);

  // One new position x [N, 1, D] attending over the cached keys/values (its
  // own key/value appended first). The same result as forward() at that
  // position, without recomputing the prefix.
  torch::Tensor step(torch::Tensor x, const torch::Tensor& memory, const AttentionMask& cross_mask,
                     LayerCache& cache, torch::Tensor* self_probs = nullptr, torch::Tensor* cross_probs = nullptr);

 private:
  torch::Tensor feedForward(const torch::Tensor& x, const torch::Tensor& rows);
  torch::Tensor cachedSelfAttention(const torch::Tensor& h, LayerCache& cache, torch::Tensor* probs);
  torch::Tensor cachedCrossAttention(const torch::Tensor& h, const torch::Tensor& memory,
                                     const AttentionMask& mask, LayerCache& cache, torch::Tensor* probs);

  bool pre_norm_;
  MultiHeadAttention self_attn_{nullptr};
  MultiHeadAttention cross_attn_{nullptr};
  FeedForward ffn_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  torch::nn::LayerNorm norm3_{nullptr};
  Dropout dropout_{nullptr};
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

  // One new embedded position x [N, 1, D] through every layer, using and
  // extending `cache` (which starts empty). Returns hidden [N, 1, D].
  torch::Tensor step(torch::Tensor x, const torch::Tensor& memory, const torch::Tensor& cross_mask,
                     DecoderCache& cache, AttentionMaps* maps = nullptr);

  size_t layerCount() const { return layers_->size(); }
  // What the stack does to its last layer's output x [.., D] before the
  // output layer: a pre-norm stack's final norm; post-norm returns x.
  torch::Tensor finalNorm(const torch::Tensor& x) { return final_norm_ ? final_norm_(x) : x; }

 private:
  torch::nn::ModuleList layers_{nullptr};
  torch::nn::LayerNorm final_norm_{nullptr};  // pre-LN only
};
TORCH_MODULE(Decoder);

}  // namespace studio::model
