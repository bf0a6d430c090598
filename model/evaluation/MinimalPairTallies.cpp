#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "model/data/Corpus.h"
#include "model/data/Text.h"
#include "model/evaluation/MinimalPairs.h"

// Minimal pairs read from and written to a file, and what a model's outcomes
// add up to: each kind's tally with Wilson's interval, two models compared
// with McNemar's exact test. (MinimalPairs.cpp holds the rules that make pairs.)
namespace studio::model {

std::vector<MinimalPair> readMinimalPairs(const std::string& path) {
  const auto lines = data::readLines(path);
  std::vector<MinimalPair> pairs;
  static const std::array<const char*, 4> names = {"the source", "the right translation",
                                                   "the wrong translation", "the kind"};
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto where = "'" + path + "' line " + std::to_string(i + 1);
    if (!data::isValidUtf8(lines[i])) throw std::runtime_error(where + " is not valid UTF-8");
    if (data::isBlank(lines[i])) continue;
    std::vector<std::string> fields;
    for (size_t begin = 0;;) {
      const size_t tab = lines[i].find('\t', begin);
      fields.push_back(data::normalizeWhitespace(lines[i].substr(begin, tab - begin)));
      if (tab == std::string::npos) break;
      begin = tab + 1;
    }
    if (fields.size() < 3 || fields.size() > 4)
      throw std::runtime_error(where + " has " + std::to_string(fields.size()) +
                               " fields separated by tabs; a pair is SOURCE<TAB>RIGHT<TAB>WRONG[<TAB>KIND]");
    for (size_t f = 0; f < fields.size(); ++f)
      if (fields[f].empty())
        throw std::runtime_error(where + ": " + names[f] + " (field " + std::to_string(f + 1) + ") is empty");
    if (fields[1] == fields[2])
      throw std::runtime_error(where + ": the wrong translation is the right one, word for word");
    pairs.push_back({i + 1, fields.size() == 4 ? fields[3] : "yours", fields[0], fields[1], fields[2], ""});
  }
  if (pairs.empty())
    throw std::runtime_error("'" + path + "' holds no pair (SOURCE<TAB>RIGHT<TAB>WRONG a line)");
  return pairs;
}

std::string minimalPairsTsv(const std::vector<MinimalPair>& pairs) {
  const auto field = [](const std::string& text) { return data::normalizeWhitespace(text); };
  std::string out;
  for (const auto& p : pairs)
    out += field(p.source) + "\t" + field(p.right) + "\t" + field(p.wrong) + "\t" + field(p.kind) + "\n";
  return out;
}

std::pair<double, double> wilsonInterval(size_t successes, size_t trials, double z) {
  if (trials == 0) return {0.0, 1.0};
  const double n = double(trials), p = double(successes) / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double mcnemarExactP(size_t b, size_t c) {
  const size_t n = b + c, k = std::min(b, c);
  if (n == 0) return 1.0;
  // 2 × P(X <= k) for X ~ Binomial(n, 1/2), the terms summed in log space.
  const double log_half_n = -double(n) * std::log(2.0);
  double sum = 0.0;
  for (size_t i = 0; i <= k; ++i)
    sum += std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) - std::lgamma(double(n - i) + 1) +
                    log_half_n);
  return std::min(1.0, 2.0 * sum);
}

std::vector<MinimalPairComparison> compareMinimalPairs(const std::vector<MinimalPair>& pairs,
                                                       const std::vector<MinimalPairOutcome>& first,
                                                       const std::vector<MinimalPairOutcome>& second) {
  if (pairs.size() != first.size() || pairs.size() != second.size())
    throw std::invalid_argument(std::to_string(pairs.size()) + " pairs but " + std::to_string(first.size()) +
                                " and " + std::to_string(second.size()) + " outcomes");
  std::vector<MinimalPairComparison> rows;
  const auto count = [&](MinimalPairComparison& row, size_t i) {
    if (!first[i].scored || !second[i].scored) return;
    ++row.pairs;
    const bool a = first[i].preferred(), b = second[i].preferred();
    row.first += a;
    row.second += b;
    row.only_first += a && !b;
    row.only_second += b && !a;
  };
  for (size_t i = 0; i < pairs.size(); ++i) {
    auto it = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.kind == pairs[i].kind; });
    if (it == rows.end()) {
      rows.push_back({});
      rows.back().kind = pairs[i].kind;
      it = rows.end() - 1;
    }
    count(*it, i);
  }
  if (rows.size() >= 2) {
    rows.push_back({});
    rows.back().kind = "all";
    for (size_t i = 0; i < pairs.size(); ++i) count(rows.back(), i);
  }
  for (auto& row : rows) row.p = mcnemarExactP(row.only_first, row.only_second);
  return rows;
}

std::vector<MinimalPairTally> tallyMinimalPairs(const std::vector<MinimalPair>& pairs,
                                                const std::vector<MinimalPairOutcome>& outcomes) {
  if (pairs.size() != outcomes.size())
    throw std::invalid_argument(std::to_string(pairs.size()) + " pairs but " +
                                std::to_string(outcomes.size()) + " outcomes");
  std::vector<MinimalPairTally> tallies;
  std::vector<double> margins;
  const auto count = [&](size_t t, const MinimalPairOutcome& outcome) {
    auto& tally = tallies[t];
    ++tally.pairs;
    if (!outcome.scored) return;
    ++tally.scored;
    if (outcome.preferred()) ++tally.preferred;
    margins[t] += outcome.margin();
  };
  for (size_t i = 0; i < pairs.size(); ++i) {
    auto it =
        std::find_if(tallies.begin(), tallies.end(), [&](const auto& t) { return t.kind == pairs[i].kind; });
    if (it == tallies.end()) {
      tallies.push_back({});
      tallies.back().kind = pairs[i].kind;
      margins.push_back(0.0);
      it = tallies.end() - 1;
    }
    count(size_t(it - tallies.begin()), outcomes[i]);
  }
  if (tallies.size() >= 2) {
    tallies.push_back({});
    tallies.back().kind = "all";
    margins.push_back(0.0);
    for (const auto& outcome : outcomes) count(tallies.size() - 1, outcome);
  }
  for (size_t t = 0; t < tallies.size(); ++t) {
    auto& tally = tallies[t];
    if (tally.scored) tally.mean_margin = margins[t] / double(tally.scored);
    std::tie(tally.low, tally.high) = wilsonInterval(tally.preferred, tally.scored);
  }
  return tallies;
}

}  // namespace studio::model
