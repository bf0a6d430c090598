#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/data/EncodedCorpus.h"

// A vocabulary shortlist (Marian's and Bergamot's lexical shortlist): the
// output pieces a sentence's translation is likely to use — the most frequent
// target pieces, plus for each source piece the target pieces it most often
// translates to — so that decoding computes the output layer and its softmax
// over those alone. A batch decodes over the union of its sentences' lists.
//
// The translation probabilities p(target piece | source piece) are learnt
// from the training pairs with IBM Model 1 (expectation maximization over
// every pairing of a sentence's pieces, a NULL source piece included), as
// fast_align's first model learns word translation tables.
namespace studio::model {

class ShortlistError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ShortlistOptions {
  int64_t frequent = 100;        // the most frequent target pieces, always in
  int64_t per_source = 50;       // the best translations kept for each source piece
  double min_probability = 1e-3; // ... with p(target | source) at least this
  int iterations = 5;            // of IBM Model 1's expectation maximization

  void validate() const;  // throws std::invalid_argument naming the field
};

class Shortlist {
 public:
  Shortlist() = default;
  // `by_source[s]`: the target pieces kept for source piece s (vocabulary_size entries).
  Shortlist(int64_t vocabulary_size, std::string vocabulary_hash, std::vector<int32_t> frequent,
            std::vector<std::vector<int32_t>> by_source);

  int64_t vocabularySize() const { return vocabulary_size_; }
  // The hash of the SentencePiece model the ids belong to (hashFile()); empty when unknown.
  const std::string& vocabularyHash() const { return vocabulary_hash_; }
  const std::vector<int32_t>& frequent() const { return frequent_; }
  const std::vector<int32_t>& forSource(int64_t source_piece) const { return by_source_.at(size_t(source_piece)); }

  // The output pieces for these source pieces (every sentence of a batch):
  // the frequent ones, each source piece's, and `always` (the end, forced
  // prefixes, glossary terms), sorted, each once. Ids outside the
  // vocabulary throw std::out_of_range.
  std::vector<int64_t> candidates(const std::vector<int64_t>& source_pieces, const std::vector<int64_t>& always) const;

  // Checks that the list belongs to a model of `vocabulary_size` pieces whose
  // SentencePiece model hashes to `vocabulary_hash` (skipped when either
  // side has none); throws ShortlistError naming `name` and the mismatch.
  void checkFits(int64_t vocabulary_size, const std::string& vocabulary_hash, const std::string& name) const;

 private:
  int64_t vocabulary_size_ = 0;
  std::string vocabulary_hash_;
  std::vector<int32_t> frequent_;
  std::vector<std::vector<int32_t>> by_source_;
};

// Learns a shortlist from encoded training pairs (ids < vocabulary_size).
// `progress` (optional) hears (iterations done, iterations). Throws
// std::invalid_argument for bad options, an id outside the vocabulary or no pairs.
Shortlist learnShortlist(const data::EncodedSplit& pairs, int64_t vocabulary_size, const std::string& vocabulary_hash,
                         const ShortlistOptions& options,
                         const std::function<void(int, int)>& progress = nullptr);

// How well a shortlist fits held-out pairs, a sentence at a time: the share
// of the reference's pieces in their sentence's list, and the lists' mean size.
struct ShortlistCoverage {
  double covered = 0.0;      // within [0, 1]
  double mean_size = 0.0;    // pieces a sentence's list
  size_t sentences = 0;
};
ShortlistCoverage measureCoverage(const Shortlist& shortlist, const data::EncodedSplit& pairs);

// The file: text, a line each —
//   attention-studio-shortlist 1
//   pieces <vocabulary size> <vocabulary hash or ->
//   frequent <id> <id> ...
//   <source id>: <id> <id> ...      (source pieces with no list are left out)
// Written atomically; reading throws ShortlistError naming the file and line.
void saveShortlist(const Shortlist& shortlist, const std::string& path);
Shortlist readShortlist(const std::string& path);
Shortlist parseShortlist(const std::string& text, const std::string& name = "shortlist");

}  // namespace studio::model
