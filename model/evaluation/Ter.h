#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

// Corpus TER (Snover et al. 2006, translation edit rate) exactly as
// sacreBLEU 2.x computes it with its defaults: the tercom tokenizer without
// normalization (lowercased as Python lowercases, split at whitespace,
// punctuation kept), one reference. A segment's edits are the fewest
// insertions, deletions and substitutions of words turning the hypothesis
// into the reference, plus one for each shift of a block of words; shifts
// are searched greedily with tercom's limits (blocks of up to 10 words, 50
// words away at most, 1,000 candidates a segment) and the edit distance is
// computed in a band around the diagonal, as sacreBLEU does. The corpus
// score is all the edits over all the reference words, in percent: lower
// is better.
namespace studio::model {

struct TerStats {
  int64_t edits = 0;      // shifts and word edits
  int64_t ref_words = 0;  // the references' words
  // Adds one segment (raw UTF-8 text).
  void add(const std::string& hypothesis, const std::string& reference);
};

struct TerScore {
  double score = 0.0;  // 0 and up (100 when there are more edits than reference words)
  TerStats stats;
  static std::string name() { return "TER"; }
  static std::string signature();  // nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:...
  // sacreBLEU's text line: "TER|<signature> = 55.4".
  std::string line(int width = 1) const;
  nlohmann::json toJson() const;
};

TerScore computeTer(const TerStats& stats);

// Corpus TER of hypotheses against one reference each. Throws
// std::invalid_argument when the counts differ or a line is not UTF-8
// (naming the 1-based line).
TerScore corpusTer(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references);

// The edits of one segment given as words (any equal ids are the same
// word): sacreBLEU's translation_edit_rate.
int64_t terEdits(const std::vector<int>& hypothesis, const std::vector<int>& reference);

}  // namespace studio::model
