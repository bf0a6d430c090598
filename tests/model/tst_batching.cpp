// Token-budget batches: the budget, coverage, determinism, the padding ratio
// and the tensors a batch becomes.

#include <numeric>
#include <random>
#include <set>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "model/data/Batching.h"

using namespace studio::data;

namespace {
void randomLengths(size_t n, uint32_t seed, std::vector<int64_t>& src, std::vector<int64_t>& tgt) {
  std::mt19937 rng(seed);
  std::lognormal_distribution<double> length(2.5, 0.6);
  src.resize(n);
  tgt.resize(n);
  for (size_t i = 0; i < n; ++i) {
    src[i] = std::clamp<int64_t>(int64_t(length(rng)), 1, 120);
    tgt[i] = std::clamp<int64_t>(int64_t(length(rng)), 1, 120);
  }
}
}  // namespace

class TestBatching : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void neverExceedsTheBudgetAndCoversEveryExampleOnce_data();
  void neverExceedsTheBudgetAndCoversEveryExampleOnce();
  void deterministicForASeedAndDifferentAcrossEpochs();
  void bucketingKeepsPaddingLow();
  void oversizeExampleIsAnError();
  void batchTensorsHaveBosEosAndPadding();
};

void TestBatching::neverExceedsTheBudgetAndCoversEveryExampleOnce_data() {
  QTest::addColumn<int>("examples");
  QTest::addColumn<int>("budget");
  QTest::newRow("10k examples, 4096 tokens") << 10000 << 4096;
  QTest::newRow("10k examples, 200 tokens") << 10000 << 200;
  QTest::newRow("1 example") << 1 << 500;
  QTest::newRow("no examples") << 0 << 500;
}

void TestBatching::neverExceedsTheBudgetAndCoversEveryExampleOnce() {
  QFETCH(int, examples);
  QFETCH(int, budget);
  std::vector<int64_t> src, tgt;
  randomLengths(size_t(examples), 3, src, tgt);
  for (uint64_t epoch = 0; epoch < 3; ++epoch) {
    const auto batches = tokenBudgetBatches(src, tgt, budget, /*seed=*/7, epoch);
    std::vector<int> seen(size_t(examples), 0);
    for (const auto& batch : batches) {
      QVERIFY(!batch.empty());
      int64_t longest = 0;
      for (size_t i : batch) {
        longest = std::max(longest, exampleCost(src[i], tgt[i]));
        ++seen[i];
      }
      QVERIFY2(int64_t(batch.size()) * longest <= budget,
               qPrintable(QString("%1 x %2 > %3").arg(batch.size()).arg(longest).arg(budget)));
    }
    for (int count : seen) QCOMPARE(count, 1);
    const auto stats = batchingStats(batches, src, tgt);
    QCOMPARE(stats.examples, size_t(examples));
    QVERIFY(stats.largest_batch_tokens <= budget);
  }
}

void TestBatching::deterministicForASeedAndDifferentAcrossEpochs() {
  std::vector<int64_t> src, tgt;
  randomLengths(5000, 11, src, tgt);
  const auto a = tokenBudgetBatches(src, tgt, 2048, 42, 0);
  const auto b = tokenBudgetBatches(src, tgt, 2048, 42, 0);
  const auto c = tokenBudgetBatches(src, tgt, 2048, 42, 1);
  const auto d = tokenBudgetBatches(src, tgt, 2048, 43, 0);
  QVERIFY(a == b);
  QVERIFY(a != c);
  QVERIFY(a != d);
}

void TestBatching::bucketingKeepsPaddingLow() {
  // Translations' lengths follow their sources' (here within about +-25 %).
  std::vector<int64_t> src, tgt;
  randomLengths(20000, 5, src, tgt);
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> ratio(0.75, 1.25);
  for (size_t i = 0; i < src.size(); ++i) tgt[i] = std::max<int64_t>(1, int64_t(double(src[i]) * ratio(rng)));
  const auto batches = tokenBudgetBatches(src, tgt, 4096, 1, 0);
  const auto stats = batchingStats(batches, src, tgt);
  // The same batch sizes over shuffled examples, for comparison.
  std::vector<size_t> order(src.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::vector<size_t>> unsorted;
  size_t next = 0;
  for (const auto& batch : batches) {
    unsorted.emplace_back(order.begin() + long(next), order.begin() + long(next + batch.size()));
    next += batch.size();
  }
  const double unsorted_padding = batchingStats(unsorted, src, tgt).paddingRatio();
  QVERIFY2(stats.paddingRatio() < 0.15 && stats.paddingRatio() < unsorted_padding / 2,
           qPrintable(QString("bucketed %1, unsorted %2").arg(stats.paddingRatio()).arg(unsorted_padding)));
  QVERIFY(stats.paddingRatio() >= 0.0);
  QVERIFY(stats.padded_tokens >= stats.real_tokens);
}

void TestBatching::oversizeExampleIsAnError() {
  std::vector<int64_t> src{5, 300, 7}, tgt{5, 2, 7};
  try {
    tokenBudgetBatches(src, tgt, 256, 1);
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("example 1") && QString(e.what()).contains("301"), e.what());
  }
}

void TestBatching::batchTensorsHaveBosEosAndPadding() {
  EncodedSplit split;
  split.add({10, 11, 12}, {20});
  split.add({13}, {21, 22, 23, 24});
  const auto batch = makeBatchTensors(split, {0, 1}, /*pad=*/0, /*bos=*/2, /*eos=*/3);
  auto expect = [](const torch::Tensor& t, std::vector<int64_t> values, std::vector<int64_t> shape) {
    QCOMPARE(t.sizes().vec(), shape);
    QVERIFY2(torch::equal(t, torch::tensor(values).view(shape)), "unexpected tensor");
  };
  expect(batch.src, {10, 11, 12, 3, 13, 3, 0, 0}, {2, 4});
  expect(batch.target_in, {2, 20, 0, 0, 0, 2, 21, 22, 23, 24}, {2, 5});
  expect(batch.target_out, {20, 3, 0, 0, 0, 21, 22, 23, 24, 3}, {2, 5});
  QCOMPARE(batch.target_tokens, int64_t(2 + 5));
}

STUDIO_TEST_MAIN(TestBatching)
#include "tst_batching.moc"
