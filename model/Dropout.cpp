#include "model/Dropout.h"

#include <cmath>
#include <stdexcept>

#include <ATen/Parallel.h>
#include <torch/nn/functional/dropout.h>

namespace studio::model {

namespace {
constexpr int kBits = 21;
constexpr int64_t kFieldMask = (int64_t(1) << kBits) - 1;
}  // namespace

DropoutImpl::DropoutImpl(double p) : p_(p) {
  if (!(p >= 0.0 && p < 1.0)) throw std::invalid_argument("dropout probability must be in [0, 1)");
}

namespace {

// Fills `out` (float, n elements) with `keep_value` where the 21-bit field is
// below the threshold, else 0: one pass over the draws, on every thread.
torch::Tensor scaledKeepMask(at::IntArrayRef sizes, double p, float keep_value) {
  int64_t n = 1;
  for (auto s : sizes) n *= s;
  const int64_t words = (n + 2) / 3;
  // random_() on int64 fills [0, 2^63): three independent 21-bit fields a word.
  const auto draws = torch::empty({words}, torch::kLong).random_();
  auto out = torch::empty(sizes, torch::kFloat);
  const int64_t threshold = std::llround((1.0 - p) * double(int64_t(1) << kBits));
  const int64_t* d = draws.data_ptr<int64_t>();
  float* o = out.data_ptr<float>();
  at::parallel_for(0, words, 2048, [&](int64_t begin, int64_t end) {
    for (int64_t w = begin; w < end; ++w) {
      const int64_t v = d[w];
      for (int k = 0; k < 3; ++k) {
        const int64_t i = 3 * w + k;
        if (i < n) o[i] = ((v >> (kBits * k)) & kFieldMask) < threshold ? keep_value : 0.0f;
      }
    }
  });
  return out;
}

}  // namespace

torch::Tensor dropoutKeepMask(at::IntArrayRef sizes, double p) { return scaledKeepMask(sizes, p, 1.0f).gt(0.0f); }

torch::Tensor DropoutImpl::forward(const torch::Tensor& input) {
  if (!is_training() || p_ == 0.0) return input;
  if (!input.device().is_cpu()) return torch::dropout(input, p_, /*train=*/true);
  auto scale = scaledKeepMask(input.sizes(), p_, float(1.0 / (1.0 - p_)));
  if (input.scalar_type() != torch::kFloat) scale = scale.to(input.scalar_type());
  return input * scale;
}

}  // namespace studio::model
