#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <torch/types.h>

#include "model/inference/PackedLinear.h"

// A Linear layer's weight in bfloat16 for decoding: y[rows, out] = x[rows,
// in] · Wᵀ + b, with W rounded to bf16 once and each row of x rounded when it
// comes, the sums in float32, the result rounded to bf16 as autocast's, the
// bias added in float32. Half the bytes of float32 to read a step.
//
// Four kernels, one arithmetic (the sums' order aside):
//   AMX          TDPBF16PS on tiles of 16 rows × 32 inputs × 16 outputs (two
//                row tiles share each weight tile past 16 rows);
//   AVX512-BF16  vdpbf16ps, up to 4 rows a pass;
//   oneDNN       LibTorch's bf16 product (one call), where the CPU has bf16
//                instructions but our kernels do not run;
//   float32      our float32 kernel over the rounded numbers, elsewhere (no
//                faster than float32: LibTorch 1.13's own fallback sums in
//                bf16), which is why the app offers bf16 only where the
//                instructions are.
// Both of ours read the weight packed once in blocks of kBlock outputs,
// [blocks][pairs of inputs][kBlock outputs][2]: AMX's B-tile layout as it is
// (16 pairs of a block's 16 outputs are one tile, 4 · kBlock bytes a row apart).
namespace studio::model::inference {

enum class Bf16Kernel { Float, OneDnn, Avx512Bf16, Amx };
const char* bf16KernelName(Bf16Kernel kernel);  // "float32", "oneDNN", "AVX512-BF16", "AMX"
// The kernels this CPU (and its operating system) runs, float32 first.
std::vector<Bf16Kernel> bf16KernelsHere();
// The one Bf16Linear::apply() takes for `rows` rows: AMX from
// kBf16AmxFromRows, AVX512-BF16 below that (or up to kBf16Avx512MaxRows
// without AMX), oneDNN beyond, float32 without bf16 instructions.
Bf16Kernel bf16KernelFor(int64_t rows);
// "AMX (from 4 rows), AVX512-BF16", "AVX512-BF16 (to 1024 rows), oneDNN", or
// "" where the CPU has no bf16 instructions (bf16 is not offered there).
std::string bf16KernelsDescription();

// Where bf16KernelFor() switches (kernel bench, docs/benchmarks.md): AMX from
// 4 rows on a Xeon with it; without AMX (an AMD EPYC with AVX512-BF16) our
// AVX512-BF16 kernel was ahead of oneDNN's or level up to 1,024 rows.
constexpr int64_t kBf16AmxFromRows = 4;
constexpr int64_t kBf16Avx512MaxRows = 1024;

class Bf16Linear {
 public:
  static constexpr int64_t kBlock = 64;    // outputs a block: four AVX-512 vectors, four AMX tiles of 16
  static constexpr int64_t kPairStep = 16;  // pairs padded to a multiple: an AMX tile's rows

  Bf16Linear() = default;
  // `weight` [out, in] is copied (rounded); `bias` [out] (may be null) stays
  // the caller's and must outlive this (the module's parameter).
  Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in);

  void apply(const float* x, int64_t rows, float* y) const { applyWith(bf16KernelFor(rows), x, rows, y); }
  // With the kernel named (tests, the kernel bench): std::invalid_argument if
  // it does not run here, or (float32, oneDNN) if this was made without its operand.
  void applyWith(Bf16Kernel kernel, const float* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  size_t packedBytes() const { return size_t(in_ * out_) * 2; }

  // For tests and the kernel bench: make every kernel's operand this CPU
  // can run (the float32 copy, oneDNN's), not only those apply() may pick.
  static void keepEveryKernelForTesting(bool keep);

 private:
  void applyBlocks(Bf16Kernel kernel, const float* x, int64_t rows, float* y) const;

  int64_t in_ = 0, out_ = 0, pairs_ = 0, padded_pairs_ = 0;
  const float* bias_ = nullptr;
  torch::Tensor weight_t_;  // [in, out] bf16, Wᵀ contiguous: oneDNN's operand (not made where AMX runs)
  // The rounded weight as float32 [out, in] and our kernel over it (no bias),
  // shared by copies (the kernel points into it).
  std::shared_ptr<const std::vector<float>> rounded_;
  std::shared_ptr<const PackedLinear> kernel_;
  // Our kernels' blocks (null where neither runs), shared by copies.
  std::shared_ptr<const std::vector<uint16_t>> blocks_;
};

}  // namespace studio::model::inference
