#include "model/data/WordAligner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace studio::data {

namespace {

constexpr size_t kMostWords = std::numeric_limits<uint16_t>::max();

bool alignable(const WordIds& a, const WordIds& b) {
  return !a.empty() && !b.empty() && a.size() <= kMostWords && b.size() <= kMostWords;
}

// The diagonal's weights of one target position: exp(-tension * |(i+1)/m -
// (j+1)/n|) for each source position j, scaled to sum to 1 - p0.
void diagonalPrior(size_t i, size_t m, size_t n, double tension, double p0, std::vector<double>& prior) {
  prior.resize(n);
  double sum = 0;
  const double ti = double(i + 1) / double(m);
  for (size_t j = 0; j < n; ++j) {
    prior[j] = std::exp(-tension * std::abs(ti - double(j + 1) / double(n)));
    sum += prior[j];
  }
  for (auto& p : prior) p *= (1.0 - p0) / sum;
}

// IBM Model 2 with fast_align's distortion, one direction: each target word
// drawn from one source word or from nothing (the null word, source id -1).
class Direction {
 public:
  Direction(const std::vector<WordIds>& sources, const std::vector<WordIds>& targets,
            const WordAlignerOptions& o)
      : sources_(sources), targets_(targets), options_(o), tension_(o.tension) {
    // Every (source word or null, target word) that meets in a pair gets a
    // cell of the table; each pair keeps its cells' numbers, m rows of n + 1.
    std::unordered_map<uint64_t, int32_t> number;
    cells_.resize(sources.size());
    for (size_t p = 0; p < sources.size(); ++p) {
      if (!alignable(sources[p], targets[p])) continue;
      const auto& e = sources[p];
      const auto& f = targets[p];
      auto& cells = cells_[p];
      cells.reserve(f.size() * (e.size() + 1));
      for (int32_t fw : f)
        for (size_t j = 0; j <= e.size(); ++j) {
          const int64_t ew = j < e.size() ? int64_t(e[j]) : -1;  // the last column is the null word
          const uint64_t key = (uint64_t(ew + 1) << 32) | uint32_t(fw);
          auto [it, added] = number.emplace(key, int32_t(source_of_.size()));
          if (added) source_of_.push_back(ew);
          cells.push_back(it->second);
        }
    }
    // Source words numbered densely for the normalizing sums.
    std::unordered_map<int64_t, int32_t> dense;
    source_index_.reserve(source_of_.size());
    for (int64_t ew : source_of_) {
      auto [it, added] = dense.emplace(ew, int32_t(dense.size()));
      source_index_.push_back(it->second);
    }
    sources_seen_ = dense.size();
    table_.assign(source_of_.size(), 1.0);  // uniform: the first E step follows the diagonal alone
  }

  // One EM iteration; then, when asked, the tension that makes the data likeliest.
  void iterate() {
    std::vector<double> counts(table_.size(), 0.0), scores;
    for (size_t p = 0; p < cells_.size(); ++p)
      for (size_t i = 0; i < targets_[p].size() && !cells_[p].empty(); ++i) {
        const double sum = rowScores(p, i, tension_, scores);
        if (!(sum > 0)) continue;
        const int32_t* row = cellsOf(p, i);
        for (size_t j = 0; j < scores.size(); ++j) counts[size_t(row[j])] += scores[j] / sum;
      }
    std::vector<double> totals(sources_seen_, 0.0);
    for (size_t c = 0; c < counts.size(); ++c) totals[size_t(source_index_[c])] += counts[c];
    for (size_t c = 0; c < counts.size(); ++c) {
      const double total = totals[size_t(source_index_[c])];
      table_[c] = total > 0 ? counts[c] / total : 0.0;
    }
    if (options_.learn_tension) {
      // A search over the likelihood around the current tension (fast_align
      // takes gradient steps on the same objective).
      double best = tension_, best_likelihood = logLikelihood(tension_);
      for (double factor : {0.5, 0.7, 1.4, 2.0}) {
        const double candidate = std::clamp(tension_ * factor, 0.05, 200.0);
        const double likelihood = logLikelihood(candidate);
        if (likelihood > best_likelihood) {
          best = candidate;
          best_likelihood = likelihood;
        }
      }
      tension_ = best;
    }
  }

  double logLikelihood(double tension) const {
    double total = 0;
    std::vector<double> scores;
    for (size_t p = 0; p < cells_.size(); ++p)
      for (size_t i = 0; i < targets_[p].size() && !cells_[p].empty(); ++i)
        total += std::log(std::max(rowScores(p, i, tension, scores), 1e-300));
    return total;
  }

  // Each target word's likeliest source word of pair p (-1: the null word).
  std::vector<int> viterbi(size_t p) const {
    std::vector<int> best(targets_[p].size(), -1);
    std::vector<double> scores;
    for (size_t i = 0; i < best.size() && !cells_[p].empty(); ++i) {
      rowScores(p, i, tension_, scores);
      const size_t n = scores.size() - 1;  // the null word's is last
      double top = scores[n];
      for (size_t j = 0; j < n; ++j)
        if (scores[j] > top) {
          top = scores[j];
          best[i] = int(j);
        }
    }
    return best;
  }

  DirectionFit fit() const { return {tension_, logLikelihood(tension_)}; }

 private:
  const int32_t* cellsOf(size_t p, size_t i) const { return cells_[p].data() + i * (sources_[p].size() + 1); }

  // P(target word i of pair p, drawn from source word j) for each j and, last,
  // the null word: the diagonal's prior times the table. Returns their sum.
  double rowScores(size_t p, size_t i, double tension, std::vector<double>& scores) const {
    const size_t n = sources_[p].size();
    thread_local std::vector<double> prior;
    diagonalPrior(i, targets_[p].size(), n, tension, options_.null_probability, prior);
    const int32_t* row = cellsOf(p, i);
    scores.resize(n + 1);
    double sum = scores[n] = options_.null_probability * table_[size_t(row[n])];
    for (size_t j = 0; j < n; ++j) sum += scores[j] = prior[j] * table_[size_t(row[j])];
    return sum;
  }

  const std::vector<WordIds>& sources_;
  const std::vector<WordIds>& targets_;
  WordAlignerOptions options_;
  double tension_;
  std::vector<std::vector<int32_t>> cells_;  // a pair's m x (n + 1) cell numbers
  std::vector<int64_t> source_of_;           // a cell's source word (-1: null)
  std::vector<int32_t> source_index_;        // a cell's source word, numbered densely
  size_t sources_seen_ = 0;
  std::vector<double> table_;  // t(target word | source word), a cell each
};

}  // namespace

WordLinks growDiagFinalAnd(const std::vector<int>& forward, const std::vector<int>& backward) {
  const int n = int(backward.size()), m = int(forward.size());
  std::vector<char> in_union(size_t(n) * size_t(m), 0), chosen(size_t(n) * size_t(m), 0);
  std::vector<char> source_used(size_t(n), 0), target_used(size_t(m), 0);
  auto at = [m](int s, int t) { return size_t(s) * size_t(m) + size_t(t); };
  for (int t = 0; t < m; ++t)
    if (forward[size_t(t)] >= 0 && forward[size_t(t)] < n) in_union[at(forward[size_t(t)], t)] |= 1;
  for (int s = 0; s < n; ++s)
    if (backward[size_t(s)] >= 0 && backward[size_t(s)] < m) in_union[at(s, backward[size_t(s)])] |= 2;
  auto choose = [&](int s, int t) {
    chosen[at(s, t)] = 1;
    source_used[size_t(s)] = target_used[size_t(t)] = 1;
  };
  // The intersection.
  for (int s = 0; s < n; ++s)
    for (int t = 0; t < m; ++t)
      if (in_union[at(s, t)] == 3) choose(s, t);
  // grow-diag: a union link next to a chosen one (diagonals too) joins
  // while it brings a word that has none.
  for (bool grew = true; grew;) {
    grew = false;
    for (int s = 0; s < n; ++s)
      for (int t = 0; t < m; ++t) {
        if (!chosen[at(s, t)]) continue;
        for (int ds = -1; ds <= 1; ++ds)
          for (int dt = -1; dt <= 1; ++dt) {
            const int s2 = s + ds, t2 = t + dt;
            if ((ds == 0 && dt == 0) || s2 < 0 || t2 < 0 || s2 >= n || t2 >= m) continue;
            if (!in_union[at(s2, t2)] || chosen[at(s2, t2)]) continue;
            if (source_used[size_t(s2)] && target_used[size_t(t2)]) continue;
            choose(s2, t2);
            grew = true;
          }
      }
  }
  // final-and: a link of either direction whose two words have none yet.
  for (int pass : {1, 2})
    for (int s = 0; s < n; ++s)
      for (int t = 0; t < m; ++t)
        if ((in_union[at(s, t)] & pass) && !source_used[size_t(s)] && !target_used[size_t(t)]) choose(s, t);
  WordLinks links;
  for (int s = 0; s < n; ++s)
    for (int t = 0; t < m; ++t)
      if (chosen[at(s, t)]) links.emplace_back(uint16_t(s), uint16_t(t));
  return links;
}

WordAlignerResult alignCorpus(const std::vector<WordIds>& sources, const std::vector<WordIds>& targets,
                              const WordAlignerOptions& options,
                              const std::function<bool(int, int)>& progress) {
  if (sources.size() != targets.size())
    throw std::invalid_argument("alignCorpus: " + std::to_string(sources.size()) + " sources and " +
                                std::to_string(targets.size()) + " targets");
  if (options.iterations < 1) throw std::invalid_argument("alignCorpus: iterations must be at least 1");
  if (!(options.null_probability > 0 && options.null_probability < 1))
    throw std::invalid_argument("alignCorpus: null_probability must be in (0, 1)");
  if (!(options.tension > 0)) throw std::invalid_argument("alignCorpus: tension must be positive");
  const int total = 2 * options.iterations;
  int done = 0;
  Direction forward(sources, targets, options);
  for (int k = 0; k < options.iterations; ++k) {
    forward.iterate();
    if (progress && !progress(++done, total)) return {};
  }
  Direction backward(targets, sources, options);
  for (int k = 0; k < options.iterations; ++k) {
    backward.iterate();
    if (progress && !progress(++done, total)) return {};
  }
  WordAlignerResult result;
  result.forward = forward.fit();
  result.backward = backward.fit();
  result.links.resize(sources.size());
  for (size_t p = 0; p < sources.size(); ++p) {
    if (!alignable(sources[p], targets[p])) continue;
    result.links[p] = growDiagFinalAnd(forward.viterbi(p), backward.viterbi(p));
  }
  return result;
}

}  // namespace studio::data
