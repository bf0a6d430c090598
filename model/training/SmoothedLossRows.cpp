#include "model/training/SmoothedLossRows.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <ATen/Parallel.h>

#include "model/inference/CpuClones.h"

namespace studio::model {

namespace {

// exp(x) for x <= 0, in plain arithmetic that vectorizes: x = n ln 2 + r
// with |r| <= ln 2 / 2, exp(r) by its Taylor series to r^7 (truncation
// 5e-9 relative), times 2^n built in the exponent bits. Inputs below
// `lowest` (kLowest: about 1e-38 out), and NaN, are taken as `lowest`, so
// that 2^n stays a normal number; a row with NaN or infinite logits still
// gets a NaN loss, through its sum of logits.
constexpr float kLowest = -87.3f;

inline float expNonPositive(float x, float lowest) {
  x = (lowest < x) ? x : lowest;  // NaN too: the conversion below stays defined (the sum of logits carries it)
  const float t = x * 1.44269504088896341f;
  const float n = (t + 12582912.0f) - 12582912.0f;  // t rounded to the nearest integer (1.5 * 2^23)
  const float r = (x - n * 0.693145751953125f) - n * 1.42860682030941723212e-6f;  // ln 2 in two parts
  float p = 1.0f / 5040.0f;
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const uint32_t bits = static_cast<uint32_t>(static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

// The row loops take the clamp as a value the compiler cannot see: with the
// constant in view, GCC 12 splits off the clamped inputs' path (whose result
// it folds) and leaves the loop unvectorized, six times slower.
inline float opaque(float value) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  asm("" : "+x"(value));
#endif
  return value;
}

struct RowSums {
  float max;
  double sum_exp, sum_logits;
};

// The sums in double: in float, the many exponentials far below the largest
// one (1.0) would each be rounded away, a systematic loss of 1e-5 of the sum
// over 8,000 pieces.
STUDIO_CLONES RowSums rowSums(const float* x, int64_t vocab) {
  const float lowest = opaque(kLowest);
  float best = x[0];
#pragma omp simd reduction(max : best)
  for (int64_t v = 0; v < vocab; ++v) best = std::max(best, x[v]);
  double sum_exp = 0.0, sum_logits = 0.0;
#pragma omp simd reduction(+ : sum_exp, sum_logits)
  for (int64_t v = 0; v < vocab; ++v) {
    sum_exp += expNonPositive(x[v] - best, lowest);
    sum_logits += x[v];
  }
  return {best, sum_exp, sum_logits};
}

STUDIO_CLONES void rowGradient(const float* x, float log_normalizer, float delta, float scale, int64_t vocab,
                               float* g) {
  const float lowest = opaque(kLowest);
#pragma omp simd
  for (int64_t v = 0; v < vocab; ++v) g[v] = (expNonPositive(x[v] - log_normalizer, lowest) - delta) * scale;
}

// Rows a chunk of work: at least 64K logits.
int64_t rowGrain(int64_t vocab) { return std::max<int64_t>(1, 65536 / std::max<int64_t>(1, vocab)); }

}  // namespace

SmoothedRows smoothedRowsForward(const torch::Tensor& logits, const torch::Tensor& gold, int64_t pad_id,
                                 const torch::Tensor& keep, bool count_correct) {
  TORCH_CHECK(logits.dim() == 2 && logits.is_contiguous() && logits.scalar_type() == torch::kFloat &&
                  logits.device().is_cpu(),
              "smoothedRowsForward: float32 CPU logits [N, V], contiguous");
  const int64_t rows = logits.size(0), vocab = logits.size(1);
  TORCH_CHECK(vocab > 0 && pad_id >= 0 && pad_id < vocab, "smoothedRowsForward: pad id ", pad_id,
              " outside a vocabulary of ", vocab);
  const auto gold_c = gold.contiguous();
  const auto keep_c = keep.to(torch::kFloat).contiguous();
  const auto options = logits.options();
  SmoothedRows out{torch::empty({rows}, options), torch::empty({rows}, options),
                   torch::empty({rows}, options), torch::empty({rows}, options), 0};
  const float* x = logits.data_ptr<float>();
  const int64_t* g = gold_c.data_ptr<int64_t>();
  const float* k = keep_c.data_ptr<float>();
  float* lse = out.log_normalizer.data_ptr<float>();
  float* gold_lp = out.gold_lp.data_ptr<float>();
  float* pad_lp = out.pad_lp.data_ptr<float>();
  float* all_lp = out.all_lp.data_ptr<float>();
  for (int64_t n = 0; n < rows; ++n)
    TORCH_CHECK(g[n] >= 0 && g[n] < vocab, "label-smoothed loss: target ", g[n], " at row ", n,
                " outside a vocabulary of ", vocab);
  std::atomic<int64_t> correct{0};
  at::parallel_for(0, rows, rowGrain(vocab), [&](int64_t first, int64_t last) {
    int64_t mine = 0;
    for (int64_t n = first; n < last; ++n) {
      const float* row = x + n * vocab;
      const RowSums sums = rowSums(row, vocab);
      const double log_z = double(sums.max) + std::log(sums.sum_exp);
      lse[n] = float(log_z);
      gold_lp[n] = float(double(row[g[n]]) - log_z);
      pad_lp[n] = float(double(row[pad_id]) - log_z);
      all_lp[n] = float(sums.sum_logits - double(vocab) * log_z);
      if (count_correct && k[n] != 0.0f) {
        const int64_t first_best = std::find(row, row + vocab, sums.max) - row;
        mine += first_best == g[n];
      }
    }
    correct += mine;
  });
  out.correct = correct.load();
  return out;
}

torch::Tensor smoothedRowsBackward(const torch::Tensor& logits, const torch::Tensor& log_normalizer,
                                   const torch::Tensor& gold, const torch::Tensor& row_scale, int64_t pad_id,
                                   double epsilon) {
  const int64_t rows = logits.size(0), vocab = logits.size(1);
  const float delta = float(epsilon / double(vocab - 2));
  const auto gold_c = gold.contiguous();
  const auto scale_c = row_scale.to(torch::kFloat).contiguous();
  auto grad = torch::empty_like(logits);
  const float* x = logits.data_ptr<float>();
  const float* lse = log_normalizer.data_ptr<float>();
  const int64_t* g = gold_c.data_ptr<int64_t>();
  const float* s = scale_c.data_ptr<float>();
  float* out = grad.data_ptr<float>();
  at::parallel_for(0, rows, rowGrain(vocab), [&](int64_t first, int64_t last) {
    for (int64_t n = first; n < last; ++n) {
      float* row_grad = out + n * vocab;
      if (s[n] == 0.0f) {
        std::fill(row_grad, row_grad + vocab, 0.0f);
        continue;
      }
      const float* row = x + n * vocab;
      rowGradient(row, lse[n], delta, s[n], vocab, row_grad);
      // Padding gets no share of the smoothing; gold gets 1 - epsilon.
      row_grad[pad_id] = expNonPositive(row[pad_id] - lse[n], kLowest) * s[n];
      row_grad[g[n]] = (expNonPositive(row[g[n]] - lse[n], kLowest) - float(1.0 - epsilon)) * s[n];
    }
  });
  return grad;
}

}  // namespace studio::model
