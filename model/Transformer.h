#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/embedding.h>

#include "model/Dropout.h"
#include "model/decoding/AttentionMaps.h"
#include "model/Decoder.h"
#include "model/Encoder.h"
#include "model/PositionalEncoding.h"
#include "model/TransformerOptions.h"

namespace studio::model {

// The encoder-decoder Transformer of "Attention Is All You Need".
// One embedding matrix [V, D] serves the encoder input, the decoder input
// (both scaled by sqrt(D)) and the output projection (tied weights).
class TransformerImpl : public torch::nn::Module {
 public:
  explicit TransformerImpl(const TransformerOptions& options);

  // src [B, S] token ids -> memory [B, S, D].
  torch::Tensor encode(const torch::Tensor& src, AttentionMaps* maps = nullptr);

  // target_in [B, T] (starting with BOS), memory [B, S, D], src [B, S] (for
  // its padding mask) -> hidden states [B, T, D].
  torch::Tensor decode(const torch::Tensor& target_in, const torch::Tensor& memory,
                       const torch::Tensor& src, AttentionMaps* maps = nullptr);

  // Incremental decoding: the next target tokens [N] (at position
  // cache.length) -> hidden [N, D], using and extending `cache`. memory
  // [N, S, D] and src [N, S] as for decode().
  torch::Tensor decodeStep(const torch::Tensor& tokens, const torch::Tensor& memory, const torch::Tensor& src,
                           DecoderCache& cache, AttentionMaps* maps = nullptr);

  // hidden [.., D] -> logits [.., V] through the tied embedding.
  torch::Tensor project(const torch::Tensor& hidden);

  // src [B, S], target_in [B, T] -> logits [B, T, V].
  torch::Tensor forward(const torch::Tensor& src, const torch::Tensor& target_in,
                        AttentionMaps* maps = nullptr);

  // tokens [B, T] -> sqrt(D) * E[tokens] + PE, with residual dropout. [B, T, D]
  torch::Tensor embed(const torch::Tensor& tokens, int64_t position_offset = 0);

  // encode() and decode() from given token vectors [B, T, D] (rows of
  // embeddingWeight(), or any vectors in their place) instead of looking the
  // ids up, so that gradients reach them (explaining/Attribution.h). The ids
  // still give the masks.
  torch::Tensor encodeVectors(const torch::Tensor& src_vectors, const torch::Tensor& src);
  torch::Tensor decodeVectors(const torch::Tensor& target_vectors, const torch::Tensor& target_in,
                              const torch::Tensor& memory, const torch::Tensor& src);

  const TransformerOptions& options() const { return options_; }
  int64_t parameterCount() const;

  // The one embedding matrix [V, D] (also the output projection).
  const torch::Tensor& embeddingWeight() const { return embedding_->weight; }
  Encoder& encoder() { return encoder_; }
  Decoder& decoder() { return decoder_; }
  PositionalEncoding& positionalEncoding() { return positional_; }

  // Xavier-uniform for every weight matrix (each of the fused q/k/v blocks on
  // its own), zero biases, unit LayerNorm gains. Called by the constructor.
  void resetParameters();

 private:
  torch::Tensor ffnRows(const torch::Tensor& tokens) const;
  // vectors [B, T, D] -> sqrt(D) * vectors + PE, with residual dropout.
  torch::Tensor scaleAndPlace(const torch::Tensor& vectors, int64_t position_offset);

  TransformerOptions options_;
  double embedding_scale_;
  torch::nn::Embedding embedding_{nullptr};
  PositionalEncoding positional_{nullptr};
  Dropout dropout_{nullptr};
  Encoder encoder_{nullptr};
  Decoder decoder_{nullptr};
};
TORCH_MODULE(Transformer);

// Copies `from`'s parameters and buffers into `to`, a model of the same options.
void copyWeights(const Transformer& from, Transformer& to);

// A new model of `model`'s options and a copy of its weights, on its device, in eval mode.
Transformer copyOf(const Transformer& model);

}  // namespace studio::model
