#include "model/Trainer.h"

#include "model/Hash.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>

#include <ATen/Context.h>
#include <nlohmann/json.hpp>
#include <torch/nn/utils/clip_grad.h>

#include "model/AtomicFile.h"
#include "model/Bleu.h"
#include "model/Loss.h"
#include "model/MixedPrecision.h"
#include "model/ModelFile.h"
#include "model/Optimizer.h"
#include "model/Runtime.h"
#include "model/Translator.h"
#include "model/data/Batching.h"
#include "model/data/Corpus.h"
#include "model/data/EncodedCorpus.h"

namespace studio::model {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

nlohmann::json stateToJson(const TrainerState& s) {
  return {{"step", s.step},
          {"epoch", s.epoch},
          {"batch_index", s.batch_index},
          {"best_bleu", s.best_bleu},
          {"best_step", s.best_step},
          {"evals_without_improvement", s.evals_without_improvement},
          {"plateau_scale", s.plateau_scale},
          {"plateau_bad_evals", s.plateau_bad_evals},
          {"loss_scale", s.loss_scale},
          {"loss_scale_good_steps", s.loss_scale_good_steps}};
}

TrainerState stateFromJson(const nlohmann::json& j) {
  TrainerState s;
  s.step = j.at("step").get<int64_t>();
  s.epoch = j.at("epoch").get<int64_t>();
  s.batch_index = j.at("batch_index").get<int64_t>();
  s.best_bleu = j.at("best_bleu").get<double>();
  s.best_step = j.at("best_step").get<int64_t>();
  s.evals_without_improvement = j.at("evals_without_improvement").get<int64_t>();
  s.plateau_scale = j.at("plateau_scale").get<double>();
  s.plateau_bad_evals = j.at("plateau_bad_evals").get<int64_t>();
  s.loss_scale = j.value("loss_scale", 65536.0);
  s.loss_scale_good_steps = j.value("loss_scale_good_steps", int64_t(0));
  return s;
}

std::string checkpointName(int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "ckpt-%08lld.pt", static_cast<long long>(step));
  return name;
}

std::vector<std::pair<int64_t, std::string>> listCheckpoints(const std::string& run_dir) {
  std::vector<std::pair<int64_t, std::string>> found;
  std::error_code ec;
  const fs::path dir = fs::path(run_dir) / "checkpoints";
  if (!fs::is_directory(dir, ec)) return found;
  static const std::regex pattern("ckpt-([0-9]+)\\.pt");
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::smatch match;
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && std::regex_match(name, match, pattern))
      found.emplace_back(std::stoll(match[1].str()), entry.path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

void copyAtomically(const std::string& from, const std::string& to) {
  writeAtomically(to, [&](const std::string& temporary) {
    std::error_code ec;
    fs::copy_file(from, temporary, fs::copy_options::overwrite_existing, ec);
    if (ec) throw std::runtime_error("cannot copy '" + from + "' to '" + temporary + "': " + ec.message());
  });
}

// Appends lines to metrics.jsonl; each line is flushed at once.
class MetricsLog {
 public:
  explicit MetricsLog(const std::string& path) : path_(path) {}
  void open() {
    out_.open(path_, std::ios::app);
    if (!out_) throw std::runtime_error("cannot open '" + path_ + "' for writing");
  }
  void write(const nlohmann::json& record) {
    out_ << record.dump() << '\n';
    out_.flush();
  }
  // Keeps only records up to `step` (after a resume), atomically.
  void truncateAfter(int64_t step) {
    std::ifstream in(path_);
    if (!in) return;
    std::string kept, line;
    while (std::getline(in, line)) {
      try {
        if (nlohmann::json::parse(line).value("step", int64_t(0)) <= step) kept += line + "\n";
      } catch (const std::exception&) {
        // A torn last line from a crash: dropped.
      }
    }
    writeFileAtomically(path_, kept);
  }

 private:
  std::string path_;
  std::ofstream out_;
};

double msSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

namespace {

// A checksum of what a checkpoint holds besides the weights: the trainer's
// state, Adam's moments and the random state.
std::string trainingStateChecksum(const std::string& trainer_state, torch::optim::Adam& optimizer,
                                  const torch::Tensor& rng) {
  Hash64 sum;
  sum.add(trainer_state);
  sum.add(adamStateChecksum(optimizer));
  if (rng.defined()) {
    auto cpu = rng.contiguous();
    sum.add(cpu.data_ptr(), size_t(cpu.numel()) * cpu.element_size());
  }
  return sum.hex();
}

}  // namespace

std::string latestCheckpoint(const std::string& run_dir) {
  const auto all = listCheckpoints(run_dir);
  return all.empty() ? std::string() : all.back().second;
}

void averageCheckpoints(const std::vector<std::string>& paths, const std::string& out_path) {
  if (paths.empty()) throw std::invalid_argument("no checkpoints to average");
  torch::NoGradGuard no_grad;
  auto average = loadModel(paths[0]);
  auto sum = average->named_parameters();
  std::vector<torch::Tensor> totals;
  for (auto& p : sum) totals.push_back(p.value().to(torch::kDouble));
  for (size_t i = 1; i < paths.size(); ++i) {
    auto other = loadModel(paths[i]);
    if (other->options() != average->options())
      throw std::invalid_argument("'" + paths[i] + "' has other model options than '" + paths[0] + "'");
    size_t k = 0;
    for (auto& p : other->named_parameters()) totals[k++] += p.value().to(torch::kDouble);
  }
  size_t k = 0;
  for (auto& p : sum) p.value().copy_((totals[k++] / double(paths.size())).to(p.value().scalar_type()));
  saveModel(average, out_path);
}

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
      copyAtomically(data_dir_ + "/spm.model", run_dir_ + "/spm.model");
    }

    bool from_cache = false;
    const auto train = data::loadEncodedSplit(data_dir_, "train", *tokenizer, &from_cache);
    const auto dev = data::loadEncodedSplit(data_dir_, "dev", *tokenizer);
    log("data: " + std::to_string(train.size()) + " training pairs" + (from_cache ? " (cached ids)" : "") + ", " +
        std::to_string(dev.size()) + " dev pairs");

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

    const bool amp = config_.mixed_precision;
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
      const std::string path = latestCheckpoint(run_dir_);
      auto loaded = loadModel(path, device);
      if (loaded->options() != config_.model)
        throw std::runtime_error("checkpoint '" + path + "' does not match the run's model options");
      {
        torch::NoGradGuard no_grad;
        auto source = loaded->named_parameters();
        for (auto& p : model->named_parameters()) p.value().copy_(source[p.key()]);
      }
      readModelArchive(path, [&](torch::serialize::InputArchive& archive) {
        c10::IValue json;
        if (!archive.try_read("trainer_state", json) || !json.isString())
          throw std::runtime_error("it is not a training checkpoint (no trainer_state)");
        torch::serialize::InputArchive optimizer_archive;
        if (!archive.try_read("optimizer", optimizer_archive)) throw std::runtime_error("no optimizer state");
        optimizer->load(optimizer_archive);
        torch::Tensor rng;
        const bool has_rng = archive.try_read("rng_state", rng);
        // Weights are verified by loadModel(); the rest of the training state here.
        c10::IValue stored;
        if (archive.try_read("state_checksum", stored) && stored.isString() &&
            stored.toStringRef() != trainingStateChecksum(json.toStringRef(), *optimizer, rng))
          throw std::runtime_error("checkpoint '" + path +
                                   "' is corrupt: its optimizer or trainer state fails its checksum");
        state = stateFromJson(nlohmann::json::parse(json.toStringRef()));
        if (has_rng) {
          auto generator = at::detail::getDefaultCPUGenerator();
          std::lock_guard<std::mutex> lock(generator.mutex());
          generator.set_state(rng);
        }
      });
      last_checkpoint = path;
      metrics.truncateAfter(state.step);
      log("resumed from " + path + " at step " + std::to_string(state.step));
    }
    LossScaler scaler(amp && amp_dtype == torch::kHalf, state.loss_scale);
    scaler.restore(state.loss_scale, state.loss_scale_good_steps);
    if (amp)
      log(std::string("mixed precision: ") + (amp_dtype == torch::kHalf ? "fp16" : "bf16") +
          (config_.mixed_precision_dtype == "auto" ? " (auto)" : "") + (scaler.enabled() ? " with loss scaling" : ""));
    metrics.open();
    log("model: " + std::to_string(model->parameterCount()) + " parameters, " + toString(config_.model.norm_position) +
        "-LN, on " + device.str());

    // --- the loop ------------------------------------------------------
    auto epochBatches = [&](int64_t epoch) {
      return data::tokenBudgetBatches(src_len, tgt_len, config_.max_tokens, config_.seed, uint64_t(epoch));
    };
    auto batches = epochBatches(state.epoch);

    auto writeCheckpoint = [&]() {
      const std::string path = run_dir_ + "/checkpoints/" + checkpointName(state.step);
      saveModel(model, path, [&](torch::serialize::OutputArchive& archive) {
        const std::string trainer_state = stateToJson(state).dump();
        archive.write("trainer_state", c10::IValue(trainer_state));
        torch::serialize::OutputArchive optimizer_archive(archive.compilation_unit());
        optimizer->save(optimizer_archive);
        archive.write("optimizer", optimizer_archive);
        torch::Tensor rng;
        {
          auto generator = at::detail::getDefaultCPUGenerator();
          std::lock_guard<std::mutex> lock(generator.mutex());
          rng = generator.get_state();
        }
        archive.write("rng_state", rng);
        archive.write("state_checksum", c10::IValue(trainingStateChecksum(trainer_state, *optimizer, rng)));
      });
      last_checkpoint = path;
      auto all = listCheckpoints(run_dir_);
      for (size_t i = 0; i + size_t(config_.keep_last) < all.size(); ++i) fs::remove(all[i].second);
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
        {
          AutocastScope autocast(amp, device, amp_dtype);
          out = labelSmoothedCrossEntropy(model(t.src.to(device), t.target_in.to(device)), t.target_out.to(device),
                                          config_.model.pad_id, config_.label_smoothing, /*count_correct=*/false);
        }
        const double value = out.loss.item<double>();
        if (!std::isfinite(value))
          throw std::runtime_error("the loss became " + std::string(std::isnan(value) ? "NaN" : "infinite") +
                                   " at step " + std::to_string(state.step + 1) + "; the last good checkpoint is " +
                                   (last_checkpoint.empty() ? std::string("none") : last_checkpoint) +
                                   " (try a lower learning rate or a longer warmup)");
        (out.loss * (scaler.scale() / double(config_.accumulate_steps))).backward();
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
      event.elapsed_seconds = msSince(started);
      const double window = msSince(window_start);
      event.tokens_per_second = window > 0 ? double(window_tokens) / window : 0.0;
      if (callbacks_.step) callbacks_.step(event);
      if (state.step % config_.log_every == 0 || state.step == 1) {
        metrics.write({{"type", "train"}, {"step", state.step}, {"epoch", state.epoch}, {"loss", event.loss},
                       {"nll", event.nll}, {"lr", lr}, {"grad_norm", grad_norm},
                       {"tokens_per_s", event.tokens_per_second}, {"time", event.elapsed_seconds}});
        window_start = Clock::now();
        window_tokens = 0;
      }

      if (state.step % config_.eval_every == 0) {
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
          copyAtomically(path, run_dir_ + "/best.pt");
          if (callbacks_.checkpoint) callbacks_.checkpoint({state.step, run_dir_ + "/best.pt", true});
        }
        if (config_.early_stopping_patience > 0 && state.evals_without_improvement >= config_.early_stopping_patience) {
          finish_reason = "early_stopping";
          log("early stopping: dev BLEU has not improved for " + std::to_string(state.evals_without_improvement) +
              " evaluations (best " + std::to_string(state.best_bleu) + " at step " + std::to_string(state.best_step) + ")");
          break;
        }
      }
    }
    if (state.step > 0 && !wrote_at_this_step) writeCheckpoint();

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
