#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/decoding/Decoding.h"
#include "model/decoding/Translator.h"

// Back-translation (Sennrich, Haddow and Birch 2016), the way fairseq,
// Marian and OpenNMT users add monolingual text to a small parallel corpus:
// a model trained the other way round (English → Vietnamese, `train
// --direction en-vi`) turns English sentences into synthetic Vietnamese, and
// each (synthetic Vietnamese, real English) pair joins the training pairs.
// The translator learns to write fluent English from them, the English side
// being people's; its source side is the other model's, errors and all.
//
// backTranslateData writes a new data folder: the training pairs of the data
// folder (repeated real_weight times) and the synthetic pairs, its dev and
// test splits (people's, unchanged), its SentencePiece model (the new
// folder's models share a vocabulary with the old one's).
// backtranslation.json beside them says what was translated, by which model
// and how, and what was left out.
namespace studio::model {

struct BackTranslationOptions {
  std::string data_dir;                  // the parallel data folder whose pairs stay
  std::vector<std::string> english;      // monolingual English text files, a sentence a line
  std::string out_dir;                   // the new data folder (written whole, or not at all)
  DecodingOptions decoding;              // the search (beam 4 by default; sampling as Edunov et al. 2018)
  int64_t max_tokens = 4096;             // source tokens a batch
  size_t max_sentences = 0;              // English sentences translated at most, the first kept (0: all)
  int real_weight = 1;                   // the data folder's training pairs repeated this many times
  std::vector<std::string> model_files;  // for the record: the model's files
  // Asked while the new folder is prepared (data::PrepareOptions::stop): when it returns true,
  // data::PreparationStopped is thrown and nothing is left.
  std::function<bool()> stop;
};

// What reading the English files kept and left out before translation.
struct MonolingualEnglish {
  std::vector<std::string> lines;  // whitespace normalized, each once
  size_t read = 0;                 // lines read
  size_t blank = 0;                // nothing but white space
  size_t too_long = 0;             // more words than prepare keeps (data::FilterOptions::max_words)
  size_t duplicates = 0;           // met before in these files
  size_t in_dev_or_test = 0;       // the English of a dev or test pair of the data folder
  size_t in_training = 0;          // the English of a training pair (it has its Vietnamese already)
  size_t beyond_limit = 0;         // left after max_sentences
};

// Reads `files` (UTF-8, a sentence a line) and keeps what back-translation
// should translate, counting the rest. Throws data::CorpusError naming the
// file and line of a line that is not UTF-8, and naming a file that cannot
// be read; std::invalid_argument when nothing is left to translate.
MonolingualEnglish readMonolingualEnglish(const std::vector<std::string>& files, const std::string& data_dir,
                                          size_t max_sentences);

// Translates the English of `options.english` with `reverse` (a model of
// TransformerOptions::reversed; any other is refused, naming its file) and
// prepares the new data folder with the data folder's SentencePiece model.
// `progress` hears (sentences done, their total). Returns
// backtranslation.json's contents. Throws std::invalid_argument for a data
// folder without its splits, an output that is the data folder, holds one,
// or is anything but a new or empty folder (checked before translating);
// data::CorpusError for files that do not read; a run cut short leaves no
// output folder behind.
nlohmann::json backTranslateData(const Translator& reverse, const BackTranslationOptions& options,
                                 std::ostream& log,
                                 const std::function<void(size_t, size_t)>& progress = nullptr);

}  // namespace studio::model
