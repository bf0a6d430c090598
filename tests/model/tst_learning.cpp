// The proof that masks, loss, schedule and decoding work together: a small
// Transformer learns to copy and to reverse random sequences, on the CPU,
// within a bounded number of steps, and decodes held-out sequences greedily
// with at least 99 % token accuracy.

#include <algorithm>
#include <random>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "model/Greedy.h"
#include "model/Loss.h"
#include "model/Optimizer.h"
#include "model/Schedule.h"
#include "model/Transformer.h"

using namespace studio;

namespace {

constexpr int64_t kSymbols = 10;  // token ids 4 .. 13
constexpr int64_t kFirstSymbol = 4;

struct Batch {
  torch::Tensor src, target_in, target_out;
  std::vector<std::vector<int64_t>> targets;
};

Batch makeBatch(std::mt19937& rng, int64_t size, bool reverse, const model::TransformerOptions& o) {
  std::uniform_int_distribution<int64_t> length_of(3, 9);
  std::uniform_int_distribution<int64_t> symbol(kFirstSymbol, kFirstSymbol + kSymbols - 1);
  Batch batch;
  std::vector<std::vector<int64_t>> sources;
  int64_t longest = 0;
  for (int64_t i = 0; i < size; ++i) {
    std::vector<int64_t> s(static_cast<size_t>(length_of(rng)));
    for (auto& t : s) t = symbol(rng);
    auto target = s;
    if (reverse) std::reverse(target.begin(), target.end());
    longest = std::max<int64_t>(longest, int64_t(s.size()));
    sources.push_back(s);
    batch.targets.push_back(target);
  }
  batch.src = torch::full({size, longest}, o.pad_id, torch::kLong);
  batch.target_in = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  batch.target_out = torch::full({size, longest + 1}, o.pad_id, torch::kLong);
  for (int64_t i = 0; i < size; ++i) {
    const auto& s = sources[size_t(i)];
    const auto& t = batch.targets[size_t(i)];
    batch.target_in[i][0] = o.bos_id;
    for (size_t j = 0; j < s.size(); ++j) {
      batch.src[i][int64_t(j)] = s[j];
      batch.target_in[i][int64_t(j) + 1] = t[j];
      batch.target_out[i][int64_t(j)] = t[j];
    }
    batch.target_out[i][int64_t(t.size())] = o.eos_id;
  }
  return batch;
}

// Share of target positions the greedy output gets right (missing or extra
// tokens count as errors).
double greedyTokenAccuracy(model::Transformer& m, const Batch& held_out) {
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

  model::TransformerOptions o;
  o.vocab_size = kFirstSymbol + kSymbols;
  o.encoder_layers = 2;
  o.decoder_layers = 2;
  o.d_model = 64;
  o.heads = 4;
  o.d_ff = 128;
  o.dropout = 0.0;
  o.max_length = 32;
  o.norm_position = preNorm ? model::NormPosition::Pre : model::NormPosition::Post;
  model::Transformer m(o);
  m->train();
  auto adam = model::makeAdam(m->parameters(), 0.0);

  std::mt19937 held_out_rng(99);
  const Batch held_out = makeBatch(held_out_rng, 200, reverse, o);

  constexpr int kMaxSteps = 1500;
  constexpr int kWarmup = 200;
  double accuracy = 0.0;
  int step = 0;
  while (step < kMaxSteps) {
    ++step;
    auto batch = makeBatch(rng, 64, reverse, o);
    model::setLearningRate(*adam, model::noamLearningRate(step, o.d_model, kWarmup, /*factor=*/1.0));
    adam->zero_grad();
    auto logits = m(batch.src, batch.target_in);
    auto loss = model::labelSmoothedCrossEntropy(logits, batch.target_out, o.pad_id, 0.1);
    loss.loss.backward();
    adam->step();
    if (step % 100 == 0) {
      accuracy = greedyTokenAccuracy(m, held_out);
      qInfo("step %d: loss %.4f, held-out greedy token accuracy %.4f", step, loss.loss.item<double>(),
            accuracy);
      if (accuracy >= 0.99) break;
    }
  }
  QVERIFY2(accuracy >= 0.99,
           qPrintable(QString("accuracy %1 after %2 steps").arg(accuracy).arg(step)));
}

QTEST_GUILESS_MAIN(TestLearning)
#include "tst_learning.moc"
