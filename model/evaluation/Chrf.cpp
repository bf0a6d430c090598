#include "model/evaluation/Chrf.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/CodePoints.h"
#include "model/evaluation/Segments.h"

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

// chrF++'s words: split at whitespace, a word of more than one character
// with a punctuation mark at its end (else at its start) split in two
// there, as sacreBLEU's _remove_punctuation ("(hi)" gives "(hi" and ")").
std::vector<std::u32string> chrfWords(const std::string& line) {
  static const std::u32string kPunctuation = U"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  const auto isPunctuation = [](char32_t c) { return kPunctuation.find(c) != std::u32string::npos; };
  std::vector<std::u32string> out;
  for (const std::u32string& word : pythonSplit(decodeUtf8(line))) {
    if (word.size() > 1 && isPunctuation(word.back())) {
      out.push_back(word.substr(0, word.size() - 1));
      out.push_back(word.substr(word.size() - 1));
    } else if (word.size() > 1 && isPunctuation(word.front())) {
      out.push_back(word.substr(0, 1));
      out.push_back(word.substr(1));
    } else {
      out.push_back(word);
    }
  }
  return out;
}

// Word n-grams as sacreBLEU joins them (words between single spaces).
Counts wordNgramCounts(const std::vector<std::u32string>& words, size_t n,
                       std::vector<std::u32string>& storage) {
  storage.clear();
  for (size_t i = 0; i + n <= words.size(); ++i) {
    std::u32string gram = words[i];
    for (size_t k = 1; k < n; ++k) gram += U' ' + words[i + k];
    storage.push_back(std::move(gram));
  }
  Counts counts;
  for (const auto& gram : storage) ++counts[gram];
  return counts;
}

// One order's hypothesis, reference and matched n-grams.
void addOrder(const Counts& hyp_counts, const Counts& ref_counts, int64_t& hyp, int64_t& ref,
              int64_t& match) {
  int64_t hyp_total = 0, ref_total = 0, matched = 0;
  for (const auto& [gram, count] : hyp_counts) {
    hyp_total += count;
    if (auto it = ref_counts.find(gram); it != ref_counts.end()) matched += std::min(count, it->second);
  }
  for (const auto& entry : ref_counts) ref_total += entry.second;
  // sacreBLEU counts no hypothesis n-grams where the reference has none of that order.
  hyp += ref_counts.empty() ? 0 : hyp_total;
  ref += ref_total;
  match += matched;
}

}  // namespace

void ChrfStats::add(const std::string& hypothesis, const std::string& reference) {
  const std::u32string h = withoutSpaces(hypothesis), r = withoutSpaces(reference);
  for (size_t n = 1; n <= size_t(kChrfCharOrder); ++n)
    addOrder(ngramCounts(h, n), ngramCounts(r, n), hyp[n - 1], ref[n - 1], match[n - 1]);
  if (word_order == 0) return;
  const auto hyp_words = chrfWords(hypothesis), ref_words = chrfWords(reference);
  std::vector<std::u32string> hyp_storage, ref_storage;  // the n-grams the counts' views point into
  for (size_t n = 1; n <= size_t(word_order); ++n) {
    const size_t at = size_t(kChrfCharOrder) + n - 1;
    const Counts hyp_counts = wordNgramCounts(hyp_words, n, hyp_storage);
    const Counts ref_counts = wordNgramCounts(ref_words, n, ref_storage);
    addOrder(hyp_counts, ref_counts, hyp[at], ref[at], match[at]);
  }
}

ChrfScore computeChrf(const ChrfStats& stats) {
  ChrfScore s;
  s.stats = stats;
  const double factor = double(kChrfBeta) * double(kChrfBeta);
  double precision_sum = 0.0, recall_sum = 0.0;
  int effective_order = 0;
  for (int n = 0; n < stats.orders(); ++n) {
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

std::string ChrfScore::name(int word_order) {
  return "chrF" + std::to_string(kChrfBeta) + std::string(size_t(word_order), '+');
}

std::string ChrfScore::signature(int word_order) {
  return "nrefs:1|case:mixed|eff:yes|nc:" + std::to_string(kChrfCharOrder) +
         "|nw:" + std::to_string(word_order) + "|space:no|version:" + kSacreBleuVersion;
}

std::string ChrfScore::line(int width) const {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", width, score);
  return name(stats.word_order) + "|" + signature(stats.word_order) + " = " + text;
}

nlohmann::json ChrfScore::toJson() const {
  const auto orders = size_t(stats.orders());
  const auto first = [orders](const std::array<int64_t, kChrfMaxOrder>& counts) {
    return std::vector<int64_t>(counts.begin(), counts.begin() + std::ptrdiff_t(orders));
  };
  return {{"name", name(stats.word_order)},
          {"score", score},
          {"signature", signature(stats.word_order)},
          {"char_order", kChrfCharOrder},
          {"word_order", stats.word_order},
          {"beta", kChrfBeta},
          {"hyp_ngrams", first(stats.hyp)},
          {"ref_ngrams", first(stats.ref)},
          {"matches", first(stats.match)}};
}

ChrfScore corpusChrf(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references,
                     int word_order) {
  if (word_order < 0 || word_order > kChrfMaxWordOrder)
    throw std::invalid_argument("chrF's word order is 0 (chrF) or up to " +
                                std::to_string(kChrfMaxWordOrder));
  ChrfStats stats;
  stats.word_order = word_order;
  addSegments(stats, hypotheses, references);
  return computeChrf(stats);
}

}  // namespace studio::model
