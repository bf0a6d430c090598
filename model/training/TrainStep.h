#pragma once

#include <functional>
#include <string>

#include "model/Transformer.h"
#include "model/training/TrainingData.h"

// The forward and backward passes of one optimizer step, for one worker.
namespace studio::model {

// What one step's passes add up to (over this worker's share, or, after the
// workers' sum, over the whole global batch).
struct StepSums {
  double loss = 0, nll = 0;  // summed over target tokens
  double alignment = 0;      // guided alignment's loss, summed over the batches (GuidedAlignment.h)
  int64_t tokens = 0;
  bool epochs_done = false;  // max_epochs was reached on the way
};

struct WorkerShare {
  int rank = 0, workers = 1;
};

struct Precision {
  bool autocast = false;                    // mixed precision on
  torch::ScalarType dtype = torch::kFloat;  // its type
  double loss_scale = 1.0;                  // fp16's dynamic loss scale (1 otherwise)
};

// Runs config.accumulate_steps global batches from `batches` through the
// model, this worker's share of each (shareOfBatch), and accumulates the
// gradients of the step's loss into the parameters (with guided_alignment,
// its alignment loss a target piece weighted by it): each share's mean loss
// is weighted by its share of the batch's target tokens, so that the
// workers' gradients sum to the gradient one process would compute on the
// whole batch. Throws std::runtime_error for a loss that is not finite and
// for running out of memory, naming the step, the batch, what to lower and
// `last_checkpoint`. `last_backward_starts` runs just before the step's last
// backward pass (GradientSum::arm).
StepSums forwardBackward(Transformer& model, BatchStream& batches, TrainerState& state,
                         const TrainingConfig& config, const torch::Device& device, const WorkerShare& share,
                         const Precision& precision, const std::string& last_checkpoint,
                         const std::function<void()>& last_backward_starts = {});

}  // namespace studio::model
