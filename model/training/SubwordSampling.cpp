#include "model/training/SubwordSampling.h"

#include <algorithm>

#include "model/data/Batching.h"
#include "model/training/TrainingData.h"

namespace studio::model {

EpochSampler::EpochSampler(const TrainingData& data, const data::Tokenizer& tokenizer, const TrainingConfig& config)
    : data_(data),
      tokenizer_(tokenizer),
      alpha_(config.subword_alpha),
      seed_(config.seed),
      max_cost_(std::min(config.max_tokens, config.model.max_length)) {}

EpochSampler::~EpochSampler() {
  stopping_.store(true);
  if (next_.valid()) {
    try {
      next_.get();
    } catch (...) {  // stopped, or failed: nobody asks for it now
    }
  }
}

data::EncodedSplit EpochSampler::draw(int64_t epoch, int threads) const {
  const uint64_t seed = seed_ * 0x9E3779B97F4A7C15ULL + uint64_t(epoch) + 1;
  const auto sampled =
      data::sampleParallel(tokenizer_, data_.train_text, alpha_, seed, threads, [this] { return stopping_.load(); });
  data::EncodedSplit out;
  out.src_ids.reserve(data_.train.src_ids.size() + data_.train.src_ids.size() / 4);
  out.tgt_ids.reserve(data_.train.tgt_ids.size() + data_.train.tgt_ids.size() / 4);
  out.src_offsets.reserve(data_.train.size() + 1);
  out.tgt_offsets.reserve(data_.train.size() + 1);
  auto copy = [&out](const data::EncodedSplit& from, size_t i) {
    out.src_ids.insert(out.src_ids.end(), from.src(i), from.src(i) + from.srcLength(i));
    out.tgt_ids.insert(out.tgt_ids.end(), from.tgt(i), from.tgt(i) + from.tgtLength(i));
    out.src_offsets.push_back(out.src_ids.size());
    out.tgt_offsets.push_back(out.tgt_ids.size());
  };
  for (size_t i = 0; i < data_.train.size(); ++i) {
    const bool drawn = i < sampled.size() &&
                       data::exampleCost(sampled.srcLength(i), sampled.tgtLength(i)) <= max_cost_;
    copy(drawn ? sampled : data_.train, i);
  }
  return out;
}

data::EncodedSplit EpochSampler::epoch(int64_t epoch) {
  // The first epoch of a stream is drawn now on every thread; the others were drawn ahead.
  data::EncodedSplit out = next_.valid() && next_epoch_ == epoch ? next_.get() : draw(epoch, /*threads=*/0);
  next_epoch_ = epoch + 1;
  next_ = std::async(std::launch::async, [this, e = next_epoch_] { return draw(e, 1); });
  return out;
}

}  // namespace studio::model
