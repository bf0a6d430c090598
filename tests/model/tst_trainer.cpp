// The trainer: exact resume, stop requests, the NaN guard, failed checkpoint
// writes, averaging, configurations and schedules.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/data/Prepare.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/AttentionCapture.h"
#include "model/evaluation/Bleu.h"
#include "model/files/ModelFile.h"
#include "model/runtime/Runtime.h"
#include "model/training/Evaluation.h"
#include "model/training/FinalChoice.h"
#include "model/training/Optimizer.h"
#include "model/training/RunFolder.h"
#include "model/training/SpeedProbe.h"
#include "model/training/TimeBudget.h"
#include "model/training/TrainStep.h"
#include "model/training/Trainer.h"
#include "model/training/TrainingData.h"
#include "model/training/WeightAverage.h"

using namespace studio;
namespace fs = std::filesystem;

namespace {

model::TrainingConfig smallConfig() {
  model::TrainingConfig c;
  auto& m = c.model;
  m.encoder_layers = m.decoder_layers = 1;
  m.d_model = 32;
  m.heads = 2;
  m.d_ff = 64;
  m.max_length = 64;
  m.dropout = 0.1;  // the random state matters for an exact resume
  c.max_tokens = 256;
  c.warmup_steps = 10;
  c.noam_factor = 1.0;
  c.eval_every = 5;
  c.eval_sentences = 8;
  c.eval_samples = 1;
  c.log_every = 1;
  c.keep_last = 3;
  c.device = "cpu";
  return c;
}

struct Recorder {
  std::map<int64_t, double> losses;
  std::map<int64_t, int64_t> epochs;
  std::vector<model::EvalEvent> evals;
  std::string failure;
  std::string log;
  model::FinishedEvent finished;
  model::TrainerCallbacks callbacks() {
    model::TrainerCallbacks c;
    c.log = [this](const std::string& line) { log += line + "\n"; };
    c.step = [this](const model::StepEvent& e) {
      losses[e.step] = e.loss;
      epochs[e.step] = e.epoch;
    };
    c.evaluation = [this](const model::EvalEvent& e) { evals.push_back(e); };
    c.failed = [this](const std::string& m) { failure = m; };
    c.finished = [this](const model::FinishedEvent& e) { finished = e; };
    return c;
  }
};

}  // namespace

class TestTrainer : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void resumeEqualsAnUninterruptedRun_data();
  void resumeEqualsAnUninterruptedRun();
  void aWeightAverageIsWhatTheRunEvaluatesAndKeeps();
  void subwordSamplingDrawsEachEpochAnew();
  void subwordSamplingResumesExactly();
  void stopRequestFinishesTheStepWithACheckpoint();
  void nanLossStopsTheRunNamingTheStep();
  void failedCheckpointWriteLeavesThePreviousOneLoadable();
  void refusesToOverwriteARun();
  void corruptTrainingStateIsRefusedOnResume_data();
  void corruptTrainingStateIsRefusedOnResume();
  void resumeFallsBackPastADamagedCheckpoint_data();
  void resumeFallsBackPastADamagedCheckpoint();
  void fullDiskEndsTheRunWithAClearError();
  void dataWithoutDevIsRefusedUnlessEvaluationIsOff();
  void averagingAveragesTheParameters();
  void modelsOfChosenEvaluationsAreKept();
  void evaluationReportsBleuAndSamples();
  void theEndChoosesBestPtOnTheWholeDevSplit();
  void theFinalChoiceKeepsTheHigherBleu();
  void aFolderOfSeveralCorporaIsEvaluatedCorpusByCorpus();
  void attentionSnapshotMatchesTheModel();
  void mixedPrecisionBf16TrainsOnTheCpu();
  void theSpeedEstimateTimesRealSteps();
  void workersSharesOfABatchSumToItsGradient();
  void configurationRoundTripAndValidation();
  void presets();
  void schedules();
  void aTimeBudgetDecidesTheStepsFromTheFirstOnes();
  void aTimeBudgetRevisesThePlanFromTheLaterPace();
  void aRunWithATimeBudgetEndsWhereItDecided();

 private:
  std::string dir(const char* name) const { return tmp_.filePath(name).toStdString(); }
  QTemporaryDir tmp_;
  std::string data_;
};

void TestTrainer::initTestCase() {
  QVERIFY(tmp_.isValid());
  // A small corpus of patterned sentences, prepared as users would.
  data_ = test::prepareNumberedCorpus(tmp_.path().toStdString(),
                                      {"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục", "tìm kiếm văn bản"},
                                      {"open the file", "close the window", "save the document", "delete the folder",
                                       "search the text"},
                                      400, 120);
}

void TestTrainer::resumeEqualsAnUninterruptedRun_data() {
  QTest::addColumn<double>("ema_decay");
  QTest::newRow("weights") << 0.0;
  QTest::newRow("with a weight average") << 0.9;
}

// Stopped after 7 steps and resumed to 14, a run loses nothing: the same
// losses, weights (the file's: a weight average's when there is one) and
// training weights as a run of 14 steps.
void TestTrainer::resumeEqualsAnUninterruptedRun() {
  QFETCH(double, ema_decay);
  const std::string tag = ema_decay > 0 ? "-ema" : "";
  const std::string straight_dir = dir("straight") + tag, resumed_dir = dir("resumed") + tag;
  auto config = smallConfig();
  config.ema_decay = ema_decay;
  config.max_steps = 14;
  Recorder straight;
  model::Trainer a(config, data_, straight_dir, false, straight.callbacks());
  QVERIFY2(a.run(), straight.failure.c_str());

  config.max_steps = 7;
  Recorder first, second;
  model::Trainer b(config, data_, resumed_dir, false, first.callbacks());
  QVERIFY2(b.run(), first.failure.c_str());
  model::Trainer c({}, "", resumed_dir, true, second.callbacks(), /*max_steps_override=*/14);
  QVERIFY2(c.run(), second.failure.c_str());

  QCOMPARE(first.losses.size(), size_t(7));
  QCOMPARE(second.losses.size(), size_t(7));
  for (int64_t step = 1; step <= 7; ++step) QCOMPARE(first.losses[step], straight.losses[step]);
  for (int64_t step = 8; step <= 14; ++step)
    QVERIFY2(second.losses[step] == straight.losses[step],
             qPrintable(QString("step %1: resumed %2, uninterrupted %3")
                            .arg(step)
                            .arg(second.losses[step], 0, 'g', 17)
                            .arg(straight.losses[step], 0, 'g', 17)));
  auto p = model::loadModel(model::latestCheckpoint(straight_dir));
  auto q = model::loadModel(model::latestCheckpoint(resumed_dir));
  auto qp = q->named_parameters();
  for (const auto& item : p->named_parameters()) QVERIFY(torch::equal(item.value(), qp[item.key()]));
  // The weights training goes on from (the file's own without an average).
  model::Transformer trained_p(p->options()), trained_q(p->options());
  auto adam_p = model::makeAdam(trained_p->parameters(), 0.0);
  auto adam_q = model::makeAdam(trained_q->parameters(), 0.0);
  QCOMPARE(model::restoreCheckpoint(model::latestCheckpoint(straight_dir), trained_p, *adam_p).step, int64_t(14));
  QCOMPARE(model::restoreCheckpoint(model::latestCheckpoint(resumed_dir), trained_q, *adam_q).step, int64_t(14));
  const auto tp = trained_p->parameters(), tq = trained_q->parameters(), file_weights = p->parameters();
  bool all_equal = true;
  for (size_t i = 0; i < tp.size(); ++i) {
    QVERIFY(torch::equal(tp[i], tq[i]));
    all_equal = all_equal && torch::equal(tp[i], file_weights[i]);
  }
  QCOMPARE(all_equal, ema_decay == 0);
  // metrics.jsonl holds each step once.
  std::ifstream metrics(resumed_dir + "/metrics.jsonl");
  std::string line;
  std::set<int64_t> train_steps;
  while (std::getline(metrics, line)) {
    auto record = nlohmann::json::parse(line);
    if (record["type"] == "train") QVERIFY(train_steps.insert(record["step"].get<int64_t>()).second);
  }
  QCOMPARE(train_steps.size(), size_t(14));
}

// The weight average's arithmetic, and a run with one: its evaluations
// score the average (the checkpoint's weights), not the weights it trains.
void TestTrainer::aWeightAverageIsWhatTheRunEvaluatesAndKeeps() {
  auto options = smallConfig().model;
  options.vocab_size = 40;
  torch::manual_seed(1);
  model::Transformer a(options);
  torch::manual_seed(2);
  model::Transformer b(options);
  model::WeightAverage average(a, 0.9);
  QCOMPARE(average.decayAt(1), 2.0 / 11.0);  // early on it follows the weights
  QCOMPARE(average.decayAt(1000), 0.9);
  average.update(b, 1000);
  const auto pa = a->parameters(), pb = b->parameters(), pav = average.model()->parameters();
  for (size_t i = 0; i < pa.size(); ++i) QVERIFY(torch::allclose(pav[i], 0.9 * pa[i] + 0.1 * pb[i], 1e-6, 1e-6));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::WeightAverage(a, 1.0));

  auto config = smallConfig();
  config.ema_decay = 0.9;
  config.max_steps = 10;
  config.eval_every = 5;
  Recorder recorder;
  const std::string run = dir("weight-average");
  QVERIFY2(model::Trainer(config, data_, run, false, recorder.callbacks()).run(), recorder.failure.c_str());
  QVERIFY2(recorder.log.find("weight average: ") != std::string::npos, recorder.log.c_str());
  QCOMPARE(recorder.evals.size(), size_t(2));
  const std::string checkpoint = run + "/checkpoints/" + model::checkpointName(10);
  auto averaged = model::loadModel(checkpoint);
  model::Transformer trained(averaged->options());
  auto adam = model::makeAdam(trained->parameters(), 0.0);
  model::restoreCheckpoint(checkpoint, trained, *adam);

  const auto tokenizer = std::make_shared<const data::Tokenizer>(data_ + "/spm.model");
  auto with_ids = config;
  with_ids.model = averaged->options();
  const auto dev = model::loadDevSet(data_, *tokenizer, with_ids);
  const double average_loss = model::evaluateOnDev(averaged, dev, tokenizer, with_ids, torch::kCPU).loss;
  const double trained_loss = model::evaluateOnDev(trained, dev, tokenizer, with_ids, torch::kCPU).loss;
  QVERIFY2(std::abs(average_loss - trained_loss) > 1e-4,
           qPrintable(QString("average %1, trained %2").arg(average_loss).arg(trained_loss)));
  QVERIFY2(std::abs(recorder.evals[1].loss - average_loss) < 1e-6,
           qPrintable(QString("evaluated %1, the average %2").arg(recorder.evals[1].loss).arg(average_loss)));
}

namespace {

std::vector<int32_t> sourceIds(const data::EncodedSplit& split, size_t i) {
  return {split.src(i), split.src(i) + split.srcLength(i)};
}

// The batches of the stream's next `count` epochs, from where `state` is: (the rows, each row's source ids).
using Batches = std::vector<std::vector<std::pair<size_t, std::vector<int32_t>>>>;
std::vector<Batches> walkEpochs(model::BatchStream& stream, model::TrainerState& state, int64_t count) {
  const int64_t start = state.epoch;
  std::vector<Batches> epochs(static_cast<size_t>(count));
  while (true) {
    const auto rows = stream.next(state);
    if (state.epoch - start >= count) break;
    auto& batch = epochs[size_t(state.epoch - start)].emplace_back();
    for (size_t row : rows) batch.push_back({row, sourceIds(stream.split(), row)});
  }
  return epochs;
}

}  // namespace

void TestTrainer::subwordSamplingDrawsEachEpochAnew() {
  auto config = smallConfig();
  config.subword_alpha = 0.1;
  data::Tokenizer tokenizer(data_ + "/spm.model");
  config.model.vocab_size = tokenizer.vocabSize();
  const auto data = model::loadTrainingData(data_, tokenizer, config, [](const std::string&) {});
  QCOMPARE(data.train_text.size(), data.train.size());

  model::TrainerState state;
  model::BatchStream stream(data, config, state, &tokenizer);
  const auto epochs = walkEpochs(stream, state, 2);
  const auto& first = epochs[0];
  const auto& second = epochs[1];
  // Every usable pair once, each spelling its own sentence, many split otherwise than the best.
  std::multiset<size_t> rows;
  size_t changed = 0;
  for (const auto& batch : first)
    for (const auto& [row, ids] : batch) {
      rows.insert(row);
      const std::vector<int> drawn(ids.begin(), ids.end());
      const auto best = sourceIds(data.train, row);
      QCOMPARE(tokenizer.decode(drawn), tokenizer.decode(std::vector<int>(best.begin(), best.end())));
      if (ids != best) ++changed;
    }
  QCOMPARE(rows, std::multiset<size_t>(data.usable.begin(), data.usable.end()));
  QVERIFY2(changed > rows.size() / 4,
           qPrintable(QString("%1 of %2 drawn anew").arg(changed).arg(rows.size())));
  // The next epoch draws other pieces.
  QCOMPARE(second.size() > 0, true);
  QVERIFY(second != first);
  // Any stream at the same point sees the same: another worker, a resumed run.
  model::TrainerState again;
  model::BatchStream other(data, config, again, &tokenizer);
  QVERIFY(walkEpochs(other, again, 1)[0] == first);
  model::TrainerState at_second;
  at_second.epoch = 1;
  model::BatchStream resumed(data, config, at_second, &tokenizer);
  QVERIFY(walkEpochs(resumed, at_second, 1)[0] == second);
  // Off, every epoch sees the best split.
  config.subword_alpha = 0;
  model::TrainerState plain;
  model::BatchStream best(data, config, plain, &tokenizer);
  const auto plain_epochs = walkEpochs(best, plain, 1);
  for (const auto& batch : plain_epochs[0])
    for (const auto& [row, ids] : batch) QVERIFY(ids == sourceIds(data.train, row));
}

void TestTrainer::subwordSamplingResumesExactly() {
  // Stopped in its first epoch and resumed, a run that samples its pieces
  // trains on the same ones as a run never stopped, into its next epochs.
  auto config = smallConfig();
  config.subword_alpha = 0.2;
  config.max_steps = 70;
  config.eval_every = 10;
  Recorder straight;
  QVERIFY2(model::Trainer(config, data_, dir("sampled-straight"), false, straight.callbacks()).run(),
           straight.failure.c_str());
  QVERIFY2(straight.epochs[70] >= 2, qPrintable(QString("epoch %1 at the end").arg(straight.epochs[70])));
  config.max_steps = 9;
  Recorder first, second;
  QVERIFY2(model::Trainer(config, data_, dir("sampled-resumed"), false, first.callbacks()).run(),
           first.failure.c_str());
  QCOMPARE(first.epochs[9], int64_t(0));
  QVERIFY2(model::Trainer({}, "", dir("sampled-resumed"), true, second.callbacks(), 70).run(),
           second.failure.c_str());
  QCOMPARE(second.losses.size(), size_t(61));
  for (int64_t step = 10; step <= 70; ++step)
    QVERIFY2(second.losses[step] == straight.losses[step], qPrintable(QString("step %1").arg(step)));
  // And the pieces are drawn: a run of the best split trains otherwise.
  config.subword_alpha = 0;
  config.max_steps = 70;
  Recorder plain;
  QVERIFY2(model::Trainer(config, data_, dir("sampled-off"), false, plain.callbacks()).run(),
           plain.failure.c_str());
  QVERIFY(plain.losses[70] != straight.losses[70]);
  // Under a BPE vocabulary the same field drops merges (BPE-dropout): the
  // run trains on other pieces than one of the best split.
  std::vector<std::string> sentences;
  for (const char* file : {"/train.vi", "/train.en"}) {
    std::ifstream in(data_ + file);
    for (std::string line; std::getline(in, line);) sentences.push_back(line);
  }
  auto retokenized = [&](const char* name, const char* type) {
    const std::string folder = dir(name);
    std::filesystem::copy(data_, folder, std::filesystem::copy_options::recursive);
    data::TokenizerTrainOptions options;
    options.vocab_size = 200;
    options.model_type = type;
    data::Tokenizer::train(sentences, folder + "/spm.model", options);
    return folder;
  };
  const std::string bpe_data = retokenized("bpe-data", "bpe");
  config.max_steps = 20;
  config.subword_alpha = 0.1;
  Recorder dropped, kept;
  QVERIFY2(model::Trainer(config, bpe_data, dir("bpe-dropout"), false, dropped.callbacks()).run(),
           dropped.failure.c_str());
  config.subword_alpha = 0;
  QVERIFY2(model::Trainer(config, bpe_data, dir("bpe-kept"), false, kept.callbacks()).run(),
           kept.failure.c_str());
  QCOMPARE(dropped.losses.size(), size_t(20));
  QVERIFY(dropped.losses[20] != kept.losses[20]);
  // A vocabulary of another kind is refused, naming the field and the file.
  const std::string char_data = retokenized("char-data", "char");
  config.subword_alpha = 0.2;
  Recorder refused;
  QVERIFY(!model::Trainer(config, char_data, dir("sampled-char"), false, refused.callbacks()).run());
  const QString message = QString::fromStdString(refused.failure);
  QVERIFY2(message.contains("subword_alpha") && message.contains("char model") &&
               message.contains(QString::fromStdString(char_data + "/spm.model")),
           qPrintable(message));
}

void TestTrainer::stopRequestFinishesTheStepWithACheckpoint() {
  auto config = smallConfig();
  config.max_steps = 1000;
  Recorder recorder;
  model::Trainer* self = nullptr;
  auto callbacks = recorder.callbacks();
  callbacks.step = [&](const model::StepEvent& e) {
    recorder.losses[e.step] = e.loss;
    if (e.step == 3) self->requestStop();
  };
  model::Trainer trainer(config, data_, dir("stopped"), false, callbacks);
  self = &trainer;
  QVERIFY(trainer.run());
  QCOMPARE(recorder.finished.reason, std::string("stopped"));
  QCOMPARE(recorder.finished.step, int64_t(3));
  QVERIFY(QString::fromStdString(model::latestCheckpoint(dir("stopped"))).endsWith("ckpt-00000003.pt"));
  model::loadModel(model::latestCheckpoint(dir("stopped")));
}

void TestTrainer::nanLossStopsTheRunNamingTheStep() {
  auto config = smallConfig();
  config.max_steps = 50;
  config.eval_every = 1;
  config.clip_norm = 0;
  config.noam_factor = 1e30;  // absurd: the weights overflow within a step or two
  Recorder recorder;
  model::Trainer trainer(config, data_, dir("nan"), false, recorder.callbacks());
  QVERIFY(!trainer.run());
  const QString message = QString::fromStdString(recorder.failure);
  QVERIFY2(message.contains("NaN") || message.contains("infinite"), qPrintable(message));
  QVERIFY2(message.contains("at step "), qPrintable(message));
  // The last good checkpoint is named and loads.
  const std::string last = model::latestCheckpoint(dir("nan"));
  if (!last.empty()) {
    QVERIFY2(message.contains(QString::fromStdString(last)), qPrintable(message));
    model::loadModel(last);
  }
}

void TestTrainer::failedCheckpointWriteLeavesThePreviousOneLoadable() {
  auto config = smallConfig();
  config.max_steps = 10;
  // A folder where the step-10 checkpoint should go makes its rename fail.
  fs::create_directories(dir("failing") + "/checkpoints/ckpt-00000010.pt");
  Recorder recorder;
  model::Trainer trainer(config, data_, dir("failing"), false, recorder.callbacks());
  QVERIFY(!trainer.run());
  QVERIFY2(QString::fromStdString(recorder.failure).contains("ckpt-00000010.pt"), recorder.failure.c_str());
  auto previous = model::loadModel(dir("failing") + "/checkpoints/ckpt-00000005.pt");
  QCOMPARE(previous->options().d_model, int64_t(32));
  for (const auto& entry : fs::directory_iterator(dir("failing") + "/checkpoints"))
    QVERIFY2(entry.path().filename().string().find(".tmp-") == std::string::npos, "a temporary file was left");
}

void TestTrainer::refusesToOverwriteARun() {
  auto config = smallConfig();
  config.max_steps = 2;
  Recorder first, second;
  QVERIFY(model::Trainer(config, data_, dir("once"), false, first.callbacks()).run());
  QVERIFY(!model::Trainer(config, data_, dir("once"), false, second.callbacks()).run());
  QVERIFY2(QString::fromStdString(second.failure).contains("already holds checkpoints"), second.failure.c_str());
  Recorder third;
  QVERIFY(!model::Trainer(config, data_, dir("never-trained"), true, third.callbacks()).run());
  QVERIFY2(QString::fromStdString(third.failure).contains("config.json"), third.failure.c_str());
}

void TestTrainer::corruptTrainingStateIsRefusedOnResume_data() {
  QTest::addColumn<double>("ema_decay");
  QTest::newRow("weights") << 0.0;
  QTest::newRow("with a weight average") << 0.9;
}

void TestTrainer::corruptTrainingStateIsRefusedOnResume() {
  QFETCH(double, ema_decay);
  auto config = smallConfig();
  config.max_steps = 5;
  config.ema_decay = ema_decay;
  const std::string run = dir("corrupt") + std::string(ema_decay > 0 ? "-ema" : "");
  Recorder first;
  QVERIFY(model::Trainer(config, data_, run, false, first.callbacks()).run());
  const std::string checkpoint = run + "/checkpoints/ckpt-00000005.pt";
  const std::string pristine = run + "-pristine.pt";
  fs::copy_file(checkpoint, pristine);
  // The tensors are numbered in writing order: weights, Adam's state, the random state, and with a
  // weight average the training weights last.
  int last = -1;
  for (const auto& name : studio::test::zipEntries(checkpoint)) {
    const auto at = name.rfind("/data/");
    if (at != std::string::npos) last = std::max(last, std::stoi(name.substr(at + 6)));
  }
  QVERIFY(last > 10);
  for (int entry : {last, last - 3}) {
    fs::copy_file(pristine, checkpoint, fs::copy_options::overwrite_existing);
    QVERIFY(studio::test::corruptZipEntry(checkpoint, "/data/" + std::to_string(entry)));
    Recorder resumed;
    QVERIFY(!model::Trainer({}, "", run, true, resumed.callbacks(), 8).run());
    QVERIFY2(QString::fromStdString(resumed.failure).contains("fails its checksum"), resumed.failure.c_str());
    QVERIFY2(QString::fromStdString(resumed.failure).contains("no intact checkpoint"), resumed.failure.c_str());
    QVERIFY(fs::exists(checkpoint + ".damaged"));  // set aside, not deleted
  }
  // Untouched, it resumes.
  fs::copy_file(pristine, checkpoint, fs::copy_options::overwrite_existing);
  Recorder resumed;
  QVERIFY2(model::Trainer({}, "", run, true, resumed.callbacks(), 8).run(), resumed.failure.c_str());
}

void TestTrainer::resumeFallsBackPastADamagedCheckpoint_data() {
  QTest::addColumn<QString>("damage");
  QTest::newRow("weights flipped") << "weights";
  QTest::newRow("optimizer state flipped") << "optimizer";
  QTest::newRow("truncated") << "truncated";
  QTest::newRow("empty") << "empty";
}

void TestTrainer::resumeFallsBackPastADamagedCheckpoint() {
  QFETCH(QString, damage);
  auto config = smallConfig();
  config.max_steps = 15;
  const std::string run = dir("fallback-") + damage.toStdString();
  Recorder straight;
  QVERIFY2(model::Trainer(config, data_, run, false, straight.callbacks()).run(), straight.failure.c_str());
  const std::string newest = run + "/checkpoints/ckpt-00000015.pt";
  if (damage == "weights") {
    QVERIFY(studio::test::corruptZipEntry(newest, "/data/0"));
  } else if (damage == "optimizer") {
    int last = -1;
    for (const auto& name : studio::test::zipEntries(newest)) {
      const auto at = name.rfind("/data/");
      if (at != std::string::npos) last = std::max(last, std::stoi(name.substr(at + 6)));
    }
    QVERIFY(studio::test::corruptZipEntry(newest, "/data/" + std::to_string(last - 3)));
  } else if (damage == "truncated") {
    fs::resize_file(newest, fs::file_size(newest) / 2);
  } else {
    fs::resize_file(newest, 0);
  }

  Recorder resumed;
  QVERIFY2(model::Trainer({}, "", run, true, resumed.callbacks(), 15).run(), resumed.failure.c_str());
  const QString log = QString::fromStdString(resumed.log);
  QVERIFY2(log.contains("warning: checkpoint '" + QString::fromStdString(newest) + "' is damaged: "), resumed.log.c_str());
  QVERIFY2(log.contains("moved aside as '" + QString::fromStdString(newest) + ".damaged'"), resumed.log.c_str());
  QVERIFY2(log.contains("resumed from " + QString::fromStdString(run) + "/checkpoints/ckpt-00000010.pt at step 10"),
           resumed.log.c_str());
  QVERIFY(fs::exists(newest + ".damaged"));
  // Steps 11..15 again, exactly as the first time.
  QCOMPARE(resumed.losses.size(), size_t(5));
  for (int64_t step = 11; step <= 15; ++step) QCOMPARE(resumed.losses[step], straight.losses[step]);
  // The metrics after step 10 were written once more, not twice.
  std::ifstream metrics(run + "/metrics.jsonl");
  std::map<std::string, int> seen;
  for (std::string line; std::getline(metrics, line);) {
    const auto record = nlohmann::json::parse(line);
    ++seen[record["type"].get<std::string>() + std::to_string(record["step"].get<int64_t>())];
  }
  for (const auto& [key, count] : seen) QVERIFY2(count == 1, key.c_str());
  QCOMPARE(seen.count("train15"), size_t(1));
}

void TestTrainer::fullDiskEndsTheRunWithAClearError() {
  // A run folder on a small disk: the first checkpoint and best.pt fit, a later one does not.
  auto config = smallConfig();
  config.max_steps = 30;
  config.keep_last = 10;
  const std::string run = dir("full-disk");
  const int64_t checkpoint_bytes = [&] {
    Recorder probe;
    auto one = config;
    one.max_steps = 1;
    model::Trainer(one, data_, dir("full-disk-probe"), false, probe.callbacks()).run();
    return int64_t(fs::file_size(dir("full-disk-probe") + "/checkpoints/ckpt-00000001.pt"));
  }();
  studio::test::TmpfsMount disk(run, 3 * checkpoint_bytes + 64 * 1024);
  if (!disk.mounted()) QSKIP(disk.reason().c_str());

  Recorder recorder;
  QVERIFY(!model::Trainer(config, data_, run, false, recorder.callbacks()).run());
  const QString failure = QString::fromStdString(recorder.failure);
  QVERIFY2(failure.contains("No space left on device"), recorder.failure.c_str());
  QVERIFY2(failure.contains(" free on " + QString::fromStdString(run)), recorder.failure.c_str());
  QVERIFY2(QString::fromStdString(recorder.log).contains("warning: the next checkpoint needs about"),
           recorder.log.c_str());
  // What was written before stays whole: every checkpoint loads, best.pt too, every metrics line parses.
  const auto kept = model::listCheckpoints(run);
  QVERIFY(!kept.empty());
  for (const auto& [step, path] : kept) QCOMPARE(model::loadModel(path)->options().d_model, int64_t(32));
  QCOMPARE(model::loadModel(run + "/best.pt")->options().d_model, int64_t(32));
  std::ifstream metrics(run + "/metrics.jsonl");
  int lines = 0;
  for (std::string line; std::getline(metrics, line); ++lines) QVERIFY(nlohmann::json::parse(line).is_object());
  QVERIFY(lines > 0);
  for (const auto& entry : fs::recursive_directory_iterator(run))
    QVERIFY2(entry.path().filename().string().find(".tmp-") == std::string::npos, "a temporary file was left");

  // Space freed: the run resumes from its last checkpoint and finishes.
  QVERIFY(disk.resize(64 * checkpoint_bytes));
  Recorder resumed;
  QVERIFY2(model::Trainer({}, "", run, true, resumed.callbacks()).run(), resumed.failure.c_str());
  QCOMPARE(resumed.finished.step, int64_t(30));
}

void TestTrainer::dataWithoutDevIsRefusedUnlessEvaluationIsOff() {
  const std::string data = dir("no-dev-data");
  fs::copy(data_, data, fs::copy_options::recursive);
  for (const char* name : {"/dev.vi", "/dev.en"}) std::ofstream(data + name, std::ios::trunc);
  auto config = smallConfig();
  config.max_steps = 6;
  Recorder refused;
  QVERIFY(!model::Trainer(config, data, dir("no-dev-run"), false, refused.callbacks()).run());
  QVERIFY2(QString::fromStdString(refused.failure).contains("has no dev pairs"), refused.failure.c_str());
  QVERIFY2(QString::fromStdString(refused.failure).contains("--no-eval"), refused.failure.c_str());
  QVERIFY(model::listCheckpoints(dir("no-dev-run")).empty());

  config.evaluate = false;
  Recorder trained;
  QVERIFY2(model::Trainer(config, data, dir("no-eval-run"), false, trained.callbacks()).run(), trained.failure.c_str());
  QVERIFY(trained.evals.empty());
  QCOMPARE(model::listCheckpoints(dir("no-eval-run")).size(), size_t(2));  // steps 5 and 6
  QVERIFY(!fs::exists(dir("no-eval-run") + "/best.pt"));

  config.early_stopping_patience = 2;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, config.validate());
}

void TestTrainer::modelsOfChosenEvaluationsAreKept() {
  auto config = smallConfig();
  config.max_steps = 20;
  config.keep_last = 1;
  config.keep_models_every = 2;  // every second evaluation: steps 10 and 20
  config.model.vocab_size = data::Tokenizer(data_ + "/spm.model").vocabSize();
  const auto estimate = model::keptModelsEstimate(config);
  QCOMPARE(estimate.files, int64_t(2));
  Recorder recorder;
  QVERIFY2(model::Trainer(config, data_, dir("kept"), false, recorder.callbacks()).run(), recorder.failure.c_str());
  QVERIFY2(QString::fromStdString(recorder.log).contains("keeping the model of every 10th step"), recorder.log.c_str());
  const auto kept = model::listKeptModels(dir("kept"));
  QCOMPARE(kept.size(), size_t(2));
  QCOMPARE(kept[0].first, int64_t(10));
  QCOMPARE(kept[1].first, int64_t(20));
  int64_t bytes = 0;
  for (const auto& [step, path] : kept) {
    auto m = model::loadModel(path);  // a model file, loadable for Translate
    QCOMPARE(m->options().d_model, int64_t(32));
    bytes += int64_t(fs::file_size(path));
  }
  // The estimate shown before the run is within a fifth of what was written.
  QVERIFY2(std::abs(double(estimate.bytes - bytes)) < 0.2 * double(bytes),
           qPrintable(QString("estimated %1, wrote %2").arg(estimate.bytes).arg(bytes)));
  // keep_last 1 pruned the training checkpoints, not the kept models.
  QCOMPARE(model::listCheckpoints(dir("kept")).size(), size_t(1));
}

void TestTrainer::averagingAveragesTheParameters() {
  auto config = smallConfig();
  config.max_steps = 10;
  config.average_last = 2;
  Recorder recorder;
  QVERIFY(model::Trainer(config, data_, dir("averaged"), false, recorder.callbacks()).run());
  QCOMPARE(recorder.finished.averaged_path, dir("averaged") + "/averaged.pt");
  auto a = model::loadModel(dir("averaged") + "/checkpoints/ckpt-00000005.pt");
  auto b = model::loadModel(dir("averaged") + "/checkpoints/ckpt-00000010.pt");
  auto mean = model::loadModel(dir("averaged") + "/averaged.pt");
  auto bp = b->named_parameters(), mp = mean->named_parameters();
  for (const auto& item : a->named_parameters()) {
    auto expected = (item.value().to(torch::kDouble) + bp[item.key()].to(torch::kDouble)) / 2;
    QVERIFY((mp[item.key()].to(torch::kDouble) - expected).abs().max().item<double>() < 1e-6);
  }
}

void TestTrainer::evaluationReportsBleuAndSamples() {
  auto config = smallConfig();
  config.max_steps = 5;
  Recorder recorder;
  QVERIFY(model::Trainer(config, data_, dir("eval"), false, recorder.callbacks()).run());
  QCOMPARE(recorder.evals.size(), size_t(1));
  const auto& e = recorder.evals[0];
  QCOMPARE(e.step, int64_t(5));
  QCOMPARE(e.sentences, int64_t(8));
  QVERIFY(e.perplexity > 1.0);
  QVERIFY(e.token_accuracy >= 0.0 && e.token_accuracy <= 1.0);
  QVERIFY(QString::fromStdString(e.bleu_line).startsWith("BLEU|nrefs:1|case:mixed"));
  QCOMPARE(e.samples.size(), size_t(1));
  QVERIFY(!e.samples[0].source.empty() && !e.samples[0].reference.empty());
  QVERIFY(e.best);
  QVERIFY(fs::exists(dir("eval") + "/best.pt"));
  QVERIFY(fs::exists(dir("eval") + "/spm.model"));
  QVERIFY(fs::exists(dir("eval") + "/config.json"));
}

namespace {

std::string fileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// BLEU of a model file on every dev pair of `data`, as the final choice translates them.
double wholeDevBleu(const std::string& model_path, const std::string& data, model::TrainingConfig config) {
  config.eval_sentences = 0;
  const auto tokenizer = std::make_shared<const data::Tokenizer>(data + "/spm.model");
  const auto dev = model::loadDevSet(data, *tokenizer, config);
  auto m = model::loadModel(model_path);
  return model::scoreTranslations(m, dev, tokenizer, config, torch::kCPU).bleu;
}

}  // namespace

// A run that ends between evaluations: best.pt (the best of the evaluations'
// 8 dev pairs) and the last checkpoint translate the whole dev split, and the
// one with the higher BLEU is best.pt; the log, metrics.jsonl and the
// finished event say which, with scores an independent translation gives.
// A stopped run makes no choice: it goes on when resumed.
void TestTrainer::theEndChoosesBestPtOnTheWholeDevSplit() {
  auto config = smallConfig();
  config.max_steps = 25;
  config.eval_every = 10;
  Recorder recorder;
  const std::string run = dir("final-choice");
  QVERIFY2(model::Trainer(config, data_, run, false, recorder.callbacks()).run(), recorder.failure.c_str());
  QCOMPARE(recorder.evals.size(), size_t(2));
  QVERIFY(recorder.finished.final_choice.has_value());
  const auto& choice = *recorder.finished.final_choice;
  const int64_t best_step = recorder.evals[1].best ? 20 : 10;
  QCOMPARE(choice.best_step, best_step);
  QCOMPARE(choice.last_step, int64_t(25));
  const auto tokenizer = std::make_shared<const data::Tokenizer>(data_ + "/spm.model");
  auto whole = config;
  whole.eval_sentences = 0;
  const auto whole_dev = model::loadDevSet(data_, *tokenizer, whole);
  QVERIFY(whole_dev.indices.size() > 8);
  QCOMPARE(choice.sentences, int64_t(whole_dev.indices.size()));

  const std::string last = run + "/checkpoints/" + model::checkpointName(25);
  const std::string earlier = run + "/checkpoints/" + model::checkpointName(best_step);
  QCOMPARE(choice.last_bleu, wholeDevBleu(last, data_, config));
  QCOMPARE(choice.best_bleu, wholeDevBleu(earlier, data_, config));
  QCOMPARE(choice.last_chosen, choice.last_bleu > choice.best_bleu);
  QVERIFY(fileBytes(run + "/best.pt") == fileBytes(choice.last_chosen ? last : earlier));
  QVERIFY2(recorder.log.find("best.pt: " + std::string(choice.last_chosen
                                                           ? "now the last checkpoint (step 25)"
                                                           : "stays step " + std::to_string(best_step))) !=
               std::string::npos,
           recorder.log.c_str());

  std::ifstream metrics(run + "/metrics.jsonl");
  std::string line, record;
  while (std::getline(metrics, line))
    if (line.find("\"final_choice\"") != std::string::npos) record = line;
  QVERIFY2(!record.empty(), "no final_choice record in metrics.jsonl");
  const auto json = nlohmann::json::parse(record);
  QCOMPARE(json.at("step").get<int64_t>(), int64_t(25));
  QCOMPARE(json.at("chosen_step").get<int64_t>(), choice.chosenStep());
  QCOMPARE(json.at("sentences").get<int64_t>(), choice.sentences);
  QCOMPARE(json.at("last_bleu").get<double>(), choice.last_bleu);

  // Stopped between evaluations: best.pt is left as the evaluations chose it.
  config.max_steps = 1000;
  Recorder stopped;
  model::Trainer* self = nullptr;
  auto callbacks = stopped.callbacks();
  callbacks.step = [&](const model::StepEvent& e) {
    if (e.step == 13) self->requestStop();
  };
  model::Trainer trainer(config, data_, dir("final-choice-stopped"), false, callbacks);
  self = &trainer;
  QVERIFY(trainer.run());
  QCOMPARE(stopped.finished.reason, std::string("stopped"));
  QVERIFY(!stopped.finished.final_choice.has_value());
  QVERIFY(stopped.log.find("best.pt:") == std::string::npos);
  QVERIFY(fileBytes(dir("final-choice-stopped") + "/best.pt") ==
          fileBytes(dir("final-choice-stopped") + "/checkpoints/" + model::checkpointName(10)));
}

// Two checkpoints of the same run, each once as best.pt and once as the last:
// best.pt ends up the one with the higher whole-dev BLEU either way, and the
// other way round nothing is copied.
void TestTrainer::theFinalChoiceKeepsTheHigherBleu() {
  auto config = smallConfig();
  config.max_steps = 300;  // the dev BLEU of 8 pairs goes from 0 at step 50 to 10-30 from step 200 on
  config.eval_every = 50;
  config.keep_last = 10;
  Recorder recorder;
  const std::string run = dir("final-choice-pair");
  QVERIFY2(model::Trainer(config, data_, run, false, recorder.callbacks()).run(), recorder.failure.c_str());
  const auto tokenizer = std::make_shared<const data::Tokenizer>(data_ + "/spm.model");
  auto whole = config;
  whole.eval_sentences = 0;
  const auto whole_dev = model::loadDevSet(data_, *tokenizer, whole);
  const std::string early = run + "/checkpoints/" + model::checkpointName(50);
  const std::string late = run + "/checkpoints/" + model::checkpointName(300);
  const double early_bleu = wholeDevBleu(early, data_, config), late_bleu = wholeDevBleu(late, data_, config);
  QVERIFY2(early_bleu != late_bleu, qPrintable(QString("both %1").arg(early_bleu)));
  const std::string higher = early_bleu > late_bleu ? early : late;

  int switched = 0;
  for (const auto& [best, last] : {std::pair(early, late), std::pair(late, early)}) {
    const std::string folder = dir(best == early ? "choice-early-best" : "choice-late-best");
    fs::create_directories(folder);
    fs::copy_file(best, folder + "/best.pt");
    auto in_memory = model::loadModel(last);
    const auto choice =
        model::chooseFinalBest(in_memory, last, best == early ? 300 : 50, best == early ? 50 : 300, folder,
                               whole_dev, tokenizer, config, torch::kCPU);
    QCOMPARE(choice.sentences, int64_t(whole_dev.indices.size()));
    QCOMPARE(choice.best_bleu, best == early ? early_bleu : late_bleu);
    QCOMPARE(choice.last_bleu, last == early ? early_bleu : late_bleu);
    QVERIFY(fileBytes(folder + "/best.pt") == fileBytes(higher));
    QCOMPARE(choice.chosenStep(), higher == early ? int64_t(50) : int64_t(300));
    switched += choice.last_chosen ? 1 : 0;
  }
  QCOMPARE(switched, 1);

  QVERIFY(!model::finalChoiceNeeded(60, 60, 8, 120, false));   // best.pt is the last checkpoint
  QVERIFY(!model::finalChoiceNeeded(50, 60, 120, 120, true));  // the whole split, the last step evaluated
  QVERIFY(model::finalChoiceNeeded(50, 60, 8, 120, true));
  QVERIFY(model::finalChoiceNeeded(50, 63, 120, 120, false));
}

// Dev pairs of two corpora (held out by hash from both): the evaluations take
// each corpus's share of eval_sentences and score each one's BLEU apart, as
// its own translations score.
void TestTrainer::aFolderOfSeveralCorporaIsEvaluatedCorpusByCorpus() {
  const std::string first = dir("first.tsv"), second = dir("second.tsv"), data = dir("two-corpora");
  {
    std::ofstream a(first), b(second);
    for (int i = 0; i < 300; ++i) a << "mở tập tin số " << i << "\topen the file number " << i << "\n";
    for (int i = 0; i < 150; ++i) b << "in trang số " << i << "\tprint the page number " << i << "\n";
  }
  data::PrepareOptions prepare;
  prepare.corpora = {data::corpusAt(first), data::corpusAt(second)};
  prepare.out_dir = data;
  prepare.tokenizer.vocab_size = 120;
  std::ostringstream log;
  data::prepareData(prepare, log);

  auto config = smallConfig();
  config.max_steps = 5;
  config.eval_sentences = 12;
  config.eval_samples = 12;  // every evaluated sentence, with its translation
  const data::Tokenizer tokenizer(data + "/spm.model");
  const auto dev = model::loadDevSet(data, tokenizer, config);
  QCOMPARE(dev.corpora.size(), size_t(2));
  QCOMPARE(dev.corpora[1].corpus, second);
  const size_t total = dev.corpora[0].count + dev.corpora[1].count;
  QCOMPARE(total, dev.pairs.size());
  size_t in_second = 0;
  for (size_t i : dev.indices) in_second += i >= dev.corpora[1].first;
  // Each corpus's share of the 12, by its share of dev (the first 12 would all be the first corpus's).
  QCOMPARE(in_second, size_t(std::lround(12.0 * double(dev.corpora[1].count) / double(total))));
  QCOMPARE(dev.indices.size(),
           in_second + size_t(std::lround(12.0 * double(dev.corpora[0].count) / double(total))));

  Recorder recorder;
  QVERIFY2(model::Trainer(config, data, dir("two-corpora-run"), false, recorder.callbacks()).run(),
           recorder.failure.c_str());
  QCOMPARE(recorder.evals.size(), size_t(1));
  const auto& e = recorder.evals[0];
  QCOMPARE(e.samples.size(), dev.indices.size());
  QCOMPARE(e.bleu_by_corpus.size(), size_t(2));
  QCOMPARE(e.bleu_by_corpus[0].first, first);
  std::vector<std::string> hyps[2], refs[2];
  for (const auto& sample : e.samples) {
    const int k = QString::fromStdString(sample.source).startsWith("in trang") ? 1 : 0;
    hyps[k].push_back(sample.hypothesis);
    refs[k].push_back(sample.reference);
  }
  QCOMPARE(hyps[1].size(), in_second);
  for (int k = 0; k < 2; ++k)
    QCOMPARE(e.bleu_by_corpus[size_t(k)].second, model::corpusBleu(hyps[k], refs[k]).score);
  // metrics.jsonl keeps them.
  std::ifstream metrics(dir("two-corpora-run") + "/metrics.jsonl");
  bool found = false;
  for (std::string line; std::getline(metrics, line);) {
    const auto record = nlohmann::json::parse(line);
    if (record["type"] != "eval") continue;
    QCOMPARE(record["bleu_by_corpus"][1]["corpus"].get<std::string>(), second);
    QCOMPARE(record["bleu_by_corpus"][1]["bleu"].get<double>(), e.bleu_by_corpus[1].second);
    found = true;
  }
  QVERIFY(found);
}

void TestTrainer::attentionSnapshotMatchesTheModel() {
  auto config = smallConfig();
  config.max_steps = 3;
  Recorder recorder;
  QVERIFY(model::Trainer(config, data_, dir("attention"), false, recorder.callbacks()).run());
  auto translator =
      model::Translator::fromFiles(model::latestCheckpoint(dir("attention")), "", torch::Device(torch::kCPU));
  model::DecodingOptions options;
  options.beam_size = 2;
  options.max_length_extra = 3;
  const std::string text = "mở tập tin số 3";
  const auto snap = model::captureAttention(translator, text, options, {/*pad_to=*/12});

  const auto source = translator.encodeSource(text);
  const auto S = int64_t(source.size());
  QCOMPARE(snap.source_length, int64_t(12));
  QCOMPARE(snap.padding, 12 - S);
  QCOMPARE(snap.source_tokens.back(), std::string("<pad>"));
  QCOMPARE(snap.source_tokens[size_t(S - 1)], std::string("</s>"));
  QCOMPARE(snap.target_tokens.front(), std::string("<s>"));
  QCOMPARE(snap.encoder_self.size(), size_t(1 * 2 * 12 * 12));

  // The same forward pass, done here: every weight equal.
  const auto best = translator.translate({text}, options)[0][0];
  std::vector<int64_t> src_ids = source, tgt_ids{translator.modelHandle()->options().bos_id};
  src_ids.resize(12, 0);
  tgt_ids.insert(tgt_ids.end(), best.ids.begin(), best.ids.end());
  QCOMPARE(snap.target_length, int64_t(tgt_ids.size()));
  model::AttentionMaps maps;
  torch::NoGradGuard no_grad;
  translator.modelHandle()(torch::tensor(src_ids).unsqueeze(0), torch::tensor(tgt_ids).unsqueeze(0), &maps);
  const int64_t T = snap.target_length;
  for (int64_t h = 0; h < 2; ++h) {
    for (int64_t q = 0; q < 12; ++q)
      for (int64_t k = 0; k < 12; ++k) {
        QCOMPARE(snap.encoderWeight(0, h, q, k), maps.encoder_self[0][0][h][q][k].item<float>());
        const bool masked = snap.encoder_mask[size_t(q * 12 + k)] != 0;
        QCOMPARE(masked, k >= S);
        if (masked) QCOMPARE(snap.encoderWeight(0, h, q, k), 0.0f);
      }
    for (int64_t q = 0; q < T; ++q) {
      double cross_sum = 0;
      for (int64_t k = 0; k < 12; ++k) {
        QCOMPARE(snap.crossWeight(0, h, q, k), maps.cross[0][0][h][q][k].item<float>());
        cross_sum += snap.crossWeight(0, h, q, k);
      }
      QVERIFY(std::abs(cross_sum - 1.0) < 1e-5);
      for (int64_t k = 0; k < T; ++k) {
        QCOMPARE(snap.decoderWeight(0, h, q, k), maps.decoder_self[0][0][h][q][k].item<float>());
        QCOMPARE(snap.decoder_mask[size_t(q * T + k)] != 0, k > q);
      }
    }
  }
  const auto json = snap.toJson();
  QCOMPARE(json["attention"]["cross"][0][1].size(), size_t(T));
  QCOMPARE(json["masks"]["encoder_self"][0][11].get<int>(), 1);
}

void TestTrainer::mixedPrecisionBf16TrainsOnTheCpu() {
  // CPU autocast supports bf16: the mixed-precision path runs here end to
  // end (fp16 with loss scaling needs CUDA and is refused on the CPU).
  auto config = smallConfig();
  config.max_steps = 6;
  config.mixed_precision = true;
  config.mixed_precision_dtype = "bf16";
  Recorder recorder;
  QVERIFY2(model::Trainer(config, data_, dir("bf16"), false, recorder.callbacks()).run(), recorder.failure.c_str());
  QCOMPARE(recorder.losses.size(), size_t(6));
  for (const auto& [step, loss] : recorder.losses) QVERIFY2(std::isfinite(loss) && loss > 0, qPrintable(QString::number(step)));
  auto model = model::loadModel(model::latestCheckpoint(dir("bf16")));
  QVERIFY(model->embeddingWeight().scalar_type() == torch::kFloat);  // weights stay float32
  // auto means bf16 on the CPU.
  QCOMPARE(model::mixedPrecisionType("auto", torch::kCPU), torch::kBFloat16);
  QCOMPARE(model::mixedPrecisionType("fp16", torch::kCPU), torch::kHalf);
  config.mixed_precision_dtype = "auto";
  Recorder automatic;
  QVERIFY2(model::Trainer(config, data_, dir("amp-auto"), false, automatic.callbacks()).run(), automatic.failure.c_str());
  // "auto" on the CPU: bf16 only where the CPU has bf16 instructions, and the log says which.
  const bool native = !model::cpuBf16Instructions().empty();
  QCOMPARE(model::mixedPrecisionEnabled(true, "auto", torch::kCPU), native);
  QVERIFY(model::mixedPrecisionEnabled(true, "bf16", torch::kCPU));
  QVERIFY(!model::mixedPrecisionEnabled(false, "bf16", torch::kCPU));
  QVERIFY2(QString::fromStdString(automatic.log).contains(native ? "mixed precision: bf16 (auto: this CPU has"
                                                                 : "mixed precision: off, float32"),
           automatic.log.c_str());
  config.mixed_precision_dtype = "fp16";
  Recorder refused;
  QVERIFY(!model::Trainer(config, data_, dir("fp16"), false, refused.callbacks()).run());
  QVERIFY2(QString::fromStdString(refused.failure).contains("needs a CUDA device"), refused.failure.c_str());
}

void TestTrainer::workersSharesOfABatchSumToItsGradient() {
  // Two workers' forward/backward on their shares of the same global batches
  // (accumulated over two), added, equal one process's on the whole batches:
  // what the gradient sum over the workers relies on.
  auto config = smallConfig();
  config.model.dropout = 0.0;
  config.accumulate_steps = 2;
  data::Tokenizer tokenizer(data_ + "/spm.model");
  config.model.vocab_size = tokenizer.vocabSize();
  const auto data = model::loadTrainingData(data_, tokenizer, config, [](const std::string&) {});
  torch::manual_seed(3);
  model::Transformer model(config.model);
  model->train();
  std::vector<int64_t> walked;  // each worker's batch index after the step
  auto gradients = [&](std::vector<model::WorkerShare> shares, int64_t* tokens) -> std::vector<torch::Tensor> {
    for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
    *tokens = 0;
    for (const auto& share : shares) {
      model::TrainerState state;
      model::BatchStream batches(data, config, state);
      const auto sums = model::forwardBackward(model, batches, state, config, torch::kCPU, share, {}, "");
      *tokens += sums.tokens;
      walked.push_back(state.batch_index);
    }
    std::vector<torch::Tensor> grads;
    for (auto& p : model->parameters()) grads.push_back(p.grad().defined() ? p.grad().clone() : torch::zeros_like(p));
    return grads;
  };
  int64_t whole_tokens = 0, shared_tokens = 0;
  const auto whole = gradients({{0, 1}}, &whole_tokens);
  const auto shared = gradients({{0, 2}, {1, 2}}, &shared_tokens);
  QCOMPARE(shared_tokens, whole_tokens);
  QCOMPARE(walked, (std::vector<int64_t>{2, 2, 2}));  // every worker walks the same global batches
  double largest = 0, difference = 0;
  for (size_t i = 0; i < whole.size(); ++i) {
    largest = std::max(largest, whole[i].abs().max().item<double>());
    difference = std::max(difference, test::maxAbsDifference(whole[i], shared[i]));
  }
  QVERIFY(largest > 0);
  QVERIFY2(difference < 1e-5 * largest, qPrintable(QString("%1 of %2").arg(difference).arg(largest)));
  // One share alone is not the whole: the comparison can fail.
  int64_t half_tokens = 0;
  const auto half = gradients({{0, 2}}, &half_tokens);
  QVERIFY(half_tokens < whole_tokens);
  QVERIFY(test::maxAbsDifference(whole[0], half[0]) > 1e-3 * largest);
}

void TestTrainer::configurationRoundTripAndValidation() {
  auto config = model::trainingPreset("iwslt-6layer");
  config.schedule = model::ScheduleKind::Cosine;
  config.accumulate_steps = 3;
  config.subword_alpha = 0.25;
  auto back = model::trainingConfigFromJson(nlohmann::json::parse(model::toJson(config).dump()));
  QVERIFY(model::toJson(back) == model::toJson(config));
  // Partial JSON over a base.
  auto partial = model::trainingConfigFromJson(nlohmann::json{{"max_steps", 7}, {"model", {{"d_ff", 96}}}},
                                               model::trainingPreset("tiny"));
  QCOMPARE(partial.max_steps, int64_t(7));
  QCOMPARE(partial.model.d_ff, int64_t(96));
  QCOMPARE(partial.model.d_model, int64_t(128));
  auto expectField = [](model::TrainingConfig c, const char* field) {
    try {
      c.validate();
      QFAIL("no error");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(QString(e.what()).contains(QString("'%1'").arg(field)), e.what());
    }
  };
  auto c = smallConfig();
  c.mixed_precision_dtype = "fp8";
  expectField(c, "mixed_precision_dtype");
  c = smallConfig();
  c.max_tokens = 0;
  expectField(c, "max_tokens");
  c = smallConfig();
  c.time_budget_minutes = -1;
  expectField(c, "time_budget_minutes");
  c = smallConfig();
  c.subword_alpha = 1.5;
  expectField(c, "subword_alpha");
  c = smallConfig();
  c.worker_probe_steps = 2;  // too few to time: the first third warms up
  expectField(c, "worker_probe_steps");
  c = smallConfig();
  c.model.heads = 5;
  expectField(c, "d_model");
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           model::trainingConfigFromJson(nlohmann::json{{"schedule", "linear"}}));
  // Found by fuzz_config: numbers that do not fit the field are errors, not undefined casts.
  auto expectJsonError = [](const char* text, const char* field) {
    try {
      model::trainingConfigFromJson(nlohmann::json::parse(text));
      QFAIL(text);
    } catch (const std::invalid_argument& e) {
      QVERIFY2(QString(e.what()).contains(QString("'%1'").arg(field)), e.what());
    }
  };
  expectJsonError(R"({"model": {"d_model": 6.4e74}})", "d_model");
  expectJsonError(R"({"max_steps": 1.5})", "max_steps");
  expectJsonError(R"({"seed": -1})", "seed");
  expectJsonError(R"({"max_steps": 18446744073709551615})", "max_steps");
  QCOMPARE(model::trainingConfigFromJson(nlohmann::json::parse(R"({"max_steps": 2e3})")).max_steps, int64_t(2000));
}

void TestTrainer::presets() {
  QCOMPARE(model::trainingPresetNames().size(), size_t(6));
  auto starter = model::trainingPreset("starter");
  QVERIFY(starter.mixed_precision && starter.mixed_precision_dtype == "auto");  // bf16 only where the CPU has it
  QVERIFY(starter.schedule == model::ScheduleKind::Cosine);
  QCOMPARE(starter.max_steps, int64_t(12000));  // the most a 14-minute budget may hold
  QCOMPARE(starter.time_budget_minutes, 14.0);
  QCOMPARE(starter.cpu_workers, int64_t(2));  // two one-thread processes on a CPU of two cores
  QCOMPARE(starter.worker_probe_steps,
           int64_t(75));  // ... or one process, whichever the first steps show faster
  QCOMPARE(model::trainingPreset("tiny").worker_probe_steps, int64_t(0));
  QCOMPARE(starter.model.dropout, 0.0);  // 0.1 and 0.05 learnt less in the 14 minutes
  QCOMPARE(starter.max_tokens, int64_t(1024));  // more, smaller updates than tiny's 2,048 tokens
  QCOMPARE(model::trainingPreset("tiny").model.dropout, 0.1);
  auto toy = model::trainingPreset("toy");  // a toy task: small, no dropout, a probe every 25 steps
  QCOMPARE(toy.model.d_model, int64_t(64));
  QCOMPARE(toy.model.dropout, 0.0);
  QCOMPARE(toy.probe_every, int64_t(25));
  auto four = model::trainingPreset("iwslt-4layer");
  QCOMPARE(four.model.encoder_layers, int64_t(4));
  QCOMPARE(four.model.heads, int64_t(8));
  QCOMPARE(four.model.d_model, int64_t(512));
  auto six = model::trainingPreset("iwslt-6layer");
  QCOMPARE(six.model.decoder_layers, int64_t(6));
  QCOMPARE(six.warmup_steps, int64_t(16000));
  auto base = model::trainingPreset("base");
  QCOMPARE(base.model.d_ff, int64_t(2048));
  for (const auto& name : model::trainingPresetNames()) model::trainingPreset(name).validate();
  try {
    model::trainingPreset("huge");
    QFAIL("no error");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("starter, tiny, toy, iwslt-4layer, iwslt-6layer, base"), e.what());
  }
}

void TestTrainer::schedules() {
  auto c = smallConfig();
  c.schedule = model::ScheduleKind::Cosine;
  c.learning_rate = 1e-3;
  c.min_learning_rate = 1e-5;
  c.warmup_steps = 100;
  c.cosine_cycle_steps = 1000;
  c.cosine_cycle_mult = 2.0;
  QVERIFY(std::abs(model::scheduledLearningRate(c, 50) - 5e-4) < 1e-12);                     // warmup
  QVERIFY(std::abs(model::scheduledLearningRate(c, 100) - 1e-3) < 1e-12);                    // peak
  QVERIFY(std::abs(model::scheduledLearningRate(c, 600) - (1e-3 + 1e-5) / 2) < 1e-12);       // half a cycle
  QVERIFY(std::abs(model::scheduledLearningRate(c, 1100) - 1e-3) < 1e-12);                   // warm restart
  QVERIFY(std::abs(model::scheduledLearningRate(c, 2100) - (1e-3 + 1e-5) / 2) < 1e-12);      // second cycle is 2000 long
  c.schedule = model::ScheduleKind::Plateau;
  QVERIFY(std::abs(model::scheduledLearningRate(c, 5000) - 1e-3) < 1e-12);
  c.schedule = model::ScheduleKind::Noam;
  QVERIFY(std::abs(model::scheduledLearningRate(c, 100) - std::pow(32.0, -0.5) * std::pow(100.0, -0.5)) < 1e-12);
}

void TestTrainer::theSpeedEstimateTimesRealSteps() {
  auto config = model::trainingPreset("starter");
  config.max_steps = 100;
  config.eval_every = 50;
  config.eval_sentences = 20;
  const auto estimate = model::estimateTrainingSpeed(config, 500, torch::kCPU, 2, 12, 100);
  QVERIFY(estimate.step_seconds > 0);
  QVERIFY(estimate.evaluation_seconds > 0);
  // The end's final choice of best.pt: two translations of all 100 dev pairs, five times the 20 evaluated.
  QVERIFY(estimate.final_choice_seconds > 0);
  QVERIFY(estimate.final_choice_seconds < 10 * estimate.evaluation_seconds);
  QCOMPARE(estimate.run_seconds,
           estimate.step_seconds * 100 + estimate.evaluation_seconds * 2 + estimate.final_choice_seconds);
  QCOMPARE(QString::fromStdString(estimate.precision),
           model::cpuBf16Instructions().empty() ? QString("fp32") : QString("bf16"));
  QCOMPARE(estimate.steps, int64_t(100));  // 14 minutes hold them all
  // A budget of a tenth of a second holds fewer, and the estimate is theirs.
  config.time_budget_minutes = 0.1 / 60;
  const auto budgeted = model::estimateTrainingSpeed(config, 500, torch::kCPU, 2, 12, 100);
  QVERIFY2(budgeted.steps >= 1 && budgeted.steps < 100, qPrintable(QString::number(budgeted.steps)));
  QCOMPARE(budgeted.run_seconds, budgeted.step_seconds * double(budgeted.steps) +
                                     budgeted.evaluation_seconds * double(budgeted.steps / 50) +
                                     budgeted.final_choice_seconds);
  config.time_budget_minutes = 0;
  config.evaluate = false;
  const auto without = model::estimateTrainingSpeed(config, 500, torch::kCPU, 1, 12, 100);
  QCOMPARE(without.evaluation_seconds, 0.0);
  QCOMPARE(without.final_choice_seconds, 0.0);
  QCOMPARE(without.run_seconds, without.step_seconds * 100);
}

void TestTrainer::aTimeBudgetDecidesTheStepsFromTheFirstOnes() {
  // One minute (57.6 s without its 4 % reserve); steps 11..60 take 0.5 s each
  // after a slow start of 5 s: at step 60, 30 s are gone, 27.6 s hold 55 more.
  model::TimeBudget budget(1.0, 1000, 60, 10);
  QVERIFY(budget.active());
  int64_t decided = 0;
  for (int64_t step = 1; step <= 60; ++step) {
    const double elapsed = step <= 10 ? 0.5 * double(step) : 5.0 + 0.5 * double(step - 10);
    QCOMPARE(budget.asksAt(step), step == 60);
    const int64_t steps = budget.observe(step, elapsed, 1000);
    if (step < 60) QCOMPARE(steps, int64_t(0));
    decided = steps;
  }
  QCOMPARE(decided, int64_t(115));
  QCOMPARE(budget.pace(), 0.5);
  QVERIFY(!budget.revised());
  QCOMPARE(budget.observe(61, 30.5, 115), int64_t(0));  // once (revisions come every 500 steps)
  // The configured max_steps caps it; a budget already spent still takes one more step.
  model::TimeBudget capped(1.0, 80, 60, 10), spent(1.0, 1000, 60, 10);
  for (int64_t step = 1; step <= 60; ++step) {
    decided = capped.observe(step, 0.01 * double(step), 80);
    if (const int64_t s = spent.observe(step, 2.0 * double(step), 1000)) QCOMPARE(s, int64_t(61));
  }
  QCOMPARE(decided, int64_t(80));
  // A run resumed past the measuring steps has no pace: it keeps the cap.
  model::TimeBudget resumed(1.0, 500, 60, 10);
  QCOMPARE(resumed.observe(60, 1.0, 500), int64_t(500));
  QVERIFY(!resumed.active());
  // No budget: nothing to decide.
  model::TimeBudget none(0.0, 500, 60, 10);
  QVERIFY(!none.active());
  QCOMPARE(none.observe(60, 1.0, 500), int64_t(0));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::TimeBudget(-1.0, 10));
}

void TestTrainer::aTimeBudgetRevisesThePlanFromTheLaterPace() {
  // As above, decided at step 60 (115 steps of 0.5 s), revised every 20
  // steps. The later steps take 0.625 s: at step 80 (42.5 s gone) 15.1 s of
  // the 57.6 hold 24 more, so the plan shrinks to 104 steps, which end at
  // 57.5 s; at step 100 the plan still holds (no change to report).
  model::TimeBudget slower(1.0, 1000, 60, 10, 0.04, 20);
  double elapsed = 0;
  int64_t planned = 1000;
  QList<int64_t> revisions;
  for (int64_t step = 1; step <= planned; ++step) {
    elapsed += step <= 60 ? 0.5 : 0.625;
    const bool asks = slower.asksAt(step);
    const int64_t steps = slower.observe(step, elapsed, planned);
    QVERIFY2(asks || steps == 0, qPrintable(QString::number(step)));
    QCOMPARE(asks, step == 60 || (step > 60 && step % 20 == 0));
    if (steps == 0) continue;
    if (step > 60) revisions.append(step);
    planned = steps;
  }
  QCOMPARE(planned, int64_t(104));
  QCOMPARE(revisions, QList<int64_t>({80}));
  QVERIFY(slower.revised());
  QCOMPARE(slower.pace(), 0.625);
  QCOMPARE(QString::fromStdString(slower.describe(104)),
           QString("time budget of 1 min: 104 steps now (0.625 s a step since step 60, evaluations too)"));
  QVERIFY2(elapsed <= slower.seconds() + 1e-6, qPrintable(QString::number(elapsed)));

  // The same run with 5 s kept for its end (the final choice of best.pt),
  // known from step 70 on: at step 80 10.1 s hold 16 more steps, 96 in all.
  model::TimeBudget reserving(1.0, 1000, 60, 10, 0.04, 20);
  elapsed = 0;
  planned = 1000;
  for (int64_t step = 1; step <= planned; ++step) {
    elapsed += step <= 60 ? 0.5 : 0.625;
    if (step == 70) reserving.reserveAtTheEnd(5.0);
    if (const int64_t steps = reserving.observe(step, elapsed, planned)) planned = steps;
  }
  QCOMPARE(planned, int64_t(96));
  QCOMPARE(reserving.seconds(), 57.6 - 5.0);
  QVERIFY2(elapsed + 5.0 <= 57.6 + 1e-6, qPrintable(QString::number(elapsed)));

  // Quicker later steps (0.25 s) give the run more of them, up to the cap;
  // a pace within 1 % of the plan changes nothing.
  model::TimeBudget quicker(1.0, 150, 60, 10, 0.04, 20), steady(1.0, 1000, 60, 10, 0.04, 20);
  elapsed = 0;
  planned = 1000;
  int64_t steady_planned = 1000;
  for (int64_t step = 1; step <= 100; ++step) {
    elapsed += step <= 60 ? 0.5 : 0.25;
    if (const int64_t steps = quicker.observe(step, elapsed, planned)) planned = steps;
    const double steady_elapsed = 0.5 * double(step) + (step > 60 ? 0.001 * double(step - 60) : 0.0);
    if (const int64_t steps = steady.observe(step, steady_elapsed, steady_planned)) {
      QVERIFY2(step == 60, qPrintable(QString::number(step)));
      steady_planned = steps;
    }
  }
  QCOMPARE(planned, int64_t(150));
  QCOMPARE(steady_planned, int64_t(115));
  QVERIFY(!steady.revised());
}

void TestTrainer::aRunWithATimeBudgetEndsWhereItDecided() {
  // A budget of a fifth of a second: at step 200 the run decides how many
  // steps fit (201, the least, where the budget is spent; fewer than the cap
  // of 600 in any case), stops there, and its config.json says so, for
  // --resume. --max-steps turns the budget off.
  auto config = smallConfig();
  config.max_steps = 600;
  config.eval_every = 1000;
  config.evaluate = false;
  config.time_budget_minutes = 0.2 / 60;
  Recorder recorder;
  QVERIFY2(model::Trainer(config, data_, dir("budget"), false, recorder.callbacks()).run(),
           recorder.failure.c_str());
  const auto written = model::readRunConfig(dir("budget"));
  QVERIFY2(recorder.finished.step > 200 && recorder.finished.step < 600,
           qPrintable(QString::number(recorder.finished.step)));
  QCOMPARE(written.max_steps, recorder.finished.step);
  QCOMPARE(written.time_budget_minutes, 0.0);
  QVERIFY2(recorder.log.find("time budget of 0.00333333 min: " + std::to_string(written.max_steps) + " steps") !=
               std::string::npos,
           recorder.log.c_str());
  Recorder overridden;
  QVERIFY2(model::Trainer(config, data_, dir("budget-off"), false, overridden.callbacks(), 210).run(),
           overridden.failure.c_str());
  QCOMPARE(overridden.finished.step, int64_t(210));
  QVERIFY(overridden.log.find("time budget") == std::string::npos);
}

STUDIO_TEST_MAIN(TestTrainer)
#include "tst_trainer.moc"
