#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/any.h>
#include <torch/nn/modules/dropout.h>

#include <torch/nn/modules/linear.h>
#include "model/Dropout.h"
#include "model/Masks.h"
#include "model/decoding/AttentionMaps.h"

namespace studio::model {

// Scaled dot-product attention over `heads` heads (section 3.2.2 of the paper).
// Self-attention projects queries, keys and values with one fused [3D, D]
// matrix; cross-attention projects the query alone and the memory's keys and
// values with one fused [2D, D] matrix.
class MultiHeadAttentionImpl : public torch::nn::Module {
 public:
  enum class Kind { Self, Cross };

  MultiHeadAttentionImpl(int64_t d_model, int64_t heads, double dropout, Kind kind);

  // query [B, Tq, D]; memory [B, Tk, D] (ignored for self-attention); mask
  // broadcastable to [B, H, Tq, Tk], true = blocked. When `probs` is given it
  // receives the attention probabilities [B, H, Tq, Tk] (before dropout),
  // `vectors` the projected queries and keys; `heads`, when given, is handed
  // the heads' outputs [B, H, Tq, Dh] before the output projection and the
  // block goes on with what it returns (activation patching). With
  // `probs_in_graph` the probabilities stay in the autograd graph (a loss
  // over them). Returns [B, Tq, D].
  torch::Tensor forward(const torch::Tensor& query, const torch::Tensor& memory, const AttentionMask& mask,
                        torch::Tensor* probs = nullptr, AttentionVectors* vectors = nullptr,
                        const AttentionMaps::HeadsPatch* heads = nullptr, bool probs_in_graph = false);

  // Projected keys and values of `memory`, each [B, H, Tk, Dh]. Decoding
  // computes them once per sentence for cross-attention.
  std::pair<torch::Tensor, torch::Tensor> keysValues(const torch::Tensor& memory);

  // Attention of projected queries over given keys/values.
  // query [B, Tq, D]; keys, values [B, H, Tk, Dh]. Returns [B, Tq, D].
  torch::Tensor attend(const torch::Tensor& query, const torch::Tensor& keys,
                       const torch::Tensor& values, const AttentionMask& mask,
                       torch::Tensor* probs = nullptr);

  // Self-attention only: queries, keys and values of `x` [B, T, D], each [B, H, T, Dh].
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> selfProjections(const torch::Tensor& x);

  // Attention from already projected queries q [B, H, Tq, Dh]. Returns [B, Tq, D].
  torch::Tensor attendProjected(const torch::Tensor& q, const torch::Tensor& keys,
                                const torch::Tensor& values, const AttentionMask& mask,
                                torch::Tensor* probs = nullptr,
                                const AttentionMaps::HeadsPatch* heads = nullptr,
                                bool probs_in_graph = false);

  Kind kind() const { return kind_; }

  // Heads to keep at inference: `keep` [H] of 1 (on) and 0 (off) multiplies
  // each head's output before the output projection; an undefined tensor
  // keeps every head. Not a parameter or buffer: never saved, never trained
  // (decoding/HeadMask.h sets and clears it).
  void setHeadKeep(torch::Tensor keep) { head_keep_ = std::move(keep); }

  // The output taken apart, for analysis (decoding/SourceReliance.h): what
  // each position j of `memory` [B, Tk, D] adds through each head h at
  // attention weight 1, W_O[:, h] · W_V[h] · memory_j, biases left out ->
  // [B, H, Tk, D]; heads switched off give zeros. The output of forward() is
  // sum over h, j of probs[b, h, i, j] * headValueOutputs[b, h, j] plus
  // constantOutput() [D] (the value and output biases; without dropout).
  torch::Tensor headValueOutputs(const torch::Tensor& memory);
  torch::Tensor constantOutput();

 private:
  torch::Tensor splitHeads(const torch::Tensor& x) const;  // [B, T, D] -> [B, H, T, Dh]

  int64_t d_model_;
  int64_t heads_;
  int64_t head_dim_;
  Kind kind_;
  torch::nn::Linear qkv_proj_{nullptr};  // Self:  [3D, D]
  torch::nn::Linear q_proj_{nullptr};    // Cross: [D, D]
  torch::nn::Linear kv_proj_{nullptr};   // Cross: [2D, D]
  torch::nn::Linear out_proj_{nullptr};
  Dropout dropout_{nullptr};
  torch::Tensor head_keep_;
};
TORCH_MODULE(MultiHeadAttention);

}  // namespace studio::model
