#include "model/decoding/PairScoring.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace studio::model {

std::vector<PairBatch> pairBatches(const std::vector<std::vector<int64_t>>& sources,
                                   const std::vector<std::vector<int64_t>>& targets,
                                   const TransformerOptions& o, int64_t max_tokens) {
  std::vector<size_t> order(sources.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return sources[a].size() + targets[a].size() < sources[b].size() + targets[b].size();
  });
  std::vector<PairBatch> batches;
  size_t start = 0;
  while (start < order.size()) {
    // The decoder reads the start and the pieces, and predicts the pieces and the end.
    size_t end = start;
    int64_t longest_source = 0, longest_target = 0;
    while (end < order.size()) {
      const auto s = int64_t(sources[order[end]].size()), t = int64_t(targets[order[end]].size()) + 1;
      const int64_t rows = int64_t(end - start + 1);
      if (end > start && rows * (std::max(longest_source, s) + std::max(longest_target, t)) > max_tokens)
        break;
      longest_source = std::max(longest_source, s);
      longest_target = std::max(longest_target, t);
      ++end;
    }
    PairBatch batch;
    batch.pairs.assign(order.begin() + long(start), order.begin() + long(end));
    const auto B = int64_t(end - start);
    batch.src = torch::full({B, longest_source}, o.pad_id, torch::kLong);
    batch.target_in = torch::full({B, longest_target}, o.pad_id, torch::kLong);
    batch.target_out = torch::full({B, longest_target}, o.pad_id, torch::kLong);
    auto s_acc = batch.src.accessor<int64_t, 2>();
    auto in_acc = batch.target_in.accessor<int64_t, 2>(), out_acc = batch.target_out.accessor<int64_t, 2>();
    for (int64_t b = 0; b < B; ++b) {
      const auto& s = sources[batch.pairs[size_t(b)]];
      const auto& t = targets[batch.pairs[size_t(b)]];
      for (size_t k = 0; k < s.size(); ++k) s_acc[b][int64_t(k)] = s[k];
      in_acc[b][0] = o.bos_id;
      for (size_t k = 0; k < t.size(); ++k) {
        in_acc[b][int64_t(k) + 1] = t[k];
        out_acc[b][int64_t(k)] = t[k];
      }
      out_acc[b][int64_t(t.size())] = o.eos_id;
    }
    batches.push_back(std::move(batch));
    start = end;
  }
  return batches;
}

std::vector<std::vector<float>> scoreIds(const std::vector<Transformer>& models,
                                         const std::vector<std::vector<int64_t>>& sources,
                                         const std::vector<std::vector<int64_t>>& targets,
                                         const torch::Device& device, int64_t max_tokens,
                                         const std::function<void(size_t, size_t)>& progress,
                                         const std::vector<double>& weights) {
  if (models.empty()) throw std::invalid_argument("scoreIds: no model");
  if (sources.size() != targets.size())
    throw std::invalid_argument(std::to_string(sources.size()) + " sources but " +
                                std::to_string(targets.size()) + " translations to score");
  const auto& o = models.front()->options();
  std::vector<std::vector<float>> out(sources.size());
  torch::NoGradGuard no_grad;
  size_t done = 0;
  for (auto& batch : pairBatches(sources, targets, o, max_tokens)) {
    const auto B = int64_t(batch.pairs.size());
    const auto src = batch.src.to(device), target_in = batch.target_in.to(device);
    const auto index = batch.target_out.to(device).unsqueeze(2);
    // Each model's log-probability of every given piece [B, T]; an ensemble's mean of probabilities.
    std::vector<torch::Tensor> each;
    for (auto m : models) {
      auto hidden = m->decode(target_in, m->encode(src), src);
      each.push_back(m->project(hidden).to(torch::kFloat).log_softmax(-1).gather(2, index).squeeze(2));
    }
    const auto log_p = meanOfProbabilities(each, weights).to(torch::kCPU).contiguous();
    const auto acc = log_p.accessor<float, 2>();
    for (int64_t b = 0; b < B; ++b) {
      const size_t i = batch.pairs[size_t(b)];
      for (size_t k = 0; k <= targets[i].size(); ++k) out[i].push_back(acc[b][int64_t(k)]);
    }
    done += batch.pairs.size();
    if (progress) progress(done, sources.size());
  }
  return out;
}

std::vector<PairScore> scorePairs(const Translator& translator, const std::vector<std::string>& sources,
                                  const std::vector<std::string>& translations, int64_t max_tokens,
                                  const std::function<void(size_t, size_t)>& progress) {
  if (sources.size() != translations.size())
    throw std::invalid_argument(std::to_string(sources.size()) + " sources but " +
                                std::to_string(translations.size()) + " translations to score");
  std::vector<Transformer> models{translator.modelHandle()};
  models.insert(models.end(), translator.ensemble().begin(), translator.ensemble().end());
  const auto& o = models.front()->options();
  const int64_t positions = translator.maxLength();
  const auto& tokenizer = translator.tokenizer();
  std::vector<PairScore> out(sources.size());
  std::vector<std::vector<int64_t>> source_ids, target_ids;
  std::vector<size_t> fitting;  // the pairs the models hold, in order
  for (size_t i = 0; i < sources.size(); ++i) {
    const auto s = tokenizer.encode(sources[i]), t = tokenizer.encode(translations[i]);
    // The source with its end, the decoder's start and the pieces: one position each.
    if (int64_t(s.size()) + 1 > positions) {
      out[i].why = "the source has " + std::to_string(s.size()) + " pieces; the model reads at most " +
                   std::to_string(positions - 1);
      continue;
    }
    if (int64_t(t.size()) + 1 > positions) {
      out[i].why = "the translation has " + std::to_string(t.size()) + " pieces; the model writes at most " +
                   std::to_string(positions - 1);
      continue;
    }
    source_ids.emplace_back(s.begin(), s.end());
    source_ids.back().push_back(o.eos_id);
    target_ids.emplace_back(t.begin(), t.end());
    fitting.push_back(i);
  }
  const size_t left_out = sources.size() - fitting.size();
  const auto scored = scoreIds(models, source_ids, target_ids, translator.device(), max_tokens,
                               progress ? std::function<void(size_t, size_t)>([&](size_t done, size_t) {
                                 progress(left_out + done, sources.size());
                               })
                                        : nullptr,
                               translator.ensembleWeights());
  for (size_t f = 0; f < fitting.size(); ++f) {
    auto& score = out[fitting[f]];
    score.scored = true;
    score.ids = target_ids[f];
    for (const auto id : target_ids[f]) score.pieces.push_back(tokenizer.piece(int(id)));
    for (const float lp : scored[f]) {
      score.probabilities.push_back(std::exp(lp));
      score.log_probability += double(lp);
    }
  }
  return out;
}

std::vector<MinimalPairOutcome> scoreMinimalPairs(const Translator& translator,
                                                  const std::vector<MinimalPair>& pairs, int64_t max_tokens,
                                                  const std::function<void(size_t, size_t)>& progress) {
  std::vector<std::string> sources, translations;
  for (const auto& p : pairs) {
    sources.push_back(p.source);
    translations.push_back(p.right);
  }
  for (const auto& p : pairs) {
    sources.push_back(p.source);
    translations.push_back(p.wrong);
  }
  const auto scores = scorePairs(translator, sources, translations, max_tokens, progress);
  std::vector<MinimalPairOutcome> outcomes(pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto &right = scores[i], &wrong = scores[pairs.size() + i];
    auto& outcome = outcomes[i];
    outcome.scored = right.scored && wrong.scored;
    if (!outcome.scored) {
      outcome.why = right.scored ? "the wrong side: " + wrong.why : right.why;
      continue;
    }
    outcome.right = right.log_probability;
    outcome.wrong = wrong.log_probability;
  }
  return outcomes;
}

Translation givenTranslation(const Translator& translator, const std::string& sentence,
                             const std::string& text, double alpha) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw std::invalid_argument("the translation to read is empty");
  auto scored = scorePairs(translator, {sentence}, {text}).at(0);
  if (!scored.scored) throw std::invalid_argument(scored.why);
  Translation out;
  out.text = text;
  out.pieces = std::move(scored.pieces);
  out.ids = std::move(scored.ids);
  out.probabilities = std::move(scored.probabilities);
  out.log_probability = scored.log_probability;
  out.score = out.log_probability / lengthPenalty(alpha, out.ids.size() + 1);
  out.finished = true;
  return out;
}

}  // namespace studio::model
