#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// How sure a BLEU, chrF, chrF++ or TER score is, and whether two systems' scores differ by
// more than chance, as sacreBLEU 2.x's --confidence, --paired-bs and
// --paired-ar compute it (Koehn 2004's bootstrap resampling; Riezler &
// Maxwell 2005's approximate randomization): resamples drawn with numpy's
// generator from the same seed (sacreBLEU's 12345), each resample's score
// from its summed segment statistics in float32 as sacreBLEU's numpy arrays
// compute it, its means by numpy's pairwise summation. The same files and
// seed give sacreBLEU's p-values, means and intervals (tst_metrics).
namespace studio::model {

enum class MetricKind { Bleu, Chrf, ChrfPlusPlus, Ter };

// "BLEU", "chrF2", "chrF2++" or "TER", as sacreBLEU names them.
std::string metricName(MetricKind metric);

// sacreBLEU's sufficient statistics of every segment, a row each: BLEU's
// hypothesis and reference lengths, matches and totals of 1..4-grams; chrF's
// hypothesis, reference and matching character n-grams of orders 1..6
// (chrF++'s then word n-grams of orders 1 and 2);
// TER's edits and reference words.
class SegmentStatistics {
 public:
  // Throws std::invalid_argument when the counts differ or a line is not
  // UTF-8 (naming the 1-based line), as corpusBleu and corpusChrf do.
  SegmentStatistics(MetricKind metric, const std::vector<std::string>& hypotheses,
                    const std::vector<std::string>& references);

  MetricKind metric() const { return metric_; }
  size_t segments() const { return width_ ? values_.size() / width_ : 0; }
  size_t width() const { return width_; }
  const int64_t* row(size_t segment) const { return values_.data() + segment * width_; }
  // The corpus score of every segment (the same as corpusBleu / corpusChrf).
  double score() const;

 private:
  MetricKind metric_;
  size_t width_;
  std::vector<int64_t> values_;
};

inline constexpr uint64_t kSacreBleuSeed = 12345;

struct ScoreEstimate {
  double score = 0;  // of the whole test set
  double mean = 0;   // of the resampled scores
  double ci = 0;     // half the width of the 95 % interval (2.5th to 97.5th percentile)
};

// Bootstrap resampling of one system (sacreBLEU's --confidence): `samples`
// test sets of the same size drawn with replacement. Throws
// std::invalid_argument for fewer than one segment or fewer than 2 samples.
ScoreEstimate bootstrapEstimate(const SegmentStatistics& stats, int samples = 1000,
                                uint64_t seed = kSacreBleuSeed);

enum class PairedTest { Bootstrap, Randomization };

struct PairedResult {
  double baseline_score = 0, system_score = 0;
  // The chance of a score difference at least this large were both systems
  // the same (the null hypothesis); 1 / (samples + 1) is the smallest.
  double p_value = 1;
  // The bootstrap test's estimates of both systems (mean, 95 % interval);
  // the randomization test gives none (has_estimates false).
  bool has_estimates = false;
  ScoreEstimate baseline, system;
};

// Is `system` better or worse than `baseline` by more than chance? Paired
// bootstrap resampling (`samples`: sacreBLEU's default 1,000) or approximate
// randomization (10,000 trials). Both statistics must be of the same metric
// over the same references. Throws std::invalid_argument otherwise.
PairedResult pairedTest(PairedTest test, const SegmentStatistics& baseline, const SegmentStatistics& system,
                        int samples, uint64_t seed = kSacreBleuSeed);
inline int defaultSamples(PairedTest test) { return test == PairedTest::Bootstrap ? 1000 : 10000; }

// Systems scored one after another on the same references, each against the
// first one added (the baseline), as a table comparing models or variants
// of one model lists them.
class BaselineComparison {
 public:
  struct Scores {
    double bleu = 0, chrf = 0, ter = 0;
    // Half the width of BLEU's 95 % interval: the baseline's own bootstrap
    // resampling, the others' from the paired bootstrap against it.
    double bleu_ci = 0;
    // The paired bootstrap's p-value against the baseline; -1 for the
    // baseline and for a system that translates every line as it does.
    double p_value = -1;
    size_t same_as_baseline = 0;  // lines exactly as the baseline has them
  };

  explicit BaselineComparison(std::vector<std::string> references) : references_(std::move(references)) {}
  // Throws std::invalid_argument as SegmentStatistics does (naming the line).
  Scores add(const std::vector<std::string>& hypotheses);

 private:
  std::vector<std::string> references_, baseline_;
  std::optional<SegmentStatistics> baseline_stats_;
};

}  // namespace studio::model
