#pragma once

#include <string>

#include "model/training/Checkpoints.h"
#include "model/training/TrainingConfig.h"

// What a dev evaluation's BLEU does to a run: the best so far, the plateau
// schedule's cuts of the learning rate, early stopping. The lead worker
// judges; the others are told the outcome (Trainer.cpp).
namespace studio::model {

struct DevOutcome {
  bool improved = false;           // a better dev BLEU than any before: best.pt
  bool learning_rate_cut = false;  // the plateau schedule scaled the learning rate (state.plateau_scale)
  bool stop = false;               // early stopping ends the run
};

// Updates `state` for a dev BLEU of `bleu` at state.step: best_bleu and
// best_step when it improves, else one more evaluation without improvement
// (early_stopping_patience of them stops the run) and, on the plateau
// schedule, one more bad evaluation (plateau_patience of them multiply the
// learning rate by plateau_factor and start the count again).
DevOutcome judgeEvaluation(TrainerState& state, const TrainingConfig& config, double bleu);

// The judged state and the stop as the lead worker tells them to the
// others (JSON), and read back into another worker's state (returns stop).
std::string describeOutcome(const TrainerState& state, bool stop);
bool applyOutcome(const std::string& text, TrainerState& state);

}  // namespace studio::model
