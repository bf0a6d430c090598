#pragma once

#include <functional>
#include <string>

#include "model/Transformer.h"
#include "model/training/Checkpoints.h"
#include "model/training/TrainingConfig.h"

// A run folder as training writes it (see Trainer.h for its files).
namespace studio::model {

// The TrainingConfig stored in a run folder's config.json (with the data
// folder it names). Throws std::runtime_error naming the file.
TrainingConfig readRunConfig(const std::string& run_dir, std::string* data_dir = nullptr);

// Averages the run's last `count` checkpoints into averaged.pt and returns its
// path, or "" when it has fewer than two; `averaged` says how many it took.
std::string averageLastCheckpoints(const std::string& run_dir, int64_t count, int64_t* averaged = nullptr);

// Writes config.json (atomically): `config` and the data folder, made absolute.
void writeRunConfig(const std::string& run_dir, const TrainingConfig& config, const std::string& data_dir);

// Writes the run's checkpoints: each atomically, with a warning first when
// the disk may not hold it; only the newest keep_last stay; every
// keep_models_every-th evaluation's model is kept in models/; best.pt is a
// copy of the best one.
class CheckpointKeeper {
 public:
  CheckpointKeeper(std::string run_dir, const TrainingConfig& config, std::function<void(const std::string&)> log);

  // Writes the checkpoint of state.step (with `average`: its weights the
  // average's, Checkpoints.h) and returns its path.
  std::string write(Transformer& model, torch::optim::Adam& optimizer, const TrainerState& state,
                    WeightAverage* average = nullptr);
  void keepAsBest(const std::string& checkpoint);

  const std::string& last() const { return last_; }  // "" before the first
  void setLast(std::string path) { last_ = std::move(path); }

 private:
  std::string run_dir_;
  const TrainingConfig& config_;
  std::function<void(const std::string&)> log_;
  std::string last_;
};

}  // namespace studio::model
