#include "model/explaining/Faithfulness.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>
#include <stdexcept>

namespace studio::model {

namespace {

using Clock = std::chrono::steady_clock;

// One sentence fixed with its translation.
struct Case {
  std::vector<int64_t> source;     // pieces + </s>
  std::vector<int64_t> target_in;  // <s> + output pieces
  std::vector<int64_t> predicted;  // output pieces + </s>
  int64_t pieces() const { return int64_t(source.size()) - 1; }
  int64_t rows() const { return int64_t(predicted.size()) - 1; }  // </s> left out
};

// For each measured row, the source pieces best first.
using Rankings = std::vector<std::vector<int64_t>>;

Rankings rankByScores(const torch::Tensor& scores, int64_t rows, int64_t pieces) {
  Rankings rankings(static_cast<size_t>(rows));
  const auto a = scores.accessor<float, 2>();
  for (int64_t t = 0; t < rows; ++t) {
    auto& order = rankings[size_t(t)];
    order.resize(size_t(pieces));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return a[t][x] > a[t][y]; });
  }
  return rankings;
}

Rankings rankRandomly(std::mt19937_64& rng, int64_t rows, int64_t pieces) {
  Rankings rankings(static_cast<size_t>(rows));
  for (auto& order : rankings) {
    order.resize(size_t(pieces));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
  }
  return rankings;
}

// Adds one case's deletion and insertion probabilities at every fraction to
// the curve's sums.
void measureCase(Transformer& model, const Case& c, const Rankings& rankings, const FaithfulnessOptions& options,
                 const std::vector<double>& fractions, const torch::Device& device, FaithfulnessCurve& sums) {
  const int64_t n = c.pieces(), S = int64_t(c.source.size());
  const int64_t removed = options.replace_with_unk ? model->options().unk_id : model->options().pad_id;
  // Every variant of the source, with the row whose prediction it measures.
  std::vector<int64_t> ids, row_of;
  std::vector<std::pair<bool, size_t>> slot;  // (insertion?, fraction index)
  for (int64_t t = 0; t < c.rows(); ++t) {
    const auto& order = rankings[size_t(t)];
    for (size_t p = 0; p < fractions.size(); ++p) {
      const auto k = size_t(std::llround(fractions[p] * double(n)));
      for (bool insertion : {false, true}) {
        std::vector<int64_t> variant = c.source;
        if (insertion) std::fill(variant.begin(), variant.begin() + n, removed);
        for (size_t r = 0; r < k; ++r) variant[size_t(order[r])] = insertion ? c.source[size_t(order[r])] : removed;
        ids.insert(ids.end(), variant.begin(), variant.end());
        row_of.push_back(t);
        slot.emplace_back(insertion, p);
      }
    }
  }
  const int64_t variants = int64_t(row_of.size());
  auto all = torch::tensor(ids, torch::kLong).view({variants, S}).to(device);
  auto tgt = torch::tensor(c.target_in, torch::kLong).unsqueeze(0).to(device);
  for (int64_t begin = 0; begin < variants; begin += options.max_batch) {
    const int64_t end = std::min(variants, begin + options.max_batch);
    const std::vector<int64_t> rows(row_of.begin() + begin, row_of.begin() + end);
    auto logp = predictedLogProbabilities(model, all.slice(0, begin, end), tgt, c.predicted, rows).contiguous();
    const auto a = logp.accessor<float, 1>();
    for (int64_t v = begin; v < end; ++v) {
      const double probability = std::exp(double(a[v - begin]));
      auto& curve = slot[size_t(v)].first ? sums.insertion : sums.deletion;
      curve[slot[size_t(v)].second] += probability;
    }
  }
}

}  // namespace

double areaUnder(const std::vector<double>& fractions, const std::vector<double>& values) {
  double area = 0;
  for (size_t i = 1; i < fractions.size() && i < values.size(); ++i)
    area += (fractions[i] - fractions[i - 1]) * (values[i] + values[i - 1]) / 2.0;
  return area;
}

FaithfulnessReport measureFaithfulness(Transformer& model, const std::vector<FaithfulnessCase>& cases,
                                       const FaithfulnessOptions& options, const torch::Device& device,
                                       const FaithfulnessProgress& progress) {
  if (options.points < 2 || options.points > 101)
    throw std::invalid_argument("points (" + std::to_string(options.points) + ") must be between 2 and 101");
  if (options.methods.empty() && !options.random) throw std::invalid_argument("no method to measure");
  if (options.max_batch < 1) throw std::invalid_argument("max_batch must be at least 1");
  const auto& o = model->options();
  AttributionOptions base = options.attribution;
  base.contrast_row = -1;
  base.validate(o);

  FaithfulnessReport report;
  for (int64_t p = 0; p < options.points; ++p) report.fractions.push_back(double(p) / double(options.points - 1));
  for (auto method : options.methods) report.curves.push_back({methodName(method), {}, {}, 0, 0, 0});
  if (options.random) report.curves.push_back({"random", {}, {}, 0, 0, 0});
  for (auto& curve : report.curves) {
    curve.deletion.assign(report.fractions.size(), 0.0);
    curve.insertion.assign(report.fractions.size(), 0.0);
  }

  std::mt19937_64 rng(options.seed);
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& given = cases[i];
    if (given.source.empty() || given.output.empty() || int64_t(given.source.size()) > o.max_length - 1 ||
        int64_t(given.output.size()) > o.max_length - 1) {
      ++report.skipped;
      if (progress && !progress(i + 1, cases.size())) {
        report.stopped = true;
        break;
      }
      continue;
    }
    Case c;
    c.source = given.source;
    c.source.push_back(o.eos_id);
    c.target_in = {o.bos_id};
    c.target_in.insert(c.target_in.end(), given.output.begin(), given.output.end());
    c.predicted = given.output;
    c.predicted.push_back(o.eos_id);
    auto src = torch::tensor(c.source, torch::kLong).unsqueeze(0).to(device);
    auto tgt = torch::tensor(c.target_in, torch::kLong).unsqueeze(0).to(device);
    for (size_t m = 0; m < report.curves.size(); ++m) {
      const auto started = Clock::now();
      Rankings rankings;
      if (m < options.methods.size()) {
        auto request = base;
        request.method = options.methods[m];
        const auto attribution = attribute(model, src, tgt, c.predicted, request);
        rankings = rankByScores(attribution.scores, c.rows(), c.pieces());
      } else {
        rankings = rankRandomly(rng, c.rows(), c.pieces());
      }
      measureCase(model, c, rankings, options, report.fractions, device, report.curves[m]);
      report.curves[m].seconds += std::chrono::duration<double>(Clock::now() - started).count();
    }
    ++report.sentences;
    report.predictions += c.rows();
    if (progress && !progress(i + 1, cases.size())) {
      report.stopped = true;
      break;
    }
  }
  for (auto& curve : report.curves) {
    for (auto* values : {&curve.deletion, &curve.insertion})
      for (auto& v : *values) v = report.predictions ? v / double(report.predictions) : 0.0;
    curve.deletion_area = areaUnder(report.fractions, curve.deletion);
    curve.insertion_area = areaUnder(report.fractions, curve.insertion);
  }
  return report;
}

FaithfulnessReport measureFaithfulness(const Translator& translator, const std::vector<std::string>& sentences,
                                       const DecodingOptions& decoding, const FaithfulnessOptions& options,
                                       const FaithfulnessProgress& progress) {
  const auto translations = translator.translate(sentences, decoding);
  std::vector<FaithfulnessCase> cases(sentences.size());
  for (size_t i = 0; i < sentences.size(); ++i) {
    const auto pieces = translator.tokenizer().encode(sentences[i]);
    cases[i].source.assign(pieces.begin(), pieces.end());
    if (!translations[i].empty()) cases[i].output = translations[i][0].ids;
  }
  auto model = translator.modelHandle();
  return measureFaithfulness(model, cases, options, translator.device(), progress);
}

}  // namespace studio::model
