// The proof that masks, loss, schedule and decoding work together: a small
// Transformer learns to copy and to reverse random sequences, on the CPU,
// within a bounded number of steps, and decodes held-out sequences greedily
// with at least 99 % token accuracy.

#include <algorithm>
#include <random>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/Transformer.h"
#include "model/decoding/Greedy.h"
#include "model/training/Optimizer.h"

using namespace studio;

namespace {

using test::SequenceBatch;

// Share of target positions the greedy output gets right (missing or extra
// tokens count as errors).
double greedyTokenAccuracy(model::Transformer& m, const SequenceBatch& held_out) {
  m->eval();
  auto decoded = model::greedyDecode(m, held_out.src, held_out.src.size(1) + 2);
  m->train();
  int64_t right = 0, total = 0;
  for (size_t i = 0; i < decoded.size(); ++i) {
    const auto& want = held_out.targets[i];
    const auto& got = decoded[i].tokens;
    total += int64_t(std::max(want.size(), got.size()));
    for (size_t j = 0; j < std::min(want.size(), got.size()); ++j) right += want[j] == got[j];
  }
  return double(right) / double(total);
}

}  // namespace

class TestLearning : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void learnsTask_data();
  void learnsTask();
};

void TestLearning::learnsTask_data() {
  QTest::addColumn<bool>("reverse");
  QTest::addColumn<bool>("preNorm");
  QTest::newRow("copy, post-LN") << false << false;
  QTest::newRow("reverse, pre-LN") << true << true;
}

void TestLearning::learnsTask() {
  QFETCH(bool, reverse);
  QFETCH(bool, preNorm);
  torch::manual_seed(5);
  std::mt19937 rng(5);

  const auto o = test::taskModelOptions(preNorm ? model::NormPosition::Pre : model::NormPosition::Post);
  model::Transformer m(o);
  m->train();
  auto adam = model::makeAdam(m->parameters(), 0.0);

  std::mt19937 held_out_rng(99);
  const SequenceBatch held_out = test::makeSequenceBatch(held_out_rng, 200, reverse, o);

  constexpr int kMaxSteps = 1500;
  double accuracy = 0.0;
  int step = 0;
  while (step < kMaxSteps) {
    ++step;
    const double loss = test::trainTaskStep(m, *adam, rng, step, reverse);
    if (step % 100 == 0) {
      accuracy = greedyTokenAccuracy(m, held_out);
      qInfo("step %d: loss %.4f, held-out greedy token accuracy %.4f", step, loss, accuracy);
      if (accuracy >= 0.99) break;
    }
  }
  QVERIFY2(accuracy >= 0.99,
           qPrintable(QString("accuracy %1 after %2 steps").arg(accuracy).arg(step)));
}

STUDIO_TEST_MAIN(TestLearning)
#include "tst_learning.moc"
