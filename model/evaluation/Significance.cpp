#include "model/evaluation/Significance.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/Chrf.h"
#include "model/evaluation/NumpyRandom.h"
#include "model/evaluation/Ter.h"

// Every float operation below is spelt out so that it rounds as numpy's does:
// this file is built with -ffp-contract=off (no fused multiply-adds).
namespace studio::model {
namespace {

constexpr size_t kBleuWidth = 10;                          // sys_len, ref_len, correct[4], total[4]
constexpr size_t kTerWidth = 2;                            // edits, reference words

bool isChrf(MetricKind metric) { return metric == MetricKind::Chrf || metric == MetricKind::ChrfPlusPlus; }
int wordOrder(MetricKind metric) { return metric == MetricKind::ChrfPlusPlus ? 2 : 0; }

size_t widthOf(MetricKind metric) {
  if (isChrf(metric)) return 3 * size_t(kChrfCharOrder + wordOrder(metric));  // (hyp, ref, match) an order
  return metric == MetricKind::Bleu ? kBleuWidth : kTerWidth;
}

BleuStats bleuStats(const int64_t* row) {
  BleuStats s;
  s.sys_len = row[0];
  s.ref_len = row[1];
  for (size_t n = 0; n < 4; ++n) {
    s.correct[n] = row[2 + n];
    s.total[n] = row[6 + n];
  }
  return s;
}

ChrfStats chrfStats(const int64_t* row, int word_order) {
  ChrfStats s;
  s.word_order = word_order;
  for (size_t n = 0; n < size_t(s.orders()); ++n) {
    s.hyp[n] = row[3 * n];
    s.ref[n] = row[3 * n + 1];
    s.match[n] = row[3 * n + 2];
  }
  return s;
}

double exactScore(MetricKind metric, const int64_t* sums) {
  if (metric == MetricKind::Ter) return computeTer(TerStats{sums[0], sums[1]}).score;
  if (isChrf(metric)) return computeChrf(chrfStats(sums, wordOrder(metric))).score;
  return computeBleu(bleuStats(sums)).score;
}

// BLEU of a resample's float32 sums, as sacreBLEU's compute_bleu does it on
// numpy float32 scalars: the lengths become integers, each precision is
// float32 arithmetic, the logarithms and the rest are double.
double bleuOfSums(const float* s) {
  const auto sys_len = int64_t(s[0]), ref_len = int64_t(s[1]);
  double bp = 1.0;
  if (sys_len < ref_len) bp = sys_len > 0 ? std::exp(1.0 - double(ref_len) / double(sys_len)) : 0.0;
  const float* correct = s + 2;
  const float* total = s + 6;
  if (std::all_of(correct, correct + 4, [](float c) { return c == 0.0f; })) return 0.0;
  float precisions[4] = {0, 0, 0, 0};
  float smooth = 1.0f;
  for (size_t n = 0; n < 4; ++n) {
    if (total[n] == 0.0f) break;
    if (correct[n] == 0.0f) {
      smooth *= 2.0f;
      const float denominator = smooth * total[n];
      precisions[n] = 100.0f / denominator;
    } else {
      const float scaled = 100.0f * correct[n];
      precisions[n] = scaled / total[n];
    }
  }
  double log_sum = 0.0;
  for (float p : precisions) log_sum += p == 0.0f ? -9999999999.0 : std::log(double(p));
  return bp * std::exp(log_sum / 4.0);
}

// chrF of a resample's float32 sums: sacreBLEU's _compute_f_score keeps the
// whole computation in float32 there, except that a score of 0 is a Python
// float (which makes numpy's array of the resamples' scores float64).
float chrfOfSums(const float* s, int orders) {
  float precision = 0.0f, recall = 0.0f;
  int effective_order = 0;
  for (size_t n = 0; n < size_t(orders); ++n) {
    const float hyp = s[3 * n], ref = s[3 * n + 1], match = s[3 * n + 2];
    if (hyp > 0.0f && ref > 0.0f) {
      precision += match / hyp;
      recall += match / ref;
      ++effective_order;
    }
  }
  if (effective_order == 0) return 0.0f;
  precision /= float(effective_order);
  recall /= float(effective_order);
  if (precision + recall == 0.0f) return 0.0f;
  float score = 5.0f * precision;
  score *= recall;
  const float scaled = 4.0f * precision;
  score /= scaled + recall;
  return 100.0f * score;
}

// TER of a resample's float32 sums: sacreBLEU divides them in float32 and
// scales by 100 in float32; with no reference words the score is a Python
// float (nullopt here: 100 with edits, else 0), which makes numpy's array
// of the resamples' scores float64.
std::optional<float> terOfSums(const float* s) {
  if (s[1] > 0.0f) {
    const float rate = s[0] / s[1];
    return 100.0f * rate;
  }
  return std::nullopt;
}

// numpy's pairwise summation of a contiguous array (blocks of 128 summed in
// eight lanes), started from the identity 0 as np.add.reduce does.
template <typename T>
T pairwiseSum(const T* a, size_t n) {
  if (n < 8) {
    T sum = 0;
    for (size_t i = 0; i < n; ++i) sum += a[i];
    return sum;
  }
  if (n <= 128) {
    T lane[8];
    for (size_t j = 0; j < 8; ++j) lane[j] = a[j];
    size_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (size_t j = 0; j < 8; ++j) lane[j] += a[i + j];
    T sum = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    for (; i < n; ++i) sum += a[i];
    return sum;
  }
  size_t half = n / 2;
  half -= half % 8;
  return pairwiseSum(a, half) + pairwiseSum(a + half, n - half);
}

// np.mean: the pairwise sum, divided in double, in the array's type.
template <typename T>
T numpyMean(const std::vector<T>& v) {
  const T sum = T(0) + pairwiseSum(v.data(), v.size());
  return T(double(sum) / double(v.size()));
}

// Python's statistics.mean (the exact mean, rounded once); long double's
// 64 bits hold sums of a thousand scores of similar size all but exactly.
template <typename T>
T exactMean(const std::vector<T>& v) {
  long double sum = 0;
  for (T x : v) sum += x;
  return T(double(sum / (long double)v.size()));
}

// The resamples' scores, and whether numpy holds them as float32: chrF's
// are, unless one of them is 0 (then all are float64), and TER's, unless one
// resample has no reference words; BLEU's never.
struct Resampled {
  std::vector<double> values;
  bool float32 = false;
};

std::vector<float> asFloats(const std::vector<double>& v) { return std::vector<float>(v.begin(), v.end()); }

double meanOf(const Resampled& r) {
  return r.float32 ? double(numpyMean(asFloats(r.values))) : numpyMean(r.values);
}

// The mean of resampled scores and half the width of their 95 % interval
// (1/40 in from each end of the sorted scores). sacreBLEU's paired test
// takes numpy's mean of the sorted scores; its --confidence Python's exact mean.
ScoreEstimate estimateOf(Resampled r, double score, bool exact_mean) {
  std::sort(r.values.begin(), r.values.end());
  const size_t lower = r.values.size() / 40, upper = r.values.size() - lower - 1;
  ScoreEstimate e{score, 0, 0};
  if (r.float32) {
    const float width = float(r.values[upper]) - float(r.values[lower]);
    e.ci = double(0.5f * width);
    e.mean = double(exact_mean ? exactMean(asFloats(r.values)) : numpyMean(asFloats(r.values)));
  } else {
    e.ci = 0.5 * (r.values[upper] - r.values[lower]);
    e.mean = exact_mean ? exactMean(r.values) : numpyMean(r.values);
  }
  return e;
}

// The scores of `samples` resamples of each of `systems` (the same resamples
// for all: paired): numpy's draws of segments() indices a resample, drawn
// one resample at a time (the same stream as sacreBLEU's one matrix of
// them, in memory of one row), the segments' statistics summed in float32.
std::vector<Resampled> resampledScores(const std::vector<const SegmentStatistics*>& systems, int samples,
                                       uint64_t seed) {
  const size_t n = systems.front()->segments(), width = systems.front()->width();
  std::vector<std::vector<float>> tables;
  std::vector<Resampled> out(systems.size());
  for (size_t s = 0; s < systems.size(); ++s) {
    std::vector<float> table(n * width);
    for (size_t i = 0; i < n; ++i)
      for (size_t k = 0; k < width; ++k) table[i * width + k] = float(systems[s]->row(i)[k]);
    tables.push_back(std::move(table));
    out[s].values.resize(size_t(samples));
    out[s].float32 = systems[s]->metric() != MetricKind::Bleu;
  }
  NumpyRandom rng(seed);
  std::vector<float> sums(width);
  for (size_t sample = 0; sample < size_t(samples); ++sample) {
    const std::vector<int64_t> indices = rng.below(int64_t(n), n);
    for (size_t s = 0; s < systems.size(); ++s) {
      std::fill(sums.begin(), sums.end(), 0.0f);
      for (int64_t index : indices) {
        const float* row = tables[s].data() + size_t(index) * width;
        for (size_t k = 0; k < width; ++k) sums[k] += row[k];
      }
      Resampled& r = out[s];
      if (isChrf(systems[s]->metric())) {
        r.values[sample] = double(chrfOfSums(sums.data(), kChrfCharOrder + wordOrder(systems[s]->metric())));
        if (r.values[sample] == 0.0) r.float32 = false;
      } else if (systems[s]->metric() == MetricKind::Ter) {
        const std::optional<float> ter = terOfSums(sums.data());
        r.values[sample] = ter ? double(*ter) : sums[0] > 0.0f ? 100.0 : 0.0;
        if (!ter) r.float32 = false;
      } else {
        r.values[sample] = bleuOfSums(sums.data());
      }
    }
  }
  return out;
}

void checkResampling(const SegmentStatistics& stats, int samples) {
  if (stats.segments() == 0) throw std::invalid_argument("there are no segments to resample");
  if (samples < 2)
    throw std::invalid_argument("resampling needs at least 2 samples, not " + std::to_string(samples));
}

PairedResult pairedBootstrap(const SegmentStatistics& baseline, const SegmentStatistics& system, int samples,
                             uint64_t seed, PairedResult result) {
  const std::vector<Resampled> both = resampledScores({&baseline, &system}, samples, seed);
  const Resampled& base = both[0];
  const Resampled& sys = both[1];
  result.has_estimates = true;
  result.baseline = estimateOf(base, result.baseline_score, false);
  result.system = estimateOf(sys, result.system_score, false);
  // How often a resample's difference, centred on the resamples' mean
  // difference, exceeds the real one (compared in the scores' type).
  Resampled differences;
  differences.float32 = base.float32 && sys.float32;
  differences.values.resize(base.values.size());
  for (size_t i = 0; i < base.values.size(); ++i)
    differences.values[i] = differences.float32
                                ? double(std::abs(float(sys.values[i]) - float(base.values[i])))
                                : std::abs(sys.values[i] - base.values[i]);
  const double mean = meanOf(differences);
  const double real = std::abs(result.baseline_score - result.system_score);
  size_t above = 0;
  for (double d : differences.values) {
    if (differences.float32)
      above += float(d) - float(mean) > float(real) ? 1 : 0;
    else
      above += d - mean > real ? 1 : 0;
  }
  result.p_value = double(above + 1) / double(differences.values.size() + 1);
  return result;
}

PairedResult pairedRandomization(const SegmentStatistics& baseline, const SegmentStatistics& system,
                                 int trials, uint64_t seed, PairedResult result) {
  const size_t n = baseline.segments(), width = baseline.width();
  NumpyRandom rng(seed);
  NumpyRandom::BitStream swaps(rng);  // one numpy call's bits, drawn a trial at a time
  const double real = std::abs(result.baseline_score - result.system_score);
  std::vector<int64_t> a(width), b(width);
  size_t above = 0;
  for (size_t t = 0; t < size_t(trials); ++t) {
    std::fill(a.begin(), a.end(), 0);
    std::fill(b.begin(), b.end(), 0);
    for (size_t i = 0; i < n; ++i) {
      const bool keep = swaps.next() != 0;  // true: the baseline's segment goes to pseudo-system a
      const int64_t* to_a = keep ? baseline.row(i) : system.row(i);
      const int64_t* to_b = keep ? system.row(i) : baseline.row(i);
      for (size_t k = 0; k < width; ++k) {
        a[k] += to_a[k];
        b[k] += to_b[k];
      }
    }
    above +=
        std::abs(exactScore(baseline.metric(), a.data()) - exactScore(baseline.metric(), b.data())) > real;
  }
  result.p_value = double(above + 1) / double(trials + 1);
  return result;
}

}  // namespace

std::string metricName(MetricKind metric) {
  if (isChrf(metric)) return ChrfScore::name(wordOrder(metric));
  return metric == MetricKind::Bleu ? "BLEU" : TerScore::name();
}

SegmentStatistics::SegmentStatistics(MetricKind metric, const std::vector<std::string>& hypotheses,
                                     const std::vector<std::string>& references)
    : metric_(metric), width_(widthOf(metric)) {
  if (hypotheses.size() != references.size())
    throw std::invalid_argument("there are " + std::to_string(hypotheses.size()) + " hypotheses but " +
                                std::to_string(references.size()) + " references");
  values_.reserve(hypotheses.size() * width_);
  for (size_t i = 0; i < hypotheses.size(); ++i) {
    try {
      if (metric == MetricKind::Bleu) {
        BleuStats s;
        s.add(hypotheses[i], references[i]);
        values_.insert(values_.end(), {s.sys_len, s.ref_len});
        values_.insert(values_.end(), s.correct.begin(), s.correct.end());
        values_.insert(values_.end(), s.total.begin(), s.total.end());
      } else if (isChrf(metric)) {
        ChrfStats s;
        s.word_order = wordOrder(metric);
        s.add(hypotheses[i], references[i]);
        for (size_t n = 0; n < size_t(s.orders()); ++n)
          values_.insert(values_.end(), {s.hyp[n], s.ref[n], s.match[n]});
      } else {
        TerStats s;
        s.add(hypotheses[i], references[i]);
        values_.insert(values_.end(), {s.edits, s.ref_words});
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(i + 1) + ": " + e.what());
    }
  }
}

double SegmentStatistics::score() const {
  std::vector<int64_t> sums(width_, 0);
  for (size_t i = 0; i < segments(); ++i)
    for (size_t k = 0; k < width_; ++k) sums[k] += row(i)[k];
  return exactScore(metric_, sums.data());
}

ScoreEstimate bootstrapEstimate(const SegmentStatistics& stats, int samples, uint64_t seed) {
  checkResampling(stats, samples);
  return estimateOf(resampledScores({&stats}, samples, seed).front(), stats.score(), true);
}

PairedResult pairedTest(PairedTest test, const SegmentStatistics& baseline, const SegmentStatistics& system,
                        int samples, uint64_t seed) {
  if (baseline.metric() != system.metric())
    throw std::invalid_argument("a paired test compares two systems on one metric");
  if (baseline.segments() != system.segments())
    throw std::invalid_argument("the baseline has " + std::to_string(baseline.segments()) +
                                " segments but the system " + std::to_string(system.segments()));
  checkResampling(baseline, samples);
  // The reference's statistics (BLEU's length, TER's words; chrF's n-gram
  // counts) must agree segment by segment: both systems were scored against one file.
  for (size_t i = 0; i < baseline.segments(); ++i) {
    bool same = true;
    if (!isChrf(baseline.metric()))
      same = baseline.row(i)[1] == system.row(i)[1];
    else
      for (size_t n = 0; n < baseline.width() / 3; ++n)
        same = same && baseline.row(i)[3 * n + 1] == system.row(i)[3 * n + 1];
    if (!same)
      throw std::invalid_argument("line " + std::to_string(i + 1) +
                                  ": the two systems were scored against different references");
  }
  PairedResult result;
  result.baseline_score = baseline.score();
  result.system_score = system.score();
  if (test == PairedTest::Randomization) return pairedRandomization(baseline, system, samples, seed, result);
  return pairedBootstrap(baseline, system, samples, seed, result);
}

BaselineComparison::Scores BaselineComparison::add(const std::vector<std::string>& hypotheses) {
  Scores scores;
  SegmentStatistics stats(MetricKind::Bleu, hypotheses, references_);
  scores.bleu = corpusBleu(hypotheses, references_).score;
  scores.chrf = corpusChrf(hypotheses, references_).score;
  scores.ter = corpusTer(hypotheses, references_).score;
  if (!baseline_stats_) {
    scores.bleu_ci = bootstrapEstimate(stats).ci;
    baseline_ = hypotheses;
    baseline_stats_.emplace(std::move(stats));
  } else {
    const PairedResult test =
        pairedTest(PairedTest::Bootstrap, *baseline_stats_, stats, defaultSamples(PairedTest::Bootstrap));
    scores.bleu_ci = test.system.ci;
    if (hypotheses != baseline_) scores.p_value = test.p_value;
  }
  for (size_t i = 0; i < hypotheses.size(); ++i)
    scores.same_as_baseline += hypotheses[i] == baseline_[i] ? 1 : 0;
  return scores;
}

}  // namespace studio::model
