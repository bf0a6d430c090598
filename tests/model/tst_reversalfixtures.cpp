// The trained reversal models that several suites decode with, trained once
// per CTest run (this suite is their fixture's setup) and written where
// test::reversalFixturePath says: a model that reverses held-out sequences,
// whose file reads back parameter for parameter.
//
// STUDIO_REVERSAL_MODELS_FROM=DIR: the models are not trained here but read
// from DIR, where another build of the same sources wrote them (scripts/test
// gives the sanitized and the CUDA builds the Debian flavour's: training them
// under the sanitizers took 150 s of its tests, 40 s with LibTorch 2.x, 31 s
// there; training runs in tst_trainer and every suite that trains). They are
// checked here as if trained here: decoded under this build, written and read
// back; with LibTorch 2.x, a file that 1.13 wrote is read besides.

#include <filesystem>
#include <random>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/decoding/Greedy.h"
#include "model/files/ModelFile.h"

using namespace studio;

class TestReversalFixtures : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void trainsAndWrites_data();
  void trainsAndWrites();

 private:
  QTemporaryDir scratch_;  // where the models go when run by hand (no STUDIO_TEST_FIXTURES)
};

void TestReversalFixtures::trainsAndWrites_data() {
  QTest::addColumn<quint64>("seed");
  QTest::addColumn<qint64>("steps");
  // The ones the suites ask for: tst_decoding and tst_inspection; tst_inference, tst_shortlist and tst_export.
  QTest::newRow("seed 3, 500 steps") << quint64(3) << qint64(500);
  QTest::newRow("seed 5, 400 steps") << quint64(5) << qint64(400);
}

void TestReversalFixtures::trainsAndWrites() {
  QFETCH(quint64, seed);
  QFETCH(qint64, steps);
  std::string path = test::reversalFixturePath(seed, steps);
  if (path.empty()) {
    QVERIFY(scratch_.isValid());
    path = (std::filesystem::path(scratch_.path().toStdString()) / "reversal.pt").string();
  }
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::filesystem::remove(path);  // never a file from an earlier run, whatever happens below

  const QString from = qEnvironmentVariable("STUDIO_REVERSAL_MODELS_FROM");
  model::Transformer trained{nullptr};
  if (from.isEmpty()) {
    trained = test::trainReversalModel(seed, steps);
  } else {
    const std::string source =
        (std::filesystem::path(from.toStdString()) / test::reversalFixtureName(seed, steps)).string();
    QVERIFY2(std::filesystem::exists(source),
             qPrintable(QString("STUDIO_REVERSAL_MODELS_FROM: no %1").arg(QString::fromStdString(source))));
    trained = model::loadModel(source);
    trained->eval();
    qInfo("read from %s, not trained here", source.c_str());
  }
  torch::NoGradGuard no_grad;
  std::mt19937 rng(77);
  const auto held_out = test::makeSequenceBatch(rng, 40, /*reverse=*/true, trained->options());
  const auto greedy = model::greedyDecode(trained, held_out.src, 12, true);
  int exact = 0;
  for (size_t i = 0; i < greedy.size(); ++i) exact += greedy[i].tokens == held_out.targets[i];
  qInfo("%d of 40 held-out sequences reversed exactly (greedy)", exact);
  QVERIFY2(exact >= 20, "the model has not learned to reverse sequences");

  const std::string partial = path + ".writing";
  model::saveModel(trained, partial);
  model::Transformer read = model::loadModel(partial);
  const auto written = trained->named_parameters();
  const auto back = read->named_parameters();
  QCOMPARE(back.size(), written.size());
  for (const auto& p : written) {
    QVERIFY2(back.contains(p.key()), p.key().c_str());
    QVERIFY2(torch::equal(back[p.key()], p.value()), p.key().c_str());
  }
  std::filesystem::rename(partial, path);  // the suites see a checked file or none
}

STUDIO_TEST_MAIN(TestReversalFixtures)
#include "tst_reversalfixtures.moc"
