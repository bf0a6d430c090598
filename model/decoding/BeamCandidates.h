#pragma once

#include <cstdint>
#include <vector>

// The step of beam search that picks what may continue: for each sentence,
// the best `width` of alive[k] + logp[k][v] over its K rows, in float, best
// first (what topk over the [K * V] sums gives), sentences split among
// LibTorch's threads.
namespace studio::model {

// logp [A * K, V]; alive [A * K] (a dead row is -inf); blocked[a] (or -1): a
// token sentence a's rows may not take now (an end that comes too early);
// forced (or -1): the only token any row may take (a forced prefix).
// Writes scores/index [A, width] (index k * V + v), -inf past the finite ones.
void bestContinuations(const float* logp, const double* alive, int64_t A, int64_t K, int64_t V, int64_t width,
                       const std::vector<int64_t>& blocked, int64_t forced, float* scores, int64_t* index);

}  // namespace studio::model
