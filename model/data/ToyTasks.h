#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/data/Corpus.h"
#include "model/data/CorpusSources.h"
#include "nlohmann/json.hpp"

// Made-up translation tasks small enough to learn in a minute or two on a
// CPU, each with a cross-attention pattern of its own to look at: the
// copy task the Transformer's tutorials begin with (a diagonal), its mirror
// (the anti-diagonal), sorting (each output finds its letter wherever it
// is), and Vietnamese word order in miniature (adjectives and "this/that"
// move, verbs agree with their subject). A toy corpus is an ordinary corpus
// folder (train, dev and test .vi/.en): prepare and train read it as any.
namespace studio::data {

struct ToyTask {
  std::string name;         // "copy", "reverse", "sort", "phrases"
  std::string description;  // one line, for --help and the app
};

// The tasks, in the order they are offered.
const std::vector<ToyTask>& toyTasks();

struct ToyCorpusOptions {
  std::string task = "reverse";
  size_t train_pairs = 20000;
  size_t dev_pairs = 500, test_pairs = 500;
  // The letter tasks: how many letters a sentence has (uniform between the
  // two) and from how many of "a" to "z". The phrases task ignores them.
  int min_length = 4, max_length = 12;
  int letters = 26;
  uint64_t seed = 1;
};

// The options' mistakes, each naming its field, or "" when they are fine.
std::string checkToyCorpusOptions(const ToyCorpusOptions& options);

struct ToyCorpus {
  ParallelText train, dev, test;  // no source sentence is in two of them
};

// The pairs of a task, the same for the same options on every computer.
// Throws std::invalid_argument for bad options (checkToyCorpusOptions) and
// when the task has fewer distinct sentences than asked for.
ToyCorpus makeToyCorpus(const ToyCorpusOptions& options);

// The record of a toy corpus (toy-task.json): the task, its options and its
// counts.
nlohmann::json toyCorpusRecord(const ToyCorpusOptions& options, const ToyCorpus& corpus);

// Makes the corpus and writes it as a corpus folder: train/dev/test .vi/.en
// and toy-task.json, whole or not at all (staged beside the folder and moved
// in). A folder that holds other files than a toy corpus's is refused, one
// that holds a toy corpus is replaced. Throws CorpusError naming the folder.
nlohmann::json writeToyCorpus(const ToyCorpusOptions& options, const std::string& folder);

// What a toy corpus folder's record says of it; nullopt when the folder is
// not a toy corpus's.
struct ToyCorpusInfo {
  std::string task;
  // What its SentencePiece model should be: BPE of a few pieces, so that
  // each letter or word is one piece (unigram splits some words of the
  // phrases task even when it may keep them whole).
  int vocab_size = 0;
  std::string model_type = "bpe";
};
std::optional<ToyCorpusInfo> toyCorpusAt(const std::string& folder);

// The vocabulary a toy task's SentencePiece model (BPE) asks for: about what
// its sentences hold (a piece a letter or a word), not the thousands a real
// corpus wants.
int toyVocabularySize(const ToyCorpusOptions& options);

}  // namespace studio::data
