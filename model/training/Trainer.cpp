#include "model/training/Trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <torch/nn/utils/clip_grad.h>

#include "model/runtime/Runtime.h"
#include "model/data/Batching.h"
#include "model/data/Corpus.h"
#include "model/data/EncodedCorpus.h"
#include "model/decoding/Translator.h"
#include "model/evaluation/Bleu.h"
#include "model/files/AtomicFile.h"
#include "model/files/DiskSpace.h"
#include "model/files/ModelFile.h"
#include "model/training/Loss.h"
#include "model/training/MetricsLog.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Optimizer.h"
#include "model/training/Probes.h"

namespace studio::model {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Before a checkpoint: room for it and for a copy as best.pt, or a warning
// that says how much is missing (the write itself reports a real failure).
void warnWhenTheDiskIsNearlyFull(const std::string& run_dir, int64_t checkpoint_bytes,
                                 const std::function<void(const std::string&)>& log) {
  const int64_t free = freeBytes(run_dir);
  if (free < 0 || free >= 2 * checkpoint_bytes) return;
  log("warning: the next checkpoint needs about " + formatBytes(checkpoint_bytes) + " (twice that with best.pt), " +
      "but the disk holding '" + run_dir + "' has " + formatBytes(free) +
      " free: free some space, or lower keep_last");
}

// Running out of memory is the batch's doing: say which and what to lower.
std::runtime_error outOfMemory(const torch::Device& device, int64_t step, const torch::Tensor& src,
                               const torch::Tensor& tgt, int64_t max_tokens, const std::string& last_checkpoint) {
  return std::runtime_error(
      "out of memory on " + device.str() + " at step " + std::to_string(step) + " (a batch of " +
      std::to_string(src.size(0)) + " sentence pairs, sources of " + std::to_string(src.size(1)) +
      " tokens and targets of " + std::to_string(tgt.size(1)) + " with padding): lower max_tokens (now " +
      std::to_string(max_tokens) + ") and raise accumulate_steps to keep the batch, or turn on mixed precision, " +
      "or choose a smaller model; the last checkpoint is " + (last_checkpoint.empty() ? "none" : last_checkpoint));
}

}  // namespace

TrainingConfig readRunConfig(const std::string& run_dir, std::string* data_dir) {
  const std::string path = run_dir + "/config.json";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "' (is '" + run_dir + "' a run folder?)");
  try {
    const auto json = nlohmann::json::parse(in);
    if (data_dir) *data_dir = json.at("data").get<std::string>();
    return trainingConfigFromJson(json.at("training"));
  } catch (const std::exception& e) {
    throw std::runtime_error("'" + path + "': " + e.what());
  }
}

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
  std::string last_checkpoint;
  try {
    // --- set-up --------------------------------------------------------
    if (resume_) {
      config_ = readRunConfig(run_dir_, &data_dir_);
      if (latestCheckpoint(run_dir_).empty())
        throw std::runtime_error("run folder '" + run_dir_ + "' has no checkpoint to resume from");
    } else if (!latestCheckpoint(run_dir_).empty()) {
      throw std::runtime_error("run folder '" + run_dir_ +
                               "' already holds checkpoints: resume it, or choose another folder");
    }
    if (max_steps_override_ > 0) config_.max_steps = max_steps_override_;

    auto tokenizer = std::make_shared<const data::Tokenizer>(data_dir_ + "/spm.model");
    config_.model.vocab_size = tokenizer->vocabSize();
    config_.model.pad_id = data::kPadId;
    config_.model.unk_id = data::kUnkId;
    config_.model.bos_id = data::kBosId;
    config_.model.eos_id = data::kEosId;
    config_.validate();
    const auto device = resolveDevice(config_.device);

    fs::create_directories(fs::path(run_dir_) / "checkpoints");
    if (!resume_) {
      const nlohmann::json run_config{{"data", fs::absolute(data_dir_).string()}, {"training", toJson(config_)}};
      writeFileAtomically(run_dir_ + "/config.json", run_config.dump(2) + "\n");
      copyFileAtomically(data_dir_ + "/spm.model", run_dir_ + "/spm.model");
    }

    bool from_cache = false;
    const auto train = data::loadEncodedSplit(data_dir_, "train", *tokenizer, &from_cache);
    const auto dev = data::loadEncodedSplit(data_dir_, "dev", *tokenizer);
    log("data: " + std::to_string(train.size()) + " training pairs" + (from_cache ? " (cached ids)" : "") + ", " +
        std::to_string(dev.size()) + " dev pairs");
    if (config_.evaluate && dev.size() == 0)
      throw std::runtime_error("the data folder '" + data_dir_ + "' has no dev pairs, so the run cannot be evaluated: " +
                               "prepare it with a dev set, or turn evaluation off (train --no-eval, or \"evaluate\": " +
                               "false in the configuration)");

    // Training examples that fit the token budget and the model's positions.
    std::vector<size_t> usable;
    std::vector<int64_t> src_len, tgt_len;
    for (size_t i = 0; i < train.size(); ++i) {
      const int64_t cost = data::exampleCost(train.srcLength(i), train.tgtLength(i));
      if (cost > config_.max_tokens || cost > config_.model.max_length) continue;
      usable.push_back(i);
      src_len.push_back(train.srcLength(i));
      tgt_len.push_back(train.tgtLength(i));
    }
    if (usable.size() < train.size())
      log("skipped " + std::to_string(train.size() - usable.size()) + " training pairs longer than the batch " +
          "budget or the model's max_length");
    if (usable.empty()) throw std::runtime_error("no training pair fits the batch budget of " +
                                                 std::to_string(config_.max_tokens) + " tokens");

    // Dev: the first eval_sentences pairs, text and ids.
    data::ReadSummary dev_summary;
    data::FilterOptions keep_all;
    keep_all.max_words = size_t(-1);
    keep_all.max_ratio = 1e300;
    const auto dev_text = data::readParallelFiles(data_dir_ + "/dev.vi", data_dir_ + "/dev.en", keep_all, dev_summary);
    size_t dev_count = dev.size();
    if (config_.eval_sentences > 0) dev_count = std::min(dev_count, size_t(config_.eval_sentences));
    std::vector<size_t> dev_indices;
    std::vector<int64_t> dev_src_len, dev_tgt_len;
    for (size_t i = 0; i < dev_count; ++i) {
      const int64_t cost = data::exampleCost(dev.srcLength(i), dev.tgtLength(i));
      if (cost > config_.model.max_length || cost > config_.max_tokens) continue;
      dev_indices.push_back(i);
      dev_src_len.push_back(dev.srcLength(i));
      dev_tgt_len.push_back(dev.tgtLength(i));
    }

    ProbeRecorder probes(run_dir_, chooseProbes(config_, *tokenizer, dev_text.src, dev_text.tgt), config_);
    if (!probes.enabled()) log("probes: none recorded (no probe sentences given, and default_probes is 0 or no dev pair fits)");

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
    TrainerState state;
    MetricsLog metrics(run_dir_ + "/metrics.jsonl");

    if (resume_) {
      const auto point = resumeFromNewestIntact(run_dir_, model, *optimizer, log);
      state = point.state;
      last_checkpoint = point.path;
      metrics.truncateAfter(state.step);
      log("resumed from " + point.path + " at step " + std::to_string(state.step));
    }
    LossScaler scaler(amp && amp_dtype == torch::kHalf, state.loss_scale);
    scaler.restore(state.loss_scale, state.loss_scale_good_steps);
    if (amp)
      log(std::string("mixed precision: ") + (amp_dtype == torch::kHalf ? "fp16" : "bf16") +
          (config_.mixed_precision_dtype == "auto" ? " (auto" + std::string(device.is_cuda() ? "" : ": this CPU has " + cpuBf16Instructions()) + ")" : "") +
          (scaler.enabled() ? " with loss scaling" : ""));
    metrics.open();
    probes.open(resume_ ? state.step : -1);
    if (const auto kept = keptModelsEstimate(config_); kept.files > 0) {
      const int64_t free = freeBytes(run_dir_);
      log("keeping the model of every " + std::to_string(config_.eval_every * config_.keep_models_every) +
          "th step in " + run_dir_ + "/models: " + std::to_string(kept.files) + " files, about " +
          formatBytes(kept.bytes) + (free >= 0 ? " (" + formatBytes(free) + " free)" : ""));
    }
    log("model: " + std::to_string(model->parameterCount()) + " parameters, " + toString(config_.model.norm_position) +
        "-LN, on " + device.str());

    // --- the loop ------------------------------------------------------
    auto epochBatches = [&](int64_t epoch) {
      return data::tokenBudgetBatches(src_len, tgt_len, config_.max_tokens, config_.seed, uint64_t(epoch));
    };
    auto batches = epochBatches(state.epoch);

    auto writeCheckpoint = [&]() {
      const std::string path = run_dir_ + "/checkpoints/" + checkpointName(state.step);
      warnWhenTheDiskIsNearlyFull(run_dir_, expectedCheckpointBytes(last_checkpoint, model), log);
      saveCheckpoint(path, model, *optimizer, state);
      last_checkpoint = path;
      auto all = listCheckpoints(run_dir_);
      for (size_t i = 0; i + size_t(config_.keep_last) < all.size(); ++i) fs::remove(all[i].second);
      if (config_.keep_models_every > 0 && state.step % (config_.eval_every * config_.keep_models_every) == 0)
        saveModel(model, run_dir_ + "/models/" + keptModelName(state.step));
      if (callbacks_.checkpoint) callbacks_.checkpoint({state.step, path, false});
      return path;
    };

    auto evaluate = [&]() {
      EvalEvent event;
      event.step = state.step;
      torch::NoGradGuard no_grad;
      model->eval();
      double loss_sum = 0, nll_sum = 0;
      int64_t tokens = 0, correct = 0;
      for (const auto& batch : data::tokenBudgetBatches(dev_src_len, dev_tgt_len, config_.max_tokens, 1)) {
        std::vector<size_t> rows;
        for (size_t i : batch) rows.push_back(dev_indices[i]);
        auto t = data::makeBatchTensors(dev, rows, config_.model.pad_id, config_.model.bos_id, config_.model.eos_id);
        auto out = labelSmoothedCrossEntropy(model(t.src.to(device), t.target_in.to(device)), t.target_out.to(device),
                                             config_.model.pad_id, config_.label_smoothing);
        loss_sum += out.loss.item<double>() * double(out.tokens);
        nll_sum += out.nll_sum.item<double>();
        tokens += out.tokens;
        correct += out.correct;
      }
      event.loss = tokens ? loss_sum / double(tokens) : 0.0;
      event.perplexity = tokens ? std::exp(nll_sum / double(tokens)) : 0.0;
      event.token_accuracy = tokens ? double(correct) / double(tokens) : 0.0;

      std::vector<std::string> sources, references;
      for (size_t i : dev_indices) {
        sources.push_back(dev_text.src[i]);
        references.push_back(dev_text.tgt[i]);
      }
      if (!sources.empty()) {
        Translator translator(model, tokenizer, device);
        DecodingOptions decoding;
        decoding.beam_size = config_.eval_beam;
        const auto translations = translator.translate(sources, decoding, config_.max_tokens);
        std::vector<std::string> hypotheses;
        for (const auto& list : translations) hypotheses.push_back(list.empty() ? "" : list[0].text);
        std::vector<std::string> scored_hyps, scored_refs;
        for (size_t i = 0; i < references.size(); ++i) {
          if (references[i].empty()) continue;
          scored_hyps.push_back(hypotheses[i]);
          scored_refs.push_back(references[i]);
        }
        const auto bleu = corpusBleu(scored_hyps, scored_refs);
        event.bleu = bleu.score;
        event.bleu_line = bleu.line();
        event.sentences = int64_t(sources.size());
        for (size_t i = 0; i < sources.size() && int64_t(i) < config_.eval_samples; ++i)
          event.samples.push_back({sources[i], references[i], hypotheses[i]});
      }
      model->train();
      return event;
    };

    auto recordProbes = [&]() {
      probes.record(Translator(model, tokenizer, device), state.step, log);
      model->train();
    };
    if (state.step == 0) recordProbes();

    model->train();
    const auto started = Clock::now();
    auto window_start = Clock::now();
    int64_t window_tokens = 0;
    std::string finish_reason = "max_steps";
    bool wrote_at_this_step = false;

    while (state.step < config_.max_steps) {
      if (stop_.load()) {
        finish_reason = "stopped";
        break;
      }
      optimizer->zero_grad();
      double loss_sum = 0, nll_sum = 0;
      int64_t step_tokens = 0;
      bool epochs_done = false;
      for (int64_t a = 0; a < config_.accumulate_steps; ++a) {
        if (state.batch_index >= int64_t(batches.size())) {
          ++state.epoch;
          state.batch_index = 0;
          if (config_.max_epochs > 0 && state.epoch >= config_.max_epochs) {
            epochs_done = true;
            break;
          }
          batches = epochBatches(state.epoch);
        }
        std::vector<size_t> rows;
        for (size_t i : batches[size_t(state.batch_index)]) rows.push_back(usable[i]);
        ++state.batch_index;
        auto t = data::makeBatchTensors(train, rows, config_.model.pad_id, config_.model.bos_id, config_.model.eos_id);
        LossResult out;
        try {
          AutocastScope autocast(amp, device, amp_dtype);
          out = labelSmoothedCrossEntropy(model(t.src.to(device), t.target_in.to(device)), t.target_out.to(device),
                                          config_.model.pad_id, config_.label_smoothing, /*count_correct=*/false);
          (out.loss * (scaler.scale() / double(config_.accumulate_steps))).backward();
        } catch (const c10::OutOfMemoryError&) {
          throw outOfMemory(device, state.step + 1, t.src, t.target_in, config_.max_tokens, last_checkpoint);
        } catch (const std::bad_alloc&) {
          throw outOfMemory(device, state.step + 1, t.src, t.target_in, config_.max_tokens, last_checkpoint);
        }
        const double value = out.loss.item<double>();
        if (!std::isfinite(value))
          throw std::runtime_error("the loss became " + std::string(std::isnan(value) ? "NaN" : "infinite") +
                                   " at step " + std::to_string(state.step + 1) + "; the last good checkpoint is " +
                                   (last_checkpoint.empty() ? std::string("none") : last_checkpoint) +
                                   " (try a lower learning rate or a longer warmup)");
        loss_sum += value * double(out.tokens);
        nll_sum += out.nll_sum.item<double>();
        step_tokens += out.tokens;
      }
      if (epochs_done && step_tokens == 0) {
        finish_reason = "max_epochs";
        break;
      }
      if (!scaler.unscaleAndCheck(model->parameters())) {
        // fp16 overflow: skip this update, halve the scale, try the next batch.
        if (scaler.scale() <= 1.0)
          throw std::runtime_error("the gradients overflow even with a loss scale of 1 at step " +
                                   std::to_string(state.step + 1) + "; train in bf16 or float32");
        scaler.update(false);
        state.loss_scale = scaler.rawScale();
        state.loss_scale_good_steps = scaler.goodSteps();
        log("fp16 gradient overflow before step " + std::to_string(state.step + 1) + ": skipped, loss scale now " +
            std::to_string(scaler.scale()));
        continue;
      }
      const double grad_norm =
          config_.clip_norm > 0
              ? double(torch::nn::utils::clip_grad_norm_(model->parameters(), config_.clip_norm))
              : 0.0;
      const double lr = scheduledLearningRate(config_, state.step + 1) *
                        (config_.schedule == ScheduleKind::Plateau ? state.plateau_scale : 1.0);
      setLearningRate(*optimizer, std::max(lr, config_.schedule == ScheduleKind::Noam ? 0.0 : config_.min_learning_rate));
      optimizer->step();
      scaler.update(true);
      state.loss_scale = scaler.rawScale();
      state.loss_scale_good_steps = scaler.goodSteps();
      ++state.step;
      wrote_at_this_step = false;
      window_tokens += step_tokens;

      StepEvent event;
      event.step = state.step;
      event.max_steps = config_.max_steps;
      event.epoch = state.epoch;
      event.loss = step_tokens ? loss_sum / double(step_tokens) : 0.0;
      event.nll = step_tokens ? nll_sum / double(step_tokens) : 0.0;
      event.learning_rate = lr;
      event.grad_norm = grad_norm;
      event.target_tokens = step_tokens;
      event.elapsed_seconds = secondsSince(started);
      const double window = secondsSince(window_start);
      event.tokens_per_second = window > 0 ? double(window_tokens) / window : 0.0;
      if (callbacks_.step) callbacks_.step(event);
      if (state.step % config_.log_every == 0 || state.step == 1) {
        metrics.write({{"type", "train"}, {"step", state.step}, {"epoch", state.epoch}, {"loss", event.loss},
                       {"nll", event.nll}, {"lr", lr}, {"grad_norm", grad_norm},
                       {"tokens_per_s", event.tokens_per_second}, {"time", event.elapsed_seconds}});
        window_start = Clock::now();
        window_tokens = 0;
      }

      if (state.step % config_.eval_every == 0 && !config_.evaluate) {
        writeCheckpoint();
        wrote_at_this_step = true;
      } else if (state.step % config_.eval_every == 0) {
        auto eval = evaluate();
        const bool improved = eval.bleu > state.best_bleu;
        if (improved) {
          state.best_bleu = eval.bleu;
          state.best_step = state.step;
          state.evals_without_improvement = 0;
          state.plateau_bad_evals = 0;
        } else {
          ++state.evals_without_improvement;
          if (config_.schedule == ScheduleKind::Plateau && ++state.plateau_bad_evals >= config_.plateau_patience) {
            state.plateau_scale *= config_.plateau_factor;
            state.plateau_bad_evals = 0;
            log("dev BLEU stalled: learning rate scaled by " + std::to_string(state.plateau_scale));
          }
        }
        eval.best = improved;
        nlohmann::json samples = nlohmann::json::array();
        for (const auto& sample : eval.samples)
          samples.push_back({{"source", sample.source}, {"reference", sample.reference}, {"hypothesis", sample.hypothesis}});
        metrics.write({{"type", "eval"}, {"step", state.step}, {"loss", eval.loss}, {"perplexity", eval.perplexity},
                       {"token_accuracy", eval.token_accuracy}, {"bleu", eval.bleu}, {"best", improved},
                       {"sentences", eval.sentences}, {"samples", samples}});
        if (callbacks_.evaluation) callbacks_.evaluation(eval);
        const std::string path = writeCheckpoint();
        wrote_at_this_step = true;
        if (improved) {
          copyFileAtomically(path, run_dir_ + "/best.pt");
          if (callbacks_.checkpoint) callbacks_.checkpoint({state.step, run_dir_ + "/best.pt", true});
        }
        if (config_.early_stopping_patience > 0 && state.evals_without_improvement >= config_.early_stopping_patience) {
          finish_reason = "early_stopping";
          log("early stopping: dev BLEU has not improved for " + std::to_string(state.evals_without_improvement) +
              " evaluations (best " + std::to_string(state.best_bleu) + " at step " + std::to_string(state.best_step) + ")");
          break;
        }
      }
      if (probes.due(state.step)) recordProbes();
    }
    if (state.step > 0 && !wrote_at_this_step) writeCheckpoint();
    if (state.step > probes.lastStep()) recordProbes();

    FinishedEvent done;
    done.step = state.step;
    done.reason = finish_reason;
    done.best_bleu = state.best_bleu;
    done.last_path = last_checkpoint;
    if (fs::exists(run_dir_ + "/best.pt")) done.best_path = run_dir_ + "/best.pt";
    if (config_.average_last > 1) {
      auto all = listCheckpoints(run_dir_);
      std::vector<std::string> paths;
      for (size_t i = all.size() > size_t(config_.average_last) ? all.size() - size_t(config_.average_last) : 0;
           i < all.size(); ++i)
        paths.push_back(all[i].second);
      if (paths.size() > 1) {
        averageCheckpoints(paths, run_dir_ + "/averaged.pt");
        done.averaged_path = run_dir_ + "/averaged.pt";
        log("averaged the last " + std::to_string(paths.size()) + " checkpoints into " + done.averaged_path);
      }
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
