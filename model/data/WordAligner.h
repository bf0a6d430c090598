#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

// Word alignments learnt from a parallel corpus without supervision, for
// guided alignment (training/GuidedAlignment.h): IBM Model 2 with the
// diagonal-favouring distortion of Dyer, Chahuneau and Smith (2013,
// "fast_align"), trained by EM in both directions and symmetrized with
// grow-diag-final-and (Koehn et al., 2005), as Marian's and fairseq's
// guided alignment take them from fast_align.
namespace studio::data {

// A sentence as word ids (any numbering shared by the corpus's sentences of
// one side).
using WordIds = std::vector<int32_t>;

// One side's words numbered across a corpus, each new word the next number.
class WordNumbers {
 public:
  WordIds number(const std::vector<std::string>& words) {
    WordIds ids;
    ids.reserve(words.size());
    for (const auto& w : words) ids.push_back(numbers_.emplace(w, int32_t(numbers_.size())).first->second);
    return ids;
  }

 private:
  std::unordered_map<std::string, int32_t> numbers_;
};

// One pair's links, (source word, target word), each counted from 0, sorted.
using WordLinks = std::vector<std::pair<uint16_t, uint16_t>>;

struct WordAlignerOptions {
  int iterations = 5;              // EM iterations a direction
  double null_probability = 0.08;  // p0: a word aligned to no word
  double tension = 4.0;            // the diagonal's pull at the start (learnt after each iteration)
  bool learn_tension = true;
};

// What EM learnt in one direction (target word given source word).
struct DirectionFit {
  double tension = 0;
  double log_likelihood = 0;  // of the targets given the sources, after the last iteration, in nats
};

struct WordAlignerResult {
  std::vector<WordLinks> links;  // symmetrized, one a pair
  DirectionFit forward;          // English given Vietnamese (each target word's source)
  DirectionFit backward;         // the other way
};

// Aligns every pair (sources[i], targets[i]). Pairs with an empty side, or
// with more than 65,535 words on one, get no links. `progress`, when given,
// hears (iterations done, iterations in all) and may return false to stop
// (the result is then empty). Throws std::invalid_argument when the two
// lists differ in length or an option is out of range.
WordAlignerResult alignCorpus(const std::vector<WordIds>& sources, const std::vector<WordIds>& targets,
                              const WordAlignerOptions& options = {},
                              const std::function<bool(int, int)>& progress = {});

// grow-diag-final-and of two one-direction alignments of one pair:
// `forward[t]` the source word of target word t (-1: none), `backward[s]`
// the target word of source word s (-1: none). Sorted (source, target).
WordLinks growDiagFinalAnd(const std::vector<int>& forward, const std::vector<int>& backward);

}  // namespace studio::data
