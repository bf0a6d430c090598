#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

// Corpus chrF (Popović 2015) exactly as sacreBLEU 2.x computes it with its
// defaults: character n-grams of orders 1..6 over code points with every
// whitespace removed, no word n-grams, β = 2, mixed case, one reference;
// and chrF++ (Popović 2017, sacreBLEU's --chrf-word-order 2), which adds
// word unigrams and bigrams, a word's first or last punctuation mark split
// off as sacreBLEU does. The corpus score comes from n-gram counts summed
// over the segments; the F-score averages precision and recall over the
// orders present on both sides ("eff:yes"), as sacreBLEU has done since 1.x.
namespace studio::model {

inline constexpr int kChrfCharOrder = 6;
inline constexpr int kChrfMaxWordOrder = 2;  // chrF++
inline constexpr int kChrfMaxOrder = kChrfCharOrder + kChrfMaxWordOrder;
inline constexpr int kChrfBeta = 2;

struct ChrfStats {
  int word_order = 0;  // 0: chrF; 2: chrF++ (orders 7 and 8 below are word unigrams and bigrams)
  // Per order (character n = 1..6, then word n = 1..word_order): the
  // hypothesis's n-grams (counted only when the reference has n-grams of
  // that order, as sacreBLEU does), the reference's, and the clipped matches.
  std::array<int64_t, kChrfMaxOrder> hyp{}, ref{}, match{};

  int orders() const { return kChrfCharOrder + word_order; }
  // Adds one segment (raw UTF-8 text).
  void add(const std::string& hypothesis, const std::string& reference);
};

struct ChrfScore {
  double score = 0.0;  // 0 .. 100
  ChrfStats stats;

  static std::string name(int word_order = 0);  // "chrF2", "chrF2++"
  static std::string signature(
      int word_order = 0);  // nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:...
  // sacreBLEU's text line: "chrF2|<signature> = 55.7".
  std::string line(int width = 1) const;
  nlohmann::json toJson() const;
};

ChrfScore computeChrf(const ChrfStats& stats);

// Corpus chrF (word_order 0) or chrF++ (2) of hypotheses against one
// reference each. Throws std::invalid_argument when the counts differ or a
// line is not UTF-8 (naming the 1-based line). Empty lines are scored, as
// sacreBLEU does.
ChrfScore corpusChrf(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
                     int word_order = 0);

}  // namespace studio::model
