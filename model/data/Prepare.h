#pragma once

#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "model/data/Corpus.h"
#include "model/data/Tokenizer.h"

// `prepare`: from a corpus to a data folder the trainer reads.
//
// A data folder holds
//   train.vi train.en dev.vi dev.en test.vi test.en   the cleaned splits, one sentence a line
//   spm.model spm.vocab                               the joint SentencePiece model
//   cache/{train,dev,test}.ids                        the encoded ids (rebuilt when stale)
//   summary.json                                      what was read, kept and dropped, and why
namespace studio::data {

enum class CorpusFormat {
  Auto,      // detected from what `corpus` is
  Split,     // a folder with train.vi/train.en (and dev.*, test.*): the demo corpus
  Iwslt,     // a folder with IWSLT'15 files: train.*, tst2012.* (dev), tst2013.* (test)
  Parallel,  // two line-aligned files, given as src and tgt
  Tsv,       // one file, source TAB target
  Tmx,       // a translation memory (TMX): its units' Vietnamese and English variants
};

// Fewer usable pairs than this cannot be split into train, dev and test by
// hash: prepare refuses them rather than train on nothing.
inline constexpr size_t kMinimumPairsToSplit = 100;

CorpusFormat corpusFormatFromString(const std::string& text);  // throws std::invalid_argument
std::string toString(CorpusFormat format);

struct PrepareOptions {
  std::string corpus;    // folder, TSV or TMX file
  std::string src, tgt;  // for Parallel
  CorpusFormat format = CorpusFormat::Auto;
  std::string out_dir;
  FilterOptions filter;            // applied to the training split
  std::optional<bool> unescape;    // default: on for IWSLT, off otherwise
  std::optional<bool> detokenize;  // default: off
  TokenizerTrainOptions tokenizer;
  // An existing SentencePiece model to encode with instead of training one
  // (fine-tuning keeps a model's vocabulary: model/training/FineTune.h); it
  // is copied into the data folder. "" = train one on the training split.
  std::string spm_model;
  int64_t preview_max_tokens = 4096;  // token budget for the padding preview in the summary
  int threads = 0;
};

// The format `options` describe, with Auto resolved. Throws CorpusError when
// the corpus is not there or not recognised, saying what was expected.
CorpusFormat detectFormat(const PrepareOptions& options);

// Runs the whole preparation, printing progress and the summary to `log`.
// Returns the summary (also written to summary.json). Throws CorpusError /
// TokenizerError with a message naming the file at fault.
nlohmann::json prepareData(const PrepareOptions& options, std::ostream& log);

}  // namespace studio::data
