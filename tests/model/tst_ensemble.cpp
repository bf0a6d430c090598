// Ensembles (DecodingOptions::ensemble, Translator::addToEnsemble): each
// step's distribution is the mean of the models' probabilities, on the
// inference engine and on LibTorch's modules, with and without a shortlist;
// the searches decode with it; members that do not fit are refused naming
// the field or the piece.

#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/StepDecoder.h"
#include "model/decoding/Translator.h"
#include "model/files/ModelFile.h"

using namespace studio;

namespace {

// log((p_a + p_b + ...) / n) of log-probabilities, in double; -inf where all are.
// With `weights`: log(sum of w_i p_i / sum of w_i).
torch::Tensor logMeanOfProbabilities(const std::vector<torch::Tensor>& each,
                                     const std::vector<double>& weights = {}) {
  auto sum = torch::zeros_like(each.front(), torch::kDouble);
  double total = 0.0;
  for (size_t i = 0; i < each.size(); ++i) {
    const double w = weights.empty() ? 1.0 : weights[i];
    sum += each[i].to(torch::kDouble).exp() * w;
    total += w;
  }
  return (sum / total).log();
}

// Whether two [rows, V] log-probabilities agree: -inf at the same places,
// the rest within `tolerance`.
bool sameLogProbabilities(const torch::Tensor& got, const torch::Tensor& expected, double tolerance,
                          std::string* why) {
  const auto got_d = got.to(torch::kDouble), want = expected.to(torch::kDouble);
  const auto got_dead = torch::isinf(got_d), want_dead = torch::isinf(want);
  if (!torch::equal(got_dead, want_dead)) {
    *why = "-inf at other places: " + std::to_string(got_dead.sum().item<int64_t>()) + " against " +
           std::to_string(want_dead.sum().item<int64_t>());
    return false;
  }
  const auto alive = want_dead.logical_not();
  if (alive.sum().item<int64_t>() == 0) return true;
  const double diff = (got_d.masked_select(alive) - want.masked_select(alive)).abs().max().item<double>();
  if (diff > tolerance) {
    *why = "differs by " + std::to_string(diff);
    return false;
  }
  return true;
}

// A model of the reversal task's shape, untrained (seeded): a broad
// distribution at every step, unlike the trained ones, so that the mean of
// probabilities is far from, say, the mean of log-probabilities.
model::Transformer untrainedTaskModel(uint64_t seed) {
  torch::manual_seed(seed);
  model::Transformer m(test::taskModelOptions());
  m->eval();
  return m;
}

}  // namespace

class TestEnsemble : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void stepIsTheMeanOfTheModelsProbabilities_data();
  void stepIsTheMeanOfTheModelsProbabilities();
  void searchesAgreeOnEveryPath();
  void greedyFollowsTheMeanOfTheFullDecoders();
  void membersThatDoNotFitAreRefused();
  void translatorChecksTheSentencePieceModel();

 private:
  model::Transformer a_{nullptr}, b_{nullptr}, c_{nullptr};
  torch::Tensor src_;
};

void TestEnsemble::initTestCase() {
  a_ = test::trainedReversalModel(3, 500);
  b_ = test::trainedReversalModel(5, 400);
  c_ = untrainedTaskModel(11);
  std::mt19937 rng(91);
  src_ = test::makeSequenceBatch(rng, 12, /*reverse=*/true, a_->options()).src;
}

void TestEnsemble::stepIsTheMeanOfTheModelsProbabilities_data() {
  QTest::addColumn<int>("engine");
  QTest::addColumn<bool>("cache");
  QTest::addColumn<bool>("shortlist");
  QTest::addColumn<bool>("weighted");
  QTest::newRow("inference engine") << int(model::DecodingOptions::Engine::Auto) << true << false << false;
  QTest::newRow("LibTorch's modules")
      << int(model::DecodingOptions::Engine::LibTorch) << true << false << false;
  QTest::newRow("without the cache") << int(model::DecodingOptions::Engine::LibTorch) << false << false
                                     << false;
  QTest::newRow("engine with a shortlist")
      << int(model::DecodingOptions::Engine::Auto) << true << true << false;
  QTest::newRow("modules with a shortlist")
      << int(model::DecodingOptions::Engine::LibTorch) << true << true << false;
  QTest::newRow("engine, weighted") << int(model::DecodingOptions::Engine::Auto) << true << false << true;
  QTest::newRow("modules, weighted") << int(model::DecodingOptions::Engine::LibTorch) << true << false
                                     << true;
}

// Every step of an ensemble A + B + C against the three models' own steps,
// fed the same tokens and reordered alike: two rows a sentence, the first
// step's second row dead (-inf), then both rows continuing row 0 with its
// two best pieces.
void TestEnsemble::stepIsTheMeanOfTheModelsProbabilities() {
  QFETCH(int, engine);
  QFETCH(bool, cache);
  QFETCH(bool, shortlist);
  QFETCH(bool, weighted);
  const std::vector<double> weights = weighted ? std::vector<double>{3.0, 1.0, 0.5} : std::vector<double>{};
  torch::NoGradGuard no_grad;
  const auto& o = a_->options();
  model::DecodingOptions alone;
  alone.engine = model::DecodingOptions::Engine(engine);
  alone.use_cache = cache;
  if (shortlist) {
    // Symbols 4..8 listed for every source piece: 9..13 read -inf.
    std::vector<std::vector<int32_t>> by_source(size_t(o.vocab_size));
    alone.shortlist = std::make_shared<const model::Shortlist>(o.vocab_size, "", std::vector<int32_t>{4, 5, 6, 7, 8},
                                                               by_source);
  }
  auto together = alone;
  together.ensemble = {b_, c_};
  together.ensemble_weights = weights;
  const int64_t K = 2, sentences = src_.size(0);
  model::StepDecoder ensemble(a_, src_, K, together, 12);
  std::vector<std::unique_ptr<model::StepDecoder>> each;
  for (auto m : {a_, b_, c_}) each.push_back(std::make_unique<model::StepDecoder>(m, src_, K, alone, 12));
  QCOMPARE(ensemble.usesEngine(), each[0]->usesEngine());
  QCOMPARE(ensemble.usesEngine(), alone.engine == model::DecodingOptions::Engine::Auto && cache);

  std::vector<int64_t> tokens(size_t(sentences * K), o.bos_id);
  std::vector<int64_t> sentence_of(size_t(sentences * K));
  for (int64_t r = 0; r < sentences * K; ++r) sentence_of[size_t(r)] = r / K;
  for (int step = 0; step < 6; ++step) {
    const auto got = ensemble.logProbabilities(tokens).clone();
    std::vector<torch::Tensor> theirs;
    for (auto& d : each) theirs.push_back(d->logProbabilities(tokens).clone());
    std::string why;
    QVERIFY2(sameLogProbabilities(got, logMeanOfProbabilities(theirs, weights), 1e-5, &why),
             qPrintable(QString("step %1: %2").arg(step).arg(QString::fromStdString(why))));
    if (shortlist) QVERIFY(torch::isinf(got.slice(1, 9)).all().item<bool>());
    // The mean is a distribution: each live row sums to 1.
    const auto row_sums = got.exp().sum(1);
    for (int64_t r = 0; r < row_sums.size(0); ++r)
      if (step > 0 || r % K == 0)
        QVERIFY2(std::abs(row_sums[r].item<double>() - 1.0) < 1e-4, qPrintable(QString("row %1 sums to %2")
                                                                                  .arg(r)
                                                                                  .arg(row_sums[r].item<double>())));
    // The two best pieces of each sentence's first row, or each row's best.
    std::vector<int64_t> origin(size_t(sentences * K));
    const auto best = std::get<1>(got.topk(2, 1));
    for (int64_t r = 0; r < sentences * K; ++r) {
      origin[size_t(r)] = step == 0 ? (r / K) * K : r;
      tokens[size_t(r)] = step == 0 ? best[(r / K) * K][r % K].item<int64_t>() : best[r][0].item<int64_t>();
    }
    ensemble.reorder(origin, sentence_of);
    for (auto& d : each) d->reorder(origin, sentence_of);
  }
}

// Beam search and greedy search with an ensemble give the same n-best lists
// on the inference engine, on LibTorch's modules and without the cache.
void TestEnsemble::searchesAgreeOnEveryPath() {
  for (int64_t beam : {1, 4}) {
    model::DecodingOptions options;
    options.beam_size = beam;
    options.nbest = beam;
    options.ensemble = {b_, c_};
    const auto engine = model::beamSearch(a_, src_, options);
    options.engine = model::DecodingOptions::Engine::LibTorch;
    const auto modules = model::beamSearch(a_, src_, options);
    options.use_cache = false;
    const auto uncached = model::beamSearch(a_, src_, options);
    std::string why;
    QVERIFY2(test::sameHypotheses(engine, modules, &why), qPrintable(QString::fromStdString(why)));
    QVERIFY2(test::sameHypotheses(modules, uncached, &why), qPrintable(QString::fromStdString(why)));
  }
}

// Greedy search over an ensemble against a reference written here: at each
// step every model's full decoder over the prefix, the mean of their
// probabilities, its best piece. The untrained member weighs in: the
// ensemble's translations are not the trained model's alone.
void TestEnsemble::greedyFollowsTheMeanOfTheFullDecoders() {
  torch::NoGradGuard no_grad;
  const auto& o = a_->options();
  model::DecodingOptions options;
  options.beam_size = 1;
  options.min_length = 0;
  options.min_length_ratio = 0.0;
  options.length_penalty = 0.0;
  // A trained model and an untrained one, weighed equally.
  options.ensemble = {c_};
  const auto got = model::beamSearch(a_, src_, options);
  const auto alone = model::beamSearch(a_, src_, [] {
    model::DecodingOptions d;
    d.beam_size = 1;
    d.min_length = 0;
    d.min_length_ratio = 0.0;
    return d;
  }());
  int differ = 0;
  for (int64_t s = 0; s < src_.size(0); ++s) {
    auto src = src_.slice(0, s, s + 1);
    const int64_t length = src.ne(o.pad_id).sum().item<int64_t>();
    src = src.slice(1, 0, length);
    const int64_t limit =
        model::maxOutputLength(options, length, model::decodingMaxLength(a_, options.ensemble));
    std::vector<int64_t> prefix{o.bos_id}, want;
    double log_p = 0.0;
    for (int64_t t = 0; t < limit; ++t) {
      auto target = torch::tensor(prefix, torch::kLong).unsqueeze(0);
      std::vector<torch::Tensor> each;
      for (auto m : {a_, c_}) {
        auto hidden = m->decode(target, m->encode(src), src).select(1, -1);
        each.push_back(m->project(hidden).log_softmax(-1));
      }
      const auto mean = logMeanOfProbabilities(each)[0];
      const int64_t next = mean.argmax().item<int64_t>();
      log_p += mean[next].item<double>();
      if (next == o.eos_id) break;
      want.push_back(next);
      prefix.push_back(next);
    }
    const auto& hyp = got[size_t(s)][0];
    QCOMPARE(hyp.tokens, want);
    QVERIFY2(std::abs(hyp.log_probability - log_p) < 1e-4,
             qPrintable(QString("sentence %1: log P %2 against %3").arg(s).arg(hyp.log_probability).arg(log_p)));
    // The untrained member moves the translation or at least its probability
    // (a trained model this sure of the reversal may keep every argmax).
    const auto& own = alone[size_t(s)][0];
    if (hyp.tokens != own.tokens || std::abs(hyp.log_probability - own.log_probability) > 1e-3) ++differ;
  }
  QVERIFY2(differ > 0,
           "the untrained member changed no translation and no probability: the ensemble may not be decoding with it");
}

void TestEnsemble::membersThatDoNotFitAreRefused() {
  auto other = test::taskModelOptions();
  other.vocab_size += 3;
  model::Transformer wider(other);
  wider->eval();
  model::DecodingOptions options;
  options.ensemble = {wider};
  auto message = test::thrownMessage([&] { model::beamSearch(a_, src_, options); });
  QVERIFY2(message.find("ensemble member 1") != std::string::npos &&
               message.find("vocab_size 17 against 14") != std::string::npos,
           message.c_str());
  auto ids = test::taskModelOptions();
  std::swap(ids.unk_id, ids.bos_id);
  model::Transformer swapped(ids);
  options.ensemble = {b_, swapped};
  message = test::thrownMessage([&] { model::beamSearch(a_, src_, options); });
  QVERIFY2(message.find("ensemble member 2") != std::string::npos &&
               message.find("bos_id " + std::to_string(ids.bos_id)) != std::string::npos,
           message.c_str());
  options.ensemble = {b_};
  options.head_mask.off.push_back({model::AttentionKind::Cross, 0, 0});
  message = test::thrownMessage([&] { model::beamSearch(a_, src_, options); });
  QVERIFY2(message.find("'head_mask'") != std::string::npos, message.c_str());
  options.head_mask = {};
  // Weights: one a model, each positive.
  options.ensemble_weights = {1.0};
  message = test::thrownMessage([&] { model::beamSearch(a_, src_, options); });
  QVERIFY2(message.find("'ensemble_weights': 1 weights for 2 models") != std::string::npos, message.c_str());
  options.ensemble_weights = {1.0, 0.0};
  message = test::thrownMessage([&] { model::beamSearch(a_, src_, options); });
  QVERIFY2(message.find("weight 2 must be a positive number") != std::string::npos, message.c_str());
  options.ensemble_weights = {};
  options.ensemble = {model::Transformer(nullptr)};
  message = test::thrownMessage([&] { options.validate(); });
  QVERIFY2(message.find("'ensemble'") != std::string::npos, message.c_str());
}

// Translator::addToEnsemble: a model with the same SentencePiece model (or
// none beside it) joins; one whose pieces differ is refused naming the
// piece; the smallest max_length of all bounds the sources; a model with
// an identical copy of itself translates as it does alone.
void TestEnsemble::translatorChecksTheSentencePieceModel() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  QVERIFY(QDir().mkpath(tmp.filePath("one")) && QDir().mkpath(tmp.filePath("two")) &&
          QDir().mkpath(tmp.filePath("alone")));
  const std::string one = test::prepareNumberedCorpus(tmp.filePath("one").toStdString(),
                                                      {"mở thư mục", "lưu tập tin"},
                                                      {"open the folder", "save the file"}, 200, 60);
  const std::string two = test::prepareNumberedCorpus(tmp.filePath("two").toStdString(),
                                                      {"đóng cửa sổ", "xoá bản sao"},
                                                      {"close the window", "delete the copy"}, 200, 60);
  const data::Tokenizer tokenizer(one + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  torch::manual_seed(21);
  model::Transformer first(options);
  const std::string first_path = one + "/first.pt", copy_path = tmp.filePath("alone/copy.pt").toStdString();
  model::saveModel(first, first_path);
  model::saveModel(first, copy_path);  // no spm.model beside it or above: the translator's
  const std::string foreign_path = two + "/foreign.pt";
  model::saveModel(first, foreign_path);  // the same shape, beside another SentencePiece model

  auto translator = model::Translator::fromFiles(first_path, "", torch::kCPU);
  const std::vector<std::string> sentences{"mở thư mục 12", "lưu tập tin 7 mở thư mục 3"};
  model::DecodingOptions decoding;
  const auto before = translator.translate(sentences, decoding);

  auto message = test::thrownMessage([&] { translator.addToEnsemble(foreign_path); });
  QVERIFY2(message.find(foreign_path) != std::string::npos && message.find("has piece") != std::string::npos,
           message.c_str());
  QVERIFY(translator.ensemble().empty());

  translator.addToEnsemble(copy_path);
  QCOMPARE(translator.ensemble().size(), size_t(1));
  const auto after = translator.translate(sentences, decoding);
  for (size_t i = 0; i < sentences.size(); ++i) {
    QCOMPARE(after[i][0].ids, before[i][0].ids);
    QVERIFY(std::abs(after[i][0].log_probability - before[i][0].log_probability) < 1e-4);
  }

  // Weights: one a model; a member joining later clears them (they were for the ensemble before).
  message = test::thrownMessage([&] { translator.setEnsembleWeights({1.0}); });
  QVERIFY2(message.find("1 weights for 2 models") != std::string::npos, message.c_str());
  QVERIFY(translator.ensembleWeights().empty());
  translator.setEnsembleWeights({1.0, 3.0});
  QCOMPARE(translator.ensembleWeights().size(), size_t(2));
  const auto weighted =
      translator.translate(sentences, decoding);  // a model and its copy: any weights, the same
  for (size_t i = 0; i < sentences.size(); ++i) QCOMPARE(weighted[i][0].ids, before[i][0].ids);

  // A member with fewer positions bounds every source.
  auto shorter = options;
  shorter.max_length = 6;
  torch::manual_seed(22);
  model::Transformer short_model(shorter);
  const std::string short_path = tmp.filePath("alone/short.pt").toStdString();
  model::saveModel(short_model, short_path);
  translator.addToEnsemble(short_path);
  QVERIFY(translator.ensembleWeights().empty());
  QCOMPARE(translator.maxLength(), int64_t(6));
  QCOMPARE(translator.encodeSource("lưu tập tin 7 mở thư mục 3 lưu tập tin 9").size(), size_t(6));
  const auto bounded = translator.translate(sentences, decoding);
  for (const auto& list : bounded) QVERIFY(list[0].ids.size() <= 5);

  // Another vocabulary, no SentencePiece model beside it: the model's field named.
  auto wider = options;
  wider.vocab_size += 5;
  model::Transformer wide(wider);
  const std::string wide_path = tmp.filePath("alone/wide.pt").toStdString();
  model::saveModel(wide, wide_path);
  message = test::thrownMessage([&] { translator.addToEnsemble(wide_path); });
  QVERIFY2(message.find(wide_path) != std::string::npos && message.find("vocab_size") != std::string::npos,
           message.c_str());
  QCOMPARE(translator.ensemble().size(), size_t(2));
}

STUDIO_TEST_MAIN(TestEnsemble)
#include "tst_ensemble.moc"
