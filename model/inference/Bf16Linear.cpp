#include "model/inference/Bf16Linear.h"

#include <atomic>
#include <cstring>

#include <torch/torch.h>

#include "model/runtime/Runtime.h"

namespace studio::model::inference {

namespace {

std::atomic<bool> prefer_float_kernel{false};

// float32 to bf16, rounding to nearest even, as LibTorch's conversion (NaN stays NaN).
inline uint16_t toBf16(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return uint16_t((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return uint16_t(bits >> 16);
}

inline float fromBf16(uint16_t h) {
  const uint32_t bits = uint32_t(h) << 16;
  float v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

inline float roundToBf16(float v) { return fromBf16(toBf16(v)); }

bool oneDnnMultiplies() {
  static const bool has = !cpuBf16Instructions().empty();
  return has && !prefer_float_kernel.load();
}

}  // namespace

void Bf16Linear::preferFloatKernelForTesting(bool prefer) { prefer_float_kernel = prefer; }

Bf16Linear::Bf16Linear(const float* weight, const float* bias, int64_t out, int64_t in)
    : in_(in), out_(out), bias_(bias) {
  auto rounded = std::make_shared<std::vector<float>>(size_t(out * in));
  for (int64_t i = 0; i < out * in; ++i) (*rounded)[size_t(i)] = roundToBf16(weight[i]);
  kernel_ = std::make_shared<const PackedLinear>(rounded->data(), nullptr, out, in);
  rounded_ = std::move(rounded);
  if (!cpuBf16Instructions().empty())
    weight_t_ = torch::from_blob(const_cast<float*>(rounded_->data()), {out, in}).t().to(torch::kBFloat16).contiguous();
}

void Bf16Linear::apply(const float* x, int64_t rows, float* y) const {
  // The roundings in and out are plain loops: at a decoding step's few rows
  // they cost less than LibTorch's conversions, and oneDNN's product (into a
  // buffer each thread keeps) is the one LibTorch call a product.
  if (weight_t_.defined() && oneDnnMultiplies()) {
    thread_local std::vector<uint16_t> xs, ys;
    xs.resize(size_t(rows * in_));
    ys.resize(size_t(rows * out_));
    for (int64_t i = 0; i < rows * in_; ++i) xs[size_t(i)] = toBf16(x[i]);
    const auto a = torch::from_blob(xs.data(), {rows, in_}, torch::kBFloat16);
    auto c = torch::from_blob(ys.data(), {rows, out_}, torch::kBFloat16);
    torch::mm_out(c, a, weight_t_);
    const uint16_t* sums = ys.data();
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < out_; ++j) y[r * out_ + j] = fromBf16(sums[r * out_ + j]) + (bias_ ? bias_[j] : 0.0f);
    return;
  }
  thread_local std::vector<float> xs;
  xs.resize(size_t(rows * in_));
  for (int64_t i = 0; i < rows * in_; ++i) xs[size_t(i)] = roundToBf16(x[i]);
  kernel_->apply(xs.data(), rows, y);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < out_; ++j) y[r * out_ + j] = roundToBf16(y[r * out_ + j]) + (bias_ ? bias_[j] : 0.0f);
}

}  // namespace studio::model::inference
