#include "model/training/TrainingRun.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "model/files/AtomicFile.h"
#include "model/files/DiskSpace.h"
#include "model/runtime/Runtime.h"
#include "model/training/FineTune.h"
#include "model/training/GuidedAlignment.h"
#include "model/training/Optimizer.h"

// TrainingRun's set-up, in the order it runs (TrainingRun.h); its loop is in TrainingRun.cpp.
namespace studio::model {

namespace fs = std::filesystem;

TrainingRun::TrainingRun(TrainingConfig& config, std::string& data_dir, const std::string& run_dir,
                         bool resume, int64_t max_steps_override, const WorkerPlace& place,
                         const TrainerCallbacks& callbacks, const std::atomic<bool>& stop)
    : config_(config),
      data_dir_(data_dir),
      run_dir_(run_dir),
      resume_(resume),
      max_steps_override_(max_steps_override),
      place_(place),
      callbacks_(callbacks),
      stop_(stop) {
  setUpWorkers();  // first, so that a failing set-up ends them all
  readConfig();
  loadData();
  buildModel();
  resumeOrStart();
  describe();

  batches_.emplace(data_, config_, state_, tokenizer_.get());
  // Several workers sum their gradients during the last backward pass of a step.
  if (group_)
    gradient_sum_ =
        std::make_unique<GradientSum>(*group_, model_->parameters(), bucketBytes(place_, device_));
  // A time budget decides max_steps from the first steps' pace and revises it at evaluations
  // (rank 0's pace, for every worker); config.json gets each number, for --resume.
  const double budget_minutes = max_steps_override_ > 0 ? 0.0 : config_.time_budget_minutes;
  budget_.emplace(budget_minutes, config_.max_steps, 200, 50, 0.04, config_.eval_every);
  // At the end, best.pt or the last checkpoint, on the whole dev split (FinalChoice.h).
  final_chooser_.emplace(data_dir_, run_dir_, config_, data_.dev, tokenizer_);
  started_ = window_start_ = Clock::now();
}

TrainingRun::~TrainingRun() = default;

void TrainingRun::setUpWorkers() {
  if (place_.distributed()) {
    group_ = std::make_unique<WorkerGroup>(place_, std::chrono::seconds(place_.join_timeout_seconds));
    workers_ = group_->size();
    log("joined as worker " + std::to_string(place_.rank) + " of " + std::to_string(place_.world_size));
  }
  lead_ = place_.rank == 0;
}

void TrainingRun::readConfig() {
  if (resume_) {
    config_ = readRunConfig(run_dir_, &data_dir_);
    if (latestCheckpoint(run_dir_).empty())
      throw std::runtime_error("run folder '" + run_dir_ + "' has no checkpoint to resume from");
  } else if (lead_ && !latestCheckpoint(run_dir_).empty()) {
    throw std::runtime_error("run folder '" + run_dir_ +
                             "' already holds checkpoints: resume it, or choose another folder");
  }
  if (max_steps_override_ > 0) config_.max_steps = max_steps_override_;
  if (!config_.init_from.empty()) {
    if (!resume_) adoptModelOptions(config_);
    checkFineTuningInputs(config_, data_dir_);
  }
  tokenizer_ = std::make_shared<const data::Tokenizer>(data_dir_ + "/spm.model");
  config_.model.vocab_size = tokenizer_->vocabSize();
  config_.model.pad_id = data::kPadId;
  config_.model.unk_id = data::kUnkId;
  config_.model.bos_id = data::kBosId;
  config_.model.eos_id = data::kEosId;
  if (config_.guided_alignment > 0)
    config_.model.alignment_layer = config_.guided_alignment_layer >= 0 ? config_.guided_alignment_layer
                                    : config_.model.alignment_layer >= 0
                                        ? config_.model.alignment_layer
                                        : defaultAlignmentLayer(config_.model.decoder_layers);
  config_.validate();

  std::string device_note;
  device_ = workerDevice(config_.device, resolveDevice(config_.device), place_,
                         int(availableDevices().size()) - 1, &device_note);
  if (lead_ && !device_note.empty()) log(device_note);
  if (lead_ && group_) log("gradients summed through " + group_->sumsThrough(device_));
  if (lead_) {
    fs::create_directories(fs::path(run_dir_) / "checkpoints");
    if (!resume_) {
      writeRunConfig(run_dir_, config_, data_dir_);
      copyFileAtomically(data_dir_ + "/spm.model", run_dir_ + "/spm.model");
    }
  }
}

void TrainingRun::loadData() {
  data_ = loadTrainingData(data_dir_, *tokenizer_, config_, leadLog());
  probes_.emplace(run_dir_,
                  lead_ ? chooseProbes(config_, *tokenizer_, data_.dev.sources, data_.dev.references)
                        : std::vector<ProbeSentence>{},
                  config_);
  if (lead_ && !probes_->enabled())
    log("probes: none recorded (no probe sentences given, and default_probes is 0 or no dev pair fits)");
}

void TrainingRun::buildModel() {
  amp_ = mixedPrecisionEnabled(config_.mixed_precision, config_.mixed_precision_dtype, device_);
  if (config_.mixed_precision && !amp_)
    log("mixed precision: off, float32 (\"auto\" on a CPU without bf16 instructions, AVX512-BF16 or AMX)");
  amp_dtype_ = mixedPrecisionType(config_.mixed_precision_dtype, device_);
  if (amp_ && amp_dtype_ == torch::kHalf && !device_.is_cuda())
    throw std::runtime_error("fp16 mixed precision needs a CUDA device (this run is on " + device_.str() +
                             "); use mixed_precision_dtype \"bf16\"");
  torch::manual_seed(config_.seed);
  model_ = Transformer(config_.model);
  model_->to(device_);
  optimizer_ = makeAdam(model_->parameters(), 0.0);
  if (lead_ && config_.ema_decay > 0) average_.emplace(model_, config_.ema_decay);
  metrics_.emplace(run_dir_ + "/metrics.jsonl");
  checkpoints_.emplace(run_dir_, config_, [this](const std::string& line) { log(line); });
}

void TrainingRun::resumeOrStart() {
  if (!resume_ && !config_.init_from.empty()) {
    startFromModel(config_, model_, *optimizer_, leadLog());
    if (average_) average_->copyFrom(model_);
  }
  if (resume_ && lead_) {
    const auto point = resumeFromNewestIntact(
        run_dir_, model_, *optimizer_, [this](const std::string& line) { log(line); }, average());
    state_ = point.state;
    checkpoints_->setLast(point.path);
    metrics_->truncateAfter(state_.step);
    log("resumed from " + point.path + " at step " + std::to_string(state_.step));
  }
  if (group_) {
    // The others resume from the checkpoint rank 0 chose, and every worker
    // starts from rank 0's weights; dropout differs between workers.
    if (lead_) group_->tell("set-up", checkpoints_->last());
    const std::string resumed = group_->hear("set-up");
    if (!lead_ && !resumed.empty()) state_ = restoreCheckpoint(resumed, model_, *optimizer_);
    group_->broadcast(model_->parameters());
    if (!lead_) torch::manual_seed(config_.seed + uint64_t(place_.rank) * 1000003 + uint64_t(state_.step));
  }
  scaler_.emplace(amp_ && amp_dtype_ == torch::kHalf, state_.loss_scale);
  scaler_->restore(state_.loss_scale, state_.loss_scale_good_steps);
}

void TrainingRun::describe() {
  if (amp_)
    log(std::string("mixed precision: ") + (amp_dtype_ == torch::kHalf ? "fp16" : "bf16") +
        (config_.mixed_precision_dtype == "auto"
             ? " (auto" + std::string(device_.is_cuda() ? "" : ": this CPU has " + cpuBf16Instructions()) +
                   ")"
             : "") +
        (scaler_->enabled() ? " with loss scaling" : ""));
  if (!lead_) return;
  if (average_) {
    char line[200];
    std::snprintf(
        line, sizeof line,
        "weight average: the evaluations, probes and checkpoints use an exponential moving average of "
        "the weights (decay %g: about the last %lld steps)",
        config_.ema_decay, static_cast<long long>(std::llround(1.0 / (1.0 - config_.ema_decay))));
    log(line);
  }
  metrics_->open();
  probes_->open(resume_ ? state_.step : -1);
  if (const auto kept = keptModelsEstimate(config_); kept.files > 0) {
    const int64_t free = freeBytes(run_dir_);
    log("keeping the model of every " + std::to_string(config_.eval_every * config_.keep_models_every) +
        "th step in " + run_dir_ + "/models: " + std::to_string(kept.files) + " files, about " +
        formatBytes(kept.bytes) + (free >= 0 ? " (" + formatBytes(free) + " free)" : ""));
  }
  log("model: " + std::to_string(model_->parameterCount()) + " parameters, " +
      toString(config_.model.norm_position) + "-LN, on " + device_.str() +
      (group_ ? ", " + std::to_string(group_->size()) + " workers" : ""));
}

}  // namespace studio::model
