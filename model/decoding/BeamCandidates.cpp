#include "model/decoding/BeamCandidates.h"

#include <algorithm>
#include <limits>

#include <ATen/Parallel.h>

#include "model/inference/CpuClones.h"

namespace studio::model {

namespace {

// Whether base + row[j] beats `threshold` for any j < n (a NaN does not).
STUDIO_CLONES bool anyAbove(const float* row, int64_t n, float base, float threshold) {
  int any = 0;
#pragma omp simd reduction(| : any)
  for (int64_t j = 0; j < n; ++j) any |= int(base + row[j] > threshold);
  return any != 0;
}

void bestOfSentence(const float* logp, const double* alive, int64_t K, int64_t V, int64_t width, int64_t blocked,
                    int64_t forced, float* scores, int64_t* index) {
  const float minus_inf = -std::numeric_limits<float>::infinity();
  std::fill(scores, scores + width, minus_inf);
  std::fill(index, index + width, int64_t(0));
  int64_t filled = 0;
  auto offer = [&](float score, int64_t at) {
    if (!(score > minus_inf)) return;
    if (filled == width && !(score > scores[width - 1])) return;
    int64_t j = filled < width ? filled++ : width - 1;
    for (; j > 0 && score > scores[j - 1]; --j) {  // ties keep the earlier candidate first
      scores[j] = scores[j - 1];
      index[j] = index[j - 1];
    }
    scores[j] = score;
    index[j] = at;
  };
  for (int64_t k = 0; k < K; ++k) {
    const float base = float(alive[k]);
    if (!(base > minus_inf)) continue;  // a dead row
    const float* row = logp + k * V;
    if (forced >= 0) {
      offer(base + row[forced], k * V + forced);
      continue;
    }
    // Once the list is full, a block with nothing above its last is passed
    // over in a few vector compares (most of a row, most of the time).
    constexpr int64_t kBlock = 64;
    for (int64_t start = 0; start < V; start += kBlock) {
      const int64_t end = std::min(V, start + kBlock);
      if (filled == width && !anyAbove(row + start, end - start, base, scores[width - 1])) continue;
      for (int64_t v = start; v < end; ++v) {
        const float score = base + row[v];
        if (filled == width && !(score > scores[width - 1])) continue;
        if (v == blocked) continue;
        offer(score, k * V + v);
      }
    }
  }
}

}  // namespace

void bestContinuations(const float* logp, const double* alive, int64_t A, int64_t K, int64_t V, int64_t width,
                       const std::vector<int64_t>& blocked, int64_t forced, float* scores, int64_t* index) {
  at::parallel_for(0, A, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, K * V)), [&](int64_t begin, int64_t end) {
    for (int64_t a = begin; a < end; ++a)
      bestOfSentence(logp + a * K * V, alive + a * K, K, V, width, blocked[size_t(a)], forced, scores + a * width,
                     index + a * width);
  });
}

}  // namespace studio::model
