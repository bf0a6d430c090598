#pragma once

#include <cstdint>
#include <string>
#include <vector>

// A Linear layer's weight in int8 for decoding: y[rows, out] = x[rows, in] ·
// Wᵀ + b, with W quantized once per output channel (symmetric, kWeightSteps
// steps each side of zero) and each row of x quantized when it comes
// (dynamic, asymmetric: unsigned bytes 0..kActivationSteps over the row's
// [min(0, min x), max(0, max x)], with the byte that stands for zero). The
// products are exact in int32, the zero point taken out with each output's
// precomputed weight sum; the result is rescaled to float and the bias added
// in float. Unsigned inputs let every x86 kernel multiply in one instruction
// (AVX2's vpmaddubsw, AVX-VNNI's and AVX512-VNNI's vpdpbusd, AMX's TDPBUSD: unsigned ×
// signed bytes); the weights' range is what keeps AVX2's pairwise int16 sums
// from saturating (2 · 255 · 63 < 32767), the price oneDNN and PyTorch's
// fbgemm pay on CPUs without VNNI too (they narrow the activations instead).
// The sums are exact integers, so the four kernels give the same floats.
//
// AVX2 (x86-64-v3) is the least a CPU needs; int8Unsupported() says whether
// this one has it, and a QuantizedLinear cannot be made without it.
namespace studio::model::inference {

// Empty when int8 decoding can run here; else why not, in words a user can
// act on ("int8 decoding needs a CPU with AVX2; this one has none ...").
std::string int8Unsupported();

// For tests of the refusal: pretend the CPU lacks AVX2 (true) or look again (false).
void pretendNoInt8ForTesting(bool no_int8);

// The kernels that multiply (Int8Kernels.h), in the order of what a CPU needs.
enum class Int8Kernel { Avx2, AvxVnni, Avx512Vnni, Amx };
const char* int8KernelName(Int8Kernel kernel);  // "AVX2", "AVX-VNNI", "AVX512-VNNI", "AMX"
// The ones this CPU (and its operating system) runs; empty where int8Unsupported().
std::vector<Int8Kernel> int8KernelsHere();
// Which one QuantizedLinear::apply() uses for `rows` rows, the fastest this
// CPU has for that many as measured on a Xeon with all four
// (docs/benchmarks.md): AMX's tiles from 8 rows, AVX512-VNNI from 4, below
// that AVX-VNNI, else AVX2.
Int8Kernel int8KernelFor(int64_t rows);
// "AMX (from 8 rows), AVX512-VNNI (from 4 rows), AVX-VNNI, AVX2", or "" where int8 cannot run.
std::string int8KernelsDescription();

// A row of activations in unsigned bytes: x ≈ scale · (q - zero).
struct ActivationScale {
  float scale = 0.0f;  // 0 for a row of zeros; NaN for a row that is not finite
  int32_t zero = 0;
};
// Quantizes `count` floats into q (zeros up to `padded`), as apply() does.
ActivationScale quantizeActivations(const float* v, int64_t count, int64_t padded, uint8_t* q);

class QuantizedLinear {
 public:
  static constexpr int64_t kPanel = 32;  // outputs a panel: four AVX2 vectors of eight int32 sums
  static constexpr int kWeightSteps = 63;       // weights in [-63, 63]
  static constexpr int kActivationSteps = 255;  // activations in [0, 255]

  QuantizedLinear() = default;
  // Quantizes `weight` [out, in] (copied); `bias` [out] (may be null) is
  // copied too. Throws std::runtime_error when the CPU cannot run the kernel.
  QuantizedLinear(const float* weight, const float* bias, int64_t out, int64_t in);

  // y[rows, out] = x[rows, in] · Wᵀ + b, with int8KernelFor(rows). Splits
  // the outputs among LibTorch's threads when the product is large enough;
  // the numbers depend neither on the split nor on the kernel (integer sums).
  void apply(const float* x, int64_t rows, float* y) const;
  // The same with a kernel named (tests, benchmarks); throws
  // std::runtime_error when this CPU cannot run it.
  void applyWith(Int8Kernel kernel, const float* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  size_t packedBytes() const {
    return weights_.size() + (scales_.size() + bias_.size() + column_sums_.size()) * sizeof(float);
  }
  // The quantized weight as float (q * scale), [out, in]: what the kernel
  // multiplies by, for tests.
  std::vector<float> dequantized() const;

 private:
  int64_t in_ = 0, out_ = 0;
  int64_t groups_ = 0;  // four inputs each: in rounded up to 64 (int8::kGroupBlock groups, one AMX tile)
  // [ceil(out / kPanel), groups_, kPanel, 4]: panel p holds outputs
  // p*kPanel.., four inputs at a time (zeros past `in` and `out`).
  std::vector<int8_t> weights_;
  // Per output, padded with zeros to whole panels (the epilogue reads a panel at a time):
  std::vector<float> scales_;
  std::vector<int32_t> column_sums_;  // Σ_i q_w[o][i], for the activations' zero point
  std::vector<float> bias_;           // or empty
};

}  // namespace studio::model::inference
