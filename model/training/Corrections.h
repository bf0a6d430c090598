#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/training/TrainingConfig.h"

// Corrections a user made to translations, and learning from them: each
// accepted correction is a line of the model's run folder's corrections.tsv
// (SOURCE<TAB>CORRECTED<TAB>WHAT THE MODEL HAD SAID, appended whole or not at
// all); learning fine-tunes the model on them (FineTune.h) for a bounded
// number of steps, with a replay of its original training data, and
// evaluates both the corrections and the original dev split.
namespace studio::model {

struct Correction {
  std::string source, corrected, before;
  size_t line = 0;
};

// The corrections file of the run folder a model file is in (beside the
// model, or one folder up when the model is in checkpoints/ or models/).
std::string correctionsFileFor(const std::string& model_path);

// Appends one correction (tabs and line breaks in the texts become spaces)
// and returns how many the file holds now. Throws FileWriteError naming the
// file; an empty source or correction is refused (std::invalid_argument).
size_t appendCorrection(const std::string& path, const Correction& correction);

// Reads a corrections file; throws std::runtime_error naming the line of a
// row without its two tabs, with an empty source or correction, or not UTF-8.
std::vector<Correction> readCorrections(const std::string& path);

// The corrections with each Vietnamese sentence once, its last correction (a
// sentence corrected again), in the order of those kept.
std::vector<Correction> newestOfEachSentence(std::vector<Correction> corrections);

// The corrections a round of learning from `model_path` learns: those kept
// for it, and those kept for each model it was fine-tuned from (its run's
// init_from, and that run's, and so on up), so that a round on a corrected
// model does not forget what the rounds before it learnt; a later
// correction of a sentence, in the same file or a later model's, replaces
// an earlier one. `files` gets the files that held some, the oldest first.
// Throws as readCorrections does.
std::vector<Correction> correctionsWithLineage(const std::string& model_path,
                                               std::vector<std::string>* files = nullptr);

// Writes the corrections of `file` as a TMX translation memory to `out`
// (whole or not at all; data/TmxWriter.h): a unit a correction, the source
// and the corrected English, what the model had said as the property
// x-model-translation; `version` is the creation tool's. Returns how many it
// wrote. Throws std::runtime_error naming the file and line of a text TMX
// cannot carry, when the file holds no corrections, or when `out` is `file`
// itself; FileWriteError when `out` cannot be written.
size_t exportCorrectionsTmx(const std::string& file, const std::string& out, const std::string& version);

// A data folder to learn the corrections from: train = the corrections (each
// `repeat` times), dev = the corrections once, the model's SentencePiece model
// copied in; written atomically file by file.
void writeCorrectionsData(const std::vector<Correction>& corrections, const std::string& spm_path,
                          const std::string& out_dir, int repeat = 1);

// The settings of a round of learning from corrections: the fine-tuning
// ones (FineTune.h) for `steps` steps (default 200), evaluated every
// steps/4, three in four training pairs replayed from the original data
// (docs/corrections.md: 0.5 learnt 50 corrections of 50 but cost 3.3 test
// BLEU, 0.9 learnt 26 for 1.4, 0.75 learnt 45 for 2.2).
TrainingConfig correctionsLearningConfig(const std::string& model_path, const std::string& original_data,
                                         int64_t steps = 200);

}  // namespace studio::model
