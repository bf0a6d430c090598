#include "model/training/Trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>
#include <torch/nn/utils/clip_grad.h>

#include "model/decoding/Translator.h"
#include "model/files/AtomicFile.h"
#include "model/files/DiskSpace.h"
#include "model/runtime/CpuBlockCache.h"
#include "model/runtime/Runtime.h"
#include "model/training/DevOutcome.h"
#include "model/training/Evaluation.h"
#include "model/training/FinalChoice.h"
#include "model/training/FineTune.h"
#include "model/training/GradientSum.h"
#include "model/training/MetricsLog.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Optimizer.h"
#include "model/training/Probes.h"
#include "model/training/RunFolder.h"
#include "model/training/Seconds.h"
#include "model/training/TimeBudget.h"
#include "model/training/TrainStep.h"
#include "model/training/TrainingData.h"

namespace studio::model {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

Trainer::Trainer(TrainingConfig config, std::string data_dir, std::string run_dir, bool resume,
                 TrainerCallbacks callbacks, int64_t max_steps_override)
    : config_(std::move(config)),
      data_dir_(std::move(data_dir)),
      run_dir_(std::move(run_dir)),
      resume_(resume),
      callbacks_(std::move(callbacks)),
      max_steps_override_(max_steps_override) {}

bool Trainer::run() {
  auto log = [&](const std::string& line) {
    if (callbacks_.log) callbacks_.log(line);
  };
  const auto run_started = Clock::now();
  try {
    // Large CPU tensors (the logits and their gradients) reused from step to step, not mapped afresh.
    CpuBlockCacheScope block_cache;
    // --- the workers meet first, so that a failing set-up ends them all --
    std::unique_ptr<WorkerGroup> group;
    if (place_.distributed()) {
      group = std::make_unique<WorkerGroup>(place_, std::chrono::seconds(place_.join_timeout_seconds));
      log("joined as worker " + std::to_string(place_.rank) + " of " + std::to_string(place_.world_size));
    }
    const bool lead = place_.rank == 0;  // evaluates and writes the run folder

    // --- set-up ----------------------------------------------------------
    if (resume_) {
      config_ = readRunConfig(run_dir_, &data_dir_);
      if (latestCheckpoint(run_dir_).empty())
        throw std::runtime_error("run folder '" + run_dir_ + "' has no checkpoint to resume from");
    } else if (lead && !latestCheckpoint(run_dir_).empty()) {
      throw std::runtime_error("run folder '" + run_dir_ +
                               "' already holds checkpoints: resume it, or choose another folder");
    }
    if (max_steps_override_ > 0) config_.max_steps = max_steps_override_;
    if (!config_.init_from.empty()) {
      if (!resume_) adoptModelOptions(config_);
      checkFineTuningInputs(config_, data_dir_);
    }
    auto tokenizer = std::make_shared<const data::Tokenizer>(data_dir_ + "/spm.model");
    config_.model.vocab_size = tokenizer->vocabSize();
    config_.model.pad_id = data::kPadId;
    config_.model.unk_id = data::kUnkId;
    config_.model.bos_id = data::kBosId;
    config_.model.eos_id = data::kEosId;
    config_.validate();
    std::string device_note;
    const auto device = workerDevice(config_.device, resolveDevice(config_.device), place_,
                                     int(availableDevices().size()) - 1, &device_note);
    if (lead && !device_note.empty()) log(device_note);
    if (lead && group) log("gradients summed through " + group->sumsThrough(device));
    if (lead) {
      fs::create_directories(fs::path(run_dir_) / "checkpoints");
      if (!resume_) {
        writeRunConfig(run_dir_, config_, data_dir_);
        copyFileAtomically(data_dir_ + "/spm.model", run_dir_ + "/spm.model");
      }
    }
    const std::function<void(const std::string&)> quiet = [](const std::string&) {};
    const auto data = loadTrainingData(data_dir_, *tokenizer, config_, lead ? std::function(log) : quiet);
    ProbeRecorder probes(run_dir_, lead ? chooseProbes(config_, *tokenizer, data.dev.sources, data.dev.references)
                                        : std::vector<ProbeSentence>{},
                         config_);
    if (lead && !probes.enabled())
      log("probes: none recorded (no probe sentences given, and default_probes is 0 or no dev pair fits)");

    const bool amp = mixedPrecisionEnabled(config_.mixed_precision, config_.mixed_precision_dtype, device);
    if (config_.mixed_precision && !amp)
      log("mixed precision: off, float32 (\"auto\" on a CPU without bf16 instructions, AVX512-BF16 or AMX)");
    const auto amp_dtype = mixedPrecisionType(config_.mixed_precision_dtype, device);
    if (amp && amp_dtype == torch::kHalf && !device.is_cuda())
      throw std::runtime_error("fp16 mixed precision needs a CUDA device (this run is on " + device.str() +
                               "); use mixed_precision_dtype \"bf16\"");
    torch::manual_seed(config_.seed);
    Transformer model(config_.model);
    model->to(device);
    auto optimizer = makeAdam(model->parameters(), 0.0);
    if (!resume_ && !config_.init_from.empty()) startFromModel(config_, model, *optimizer, lead ? log : quiet);
    TrainerState state;
    MetricsLog metrics(run_dir_ + "/metrics.jsonl");
    CheckpointKeeper checkpoints(run_dir_, config_, log);

    if (resume_ && lead) {
      const auto point = resumeFromNewestIntact(run_dir_, model, *optimizer, log);
      state = point.state;
      checkpoints.setLast(point.path);
      metrics.truncateAfter(state.step);
      log("resumed from " + point.path + " at step " + std::to_string(state.step));
    }
    if (group) {
      // The others resume from the checkpoint rank 0 chose, and every worker
      // starts from rank 0's weights; dropout differs between workers.
      if (lead) group->tell("set-up", checkpoints.last());
      const std::string resumed = group->hear("set-up");
      if (!lead && !resumed.empty()) state = restoreCheckpoint(resumed, model, *optimizer);
      group->broadcast(model->parameters());
      if (!lead) torch::manual_seed(config_.seed + uint64_t(place_.rank) * 1000003 + uint64_t(state.step));
    }
    LossScaler scaler(amp && amp_dtype == torch::kHalf, state.loss_scale);
    scaler.restore(state.loss_scale, state.loss_scale_good_steps);
    if (amp)
      log(std::string("mixed precision: ") + (amp_dtype == torch::kHalf ? "fp16" : "bf16") +
          (config_.mixed_precision_dtype == "auto" ? " (auto" + std::string(device.is_cuda() ? "" : ": this CPU has " + cpuBf16Instructions()) + ")" : "") +
          (scaler.enabled() ? " with loss scaling" : ""));
    if (lead) {
      metrics.open();
      probes.open(resume_ ? state.step : -1);
      if (const auto kept = keptModelsEstimate(config_); kept.files > 0) {
        const int64_t free = freeBytes(run_dir_);
        log("keeping the model of every " + std::to_string(config_.eval_every * config_.keep_models_every) +
            "th step in " + run_dir_ + "/models: " + std::to_string(kept.files) + " files, about " +
            formatBytes(kept.bytes) + (free >= 0 ? " (" + formatBytes(free) + " free)" : ""));
      }
      log("model: " + std::to_string(model->parameterCount()) + " parameters, " +
          toString(config_.model.norm_position) + "-LN, on " + device.str() +
          (group ? ", " + std::to_string(group->size()) + " workers" : ""));
    }

    // --- the parts of a step ------------------------------------------------
    BatchStream batches(data, config_, state, tokenizer.get());
    const int workers = group ? group->size() : 1;

    // Several workers sum their gradients during the last backward pass of a step.
    std::unique_ptr<GradientSum> gradient_sum;
    if (group)
      gradient_sum =
          std::make_unique<GradientSum>(*group, model->parameters(), bucketBytes(place_, device));
    auto forwardBackward = [&]() {
      const Precision precision{amp, amp_dtype, scaler.scale()};
      return model::forwardBackward(
          model, batches, state, config_, device, {place_.rank, workers}, precision, checkpoints.last(),
          gradient_sum ? std::function<void()>([&] { gradient_sum->arm(); }) : nullptr);
    };

    // Ends the sums of the gradients and the figures over the workers; true when a stop was asked of any.
    double reduce_seconds = 0;
    auto reduce = [&](StepSums& sums) {
      if (!group) return stop_.load();
      std::vector<double> extra{sums.loss, sums.nll, double(sums.tokens), sums.epochs_done ? 1.0 : 0.0,
                                stop_.load() ? 1.0 : 0.0};
      gradient_sum->finish(extra);
      reduce_seconds = gradient_sum->lastWaitSeconds();
      if (lead && state.step == 0)
        log("gradient sum: " + std::to_string(gradient_sum->buckets()) + (gradient_sum->buckets() == 1 ? " bucket, " : " buckets, ") +
            std::to_string(gradient_sum->lastEarlyBuckets()) + " started during the backward pass");
      sums.loss = extra[0];
      sums.nll = extra[1];
      sums.tokens = int64_t(std::llround(extra[2]));
      sums.epochs_done = extra[3] > 0;
      return extra[4] > 0;
    };

    // Clipping, the schedule and Adam; false when fp16 overflowed and the step was skipped.
    double grad_norm = 0, lr = 0;
    auto optimizerStep = [&]() {
      if (!scaler.unscaleAndCheck(model->parameters())) {
        if (scaler.scale() <= 1.0)
          throw std::runtime_error("the gradients overflow even with a loss scale of 1 at step " +
                                   std::to_string(state.step + 1) + "; train in bf16 or float32");
        scaler.update(false);
        state.loss_scale = scaler.rawScale();
        state.loss_scale_good_steps = scaler.goodSteps();
        log("fp16 gradient overflow before step " + std::to_string(state.step + 1) + ": skipped, loss scale now " +
            std::to_string(scaler.scale()));
        return false;
      }
      grad_norm = config_.clip_norm > 0
                      ? double(torch::nn::utils::clip_grad_norm_(model->parameters(), config_.clip_norm))
                      : 0.0;
      lr = scheduledLearningRate(config_, state.step + 1) *
           (config_.schedule == ScheduleKind::Plateau ? state.plateau_scale : 1.0);
      setLearningRate(*optimizer, std::max(lr, config_.schedule == ScheduleKind::Noam ? 0.0 : config_.min_learning_rate));
      adamStep(*optimizer);
      scaler.update(true);
      state.loss_scale = scaler.rawScale();
      state.loss_scale_good_steps = scaler.goodSteps();
      ++state.step;
      return true;
    };

    // A time budget decides max_steps from the first steps' pace and revises it at evaluations
    // (rank 0's pace, for every worker); config.json gets each number, for --resume.
    const double budget_minutes = max_steps_override_ > 0 ? 0.0 : config_.time_budget_minutes;
    TimeBudget budget(budget_minutes, config_.max_steps, 200, 50, 0.04, config_.eval_every);
    auto fitTheBudget = [&]() {
      const bool asks = budget.asksAt(state.step);
      int64_t steps = budget.observe(state.step, secondsSince(run_started), config_.max_steps);
      if (!asks) return;
      if (group) {
        const std::string key = "budget-" + std::to_string(state.step);
        if (lead) group->tell(key, std::to_string(steps));
        steps = std::stoll(group->hear(key));
      }
      if (steps == 0 || steps == config_.max_steps) return;
      config_.max_steps = steps;
      config_.time_budget_minutes = 0;
      if (!lead) return;
      writeRunConfig(run_dir_, config_, data_dir_);
      log(budget.describe(steps));
    };

    // At the end, best.pt or the last checkpoint, on the whole dev split (FinalChoice.h).
    FinalChooser final_chooser(data_dir_, run_dir_, config_, data.dev, tokenizer);

    const auto started = Clock::now();
    auto window_start = Clock::now();
    int64_t window_tokens = 0;
    auto report = [&](const StepSums& sums) {
      window_tokens += sums.tokens;
      StepEvent event;
      event.step = state.step;
      event.max_steps = config_.max_steps;
      event.epoch = state.epoch;
      event.loss = sums.tokens ? sums.loss / double(sums.tokens) : 0.0;
      event.nll = sums.tokens ? sums.nll / double(sums.tokens) : 0.0;
      event.learning_rate = lr;
      event.grad_norm = grad_norm;
      event.target_tokens = sums.tokens;
      event.elapsed_seconds = secondsSince(started);
      event.workers = workers;
      event.reduce_seconds = reduce_seconds;
      const double window = secondsSince(window_start);
      event.tokens_per_second = window > 0 ? double(window_tokens) / window : 0.0;
      if (callbacks_.step) callbacks_.step(event);
      if (lead && (state.step % config_.log_every == 0 || state.step == 1)) {
        nlohmann::json line{{"type", "train"}, {"step", state.step}, {"epoch", state.epoch}, {"loss", event.loss},
                            {"nll", event.nll}, {"lr", lr}, {"grad_norm", grad_norm},
                            {"tokens_per_s", event.tokens_per_second}, {"time", event.elapsed_seconds}};
        if (group) line["workers"] = workers, line["reduce_s"] = reduce_seconds;
        metrics.write(line);
        window_start = Clock::now();
        window_tokens = 0;
      }
    };

    auto writeCheckpoint = [&]() {
      const std::string path = checkpoints.write(model, *optimizer, state);
      if (callbacks_.checkpoint) callbacks_.checkpoint({state.step, path, false});
      return path;
    };

    // Evaluates, logs and keeps the checkpoint (and best.pt); true when early stopping ends the run.
    auto evaluateAndKeep = [&]() {
      const auto eval_started = Clock::now();
      auto eval = evaluateOnDev(model, data.dev, tokenizer, config_, device);
      budget.reserveAtTheEnd(final_chooser.estimate(secondsSince(eval_started)));
      if (!data.original_dev.empty()) {
        const auto original = evaluateOnDev(model, data.original_dev, tokenizer, config_, device);
        eval.original_bleu = original.bleu;
        eval.original_chrf = original.chrf;
      }
      model->train();
      eval.step = state.step;
      const auto outcome = judgeEvaluation(state, config_, eval.bleu);
      const bool improved = outcome.improved;
      if (outcome.learning_rate_cut)
        log("dev BLEU stalled: learning rate scaled by " + std::to_string(state.plateau_scale));
      eval.best = improved;
      metrics.write(evalRecord(eval));
      if (callbacks_.evaluation) callbacks_.evaluation(eval);
      const std::string path = writeCheckpoint();
      if (improved) {
        checkpoints.keepAsBest(path);
        if (callbacks_.checkpoint) callbacks_.checkpoint({state.step, run_dir_ + "/best.pt", true});
      }
      const bool stop = outcome.stop;
      if (stop)
        log("early stopping: dev BLEU has not improved for " + std::to_string(state.evals_without_improvement) +
            " evaluations (best " + std::to_string(state.best_bleu) + " at step " + std::to_string(state.best_step) + ")");
      return stop;
    };

    auto recordProbes = [&]() {
      probes.record(Translator(model, tokenizer, device), state.step, log);
      model->train();
    };

    // Evaluates (rank 0) and tells every worker the outcome; true when early stopping ends the run.
    auto evaluateAll = [&]() {
      bool early_stop = false;
      if (lead && config_.evaluate) early_stop = evaluateAndKeep();
      else if (lead) writeCheckpoint();
      if (group && config_.evaluate) {
        const std::string key = "outcome-" + std::to_string(state.step);
        if (lead) group->tell(key, describeOutcome(state, early_stop));
        early_stop = applyOutcome(group->hear(key), state);
      }
      return early_stop;
    };

    // --- the loop ----------------------------------------------------------
    if (lead && state.step == 0) recordProbes();
    // A fine-tuned model's scores before its first step: where its curves start.
    if (state.step == 0 && !config_.init_from.empty() && config_.evaluate) evaluateAll();
    model->train();
    std::string finish_reason = "max_steps";
    bool wrote_at_this_step = false, stop_asked = false;
    while (state.step < config_.max_steps) {
      if (stop_asked || (!group && stop_.load())) {
        finish_reason = "stopped";
        break;
      }
      optimizer->zero_grad();
      auto sums = forwardBackward();
      stop_asked = reduce(sums);
      if (sums.epochs_done && sums.tokens == 0) {
        finish_reason = "max_epochs";
        break;
      }
      if (!optimizerStep()) continue;
      wrote_at_this_step = false;
      if (budget.active()) fitTheBudget();
      report(sums);
      if (state.step % config_.eval_every == 0) {
        const bool early_stop = evaluateAll();
        wrote_at_this_step = true;
        if (early_stop) {
          finish_reason = "early_stopping";
          break;
        }
      }
      if (lead && probes.due(state.step)) recordProbes();
    }

    FinishedEvent done;
    done.step = state.step;
    done.reason = finish_reason;
    done.best_bleu = state.best_bleu;
    if (lead) {
      if (state.step > 0 && !wrote_at_this_step) writeCheckpoint();
      if (state.step > probes.lastStep()) recordProbes();
      if (fs::exists(run_dir_ + "/best.pt")) {
        done.best_path = run_dir_ + "/best.pt";
        if (config_.evaluate && finish_reason != "stopped")
          done.final_choice =
              final_chooser.choose(model, checkpoints.last(), state, wrote_at_this_step, device, log);
        if (done.final_choice) metrics.write(finalChoiceRecord(*done.final_choice));
      }
      if (config_.average_last > 1) {
        int64_t averaged = 0;
        done.averaged_path = averageLastCheckpoints(run_dir_, config_.average_last, &averaged);
        if (averaged > 1)
          log("averaged the last " + std::to_string(averaged) + " checkpoints into " + done.averaged_path);
      }
    }
    done.last_path = checkpoints.last();
    if (group) {
      // The others wait for the end's work (the final choice can take minutes) without a timeout, as
      // for an evaluation; rank 0 hosts the store: it leaves last.
      if (lead) group->tell("end", "done");
      group->hear("end");
      group->barrier();
    }
    if (callbacks_.finished) callbacks_.finished(done);
    return true;
  } catch (const std::exception& e) {
    std::string message = e.what();
    message = message.substr(0, message.find('\n'));
    if (callbacks_.failed) callbacks_.failed(message);
    return false;
  }
}

}  // namespace studio::model
