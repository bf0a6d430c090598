#include "model/decoding/StepDecoder.h"

#include "model/inference/FastEncoder.h"

namespace studio::model {

StepDecoder::StepDecoder(Transformer& model, const torch::Tensor& src, int64_t rows_per_sentence,
                         const DecodingOptions& options)
    : model_(model), use_cache_(options.use_cache) {
  const int64_t rows = src.size(0) * rows_per_sentence;
  for (int64_t r = 0; r < rows; ++r) sentence_.push_back(r / rows_per_sentence);
  if (options.use_cache && options.engine == DecodingOptions::Engine::Auto && !options.bf16 &&
      inference::FastDecoder::supports(*model)) {
    engine_.emplace(model, options.head_mask);
    engine_->start(inference::encode(model, src, options.head_mask), src, rows_per_sentence);
    return;
  }
  memory_ = model->encode(src).repeat_interleave(rows_per_sentence, /*dim=*/0);  // [rows, S, D]
  src_rows_ = src.repeat_interleave(rows_per_sentence, /*dim=*/0);                // [rows, S]
  prefix_ = torch::empty({rows, 0}, src.options());
}

torch::Tensor StepDecoder::logProbabilities(const std::vector<int64_t>& tokens) {
  if (engine_) return engine_->step(tokens);
  const auto device = src_rows_.device();
  auto next = torch::tensor(tokens, torch::kLong).to(device);
  torch::Tensor hidden;
  if (use_cache_) {
    hidden = model_->decodeStep(next, memory_, src_rows_, cache_);  // [rows, D]
  } else {
    prefix_ = torch::cat({prefix_, next.unsqueeze(1)}, /*dim=*/1);
    hidden = model_->decode(prefix_, memory_, src_rows_).select(/*dim=*/1, -1);  // [rows, D]
  }
  return model_->project(hidden).to(torch::kFloat).log_softmax(/*dim=*/-1).to(torch::kCPU).contiguous();
}

void StepDecoder::reorder(const std::vector<int64_t>& origin, const std::vector<int64_t>& sentence) {
  bool identity = origin.size() == sentence_.size();
  for (size_t i = 0; identity && i < origin.size(); ++i) identity = origin[i] == int64_t(i);
  if (identity) return;
  if (engine_) {
    engine_->reorder(origin, sentence);
    sentence_ = sentence;
    return;
  }
  // A row's memory is its sentence's, as is origin's: the cross-attention
  // cache follows `origin` only when the rows' sentences change.
  const bool same_sentences = sentence == sentence_;
  auto index = torch::tensor(origin, torch::kLong).to(src_rows_.device());
  if (!same_sentences) {
    memory_ = memory_.index_select(0, index);
    src_rows_ = src_rows_.index_select(0, index);
  }
  if (use_cache_) cache_.reorder(index, same_sentences ? torch::Tensor() : index);
  else prefix_ = prefix_.index_select(0, index);
  sentence_ = sentence;
}

}  // namespace studio::model
