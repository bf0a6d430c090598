// The embedding matrix as a map (model/explaining/EmbeddingMap): on a matrix
// made with known directions, the two components are those directions, in
// order, signed; the nearest pieces are the brute-force cosine order; what
// each piece is written in.
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <cmath>
#include <random>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Tokenizer.h"
#include "model/explaining/EmbeddingMap.h"

using namespace studio;
using model::PieceScript;

class TestEmbeddingMap : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void piecesAreToldByWhatTheyAreWrittenIn_data();
  void piecesAreToldByWhatTheyAreWrittenIn();
  void theComponentsAreTheMatrixsLargestDirections();
  void nearestPiecesAreTheLargestCosines();
  void aMismatchedVocabularyIsRefused();

 private:
  QTemporaryDir dir_;
  std::shared_ptr<data::Tokenizer> tokenizer_;
  model::TransformerOptions options_;
};

void TestEmbeddingMap::initTestCase() {
  QVERIFY(dir_.isValid());
  const std::string data =
      test::prepareNumberedCorpus(dir_.path().toStdString(), {"mở tập tin", "đóng cửa sổ"},
                                  {"open the file", "close the window"}, 150, 60);
  tokenizer_ = std::make_shared<data::Tokenizer>(data + "/spm.model");
  options_ = test::smallOptions();
  options_.vocab_size = tokenizer_->vocabSize();
}

void TestEmbeddingMap::piecesAreToldByWhatTheyAreWrittenIn_data() {
  QTest::addColumn<QByteArray>("piece");  // bytes as SentencePiece writes them
  QTest::addColumn<bool>("control");
  QTest::addColumn<int>("script");
  QTest::newRow("control") << QByteArray("</s>") << true << int(PieceScript::Special);
  QTest::newRow("English word") << QByteArray("\u2581file") << false << int(PieceScript::Ascii);
  QTest::newRow("Vietnamese without marks") << QByteArray("tin") << false << int(PieceScript::Ascii);
  QTest::newRow("Vietnamese") << QByteArray("\u2581t\u1eadp") << false << int(PieceScript::Vietnamese);
  QTest::newRow("d with stroke") << QByteArray("\u0111") << false << int(PieceScript::Vietnamese);
  QTest::newRow("combining mark") << QByteArray("a\u0301") << false << int(PieceScript::Vietnamese);
  QTest::newRow("digits") << QByteArray("\u258112") << false << int(PieceScript::Other);
  QTest::newRow("letters and a digit") << QByteArray("x2") << false << int(PieceScript::Other);
  QTest::newRow("word start alone") << QByteArray("\u2581") << false << int(PieceScript::Other);
  QTest::newRow("Greek") << QByteArray("\u03b1") << false << int(PieceScript::Other);
  QTest::newRow("broken UTF-8") << QByteArray("\xc3") << false << int(PieceScript::Other);
}

void TestEmbeddingMap::piecesAreToldByWhatTheyAreWrittenIn() {
  QFETCH(QByteArray, piece);
  QFETCH(bool, control);
  QFETCH(int, script);
  QCOMPARE(int(model::pieceScript(piece.toStdString(), control)), script);
}

void TestEmbeddingMap::theComponentsAreTheMatrixsLargestDirections() {
  // Rows spread far along dimension 3, less along dimension 7, little elsewhere.
  torch::manual_seed(1);
  model::Transformer m(options_);
  const int64_t vocab = options_.vocab_size, dims = options_.d_model;
  std::mt19937 rng(5);
  std::normal_distribution<double> noise(0.0, 0.01);
  std::vector<double> a(static_cast<size_t>(vocab)), b(static_cast<size_t>(vocab));
  {
    torch::NoGradGuard no_grad;
    auto weight = m->embeddingWeight();
    for (int64_t id = 0; id < vocab; ++id) {
      a[size_t(id)] = 10.0 * std::sin(0.7 * double(id));
      b[size_t(id)] = 3.0 * std::cos(1.3 * double(id));
      for (int64_t d = 0; d < dims; ++d) weight[id][d] = noise(rng);
      weight[id][3] = a[size_t(id)];
      weight[id][7] = b[size_t(id)];
    }
  }
  const auto map = model::embeddingMap(m, *tokenizer_);
  QCOMPARE(int64_t(map.points.size()), vocab);
  QCOMPARE(map.dimensions, dims);
  QCOMPARE(map.points[0].script, PieceScript::Special);
  QCOMPARE(map.points[3].piece, std::string("</s>"));
  QVERIFY2(map.explained[0] > 0.85 && map.explained[1] > 0.05 && map.explained[0] + map.explained[1] <= 1.0,
           qPrintable(QString("%1 %2").arg(map.explained[0]).arg(map.explained[1])));
  // x follows dimension 3 and y dimension 7, up to the mean of the fitted rows (ids 4 and up) and the noise.
  double mean_a = 0, mean_b = 0;
  for (int64_t id = 4; id < vocab; ++id) mean_a += a[size_t(id)], mean_b += b[size_t(id)];
  mean_a /= double(vocab - 4);
  mean_b /= double(vocab - 4);
  // The sign: each component's largest coordinate positive, so x and y grow with dimensions 3 and 7.
  for (int64_t id = 0; id < vocab; ++id) {
    QVERIFY2(std::abs(map.points[size_t(id)].x - (a[size_t(id)] - mean_a)) < 0.2,
             qPrintable(QString::number(id)));
    QVERIFY2(std::abs(map.points[size_t(id)].y - (b[size_t(id)] - mean_b)) < 0.2,
             qPrintable(QString::number(id)));
  }
  const auto row = m->embeddingWeight()[5];
  QVERIFY(std::abs(map.points[5].norm - row.norm().item<double>()) < 1e-6);
  // The unit rows have length 1.
  double length = 0;
  for (int64_t d = 0; d < dims; ++d)
    length += double(map.unit[size_t(5 * dims + d)]) * map.unit[size_t(5 * dims + d)];
  QVERIFY(std::abs(length - 1.0) < 1e-5);
}

void TestEmbeddingMap::nearestPiecesAreTheLargestCosines() {
  torch::manual_seed(2);
  model::Transformer m(options_);
  const auto map = model::embeddingMap(m, *tokenizer_);
  const auto weight = m->embeddingWeight().detach().to(torch::kDouble);
  const int64_t id = 9;
  const auto cosines =
      torch::nn::functional::cosine_similarity(weight, weight[id].unsqueeze(0).expand_as(weight),
                                               torch::nn::functional::CosineSimilarityFuncOptions().dim(1));
  std::vector<std::pair<double, int64_t>> expected;
  for (int64_t other = 4; other < weight.size(0); ++other)
    if (other != id) expected.push_back({cosines[other].item<double>(), other});
  std::sort(expected.begin(), expected.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  const auto nearest = model::nearestPieces(map, id, 5);
  QCOMPARE(nearest.size(), size_t(5));
  for (size_t i = 0; i < nearest.size(); ++i) {
    QCOMPARE(nearest[i].id, expected[i].second);
    QVERIFY(std::abs(nearest[i].cosine - expected[i].first) < 1e-5);
    QVERIFY(map.points[size_t(nearest[i].id)].script != PieceScript::Special);
  }
  QCOMPARE(model::nearestPieces(map, id, 100000).size(), expected.size());  // all but itself and the specials
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, model::nearestPieces(map, int64_t(map.points.size()), 3));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, model::nearestPieces(map, -1, 3));
}

void TestEmbeddingMap::aMismatchedVocabularyIsRefused() {
  auto options = options_;
  options.vocab_size = options_.vocab_size + 7;
  model::Transformer m(options);
  try {
    model::embeddingMap(m, *tokenizer_);
    QFAIL("a model of another vocabulary was mapped");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("embedding rows"), e.what());
  }
}

STUDIO_TEST_MAIN(TestEmbeddingMap)
#include "tst_embeddingmap.moc"
