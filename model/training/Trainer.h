#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/training/Checkpoints.h"
#include "model/training/Distributed.h"
#include "model/training/FinalChoice.h"
#include "model/training/RunFolder.h"
#include "model/training/TrainingConfig.h"

// The training loop, without Qt: it reports through callbacks, so the CLI
// prints and the GUI plots the same events.
//
// A run folder holds
//   config.json          the TrainingConfig (and the data folder it trained on)
//   spm.model            a copy of the data's SentencePiece model
//   metrics.jsonl        one JSON object a line: {"type": "train" | "eval" | "final_choice", "step": ...,
//   ...} checkpoints/ckpt-00001000.pt   the last keep_last checkpoints (model + optimizer + trainer state)
//   best.pt              the checkpoint with the best dev BLEU (of the evaluations; at the end of
//                        a run, it or the last checkpoint on the whole dev split: FinalChoice.h)
//   averaged.pt          the average of the last average_last checkpoints (if asked for)
// Every file is written atomically.
namespace studio::model {

struct StepEvent {
  int64_t step = 0, max_steps = 0, epoch = 0;
  double loss = 0;           // label-smoothed, a target token
  double nll = 0;            // negative log-likelihood a target token
  double alignment = 0;      // guided alignment's loss a target token (0 when off)
  double learning_rate = 0;
  double grad_norm = 0;      // before clipping
  double tokens_per_second = 0;
  int64_t target_tokens = 0;  // in this step (every worker's)
  double elapsed_seconds = 0;
  int workers = 1;            // the figures above are summed over them
  double reduce_seconds = 0;  // spent summing the gradients over the workers
};

struct SampleTranslation {
  std::string source, reference, hypothesis;
};

struct EvalEvent {
  int64_t step = 0;
  double loss = 0, perplexity = 0, token_accuracy = 0;
  double bleu = 0, chrf = 0;
  std::string bleu_line, chrf_line;  // sacreBLEU's lines
  int64_t sentences = 0;
  double translate_seconds = 0;  // the translating half's (not the loss pass)
  bool best = false;
  std::vector<SampleTranslation> samples;
  // Fine-tuning with original_data: the same scores on the original dev split (-1: none).
  double original_bleu = -1, original_chrf = -1;
  // A data folder of several corpora: BLEU of each one's dev pairs evaluated
  // (the corpus as prepare was given it), in their order.
  std::vector<std::pair<std::string, double>> bleu_by_corpus;
};

struct CheckpointEvent {
  int64_t step = 0;
  std::string path;
  bool best = false;
};

struct FinishedEvent {
  int64_t step = 0;
  std::string reason;  // "max_steps", "max_epochs", "stopped", "early_stopping"
  double best_bleu = -1;  // of the evaluations (eval_sentences)
  std::string best_path, last_path, averaged_path;
  // best.pt or the last checkpoint, compared on the whole dev split at the end (none when not needed).
  std::optional<FinalChoice> final_choice;
};

struct TrainerCallbacks {
  std::function<void(const StepEvent&)> step;
  std::function<void(const EvalEvent&)> evaluation;
  std::function<void(const CheckpointEvent&)> checkpoint;
  std::function<void(const std::string&)> log;
  std::function<void(const FinishedEvent&)> finished;
  std::function<void(const std::string&)> failed;
};

class Trainer {
 public:
  // A new run (`resume` false: the run folder must hold no checkpoint) or the
  // continuation of the run in `run_dir` from its newest checkpoint (then
  // `config` comes from its config.json, except max_steps when given > 0).
  Trainer(TrainingConfig config, std::string data_dir, std::string run_dir, bool resume,
          TrainerCallbacks callbacks, int64_t max_steps_override = 0);

  // Trains until max_steps, max_epochs, early stopping or a stop request.
  // Never throws: a failure is reported through callbacks.failed. Returns
  // true when it finished normally (including a requested stop).
  bool run();

  // Thread-safe: the current step finishes, a checkpoint is written, run()
  // returns. With several workers, a stop asked of any stops them all after
  // the same step.
  void requestStop() { stop_.store(true); }

  // One of several data-parallel workers (Distributed.h); call before run().
  // Rank 0 evaluates and writes the run folder; the others train their share
  // and report only through `log` and `failed`.
  void setWorkerPlace(const WorkerPlace& place) { place_ = place; }

  const TrainingConfig& config() const { return config_; }

 private:
  TrainingConfig config_;
  std::string data_dir_, run_dir_;
  bool resume_;
  TrainerCallbacks callbacks_;
  int64_t max_steps_override_;
  std::atomic<bool> stop_{false};
  WorkerPlace place_;
};


}  // namespace studio::model
