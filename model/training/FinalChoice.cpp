#include "model/training/FinalChoice.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "model/files/AtomicFile.h"
#include "model/files/ModelFile.h"
#include "model/training/Evaluation.h"

namespace studio::model {

bool finalChoiceNeeded(int64_t best_step, int64_t last_step, size_t evaluated, size_t whole,
                       bool last_step_evaluated) {
  if (best_step == last_step) return false;
  return !(last_step_evaluated && evaluated >= whole);
}

FinalChoice chooseFinalBest(Transformer& last, const std::string& last_checkpoint, int64_t last_step,
                            int64_t best_step, const std::string& run_dir, const DevSet& whole_dev,
                            std::shared_ptr<const data::Tokenizer> tokenizer, const TrainingConfig& config,
                            const torch::Device& device) {
  const auto started = std::chrono::steady_clock::now();
  const std::string best_path = run_dir + "/best.pt";
  FinalChoice choice;
  choice.sentences = int64_t(whole_dev.indices.size());
  choice.best_step = best_step;
  choice.last_step = last_step;
  const auto last_scores = scoreTranslations(last, whole_dev, tokenizer, config, device);
  choice.last_bleu = last_scores.bleu;
  choice.last_chrf = last_scores.chrf;
  {
    auto best = loadModel(best_path, device);
    const auto best_scores = scoreTranslations(best, whole_dev, tokenizer, config, device);
    choice.best_bleu = best_scores.bleu;
    choice.best_chrf = best_scores.chrf;
  }
  choice.last_chosen = choice.last_bleu > choice.best_bleu;
  if (choice.last_chosen) copyFileAtomically(last_checkpoint, best_path);
  choice.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return choice;
}

FinalChooser::FinalChooser(std::string data_dir, std::string run_dir, const TrainingConfig& config,
                           const DevSet& evaluated, std::shared_ptr<const data::Tokenizer> tokenizer)
    : data_dir_(std::move(data_dir)),
      run_dir_(std::move(run_dir)),
      config_(config),
      evaluated_(evaluated),
      tokenizer_(std::move(tokenizer)) {}

const DevSet& FinalChooser::whole() {
  if (config_.eval_sentences == 0) return evaluated_;
  if (!whole_) {
    auto all = config_;
    all.eval_sentences = 0;
    whole_ = loadDevSet(data_dir_, *tokenizer_, all);
  }
  return *whole_;
}

double FinalChooser::estimate(double seconds) {
  if (evaluated_.empty()) return 0;
  estimate_ = 2.0 * seconds * double(whole().indices.size()) / double(evaluated_.indices.size());
  return estimate_;
}

std::optional<FinalChoice> FinalChooser::choose(Transformer& last, const std::string& last_checkpoint,
                                                const TrainerState& state, bool last_step_evaluated,
                                                const torch::Device& device,
                                                const std::function<void(const std::string&)>& log) {
  const DevSet& all = whole();
  if (!finalChoiceNeeded(state.best_step, state.step, evaluated_.indices.size(), all.indices.size(),
                         last_step_evaluated))
    return std::nullopt;
  log("choosing best.pt: it (step " + std::to_string(state.best_step) + ") and the last checkpoint (step " +
      std::to_string(state.step) + ") translate all " + std::to_string(all.indices.size()) + " dev pairs" +
      (estimate_ > 0 ? " (about " + std::to_string(int64_t(std::ceil(estimate_))) + " s)" : ""));
  const auto choice = chooseFinalBest(last, last_checkpoint, state.step, state.best_step, run_dir_, all,
                                      tokenizer_, config_, device);
  log(describeFinalChoice(choice));
  return choice;
}

nlohmann::json finalChoiceRecord(const FinalChoice& choice) {
  return {
      {"type", "final_choice"},        {"step", choice.last_step},      {"sentences", choice.sentences},
      {"best_step", choice.best_step}, {"best_bleu", choice.best_bleu}, {"best_chrf", choice.best_chrf},
      {"last_bleu", choice.last_bleu}, {"last_chrf", choice.last_chrf}, {"chosen_step", choice.chosenStep()},
      {"seconds", choice.seconds}};
}

std::string describeFinalChoice(const FinalChoice& choice) {
  char line[300];
  if (choice.last_chosen)
    std::snprintf(
        line, sizeof line,
        "best.pt: now the last checkpoint (step %lld), BLEU %.2f on all %lld dev pairs against %.2f for "
        "step %lld, the best of the evaluations (%.1f s)",
        static_cast<long long>(choice.last_step), choice.last_bleu, static_cast<long long>(choice.sentences),
        choice.best_bleu, static_cast<long long>(choice.best_step), choice.seconds);
  else
    std::snprintf(
        line, sizeof line,
        "best.pt: stays step %lld, the best of the evaluations, BLEU %.2f on all %lld dev pairs against "
        "%.2f for the last checkpoint (step %lld) (%.1f s)",
        static_cast<long long>(choice.best_step), choice.best_bleu, static_cast<long long>(choice.sentences),
        choice.last_bleu, static_cast<long long>(choice.last_step), choice.seconds);
  return line;
}

}  // namespace studio::model
