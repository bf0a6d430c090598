// The vocabulary shortlist (model/decoding/Shortlist.h): what IBM Model 1
// learns from pairs whose translations are known, the file and its errors,
// and decoding with it — the inference engine against LibTorch's modules,
// outputs only from the list, a glossary's pieces kept, another vocabulary
// refused.

#include <algorithm>
#include <random>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/ConstrainedSearch.h"
#include "model/decoding/Decoding.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/StepDecoder.h"
#include "model/inference/QuantizedLinear.h"

using namespace studio;
using Engine = model::DecodingOptions::Engine;

namespace {

// A made-up language pair of 40 pieces: source piece s (10..24) always
// translates to s + 15, the words in another order, and every target
// sentence also holds the "article" 5 (no source piece of its own).
data::EncodedSplit madeUpPairs(std::mt19937& rng, int count) {
  data::EncodedSplit pairs;
  std::uniform_int_distribution<int> piece(10, 24), length(2, 7);
  for (int i = 0; i < count; ++i) {
    std::vector<int> src, tgt;
    const int n = length(rng);
    for (int k = 0; k < n; ++k) src.push_back(piece(rng));
    for (const int s : src) tgt.push_back(s + 15);
    std::shuffle(tgt.begin(), tgt.end(), rng);
    tgt.insert(tgt.begin() + std::uniform_int_distribution<int>(0, int(tgt.size()))(rng), 5);
    pairs.add(src, tgt);
  }
  return pairs;
}

// The task model's sentences as training pairs (source pieces without EOS and pads).
data::EncodedSplit taskPairs(const test::SequenceBatch& batch, int64_t eos, int64_t pad) {
  data::EncodedSplit pairs;
  auto src = batch.src.contiguous();
  for (int64_t b = 0; b < src.size(0); ++b) {
    std::vector<int> s, t;
    for (int64_t i = 0; i < src.size(1); ++i) {
      const auto id = src[b][i].item<int64_t>();
      if (id != eos && id != pad) s.push_back(int(id));
    }
    for (const auto id : batch.targets[size_t(b)]) t.push_back(int(id));
    pairs.add(s, t);
  }
  return pairs;
}

}  // namespace

class TestShortlist : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void learnsWhatEachPieceTranslatesTo();
  void candidatesAreTheUnion();
  void fileRoundTrips();
  void badFilesNameTheLine_data();
  void badFilesNameTheLine();
  void badInputToLearningIsRefused();
  void anotherVocabularyIsRefused();
  void engineDecodesAsTheModules_data();
  void engineDecodesAsTheModules();
  void outputsComeFromTheListAlone();
  void glossaryPiecesStayAvailable();

 private:
  model::Transformer trained_{nullptr};
  test::SequenceBatch held_out_;
  std::shared_ptr<const model::Shortlist> learnt_;  // from the task's pairs
};

void TestShortlist::initTestCase() {
  // The reversal task's model: its outputs are its source's pieces, which a
  // shortlist learnt from the task's pairs lists.
  trained_ = test::trainedReversalModel(5, 400);
  std::mt19937 held_out_rng(55);
  held_out_ = test::makeSequenceBatch(held_out_rng, 40, /*reverse=*/true, trained_->options());
  std::mt19937 train_rng(56);
  const auto& o = trained_->options();
  const auto pairs = taskPairs(test::makeSequenceBatch(train_rng, 300, true, o), o.eos_id, o.pad_id);
  model::ShortlistOptions options;
  options.frequent = 2;
  options.per_source = 2;
  learnt_ = std::make_shared<const model::Shortlist>(model::learnShortlist(pairs, o.vocab_size, "", options));
}

void TestShortlist::learnsWhatEachPieceTranslatesTo() {
  std::mt19937 rng(7);
  const auto pairs = madeUpPairs(rng, 2000);
  model::ShortlistOptions options;
  options.frequent = 1;
  options.per_source = 1;
  int reported = 0;
  const auto list = model::learnShortlist(pairs, 40, "abc", options, [&](int done, int total) {
    QCOMPARE(total, options.iterations);
    reported = done;
  });
  QCOMPARE(reported, options.iterations);
  QCOMPARE(list.vocabularyHash(), std::string("abc"));
  QCOMPARE(list.frequent(), std::vector<int32_t>{5});
  for (int32_t s = 10; s <= 24; ++s)
    QVERIFY2(list.forSource(s) == std::vector<int32_t>{s + 15},
             qPrintable(QString("source piece %1: best %2").arg(s).arg(list.forSource(s).empty() ? -1 : list.forSource(s)[0])));
  QVERIFY(list.forSource(30).empty());  // never a source piece
  // Held-out pairs of the same language: every reference piece is listed, a
  // sentence's list is its pieces' translations plus the article.
  std::mt19937 other(8);
  const auto held_out = madeUpPairs(other, 200);
  const auto coverage = model::measureCoverage(list, held_out);
  QCOMPARE(coverage.covered, 1.0);
  QCOMPARE(coverage.sentences, size_t(200));
  QVERIFY2(coverage.mean_size > 2.0 && coverage.mean_size < 9.0, qPrintable(QString::number(coverage.mean_size)));
  // Without the article among the frequent pieces, coverage drops by its share.
  options.frequent = 0;
  const auto without = model::measureCoverage(model::learnShortlist(pairs, 40, "", options), held_out);
  QVERIFY2(without.covered < 0.95 && without.covered > 0.7, qPrintable(QString::number(without.covered)));
}

void TestShortlist::candidatesAreTheUnion() {
  const model::Shortlist list(10, "", {1, 2}, {{}, {}, {}, {7, 8}, {}, {8, 9}});
  QCOMPARE(list.candidates({3, 5, 5}, {}), (std::vector<int64_t>{1, 2, 7, 8, 9}));
  QCOMPARE(list.candidates({}, {4, 0, 4}), (std::vector<int64_t>{0, 1, 2, 4}));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, list.candidates({10}, {}));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, list.candidates({}, {-1}));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, model::Shortlist(10, "", {10}, {}));
}

void TestShortlist::fileRoundTrips() {
  QTemporaryDir dir;
  std::mt19937 rng(9);
  model::ShortlistOptions options;
  options.frequent = 3;
  options.per_source = 4;
  const auto list = model::learnShortlist(madeUpPairs(rng, 300), 40, "0123456789abcdef", options);
  const std::string path = dir.filePath("sub/shortlist.txt").toStdString();
  model::saveShortlist(list, path);
  const auto back = model::readShortlist(path);
  QCOMPARE(back.vocabularySize(), int64_t(40));
  QCOMPARE(back.vocabularyHash(), list.vocabularyHash());
  QCOMPARE(back.frequent(), list.frequent());
  for (int64_t s = 0; s < 40; ++s) QCOMPARE(back.forSource(s), list.forSource(s));
  // No hash: "-" in the file, empty again when read.
  model::saveShortlist(model::Shortlist(5, "", {1}, {{2}}), path);
  QVERIFY(model::readShortlist(path).vocabularyHash().empty());
  const auto missing =
      test::thrownMessage([&] { model::readShortlist(dir.filePath("none.txt").toStdString()); });
  QVERIFY2(missing.find("none.txt") != std::string::npos, missing.c_str());
}

void TestShortlist::badFilesNameTheLine_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");
  const QString head = "attention-studio-shortlist 1\npieces 10 -\nfrequent 1 2\n";
  QTest::newRow("empty") << "" << "list.txt:1: empty";
  QTest::newRow("another file") << "hello world\n" << "list.txt:1: not a shortlist";
  QTest::newRow("a newer version") << "attention-studio-shortlist 2\n" << "list.txt:1: shortlist format version 2";
  QTest::newRow("no pieces line") << "attention-studio-shortlist 1\n" << "list.txt:2: missing the 'pieces' line";
  QTest::newRow("bad pieces line") << "attention-studio-shortlist 1\npieces ten -\n" << "list.txt:2: expected 'pieces";
  QTest::newRow("no frequent line") << "attention-studio-shortlist 1\npieces 10 -\n" << "list.txt:3: missing";
  QTest::newRow("frequent piece too large") << "attention-studio-shortlist 1\npieces 10 -\nfrequent 1 10\n"
                                            << "list.txt:3: target piece 10 is outside the vocabulary of 10";
  QTest::newRow("not a number") << head + "3: 4 x5\n" << "list.txt:4: 'x5' is not a target piece id";
  QTest::newRow("negative") << head + "3: -4\n" << "list.txt:4: '-4' is not a target piece id";
  QTest::newRow("no colon") << head + "3 4 5\n" << "list.txt:4: expected '<source id>: <id> <id> ...'";
  QTest::newRow("source too large") << head + "3: 4\n\n12: 5\n" << "list.txt:6: source piece 12 is outside";
  QTest::newRow("source twice") << head + "3: 4\n3: 5\n" << "list.txt:5: source piece 3 is listed twice";
  QTest::newRow("two sources") << head + "3 4: 5\n" << "list.txt:4: expected one source piece id";
}

void TestShortlist::badFilesNameTheLine() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  try {
    model::parseShortlist(text.toStdString(), "list.txt");
    QFAIL("parsed");
  } catch (const model::ShortlistError& e) {
    QVERIFY2(QString(e.what()).startsWith(expected), e.what());
  }
}

void TestShortlist::badInputToLearningIsRefused() {
  data::EncodedSplit pairs;
  pairs.add({1, 2}, {3});
  pairs.add({1, 12}, {3});
  auto message = test::thrownMessage([&] { model::learnShortlist(pairs, 10, "", {}); });
  QVERIFY2(message.find("sentence pair 2: source piece 12 is outside the vocabulary of 10") != std::string::npos,
           message.c_str());
  message = test::thrownMessage([&] { model::learnShortlist(data::EncodedSplit{}, 10, "", {}); });
  QVERIFY2(message.find("no sentence pairs") != std::string::npos, message.c_str());
  model::ShortlistOptions options;
  options.per_source = 0;
  message = test::thrownMessage([&] { model::learnShortlist(pairs, 20, "", options); });
  QVERIFY2(message.find("'per_source'") != std::string::npos, message.c_str());
}

void TestShortlist::anotherVocabularyIsRefused() {
  const model::Shortlist list(20, "aaaa", {1}, {});
  auto message = test::thrownMessage([&] { list.checkFits(14, "", "s.txt"); });
  QVERIFY2(message.find("s.txt: the shortlist is for a vocabulary of 20 pieces and the model has 14") !=
               std::string::npos,
           message.c_str());
  message = test::thrownMessage([&] { list.checkFits(20, "bbbb", "s.txt"); });
  QVERIFY2(message.find("another SentencePiece model") != std::string::npos, message.c_str());
  QVERIFY(test::thrownMessage([&] { list.checkFits(20, "aaaa", "s.txt"); }).empty());
  QVERIFY(test::thrownMessage([&] { list.checkFits(20, "", "s.txt"); }).empty());
  // Decoding with it refuses before any work.
  model::DecodingOptions options;
  options.shortlist = std::make_shared<const model::Shortlist>(list);
  QVERIFY_THROWS_EXCEPTION(model::ShortlistError, model::beamSearch(trained_, held_out_.src, options));
}

void TestShortlist::engineDecodesAsTheModules_data() {
  QTest::addColumn<int>("beam");
  QTest::addColumn<int>("nbest");
  QTest::addColumn<bool>("int8");
  QTest::newRow("greedy") << 1 << 1 << false;
  QTest::newRow("beam 4, 2-best") << 4 << 2 << false;
  QTest::newRow("beam 4, int8") << 4 << 1 << true;
}

// The learnt list holds what the reversal model outputs: the translations
// stay those of the whole vocabulary, with probabilities renormalized over
// the list (never lower); the engine and the modules agree.
void TestShortlist::engineDecodesAsTheModules() {
  QFETCH(int, beam);
  QFETCH(int, nbest);
  QFETCH(bool, int8);
  if (int8)
    if (const auto why = model::inference::int8Unsupported(); !why.empty()) QSKIP(why.c_str());
  model::DecodingOptions options;
  options.beam_size = beam;
  options.nbest = nbest;
  options.int8 = int8;
  const auto whole = model::beamSearch(trained_, held_out_.src, options);
  options.shortlist = learnt_;
  {
    model::StepDecoder probe(trained_, held_out_.src, beam, options);
    QVERIFY(probe.usesEngine());
    const auto& listed = probe.outputPieces();
    QVERIFY2(!listed.empty() && int64_t(listed.size()) < trained_->options().vocab_size,
             qPrintable(QString("%1 pieces listed").arg(listed.size())));
  }
  const auto fast = model::beamSearch(trained_, held_out_.src, options);
  int same = 0;
  for (size_t i = 0; i < fast.size(); ++i) {
    if (fast[i][0].tokens != whole[i][0].tokens) continue;
    ++same;
    for (size_t t = 0; t < fast[i][0].probabilities.size(); ++t)
      QVERIFY(fast[i][0].probabilities[t] >= whole[i][0].probabilities[t] - 1e-4f);
  }
  QVERIFY2(same >= 38, qPrintable(QString("%1 of 40 as without the shortlist").arg(same)));
  if (int8) return;  // the modules have no int8
  options.engine = Engine::LibTorch;
  const auto reference = model::beamSearch(trained_, held_out_.src, options);
  std::string why;
  QVERIFY2(test::sameHypotheses(fast, reference, &why), why.c_str());
}

// A list of one frequent piece and nothing for any source piece: every
// output is that piece (or the end), on both paths.
void TestShortlist::outputsComeFromTheListAlone() {
  const auto& o = trained_->options();
  model::DecodingOptions options;
  options.shortlist = std::make_shared<const model::Shortlist>(o.vocab_size, "", std::vector<int32_t>{7},
                                                               std::vector<std::vector<int32_t>>{});
  options.min_length_ratio = 0.0;
  for (const auto engine : {Engine::Auto, Engine::LibTorch}) {
    options.engine = engine;
    model::StepDecoder probe(trained_, held_out_.src.slice(0, 0, 4), 4, options);
    QCOMPARE(probe.outputPieces(), (std::vector<int64_t>{o.unk_id, o.eos_id, 7}));
    auto logp = probe.logProbabilities(std::vector<int64_t>(16, o.bos_id));
    QCOMPARE(logp.size(1), o.vocab_size);
    QVERIFY(std::abs(logp.select(0, 0).exp().sum().item<double>() - 1.0) < 1e-5);
    for (const auto& list : model::beamSearch(trained_, held_out_.src.slice(0, 0, 8), options))
      for (const auto token : list[0].tokens) QVERIFY(token == 7 || token == o.unk_id);
  }
}

// The pieces of a glossary's terms are decoded even where the list lacks them.
void TestShortlist::glossaryPiecesStayAvailable() {
  const auto& o = trained_->options();
  model::DecodingOptions options;
  options.shortlist = learnt_;
  const auto src = held_out_.src.slice(0, 0, 1);
  const model::StepDecoder probe(trained_, src, 4, options);
  const auto& listed = probe.outputPieces();
  int64_t absent = -1;
  for (int64_t id = test::kTaskFirstSymbol; id < o.vocab_size && absent < 0; ++id)
    if (!std::binary_search(listed.begin(), listed.end(), id)) absent = id;
  if (absent < 0) QSKIP("the learnt list holds every symbol for this sentence");
  const auto found = model::constrainedSearch(trained_, src, {{absent}}, options);
  QVERIFY(!found.empty());
  const auto& tokens = found[0].hypothesis.tokens;
  QVERIFY2(std::find(tokens.begin(), tokens.end(), absent) != tokens.end(),
           qPrintable(QString("piece %1 missing from the constrained translation").arg(absent)));
}

STUDIO_TEST_MAIN(TestShortlist)
#include "tst_shortlist.moc"
