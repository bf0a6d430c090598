#include "model/training/TrainingRun.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <torch/nn/utils/clip_grad.h>
#include <nlohmann/json.hpp>

#include "model/decoding/Translator.h"
#include "model/training/DevOutcome.h"
#include "model/training/Evaluation.h"
#include "model/training/Optimizer.h"
#include "model/training/Seconds.h"

namespace studio::model {

namespace fs = std::filesystem;

// --- the loop ----------------------------------------------------------------

void TrainingRun::begin() {
  if (lead_ && state_.step == 0) recordProbes();
  if (state_.step == 0 && !config_.init_from.empty() && config_.evaluate) evaluateAll();
  model_->train();
}

bool TrainingRun::keepGoing() {
  if (!finish_reason_.empty()) return false;
  if (state_.step >= config_.max_steps)
    finish_reason_ = "max_steps";
  else if (stop_asked_ || (!group_ && stop_.load()))
    finish_reason_ = "stopped";
  return finish_reason_.empty();
}

void TrainingRun::update() {
  optimizer_->zero_grad();
  auto sums = forwardBackward();
  stop_asked_ = sumOverWorkers(sums);
  if (sums.epochs_done && sums.tokens == 0) {
    finish_reason_ = "max_epochs";
    return;
  }
  if (!optimizerStep()) return;
  if (average_) average_->update(model_, state_.step);
  wrote_at_this_step_ = false;
  if (budget_->active()) fitTheBudget();
  report(sums);
  if (state_.step % config_.eval_every == 0) {
    const bool early_stop = evaluateAll();
    wrote_at_this_step_ = true;
    if (early_stop) {
      finish_reason_ = "early_stopping";
      return;
    }
  }
  if (lead_ && probes_->due(state_.step)) recordProbes();
}

StepSums TrainingRun::forwardBackward() {
  const Precision precision{amp_, amp_dtype_, scaler_->scale()};
  return model::forwardBackward(
      model_, *batches_, state_, config_, device_, {place_.rank, workers_}, precision, checkpoints_->last(),
      gradient_sum_ ? std::function<void()>([this] { gradient_sum_->arm(); }) : nullptr);
}

bool TrainingRun::sumOverWorkers(StepSums& sums) {
  if (!group_) return stop_.load();
  std::vector<double> extra{
      sums.loss,     sums.nll, double(sums.tokens), sums.epochs_done ? 1.0 : 0.0, stop_.load() ? 1.0 : 0.0,
      sums.alignment};
  gradient_sum_->finish(extra);
  reduce_seconds_ = gradient_sum_->lastWaitSeconds();
  if (lead_ && state_.step == 0)
    log("gradient sum: " + std::to_string(gradient_sum_->buckets()) +
        (gradient_sum_->buckets() == 1 ? " bucket, " : " buckets, ") +
        std::to_string(gradient_sum_->lastEarlyBuckets()) + " started during the backward pass");
  sums.loss = extra[0];
  sums.nll = extra[1];
  sums.tokens = int64_t(std::llround(extra[2]));
  sums.epochs_done = extra[3] > 0;
  sums.alignment = extra[5];
  return extra[4] > 0;
}

bool TrainingRun::optimizerStep() {
  LossScaler& scaler = *scaler_;
  if (!scaler.unscaleAndCheck(model_->parameters())) {
    if (scaler.scale() <= 1.0)
      throw std::runtime_error("the gradients overflow even with a loss scale of 1 at step " +
                               std::to_string(state_.step + 1) + "; train in bf16 or float32");
    scaler.update(false);
    state_.loss_scale = scaler.rawScale();
    state_.loss_scale_good_steps = scaler.goodSteps();
    log("fp16 gradient overflow before step " + std::to_string(state_.step + 1) +
        ": skipped, loss scale now " + std::to_string(scaler.scale()));
    return false;
  }
  grad_norm_ = config_.clip_norm > 0
                   ? double(torch::nn::utils::clip_grad_norm_(model_->parameters(), config_.clip_norm))
                   : 0.0;
  learning_rate_ = scheduledLearningRate(config_, state_.step + 1) *
                   (config_.schedule == ScheduleKind::Plateau ? state_.plateau_scale : 1.0);
  setLearningRate(
      *optimizer_,
      std::max(learning_rate_, config_.schedule == ScheduleKind::Noam ? 0.0 : config_.min_learning_rate));
  adamStep(*optimizer_);
  scaler.update(true);
  state_.loss_scale = scaler.rawScale();
  state_.loss_scale_good_steps = scaler.goodSteps();
  ++state_.step;
  return true;
}

void TrainingRun::fitTheBudget() {
  const bool asks = budget_->asksAt(state_.step);
  int64_t steps = budget_->observe(state_.step, secondsSince(run_started_), config_.max_steps);
  if (!asks) return;
  if (group_) {
    const std::string key = "budget-" + std::to_string(state_.step);
    if (lead_) group_->tell(key, std::to_string(steps));
    steps = std::stoll(group_->hear(key));
  }
  if (steps == 0 || steps == config_.max_steps) return;
  config_.max_steps = steps;
  config_.time_budget_minutes = 0;
  if (!lead_) return;
  writeRunConfig(run_dir_, config_, data_dir_);
  log(budget_->describe(steps));
}

void TrainingRun::report(const StepSums& sums) {
  window_tokens_ += sums.tokens;
  StepEvent event;
  event.step = state_.step;
  event.max_steps = config_.max_steps;
  event.epoch = state_.epoch;
  event.loss = sums.tokens ? sums.loss / double(sums.tokens) : 0.0;
  event.nll = sums.tokens ? sums.nll / double(sums.tokens) : 0.0;
  event.alignment = sums.tokens ? sums.alignment / double(sums.tokens) : 0.0;
  event.learning_rate = learning_rate_;
  event.grad_norm = grad_norm_;
  event.target_tokens = sums.tokens;
  event.elapsed_seconds = secondsSince(started_);
  event.workers = workers_;
  event.reduce_seconds = reduce_seconds_;
  const double window = secondsSince(window_start_);
  event.tokens_per_second = window > 0 ? double(window_tokens_) / window : 0.0;
  if (callbacks_.step) callbacks_.step(event);
  if (lead_ && (state_.step % config_.log_every == 0 || state_.step == 1)) {
    nlohmann::json line{{"type", "train"},
                        {"step", state_.step},
                        {"epoch", state_.epoch},
                        {"loss", event.loss},
                        {"nll", event.nll},
                        {"lr", learning_rate_},
                        {"grad_norm", grad_norm_},
                        {"tokens_per_s", event.tokens_per_second},
                        {"time", event.elapsed_seconds}};
    if (group_) line["workers"] = workers_, line["reduce_s"] = reduce_seconds_;
    if (config_.guided_alignment > 0) line["alignment"] = event.alignment;
    metrics_->write(line);
    window_start_ = Clock::now();
    window_tokens_ = 0;
  }
}

bool TrainingRun::evaluateAll() {
  bool early_stop = false;
  if (lead_ && config_.evaluate)
    early_stop = evaluateAndKeep();
  else if (lead_)
    writeCheckpoint();
  if (group_ && config_.evaluate) {
    // Rank 0 tells every worker the outcome.
    const std::string key = "outcome-" + std::to_string(state_.step);
    if (lead_) group_->tell(key, describeOutcome(state_, early_stop));
    early_stop = applyOutcome(group_->hear(key), state_);
  }
  return early_stop;
}

bool TrainingRun::evaluateAndKeep() {
  auto eval = evaluateOnDev(translating(), data_.dev, tokenizer_, config_, device_);
  budget_->reserveAtTheEnd(final_chooser_->estimate(eval.translate_seconds));
  if (!data_.original_dev.empty()) {
    const auto original = evaluateOnDev(translating(), data_.original_dev, tokenizer_, config_, device_);
    eval.original_bleu = original.bleu;
    eval.original_chrf = original.chrf;
  }
  model_->train();
  eval.step = state_.step;
  const auto outcome = judgeEvaluation(state_, config_, eval.bleu);
  if (outcome.learning_rate_cut)
    log("dev BLEU stalled: learning rate scaled by " + std::to_string(state_.plateau_scale));
  eval.best = outcome.improved;
  metrics_->write(evalRecord(eval));
  if (callbacks_.evaluation) callbacks_.evaluation(eval);
  const std::string path = writeCheckpoint();
  if (outcome.improved) {
    checkpoints_->keepAsBest(path);
    if (callbacks_.checkpoint) callbacks_.checkpoint({state_.step, run_dir_ + "/best.pt", true});
  }
  if (outcome.stop)
    log("early stopping: dev BLEU has not improved for " + std::to_string(state_.evals_without_improvement) +
        " evaluations (best " + std::to_string(state_.best_bleu) + " at step " +
        std::to_string(state_.best_step) + ")");
  return outcome.stop;
}

std::string TrainingRun::writeCheckpoint() {
  const std::string path = checkpoints_->write(model_, *optimizer_, state_, average());
  if (callbacks_.checkpoint) callbacks_.checkpoint({state_.step, path, false});
  return path;
}

void TrainingRun::recordProbes() {
  probes_->record(Translator(translating(), tokenizer_, device_), state_.step,
                  [this](const std::string& line) { log(line); });
  model_->train();
}

// --- the end -----------------------------------------------------------------

FinishedEvent TrainingRun::end() {
  FinishedEvent done;
  done.step = state_.step;
  done.reason = finish_reason_.empty() ? "max_steps" : finish_reason_;
  done.best_bleu = state_.best_bleu;
  if (lead_) {
    if (state_.step > 0 && !wrote_at_this_step_) writeCheckpoint();
    if (state_.step > probes_->lastStep()) recordProbes();
    if (fs::exists(run_dir_ + "/best.pt")) {
      done.best_path = run_dir_ + "/best.pt";
      if (config_.evaluate && done.reason != "stopped")
        done.final_choice =
            final_chooser_->choose(translating(), checkpoints_->last(), state_, wrote_at_this_step_, device_,
                                   [this](const std::string& line) { log(line); });
      if (done.final_choice) metrics_->write(finalChoiceRecord(*done.final_choice));
    }
    if (config_.average_last > 1) {
      int64_t averaged = 0;
      done.averaged_path = averageLastCheckpoints(run_dir_, config_.average_last, &averaged);
      if (averaged > 1)
        log("averaged the last " + std::to_string(averaged) + " checkpoints into " + done.averaged_path);
    }
  }
  done.last_path = checkpoints_->last();
  if (group_) {
    // The others wait for the end's work (the final choice can take minutes) without a timeout, as
    // for an evaluation; rank 0 hosts the store: it leaves last.
    if (lead_) group_->tell("end", "done");
    group_->hear("end");
    group_->barrier();
  }
  return done;
}

// --- helpers -----------------------------------------------------------------

Transformer& TrainingRun::translating() { return average_ ? average_->model() : model_; }

void TrainingRun::log(const std::string& line) const {
  if (callbacks_.log) callbacks_.log(line);
}

std::function<void(const std::string&)> TrainingRun::leadLog() const {
  if (!lead_) return [](const std::string&) {};
  return [this](const std::string& line) { log(line); };
}

}  // namespace studio::model
