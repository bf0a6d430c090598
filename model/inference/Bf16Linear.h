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
// Three kernels, one arithmetic: on a CPU with AVX512-BF16, up to
// smallRows() rows (a decoding step's) go through our own (vdpbf16ps over
// blocks of 64 outputs packed once); more rows, or a CPU with AMX but not
// AVX512-BF16, through oneDNN's product via LibTorch (one call); elsewhere
// our float32 kernel over the rounded numbers (no faster than float32:
// LibTorch 1.13's own fallback sums in bf16), which is why the app offers
// bf16 only where the instructions are.
namespace studio::model::inference {

class Bf16Linear {
 public:
  static constexpr int64_t kBlock = 64;  // outputs a block of the AVX512-BF16 kernel: four vectors of 16

  Bf16Linear() = default;
  // `weight` [out, in] is copied (rounded); `bias` [out] (may be null) stays
  // the caller's and must outlive this (the module's parameter).
  Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in);

  void apply(const float* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  size_t packedBytes() const { return size_t(in_ * out_) * 2; }

  // Rows up to this many take the AVX512-BF16 kernel where it runs; more take oneDNN.
  static int64_t smallRows();

  // For tests: take the float32 kernel even where the CPU has bf16 instructions (true), or not (false).
  static void preferFloatKernelForTesting(bool prefer);

 private:
  // y's rows rounded to bf16, the bias added in float32.
  void roundAndAddBias(int64_t rows, float* y) const;

  int64_t in_ = 0, out_ = 0;
  const float* bias_ = nullptr;
  torch::Tensor weight_t_;  // [in, out] bf16, Wᵀ contiguous: oneDNN's operand
  // The rounded weight as float32 [out, in] and our kernel over it (no bias),
  // shared by copies (the kernel points into it); only where that kernel
  // runs: a CPU without bf16 instructions, or a test preferring it.
  std::shared_ptr<const std::vector<float>> rounded_;
  std::shared_ptr<const PackedLinear> kernel_;
  // The AVX512-BF16 kernel's blocks (null where the CPU lacks it), shared by copies.
  std::shared_ptr<const std::vector<uint16_t>> blocks_;
};

}  // namespace studio::model::inference
