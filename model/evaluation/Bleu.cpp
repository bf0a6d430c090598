#include "model/evaluation/Bleu.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "model/evaluation/CodePoints.h"
#include "model/evaluation/Segments.h"

namespace studio::model {

namespace {

bool isDigit(char32_t c) { return c >= U'0' && c <= U'9'; }

void replaceAll(std::u32string& s, const std::u32string& from, const std::u32string& to) {
  size_t pos = 0;
  while ((pos = s.find(from, pos)) != std::u32string::npos) {
    s.replace(pos, from.size(), to);
    pos += to.size();
  }
}

// The character class of 13a's first rule: { | } ~  [ \ ] ^ _ `  space ! " # $ % &  ( ) * +  : ; < = > ? @  /
bool isSplitSymbol(char32_t c) {
  return (c >= U'{' && c <= U'~') || (c >= U'[' && c <= U'`') || (c >= U' ' && c <= U'&') ||
         (c >= U'(' && c <= U'+') || (c >= U':' && c <= U'@') || c == U'/';
}

// One pass of a two-character pattern, left to right without overlaps, as
// Python's re.sub does: where first(a) and second(b) hold for a pair (a, b),
// the pair is replaced by make(a, b).
template <typename First, typename Second, typename Make>
std::u32string substitutePairs(const std::u32string& s, First first, Second second, Make make) {
  std::u32string out;
  out.reserve(s.size() + s.size() / 4);
  size_t i = 0;
  while (i < s.size()) {
    if (i + 1 < s.size() && first(s[i]) && second(s[i + 1])) {
      out += make(s[i], s[i + 1]);
      i += 2;
    } else {
      out.push_back(s[i++]);
    }
  }
  return out;
}

std::vector<std::string> splitTokens(const std::string& tokenized) {
  std::vector<std::string> tokens;
  size_t start = 0;
  while (start <= tokenized.size()) {
    const size_t space = tokenized.find(' ', start);
    const size_t end = space == std::string::npos ? tokenized.size() : space;
    if (end > start) tokens.push_back(tokenized.substr(start, end - start));
    if (space == std::string::npos) break;
    start = space + 1;
  }
  return tokens;
}

using NgramCounts = std::unordered_map<std::string, int64_t>;

// n-gram counts for n = 1..4 (keys joined with a separator that 13a output never holds).
std::array<NgramCounts, 4> ngrams(const std::vector<std::string>& tokens) {
  std::array<NgramCounts, 4> counts;
  for (size_t n = 1; n <= 4; ++n) {
    for (size_t i = 0; i + n <= tokens.size(); ++i) {
      std::string key = tokens[i];
      for (size_t k = 1; k < n; ++k) key += '\x1f' + tokens[i + k];
      ++counts[n - 1][key];
    }
  }
  return counts;
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

}  // namespace

std::string tokenize13a(const std::string& raw) {
  std::u32string line = decodeUtf8(raw);
  while (!line.empty() && isPythonSpace(line.back())) line.pop_back();  // Python's rstrip()
  replaceAll(line, U"<skipped>", U"");
  replaceAll(line, U"-\n", U"");
  replaceAll(line, U"\n", U" ");
  replaceAll(line, U"&quot;", U"\"");
  replaceAll(line, U"&amp;", U"&");
  replaceAll(line, U"&lt;", U"<");
  replaceAll(line, U"&gt;", U">");
  line = U" " + line + U" ";

  std::u32string spaced;
  spaced.reserve(line.size() * 2);
  for (char32_t c : line) {
    if (isSplitSymbol(c)) {
      spaced += U' ';
      spaced += c;
      spaced += U' ';
    } else {
      spaced += c;
    }
  }
  auto is_period_or_comma = [](char32_t c) { return c == U'.' || c == U','; };
  auto not_digit = [](char32_t c) { return !isDigit(c); };
  // Period and comma unless preceded by a digit: "\1 \2 ".
  spaced = substitutePairs(spaced, not_digit, is_period_or_comma,
                           [](char32_t a, char32_t b) { return std::u32string{a, U' ', b, U' '}; });
  // Period and comma unless followed by a digit: " \1 \2".
  spaced = substitutePairs(spaced, is_period_or_comma, not_digit,
                           [](char32_t a, char32_t b) { return std::u32string{U' ', a, U' ', b}; });
  // Dash after a digit: "\1 \2 ".
  spaced = substitutePairs(spaced, isDigit, [](char32_t c) { return c == U'-'; },
                           [](char32_t a, char32_t b) { return std::u32string{a, U' ', b, U' '}; });

  // Python's ' '.join(line.split()).
  std::u32string out;
  bool pending = false;
  for (char32_t c : spaced) {
    if (isPythonSpace(c)) {
      pending = !out.empty();
      continue;
    }
    if (pending) out += U' ';
    pending = false;
    out += c;
  }
  return encodeUtf8(out);
}

void BleuStats::add(const std::string& hypothesis, const std::string& reference) {
  const auto hyp = splitTokens(tokenize13a(hypothesis));
  const auto ref = splitTokens(tokenize13a(reference));
  sys_len += int64_t(hyp.size());
  ref_len += int64_t(ref.size());
  const auto hyp_counts = ngrams(hyp);
  const auto ref_counts = ngrams(ref);
  for (size_t n = 0; n < 4; ++n) {
    total[n] += std::max<int64_t>(0, int64_t(hyp.size()) - int64_t(n));
    for (const auto& [gram, count] : hyp_counts[n]) {
      auto it = ref_counts[n].find(gram);
      if (it != ref_counts[n].end()) correct[n] += std::min(count, it->second);
    }
  }
}

BleuScore computeBleu(const BleuStats& stats) {
  BleuScore s;
  s.sys_len = stats.sys_len;
  s.ref_len = stats.ref_len;
  s.correct = stats.correct;
  s.total = stats.total;
  if (stats.sys_len < stats.ref_len)
    s.bp = stats.sys_len > 0 ? std::exp(1.0 - double(stats.ref_len) / double(stats.sys_len)) : 0.0;
  else
    s.bp = 1.0;
  bool any_match = false;
  for (int64_t c : stats.correct) any_match = any_match || c != 0;
  if (!any_match) return s;  // score 0, precisions 0

  double smooth = 1.0;
  for (size_t n = 0; n < 4; ++n) {
    if (stats.total[n] == 0) break;  // the precision stays 0, and so does the score
    if (stats.correct[n] == 0) {
      smooth *= 2.0;
      s.precisions[n] = 100.0 / (smooth * double(stats.total[n]));
    } else {
      s.precisions[n] = 100.0 * double(stats.correct[n]) / double(stats.total[n]);
    }
  }
  double log_sum = 0.0;
  for (double p : s.precisions) log_sum += p == 0.0 ? -9999999999.0 : std::log(p);
  s.score = s.bp * std::exp(log_sum / 4.0);
  return s;
}

// Appended piece by piece: GCC 12 warns (falsely: -Warray-bounds,
// -Wstringop-overflow) on operator+ of a literal and a temporary string here.
std::string BleuScore::signature() {
  std::string out = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:";
  out += kSacreBleuVersion;
  return out;
}

std::string BleuScore::line(int width) const {
  std::string out = "BLEU|";
  out += signature();
  out += " = " + fixed(score, width) + " ";
  for (size_t n = 0; n < 4; ++n) {
    if (n) out += '/';
    out += fixed(precisions[n], 1);
  }
  out += " (BP = " + fixed(bp, 3) + " ratio = " + fixed(ratio(), 3) + " hyp_len = " + std::to_string(sys_len) +
         " ref_len = " + std::to_string(ref_len) + ")";
  return out;
}

nlohmann::json BleuScore::toJson() const {
  return {{"name", "BLEU"},
          {"score", score},
          {"precisions", precisions},
          {"bp", bp},
          {"ratio", ratio()},
          {"sys_len", sys_len},
          {"ref_len", ref_len},
          {"counts", correct},
          {"totals", total},
          {"signature", signature()}};
}

BleuScore corpusBleu(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references) {
  BleuStats stats;
  addSegments(stats, hypotheses, references);
  return computeBleu(stats);
}

}  // namespace studio::model
