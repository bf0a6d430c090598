#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/decoding/Decoding.h"
#include "model/decoding/Translator.h"

// Sequence-level knowledge distillation (Kim and Rush 2016), the way Marian
// and Bergamot make small fast students: a teacher (a large model, or an
// ensemble) translates the training split's sources, and a smaller model is
// then trained on those translations instead of the human ones. The teacher's
// English is simpler and more consistent than people's, so a student of a
// given size learns more of it in the same steps.
//
// distillData writes a new data folder: its training pairs are the training
// split's Vietnamese with the teacher's English, its dev and test splits are
// the originals (a student is measured against people's references), its
// SentencePiece model is the teacher's (student and teacher share a
// vocabulary). distillation.json beside them says who taught and how.
namespace studio::model {

struct DistillationOptions {
  std::string data_dir;                    // the data folder whose training sources the teacher translates
  std::string out_dir;                     // the new data folder (written whole, or not at all)
  DecodingOptions decoding;                // the teacher's search (beam 4 by default)
  int64_t max_tokens = 4096;               // source tokens a batch
  std::vector<std::string> teacher_files;  // for the record: the teacher's model files
  // Asked while the new folder is prepared from the translations (data::PrepareOptions::stop): when it
  // returns true, data::PreparationStopped is thrown and nothing is left.
  std::function<bool()> stop;
};

// Translates `options.data_dir`'s train.vi with `teacher` and prepares the
// new data folder with the teacher's SentencePiece model. `progress` hears
// (distinct sources done, their total). Returns distillation.json's
// contents: the teacher, the search, the pairs, the distinct sources, the
// seconds, how many translations equal the human reference, BLEU against
// it, and the training pairs prepare kept (summary.json holds it too).
// Throws std::invalid_argument for a data folder without train.vi/train.en
// (naming the file) or an output that is the data folder, holds one, or is
// anything but a new or empty folder (checked before the teacher
// translates), data::CorpusError for files that do not read; a run cut
// short leaves no output folder behind.
nlohmann::json distillData(const Translator& teacher, const DistillationOptions& options, std::ostream& log,
                           const std::function<void(size_t, size_t)>& progress = nullptr);

// A student of a teacher: a run that trained on a data folder the teacher
// distilled (its distillation.json's first teacher is the teacher's model file).
struct StudentRun {
  std::string name;     // its run folder's name
  std::string run_dir;  // its run folder
  std::string model;    // its best.pt
};
// The students beside the run folder of `teacher_model` (the run folders in
// the folder that holds it, where the app puts "<run>-student"), by name;
// those without a best.pt yet are left out. None when the model is in no
// run folder or cannot be read.
std::vector<StudentRun> findStudents(const std::string& teacher_model);

}  // namespace studio::model
