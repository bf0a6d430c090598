// The loss, the learning-rate schedule, the optimizer settings and what a
// dev evaluation does to a run, against values computed by hand (the
// arithmetic is written out next to each).

#include <cmath>
#include <limits>

#include <QtTest/QtTest>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/training/DevOutcome.h"
#include "model/training/Loss.h"
#include "model/training/Optimizer.h"
#include "model/training/Schedule.h"
#include "model/training/TrainingConfig.h"

using namespace studio;

class TestTrainingMath : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void noamSchedule_data();
  void noamSchedule();
  void noamPeaksAtWarmup();
  void aCosineCycleOfZeroEndsAtTheLastStep();
  void labelSmoothedLossHandComputed();
  void zeroSmoothingIsNegativeLogLikelihood();
  void padTargetsContributeNothing();
  void gradientMatchesAutogradOfTheFormula();
  void cpuRowsMatchLibTorchsOperators();
  void tokenCountsAndAccuracy();
  void invalidSmoothingThrows();
  void adamUsesThePapersSettings();
  void setLearningRateReachesEveryGroup();
  void multiTensorAdamIsLibTorchsAdam();
  void plateauCutsAndEarlyStopping();
  void modelLossSkipsPaddingRowsOnly();
  void outcomeTravelsBetweenWorkers();
};

void TestTrainingMath::noamSchedule_data() {
  QTest::addColumn<qint64>("step");
  QTest::addColumn<qint64>("dModel");
  QTest::addColumn<qint64>("warmup");
  QTest::addColumn<double>("factor");
  QTest::addColumn<double>("expected");
  // 512^-0.5 = 0.0441941738; 4000^-1.5 = 3.95284708e-6; 4000^-0.5 = 0.0158113883
  QTest::newRow("step 0") << qint64(0) << qint64(512) << qint64(4000) << 1.0 << 0.0;
  QTest::newRow("step 1: 0.0441942 * 1 * 3.95285e-6") << qint64(1) << qint64(512) << qint64(4000) << 1.0
                                                      << 1.746928107421711e-07;
  QTest::newRow("step 100: warming up linearly") << qint64(100) << qint64(512) << qint64(4000) << 1.0
                                                 << 1.746928107421711e-05;
  QTest::newRow("step 4000: 0.0441942 * 0.0158114") << qint64(4000) << qint64(512) << qint64(4000) << 1.0
                                                     << 6.987712429686843e-04;
  QTest::newRow("step 4001: decaying as step^-0.5") << qint64(4001) << qint64(512) << qint64(4000) << 1.0
                                                    << 6.98683912937353e-04;
  QTest::newRow("step 16000: half the peak") << qint64(16000) << qint64(512) << qint64(4000) << 1.0
                                             << 3.4938562148434214e-04;
  // 2 * 256^-0.5 * min(10^-0.5, 10 * 100^-1.5) = 2 * 0.0625 * 0.01
  QTest::newRow("factor 2, d 256, warmup 100, step 10") << qint64(10) << qint64(256) << qint64(100) << 2.0
                                                        << 0.00125;
}

void TestTrainingMath::noamSchedule() {
  QFETCH(qint64, step);
  QFETCH(qint64, dModel);
  QFETCH(qint64, warmup);
  QFETCH(double, factor);
  QFETCH(double, expected);
  const double lr = model::noamLearningRate(step, dModel, warmup, factor);
  QVERIFY2(std::abs(lr - expected) <= 1e-12 * std::max(1.0, std::abs(expected) * 1e6),
           qPrintable(QString("lr %1, expected %2").arg(lr, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestTrainingMath::noamPeaksAtWarmup() {
  double best = 0;
  int64_t best_step = 0;
  for (int64_t step = 1; step <= 3000; ++step) {
    const double lr = model::noamLearningRate(step, 64, 1000);
    if (lr > best) best = lr, best_step = step;
  }
  QCOMPARE(best_step, int64_t(1000));
}

void TestTrainingMath::aCosineCycleOfZeroEndsAtTheLastStep() {
  auto config = model::trainingPreset("starter");
  QVERIFY(config.schedule == model::ScheduleKind::Cosine);
  QCOMPARE(config.cosine_cycle_steps, int64_t(0));
  config.max_steps = 1000;
  config.warmup_steps = 100;
  config.learning_rate = 1e-3;
  config.min_learning_rate = 1e-5;
  // Warmup to the peak, then one decay that falls all the way without a restart.
  QCOMPARE(model::scheduledLearningRate(config, 100), 1e-3);
  double previous = 1e-3;
  for (int64_t step = 101; step <= 1000; ++step) {
    const double lr = model::scheduledLearningRate(config, step);
    QVERIFY2(lr < previous, qPrintable(QString("step %1").arg(step)));
    previous = lr;
  }
  QVERIFY(previous < 1e-5 + 1e-7);
  // Longer runs stretch the one cycle.
  config.max_steps = 2000;
  QVERIFY(model::scheduledLearningRate(config, 1000) > 4e-4);
  config.cosine_cycle_steps = -1;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, config.validate());
}

void TestTrainingMath::labelSmoothedLossHandComputed() {
  // V = 5, pad = 0, epsilon = 0.1: gold gets 0.9, each of the 3 tokens that
  // are neither gold nor pad gets 0.1 / 3.
  // Token A: logits [0.5, 1, -1, 2, 0], gold 3. log Z = 2.5170 ...
  // Token B: logits [1, 0, 0, 0, 3], gold 1.
  // Per token: 0.9 * -log p(gold) + (0.1 / 3) * sum_{v not gold, not pad} -log p(v),
  // averaged over A and B: 1.9624802171160745; summed NLL 3.824960434232149.
  auto logits = torch::tensor({0.5, 1.0, -1.0, 2.0, 0.0, 1.0, 0.0, 0.0, 0.0, 3.0}).view({1, 2, 5});
  auto target = torch::tensor({3, 1}, torch::kLong).view({1, 2});
  auto result = model::labelSmoothedCrossEntropy(logits, target, /*pad_id=*/0, /*epsilon=*/0.1);
  QVERIFY(std::abs(result.loss.item<double>() - 1.9624802171160745) < 1e-5);
  QVERIFY(std::abs(result.nll_sum.item<double>() - 3.824960434232149) < 1e-5);
  QCOMPARE(result.tokens, int64_t(2));
}

void TestTrainingMath::zeroSmoothingIsNegativeLogLikelihood() {
  auto logits = torch::randn({2, 3, 7});
  auto target = torch::randint(1, 7, {2, 3}, torch::kLong);
  auto result = model::labelSmoothedCrossEntropy(logits, target, 0, 0.0);
  auto expected = torch::nn::functional::cross_entropy(logits.view({-1, 7}), target.view({-1}));
  QVERIFY(std::abs(result.loss.item<double>() - expected.item<double>()) < 1e-5);
  // Same hand example with epsilon = 0: 3.824960434232149 / 2.
  auto hand = torch::tensor({0.5, 1.0, -1.0, 2.0, 0.0, 1.0, 0.0, 0.0, 0.0, 3.0}).view({1, 2, 5});
  auto gold = torch::tensor({3, 1}, torch::kLong).view({1, 2});
  QVERIFY(std::abs(model::labelSmoothedCrossEntropy(hand, gold, 0, 0.0).loss.item<double>() -
                   1.9124802171160744) < 1e-5);
}

void TestTrainingMath::padTargetsContributeNothing() {
  torch::manual_seed(7);
  auto logits = torch::randn({2, 4, 9}, torch::requires_grad());
  auto target = torch::randint(1, 9, {2, 4}, torch::kLong);
  target[0][3] = 0;
  target[1][2] = 0;
  target[1][3] = 0;
  auto result = model::labelSmoothedCrossEntropy(logits, target, 0, 0.1);
  QCOMPARE(result.tokens, int64_t(5));
  result.loss.backward();
  QCOMPARE(logits.grad()[0][3].abs().sum().item<double>(), 0.0);
  QCOMPARE(logits.grad()[1][2].abs().sum().item<double>(), 0.0);
  // The same five tokens alone give the same loss.
  auto keep = target.ne(0).view({-1});
  auto kept_logits = logits.detach().view({-1, 9}).index({keep}).view({1, 5, 9});
  auto kept_target = target.view({-1}).index({keep}).view({1, 5});
  auto alone = model::labelSmoothedCrossEntropy(kept_logits, kept_target, 0, 0.1);
  QVERIFY(std::abs(alone.loss.item<double>() - result.loss.item<double>()) < 1e-6);
  // Changing the logits at a pad target changes nothing.
  auto moved = logits.detach().clone();
  moved[1][3] += 100.0;
  QCOMPARE(model::labelSmoothedCrossEntropy(moved, target, 0, 0.1).loss.item<double>(),
           result.loss.item<double>());
  // All targets padding: zero loss, zero tokens, no NaN.
  auto none = model::labelSmoothedCrossEntropy(logits.detach(), torch::zeros({2, 4}, torch::kLong), 0, 0.1);
  QCOMPARE(none.tokens, int64_t(0));
  QCOMPARE(none.loss.item<double>(), 0.0);
}

void TestTrainingMath::gradientMatchesAutogradOfTheFormula() {
  // The loss has a hand-written backward; autograd of the plain formula must agree.
  torch::manual_seed(3);
  const int64_t V = 11;
  for (double epsilon : {0.0, 0.1, 0.3}) {
    auto logits = torch::randn({3, 5, V}, torch::requires_grad());
    auto target = torch::randint(1, V, {3, 5}, torch::kLong);
    target[1][4] = 0;
    target[2][0] = 0;
    auto fused = model::labelSmoothedCrossEntropy(logits, target, 0, epsilon);
    fused.loss.backward();
    auto fused_grad = logits.grad().clone();

    auto reference_logits = logits.detach().clone().requires_grad_(true);
    auto lp = reference_logits.view({-1, V}).log_softmax(-1);
    auto gold = target.view({-1});
    auto q = torch::full({15, V}, epsilon / double(V - 2));
    q.select(1, 0).fill_(0.0);
    q.scatter_(1, gold.unsqueeze(1), 1.0 - epsilon);
    auto keep = gold.ne(0).to(torch::kFloat);
    auto reference = (-(q * lp).sum(-1) * keep).sum() / keep.sum();
    reference.backward();
    QVERIFY(std::abs(reference.item<double>() - fused.loss.item<double>()) < 1e-5);
    QVERIFY2((reference_logits.grad() - fused_grad).abs().max().item<double>() < 1e-6,
             qPrintable(QString("epsilon %1").arg(epsilon)));
  }
}

// Contiguous float32 logits on the CPU go through SmoothedLossRows (two
// passes a row, an exponential of our own); any other layout through
// LibTorch's log_softmax. The same logits both ways, over a real vocabulary
// size, with rows far from zero (exponentials that underflow) and ties.
void TestTrainingMath::cpuRowsMatchLibTorchsOperators() {
  torch::manual_seed(11);
  const int64_t N = 48, V = 8000;
  auto values = torch::randn({N, V}) * 4.0;
  values[3] = values[3] * 40.0 - 300.0;  // a row of large negative logits, spread over hundreds
  values[5].fill_(0.5);                  // two largest logits tied: the first is the prediction
  values[5][9] = 2.0;
  values[5][17] = 2.0;
  auto target = torch::randint(1, V, {N}, torch::kLong);
  target[7] = 0;
  target[8] = 0;
  target[5] = 9;
  for (double epsilon : {0.0, 0.1}) {
    auto rows = values.clone().requires_grad_(true);                   // contiguous: our rows
    auto strided_base = values.t().contiguous().requires_grad_(true);  // [V, N]
    auto strided = strided_base.t();                                    // the same values, not contiguous
    QVERIFY(!strided.is_contiguous());
    auto ours = model::labelSmoothedCrossEntropy(rows.view({1, N, V}), target.view({1, N}), 0, epsilon);
    auto theirs = model::labelSmoothedCrossEntropy(strided.reshape({1, N, V}).view({1, N, V}), target.view({1, N}),
                                                   0, epsilon);
    QVERIFY2(std::abs(ours.loss.item<double>() - theirs.loss.item<double>()) <
                 1e-5 * std::abs(theirs.loss.item<double>()),
             qPrintable(QString("loss %1 against %2").arg(ours.loss.item<double>()).arg(theirs.loss.item<double>())));
    QVERIFY(std::abs(ours.nll_sum.item<double>() - theirs.nll_sum.item<double>()) <
            1e-5 * std::abs(theirs.nll_sum.item<double>()));
    QCOMPARE(ours.correct, theirs.correct);
    QCOMPARE(ours.tokens, theirs.tokens);
    ours.loss.backward();
    theirs.loss.backward();
    // Against the gradient in double, (softmax - q) * keep / tokens: ours within 3e-8 of it (float32
    // rounding of values up to 0.02), the two paths within 1e-7 of each other.
    auto q = torch::full({N, V}, epsilon / double(V - 2), torch::kDouble);
    q.select(1, 0).fill_(0.0);
    q.scatter_(1, target.unsqueeze(1), 1.0 - epsilon);
    const auto keep = target.ne(0).to(torch::kDouble).unsqueeze(1);
    const auto exact = (torch::softmax(values.to(torch::kDouble), 1) - q) * keep / double(ours.tokens);
    const auto ours_error = (rows.grad().to(torch::kDouble) - exact).abs().max().item<double>();
    const auto between = (rows.grad() - strided_base.grad().t()).abs().max().item<double>();
    QVERIFY2(ours_error < 3e-8, qPrintable(QString("gradient %1 from the exact one").arg(ours_error)));
    QVERIFY2(between < 1e-7, qPrintable(QString("the two paths' gradients differ by %1").arg(between)));
    QCOMPARE(rows.grad()[7].abs().sum().item<double>(), 0.0);  // a padded row
  }
  // A NaN or an infinite logit makes the loss NaN (the trainer stops on it), never a finite number.
  for (float bad : {std::nanf(""), std::numeric_limits<float>::infinity()}) {
    auto broken = values.clone();
    broken[2][77] = bad;
    const auto loss = model::labelSmoothedCrossEntropy(broken.view({1, N, V}), target.view({1, N}), 0, 0.1).loss;
    QVERIFY2(std::isnan(loss.item<double>()), qPrintable(QString("loss %1 with a logit of %2")
                                                             .arg(loss.item<double>())
                                                             .arg(double(bad))));
  }
  // The same numbers on one thread as on several.
  const int threads = at::get_num_threads();
  auto once = model::labelSmoothedCrossEntropy(values.view({1, N, V}), target.view({1, N}), 0, 0.1).loss;
  at::set_num_threads(1);
  auto alone = model::labelSmoothedCrossEntropy(values.view({1, N, V}), target.view({1, N}), 0, 0.1).loss;
  at::set_num_threads(threads);
  QCOMPARE(alone.item<double>(), once.item<double>());
}

void TestTrainingMath::tokenCountsAndAccuracy() {
  auto logits = torch::full({1, 3, 5}, -5.0);
  logits[0][0][2] = 5.0;  // predicts 2, gold 2: correct
  logits[0][1][4] = 5.0;  // predicts 4, gold 3: wrong
  logits[0][2][1] = 5.0;  // gold pad: not counted
  auto target = torch::tensor({2, 3, 0}, torch::kLong).view({1, 3});
  auto result = model::labelSmoothedCrossEntropy(logits, target, 0, 0.1);
  QCOMPARE(result.tokens, int64_t(2));
  QCOMPARE(result.correct, int64_t(1));
}

void TestTrainingMath::invalidSmoothingThrows() {
  auto logits = torch::randn({1, 2, 5});
  auto target = torch::ones({1, 2}, torch::kLong);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::labelSmoothedCrossEntropy(logits, target, 0, 1.0));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::labelSmoothedCrossEntropy(logits, target, 0, -0.1));
}

void TestTrainingMath::adamUsesThePapersSettings() {
  auto w = torch::zeros({3}, torch::requires_grad());
  auto adam = model::makeAdam({w}, 0.5);
  const auto& options = static_cast<const torch::optim::AdamOptions&>(adam->param_groups()[0].options());
  QCOMPARE(std::get<0>(options.betas()), 0.9);
  QCOMPARE(std::get<1>(options.betas()), 0.98);
  QCOMPARE(options.eps(), 1e-9);
  QCOMPARE(options.lr(), 0.5);
  // One step moves each weight by about lr against the gradient's sign.
  w.sum().backward();
  adam->step();
  QVERIFY(std::abs(w[0].item<double>() + 0.5) < 1e-6);
}

void TestTrainingMath::setLearningRateReachesEveryGroup() {
  auto a = torch::zeros({2}, torch::requires_grad());
  auto adam = model::makeAdam({a}, 1.0);
  adam->add_param_group(torch::optim::OptimizerParamGroup({torch::zeros({2}, torch::requires_grad())},
                                                          std::make_unique<torch::optim::AdamOptions>(2.0)));
  model::setLearningRate(*adam, 0.125);
  for (auto& group : adam->param_groups()) QCOMPARE(group.options().get_lr(), 0.125);
}

void TestTrainingMath::multiTensorAdamIsLibTorchsAdam() {
  // The GPU's Adam (all parameters at once) against LibTorch's, step for
  // step, on the same gradients; one parameter has no gradient at first, so
  // the parameters reach different step counts. Checkpoints hold the state:
  // its checksum must be the same too.
  torch::manual_seed(2);
  const std::vector<std::vector<int64_t>> shapes{{7, 5}, {5}, {3, 4, 2}, {11}};
  std::vector<torch::Tensor> ours, theirs;
  for (const auto& shape : shapes) {
    auto value = torch::randn(shape);
    ours.push_back(value.clone().requires_grad_());
    theirs.push_back(value.clone().requires_grad_());
  }
  auto adam_ours = model::makeAdam(ours, 3e-3);
  auto adam_theirs = model::makeAdam(theirs, 3e-3);
  for (int step = 0; step < 4; ++step) {
    for (size_t i = 0; i < shapes.size(); ++i) {
      if (i == 2 && step < 2) continue;  // no gradient yet
      auto grad = torch::randn(shapes[i]) * double(i + 1);
      ours[i].mutable_grad() = grad.clone();
      theirs[i].mutable_grad() = grad.clone();
    }
    model::multiTensorAdamStep(*adam_ours);
    adam_theirs->step();
    for (size_t i = 0; i < shapes.size(); ++i)
      QVERIFY2(torch::allclose(ours[i], theirs[i], 1e-6, 1e-7), qPrintable(QString("step %1, parameter %2").arg(step + 1).arg(i)));
    QCOMPARE(model::adamStateChecksum(*adam_ours), model::adamStateChecksum(*adam_theirs));
  }
  // Off the GPU, adamStep is LibTorch's own.
  for (size_t i = 0; i < shapes.size(); ++i) ours[i].mutable_grad() = theirs[i].grad().clone();
  model::adamStep(*adam_ours);
  adam_theirs->step();
  QVERIFY(torch::equal(ours[0], theirs[0]));
}

STUDIO_TEST_MAIN(TestTrainingMath)
// The training step's loss with the output layer over the real target
// pieces alone: the same loss, counts and gradients as the loss of the
// whole [B, T, V] logits, on a batch whose targets are a third padding.
void TestTrainingMath::modelLossSkipsPaddingRowsOnly() {
  auto o = test::smallOptions();
  o.dropout = o.attention_dropout = o.relu_dropout = 0.0;
  torch::manual_seed(11);
  model::Transformer m(o);
  m->train();
  auto src = test::randomTokens(4, 7, o.vocab_size);
  auto target_in = test::randomTokens(4, 6, o.vocab_size);
  auto target_out = test::randomTokens(4, 6, o.vocab_size);
  src[1].slice(0, 5).fill_(o.pad_id);
  for (int64_t b = 1; b < 4; ++b) {
    target_in[b].slice(0, 6 - b).fill_(o.pad_id);
    target_out[b].slice(0, 6 - b).fill_(o.pad_id);
  }
  auto gradients = [&] {
    std::vector<torch::Tensor> g;
    for (const auto& p : m->parameters()) g.push_back(p.grad().clone());
    m->zero_grad();
    return g;
  };
  const auto whole = model::labelSmoothedCrossEntropy(m(src, target_in), target_out, o.pad_id, 0.1);
  whole.loss.backward();
  const auto whole_grads = gradients();
  const auto skipping = model::modelLoss(m, src, target_in, target_out, o.pad_id, 0.1);
  skipping.loss.backward();
  const auto skipping_grads = gradients();
  QCOMPARE(skipping.tokens, int64_t(24 - 6));  // 1 + 2 + 3 pads
  QCOMPARE(skipping.tokens, whole.tokens);
  QCOMPARE(skipping.correct, whole.correct);
  QVERIFY(std::abs(skipping.loss.item<double>() - whole.loss.item<double>()) < 1e-5);
  QVERIFY(std::abs(skipping.nll_sum.item<double>() - whole.nll_sum.item<double>()) < 1e-4);
  double largest = 0;
  for (size_t i = 0; i < whole_grads.size(); ++i) {
    largest = std::max(largest, whole_grads[i].abs().max().item<double>());
    const double diff = (whole_grads[i] - skipping_grads[i]).abs().max().item<double>();
    QVERIFY2(diff < 1e-5, qPrintable(QString("parameter %1: gradients differ by %2").arg(i).arg(diff)));
  }
  QVERIFY(largest > 1e-3);  // the gradients compared are not all zero
}

// Dev BLEU 10, 12, 12, 11, 13, 9, 9 with plateau patience 2 (factor 0.5)
// and early stopping after 3 evaluations without a better score.
void TestTrainingMath::plateauCutsAndEarlyStopping() {
  model::TrainingConfig config;
  config.schedule = model::ScheduleKind::Plateau;
  config.plateau_patience = 2;
  config.plateau_factor = 0.5;
  config.early_stopping_patience = 3;
  model::TrainerState state;
  struct Expected {
    double bleu;
    bool improved, cut, stop;
    double best, scale;
    int64_t without;
  };
  const std::vector<Expected> evals{
      {10, true, false, false, 10, 1.0, 0},  {12, true, false, false, 12, 1.0, 0},
      {12, false, false, false, 12, 1.0, 1},  // equal is not better
      {11, false, true, false, 12, 0.5, 2},   // the second bad evaluation: 1.0 * 0.5
      {13, true, false, false, 13, 0.5, 0},   // a better score resets both counts, not the scale
      {9, false, false, false, 13, 0.5, 1},   {9, false, true, false, 13, 0.25, 2},
      {9, false, false, true, 13, 0.25, 3},  // the third without improvement stops
  };
  for (size_t i = 0; i < evals.size(); ++i) {
    state.step = int64_t(i + 1) * 100;
    const auto outcome = model::judgeEvaluation(state, config, evals[i].bleu);
    const QByteArray at = QByteArray::number(qulonglong(i));
    QVERIFY2(outcome.improved == evals[i].improved, at);
    QVERIFY2(outcome.learning_rate_cut == evals[i].cut, at);
    QVERIFY2(outcome.stop == evals[i].stop, at);
    QVERIFY2(state.best_bleu == evals[i].best, at);
    QVERIFY2(state.plateau_scale == evals[i].scale, at);
    QVERIFY2(state.evals_without_improvement == evals[i].without, at);
  }
  QCOMPARE(state.best_step, int64_t(500));

  // Another schedule never cuts; patience 0 never stops.
  config.schedule = model::ScheduleKind::Noam;
  config.early_stopping_patience = 0;
  model::TrainerState other;
  for (int i = 0; i < 10; ++i) {
    const auto outcome = model::judgeEvaluation(other, config, i == 0 ? 5.0 : 1.0);
    QVERIFY(!outcome.learning_rate_cut && !outcome.stop);
  }
  QCOMPARE(other.plateau_scale, 1.0);
  QCOMPARE(other.evals_without_improvement, int64_t(9));
}

void TestTrainingMath::outcomeTravelsBetweenWorkers() {
  model::TrainerState lead;
  lead.best_bleu = 31.25;
  lead.best_step = 4000;
  lead.evals_without_improvement = 2;
  lead.plateau_scale = 0.25;
  lead.plateau_bad_evals = 1;
  model::TrainerState other;
  other.step = 4500;
  QVERIFY(model::applyOutcome(model::describeOutcome(lead, true), other));
  QCOMPARE(other.best_bleu, 31.25);
  QCOMPARE(other.best_step, int64_t(4000));
  QCOMPARE(other.evals_without_improvement, int64_t(2));
  QCOMPARE(other.plateau_scale, 0.25);
  QCOMPARE(other.plateau_bad_evals, int64_t(1));
  QCOMPARE(other.step, int64_t(4500));  // not part of the outcome
  QVERIFY(!model::applyOutcome(model::describeOutcome(lead, false), other));
}

#include "tst_trainingmath.moc"
