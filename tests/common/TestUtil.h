#pragma once

#include <random>
#include <string>
#include <vector>

#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include "model/Transformer.h"
#include "model/TransformerOptions.h"
#include "model/decoding/Decoding.h"

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

}  // namespace studio::test

namespace studio::test {

// The names of a zip archive's entries (LibTorch's .pt files are zips), in
// file order.
std::vector<std::string> zipEntries(const std::string& path);

// Inverts up to `count` bytes at the start of the data of the entry whose
// name ends with `suffix` (as a disk fault would). Returns false when there
// is no such entry.
bool corruptZipEntry(const std::string& path, const std::string& suffix, size_t count = 16);

}  // namespace studio::test

namespace studio::test {

// Writes DIR/corpus.tsv — `count` pairs "VI[i % k] số i <TAB> EN[i % k] number i" — and prepares it,
// as users would, into DIR/data (SentencePiece of `vocab_size`). Returns the data folder.
std::string prepareNumberedCorpus(const std::string& dir, const std::vector<std::string>& vi,
                                  const std::vector<std::string>& en, int count, int vocab_size);

}  // namespace studio::test

namespace studio::test {

// A tmpfs of a chosen size mounted over a folder for the life of the object:
// a disk that fills up, or a read-only one, for real. Needs the right to
// mount (root, as in CI); mounted() says whether it worked and reason() why
// not, for QSKIP.
class TmpfsMount {
 public:
  TmpfsMount(const std::string& folder, int64_t bytes, bool read_only = false);
  ~TmpfsMount();
  TmpfsMount(const TmpfsMount&) = delete;
  TmpfsMount& operator=(const TmpfsMount&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& reason() const { return reason_; }
  bool resize(int64_t bytes);  // remounts with another size (free space, as a user would)

 private:
  std::string folder_, reason_;
  bool mounted_ = false;
};

}  // namespace studio::test
