#pragma once

#include <atomic>
#include <cstdint>
#include <future>

#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/training/TrainingConfig.h"

// Subword regularization and BPE-dropout (TrainingConfig::subword_alpha):
// each epoch trains on its own split of the training pairs into pieces, drawn
// from the unigram vocabulary's odds or with some of the BPE merges left out,
// so that the model meets a word in several spellings.
namespace studio::model {

struct TrainingData;

class EpochSampler {
 public:
  // `data` and `tokenizer` must outlive the sampler.
  EpochSampler(const TrainingData& data, const data::Tokenizer& tokenizer, const TrainingConfig& config);
  ~EpochSampler();  // a draw in the background is stopped
  EpochSampler(const EpochSampler&) = delete;
  EpochSampler& operator=(const EpochSampler&) = delete;

  // The pairs of epoch `epoch`, row for row data.train's: each pair read from
  // the data folder drawn anew (a pair whose drawn pieces would not fit the
  // batch budget or the model keeps its best split; replayed pairs of a
  // fine-tuning keep theirs). The same seed and epoch give the same pieces,
  // so a resumed run and every worker see the same. Then the next epoch's
  // pairs are drawn in the background, on one thread.
  data::EncodedSplit epoch(int64_t epoch);

 private:
  data::EncodedSplit draw(int64_t epoch, int threads) const;

  const TrainingData& data_;
  const data::Tokenizer& tokenizer_;
  double alpha_;
  uint64_t seed_;
  int64_t max_cost_;
  std::atomic<bool> stopping_{false};
  int64_t next_epoch_ = -1;
  std::future<data::EncodedSplit> next_;
};

}  // namespace studio::model
