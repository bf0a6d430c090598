#include "model/explaining/LogitLens.h"

#include "model/decoding/AttentionCapture.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace studio::model {

DecoderLens decoderLens(Transformer& model, const std::vector<torch::Tensor>& block_outputs,
                        const std::vector<int64_t>& next_ids, const data::Tokenizer& tokenizer, int64_t top,
                        const TunedLens* tuned) {
  const auto& o = model->options();
  if (block_outputs.size() != size_t(3 * o.decoder_layers))
    throw std::invalid_argument("the lens needs 3 block outputs a decoder layer (" +
                                std::to_string(3 * o.decoder_layers) + "), got " +
                                std::to_string(block_outputs.size()));
  if (top < 1) throw std::invalid_argument("the lens keeps at least one piece a stage (top >= 1)");
  torch::NoGradGuard no_grad;
  auto states = torch::cat(block_outputs, /*dim=*/0);  // [R, T, D]
  if (tuned) states = tuned->apply(states.to(torch::kFloat));
  const int64_t R = states.size(0), T = states.size(1);
  if (int64_t(next_ids.size()) != T)
    throw std::invalid_argument("the lens needs one next piece a position (" + std::to_string(T) + "), got " +
                                std::to_string(next_ids.size()));
  const int64_t V = o.vocab_size;
  for (int64_t id : next_ids)
    if (id < 0 || id >= V)
      throw std::invalid_argument("next piece id " + std::to_string(id) + " is outside the vocabulary");
  const int64_t K = std::min(top, V);

  // A stage at a time: one product over all R * T rows would round a row by where it falls in the BLAS
  // kernel's blocks (OpenBLAS on AVX-512 does), so equal states at two stages could read differently.
  std::vector<torch::Tensor> stage_probs;
  stage_probs.reserve(size_t(R));
  for (int64_t r = 0; r < R; ++r)
    stage_probs.push_back(torch::softmax(
        model->project(model->decoder()->finalNorm(states[r])).to(torch::kFloat), /*dim=*/-1));  // [T, V]
  auto probs = torch::stack(stage_probs, /*dim=*/0).to(torch::kCPU).contiguous();  // [R, T, V]
  auto [values, indices] = probs.topk(K, /*dim=*/-1);
  auto next = torch::tensor(next_ids, torch::kLong).view({1, T, 1}).expand({R, T, 1});
  auto next_probability = probs.gather(/*dim=*/-1, next);  // [R, T, 1]
  // Ties count in the piece's favour: rank = pieces strictly likelier + 1.
  auto rank = (probs > next_probability).sum(/*dim=*/-1) + 1;

  DecoderLens lens;
  lens.stages = R;
  lens.positions = T;
  lens.top = K;
  lens.tuned = tuned != nullptr;
  values = values.contiguous();
  indices = indices.to(torch::kLong).contiguous();
  const float* v = values.data_ptr<float>();
  const int64_t* ix = indices.data_ptr<int64_t>();
  lens.top_probabilities.assign(v, v + values.numel());
  lens.top_pieces.reserve(size_t(indices.numel()));
  for (int64_t i = 0; i < indices.numel(); ++i) lens.top_pieces.push_back(tokenizer.piece(int(ix[i])));
  auto p = next_probability.reshape({R * T}).contiguous();
  lens.next_probability.assign(p.data_ptr<float>(), p.data_ptr<float>() + p.numel());
  auto r = rank.to(torch::kLong).reshape({R * T}).contiguous();
  lens.next_rank.assign(r.data_ptr<int64_t>(), r.data_ptr<int64_t>() + r.numel());
  for (int64_t id : next_ids) lens.next_pieces.push_back(tokenizer.piece(int(id)));
  return lens;
}

LensSummary summarizeLenses(const std::vector<DecoderLens>& lenses) {
  LensSummary summary;
  if (lenses.empty()) return summary;
  const int64_t R = lenses.front().stages;
  summary.stages = R;
  summary.sentences = int64_t(lenses.size());
  summary.top1_share.assign(size_t(R), 0.0);
  summary.mean_probability.assign(size_t(R), 0.0);
  auto ranks = std::vector<std::vector<int64_t>>(static_cast<size_t>(R));
  for (const auto& lens : lenses) {
    if (lens.stages != R)
      throw std::invalid_argument("the lenses have " + std::to_string(R) + " and " +
                                  std::to_string(lens.stages) + " blocks: they come from different models");
    summary.steps += lens.positions;
    for (int64_t r = 0; r < R; ++r)
      for (int64_t t = 0; t < lens.positions; ++t) {
        const auto i = size_t(r * lens.positions + t);
        summary.top1_share[size_t(r)] += lens.next_rank[i] == 1;
        summary.mean_probability[size_t(r)] += lens.next_probability[i];
        ranks[size_t(r)].push_back(lens.next_rank[i]);
      }
  }
  summary.median_rank.assign(size_t(R), 0.0);
  for (int64_t r = 0; r < R && summary.steps > 0; ++r) {
    summary.top1_share[size_t(r)] /= double(summary.steps);
    summary.mean_probability[size_t(r)] /= double(summary.steps);
    auto& v = ranks[size_t(r)];
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    summary.median_rank[size_t(r)] = n % 2 ? double(v[n / 2]) : (double(v[n / 2 - 1]) + double(v[n / 2])) / 2;
  }
  return summary;
}

std::vector<LensAtStep> lensOverTraining(const std::vector<std::pair<int64_t, const DecoderLens*>>& lenses) {
  std::map<int64_t, std::vector<DecoderLens>> by_step;
  for (const auto& [step, lens] : lenses)
    if (lens && !lens->empty()) by_step[step].push_back(*lens);
  std::vector<LensAtStep> out;
  for (const auto& [step, at_step] : by_step) out.push_back({step, summarizeLenses(at_step)});
  return out;
}

LensSummary lensOverSentences(const Translator& translator, const std::vector<std::string>& sentences,
                              const DecodingOptions& options, const std::function<bool()>& stop,
                              std::shared_ptr<const TunedLens> tuned) {
  auto decoding = options;
  decoding.nbest = 1;
  CaptureOptions capture;
  capture.source_reliance = false;
  capture.lens_top = 1;
  capture.tuned_lens = std::move(tuned);
  std::vector<DecoderLens> lenses;
  // In batches, so that a stop is heard within one.
  const size_t batch = 32;
  for (size_t begin = 0; begin < sentences.size(); begin += batch) {
    if (stop && stop()) break;
    const std::vector<std::string> part(sentences.begin() + long(begin),
                                        sentences.begin() + long(std::min(sentences.size(), begin + batch)));
    const auto translations = translator.translate(part, decoding);
    for (size_t i = 0; i < part.size(); ++i) {
      const auto& best = translations.at(i).empty() ? Translation{} : translations[i][0];
      lenses.push_back(captureAttention(translator, part[i], best, capture).lens);
    }
  }
  return summarizeLenses(lenses);
}

}  // namespace studio::model
