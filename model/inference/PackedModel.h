#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "model/Transformer.h"
#include "model/inference/Bf16Linear.h"
#include "model/inference/PackedLinear.h"
#include "model/inference/QuantizedLinear.h"

// The model's weights as the inference engine reads them: pointers into
// the model's own parameters plus each product's packed copy
// (PackedLinear.h), made once per model and kept while the model lives and
// its weights do not change (training steps and loading change them: the
// packing is made again at the next decoding).
namespace studio::model::inference {

// The precision of the weights in the engine's products: float32 (the
// model's own numbers), int8 (QuantizedLinear.h: per output channel, the
// activations quantized as they come) or bf16 (Bf16Linear.h: the products in
// bf16 through oneDNN, for CPUs with AMX or AVX512-BF16). The embedding
// lookups, norms, attention and the cross-attention's keys and values (once
// a sentence) stay float32 in all three.
enum class WeightPrecision { Float32, Int8, BFloat16 };

// One of a layer's products, in the precision the model was packed for.
struct Product {
  PackedLinear f32;
  QuantizedLinear i8;
  Bf16Linear b16;
  WeightPrecision precision = WeightPrecision::Float32;

  Product() = default;
  Product(const float* weight, const float* bias, int64_t out, int64_t in, WeightPrecision precision);
  void apply(const float* x, int64_t rows, float* y) const {
    switch (precision) {
      case WeightPrecision::Int8: i8.apply(x, rows, y); break;
      case WeightPrecision::BFloat16: b16.apply(x, rows, y); break;
      default: f32.apply(x, rows, y); break;
    }
  }
  size_t packedBytes() const {
    switch (precision) {
      case WeightPrecision::Int8: return i8.packedBytes();
      case WeightPrecision::BFloat16: return b16.packedBytes();
      default: return f32.packedBytes();
    }
  }
};

// A head is silent when its columns of the attention's output projection
// are all zero (a model saved with heads pruned, HeadPruning.h): it adds
// nothing to the layer. 1 = silent.
using SilentHeads = std::vector<uint8_t>;

// The heads an attention computes: all but the silent ones. Its products are
// packed without the silent heads' rows of Q, K and V and their columns of
// the output projection, so a pruned head costs nothing: the layer's
// queries, keys, values and context are width() floats a row, head i of
// them (the model's head computed[i]) at i * dh.
struct AttentionHeads {
  SilentHeads silent;             // [heads], the model's numbering
  std::vector<int64_t> computed;  // the model's index of each head computed (one, switched off, where all are silent)
  int64_t count() const { return int64_t(computed.size()); }
  int64_t width(int64_t dh) const { return count() * dh; }
};

struct PackedEncoderLayer {
  Product qkv, out, ffn1, ffn2;  // qkv [3 width, D], out [D, width]
  AttentionHeads heads;
  const float *norm1_g, *norm1_b, *norm2_g, *norm2_b;
};

struct PackedDecoderLayer {
  Product qkv, self_out, q, cross_out, ffn1, ffn2;
  AttentionHeads self_heads, cross_heads;
  // The cross-attention's keys and values [2 cross width, D], once a batch:
  // float32 in every precision (a few rows a sentence).
  PackedLinear kv;
  const float *norm1_g, *norm1_b, *norm2_g, *norm2_b, *norm3_g, *norm3_b;
};

struct PackedModel {
  const float* embedding = nullptr;  // [V, D]
  const float* positions = nullptr;  // [max_length, D], the sinusoidal table
  float position_scale = 1.0f;
  std::vector<PackedEncoderLayer> encoder;
  const float *encoder_final_g = nullptr, *encoder_final_b = nullptr;  // pre-norm only
  std::vector<PackedDecoderLayer> layers;  // the decoder's
  const float *final_g = nullptr, *final_b = nullptr;  // the decoder's, pre-norm only
  Product output;  // the tied projection: the embedding as a [V, D] weight, no bias
  WeightPrecision precision = WeightPrecision::Float32;
  // The weights of attentions with silent heads, those heads' rows and
  // columns left out (the others point into the model's parameters).
  std::deque<std::vector<float>> compacted;

  size_t packedBytes() const;
};

// `model` packed (CPU, float32 weights) in `precision`: made now, or the one
// made before when the model, its weights and the precision are the same.
// Several threads may ask. Int8 throws std::runtime_error where the CPU
// cannot run its kernel (int8Unsupported()).
std::shared_ptr<const PackedModel> packedModel(const Transformer& model,
                                               WeightPrecision precision = WeightPrecision::Float32);

}  // namespace studio::model::inference
