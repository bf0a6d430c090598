#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

// Corpus BLEU exactly as sacreBLEU 2.x computes it with its defaults: the
// 13a tokenizer (mteval-v13a), mixed case, n-grams up to 4, the brevity
// penalty, `exp` smoothing (NIST: each n-gram order without a match gets
// 1 / (2^k · total)), a score of 0 when nothing matches, one reference.
namespace studio::model {

// The sacreBLEU release whose behaviour and signature this reproduces.
inline constexpr const char* kSacreBleuVersion = "2.4.0";

// sacreBLEU's 13a tokenization of one (UTF-8) line, trailing whitespace
// stripped first, tokens joined by single spaces.
std::string tokenize13a(const std::string& line);

struct BleuStats {
  int64_t sys_len = 0;
  int64_t ref_len = 0;
  std::array<int64_t, 4> correct{};
  std::array<int64_t, 4> total{};

  // Adds one segment (raw text; tokenized here).
  void add(const std::string& hypothesis, const std::string& reference);
};

struct BleuScore {
  double score = 0.0;                 // 0 .. 100
  std::array<double, 4> precisions{};  // percentages
  double bp = 0.0;
  int64_t sys_len = 0, ref_len = 0;
  std::array<int64_t, 4> correct{}, total{};

  double ratio() const { return ref_len ? double(sys_len) / double(ref_len) : 0.0; }
  static std::string signature();  // nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:...
  // sacreBLEU's text line: "BLEU|<signature> = 30.7 71.4/50.0/20.0/12.5 (BP = 1.000 ratio = ...)".
  std::string line(int width = 1) const;
  nlohmann::json toJson() const;
};

BleuScore computeBleu(const BleuStats& stats);

// Corpus BLEU of hypotheses against one reference each. Throws
// std::invalid_argument when the counts differ or a line is not UTF-8
// (naming the 1-based line). An empty reference is scored as sacreBLEU
// scores it (no n-grams, length 0); callers that suspect misaligned files
// say so (the CLI warns).
BleuScore corpusBleu(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references);

}  // namespace studio::model
