#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/data/CorpusSources.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/training/Checkpoints.h"
#include "model/training/GuidedAlignment.h"
#include "model/training/TrainingConfig.h"

// What a run trains and evaluates on: the training pairs that fit the batch
// budget and the model, served as global batches epoch after epoch, and the
// dev pairs evaluated (ids and text).
namespace studio::model {

class EpochSampler;

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
  // With subword_alpha: the text of train's first rows, the pairs read from
  // the data folder (replayed pairs of a fine-tuning come after them).
  data::ParallelText train_text;
  std::vector<size_t> usable;              // training pairs that fit
  std::vector<int64_t> src_len, tgt_len;   // of `usable`, in its order
  DevSet dev;
  DevSet original_dev;                     // fine-tuning: the original data's dev split (else empty)
  // With guided_alignment: every training pair's word alignment, and how
  // the pieces make words.
  TrainingAlignments alignments;
  std::shared_ptr<const PieceWordSplitter> words;
};

// Reads the data folder's train and dev splits (ids from the cache when it
// is current; with subword_alpha the training text too, and a vocabulary
// that is neither unigram nor BPE is refused), and for fine-tuning the original data's dev split and its
// replayed training pairs (FineTune.h), and with guided_alignment the
// training pairs' word alignments (learnt here, a few seconds). Throws std::runtime_error when
// nothing fits, when the run evaluates and there is no dev pair, or when a
// fine-tuned model's positions are too few for the data.
TrainingData loadTrainingData(const std::string& data_dir, const data::Tokenizer& tokenizer,
                              const TrainingConfig& config, const std::function<void(const std::string&)>& log);

// The first eval_sentences dev pairs of `data_dir` that fit the model and the
// batch budget; from a folder of several corpora, each corpus's first ones,
// in proportion to its share of dev (every corpus at least one), so that all
// are evaluated.
DevSet loadDevSet(const std::string& data_dir, const data::Tokenizer& tokenizer, const TrainingConfig& config);

// A data folder's split (data::loadEncodedSplit, data::readSplitText) as a
// model of these options reads it: for a model trained English → Vietnamese
// (TransformerOptions::reversed) the English side is the source.
data::EncodedSplit loadSplitFor(const TransformerOptions& model, const std::string& data_dir,
                                const std::string& split, const data::Tokenizer& tokenizer,
                                bool* from_cache = nullptr);
data::ParallelText readSplitTextFor(const TransformerOptions& model, const std::string& data_dir,
                                    const std::string& split);

// The global batches in order: each epoch's are shuffled by (seed, epoch),
// so any worker computes the same ones, and a resumed run continues at
// (epoch, batch_index) of its state. With subword_alpha each epoch's pairs
// are split anew (EpochSampler, which needs the tokenizer).
class BatchStream {
 public:
  BatchStream(const TrainingData& data, const TrainingConfig& config, const TrainerState& state,
              const data::Tokenizer* tokenizer = nullptr);
  ~BatchStream();

  // The next batch's rows (indices into split()), advancing `state`; empty
  // when max_epochs is reached.
  std::vector<size_t> next(TrainerState& state);
  // The pairs the rows of the last next() index: data.train, or with
  // subword_alpha its epoch's split.
  const data::EncodedSplit& split() const;
  const TrainingData& data() const { return data_; }

 private:
  void startEpoch(int64_t epoch);

  const TrainingData& data_;
  const TrainingConfig& config_;
  std::unique_ptr<EpochSampler> sampler_;
  data::EncodedSplit sampled_;
  std::vector<std::vector<size_t>> batches_;
};

// Target tokens (pieces + EOS) of these training rows.
int64_t targetTokens(const data::EncodedSplit& split, const std::vector<size_t>& rows);

}  // namespace studio::model
