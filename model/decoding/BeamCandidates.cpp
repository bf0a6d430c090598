#include "model/decoding/BeamCandidates.h"

#include <algorithm>
#include <limits>

#include <ATen/Parallel.h>

namespace studio::model {

namespace {

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
    for (int64_t v = 0; v < V; ++v) {
      const float score = base + row[v];
      if (filled == width && !(score > scores[width - 1])) continue;
      if (v == blocked) continue;
      offer(score, k * V + v);
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
