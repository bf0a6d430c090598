#pragma once

#include <random>
#include <string>
#include <vector>

#include <torch/optim/optimizer.h>
#include <torch/types.h>
#include <QMetaType>

#include "model/Transformer.h"
#include "model/TransformerOptions.h"
#include "model/decoding/Decoding.h"

// The helpers that need no LibTorch (files, corpora, a full disk) are in
// FileUtil.h, which suites without LibTorch include alone.
#include "common/FileUtil.h"

namespace studio::test {

// A small model shape that exercises every path quickly.
model::TransformerOptions smallOptions(model::NormPosition norm = model::NormPosition::Post);

// max |a - b|, and a message describing where it is largest.
double maxAbsDifference(const torch::Tensor& a, const torch::Tensor& b);

// Random token ids in [first, vocab) — that is, never a special token when
// first = 4 — of shape [batch, length].
torch::Tensor randomTokens(int64_t batch, int64_t length, int64_t vocab, int64_t first = 4);

bool allFinite(const torch::Tensor& t);

// Whether two searches' n-best lists agree: the same tokens and finished
// flags, scores and probabilities within 1e-4. `why` says where they do not.
bool sameHypotheses(const std::vector<std::vector<model::Hypothesis>>& a,
                    const std::vector<std::vector<model::Hypothesis>>& b, std::string* why);

// The copy / reverse task: random sequences of 3..9 symbols (ids 4..13).
inline constexpr int64_t kTaskSymbols = 10;
inline constexpr int64_t kTaskFirstSymbol = 4;

struct SequenceBatch {
  torch::Tensor src, target_in, target_out;    // [B, S], [B, T], [B, T]
  std::vector<std::vector<int64_t>> targets;  // without BOS/EOS
};

SequenceBatch makeSequenceBatch(std::mt19937& rng, int64_t size, bool reverse,
                                const model::TransformerOptions& options);

// Options for the small task model (vocabulary 14, 2+2 layers, d_model 64).
model::TransformerOptions taskModelOptions(model::NormPosition norm = model::NormPosition::Post);

// One Adam step on a fresh batch of the task, with the Noam schedule
// (warmup 200, factor 1) at `step`; returns the loss.
double trainTaskStep(model::Transformer& model, torch::optim::Optimizer& optimizer, std::mt19937& rng,
                     int64_t step, bool reverse);

// A task model trained `steps` Adam steps to reverse sequences (torch and the
// batches seeded with `seed`), in eval mode: its decisions are clear, so
// paths that must agree pick the same tokens. Under CTest the suites read it
// from the file tst_reversalfixtures wrote at the start of the same run
// (reversalFixturePath); run by hand, without STUDIO_TEST_FIXTURES, they
// train it themselves.
model::Transformer trainedReversalModel(uint64_t seed, int64_t steps);
model::Transformer trainReversalModel(uint64_t seed, int64_t steps);  // always trains

// $STUDIO_TEST_FIXTURES/reversal-<seed>-<steps>.pt, or "" where that
// variable is not set.
std::string reversalFixturePath(uint64_t seed, int64_t steps);
// The file's name alone: reversal-<seed>-<steps>.pt.
std::string reversalFixtureName(uint64_t seed, int64_t steps);

}  // namespace studio::test

// Data-driven suites take the norm's position as a column.
Q_DECLARE_METATYPE(studio::model::NormPosition)
