#include "model/data/Batching.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace studio::data {

int64_t exampleCost(int64_t src_length, int64_t tgt_length) {
  return std::max(src_length + 1, tgt_length + 1);
}

std::vector<std::vector<size_t>> tokenBudgetBatches(const std::vector<int64_t>& src_lengths,
                                                    const std::vector<int64_t>& tgt_lengths,
                                                    int64_t max_tokens, uint64_t seed, uint64_t epoch) {
  if (src_lengths.size() != tgt_lengths.size())
    throw std::invalid_argument("tokenBudgetBatches: source and target length lists differ in size");
  if (max_tokens <= 0) throw std::invalid_argument("the token budget must be positive");
  const size_t n = src_lengths.size();
  std::vector<int64_t> cost(n);
  for (size_t i = 0; i < n; ++i) {
    cost[i] = exampleCost(src_lengths[i], tgt_lengths[i]);
    if (cost[i] > max_tokens)
      throw std::invalid_argument("example " + std::to_string(i) + " needs " + std::to_string(cost[i]) +
                                  " tokens, more than the batch budget of " + std::to_string(max_tokens));
  }
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ULL + epoch);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t(0));
  std::shuffle(order.begin(), order.end(), rng);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost[a] < cost[b]; });

  std::vector<std::vector<size_t>> batches;
  std::vector<size_t> current;
  int64_t longest = 0;
  for (size_t i : order) {
    const int64_t longer = std::max(longest, cost[i]);
    if (!current.empty() && int64_t(current.size() + 1) * longer > max_tokens) {
      batches.push_back(std::move(current));
      current.clear();
      longest = 0;
    }
    current.push_back(i);
    longest = std::max(longest, cost[i]);
  }
  if (!current.empty()) batches.push_back(std::move(current));
  std::shuffle(batches.begin(), batches.end(), rng);
  return batches;
}

BatchingStats batchingStats(const std::vector<std::vector<size_t>>& batches,
                            const std::vector<int64_t>& src_lengths, const std::vector<int64_t>& tgt_lengths) {
  BatchingStats stats;
  stats.batches = batches.size();
  for (const auto& batch : batches) {
    int64_t longest_src = 0, longest_tgt = 0, longest_cost = 0;
    for (size_t i : batch) {
      longest_src = std::max(longest_src, src_lengths[i] + 1);
      longest_tgt = std::max(longest_tgt, tgt_lengths[i] + 1);
      longest_cost = std::max(longest_cost, exampleCost(src_lengths[i], tgt_lengths[i]));
      stats.real_tokens += src_lengths[i] + 1 + tgt_lengths[i] + 1;
    }
    stats.examples += batch.size();
    stats.padded_tokens += int64_t(batch.size()) * (longest_src + longest_tgt);
    stats.largest_batch_tokens = std::max(stats.largest_batch_tokens, int64_t(batch.size()) * longest_cost);
  }
  return stats;
}

std::vector<int64_t> sourceLengths(const EncodedSplit& split) {
  std::vector<int64_t> out(split.size());
  for (size_t i = 0; i < split.size(); ++i) out[i] = split.srcLength(i);
  return out;
}

std::vector<int64_t> targetLengths(const EncodedSplit& split) {
  std::vector<int64_t> out(split.size());
  for (size_t i = 0; i < split.size(); ++i) out[i] = split.tgtLength(i);
  return out;
}

BatchTensors makeBatchTensors(const EncodedSplit& split, const std::vector<size_t>& indices, int64_t pad_id,
                              int64_t bos_id, int64_t eos_id) {
  int64_t S = 0, T = 0;
  for (size_t i : indices) {
    S = std::max(S, split.srcLength(i) + 1);
    T = std::max(T, split.tgtLength(i) + 1);
  }
  const auto B = int64_t(indices.size());
  BatchTensors out;
  out.src = torch::full({B, S}, pad_id, torch::kLong);
  out.target_in = torch::full({B, T}, pad_id, torch::kLong);
  out.target_out = torch::full({B, T}, pad_id, torch::kLong);
  auto src = out.src.accessor<int64_t, 2>();
  auto tin = out.target_in.accessor<int64_t, 2>();
  auto tout = out.target_out.accessor<int64_t, 2>();
  for (int64_t b = 0; b < B; ++b) {
    const size_t i = indices[size_t(b)];
    const int64_t s_len = split.srcLength(i), t_len = split.tgtLength(i);
    for (int64_t k = 0; k < s_len; ++k) src[b][k] = split.src(i)[k];
    src[b][s_len] = eos_id;
    tin[b][0] = bos_id;
    for (int64_t k = 0; k < t_len; ++k) {
      tin[b][k + 1] = split.tgt(i)[k];
      tout[b][k] = split.tgt(i)[k];
    }
    tout[b][t_len] = eos_id;
    out.target_tokens += t_len + 1;
  }
  return out;
}

}  // namespace studio::data
