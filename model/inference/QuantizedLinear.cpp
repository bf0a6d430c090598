#include "model/inference/QuantizedLinear.h"

#include "model/inference/Int8Kernels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include <ATen/Parallel.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define STUDIO_INT8_AVX2 1
#endif

namespace studio::model::inference {

namespace {

std::atomic<bool> pretend_no_int8{false};

constexpr int64_t P = QuantizedLinear::kPanel;
constexpr int W = QuantizedLinear::kWeightSteps, A = QuantizedLinear::kActivationSteps;

// A weight row in W steps each side of zero: q = round(v / scale), scale =
// max |v| / W. Writes `padded` bytes (zeros past count) and returns the
// scale (0 for a row of zeros, NaN for one that is not finite).
float quantizeWeightRow(const float* v, int64_t count, int64_t padded, int8_t* q) {
  float largest = 0.0f;
  for (int64_t i = 0; i < count; ++i) largest = std::max(largest, std::abs(v[i]));
  std::fill(q, q + padded, int8_t(0));
  if (!(largest > 0.0f) || !std::isfinite(largest))
    return largest > 0.0f || std::isnan(largest) ? std::numeric_limits<float>::quiet_NaN() : 0.0f;
  const float inverse = float(W) / largest;
  for (int64_t i = 0; i < count; ++i)
    q[i] = int8_t(std::nearbyint(std::min(float(W), std::max(-float(W), v[i] * inverse))));
  return largest / float(W);
}

// The scalar definition of quantizeActivations, for CPUs without AVX2 (and
// the tail of a row on those with it); the AVX2 version gives the same
// bytes (same products, same rounding: nearest, ties to even).
ActivationScale scaleOf(float lowest, float highest) {
  const float range = highest - lowest;
  if (range == 0.0f) return {0.0f, 0};
  // A row that is not finite: the float path would make its products NaN
  // too; the scale says so and the bytes stay defined (zeros).
  if (!std::isfinite(range)) return {std::numeric_limits<float>::quiet_NaN(), 0};
  return {range / float(A), std::clamp(int32_t(std::nearbyint(-lowest * (float(A) / range))), 0, A)};
}

void quantizeScalar(const float* v, int64_t first, int64_t count, float inverse, int32_t zero, uint8_t* q) {
  for (int64_t i = first; i < count; ++i) {
    const float u = std::nearbyint(v[i] * inverse) + float(zero);
    q[i] = uint8_t(std::min(float(A), std::max(0.0f, u)));
  }
}

#ifdef STUDIO_INT8_AVX2
static_assert(A == 255, "quantizeAvx2 clamps to the bytes' range by unsigned saturation");

__attribute__((target("avx2"))) ActivationScale quantizeAvx2(const float* v, int64_t count, uint8_t* q) {
  __m256 low = _mm256_setzero_ps(), high = _mm256_setzero_ps(), unordered = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256 x = _mm256_loadu_ps(v + i);
    low = _mm256_min_ps(low, x);
    high = _mm256_max_ps(high, x);
    unordered = _mm256_or_ps(unordered, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));  // vminps drops NaNs
  }
  float lows[8], highs[8];
  _mm256_storeu_ps(lows, low);
  _mm256_storeu_ps(highs, high);
  float lowest = 0.0f, highest = 0.0f;
  for (int k = 0; k < 8; ++k) lowest = std::min(lowest, lows[k]), highest = std::max(highest, highs[k]);
  bool nan = _mm256_movemask_ps(unordered) != 0;
  for (int64_t k = i; k < count; ++k) {
    nan = nan || std::isnan(v[k]);
    lowest = std::min(lowest, v[k]), highest = std::max(highest, v[k]);
  }
  if (nan) highest = std::numeric_limits<float>::quiet_NaN();
  const ActivationScale scale = scaleOf(lowest, highest);
  if (!(scale.scale > 0.0f)) {
    std::fill(q, q + count, uint8_t(0));
    return scale;
  }
  const float inverse = float(A) / (highest - lowest);
  const __m256 inv = _mm256_set1_ps(inverse);
  const __m256i zero = _mm256_set1_epi32(scale.zero);
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  i = 0;
  for (; i + 32 <= count; i += 32) {
    __m256i n[4];
    for (int k = 0; k < 4; ++k)  // round to nearest even (the default mode), add the zero point
      n[k] = _mm256_add_epi32(_mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(v + i + 8 * k), inv)), zero);
    // int32 → int16 → uint8 with saturation (the clamp to [0, 255]); the
    // packs work within 128-bit halves, the permutation puts them in order.
    const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(n[0], n[1]), _mm256_packs_epi32(n[2], n[3]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(q + i), _mm256_permutevar8x32_epi32(bytes, order));
  }
  quantizeScalar(v, i, count, inverse, scale.zero, q);
  return scale;
}
#endif

}  // namespace

ActivationScale quantizeActivations(const float* v, int64_t count, int64_t padded, uint8_t* q) {
  std::fill(q + count, q + padded, uint8_t(0));
#ifdef STUDIO_INT8_AVX2
  if (int8::available(Int8Kernel::Avx2)) return quantizeAvx2(v, count, q);
#endif
  float lowest = 0.0f, highest = 0.0f;
  for (int64_t i = 0; i < count; ++i) {
    if (std::isnan(v[i])) highest = v[i];
    lowest = std::min(lowest, v[i]);
    highest = std::max(highest, v[i]);
  }
  const ActivationScale scale = scaleOf(lowest, highest);
  if (!(scale.scale > 0.0f)) std::fill(q, q + count, uint8_t(0));
  else quantizeScalar(v, 0, count, float(A) / (highest - lowest), scale.zero, q);
  return scale;
}

std::string int8Unsupported() {
  if (!pretend_no_int8.load() && int8::available(Int8Kernel::Avx2)) return "";
  return "int8 decoding needs a CPU with AVX2 (x86-64-v3) and this one has none: decode in float32 (without int8)";
}

void pretendNoInt8ForTesting(bool no_int8) { pretend_no_int8.store(no_int8); }

const char* int8KernelName(Int8Kernel kernel) {
  switch (kernel) {
    case Int8Kernel::Avx2: return "AVX2";
    case Int8Kernel::AvxVnni: return "AVX-VNNI";
    case Int8Kernel::Avx512Vnni: return "AVX512-VNNI";
    case Int8Kernel::Amx: return "AMX";
  }
  return "?";
}

std::vector<Int8Kernel> int8KernelsHere() {
  std::vector<Int8Kernel> here;
  if (!int8Unsupported().empty()) return here;
  for (auto kernel : {Int8Kernel::Avx2, Int8Kernel::AvxVnni, Int8Kernel::Avx512Vnni, Int8Kernel::Amx})
    if (int8::available(kernel)) here.push_back(kernel);
  return here;
}

Int8Kernel int8KernelFor(int64_t rows) {
  if (rows >= int8::kAmxFromRows && int8::available(Int8Kernel::Amx)) return Int8Kernel::Amx;
  if (rows >= int8::kAvx512VnniFromRows && int8::available(Int8Kernel::Avx512Vnni)) return Int8Kernel::Avx512Vnni;
  if (int8::available(Int8Kernel::AvxVnni)) return Int8Kernel::AvxVnni;
  return Int8Kernel::Avx2;
}

std::string int8KernelsDescription() {
  std::string text;
  const auto here = int8KernelsHere();
  for (auto it = here.rbegin(); it != here.rend(); ++it) {
    text += std::string(text.empty() ? "" : ", ") + int8KernelName(*it);
    if (*it == Int8Kernel::Amx) text += " (from " + std::to_string(int8::kAmxFromRows) + " rows)";
    if (*it == Int8Kernel::Avx512Vnni) text += " (from " + std::to_string(int8::kAvx512VnniFromRows) + " rows)";
  }
  return text;
}

QuantizedLinear::QuantizedLinear(const float* weight, const float* bias, int64_t out, int64_t in)
    : in_(in), out_(out), groups_((in + 4 * int8::kGroupBlock - 1) / (4 * int8::kGroupBlock) * int8::kGroupBlock) {
  if (const auto why = int8Unsupported(); !why.empty()) throw std::runtime_error(why);
  const int64_t panels = (out + P - 1) / P, padded = 4 * groups_;
  weights_.assign(size_t(panels * groups_ * P * 4), int8_t(0));
  // Per output, zeros up to whole panels (the epilogue reads P at a time).
  scales_.assign(size_t(panels * P), 0.0f);
  column_sums_.assign(size_t(panels * P), 0);
  std::vector<int8_t> row(static_cast<size_t>(padded));
  for (int64_t o = 0; o < out; ++o) {
    scales_[size_t(o)] = quantizeWeightRow(weight + o * in, in, padded, row.data());
    if (std::isnan(scales_[size_t(o)]))
      throw std::invalid_argument("int8: output channel " + std::to_string(o) + " of a weight is not finite");
    for (int64_t i = 0; i < in; ++i) column_sums_[size_t(o)] += row[size_t(i)];
    const int64_t p = o / P, j = o % P;
    for (int64_t g = 0; g < groups_; ++g)
      std::memcpy(&weights_[size_t(((p * groups_ + g) * P + j) * 4)], row.data() + 4 * g, 4);
  }
  if (bias) {
    bias_.assign(size_t(panels * P), 0.0f);
    std::copy(bias, bias + out, bias_.begin());
  }
}

std::vector<float> QuantizedLinear::dequantized() const {
  std::vector<float> w(static_cast<size_t>(out_ * in_));
  for (int64_t o = 0; o < out_; ++o)
    for (int64_t i = 0; i < in_; ++i) {
      const int64_t p = o / P, j = o % P, g = i / 4, k = i % 4;
      w[size_t(o * in_ + i)] = float(weights_[size_t(((p * groups_ + g) * P + j) * 4 + k)]) * scales_[size_t(o)];
    }
  return w;
}

void QuantizedLinear::apply(const float* x, int64_t rows, float* y) const {
  applyWith(int8KernelFor(rows), x, rows, y);
}

void QuantizedLinear::applyWith(Int8Kernel kernel, const float* x, int64_t rows, float* y) const {
  if (!int8::available(kernel))
    throw std::runtime_error(std::string("int8: this CPU cannot run the ") + int8KernelName(kernel) + " kernel");
  const auto panel = kernel == Int8Kernel::Amx          ? &int8::panelAmx
                     : kernel == Int8Kernel::Avx512Vnni ? &int8::panelAvx512Vnni
                     : kernel == Int8Kernel::AvxVnni    ? &int8::panelAvxVnni
                                                        : &int8::panelAvx2;
  const int64_t padded = 4 * groups_;
  thread_local std::vector<uint8_t> xq;
  thread_local std::vector<ActivationScale> x_scales;
  xq.resize(size_t(rows * padded));
  x_scales.resize(size_t(rows));
  for (int64_t r = 0; r < rows; ++r)
    x_scales[size_t(r)] = quantizeActivations(x + r * in_, in_, padded, xq.data() + r * padded);
  // The bytes by pointer: inside the lambda the names would be each worker thread's own vectors.
  const uint8_t* q = xq.data();
  const ActivationScale* row_scales = x_scales.data();
  const int64_t panels = (out_ + P - 1) / P;
  // A panel is in * P multiply-adds a row; split when each thread gets ~64K.
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, in_ * P * rows));
  at::parallel_for(0, panels, grain, [&](int64_t first, int64_t last) {
    for (int64_t p = first; p < last; ++p) {
      const int64_t o = p * P;
      const int8::Epilogue how{column_sums_.data() + o, scales_.data() + o, bias_.empty() ? nullptr : bias_.data() + o};
      panel({q, padded, row_scales, rows, weights_.data() + p * groups_ * P * 4, groups_, how, y + o, out_,
             std::min(P, out_ - o)});
    }
  });
}

}  // namespace studio::model::inference
