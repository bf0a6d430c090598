#include "model/inference/QuantizedLinear.h"

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

// Symmetric int8 of `count` floats: q = round(v / scale), scale = max |v| /
// 127, so that |q| <= 127. Writes `padded` bytes (zeros past count) and
// returns the scale (0 for a row of zeros).
float quantizeRow(const float* v, int64_t count, int64_t padded, int8_t* q) {
  float largest = 0.0f;
  for (int64_t i = 0; i < count; ++i) largest = std::max(largest, std::abs(v[i]));
  if (!(largest > 0.0f) || !std::isfinite(largest)) {
    // Zeros (or a row that is not finite: the float path would give NaN
    // there too; zeros keep the integer code defined).
    std::fill(q, q + padded, int8_t(0));
    return largest > 0.0f ? std::numeric_limits<float>::quiet_NaN() : 0.0f;
  }
  const float inverse = 127.0f / largest;
  for (int64_t i = 0; i < count; ++i)
    q[i] = int8_t(std::nearbyint(std::min(127.0f, std::max(-127.0f, v[i] * inverse))));
  std::fill(q + count, q + padded, int8_t(0));
  return largest / 127.0f;
}

#ifdef STUDIO_INT8_AVX2
// R rows (1 or 2) times one panel of P = 32 outputs: sums[r][j] = Σ_i x_r[i] ·
// w[j][i], four inputs a step. vpmaddubsw multiplies |w| (unsigned) by x with
// w's sign moved onto it (vpsignb) and adds pairs into int16 (at most 2 · 127 ·
// 127: no saturation), vpmaddwd adds those pairs into int32.
template <int R>
__attribute__((target("avx2"))) void panelAvx2(const int8_t* x, int64_t x_stride, const int8_t* w, int64_t groups,
                                               int32_t* sums) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i acc[R][4];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) acc[r][v] = _mm256_setzero_si256();
  for (int64_t g = 0; g < groups; ++g, w += 4 * P) {
    __m256i xb[R];
    for (int r = 0; r < R; ++r) {
      int32_t four;
      std::memcpy(&four, x + r * x_stride + 4 * g, sizeof four);
      xb[r] = _mm256_set1_epi32(four);  // the same four inputs in every lane
    }
    for (int v = 0; v < 4; ++v) {
      const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 * v));
      const __m256i magnitude = _mm256_abs_epi8(wv);
      for (int r = 0; r < R; ++r) {
        const __m256i pairs = _mm256_maddubs_epi16(magnitude, _mm256_sign_epi8(xb[r], wv));
        acc[r][v] = _mm256_add_epi32(acc[r][v], _mm256_madd_epi16(pairs, ones));
      }
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < 4; ++v) _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + r * P + 8 * v), acc[r][v]);
}

bool cpuHasAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}
#endif

}  // namespace

std::string int8Unsupported() {
#ifdef STUDIO_INT8_AVX2
  if (!pretend_no_int8.load() && cpuHasAvx2()) return "";
#endif
  return "int8 decoding needs a CPU with AVX2 (x86-64-v3) and this one has none: decode in float32 (without int8)";
}

void pretendNoInt8ForTesting(bool no_int8) { pretend_no_int8.store(no_int8); }

QuantizedLinear::QuantizedLinear(const float* weight, const float* bias, int64_t out, int64_t in)
    : in_(in), out_(out), groups_((in + 3) / 4) {
  if (const auto why = int8Unsupported(); !why.empty()) throw std::runtime_error(why);
  const int64_t panels = (out + P - 1) / P, padded = 4 * groups_;
  weights_.assign(size_t(panels * groups_ * P * 4), int8_t(0));
  scales_.assign(size_t(out), 0.0f);
  std::vector<int8_t> row(static_cast<size_t>(padded));
  for (int64_t o = 0; o < out; ++o) {
    scales_[size_t(o)] = quantizeRow(weight + o * in, in, padded, row.data());
    if (std::isnan(scales_[size_t(o)]))
      throw std::invalid_argument("int8: output channel " + std::to_string(o) + " of a weight is not finite");
    const int64_t p = o / P, j = o % P;
    for (int64_t g = 0; g < groups_; ++g)
      std::memcpy(&weights_[size_t(((p * groups_ + g) * P + j) * 4)], row.data() + 4 * g, 4);
  }
  if (bias) bias_.assign(bias, bias + out);
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
#ifdef STUDIO_INT8_AVX2
  const int64_t padded = 4 * groups_;
  thread_local std::vector<int8_t> xq;
  thread_local std::vector<float> x_scales;
  xq.resize(size_t(rows * padded));
  x_scales.resize(size_t(rows));
  for (int64_t r = 0; r < rows; ++r) x_scales[size_t(r)] = quantizeRow(x + r * in_, in_, padded, xq.data() + r * padded);
  const int8_t* q = xq.data();
  const float* row_scales = x_scales.data();
  const int64_t panels = (out_ + P - 1) / P;
  // A panel is in * P multiply-adds a row; split when each thread gets ~64K.
  const int64_t grain = std::max<int64_t>(1, 65536 / std::max<int64_t>(1, in_ * P * rows));
  at::parallel_for(0, panels, grain, [&](int64_t first, int64_t last) {
    int32_t sums[2 * P];
    for (int64_t p = first; p < last; ++p) {
      const int8_t* w = weights_.data() + p * groups_ * P * 4;
      const int64_t o = p * P, width = std::min(P, out_ - o);
      for (int64_t r = 0; r < rows; r += 2) {
        const int n = rows - r >= 2 ? 2 : 1;
        if (n == 2) panelAvx2<2>(q + r * padded, padded, w, groups_, sums);
        else panelAvx2<1>(q + r * padded, padded, w, groups_, sums);
        for (int k = 0; k < n; ++k) {
          float* out = y + (r + k) * out_ + o;
          const float xs = row_scales[r + k];
          for (int64_t j = 0; j < width; ++j) {
            const float v = float(sums[k * P + j]) * (xs * scales_[size_t(o + j)]);
            out[j] = bias_.empty() ? v : v + bias_[size_t(o + j)];
          }
        }
      }
    }
  });
#else
  (void)x;
  (void)rows;
  (void)y;
  throw std::runtime_error(int8Unsupported());
#endif
}

}  // namespace studio::model::inference
