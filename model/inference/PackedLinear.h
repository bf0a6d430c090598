#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// A Linear layer's weight packed once for decoding: y[rows, out] = x[rows,
// in] · Wᵀ + b. A decoding step multiplies a few rows (the beams of one or
// a few sentences) by each weight; BLAS packs the whole weight again at
// every such call (in OpenBLAS that copy took 37 % of greedy decoding at
// batch 1), so a step's rows go through our own kernel over strips packed
// here, and many rows (past smallRows()) through BLAS on the weight as the
// module keeps it.
namespace studio::model::inference {

class PackedLinear {
 public:
  static constexpr int64_t kPanel = 64;  // outputs a panel: the unit of work of a thread
  static constexpr int64_t kStrip = 16;  // outputs a strip: a panel is kPanel / kStrip strips

  PackedLinear() = default;
  // `weight` [out, in] and `bias` [out] (may be null) stay the caller's and
  // must outlive this (they are the module's parameters).
  PackedLinear(const float* weight, const float* bias, int64_t out, int64_t in);

  // y[rows, out] = x[rows, in] · Wᵀ + b. Splits the outputs among LibTorch's
  // threads when the product is large enough.
  void apply(const float* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  size_t packedBytes() const { return panels_.size() * sizeof(float); }

  // Rows up to this many take the packed kernel; more take BLAS.
  static int64_t smallRows();

  // Which packed kernel runs: "AVX2 tiles" (register-blocked, on CPUs with
  // AVX2 and FMA but not AVX-512) or "generic" (compiled for AVX-512, AVX2
  // and the baseline; the loader picks one).
  static const char* kernelName();
  // For tests: take the generic kernel even where the AVX2 tiles run (true), or not (false).
  static void preferGenericKernelForTesting(bool prefer);

 private:
  const float* weight_ = nullptr;
  const float* bias_ = nullptr;
  int64_t in_ = 0, out_ = 0;
  // [ceil(out / kPanel) * kPanel / kStrip, in, kStrip]: strip s holds
  // outputs s*kStrip.. of every input in turn (zeros past `out`), read front
  // to back; a kernel reads one to four strips side by side, so that each is
  // a stream from memory of its own.
  std::vector<float> panels_;
};

}  // namespace studio::model::inference
