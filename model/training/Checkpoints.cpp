#include "model/training/Checkpoints.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <regex>

#include <ATen/Context.h>
#include <nlohmann/json.hpp>

#include "model/files/Hash.h"
#include "model/files/JsonField.h"
#include "model/files/ModelFile.h"
#include "model/training/Optimizer.h"

namespace studio::model {

namespace fs = std::filesystem;

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
  auto field = [&](const char* name, auto& out) {
    if (!j.contains(name)) throw DamagedCheckpoint(std::string("its trainer state has no '") + name + "'");
    out = jsonValue<std::decay_t<decltype(out)>>(j.at(name), std::string("trainer state '") + name + "'");
  };
  TrainerState s;
  field("step", s.step);
  field("epoch", s.epoch);
  field("batch_index", s.batch_index);
  field("best_bleu", s.best_bleu);
  field("best_step", s.best_step);
  field("evals_without_improvement", s.evals_without_improvement);
  field("plateau_scale", s.plateau_scale);
  field("plateau_bad_evals", s.plateau_bad_evals);
  if (j.contains("loss_scale")) field("loss_scale", s.loss_scale);
  if (j.contains("loss_scale_good_steps")) field("loss_scale_good_steps", s.loss_scale_good_steps);
  if (s.step < 0 || s.epoch < 0 || s.batch_index < 0) throw DamagedCheckpoint("its trainer state has negative counts");
  return s;
}

// A checksum of what a checkpoint holds besides the weights: the trainer's
// state, Adam's moments, the random state and the training weights (with a
// weight average).
std::string trainingStateChecksum(const std::string& trainer_state, torch::optim::Adam& optimizer,
                                  const torch::Tensor& rng,
                                  const std::vector<torch::Tensor>& training_weights) {
  Hash64 sum;
  sum.add(trainer_state);
  sum.add(adamStateChecksum(optimizer));
  if (rng.defined()) {
    auto cpu = rng.contiguous();
    sum.add(cpu.data_ptr(), size_t(cpu.numel()) * cpu.element_size());
  }
  for (const auto& weights : training_weights) {
    auto cpu = weights.detach().to(torch::kCPU).contiguous();
    sum.add(cpu.data_ptr(), size_t(cpu.numel()) * cpu.element_size());
  }
  return sum.hex();
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// ModelFileError's "model file 'PATH': what" without the part that names the file again.
std::string withoutFilePrefix(const std::string& message, const std::string& path) {
  const std::string prefix = "model file '" + path + "': ";
  return firstLine(message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
}

}  // namespace

std::string checkpointName(int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "ckpt-%08lld.pt", static_cast<long long>(step));
  return name;
}

std::string keptModelName(int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "step-%08lld.pt", static_cast<long long>(step));
  return name;
}

namespace {
std::vector<std::pair<int64_t, std::string>> listSteps(const fs::path& dir, const std::regex& pattern) {
  std::vector<std::pair<int64_t, std::string>> found;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return found;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::smatch match;
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file(ec) && std::regex_match(name, match, pattern))
      found.emplace_back(std::stoll(match[1].str()), entry.path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}
}  // namespace

std::vector<std::pair<int64_t, std::string>> listCheckpoints(const std::string& run_dir) {
  static const std::regex pattern("ckpt-([0-9]{1,18})\\.pt");
  return listSteps(fs::path(run_dir) / "checkpoints", pattern);
}

std::vector<std::pair<int64_t, std::string>> listKeptModels(const std::string& run_dir) {
  static const std::regex pattern("step-([0-9]{1,18})\\.pt");
  return listSteps(fs::path(run_dir) / "models", pattern);
}

std::string latestCheckpoint(const std::string& run_dir) {
  const auto all = listCheckpoints(run_dir);
  return all.empty() ? std::string() : all.back().second;
}

void saveCheckpoint(const std::string& path, Transformer& model, torch::optim::Adam& optimizer,
                    const TrainerState& state, WeightAverage* average) {
  std::vector<torch::Tensor> training_weights;
  if (average)
    for (const auto& p : model->parameters()) training_weights.push_back(p.detach().to(torch::kCPU));
  saveModel(average ? average->model() : model, path, [&](torch::serialize::OutputArchive& archive) {
    const std::string trainer_state = stateToJson(state).dump();
    archive.write("trainer_state", c10::IValue(trainer_state));
    torch::serialize::OutputArchive optimizer_archive(archive.compilation_unit());
    optimizer.save(optimizer_archive);
    archive.write("optimizer", optimizer_archive);
    torch::Tensor rng;
    {
      auto generator = at::detail::getDefaultCPUGenerator();
      std::lock_guard<std::mutex> lock(generator.mutex());
      rng = generator.get_state();
    }
    archive.write("rng_state", rng);
    if (!training_weights.empty())
      archive.write("training_weights", c10::IValue(c10::List<torch::Tensor>(training_weights)));
    archive.write("state_checksum",
                  c10::IValue(trainingStateChecksum(trainer_state, optimizer, rng, training_weights)));
  });
}

TrainerState restoreCheckpoint(const std::string& path, Transformer& model, torch::optim::Adam& optimizer,
                               WeightAverage* average) {
  Transformer loaded{nullptr};
  try {
    loaded = loadModel(path, model->embeddingWeight().device());
  } catch (const ModelFileError& e) {
    throw DamagedCheckpoint("checkpoint '" + path + "' is damaged: " + withoutFilePrefix(e.what(), path));
  }
  if (!sameShape(loaded->options(), model->options()))
    throw std::runtime_error("checkpoint '" + path + "' does not match the run's model options");
  TrainerState state;
  torch::Tensor rng;
  std::vector<torch::Tensor> training_weights;
  try {
    readModelArchive(path, [&](torch::serialize::InputArchive& archive) {
      c10::IValue json;
      if (!archive.try_read("trainer_state", json) || !json.isString())
        throw DamagedCheckpoint("it is not a training checkpoint (no trainer_state)");
      torch::serialize::InputArchive optimizer_archive;
      if (!archive.try_read("optimizer", optimizer_archive)) throw DamagedCheckpoint("no optimizer state");
      optimizer.load(optimizer_archive);
      const bool has_rng = archive.try_read("rng_state", rng);
      c10::IValue weights;
      if (archive.try_read("training_weights", weights)) {
        if (!weights.isTensorList())
          throw DamagedCheckpoint("its training_weights are not a list of tensors");
        for (const auto& w : weights.toTensorList()) training_weights.push_back(w);
      }
      // The weights were verified by loadModel(); the rest of the training state here.
      c10::IValue stored;
      if (archive.try_read("state_checksum", stored) && stored.isString() &&
          stored.toStringRef() != trainingStateChecksum(json.toStringRef(), optimizer,
                                                        has_rng ? rng : torch::Tensor(), training_weights))
        throw DamagedCheckpoint("its optimizer or trainer state fails its checksum");
      state = stateFromJson(nlohmann::json::parse(json.toStringRef()));
      if (!has_rng) rng = torch::Tensor();
    });
  } catch (const DamagedCheckpoint& e) {
    throw DamagedCheckpoint("checkpoint '" + path + "' is damaged: " + e.what());
  } catch (const std::exception& e) {
    // ModelFileError and LibTorch's own errors about the archive's contents.
    throw DamagedCheckpoint("checkpoint '" + path + "' is damaged: " + withoutFilePrefix(e.what(), path));
  }
  const auto params = model->parameters();
  if (!training_weights.empty()) {
    if (training_weights.size() != params.size())
      throw DamagedCheckpoint("checkpoint '" + path + "' is damaged: it holds " +
                              std::to_string(training_weights.size()) + " training weights for a model of " +
                              std::to_string(params.size()));
    for (size_t i = 0; i < params.size(); ++i)
      if (!training_weights[i].sizes().equals(params[i].sizes()))
        throw DamagedCheckpoint("checkpoint '" + path + "' is damaged: its training weight " +
                                std::to_string(i) + " is of another shape than the model's");
  }
  {
    torch::NoGradGuard no_grad;
    auto source = loaded->named_parameters();
    for (auto& p : model->named_parameters()) p.value().copy_(source[p.key()]);
    // The file's weights are a weight average's when it holds training
    // weights: training goes on from those.
    if (average) average->copyFrom(model);
    for (size_t i = 0; i < training_weights.size(); ++i) params[i].copy_(training_weights[i]);
  }
  moveAdamState(optimizer, model->embeddingWeight().device());  // a run may resume on another device
  if (rng.defined()) {
    auto generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(rng);
  }
  return state;
}

ResumePoint resumeFromNewestIntact(const std::string& run_dir, Transformer& model,
                                   torch::optim::Adam& optimizer,
                                   const std::function<void(const std::string&)>& log,
                                   WeightAverage* average) {
  const auto all = listCheckpoints(run_dir);
  if (all.empty()) throw std::runtime_error("run folder '" + run_dir + "' has no checkpoint to resume from");
  ResumePoint point;
  std::string problems;
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    const std::string& path = it->second;
    try {
      point.state = restoreCheckpoint(path, model, optimizer, average);
      point.path = path;
      return point;
    } catch (const DamagedCheckpoint& e) {
      const std::string aside = path + ".damaged";
      std::error_code ec;
      fs::rename(path, aside, ec);
      const std::string where = ec ? " (it could not be renamed: " + ec.message() + ")" : ", moved aside as '" + aside + "'";
      if (log) log(std::string("warning: ") + e.what() + where);
      point.set_aside.push_back(aside);
      problems += std::string(problems.empty() ? " " : "; ") + e.what();
    }
  }
  throw std::runtime_error("run folder '" + run_dir + "' has no intact checkpoint to resume from:" + problems);
}

int64_t expectedCheckpointBytes(const std::string& last_checkpoint, Transformer& model, bool with_average) {
  std::error_code ec;
  if (!last_checkpoint.empty()) {
    const auto size = fs::file_size(last_checkpoint, ec);
    if (!ec) return int64_t(size);
  }
  // Weights and Adam's two moments (and the training weights beside an
  // average's), plus the archive's own records.
  int64_t bytes = 0;
  for (const auto& p : model->parameters()) bytes += p.numel() * int64_t(p.element_size());
  return (with_average ? 4 : 3) * bytes + (1 << 20);
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

}  // namespace studio::model
