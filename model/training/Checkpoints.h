#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <torch/optim/adam.h>

#include "model/Transformer.h"
#include "model/training/WeightAverage.h"

// Training checkpoints: a model file (model/files/ModelFile.h) that also holds
//   trainer_state    the TrainerState as JSON
//   optimizer        Adam's state
//   rng_state        the CPU generator's state
//   training_weights with a weight average (TrainingConfig::ema_decay): the
//                    weights training goes on from, the file's own weights
//                    being the average (what a translator reads)
//   state_checksum   a hash of the above, so a damaged optimizer state is
//                    refused as damaged weights are
// named checkpoints/ckpt-<step, 8 digits>.pt in the run folder.
namespace studio::model {

struct TrainerState {
  int64_t step = 0;
  int64_t epoch = 0;
  int64_t batch_index = 0;  // next batch of the epoch
  double best_bleu = -1;
  int64_t best_step = 0;
  int64_t evals_without_improvement = 0;
  double plateau_scale = 1.0;  // product of the plateau cuts so far
  int64_t plateau_bad_evals = 0;
  double loss_scale = 65536.0;  // fp16 mixed precision only
  int64_t loss_scale_good_steps = 0;
};

// A checkpoint that cannot be used: truncated, corrupt, failing a checksum,
// or not a training checkpoint at all.
class DamagedCheckpoint : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string checkpointName(int64_t step);  // "ckpt-00001000.pt"
std::string keptModelName(int64_t step);   // "step-00001000.pt", in the run's models/ (keep_models_every)

// The models a run kept (models/step-*.pt), oldest first, as (step, path).
std::vector<std::pair<int64_t, std::string>> listKeptModels(const std::string& run_dir);

// The run folder's checkpoints, oldest first, as (step, path).
std::vector<std::pair<int64_t, std::string>> listCheckpoints(const std::string& run_dir);

// The newest checkpoint in a run folder ("" when none).
std::string latestCheckpoint(const std::string& run_dir);

// Writes a checkpoint atomically (throws FileWriteError naming the file, the
// cause and the free space; the previous files stay as they were). With
// `average`, the file's weights are the average's and `model`'s are its
// training_weights.
void saveCheckpoint(const std::string& path, Transformer& model, torch::optim::Adam& optimizer,
                    const TrainerState& state, WeightAverage* average = nullptr);

// Restores the training weights (the file's training_weights, else its
// weights), Adam's state and the random state from `path` into `model` and
// `optimizer` and returns the trainer's state; `average`, when given, gets
// the file's weights when it holds training_weights, else a copy of
// `model`'s. Throws DamagedCheckpoint for a file that cannot be used,
// std::runtime_error when its model options differ from `model`'s.
TrainerState restoreCheckpoint(const std::string& path, Transformer& model, torch::optim::Adam& optimizer,
                               WeightAverage* average = nullptr);

struct ResumePoint {
  std::string path;
  TrainerState state;
  std::vector<std::string> set_aside;  // damaged newer checkpoints, now named *.damaged
};

// Restores the newest intact checkpoint of `run_dir`. Each newer one that is
// damaged is renamed to <name>.damaged (kept for inspection, never read
// again) and reported through `log`. Throws std::runtime_error when no
// checkpoint is intact, naming each and what was wrong with it.
ResumePoint resumeFromNewestIntact(const std::string& run_dir, Transformer& model,
                                   torch::optim::Adam& optimizer,
                                   const std::function<void(const std::string&)>& log,
                                   WeightAverage* average = nullptr);

// The bytes the next checkpoint of this model will take: the size of the
// last one written (`last_checkpoint`, "" when none), else an estimate from
// the tensors.
int64_t expectedCheckpointBytes(const std::string& last_checkpoint, Transformer& model,
                                bool with_average = false);

// Averages the parameters of model files (same options) into `out_path`.
void averageCheckpoints(const std::vector<std::string>& paths, const std::string& out_path);

}  // namespace studio::model
