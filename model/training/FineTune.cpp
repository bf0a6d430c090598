#include "model/training/FineTune.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <stdexcept>

#include "model/data/Batching.h"
#include "model/decoding/Translator.h"
#include "model/files/ModelFile.h"
#include "model/training/Checkpoints.h"
#include "model/training/RunFolder.h"
#include "model/training/TrainingData.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TrainingConfig fineTuningPreset() {
  // The starter's batches (1,024 tokens a worker, two CPU workers, bf16 where
  // the CPU has it) and no dropout; a twentieth of its peak learning rate,
  // reached in 100 steps, then a cosine decay that ends with the run. The
  // starter fine-tuned on 2,034 pairs of the held-out domain
  // (docs/fine-tuning.md): at 2e-4 over 2,000 steps (51 epochs) with a fifth
  // replayed, the new dev BLEU peaked at step 800 and the original dev fell
  // from 41.8 to 27; at 1e-4 over 800 steps with half replayed it fell to 38-40
  // for the same gain. Hence 1e-4, 1,000 steps and replay_share 0.5 by default
  // (train --from; the app).
  TrainingConfig c = trainingPreset("starter");
  c.schedule = ScheduleKind::Cosine;
  c.learning_rate = 1e-4;
  c.min_learning_rate = 5e-6;
  c.warmup_steps = 100;
  c.cosine_cycle_steps = 0;
  c.max_steps = 1000;
  c.time_budget_minutes = 0;
  c.eval_every = 100;
  c.eval_sentences = 300;
  c.probe_every = 100;
  return c;
}

ModelOrigin findModelOrigin(const std::string& model_path) {
  std::error_code ec;
  if (!fs::is_regular_file(model_path, ec)) throw std::runtime_error("model file '" + model_path + "' does not exist");
  ModelOrigin o;
  o.model_path = fs::absolute(model_path).lexically_normal().string();
  o.spm_path = findSentencePieceModel(o.model_path);
  const fs::path dir = fs::path(o.model_path).parent_path();
  for (const fs::path& candidate : {dir, dir.parent_path()}) {
    if (!fs::is_regular_file(candidate / "config.json", ec)) continue;
    o.run_dir = candidate.string();
    try {
      std::string data_dir;
      const auto config = readRunConfig(o.run_dir, &data_dir);
      // A fine-tuned model's origin is what its own start learnt from (a round of corrections
      // replays the original data, not the previous round's corrections).
      if (!config.original_data.empty()) data_dir = config.original_data;
      if (fs::is_regular_file(fs::path(data_dir) / "spm.model", ec)) o.data_dir = data_dir;
    } catch (const std::exception&) {
      // A config.json that is no run's: the origin's data stays unknown.
    }
    break;
  }
  return o;
}

void adoptModelOptions(TrainingConfig& config) { config.model = readModelOptions(config.init_from); }

void checkSameSentencePiece(const std::string& spm_path, const std::string& data_dir) {
  const std::string data_spm = (fs::path(data_dir) / "spm.model").string();
  std::error_code ec;
  if (!fs::is_regular_file(data_spm, ec))
    throw std::runtime_error("'" + data_dir + "' is not a prepared data folder (no spm.model)");
  if (readBytes(data_spm) != readBytes(spm_path))
    throw std::runtime_error("the data folder '" + data_dir + "' was prepared with another SentencePiece model (" +
                             data_spm + ") than the model's (" + spm_path +
                             "): its pieces would mean other words to the model. Prepare the corpus again with "
                             "the model's: prepare --spm " + spm_path);
}

void checkFineTuningInputs(const TrainingConfig& config, const std::string& data_dir) {
  const auto origin = findModelOrigin(config.init_from);
  checkSameSentencePiece(origin.spm_path, data_dir);
  if (!config.original_data.empty()) checkSameSentencePiece(origin.spm_path, config.original_data);
  const auto options = readModelOptions(config.init_from);
  const data::Tokenizer tokenizer(origin.spm_path);
  if (tokenizer.vocabSize() != options.vocab_size)
    throw std::runtime_error("the model '" + config.init_from + "' has a vocabulary of " +
                             std::to_string(options.vocab_size) + " pieces but its SentencePiece model '" +
                             origin.spm_path + "' has " + std::to_string(tokenizer.vocabSize()));
}

void startFromModel(const TrainingConfig& config, Transformer& model, torch::optim::Adam& optimizer,
                    const std::function<void(const std::string&)>& log) {
  if (config.init_optimizer) {
    try {
      restoreCheckpoint(config.init_from, model, optimizer);
    } catch (const DamagedCheckpoint& e) {
      throw std::runtime_error(std::string(e.what()) + ": init_optimizer needs a training checkpoint (best.pt or " +
                               "checkpoints/ckpt-*.pt); start with a fresh optimizer instead");
    }
    torch::manual_seed(config.seed);
    log("fine-tuning from " + config.init_from + ": its weights and Adam's state (step counts and moments) kept");
    return;
  }
  auto loaded = loadModel(config.init_from);
  if (!sameShape(loaded->options(), model->options()))
    throw std::runtime_error("the model '" + config.init_from + "' has other options than the run's config.json");
  torch::NoGradGuard no_grad;
  auto source = loaded->named_parameters();
  for (auto& p : model->named_parameters()) p.value().copy_(source[p.key()]);
  log("fine-tuning from " + config.init_from + ": its weights, a fresh Adam optimizer");
}

void checkFitsPositions(const data::EncodedSplit& train, const std::string& data_dir, const TrainingConfig& config) {
  size_t too_long = 0;
  int64_t longest = 0;
  size_t longest_line = 0;
  for (size_t i = 0; i < train.size(); ++i) {
    const int64_t cost = data::exampleCost(train.srcLength(i), train.tgtLength(i));
    if (cost <= config.model.max_length) continue;
    ++too_long;
    if (cost > longest) longest = cost, longest_line = i + 1;
  }
  if (too_long * 100 <= train.size()) return;
  throw std::runtime_error(std::to_string(too_long) + " of the " + std::to_string(train.size()) + " pairs of '" +
                           data_dir + "/train.vi' are longer than the " + std::to_string(config.model.max_length) +
                           " positions of the model '" + config.init_from + "' (the longest, line " +
                           std::to_string(longest_line) + ", needs " + std::to_string(longest) +
                           "): prepare the corpus with a lower --max-words, or train a new model");
}

void appendReplay(data::EncodedSplit& train, const TrainingConfig& config, const data::Tokenizer& tokenizer,
                  const std::function<void(const std::string&)>& log) {
  if (config.replay_share <= 0 || config.original_data.empty()) return;
  const auto original = loadSplitFor(config.model, config.original_data, "train", tokenizer);
  const double wanted = std::round(double(train.size()) * config.replay_share / (1.0 - config.replay_share));
  const size_t count = std::min(original.size(), size_t(wanted));
  std::vector<size_t> order(original.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::mt19937_64 random(config.seed * 0x9E3779B97F4A7C15ull + 17);
  std::shuffle(order.begin(), order.end(), random);
  for (size_t k = 0; k < count; ++k) {
    const size_t i = order[k];
    train.add(std::vector<int>(original.src(i), original.src(i) + original.srcLength(i)),
              std::vector<int>(original.tgt(i), original.tgt(i) + original.tgtLength(i)));
  }
  log("replay: " + std::to_string(count) + " training pairs of " + config.original_data + " mixed in (" +
      std::to_string(int(std::lround(100.0 * double(count) / double(train.size())))) + " % of the " +
      std::to_string(train.size()) + ")");
}

}  // namespace studio::model
