#pragma once

#include "model/Transformer.h"
#include "model/decoding/HeadMask.h"
#include "model/inference/PackedModel.h"

// The inference engine's encoder on the CPU: Transformer::encode() with the
// packed weights (PackedModel.h) and the engine's loops (Kernels.h), for a
// batch at once. The same memory as encode() to float rounding at every
// source position that is not padding (rows of pads differ; no one reads
// them: they are masked as keys).
namespace studio::model::inference {

// src [B, S] token ids on the CPU -> memory [B, S, D] (float32). Heads of the
// encoder switched off in `mask` add nothing (as ScopedHeadMask). The model
// must pass FastDecoder::supports().
// `precision`: the products' weights (PackedModel.h).
torch::Tensor encode(const Transformer& model, const torch::Tensor& src, const HeadMask& mask = {},
                     WeightPrecision precision = WeightPrecision::Float32);

}  // namespace studio::model::inference
