#include "model/training/TrainingData.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "model/data/Batching.h"
#include "model/data/Corpus.h"
#include "model/training/FineTune.h"
#include "model/training/SubwordSampling.h"

namespace studio::model {

data::EncodedSplit loadSplitFor(const TransformerOptions& model, const std::string& data_dir,
                                const std::string& split, const data::Tokenizer& tokenizer,
                                bool* from_cache) {
  auto encoded = data::loadEncodedSplit(data_dir, split, tokenizer, from_cache);
  if (model.reversed) {
    std::swap(encoded.src_ids, encoded.tgt_ids);
    std::swap(encoded.src_offsets, encoded.tgt_offsets);
  }
  return encoded;
}

data::ParallelText readSplitTextFor(const TransformerOptions& model, const std::string& data_dir,
                                    const std::string& split) {
  auto text = data::readSplitText(data_dir, split);
  if (model.reversed) std::swap(text.src, text.tgt);
  return text;
}

DevSet loadDevSet(const std::string& data_dir, const data::Tokenizer& tokenizer, const TrainingConfig& config) {
  DevSet d;
  d.data_dir = data_dir;
  d.pairs = loadSplitFor(config.model, data_dir, "dev", tokenizer);
  auto text = readSplitTextFor(config.model, data_dir, "dev");
  d.sources = std::move(text.src);
  d.references = std::move(text.tgt);
  if (d.sources.size() == d.pairs.size()) d.corpora = data::corpusSlicesOf(data_dir, "dev", d.pairs.size());
  const size_t total = d.pairs.size();
  // The ranges of pairs evaluated: the first eval_sentences, or each corpus's share of them.
  std::vector<std::pair<size_t, size_t>> ranges;
  const size_t budget = config.eval_sentences > 0 ? size_t(config.eval_sentences) : d.pairs.size();
  if (d.corpora.empty() || budget >= d.pairs.size()) {
    ranges.push_back({0, std::min(budget, d.pairs.size())});
  } else {
    for (const auto& slice : d.corpora) {
      const size_t share =
          std::max<size_t>(1, size_t(double(budget) * double(slice.count) / double(total) + 0.5));
      ranges.push_back({slice.first, slice.first + std::min(share, slice.count)});
    }
  }
  for (const auto& [begin, end] : ranges)
    for (size_t i = begin; i < end; ++i) {
      const int64_t cost = data::exampleCost(d.pairs.srcLength(i), d.pairs.tgtLength(i));
      if (cost > config.model.max_length || cost > config.max_tokens) continue;
      d.indices.push_back(i);
      d.src_len.push_back(d.pairs.srcLength(i));
      d.tgt_len.push_back(d.pairs.tgtLength(i));
    }
  return d;
}

TrainingData loadTrainingData(const std::string& data_dir, const data::Tokenizer& tokenizer,
                              const TrainingConfig& config, const std::function<void(const std::string&)>& log) {
  TrainingData d;
  bool from_cache = false;
  d.train = loadSplitFor(config.model, data_dir, "train", tokenizer, &from_cache);
  if (config.subword_alpha > 0) {
    if (!tokenizer.canSample())
      throw std::runtime_error("subword_alpha samples the pieces of a unigram or BPE vocabulary, and " +
                               tokenizer.path() + " is a " + tokenizer.modelType() +
                               " model: set subword_alpha to 0, or prepare the data with a unigram or BPE "
                               "vocabulary");
    d.train_text = readSplitTextFor(config.model, data_dir, "train");
    if (d.train_text.size() != d.train.size())
      throw std::runtime_error("data folder '" + data_dir + "': train.vi and train.en hold " +
                               std::to_string(d.train_text.size()) + " pairs and their ids " +
                               std::to_string(d.train.size()) + "; run prepare again to rebuild the folder");
  }
  d.dev = loadDevSet(data_dir, tokenizer, config);
  log("data: " + std::to_string(d.train.size()) + " training pairs" + (from_cache ? " (cached ids)" : "") +
      ", " + std::to_string(d.dev.pairs.size()) + " dev pairs" +
      (config.model.reversed ? "; read English to Vietnamese (a model for back-translation)" : ""));
  if (config.evaluate && d.dev.pairs.size() == 0)
    throw std::runtime_error("the data folder '" + data_dir + "' has no dev pairs, so the run cannot be evaluated: " +
                             "prepare it with a dev set, or turn evaluation off (train --no-eval, or \"evaluate\": " +
                             "false in the configuration)");
  if (!config.init_from.empty()) {
    checkFitsPositions(d.train, data_dir, config);
    appendReplay(d.train, config, tokenizer, log);
    if (config.evaluate && !config.original_data.empty()) {
      d.original_dev = loadDevSet(config.original_data, tokenizer, config);
      log("original dev: " + std::to_string(d.original_dev.indices.size()) + " pairs of " + config.original_data +
          " evaluated beside the new ones");
    }
  }

  if (config.guided_alignment > 0) {
    const auto started = std::chrono::steady_clock::now();
    d.words = std::make_shared<const PieceWordSplitter>(tokenizer);
    d.alignments = alignTrainingPairs(d.train, *d.words);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    char line[300];
    std::snprintf(line, sizeof line,
                  "guided alignment: %zu of %zu training pairs word-aligned (%zu links, %.1f s); the first "
                  "cross-attention head of decoder layer %lld learns them, weight %g",
                  d.alignments.linked_pairs, d.train.size(), d.alignments.link_count, seconds,
                  static_cast<long long>(config.model.alignment_layer), config.guided_alignment);
    log(line);
  }

  for (size_t i = 0; i < d.train.size(); ++i) {
    const int64_t cost = data::exampleCost(d.train.srcLength(i), d.train.tgtLength(i));
    if (cost > config.max_tokens || cost > config.model.max_length) continue;
    d.usable.push_back(i);
    d.src_len.push_back(d.train.srcLength(i));
    d.tgt_len.push_back(d.train.tgtLength(i));
  }
  if (d.usable.size() < d.train.size())
    log("skipped " + std::to_string(d.train.size() - d.usable.size()) + " training pairs longer than the batch " +
        "budget or the model's max_length");
  if (d.usable.empty())
    throw std::runtime_error("no training pair fits the batch budget of " + std::to_string(config.max_tokens) +
                             " tokens");
  return d;
}

BatchStream::BatchStream(const TrainingData& data, const TrainingConfig& config, const TrainerState& state,
                         const data::Tokenizer* tokenizer)
    : data_(data), config_(config) {
  if (config.subword_alpha > 0) {
    if (!tokenizer) throw std::logic_error("BatchStream: subword_alpha needs the tokenizer");
    sampler_ = std::make_unique<EpochSampler>(data, *tokenizer, config);
  }
  startEpoch(state.epoch);
}

BatchStream::~BatchStream() = default;

void BatchStream::startEpoch(int64_t epoch) {
  if (!sampler_) {
    batches_ = data::tokenBudgetBatches(data_.src_len, data_.tgt_len, config_.max_tokens, config_.seed,
                                        uint64_t(epoch));
    return;
  }
  sampled_ = sampler_->epoch(epoch);
  std::vector<int64_t> src_len, tgt_len;  // of data.usable, in this epoch's pieces
  src_len.reserve(data_.usable.size());
  tgt_len.reserve(data_.usable.size());
  for (size_t i : data_.usable) {
    src_len.push_back(sampled_.srcLength(i));
    tgt_len.push_back(sampled_.tgtLength(i));
  }
  batches_ = data::tokenBudgetBatches(src_len, tgt_len, config_.max_tokens, config_.seed, uint64_t(epoch));
}

const data::EncodedSplit& BatchStream::split() const { return sampler_ ? sampled_ : data_.train; }

std::vector<size_t> BatchStream::next(TrainerState& state) {
  if (state.batch_index >= int64_t(batches_.size())) {
    ++state.epoch;
    state.batch_index = 0;
    if (config_.max_epochs > 0 && state.epoch >= config_.max_epochs) return {};
    startEpoch(state.epoch);
  }
  std::vector<size_t> rows;
  for (size_t i : batches_[size_t(state.batch_index)]) rows.push_back(data_.usable[i]);
  ++state.batch_index;
  return rows;
}

int64_t targetTokens(const data::EncodedSplit& split, const std::vector<size_t>& rows) {
  int64_t tokens = 0;
  for (size_t i : rows) tokens += split.tgtLength(i) + 1;
  return tokens;
}

}  // namespace studio::model
