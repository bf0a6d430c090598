#pragma once

#include <cstdint>
#include <string>

#include <torch/types.h>

#include "model/training/TrainingConfig.h"

// How long a training run will take here, before it starts: a few real
// training steps of the configured model on random tokens, timed.
namespace studio::model {

struct SpeedEstimate {
  double step_seconds = 0;        // one optimizer step with a full batch
  double evaluation_seconds = 0;  // one evaluation (dev loss and greedy translations)
  double final_choice_seconds = 0;  // the end's choice of best.pt on every dev pair (FinalChoice.h)
  double run_seconds = 0;           // `steps` steps, their evaluations and the final choice
  int64_t steps = 0;              // max_steps, or fewer where a time budget holds fewer
  std::string precision;          // "bf16" or "fp32": what the run will use here
  int workers = 1;        // 1, or the workers the run would start (defaultWorkerCount) where they were faster
  int workers_timed = 1;  // the workers the run would start here, and time against one process first
};

// Times `steps` training steps (after one untimed warm-up step) of
// `config`'s model with vocabulary `vocab_size` on `device`: batches of
// sentences `length` pieces long filling config.max_tokens, forward with the
// run's autocast, label-smoothed loss, backward, clipping, Adam. The
// evaluation is estimated from the step: the dev loss as the forward passes
// over `dev_pairs` pairs, the greedy translations of eval_sentences as one
// forward of a batch of them a decoded token, and the final choice as two
// such translations of `dev_pairs`. The steps are timed in one
// process of all the threads and, when the run would start several CPU
// workers, as those run: each share of the batch on cores/N threads, all at
// once, on threads of this process (the gradient sum is not in the
// estimate); the faster way is the estimate's, as a budgeted run times both
// and trains the faster.
SpeedEstimate estimateTrainingSpeed(const TrainingConfig& config, int64_t vocab_size, const torch::Device& device,
                                    int64_t steps = 6, int64_t length = 20, int64_t dev_pairs = 1500);

}  // namespace studio::model
