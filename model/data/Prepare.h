#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "model/data/CorpusSources.h"
#include "model/data/Tokenizer.h"

// `prepare`: from a corpus to a data folder the trainer reads.
//
// A data folder holds
//   train.vi train.en dev.vi dev.en test.vi test.en   the cleaned splits, one sentence a line
//   spm.model spm.vocab                               the joint SentencePiece model
//   cache/{train,dev,test}.ids                        the encoded ids (rebuilt when stale)
//   summary.json                                      what was read, kept and dropped, and why
namespace studio::data {

struct PrepareOptions {
  // What to read: one corpus or several (model/data/CorpusSources.h says
  // how several are put together).
  std::vector<CorpusSource> corpora;
  std::string out_dir;
  FilterOptions filter;            // applied to the training split
  std::optional<bool> unescape;    // default: on for IWSLT, off otherwise
  std::optional<bool> detokenize;  // default: off
  TokenizerTrainOptions tokenizer;
  // An existing SentencePiece model to encode with instead of training one
  // (fine-tuning keeps a model's vocabulary: model/training/FineTune.h); it
  // is copied into the data folder. "" = train one on the training split.
  std::string spm_model;
  // SentencePiece learns from at most this many sentences (both languages of
  // training pairs sampled evenly, seeded by tokenizer.seed), as Marian's
  // --sentencepiece-max-lines: a large corpus's vocabulary is as good from a
  // sample, learnt in less time and memory. 0 = every training sentence.
  size_t spm_max_sentences = 2'000'000;
  int64_t preview_max_tokens = 4096;  // token budget for the padding preview in the summary
  int threads = 0;
  // Asked between the steps, while SentencePiece learns (in a child process
  // that is ended) and while encoding: when it returns true,
  // PreparationStopped is thrown and nothing of this preparation is left.
  std::function<bool()> stop;
};

// Runs the whole preparation, printing progress and the summary to `log`.
// Returns the summary (also written to summary.json): "read" holds each
// split's read summary (several corpora: their totals), "corpora" each
// corpus's own, its format, weight and training pairs. Throws CorpusError /
// TokenizerError with a message naming the file at fault.
//
// The folder is written beside the output ("<out>.preparing") and put in
// its place once whole: a preparation that fails or is stopped leaves a
// previous one as it was. An output folder that is a corpus's own (its
// files would be replaced by the cleaned splits) is refused.
nlohmann::json prepareData(const PrepareOptions& options, std::ostream& log);

}  // namespace studio::data
