#pragma once

#include <cstdint>
#include <vector>

#include <torch/types.h>

#include "model/data/EncodedCorpus.h"

// Batches capped by a token budget, from length-bucketed shuffled data.
namespace studio::data {

// Tokens one example occupies in a batch: max(source + EOS, BOS + target).
int64_t exampleCost(int64_t src_length, int64_t tgt_length);

// Groups examples into batches whose padded size, examples x the longest
// example's cost, never exceeds `max_tokens`. Examples are shuffled (seeded
// by seed and epoch), sorted by cost (so a batch holds similar lengths: the
// buckets), cut greedily into batches, and the batches shuffled. Every
// example is in exactly one batch. An example that alone exceeds the budget
// throws std::invalid_argument naming it.
std::vector<std::vector<size_t>> tokenBudgetBatches(const std::vector<int64_t>& src_lengths,
                                                    const std::vector<int64_t>& tgt_lengths,
                                                    int64_t max_tokens, uint64_t seed, uint64_t epoch = 0);

struct BatchingStats {
  size_t batches = 0;
  size_t examples = 0;
  int64_t real_tokens = 0;    // source + target tokens, EOS/BOS included
  int64_t padded_tokens = 0;  // the same with padding
  int64_t largest_batch_tokens = 0;
  double paddingRatio() const { return padded_tokens ? 1.0 - double(real_tokens) / double(padded_tokens) : 0.0; }
};

BatchingStats batchingStats(const std::vector<std::vector<size_t>>& batches,
                            const std::vector<int64_t>& src_lengths, const std::vector<int64_t>& tgt_lengths);

// The source and target lengths of every pair of a split.
std::vector<int64_t> sourceLengths(const EncodedSplit& split);
std::vector<int64_t> targetLengths(const EncodedSplit& split);

struct BatchTensors {
  torch::Tensor src;         // [B, S]: pieces + EOS, padded
  torch::Tensor target_in;   // [B, T]: BOS + pieces, padded
  torch::Tensor target_out;  // [B, T]: pieces + EOS, padded
  int64_t target_tokens = 0;
};

BatchTensors makeBatchTensors(const EncodedSplit& split, const std::vector<size_t>& indices, int64_t pad_id,
                              int64_t bos_id, int64_t eos_id);

}  // namespace studio::data
