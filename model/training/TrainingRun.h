#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <torch/torch.h>

#include "model/Transformer.h"
#include "model/data/Tokenizer.h"
#include "model/training/Checkpoints.h"
#include "model/training/Distributed.h"
#include "model/training/FinalChoice.h"
#include "model/training/GradientSum.h"
#include "model/training/MetricsLog.h"
#include "model/training/MixedPrecision.h"
#include "model/training/Probes.h"
#include "model/training/RunFolder.h"
#include "model/training/TimeBudget.h"
#include "model/training/TrainStep.h"
#include "model/training/Trainer.h"
#include "model/training/TrainingConfig.h"
#include "model/training/TrainingData.h"
#include "model/training/WeightAverage.h"

// One run of the Trainer (Trainer.h): what it sets up, in order, and the
// named parts of its loop. Trainer::run reads
//   TrainingRun run(...);               // workers, data, model, resumption
//   run.begin();                        // the first probes; a fine-tuned model's first scores
//   while (run.keepGoing()) run.update();
//   callbacks.finished(run.end());      // the last checkpoint, the final choice, averaging
// Every worker runs the same calls; rank 0 (the lead) evaluates and writes
// the run folder.
namespace studio::model {

class TrainingRun {
 public:
  // The set-up: joins the other workers, reads the configuration (the run
  // folder's when resuming), the data and the tokenizer, builds the model
  // and its optimizer, and resumes or starts it. Throws on any failure.
  // `config` and `data_dir` are the Trainer's: a resumed run replaces them.
  TrainingRun(TrainingConfig& config, std::string& data_dir, const std::string& run_dir, bool resume,
              int64_t max_steps_override, const WorkerPlace& place, const TrainerCallbacks& callbacks,
              const std::atomic<bool>& stop);
  ~TrainingRun();

  // Before the first step: the probes' first round, and a fine-tuned model's
  // scores before it learns anything (where its curves start).
  void begin();

  // False once max_steps, max_epochs, early stopping or a stop ends the run.
  bool keepGoing();

  // One optimizer step: the forward and backward passes (with gradient
  // accumulation), the gradients summed over the workers, clipping and Adam,
  // the time budget, the step's report, and the evaluation or probes due.
  void update();

  // After the last step: its checkpoint and probes, the final choice of
  // best.pt (FinalChoice.h), the averaged checkpoints, the workers' parting.
  FinishedEvent end();

 private:
  void setUpWorkers();
  void readConfig();
  void loadData();
  void buildModel();
  void resumeOrStart();
  void describe();

  StepSums forwardBackward();
  bool sumOverWorkers(StepSums& sums);  // true when a stop was asked of any worker
  bool optimizerStep();                 // false when fp16 overflowed and the step was skipped
  void fitTheBudget();
  void report(const StepSums& sums);
  bool evaluateAll();  // true when early stopping ends the run
  bool evaluateAndKeep();
  std::string writeCheckpoint();
  void recordProbes();

  // What the evaluations, probes and the final choice translate with: the
  // weight average's model (ema_decay), else the one that trains.
  Transformer& translating();
  WeightAverage* average() { return average_ ? &*average_ : nullptr; }

  void log(const std::string& line) const;
  std::function<void(const std::string&)> leadLog() const;  // log on rank 0, silence elsewhere

  using Clock = std::chrono::steady_clock;
  const Clock::time_point run_started_ = Clock::now();

  TrainingConfig& config_;
  std::string& data_dir_;
  const std::string run_dir_;
  const bool resume_;
  const int64_t max_steps_override_;
  const WorkerPlace place_;
  const TrainerCallbacks& callbacks_;
  const std::atomic<bool>& stop_;

  std::unique_ptr<WorkerGroup> group_;
  bool lead_ = true;
  int workers_ = 1;
  std::shared_ptr<const data::Tokenizer> tokenizer_;
  torch::Device device_{torch::kCPU};
  TrainingData data_;
  std::optional<ProbeRecorder> probes_;
  bool amp_ = false;
  torch::ScalarType amp_dtype_ = torch::kFloat;
  Transformer model_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::optional<WeightAverage> average_;  // rank 0, with ema_decay
  TrainerState state_;
  std::optional<MetricsLog> metrics_;
  std::optional<CheckpointKeeper> checkpoints_;
  std::optional<LossScaler> scaler_;
  std::optional<BatchStream> batches_;
  std::unique_ptr<GradientSum> gradient_sum_;  // several workers only
  std::optional<TimeBudget> budget_;
  std::optional<FinalChooser> final_chooser_;

  // The loop's figures.
  Clock::time_point started_, window_start_;
  int64_t window_tokens_ = 0;
  double reduce_seconds_ = 0, grad_norm_ = 0, learning_rate_ = 0;
  bool wrote_at_this_step_ = false, stop_asked_ = false;
  std::string finish_reason_;  // set when the run ends
};

}  // namespace studio::model
