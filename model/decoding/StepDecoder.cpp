#include "model/decoding/StepDecoder.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "model/decoding/Shortlist.h"
#include "model/inference/FastEncoder.h"

namespace studio::model {

StepDecoder::StepDecoder(Transformer& model, const torch::Tensor& src, int64_t rows_per_sentence,
                         const DecodingOptions& options, int64_t expected_steps,
                         const std::vector<int64_t>& required_outputs)
    : model_(model), use_cache_(options.use_cache), rows_per_sentence_(rows_per_sentence) {
  if (!options.ensemble.empty()) {
    checkEnsemble(model, options.ensemble);
    DecodingOptions alone = options;
    alone.ensemble.clear();
    alone.ensemble_weights.clear();
    weights_ = options.ensemble_weights;
    for (auto member : options.ensemble)
      members_.push_back(std::make_unique<StepDecoder>(member, src, rows_per_sentence, alone, expected_steps,
                                                       required_outputs));
  }
  // Until the first reorder only row 0 of each sentence is computed.
  const int64_t sentences = src.size(0);
  for (int64_t b = 0; b < sentences; ++b) sentence_.push_back(b);
  if (options.shortlist) {
    const auto& o = model->options();
    options.shortlist->checkFits(o.vocab_size, "", "the decoding's shortlist");
    auto ids = src.to(torch::kCPU, torch::kLong).contiguous();
    std::vector<int64_t> source;
    const int64_t* p = ids.data_ptr<int64_t>();
    for (int64_t i = 0; i < ids.numel(); ++i)
      if (p[i] != o.pad_id) source.push_back(p[i]);
    auto always = required_outputs;
    always.push_back(o.eos_id);
    always.push_back(o.unk_id);
    always.insert(always.end(), options.prefix.begin(), options.prefix.end());
    output_pieces_ = options.shortlist->candidates(source, always);
  }
  const bool engine_runs = inference::FastDecoder::supports(*model);
  if (options.int8)
    if (const auto why = inference::int8Unsupported(); !why.empty()) throw std::runtime_error(why);
  if (options.int8 && !engine_runs)
    throw std::invalid_argument(
        "int8 decoding runs on the CPU inference engine, for a float32 model in evaluation mode on the CPU; this "
        "model is " + std::string(model->embeddingWeight().device().is_cpu() ? "" : "not ") + "on the CPU, " +
        std::string(torch::toString(model->embeddingWeight().scalar_type())) +
        (model->is_training() ? ", in training mode" : ""));
  if (options.use_cache && options.engine == DecodingOptions::Engine::Auto && engine_runs) {
    const auto precision = options.int8   ? inference::WeightPrecision::Int8
                           : options.bf16 ? inference::WeightPrecision::BFloat16
                                          : inference::WeightPrecision::Float32;
    engine_.emplace(model, options.head_mask, precision);
    engine_->start(inference::encode(model, src, options.head_mask, precision), src, 1, rows_per_sentence,
                   expected_steps);
    engine_->restrictOutput(output_pieces_);
    return;
  }
  if (!output_pieces_.empty())
    output_index_ = torch::tensor(output_pieces_, torch::kLong).to(model->embeddingWeight().device());
  memory_ = model->encode(src);  // [rows, S, D]
  src_rows_ = src;               // [rows, S]
  prefix_ = torch::empty({sentences, 0}, src.options());
}

bool StepDecoder::usesEngine() const {
  return engine_.has_value() &&
         std::all_of(members_.begin(), members_.end(), [](const auto& m) { return m->usesEngine(); });
}

torch::Tensor StepDecoder::logProbabilities(const std::vector<int64_t>& tokens) {
  auto own = modelLogProbabilities(tokens);
  if (members_.empty()) return own;
  // log(mean of the probabilities), -inf where every model has -inf.
  std::vector<torch::Tensor> each{own};
  for (auto& member : members_) each.push_back(member->logProbabilities(tokens));
  mean_ = meanOfProbabilities(each, weights_).contiguous();
  return mean_;
}

torch::Tensor StepDecoder::modelLogProbabilities(const std::vector<int64_t>& tokens) {
  if (first_step_) {
    // One row a sentence computed; the others (dead at the start) read -inf.
    const auto sentences = int64_t(sentence_.size()), K = rows_per_sentence_;
    std::vector<int64_t> first_tokens;
    for (int64_t b = 0; b < sentences; ++b) first_tokens.push_back(tokens.at(size_t(b * K)));
    first_step_ = false;
    auto logp = computeLogProbabilities(first_tokens);  // [B, V]
    if (K == 1) return logp;
    auto all = torch::full({sentences * K, logp.size(1)}, -std::numeric_limits<float>::infinity());
    all.view({sentences, K, -1}).select(/*dim=*/1, 0).copy_(logp);
    return all;
  }
  return computeLogProbabilities(tokens);
}

torch::Tensor StepDecoder::computeLogProbabilities(const std::vector<int64_t>& tokens) {
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
  auto logits = model_->project(hidden).to(torch::kFloat);
  if (!output_index_.defined()) return logits.log_softmax(/*dim=*/-1).to(torch::kCPU).contiguous();
  // The shortlist: a softmax over its pieces, -inf for the others.
  auto listed = logits.index_select(/*dim=*/1, output_index_).log_softmax(/*dim=*/-1);
  auto all = torch::full_like(logits, -std::numeric_limits<float>::infinity());
  all.index_copy_(/*dim=*/1, output_index_, listed);
  return all.to(torch::kCPU).contiguous();
}

void StepDecoder::reorder(const std::vector<int64_t>& origin_slots, const std::vector<int64_t>& sentence) {
  for (auto& member : members_) member->reorder(origin_slots, sentence);
  auto origin = origin_slots;
  if (!expanded_) {
    // The first step's rows were one a sentence: slot b * K was row b.
    for (auto& o : origin) {
      if (o % rows_per_sentence_ != 0)
        throw std::logic_error("StepDecoder::reorder: row " + std::to_string(o) + " was not alive at the start");
      o /= rows_per_sentence_;
    }
    expanded_ = true;
  }
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
