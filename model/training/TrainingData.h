#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/data/CorpusSources.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/training/Checkpoints.h"
#include "model/training/TrainingConfig.h"

// What a run trains and evaluates on: the training pairs that fit the batch
// budget and the model, served as global batches epoch after epoch, and the
// dev pairs evaluated (ids and text).
namespace studio::model {

// A dev split as a run evaluates it.
struct DevSet {
  std::string data_dir;                    // the data folder it comes from
  data::EncodedSplit pairs;
  std::vector<size_t> indices;             // the pairs evaluated
  std::vector<int64_t> src_len, tgt_len;   // of `indices`, in its order
  std::vector<std::string> sources, references;  // every pair's text
  // A data folder prepared from several corpora: whose pairs are where
  // (data::corpusSlices), each corpus's BLEU scored apart; else empty.
  std::vector<data::CorpusSlice> corpora;
  bool empty() const { return indices.empty(); }
};

struct TrainingData {
  data::EncodedSplit train;
  std::vector<size_t> usable;              // training pairs that fit
  std::vector<int64_t> src_len, tgt_len;   // of `usable`, in its order
  DevSet dev;
  DevSet original_dev;                     // fine-tuning: the original data's dev split (else empty)
};

// Reads the data folder's train and dev splits (ids from the cache when it
// is current), and for fine-tuning the original data's dev split and its
// replayed training pairs (FineTune.h). Throws std::runtime_error when
// nothing fits, when the run evaluates and there is no dev pair, or when a
// fine-tuned model's positions are too few for the data.
TrainingData loadTrainingData(const std::string& data_dir, const data::Tokenizer& tokenizer,
                              const TrainingConfig& config, const std::function<void(const std::string&)>& log);

// The first eval_sentences dev pairs of `data_dir` that fit the model and the
// batch budget; from a folder of several corpora, each corpus's first ones,
// in proportion to its share of dev (every corpus at least one), so that all
// are evaluated.
DevSet loadDevSet(const std::string& data_dir, const data::Tokenizer& tokenizer, const TrainingConfig& config);

// The global batches in order: each epoch's are shuffled by (seed, epoch),
// so any worker computes the same ones, and a resumed run continues at
// (epoch, batch_index) of its state.
class BatchStream {
 public:
  BatchStream(const TrainingData& data, const TrainingConfig& config, const TrainerState& state);

  // The next batch's rows (indices into data.train), advancing `state`;
  // empty when max_epochs is reached.
  std::vector<size_t> next(TrainerState& state);

 private:
  const TrainingData& data_;
  const TrainingConfig& config_;
  std::vector<std::vector<size_t>> batches_;
};

// Target tokens (pieces + EOS) of these training rows.
int64_t targetTokens(const data::EncodedSplit& split, const std::vector<size_t>& rows);

}  // namespace studio::model
