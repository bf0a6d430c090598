#pragma once

#include <functional>
#include <string>

#include <torch/optim/adam.h>

#include "model/Transformer.h"
#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/training/TrainingConfig.h"

// Fine-tuning: a run whose weights start from a trained model instead of at
// random (TrainingConfig::init_from; `train --from`). The model keeps its
// shape and its vocabulary: the new data must be prepared with the model's
// own SentencePiece model (`prepare --spm`), and a share of the original
// training pairs can be replayed against forgetting, with the original dev
// split evaluated beside the new one.
namespace studio::model {

// The settings a fine-tuning run starts from (`train --from`, the app's
// "Continue from a model…"): the starter's batches and workers, a short
// warmup to 1e-4 and a cosine decay over 1,000 steps, evaluations every 100.
// The model's own options replace `model` when the run starts.
constexpr double kDefaultReplayShare = 0.5;
TrainingConfig fineTuningPreset();

// Where a model file comes from.
struct ModelOrigin {
  std::string model_path;
  std::string spm_path;  // its SentencePiece model (beside it or in its parent folder)
  std::string run_dir;   // the run folder that wrote it ("" when there is no config.json there)
  std::string data_dir;  // the data folder that run trained on ("" when unknown or no longer there); for a
                         // fine-tuned run, its original_data
};
// Throws std::runtime_error naming the file when it is missing or has no
// SentencePiece model beside it.
ModelOrigin findModelOrigin(const std::string& model_path);

// Sets config.model to the options stored in config.init_from (the model
// file decides the shape and the vocabulary; dropout too). Throws
// ModelFileError naming the file.
void adoptModelOptions(TrainingConfig& config);

// Throws std::runtime_error naming both files when `data_dir` was prepared
// with another SentencePiece model than `spm_path` (compared byte for byte).
void checkSameSentencePiece(const std::string& spm_path, const std::string& data_dir);

// Every check of a fine-tuning run's inputs before it starts: the model file,
// its SentencePiece model against `data_dir`'s and original_data's, and the
// vocabulary size. Throws naming the files.
void checkFineTuningInputs(const TrainingConfig& config, const std::string& data_dir);

// The starting point: config.init_from's weights into `model` (its options
// must equal config.model), and with init_optimizer Adam's state of that
// checkpoint too (an error when the file holds none). Says which through `log`.
void startFromModel(const TrainingConfig& config, Transformer& model, torch::optim::Adam& optimizer,
                    const std::function<void(const std::string&)>& log);

// Throws std::runtime_error naming `data_dir`'s train.vi when more than 1 % of
// its pairs are longer than the model's positions (config.model.max_length):
// such a model cannot learn them, and a new model would rather be trained.
void checkFitsPositions(const data::EncodedSplit& train, const std::string& data_dir, const TrainingConfig& config);

// Appends replay_share of the pairs (of the whole, after appending) drawn
// from original_data's training split, the same ones for a given seed.
void appendReplay(data::EncodedSplit& train, const TrainingConfig& config, const data::Tokenizer& tokenizer,
                  const std::function<void(const std::string&)>& log);

}  // namespace studio::model
