// Decoding: the key/value cache gives the full decoder's results, greedy and
// beam search agree where they must, n-best lists are consistent.

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <torch/torch.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/BeamCandidates.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/Greedy.h"
#include "model/files/ModelFile.h"
#include "model/runtime/Runtime.h"

using namespace studio;
using studio::test::maxAbsDifference;

namespace {

// A model that always wants to end, whatever its input and its CPU's
// arithmetic: its decoder's last norm gives e0 for every position, and only
// EOS's (tied) embedding has a first coordinate, so EOS gets a logit of 10
// and every other token 0.
// Every token's logit 0 but EOS's, `eos_logit`.
model::Transformer alwaysEndingModel(double eos_logit = 10.0) {
  auto o = test::smallOptions(model::NormPosition::Post);
  model::Transformer ending(o);
  torch::NoGradGuard no_grad;
  auto parameters = ending->named_parameters();
  const std::string last = "decoder.layers." + std::to_string(o.decoder_layers - 1) + ".norm3.";
  parameters[last + "weight"].zero_();
  parameters[last + "bias"].zero_();
  parameters[last + "bias"][0] = 1.0;
  parameters["embedding.weight"].select(1, 0).zero_();
  parameters["embedding.weight"][o.eos_id][0] = eos_logit;
  ending->eval();
  return ending;
}

// The search alwaysEndingModel() is probed with: `beam` wide, scores without a
// length penalty, the end allowed from `min_length` pieces whatever the source.
model::DecodingOptions plainOptions(int64_t beam, int64_t min_length) {
  model::DecodingOptions options;
  options.beam_size = beam;
  options.length_penalty = 0.0;
  options.min_length = min_length;
  options.min_length_ratio = 0.0;
  return options;
}

}  // namespace

class TestDecoding : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void cachedStepsEqualTheFullDecoder_data();
  void cachedStepsEqualTheFullDecoder();
  void greedyCachedEqualsUncached();
  void beamOfOneEqualsGreedy();
  void beamCachedEqualsUncached();
  void batchedEqualsOneByOne();
  void nbestListsAreSortedAndConsistent();
  void trainedModelTranslatesHeldOutSequences();
  void maximumLengthIsRespected();
  void noEmptyTranslationBeforeMinimumLength();
  void minimumLengthFollowsEachSourcesLength();
  void endBlockedBeforeTheSoftmaxRenormalizesTheRest();
  void bestContinuationsAreTheSortedTopOfEverySum();
  void invalidOptionsNameTheField();
  void autoDeviceKeepsNarrowModelsOnTheCpu();

 private:
  model::Transformer trained_{nullptr};
  test::SequenceBatch held_out_;
};

void TestDecoding::initTestCase() {
  // A model that has learned to reverse sequences: its decisions are clear,
  // so cached and uncached paths must pick the same tokens.
  trained_ = test::trainedReversalModel(3, 500);
  std::mt19937 held_out_rng(77);
  held_out_ = test::makeSequenceBatch(held_out_rng, 40, /*reverse=*/true, trained_->options());
}

void TestDecoding::cachedStepsEqualTheFullDecoder_data() {
  QTest::addColumn<model::NormPosition>("norm");
  QTest::newRow("post-LN") << model::NormPosition::Post;
  QTest::newRow("pre-LN") << model::NormPosition::Pre;
}

void TestDecoding::cachedStepsEqualTheFullDecoder() {
  QFETCH(model::NormPosition, norm);
  auto o = test::smallOptions(norm);
  model::Transformer m(o);
  m->eval();
  torch::NoGradGuard no_grad;
  auto src = test::randomTokens(3, 7, o.vocab_size);
  src[1].slice(0, 4).fill_(o.pad_id);
  auto tgt = test::randomTokens(3, 6, o.vocab_size);
  auto memory = m->encode(src);
  model::AttentionMaps full_maps;
  auto full = m->decode(tgt, memory, src, &full_maps);  // [3, 6, D]
  model::DecoderCache cache;
  for (int64_t t = 0; t < 6; ++t) {
    model::AttentionMaps step_maps;
    auto hidden = m->decodeStep(tgt.select(1, t), memory, src, cache, &step_maps);  // [3, D]
    const double diff = maxAbsDifference(hidden, full.select(1, t));
    QVERIFY2(diff <= 1e-5, qPrintable(QString("position %1 differs by %2").arg(t).arg(diff)));
    for (size_t l = 0; l < step_maps.cross.size(); ++l) {
      QVERIFY(maxAbsDifference(step_maps.cross[l].squeeze(2), full_maps.cross[l].select(2, t)) <= 1e-5);
      QVERIFY(maxAbsDifference(step_maps.decoder_self[l].squeeze(2),
                               full_maps.decoder_self[l].select(2, t).slice(-1, 0, t + 1)) <= 1e-5);
    }
  }
  QCOMPARE(cache.length, int64_t(6));
  QCOMPARE(cache.layers[0].self_keys.size(2), int64_t(6));
}

void TestDecoding::greedyCachedEqualsUncached() {
  auto uncached = model::greedyDecode(trained_, held_out_.src, 12, /*use_cache=*/false);
  auto cached = model::greedyDecode(trained_, held_out_.src, 12, /*use_cache=*/true);
  QCOMPARE(cached.size(), uncached.size());
  for (size_t i = 0; i < cached.size(); ++i) {
    QCOMPARE(cached[i].tokens, uncached[i].tokens);
    for (size_t t = 0; t < cached[i].probabilities.size(); ++t)
      QVERIFY(std::abs(cached[i].probabilities[t] - uncached[i].probabilities[t]) < 1e-5);
  }
}

void TestDecoding::beamOfOneEqualsGreedy() {
  model::DecodingOptions options;
  options.beam_size = 1;
  options.max_length_ratio = 1.0;
  options.max_length_extra = 3;
  options.min_length_ratio = 0.0;  // greedyDecode (the trainer's dev translations) has no minimum length
  auto greedy = model::greedyDecode(trained_, held_out_.src, 12, true);
  for (bool use_cache : {true, false}) {
    options.use_cache = use_cache;
    auto beam = model::beamSearch(trained_, held_out_.src, options);
    QCOMPARE(beam.size(), greedy.size());
    for (size_t i = 0; i < beam.size(); ++i) {
      QCOMPARE(beam[i].size(), size_t(1));
      QCOMPARE(beam[i][0].tokens, greedy[i].tokens);
      QVERIFY(std::abs(beam[i][0].log_probability - greedy[i].log_probability) < 1e-4);
    }
  }
}

void TestDecoding::beamCachedEqualsUncached() {
  model::DecodingOptions options;
  options.beam_size = 4;
  options.nbest = 4;
  auto cached = model::beamSearch(trained_, held_out_.src, options);
  options.use_cache = false;
  auto uncached = model::beamSearch(trained_, held_out_.src, options);
  for (size_t i = 0; i < cached.size(); ++i) {
    QCOMPARE(cached[i].size(), uncached[i].size());
    for (size_t h = 0; h < cached[i].size(); ++h) {
      QCOMPARE(cached[i][h].tokens, uncached[i][h].tokens);
      QVERIFY(std::abs(cached[i][h].score - uncached[i][h].score) < 1e-4);
    }
  }
}

// Sentences of a batch finish at different steps and leave it (its rows, the
// memory and the caches shrink): what each gets must not depend on its
// neighbours, for greedy and beam search, cached or not, traces included.
void TestDecoding::batchedEqualsOneByOne() {
  for (int64_t beam : {int64_t(1), int64_t(4)}) {
    for (bool use_cache : {true, false}) {
      model::DecodingOptions options;
      options.beam_size = beam;
      options.nbest = beam;
      options.use_cache = use_cache;
      // A limit of ceil(0.7 L) + 2 tokens for a source of L: a reversal of 3 to
      // 6 symbols and its EOS fit (the model ends them), one of 7 to 9 ends cut.
      options.max_length_ratio = 0.7;
      options.max_length_extra = 2;
      std::vector<model::BeamTrace> batched_traces;
      auto batched = model::beamSearch(trained_, held_out_.src, options, &batched_traces);
      auto lengths = held_out_.src.ne(0).sum(1);
      int cut = 0;
      for (int64_t i = 0; i < held_out_.src.size(0); ++i) {
        auto alone_src = held_out_.src[i].slice(0, 0, lengths[i].item<int64_t>()).unsqueeze(0);
        std::vector<model::BeamTrace> alone_traces;
        auto alone = model::beamSearch(trained_, alone_src, options, &alone_traces);
        const auto& a = alone[0];
        const auto& b = batched[size_t(i)];
        QCOMPARE(b.size(), a.size());
        for (size_t h = 0; h < a.size(); ++h) {
          QCOMPARE(b[h].tokens, a[h].tokens);
          QCOMPARE(b[h].finished, a[h].finished);
          QVERIFY(std::abs(b[h].score - a[h].score) < 1e-4);
        }
        QCOMPARE(batched_traces[size_t(i)].size(), alone_traces[0].size());
        cut += !b[0].finished;
      }
      QVERIFY2(cut > 0 && cut < 40, qPrintable(QString("%1 of 40 cut at the limit").arg(cut)));
    }
  }
}

void TestDecoding::nbestListsAreSortedAndConsistent() {
  model::DecodingOptions options;
  options.beam_size = 5;
  options.nbest = 3;
  options.length_penalty = 1.0;
  auto results = model::beamSearch(trained_, held_out_.src, options);
  for (const auto& list : results) {
    QCOMPARE(list.size(), size_t(3));
    for (size_t h = 0; h < list.size(); ++h) {
      const auto& hyp = list[h];
      if (h > 0) QVERIFY(list[h - 1].score >= hyp.score);
      QCOMPARE(hyp.probabilities.size(), hyp.tokens.size() + (hyp.finished ? 1 : 0));
      double sum = 0;
      for (float p : hyp.probabilities) {
        QVERIFY(p > 0.0f && p <= 1.0f);
        sum += std::log(double(p));
      }
      QVERIFY2(std::abs(sum - hyp.log_probability) < 1e-3,
               qPrintable(QString("%1 vs %2").arg(sum).arg(hyp.log_probability)));
      const double penalty = std::pow((5.0 + double(hyp.probabilities.size())) / 6.0, 1.0);
      QVERIFY(std::abs(hyp.score - hyp.log_probability / penalty) < 1e-9);
    }
    // Distinct hypotheses.
    QVERIFY(list[0].tokens != list[1].tokens);
  }
}

void TestDecoding::trainedModelTranslatesHeldOutSequences() {
  model::DecodingOptions options;
  options.length_penalty = 0.0;  // pure log-probability: beam search must do at least as well as greedy
  auto results = model::beamSearch(trained_, held_out_.src, options);
  auto greedy = model::greedyDecode(trained_, held_out_.src, 12, true);
  int exact = 0, at_least_greedy = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    exact += results[i][0].tokens == held_out_.targets[i];
    at_least_greedy += results[i][0].log_probability >= greedy[i].log_probability - 1e-4;
    if (results[i][0].log_probability < greedy[i].log_probability - 1e-4) {
      QString a, b;
      for (auto t : results[i][0].tokens) a += QString::number(t) + " ";
      for (auto t : greedy[i].tokens) b += QString::number(t) + " ";
      qInfo("beam %s (%f, finished %d) greedy %s (%f, finished %d)", qPrintable(a), results[i][0].log_probability,
            int(results[i][0].finished), qPrintable(b), greedy[i].log_probability, int(greedy[i].finished));
    }
  }
  qInfo("%d of 40 reversed exactly, beam at least greedy on %d", exact, at_least_greedy);
  // 27-39 of 40 measured over six training seeds, both batched products
  // (ours and torch::bmm) and the sanitized build on one machine; 23 on a
  // fresh one (2026-12-01), where this seed trains, run after run, into
  // another model. The bar is tst_reversalfixtures' for greedy search on the
  // same model: a decoder that loses its way reverses none.
  QVERIFY2(exact >= 20, qPrintable(QString("%1 of 40 reversed exactly").arg(exact)));
  QVERIFY2(at_least_greedy >= 38, qPrintable(QString("beam below greedy on %1 of 40").arg(40 - at_least_greedy)));
}

void TestDecoding::maximumLengthIsRespected() {
  model::DecodingOptions options;
  options.beam_size = 3;
  options.max_length_ratio = 0.5;
  options.max_length_extra = 0;
  auto results = model::beamSearch(trained_, held_out_.src, options);
  auto lengths = held_out_.src.ne(0).sum(1);
  for (size_t i = 0; i < results.size(); ++i) {
    const auto limit = size_t(std::ceil(0.5 * double(lengths[int64_t(i)].item<int64_t>())));
    QVERIFY(!results[i].empty());
    QVERIFY(results[i][0].tokens.size() <= limit);
    if (!results[i][0].finished) QCOMPARE(results[i][0].tokens.size(), limit);  // cut at the limit
  }
}

void TestDecoding::noEmptyTranslationBeforeMinimumLength() {
  // alwaysEndingModel(): EOS's logit 10, every other token's 0.
  auto ending = alwaysEndingModel();
  auto src = torch::full({1, 3}, int64_t(5), torch::kLong);
  for (int64_t beam : {int64_t(1), int64_t(4)}) {
    auto options = plainOptions(beam, /*min_length=*/0);
    auto allowed = model::beamSearch(ending, src, options);
    QVERIFY2(allowed[0][0].tokens.empty() && allowed[0][0].finished, "the model should end at once");
    options.min_length = 1;  // the default
    auto kept = model::beamSearch(ending, src, options);
    QVERIFY(!kept[0][0].tokens.empty());
    QVERIFY(kept[0][0].finished);
    QVERIFY(kept[0][0].log_probability < allowed[0][0].log_probability);
  }
}

void TestDecoding::minimumLengthFollowsEachSourcesLength() {
  // The model of noEmptyTranslationBeforeMinimumLength, which ends as soon as
  // it may, on a batch of a 10-piece and a 4-piece source: each sentence ends
  // at its own minimum, ceil(ratio x its source's pieces).
  auto ending = alwaysEndingModel();
  const auto& o = ending->options();
  auto src = torch::full({2, 10}, int64_t(5), torch::kLong);
  src[1].slice(0, 4).fill_(o.pad_id);
  for (int64_t beam : {int64_t(1), int64_t(4)}) {
    model::DecodingOptions options;
    options.beam_size = beam;
    options.min_length_ratio = 0.5;
    auto out = model::beamSearch(ending, src, options);
    QCOMPARE(out[0][0].tokens.size(), size_t(5));
    QCOMPARE(out[1][0].tokens.size(), size_t(2));
    QVERIFY(out[0][0].finished && out[1][0].finished);
    options.min_length_ratio = 0.0;  // only min_length (1) is left
    out = model::beamSearch(ending, src, options);
    QCOMPARE(out[0][0].tokens.size(), size_t(1));
    QCOMPARE(out[1][0].tokens.size(), size_t(1));
  }
  model::DecodingOptions bad;
  bad.min_length_ratio = 1.5;
  try {
    model::beamSearch(ending, src, bad);
    QFAIL("a ratio above 1 should be refused");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("min_length_ratio") != std::string::npos, e.what());
  }
}

void TestDecoding::endBlockedBeforeTheSoftmaxRenormalizesTheRest() {
  // alwaysEndingModel(L): EOS's logit L, the V - 1 others' 0. Kept out of the
  // first step, the end takes its probability with it (AfterSoftmax: each
  // other token keeps 1 / (e^L + V - 1)) or is left out of the softmax
  // (BeforeSoftmax: each other token gets 1 / (V - 1)). The pieces chosen are
  // the same; the second step, which may end, is scored alike. L = 10: the
  // end holds nearly all the mass (the rest is summed from the row); L with
  // P(end) = 0.2: the rest is 1 - P(end) (one log1p).
  const auto V = double(alwaysEndingModel()->options().vocab_size);
  auto src = torch::full({1, 3}, int64_t(5), torch::kLong);
  for (const double L : {10.0, std::log(0.25 * (V - 1.0))}) {
    auto ending = alwaysEndingModel(L);
    for (int64_t beam : {int64_t(1), int64_t(4)}) {
      auto options = plainOptions(beam, /*min_length=*/1);
      auto after = model::beamSearch(ending, src, options);
      options.end_block = model::DecodingOptions::EndBlock::BeforeSoftmax;
      auto before = model::beamSearch(ending, src, options);
      const auto& a = after[0][0];
      const auto& b = before[0][0];
      QCOMPARE(b.tokens, a.tokens);
      QCOMPARE(b.tokens.size(), size_t(1));
      QVERIFY(a.finished && b.finished);
      QVERIFY2(std::abs(a.probabilities[0] - 1.0 / (std::exp(L) + V - 1.0)) < 1e-7,
               qPrintable(QString::number(a.probabilities[0])));
      QVERIFY2(std::abs(b.probabilities[0] - 1.0 / (V - 1.0)) < 1e-6,
               qPrintable(QString::number(b.probabilities[0])));
      QVERIFY(std::abs(b.probabilities[1] - a.probabilities[1]) < 1e-6);  // the end, once allowed
      QVERIFY2(std::abs((b.log_probability - a.log_probability) - std::log1p(std::exp(L) / (V - 1.0))) < 1e-5,
               qPrintable(QString::number(b.log_probability - a.log_probability)));
    }
  }
  auto ending = alwaysEndingModel();
  // Without a block the two rules are one.
  model::DecodingOptions free;
  free.min_length = 0;
  free.min_length_ratio = 0.0;
  auto after = model::beamSearch(ending, src, free);
  free.end_block = model::DecodingOptions::EndBlock::BeforeSoftmax;
  auto before = model::beamSearch(ending, src, free);
  QCOMPARE(before[0][0].tokens, after[0][0].tokens);
  QCOMPARE(before[0][0].log_probability, after[0][0].log_probability);
}

void TestDecoding::bestContinuationsAreTheSortedTopOfEverySum() {
  // Against sorting every sum: rows of 1,000 (15 blocks of 64 and a part),
  // values on a coarse grid (many ties: the lower index first), -inf and NaN
  // here and there, a dead row, a blocked end, a forced token.
  const float inf = std::numeric_limits<float>::infinity();
  std::mt19937 rng(7);
  const int64_t A = 3, K = 4, V = 1000;
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<float> logp(size_t(A * K * V));
    std::uniform_int_distribution<int> grid(-400, -1), odd(0, 99);
    for (auto& x : logp) {
      const int roll = odd(rng);
      x = roll == 0 ? -inf : roll == 1 ? std::nanf("") : float(grid(rng)) / 16.0f;
    }
    std::vector<double> alive(size_t(A * K));
    for (size_t r = 0; r < alive.size(); ++r) alive[r] = -double(r % K) * 0.375;
    alive[size_t(K + 2)] = -std::numeric_limits<double>::infinity();  // sentence 1's row 2 is dead
    const std::vector<int64_t> blocked{3, -1, 999};
    const int64_t forced = trial == 11 ? 17 : -1;
    for (const int64_t width : {int64_t(1), int64_t(2 * K), int64_t(40)}) {
      std::vector<float> scores(size_t(A * width));
      std::vector<int64_t> index(size_t(A * width));
      model::bestContinuations(logp.data(), alive.data(), A, K, V, width, blocked, forced, scores.data(),
                               index.data());
      for (int64_t a = 0; a < A; ++a) {
        std::vector<std::pair<float, int64_t>> all;
        for (int64_t k = 0; k < K; ++k)
          for (int64_t v = 0; v < V; ++v) {
            if (forced >= 0 ? v != forced : v == blocked[size_t(a)]) continue;
            const float base = float(alive[size_t(a * K + k)]);
            if (!(base > -inf)) continue;
            const float score = base + logp[size_t((a * K + k) * V + v)];
            if (score > -inf) all.emplace_back(score, k * V + v);
          }
        std::stable_sort(all.begin(), all.end(),
                         [](const auto& x, const auto& y) { return x.first > y.first; });
        for (int64_t j = 0; j < width; ++j) {
          const auto at = size_t(a * width + j);
          if (j < int64_t(all.size())) {
            QCOMPARE(scores[at], all[size_t(j)].first);
            QCOMPARE(index[at], all[size_t(j)].second);
          } else {
            QVERIFY(scores[at] == -inf);
          }
        }
      }
    }
  }
}

void TestDecoding::invalidOptionsNameTheField() {
  model::DecodingOptions options;
  options.beam_size = 2;
  options.nbest = 3;
  try {
    model::beamSearch(trained_, held_out_.src, options);
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("'nbest'"), e.what());
  }
  options = {};
  options.beam_size = 0;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, options.validate());
}

void TestDecoding::autoDeviceKeepsNarrowModelsOnTheCpu() {
  // "auto" translates on the CPU's engine where every model is narrower than
  // the line measured on a GPU; a model of that width or wider goes to the GPU.
  auto narrow = test::smallOptions(model::NormPosition::Post);
  auto wide = narrow;
  wide.d_model = model::kGpuDecodingMinWidth;
  QVERIFY(narrow.d_model < model::kGpuDecodingMinWidth);
  QVERIFY(model::decodesFasterOnCpu({narrow}));
  QVERIFY(model::decodesFasterOnCpu({narrow, narrow}));
  QVERIFY(!model::decodesFasterOnCpu({wide}));
  QVERIFY(!model::decodesFasterOnCpu({narrow, wide}));  // an ensemble shares one device
  QVERIFY(!model::decodesFasterOnCpu({}));

  // Read from the model files: a narrow model is on the CPU under "auto"
  // with or without a GPU (tst_gpu checks a wide one where there is one); a
  // device named is kept; a file that cannot be read leaves "auto" as it is.
  QTemporaryDir dir;
  const std::string path = dir.filePath("narrow.pt").toStdString();
  model::Transformer m(narrow);
  model::saveModel(m, path);
  QCOMPARE(model::readModelOptions(path).d_model, narrow.d_model);
  QVERIFY(model::decodingDevice("auto", {path}).is_cpu());
  QVERIFY(model::decodingDevice("cpu", {path}).is_cpu());
  QCOMPARE(model::decodingDevice("auto", {dir.filePath("missing.pt").toStdString()}),
           model::resolveDevice("auto"));
  QVERIFY_THROWS_EXCEPTION(model::DeviceError, model::decodingDevice("tpu", {path}));
}

STUDIO_TEST_MAIN(TestDecoding)
#include "tst_decoding.moc"
