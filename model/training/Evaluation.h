#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/Transformer.h"
#include "model/data/Tokenizer.h"
#include "model/training/Trainer.h"
#include "model/training/TrainingData.h"

namespace studio::model {

// The dev evaluation of a run: loss, perplexity and token accuracy
// (teacher-forced, label-smoothed as in training) and BLEU and chrF of beam search
// (config.eval_beam) on dev.indices, with the first eval_samples
// translations. Leaves the model in eval mode.
EvalEvent evaluateOnDev(Transformer& model, const DevSet& dev, std::shared_ptr<const data::Tokenizer> tokenizer,
                        const TrainingConfig& config, const torch::Device& device);

// What translating dev.indices scores: BLEU and chrF (pairs with a reference),
// each corpus's BLEU apart, and the translations in dev.indices' order.
struct DevScores {
  double bleu = 0, chrf = 0;
  std::string bleu_line, chrf_line;
  std::vector<std::pair<std::string, double>> bleu_by_corpus;
  std::vector<std::string> hypotheses;
};

// The translating half of evaluateOnDev (no teacher-forced loss).
DevScores scoreTranslations(Transformer& model, const DevSet& dev,
                            std::shared_ptr<const data::Tokenizer> tokenizer, const TrainingConfig& config,
                            const torch::Device& device);

}  // namespace studio::model
