#include "model/evaluation/Chrf.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/CodePoints.h"

namespace studio::model {

namespace {

using Counts = std::unordered_map<std::u32string_view, int64_t>;

// The line with every whitespace code point removed (Python's ''.join(line.split())).
std::u32string withoutSpaces(const std::string& line) {
  std::u32string text = decodeUtf8(line);
  text.erase(std::remove_if(text.begin(), text.end(), isPythonSpace), text.end());
  return text;
}

Counts ngramCounts(const std::u32string& text, size_t n) {
  Counts counts;
  for (size_t i = 0; i + n <= text.size(); ++i) ++counts[std::u32string_view(text).substr(i, n)];
  return counts;
}

}  // namespace

void ChrfStats::add(const std::string& hypothesis, const std::string& reference) {
  const std::u32string h = withoutSpaces(hypothesis), r = withoutSpaces(reference);
  for (size_t n = 1; n <= size_t(kChrfCharOrder); ++n) {
    const Counts hyp_counts = ngramCounts(h, n), ref_counts = ngramCounts(r, n);
    int64_t hyp_total = 0, ref_total = 0, matched = 0;
    for (const auto& [gram, count] : hyp_counts) {
      hyp_total += count;
      if (auto it = ref_counts.find(gram); it != ref_counts.end()) matched += std::min(count, it->second);
    }
    for (const auto& entry : ref_counts) ref_total += entry.second;
    // sacreBLEU counts no hypothesis n-grams where the reference has none of that order.
    hyp[n - 1] += ref_counts.empty() ? 0 : hyp_total;
    ref[n - 1] += ref_total;
    match[n - 1] += matched;
  }
}

ChrfScore computeChrf(const ChrfStats& stats) {
  ChrfScore s;
  s.stats = stats;
  const double factor = double(kChrfBeta) * double(kChrfBeta);
  double precision_sum = 0.0, recall_sum = 0.0;
  int effective_order = 0;
  for (int n = 0; n < kChrfCharOrder; ++n) {
    if (stats.hyp[size_t(n)] > 0 && stats.ref[size_t(n)] > 0) {
      precision_sum += double(stats.match[size_t(n)]) / double(stats.hyp[size_t(n)]);
      recall_sum += double(stats.match[size_t(n)]) / double(stats.ref[size_t(n)]);
      ++effective_order;
    }
  }
  if (effective_order == 0) return s;
  const double precision = precision_sum / effective_order, recall = recall_sum / effective_order;
  if (precision + recall > 0.0) {  // in sacreBLEU's order of operations, to the last bit
    double score = (1.0 + factor) * precision * recall;
    score /= factor * precision + recall;
    s.score = 100.0 * score;
  }
  return s;
}

std::string ChrfScore::signature() {
  return "nrefs:1|case:mixed|eff:yes|nc:" + std::to_string(kChrfCharOrder) + "|nw:0|space:no|version:" +
         kSacreBleuVersion;
}

std::string ChrfScore::line(int width) const {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", width, score);
  return name() + "|" + signature() + " = " + text;
}

nlohmann::json ChrfScore::toJson() const {
  return {{"name", name()},     {"score", score},       {"signature", signature()},
          {"char_order", kChrfCharOrder}, {"word_order", 0}, {"beta", kChrfBeta},
          {"hyp_ngrams", stats.hyp}, {"ref_ngrams", stats.ref}, {"matches", stats.match}};
}

ChrfScore corpusChrf(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references) {
  if (hypotheses.size() != references.size())
    throw std::invalid_argument("there are " + std::to_string(hypotheses.size()) + " hypotheses but " +
                                std::to_string(references.size()) + " references");
  ChrfStats stats;
  for (size_t i = 0; i < hypotheses.size(); ++i) {
    try {
      stats.add(hypotheses[i], references[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return computeChrf(stats);
}

}  // namespace studio::model
