#include "model/Dropout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <stdexcept>

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <torch/nn/functional/dropout.h>

#include "model/inference/CpuClones.h"

namespace studio::model {

namespace {
constexpr int kBits = 21;
constexpr int64_t kFieldMask = (int64_t(1) << kBits) - 1;
}  // namespace

DropoutImpl::DropoutImpl(double p) : p_(p) {
  if (!(p >= 0.0 && p < 1.0)) throw std::invalid_argument("dropout probability must be in [0, 1)");
}

namespace {

constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // SplitMix64's increment

// SplitMix64's output function: word w of a mask is mix(key + (w + 1) · γ),
// the SplitMix64 sequence started at `key` (independent of the threads).
inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Words [first, last) of a mask, three elements each, from out[0] on.
STUDIO_CLONES void fillWords(uint64_t key, int64_t first, int64_t last, uint64_t threshold, float keep_value,
                             float* out) {
  for (int64_t w = first; w < last; ++w) {
    const uint64_t v = mix(key + uint64_t(w + 1) * kGamma);
    for (int k = 0; k < 3; ++k)
      out[3 * (w - first) + k] = ((v >> (kBits * k)) & uint64_t(kFieldMask)) < threshold ? keep_value : 0.0f;
  }
}

// One draw of the default generator a mask: seeding and resuming (which
// restore that generator) keep a run reproducible.
uint64_t drawKey() {
  auto generator = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(generator.mutex());
  return at::check_generator<at::CPUGeneratorImpl>(generator)->random64();
}

// Fills `out` (float, n elements) with `keep_value` where the 21-bit field is
// below the threshold, else 0, on every thread.
torch::Tensor scaledKeepMask(at::IntArrayRef sizes, double p, float keep_value) {
  int64_t n = 1;
  for (auto s : sizes) n *= s;
  auto out = torch::empty(sizes, torch::kFloat);
  const auto threshold = uint64_t(std::llround((1.0 - p) * double(int64_t(1) << kBits)));
  const uint64_t key = drawKey();
  float* o = out.data_ptr<float>();
  const int64_t whole = n / 3;  // words whose three elements are all in `out`
  at::parallel_for(0, whole, 4096, [&](int64_t begin, int64_t end) {
    fillWords(key, begin, end, threshold, keep_value, o + 3 * begin);
  });
  if (whole * 3 < n) {
    float tail[3];
    fillWords(key, whole, whole + 1, threshold, keep_value, tail);
    std::copy_n(tail, n - whole * 3, o + whole * 3);
  }
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
