#include "model/training/DevOutcome.h"

#include <nlohmann/json.hpp>

namespace studio::model {

DevOutcome judgeEvaluation(TrainerState& state, const TrainingConfig& config, double bleu) {
  DevOutcome outcome;
  outcome.improved = bleu > state.best_bleu;
  if (outcome.improved) {
    state.best_bleu = bleu;
    state.best_step = state.step;
    state.evals_without_improvement = 0;
    state.plateau_bad_evals = 0;
  } else {
    ++state.evals_without_improvement;
    if (config.schedule == ScheduleKind::Plateau && ++state.plateau_bad_evals >= config.plateau_patience) {
      state.plateau_scale *= config.plateau_factor;
      state.plateau_bad_evals = 0;
      outcome.learning_rate_cut = true;
    }
  }
  outcome.stop =
      config.early_stopping_patience > 0 && state.evals_without_improvement >= config.early_stopping_patience;
  return outcome;
}

std::string describeOutcome(const TrainerState& state, bool stop) {
  return nlohmann::json{{"best_bleu", state.best_bleu},
                        {"best_step", state.best_step},
                        {"evals_without_improvement", state.evals_without_improvement},
                        {"plateau_scale", state.plateau_scale},
                        {"plateau_bad_evals", state.plateau_bad_evals},
                        {"stop", stop}}
      .dump();
}

bool applyOutcome(const std::string& text, TrainerState& state) {
  const auto j = nlohmann::json::parse(text);
  state.best_bleu = j.at("best_bleu");
  state.best_step = j.at("best_step");
  state.evals_without_improvement = j.at("evals_without_improvement");
  state.plateau_scale = j.at("plateau_scale");
  state.plateau_bad_evals = j.at("plateau_bad_evals");
  return j.at("stop");
}

}  // namespace studio::model
