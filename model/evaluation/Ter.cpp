#include "model/evaluation/Ter.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "model/evaluation/Bleu.h"
#include "model/evaluation/CodePoints.h"
#include "model/evaluation/Segments.h"

namespace studio::model {

namespace {

// tercom's limits, as sacreBLEU keeps them.
constexpr size_t kMaxShiftSize = 10;      // words in a shifted block
constexpr size_t kMaxShiftDistance = 50;  // between a block's place in the hypothesis and the reference
constexpr int64_t kBeamWidth = 25;        // cells either side of the diagonal
constexpr int kMaxShiftCandidates = 1000;  // shifts tried in a segment, over all its rounds
constexpr int64_t kInfinity = 10'000'000'000'000'000;

// How a cell of the edit distance was reached, turning the hypothesis (rows)
// into the reference (columns).
enum Step : char { kMatch, kSubstitute, kHypothesisOnly, kReferenceOnly, kNone };

struct Cell {
  int64_t cost = kInfinity;
  Step step = kNone;
};

// The Levenshtein distance of hypotheses of one length to one reference, in
// a band around the diagonal (scaled by the two lengths' ratio). Rows are
// kept so that a shifted hypothesis, which shares a prefix with the one it
// came from, starts where they part.
class BandedEditDistance {
 public:
  BandedEditDistance(const std::vector<int>& reference, size_t hypothesis_length)
      : ref_(reference), rows_(hypothesis_length), columns_(reference.size() + 1) {
    ratio_ = hypothesis_length > 0 ? double(reference.size()) / double(hypothesis_length) : 1.0;
    band_ = kBeamWidth < ratio_ / 2 ? int64_t(std::ceil(ratio_ / 2 + double(kBeamWidth))) : kBeamWidth;
  }

  size_t columns() const { return columns_; }

  // Fills `matrix` ((rows + 1) x columns) for `hyp` from row `from` + 1 on;
  // rows up to `from` are read from `prefix` (the rows of a hypothesis with
  // the same first `from` words). Returns the distance.
  int64_t fill(const std::vector<int>& hyp, size_t from, const std::vector<Cell>& prefix,
               std::vector<Cell>& matrix) const {
    matrix.resize((rows_ + 1) * columns_);
    if (from == 0)
      for (size_t j = 0; j < columns_; ++j) matrix[j] = {int64_t(j), kReferenceOnly};
    for (size_t i = from + 1; i <= rows_; ++i) {
      const Cell* above = (i - 1 <= from && &prefix != &matrix ? prefix.data() : matrix.data()) + (i - 1) * columns_;
      Cell* row = matrix.data() + i * columns_;
      std::fill(row, row + columns_, Cell{});
      const auto diagonal = int64_t(std::floor(double(i) * ratio_));
      const size_t first = size_t(std::max<int64_t>(0, diagonal - band_));
      const size_t last = i == rows_ ? columns_ : size_t(std::min<int64_t>(int64_t(columns_), diagonal + band_));
      for (size_t j = first; j < last; ++j) {
        if (j == 0) {
          row[0] = {above[0].cost + 1, kHypothesisOnly};
          continue;
        }
        const bool same = hyp[i - 1] == ref_[j - 1];
        // A match or substitution first, then dropping a hypothesis word, then adding a reference word.
        const Cell options[3] = {{above[j - 1].cost + (same ? 0 : 1), same ? kMatch : kSubstitute},
                                 {above[j].cost + 1, kHypothesisOnly},
                                 {row[j - 1].cost + 1, kReferenceOnly}};
        for (const Cell& option : options)
          if (row[j].cost > option.cost) row[j] = option;
      }
    }
    return matrix[rows_ * columns_ + columns_ - 1].cost;
  }

  // The steps from the first cell to the last.
  std::vector<Step> steps(const std::vector<Cell>& matrix) const {
    std::vector<Step> out;
    size_t i = rows_, j = columns_ - 1;
    while (i > 0 || j > 0) {
      const Step step = matrix[i * columns_ + j].step;
      out.push_back(step);
      if (step == kMatch || step == kSubstitute) {
        --i;
        --j;
      } else if (step == kReferenceOnly) {
        --j;
      } else if (step == kHypothesisOnly) {
        --i;
      } else {
        throw std::logic_error("TER: the edit distance's band left a cell unreached");
      }
    }
    std::reverse(out.begin(), out.end());
    return out;
  }

 private:
  const std::vector<int>& ref_;
  size_t rows_, columns_;
  double ratio_ = 1.0;
  int64_t band_ = kBeamWidth;
};

// words[start, start + length) moved to stand before `target`, as
// sacreBLEU's _perform_shift (with Python's slices, clamped to the ends).
std::vector<int> shifted(const std::vector<int>& words, size_t start, size_t length, size_t target) {
  const size_t n = words.size();
  auto slice = [&](size_t from, size_t to, std::vector<int>& out) {
    from = std::min(from, n);
    to = std::min(to, n);
    if (to > from)
      out.insert(out.end(), words.begin() + std::ptrdiff_t(from), words.begin() + std::ptrdiff_t(to));
  };
  std::vector<int> out;
  out.reserve(n);
  if (target < start) {
    slice(0, target, out);
    slice(start, start + length, out);
    slice(target, start, out);
    slice(start + length, n, out);
  } else if (target > start + length) {
    slice(0, start, out);
    slice(start + length, target, out);
    slice(start, start + length, out);
    slice(target, n, out);
  } else {  // within the block's own span: tercom's odd case, kept
    slice(0, start, out);
    slice(start + length, length + target, out);
    slice(start, start + length, out);
    slice(length + target, n, out);
  }
  return out;
}

struct Shift {
  int64_t gain = 0;  // edits saved
  size_t length = 0, start = 0, target = 0;
  std::vector<int> words;
  // tercom's order: the most edits saved, then the longest block, the earliest block, the earliest target.
  bool betterThan(const Shift& other) const {
    if (gain != other.gain) return gain > other.gain;
    if (length != other.length) return length > other.length;
    if (start != other.start) return start < other.start;
    return target < other.target;
  }
};

// One round of sacreBLEU's _shift: the best shift of a block of `words`
// that matches the reference somewhere else (none: gain 0). `tried` counts
// the candidates over the segment's rounds; `before` is set to the edit
// distance of `words` as they are.
Shift bestShift(const std::vector<int>& words, const std::vector<int>& ref,
                const BandedEditDistance& distance, std::vector<Cell>& base, std::vector<Cell>& scratch,
                int& tried, int64_t& before) {
  before = distance.fill(words, 0, base, base);
  // Where each reference word stands against the hypothesis, and which words of each are not matched.
  std::vector<int64_t> aligned(ref.size(), -1);
  std::vector<int> hyp_errors(words.size() + 1, 0), ref_errors(ref.size() + 1, 0);  // prefix sums
  int64_t h = -1, r = -1;
  for (const Step step : distance.steps(base)) {
    const bool in_hyp = step != kReferenceOnly, in_ref = step != kHypothesisOnly;
    if (in_hyp) ++h;
    if (in_ref) {
      ++r;
      aligned[size_t(r)] = h;
    }
    const int error = step == kMatch ? 0 : 1;
    if (in_hyp) hyp_errors[size_t(h) + 1] = hyp_errors[size_t(h)] + error;
    if (in_ref) ref_errors[size_t(r) + 1] = ref_errors[size_t(r)] + error;
  }

  Shift best;
  bool found = false;
  const size_t nh = words.size(), nr = ref.size();
  for (size_t start_h = 0; start_h < nh; ++start_h) {
    for (size_t start_r = 0; start_r < nr; ++start_r) {
      if ((start_r > start_h ? start_r - start_h : start_h - start_r) > kMaxShiftDistance) continue;
      for (size_t length = 1; length <= kMaxShiftSize && start_h + length <= nh && start_r + length <= nr &&
                              words[start_h + length - 1] == ref[start_r + length - 1];
           ++length) {
        // Only a block the hypothesis has wrong, to a place the reference is not matched, and not within itself.
        const bool worth = hyp_errors[start_h + length] - hyp_errors[start_h] > 0 &&
                           ref_errors[start_r + length] - ref_errors[start_r] > 0 &&
                           !(int64_t(start_h) <= aligned[start_r] && aligned[start_r] < int64_t(start_h + length));
        if (worth) {
          int64_t previous = -1;
          for (int64_t offset = -1; offset < int64_t(length); ++offset) {
            const int64_t at = int64_t(start_r) + offset;
            const int64_t target = at < 0 ? 0 : aligned[size_t(at)] + 1;
            if (target == previous) continue;
            previous = target;
            Shift candidate;
            candidate.words = shifted(words, start_h, length, size_t(target));
            const size_t common = std::min(start_h, size_t(target));  // the prefix they share
            candidate.gain = before - distance.fill(candidate.words, common, base, scratch);
            candidate.length = length;
            candidate.start = start_h;
            candidate.target = size_t(target);
            ++tried;
            if (!found || candidate.betterThan(best)) {
              best = std::move(candidate);
              found = true;
            }
          }
          if (tried >= kMaxShiftCandidates) return best;
        }
      }
    }
  }
  return best;
}

std::vector<std::u32string> words(const std::string& text) {
  return pythonSplit(pythonLower(decodeUtf8(text)));
}

}  // namespace

int64_t terEdits(const std::vector<int>& hypothesis, const std::vector<int>& reference) {
  if (reference.empty()) return int64_t(hypothesis.size());
  const BandedEditDistance distance(reference, hypothesis.size());
  std::vector<Cell> base, scratch;
  std::vector<int> current = hypothesis;
  int64_t shifts = 0, unshifted = 0;  // the edit distance of the words the last round started from
  int tried = 0;
  while (true) {
    Shift shift = bestShift(current, reference, distance, base, scratch, tried, unshifted);
    // Past the candidates' limit the round's best shift is not made (as sacreBLEU stops).
    if (tried >= kMaxShiftCandidates || shift.gain <= 0) break;
    ++shifts;
    current = std::move(shift.words);
  }
  return shifts + unshifted;  // `current` is the words the last round started from
}

void TerStats::add(const std::string& hypothesis, const std::string& reference) {
  const auto hyp_words = words(hypothesis), ref_words_ = words(reference);
  std::unordered_map<std::u32string, int> ids;
  auto idsOf = [&ids](const std::vector<std::u32string>& text) {
    std::vector<int> out;
    out.reserve(text.size());
    for (const auto& word : text) out.push_back(ids.emplace(word, int(ids.size())).first->second);
    return out;
  };
  const std::vector<int> hyp = idsOf(hyp_words), ref = idsOf(ref_words_);
  edits += terEdits(hyp, ref);
  ref_words += int64_t(ref.size());
}

TerScore computeTer(const TerStats& stats) {
  TerScore s;
  s.stats = stats;
  if (stats.ref_words > 0)
    s.score = 100 * (double(stats.edits) / double(stats.ref_words));
  else
    s.score = stats.edits > 0 ? 100.0 : 0.0;  // an empty reference: anything written is all wrong
  return s;
}

std::string TerScore::signature() {
  // Appended rather than added: GCC 12 warns (-Warray-bounds, falsely) on literal-string + char*.
  std::string out = "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:";
  out += kSacreBleuVersion;
  return out;
}

std::string TerScore::line(int width) const {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", width, score);
  return name() + "|" + signature() + " = " + text;
}

nlohmann::json TerScore::toJson() const {
  return {{"name", name()},
          {"score", score},
          {"signature", signature()},
          {"num_edits", stats.edits},
          {"ref_length", stats.ref_words}};
}

TerScore corpusTer(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references) {
  TerStats stats;
  addSegments(stats, hypotheses, references);
  return computeTer(stats);
}

}  // namespace studio::model
