#pragma once

#include <string>

#include <torch/types.h>

#include "model/TransformerOptions.h"

namespace studio::test {

// A small model shape that exercises every path quickly.
model::TransformerOptions smallOptions(model::NormPosition norm = model::NormPosition::Post);

// max |a - b|, and a message describing where it is largest.
double maxAbsDifference(const torch::Tensor& a, const torch::Tensor& b);

// Random token ids in [first, vocab) — that is, never a special token when
// first = 4 — of shape [batch, length].
torch::Tensor randomTokens(int64_t batch, int64_t length, int64_t vocab, int64_t first = 4);

bool allFinite(const torch::Tensor& t);

}  // namespace studio::test
