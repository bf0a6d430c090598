#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <torch/types.h>

#include "model/inference/PackedLinear.h"

// A Linear layer's weight in bfloat16 for decoding: y[rows, out] = x[rows,
// in] · Wᵀ + b, with W rounded to bf16 once and each row of x rounded when it
// comes, the sums in float32, the result rounded to bf16 as autocast's, the
// bias added in float32. Half the bytes of float32 to read a step.
//
// Where the CPU multiplies bf16 itself (runtime/Runtime.h's
// cpuBf16Instructions(): AMX or AVX512-BF16) the product is oneDNN's, through
// LibTorch; elsewhere it is our float32 kernel over the rounded numbers (the
// same arithmetic, no faster than float32: LibTorch 1.13's own fallback sums
// in bf16), which is why the app offers bf16 only where the instructions are.
namespace studio::model::inference {

class Bf16Linear {
 public:
  Bf16Linear() = default;
  // `weight` [out, in] is copied (rounded); `bias` [out] (may be null) stays
  // the caller's and must outlive this (the module's parameter).
  Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in);

  void apply(const float* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  size_t packedBytes() const { return size_t(in_ * out_) * 2; }

  // For tests: take the float32 kernel even where the CPU has bf16 instructions (true), or not (false).
  static void preferFloatKernelForTesting(bool prefer);

 private:
  int64_t in_ = 0, out_ = 0;
  const float* bias_ = nullptr;
  torch::Tensor weight_t_;  // [in, out] bf16, Wᵀ contiguous: oneDNN's operand
  // The rounded weight as float32 [out, in] and our kernel over it (no bias),
  // shared by copies (the kernel points into it).
  std::shared_ptr<const std::vector<float>> rounded_;
  std::shared_ptr<const PackedLinear> kernel_;
};

}  // namespace studio::model::inference
