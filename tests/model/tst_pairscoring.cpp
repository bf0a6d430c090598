// Scoring given translations (PairScoring.h): a translation's score is the
// probability beam search gave it, piece by piece; an ensemble's is the mean
// of the models' probabilities; pairs too long for the model are named, not
// cut.

#include <cmath>
#include <random>

#include <torch/torch.h>
#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/PairScoring.h"
#include "model/decoding/Translator.h"
#include "model/files/ModelFile.h"

using namespace studio;

namespace {

// The rows of src [B, S] as id lists, without their padding.
std::vector<std::vector<int64_t>> sourceRows(const torch::Tensor& src, int64_t pad) {
  std::vector<std::vector<int64_t>> rows;
  for (int64_t b = 0; b < src.size(0); ++b) {
    rows.emplace_back();
    for (int64_t k = 0; k < src.size(1); ++k)
      if (src[b][k].item<int64_t>() != pad) rows.back().push_back(src[b][k].item<int64_t>());
  }
  return rows;
}

// An untrained model of 20 positions over a SentencePiece model of
// numbered copies of `sources`/`targets`, written into `dir`, as a Translator.
model::Translator textTranslator(const std::string& dir, const std::vector<std::string>& sources,
                                 const std::vector<std::string>& targets, uint64_t seed) {
  const std::string data = test::prepareNumberedCorpus(dir, sources, targets, 200, 60);
  const data::Tokenizer tokenizer(data + "/spm.model");
  auto options = test::smallOptions();
  options.vocab_size = tokenizer.vocabSize();
  options.max_length = 20;
  torch::manual_seed(seed);
  model::Transformer m(options);
  model::saveModel(m, data + "/model.pt");
  return model::Translator::fromFiles(data + "/model.pt", "", torch::kCPU);
}

}  // namespace

class TestPairScoring : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void theSearchsOwnTranslationScoresAsTheSearchScoredIt();
  void anEnsembleScoresTheMeanOfTheModelsProbabilities();
  void pairsTooLongAreNamedAndTheRestScored();
  void aGivenTranslationIsCapturedAsTheModelReadsIt();
  void minimalPairsScoreBothSidesAsScorePairsDoes();

 private:
  model::Transformer trained_{nullptr}, other_{nullptr};
  torch::Tensor src_;
};

void TestPairScoring::initTestCase() {
  trained_ = test::trainedReversalModel(5, 400);
  other_ = test::trainedReversalModel(3, 500);
  std::mt19937 rng(31);
  src_ = test::makeSequenceBatch(rng, 24, /*reverse=*/true, trained_->options()).src;
}

// Beam search's n-best hypotheses (finished ones) fed back as given
// translations: each piece's probability and the sum are the search's (the
// minimum length off, so that no step was renormalized), in batches of any
// size. A wrong translation scores lower than the model's own.
void TestPairScoring::theSearchsOwnTranslationScoresAsTheSearchScoredIt() {
  model::DecodingOptions options;
  options.beam_size = 4;
  options.nbest = 4;
  options.min_length = 0;
  options.min_length_ratio = 0.0;
  const auto results = model::beamSearch(trained_, src_, options);
  const auto rows = sourceRows(src_, trained_->options().pad_id);
  std::vector<std::vector<int64_t>> sources, targets;
  std::vector<const model::Hypothesis*> hypotheses;
  for (size_t b = 0; b < results.size(); ++b)
    for (const auto& h : results[b])
      if (h.finished) {
        sources.push_back(rows[b]);
        targets.push_back(h.tokens);
        hypotheses.push_back(&h);
      }
  QVERIFY(hypotheses.size() > results.size());
  for (int64_t budget : {4096, 40}) {
    const auto scored = model::scoreIds({trained_}, sources, targets, torch::kCPU, budget);
    QCOMPARE(scored.size(), hypotheses.size());
    for (size_t i = 0; i < scored.size(); ++i) {
      const auto& h = *hypotheses[i];
      QCOMPARE(scored[i].size(), h.probabilities.size());
      double sum = 0.0;
      for (size_t k = 0; k < scored[i].size(); ++k) {
        sum += double(scored[i][k]);
        QVERIFY2(std::abs(std::exp(scored[i][k]) - h.probabilities[k]) < 1e-4,
                 qPrintable(QString("pair %1 piece %2: %3 against %4")
                                .arg(i)
                                .arg(k)
                                .arg(std::exp(scored[i][k]))
                                .arg(h.probabilities[k])));
      }
      QVERIFY2(std::abs(sum - h.log_probability) < 1e-3,
               qPrintable(QString("pair %1: %2 against %3").arg(i).arg(sum).arg(h.log_probability)));
    }
  }
  // The best translation with its first two pieces swapped: less likely.
  auto wrong = targets.front();
  QVERIFY(wrong.size() >= 2);
  std::swap(wrong[0], wrong[1]);
  if (wrong != targets.front()) {
    const auto both = model::scoreIds({trained_}, {sources.front(), sources.front()}, {targets.front(), wrong},
                                      torch::kCPU);
    double right_sum = 0.0, wrong_sum = 0.0;
    for (float lp : both[0]) right_sum += lp;
    for (float lp : both[1]) wrong_sum += lp;
    QVERIFY2(wrong_sum < right_sum - 1.0, qPrintable(QString("%1 against %2").arg(wrong_sum).arg(right_sum)));
  }
}

void TestPairScoring::anEnsembleScoresTheMeanOfTheModelsProbabilities() {
  const auto rows = sourceRows(src_, trained_->options().pad_id);
  std::vector<std::vector<int64_t>> targets;
  for (const auto& r : rows) targets.emplace_back(r.rbegin() + 1, r.rend());  // the reversal, without the end
  const auto a = model::scoreIds({trained_}, rows, targets, torch::kCPU);
  const auto b = model::scoreIds({other_}, rows, targets, torch::kCPU);
  const auto together = model::scoreIds({trained_, other_}, rows, targets, torch::kCPU);
  const auto weighted =
      model::scoreIds({trained_, other_}, rows, targets, torch::kCPU, 4096, nullptr, {3.0, 1.0});
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t k = 0; k < together[i].size(); ++k) {
      const double pa = std::exp(double(a[i][k])), pb = std::exp(double(b[i][k]));
      QVERIFY2(std::abs(std::exp(double(together[i][k])) - (pa + pb) / 2.0) < 1e-5,
               qPrintable(QString("pair %1 piece %2").arg(i).arg(k)));
      QVERIFY2(std::abs(std::exp(double(weighted[i][k])) - (3.0 * pa + pb) / 4.0) < 1e-5,
               qPrintable(QString("weighted: pair %1 piece %2").arg(i).arg(k)));
    }
}

// Text in: pieces named as the tokenizer names them, a pair longer than the
// model's positions left unscored with the reason (the others scored as
// alone), and lists of different lengths refused.
void TestPairScoring::pairsTooLongAreNamedAndTheRestScored() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const auto translator = textTranslator(tmp.path().toStdString(), {"mở thư mục", "lưu tập tin"},
                                         {"open the folder", "save the file"}, 8);
  const auto& tokenizer = translator.tokenizer();
  const std::vector<std::string> sources{"mở thư mục 3", "lưu tập tin 4 mở thư mục 5 lưu tập tin 6 mở thư mục 7",
                                         "lưu tập tin 8"};
  const std::vector<std::string> translations{"open the folder 3", "save the file 4", "save the file 8"};
  const auto scores = model::scorePairs(translator, sources, translations);
  QCOMPARE(scores.size(), size_t(3));
  QVERIFY2(scores[0].scored && !scores[1].scored && scores[2].scored,
           (scores[0].why + " / " + scores[1].why + " / " + scores[2].why).c_str());
  QVERIFY2(scores[1].why.find("the source has") != std::string::npos &&
               scores[1].why.find("at most 19") != std::string::npos,
           scores[1].why.c_str());
  const auto alone = model::scorePairs(translator, {sources[2]}, {translations[2]});
  QCOMPARE(scores[2].probabilities.size(), alone[0].probabilities.size());
  for (size_t k = 0; k < alone[0].probabilities.size(); ++k)  // batched with another pair, padded: to rounding
    QVERIFY(std::abs(scores[2].probabilities[k] - alone[0].probabilities[k]) < 1e-5);
  std::vector<std::string> pieces;
  for (int id : tokenizer.encode(translations[0])) pieces.push_back(tokenizer.piece(id));
  QCOMPARE(scores[0].pieces, pieces);
  QCOMPARE(scores[0].probabilities.size(), pieces.size() + 1);
  QVERIFY(std::abs(scores[0].meanLogProbability() - scores[0].log_probability / double(pieces.size() + 1)) < 1e-12);
  const auto message = test::thrownMessage([&] { model::scorePairs(translator, sources, {"one"}); });
  QVERIFY2(message.find("3 sources but 1 translations") != std::string::npos, message.c_str());
}

// givenTranslation(): the scored pair as a finished Translation (its score
// length-normalized as beam search ranks), whose attention captureAttention
// records over the given pieces with their probabilities; an empty or too
// long translation refused, naming what does not fit.
void TestPairScoring::aGivenTranslationIsCapturedAsTheModelReadsIt() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const auto translator = textTranslator(tmp.path().toStdString(), {"mở thư mục"}, {"open the folder"}, 9);
  const auto& tokenizer = translator.tokenizer();
  const std::string sentence = "mở thư mục 3", text = "open the folder 3";
  const auto scored = model::scorePairs(translator, {sentence}, {text}).at(0);
  for (double alpha : {0.0, 0.6, 1.0}) {
    const auto given = model::givenTranslation(translator, sentence, text, alpha);
    QCOMPARE(given.text, text);
    QCOMPARE(given.pieces, scored.pieces);
    QCOMPARE(given.ids, scored.ids);
    std::vector<int64_t> ids;
    for (int id : tokenizer.encode(text)) ids.push_back(id);
    QCOMPARE(given.ids, ids);
    QCOMPARE(given.probabilities, scored.probabilities);
    QVERIFY(given.finished);
    QCOMPARE(given.log_probability, scored.log_probability);
    const double penalty = alpha == 0.0 ? 1.0 : std::pow((5.0 + double(ids.size() + 1)) / 6.0, alpha);
    QVERIFY(std::abs(given.score - scored.log_probability / penalty) < 1e-9);
  }
  const auto given = model::givenTranslation(translator, sentence, text);
  const auto snap = model::captureAttention(translator, sentence, given);
  QCOMPARE(snap.target_length, int64_t(given.ids.size() + 1));
  QCOMPARE(snap.target_tokens.front(), tokenizer.piece(int(translator.modelHandle()->options().bos_id)));
  QCOMPARE(std::vector<std::string>(snap.target_tokens.begin() + 1, snap.target_tokens.end()), given.pieces);
  QCOMPARE(snap.probabilities, given.probabilities);
  const auto json = snap.toJson(false);
  QCOMPARE(json["probabilities"].size(), given.probabilities.size());
  QVERIFY(!json.contains("translation_given"));  // captureGivenTranslation() says so, not this overload

  auto message = test::thrownMessage([&] { model::givenTranslation(translator, sentence, "  "); });
  QVERIFY2(message.find("empty") != std::string::npos, message.c_str());
  std::string long_text;
  for (int i = 0; i < 12; ++i) long_text += "open the folder ";
  message = test::thrownMessage([&] { model::givenTranslation(translator, sentence, long_text); });
  QVERIFY2(message.find("the translation has") != std::string::npos &&
               message.find("at most 19") != std::string::npos,
           message.c_str());
}

// scoreMinimalPairs(): each side's log-probability is the one scorePairs
// gives that translation alone (so neither side is swapped nor shifted by the
// other's batch), the pair passes when the right side is the likelier, and a
// side too long for the model leaves the pair unscored, saying which side.
void TestPairScoring::minimalPairsScoreBothSidesAsScorePairsDoes() {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const auto translator = textTranslator(tmp.path().toStdString(), {"mở thư mục", "lưu tập tin"},
                                         {"open the folder", "save the file"}, 11);
  const std::string long_text = "save the file 4 open the folder 5 save the file 6 open the folder 7";
  const std::vector<model::MinimalPair> pairs{
      {1, "numbers", "mở thư mục 3", "open the folder 3", "open the folder 4", "3 \u2192 4"},
      {2, "yours", "lưu tập tin", "save the file", "open the folder", ""},
      {3, "yours", "lưu tập tin 8", "save the file 8", long_text, ""},
      {4, "numbers", "lưu tập tin 9", "save the file 9", "save the file 0", "9 \u2192 0"},
  };
  const auto outcomes = model::scoreMinimalPairs(translator, pairs);
  QCOMPARE(outcomes.size(), pairs.size());
  size_t preferred = 0;
  for (size_t i : {size_t(0), size_t(1), size_t(3)}) {
    const auto right = model::scorePairs(translator, {pairs[i].source}, {pairs[i].right}).at(0);
    const auto wrong = model::scorePairs(translator, {pairs[i].source}, {pairs[i].wrong}).at(0);
    QVERIFY(outcomes[i].scored);
    QVERIFY2(std::abs(outcomes[i].right - right.log_probability) < 1e-4, pairs[i].right.c_str());
    QVERIFY2(std::abs(outcomes[i].wrong - wrong.log_probability) < 1e-4, pairs[i].wrong.c_str());
    QCOMPARE(outcomes[i].preferred(), right.log_probability > wrong.log_probability);
    QCOMPARE(outcomes[i].margin(), outcomes[i].right - outcomes[i].wrong);
    preferred += outcomes[i].preferred();
  }
  QVERIFY(!outcomes[2].scored && !outcomes[2].preferred());
  QVERIFY2(outcomes[2].why.rfind("the wrong side: the translation has", 0) == 0, outcomes[2].why.c_str());
  const auto tallies = model::tallyMinimalPairs(pairs, outcomes);
  QCOMPARE(tallies.back().kind, std::string("all"));
  QCOMPARE(tallies.back().pairs, size_t(4));
  QCOMPARE(tallies.back().scored, size_t(3));
  QCOMPARE(tallies.back().preferred, preferred);
}

STUDIO_TEST_MAIN(TestPairScoring)
#include "tst_pairscoring.moc"
