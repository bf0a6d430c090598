// Sampling (DecodingOptions::sampling, Sampling.h): the distribution a row
// draws from (temperature, top k, top p) against hand-made numbers; drawn
// pieces as often as the model's probabilities say; each sample's
// probabilities and score the model's own; the same samples for a sentence
// alone or in a batch, with the inference engine or LibTorch's modules; top
// k of 1 is greedy search; the prefix and the minimum length kept; bad
// settings refused.

#include <cmath>
#include <limits>
#include <map>
#include <random>

#include <torch/torch.h>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/Sampling.h"

using namespace studio;

namespace sampling_suite {

model::Transformer untrainedTaskModel(uint64_t seed) {
  torch::manual_seed(seed);
  model::Transformer m(test::taskModelOptions());
  m->eval();
  return m;
}

model::DecodingOptions sampling(int64_t samples, uint64_t seed) {
  model::DecodingOptions options;
  options.sampling.on = true;
  options.sampling.seed = seed;
  options.nbest = samples;
  return options;
}

// The rows of src [B, S] as id lists, without their padding.
std::vector<int64_t> sourceRow(const torch::Tensor& src, int64_t b, int64_t pad) {
  std::vector<int64_t> row;
  for (int64_t k = 0; k < src.size(1); ++k)
    if (src[b][k].item<int64_t>() != pad) row.push_back(src[b][k].item<int64_t>());
  return row;
}

bool sameSamples(const std::vector<model::Hypothesis>& a, const std::vector<model::Hypothesis>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].tokens != b[i].tokens || a[i].finished != b[i].finished) return false;
  return true;
}

}  // namespace sampling_suite

using namespace sampling_suite;

class TestSampling : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theDistributionIsTemperedAndCut();
  void piecesAreDrawnAsOftenAsTheModelSays();
  void eachSampleCarriesTheModelsProbabilities();
  void aSentencesSamplesDependOnTheSeedAndItAlone();
  void topKOfOneIsGreedySearch();
  void thePrefixAndTheMinimumLengthHold();
  void badSettingsAreRefused();

 private:
  model::Transformer trained_{nullptr}, untrained_{nullptr};
  torch::Tensor src_;
};

void TestSampling::initTestCase() {
  trained_ = test::trainedReversalModel(5, 400);
  untrained_ = sampling_suite::untrainedTaskModel(11);
  std::mt19937 rng(17);
  src_ = test::makeSequenceBatch(rng, 6, /*reverse=*/true, trained_->options()).src;
}

void TestSampling::theDistributionIsTemperedAndCut() {
  const float inf = std::numeric_limits<float>::infinity();
  // Probabilities 0.4, 0.3, 0.2, 0.1 and two pieces at -inf.
  const std::vector<float> log_p{std::log(0.1f), -inf, std::log(0.4f), std::log(0.3f), -inf, std::log(0.2f)};
  std::vector<double> out;
  auto near = [&](const std::vector<double>& want) {
    for (size_t v = 0; v < want.size(); ++v)
      if (std::abs(out[v] - want[v]) > 1e-6) return false;
    return true;
  };
  model::DecodingOptions::Sampling s;
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0.1, 0, 0.4, 0.3, 0, 0.2}));
  s.temperature = 0.5;  // p^2, renormalized: 0.01 0.16 0.09 0.04 over 0.30
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0.01 / 0.3, 0, 0.16 / 0.3, 0.09 / 0.3, 0, 0.04 / 0.3}));
  s.temperature = 1.0;
  s.top_k = 2;
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0, 0, 0.4 / 0.7, 0.3 / 0.7, 0, 0}));
  s.top_k = 0;
  s.top_p = 0.75;  // 0.4 + 0.3 = 0.7 is short of it: the 0.2 joins
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0, 0, 0.4 / 0.9, 0.3 / 0.9, 0, 0.2 / 0.9}));
  s.top_p = 0.7;  // exactly held by two
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0, 0, 0.4 / 0.7, 0.3 / 0.7, 0, 0}));
  s.top_p = 0.1;  // the likeliest alone
  model::samplingDistribution(log_p.data(), 6, s, out);
  QVERIFY(near({0, 0, 1, 0, 0, 0}));
  s.top_p = 1.0;
  s.top_k = 3;
  s.temperature = 2.0;  // the cut first, then sqrt(p): 0.632 0.548 0.447
  model::samplingDistribution(log_p.data(), 6, s, out);
  const double z = std::sqrt(0.4) + std::sqrt(0.3) + std::sqrt(0.2);
  QVERIFY(near({0, 0, std::sqrt(0.4) / z, std::sqrt(0.3) / z, 0, std::sqrt(0.2) / z}));
}

// 2,000 samples of an untrained model (a broad distribution): the first
// piece drawn as often as the model's first-step probabilities say, within
// five standard deviations; with a temperature of 0.5, as often as p^2 says.
// Padding and the start, which the untrained model gives a share, never.
void TestSampling::piecesAreDrawnAsOftenAsTheModelSays() {
  const auto src = src_.slice(0, 0, 1);
  // The model's first-step distribution, from scoring each piece as a one-piece translation.
  const auto& o = untrained_->options();
  std::vector<double> first(size_t(o.vocab_size), 0.0);
  for (int64_t v = 0; v < o.vocab_size; ++v) {
    const auto scored = model::scoreIds({untrained_}, {sourceRow(src, 0, o.pad_id)}, {{v}}, torch::kCPU);
    first[size_t(v)] = std::exp(double(scored[0][0]));
  }
  for (const double temperature : {1.0, 0.5}) {
    std::vector<double> want = first;
    double total = 0.0;
    for (auto& p : want) total += p = std::pow(p, 1.0 / temperature);
    for (auto& p : want) p /= total;
    std::map<int64_t, int> counts;
    int drawn = 0;
    for (uint64_t seed = 0; seed < 10; ++seed) {
      auto options = sampling(200, seed);
      options.sampling.temperature = temperature;
      options.min_length = 1;  // the first piece is never the end: compare over the others
      options.min_length_ratio = 0.0;
      const auto samples = model::sampleTranslations(untrained_, src, options).at(0);
      QCOMPARE(samples.size(), size_t(200));
      for (const auto& h : samples) {
        QVERIFY(!h.tokens.empty());
        ++counts[h.tokens[0]];
        ++drawn;
      }
    }
    // Never the end at the first step (the minimum length), nor padding or the start: the others' share
    // renormalized.
    const double left_out = want[size_t(o.eos_id)] + want[size_t(o.pad_id)] + want[size_t(o.bos_id)];
    for (int64_t v = 0; v < o.vocab_size; ++v) {
      if (v == o.eos_id || v == o.pad_id || v == o.bos_id) {
        QCOMPARE(counts[v], 0);
        continue;
      }
      const double p = want[size_t(v)] / (1.0 - left_out);
      const double expected = p * drawn, sd = std::sqrt(drawn * p * (1.0 - p));
      QVERIFY2(std::abs(counts[v] - expected) <= 5.0 * sd + 1.0,
               qPrintable(QString("T %1 piece %2: drawn %3 times, expected %4 ± %5")
                              .arg(temperature)
                              .arg(v)
                              .arg(counts[v])
                              .arg(expected)
                              .arg(sd)));
    }
  }
}

// Each piece's probability and the sum are the model's (teacher-forced
// scoring of the sample gives them back), whatever the temperature and cut
// the draw used; the list is ranked by score, length-normalized as beam search does.
void TestSampling::eachSampleCarriesTheModelsProbabilities() {
  auto options = sampling(8, 3);
  options.sampling.temperature = 1.5;
  options.sampling.top_p = 0.9;
  const auto results = model::sampleTranslations(untrained_, src_, options);
  QCOMPARE(results.size(), size_t(src_.size(0)));
  const auto pad = untrained_->options().pad_id;
  int checked = 0;
  for (size_t b = 0; b < results.size(); ++b) {
    QCOMPARE(results[b].size(), size_t(8));
    for (size_t i = 0; i < results[b].size(); ++i) {
      const auto& h = results[b][i];
      if (i > 0) QVERIFY(h.score <= results[b][i - 1].score);
      const double penalty = model::lengthPenalty(options.length_penalty, h.probabilities.size());
      QVERIFY(std::abs(h.score - h.log_probability / penalty) < 1e-9);
      if (!h.finished) continue;
      const auto scored =
          model::scoreIds({untrained_}, {sourceRow(src_, int64_t(b), pad)}, {h.tokens}, torch::kCPU);
      QCOMPARE(scored[0].size(), h.probabilities.size());
      double sum = 0.0;
      for (size_t k = 0; k < scored[0].size(); ++k) {
        sum += scored[0][k];
        QVERIFY2(std::abs(std::exp(scored[0][k]) - h.probabilities[k]) < 1e-4,
                 qPrintable(QString("sentence %1 sample %2 piece %3").arg(b).arg(i).arg(k)));
      }
      QVERIFY(std::abs(sum - h.log_probability) < 1e-3);
      ++checked;
    }
  }
  QVERIFY(checked > 10);
}

// Reproducible: the same seed gives the same samples, for a sentence alone
// or in a batch, on the inference engine or LibTorch's modules; another seed others.
void TestSampling::aSentencesSamplesDependOnTheSeedAndItAlone() {
  const auto batch = model::sampleTranslations(untrained_, src_, sampling(6, 7));
  const auto again = model::sampleTranslations(untrained_, src_, sampling(6, 7));
  auto modules = sampling(6, 7);
  modules.engine = model::DecodingOptions::Engine::LibTorch;
  const auto on_modules = model::sampleTranslations(untrained_, src_, modules);
  const auto other_seed = model::sampleTranslations(untrained_, src_, sampling(6, 8));
  int differ = 0;
  for (int64_t b = 0; b < src_.size(0); ++b) {
    QVERIFY(sameSamples(batch[size_t(b)], again[size_t(b)]));
    QVERIFY2(sameSamples(batch[size_t(b)], on_modules[size_t(b)]), qPrintable(QString::number(b)));
    const auto alone = model::sampleTranslations(untrained_, src_.slice(0, b, b + 1), sampling(6, 7));
    QVERIFY2(sameSamples(batch[size_t(b)], alone[0]), qPrintable(QString::number(b)));
    differ += !sameSamples(batch[size_t(b)], other_seed[size_t(b)]);
  }
  QVERIFY(differ >= int(src_.size(0)) - 1);
}

// Top k of 1 leaves the likeliest piece alone: every sample is greedy search's translation.
void TestSampling::topKOfOneIsGreedySearch() {
  model::DecodingOptions greedy;
  greedy.beam_size = 1;
  const auto expected = model::beamSearch(trained_, src_, greedy);
  auto options = sampling(3, 1);
  options.sampling.top_k = 1;
  options.sampling.temperature = 3.0;
  const auto results = model::beamSearch(trained_, src_, options);  // beamSearch hands sampling over
  for (size_t b = 0; b < results.size(); ++b)
    for (const auto& h : results[b]) {
      QCOMPARE(h.tokens, expected[b][0].tokens);
      QCOMPARE(h.finished, expected[b][0].finished);
    }
}

void TestSampling::thePrefixAndTheMinimumLengthHold() {
  auto options = sampling(10, 2);
  options.prefix = {5, 6};
  options.min_length = 4;
  options.min_length_ratio = 0.0;
  const auto results = model::sampleTranslations(untrained_, src_, options);
  for (const auto& list : results)
    for (const auto& h : list) {
      QVERIFY(h.tokens.size() >= 2);
      QCOMPARE(h.tokens[0], int64_t(5));
      QCOMPARE(h.tokens[1], int64_t(6));
      if (h.finished) QVERIFY2(h.tokens.size() >= 4, qPrintable(QString::number(h.tokens.size())));
    }
}

void TestSampling::badSettingsAreRefused() {
  auto expectRefusal = [&](model::DecodingOptions options, const std::string& field) {
    const auto message = test::thrownMessage([&] { model::sampleTranslations(untrained_, src_, options); });
    QVERIFY2(message.find("'" + field + "'") != std::string::npos, message.c_str());
  };
  auto options = sampling(2, 0);
  options.sampling.temperature = 0.0;
  expectRefusal(options, "sampling.temperature");
  options = sampling(2, 0);
  options.sampling.top_p = 0.0;
  expectRefusal(options, "sampling.top_p");
  options = sampling(2, 0);
  options.sampling.top_k = -1;
  expectRefusal(options, "sampling.top_k");
  options = sampling(2, 0);
  auto glossary = std::make_shared<model::Glossary>();
  glossary->terms.push_back({});
  options.glossary = glossary;
  expectRefusal(options, "sampling");
  // More samples than the beam size is what sampling asks: no refusal.
  options = sampling(8, 0);
  options.beam_size = 2;
  QCOMPARE(model::sampleTranslations(untrained_, src_, options).at(0).size(), size_t(8));
}

STUDIO_TEST_MAIN(TestSampling)
#include "tst_sampling.moc"
