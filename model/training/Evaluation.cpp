#include "model/training/Evaluation.h"

#include <chrono>
#include <cmath>

#include "model/data/Batching.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/training/Loss.h"
#include "model/training/Seconds.h"

namespace studio::model {

EvalEvent evaluateOnDev(Transformer& model, const DevSet& dev, std::shared_ptr<const data::Tokenizer> tokenizer,
                        const TrainingConfig& config, const torch::Device& device) {
  EvalEvent event;
  torch::NoGradGuard no_grad;
  model->eval();
  double loss_sum = 0, nll_sum = 0;
  int64_t tokens = 0, correct = 0;
  for (const auto& batch : data::tokenBudgetBatches(dev.src_len, dev.tgt_len, config.max_tokens, 1)) {
    std::vector<size_t> rows;
    for (size_t i : batch) rows.push_back(dev.indices[i]);
    auto t = data::makeBatchTensors(dev.pairs, rows, config.model.pad_id, config.model.bos_id, config.model.eos_id);
    auto out = modelLoss(model, t.src.to(device), t.target_in.to(device), t.target_out.to(device),
                         config.model.pad_id, config.label_smoothing);
    loss_sum += out.loss.item<double>() * double(out.tokens);
    nll_sum += out.nll_sum.item<double>();
    tokens += out.tokens;
    correct += out.correct;
  }
  event.loss = tokens ? loss_sum / double(tokens) : 0.0;
  event.perplexity = tokens ? std::exp(nll_sum / double(tokens)) : 0.0;
  event.token_accuracy = tokens ? double(correct) / double(tokens) : 0.0;

  const auto translate_started = std::chrono::steady_clock::now();
  const auto scores = scoreTranslations(model, dev, std::move(tokenizer), config, device);
  event.translate_seconds = secondsSince(translate_started);
  event.bleu = scores.bleu;
  event.bleu_line = scores.bleu_line;
  event.chrf = scores.chrf;
  event.chrf_line = scores.chrf_line;
  event.bleu_by_corpus = scores.bleu_by_corpus;
  event.sentences = int64_t(dev.indices.size());
  for (size_t k = 0; k < dev.indices.size() && int64_t(k) < config.eval_samples; ++k) {
    const size_t i = dev.indices[k];
    event.samples.push_back({dev.sources[i], dev.references[i], scores.hypotheses[k]});
  }
  return event;
}

DevScores scoreTranslations(Transformer& model, const DevSet& dev,
                            std::shared_ptr<const data::Tokenizer> tokenizer, const TrainingConfig& config,
                            const torch::Device& device) {
  DevScores scores;
  torch::NoGradGuard no_grad;
  model->eval();
  std::vector<std::string> sources, references;
  for (size_t i : dev.indices) {
    sources.push_back(dev.sources[i]);
    references.push_back(dev.references[i]);
  }
  if (sources.empty()) return scores;
  Translator translator(model, std::move(tokenizer), device);
  DecodingOptions decoding;
  decoding.beam_size = config.eval_beam;
  const auto translations = translator.translate(sources, decoding, config.max_tokens);
  auto& hypotheses = scores.hypotheses;
  for (const auto& list : translations) hypotheses.push_back(list.empty() ? "" : list[0].text);
  std::vector<std::string> scored_hyps, scored_refs;
  for (size_t i = 0; i < references.size(); ++i) {
    if (references[i].empty()) continue;
    scored_hyps.push_back(hypotheses[i]);
    scored_refs.push_back(references[i]);
  }
  for (const auto& slice : dev.corpora) {
    std::vector<std::string> hyps, refs;
    for (size_t k = 0; k < dev.indices.size(); ++k) {
      const size_t i = dev.indices[k];
      if (i < slice.first || i >= slice.first + slice.count || references[k].empty()) continue;
      hyps.push_back(hypotheses[k]);
      refs.push_back(references[k]);
    }
    if (!hyps.empty()) scores.bleu_by_corpus.push_back({slice.corpus, corpusBleu(hyps, refs).score});
  }
  const auto bleu = corpusBleu(scored_hyps, scored_refs);
  scores.bleu = bleu.score;
  scores.bleu_line = bleu.line();
  const auto chrf = corpusChrf(scored_hyps, scored_refs);
  scores.chrf = chrf.score;
  scores.chrf_line = chrf.line();
  return scores;
}

}  // namespace studio::model
