#include "model/training/RunFolder.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/files/AtomicFile.h"
#include "model/files/DiskSpace.h"
#include "model/files/ModelFile.h"

namespace studio::model {

namespace fs = std::filesystem;

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

std::string averageLastCheckpoints(const std::string& run_dir, int64_t count, int64_t* averaged) {
  const auto all = listCheckpoints(run_dir);
  std::vector<std::string> paths;
  for (size_t i = all.size() > size_t(count) ? all.size() - size_t(count) : 0; i < all.size(); ++i)
    paths.push_back(all[i].second);
  if (averaged) *averaged = int64_t(paths.size());
  if (paths.size() < 2) return {};
  averageCheckpoints(paths, run_dir + "/averaged.pt");
  return run_dir + "/averaged.pt";
}

void writeRunConfig(const std::string& run_dir, const TrainingConfig& config, const std::string& data_dir) {
  const nlohmann::json run_config{{"data", fs::absolute(data_dir).string()}, {"training", toJson(config)}};
  writeFileAtomically(run_dir + "/config.json", run_config.dump(2) + "\n");
}

CheckpointKeeper::CheckpointKeeper(std::string run_dir, const TrainingConfig& config,
                                   std::function<void(const std::string&)> log)
    : run_dir_(std::move(run_dir)), config_(config), log_(std::move(log)) {}

std::string CheckpointKeeper::write(Transformer& model, torch::optim::Adam& optimizer,
                                    const TrainerState& state, WeightAverage* average) {
  const std::string path = run_dir_ + "/checkpoints/" + checkpointName(state.step);
  // Room for it and for a copy as best.pt, or a warning that says how much
  // is missing (the write itself reports a real failure).
  const int64_t bytes = expectedCheckpointBytes(last_, model, average != nullptr), free = freeBytes(run_dir_);
  if (free >= 0 && free < 2 * bytes)
    log_("warning: the next checkpoint needs about " + formatBytes(bytes) + " (twice that with best.pt), " +
         "but the disk holding '" + run_dir_ + "' has " + formatBytes(free) +
         " free: free some space, or lower keep_last");
  saveCheckpoint(path, model, optimizer, state, average);
  last_ = path;
  auto all = listCheckpoints(run_dir_);
  for (size_t i = 0; i + size_t(config_.keep_last) < all.size(); ++i) fs::remove(all[i].second);
  if (config_.keep_models_every > 0 && state.step % (config_.eval_every * config_.keep_models_every) == 0)
    saveModel(average ? average->model() : model, run_dir_ + "/models/" + keptModelName(state.step));
  return path;
}

void CheckpointKeeper::keepAsBest(const std::string& checkpoint) {
  copyFileAtomically(checkpoint, run_dir_ + "/best.pt");
}

}  // namespace studio::model
