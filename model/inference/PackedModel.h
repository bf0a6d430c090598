#pragma once

#include <memory>
#include <vector>

#include "model/Transformer.h"
#include "model/inference/PackedLinear.h"

// The model's weights as the inference engine reads them: pointers into
// the model's own parameters plus each product's packed copy
// (PackedLinear.h), made once per model and kept while the model lives and
// its weights do not change (training steps and loading change them: the
// packing is made again at the next decoding).
namespace studio::model::inference {

struct PackedEncoderLayer {
  PackedLinear qkv, out, ffn1, ffn2;
  const float *norm1_g, *norm1_b, *norm2_g, *norm2_b;
};

struct PackedDecoderLayer {
  PackedLinear qkv, self_out, q, cross_out, ffn1, ffn2;
  const float *kv_w = nullptr, *kv_b = nullptr;  // [2D, D]: once a batch, through BLAS
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
  PackedLinear output;  // the tied projection: the embedding as a [V, D] weight, no bias

  size_t packedBytes() const;
};

// `model` packed (CPU, float32): made now, or the one made before when the
// model and its weights are the same. Several threads may ask.
std::shared_ptr<const PackedModel> packedModel(const Transformer& model);

}  // namespace studio::model::inference
