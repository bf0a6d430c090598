// Training on a worker thread behind Qt signals: points arrive, the event
// loop keeps ticking, a stop request ends the run with a checkpoint.

#include <fstream>
#include <sstream>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest/QtTest>

#include "app/training/TrainingSession.h"
#include "common/SuiteMain.h"
#include "common/TestUtil.h"
#include "model/training/Distributed.h"

using namespace studio;

namespace {
// A small model, so that a step takes milliseconds.
const char* kSmallConfig = R"({
  "model": {"encoder_layers": 1, "decoder_layers": 1, "d_model": 32, "heads": 2, "d_ff": 64, "max_length": 64},
  "max_tokens": 256, "warmup_steps": 10, "eval_every": 5, "eval_sentences": 8, "log_every": 1
})";
}  // namespace

class TestTrainingSession : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void pointsArriveTheLoopTicksAndStopWritesACheckpoint();
  void evaluationsAndTheEndAreReported();
  void badRequestsFailAtOnce();
  void twoWorkersTrainAndStopTogether();

 private:
  QTemporaryDir tmp_;
  QString data_;
};

void TestTrainingSession::initTestCase() {
  QVERIFY(tmp_.isValid());
  data_ = QString::fromStdString(
      test::prepareNumberedCorpus(tmp_.path().toStdString(), {"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục"},
                                  {"open the file", "close the window", "save the document", "delete the folder"},
                                  300, 100));
}

void TestTrainingSession::pointsArriveTheLoopTicksAndStopWritesACheckpoint() {
  app::TrainingSession session;
  session.setStepInterval(0);
  QSignalSpy steps(&session, &app::TrainingSession::stepReported);
  QSignalSpy finished(&session, &app::TrainingSession::finished);
  QSignalSpy failed(&session, &app::TrainingSession::failed);
  int ticks = 0;
  QTimer ticker;
  QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
  ticker.start(5);

  app::TrainingRequest request;
  request.dataDir = data_;
  request.runDir = tmp_.filePath("run-stop");
  request.configJson = kSmallConfig;
  request.maxSteps = 100000;
  request.device = "cpu";
  session.start(request);
  QVERIFY(session.isRunning());
  QTRY_VERIFY_WITH_TIMEOUT(steps.count() >= 20, 60000);
  QVERIFY2(ticks >= 5, qPrintable(QString("the event loop ticked only %1 times").arg(ticks)));
  const auto first = steps.first().first().value<app::StepProgress>();
  QCOMPARE(first.step, qint64(1));
  QVERIFY(first.loss > 0);

  session.stop();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
  const auto report = finished.first().first().value<app::FinishedReport>();
  QCOMPARE(report.reason, QString("stopped"));
  QVERIFY(QFile::exists(report.lastPath));
  QVERIFY(report.lastPath.startsWith(request.runDir + "/checkpoints/"));
  QTRY_VERIFY(!session.isRunning());
}

void TestTrainingSession::evaluationsAndTheEndAreReported() {
  app::TrainingSession session;
  QSignalSpy evaluated(&session, &app::TrainingSession::evaluated);
  QSignalSpy checkpoints(&session, &app::TrainingSession::checkpointWritten);
  QSignalSpy finished(&session, &app::TrainingSession::finished);
  app::TrainingRequest request;
  request.dataDir = data_;
  request.runDir = tmp_.filePath("run-eval");
  request.configJson = kSmallConfig;
  request.maxSteps = 10;
  request.device = "cpu";
  session.start(request);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
  QCOMPARE(evaluated.count(), 2);
  const auto eval = evaluated.first().first().value<app::EvalReport>();
  QCOMPARE(eval.step, qint64(5));
  QVERIFY(eval.bleuLine.startsWith("BLEU|"));
  QVERIFY(!eval.samples.isEmpty());
  QVERIFY(checkpoints.count() >= 2);
  QCOMPARE(finished.first().first().value<app::FinishedReport>().reason, QString("max_steps"));
}

void TestTrainingSession::badRequestsFailAtOnce() {
  app::TrainingSession session;
  QSignalSpy failed(&session, &app::TrainingSession::failed);
  app::TrainingRequest request;
  request.dataDir = data_;
  request.runDir = tmp_.filePath("run-bad");
  request.preset = "huge";
  session.start(request);
  QCOMPARE(failed.count(), 1);
  QVERIFY(failed.first().first().toString().contains("unknown preset"));
  QVERIFY(!session.isRunning());

  request.preset = "tiny";
  request.configJson = "{\"max_tokens\": \"many\"}";
  session.start(request);
  QCOMPARE(failed.count(), 2);
  QVERIFY(failed.last().first().toString().contains("'max_tokens'"));

  // A missing data folder fails on the worker, with the path in the message.
  request.configJson = kSmallConfig;
  request.dataDir = tmp_.filePath("no-such-data");
  session.start(request);
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 3, 30000);
  QVERIFY2(failed.last().first().toString().contains("no-such-data"), qPrintable(failed.last().first().toString()));
}


void TestTrainingSession::twoWorkersTrainAndStopTogether() {
  if (!model::distributedBuilt()) QSKIP("this build has no c10d Gloo (libgloo-dev was missing)");
  // This process is worker 0; worker 1 is the CLI, its lines in the log.
  const QString run = tmp_.path() + "/two-workers";
  app::TrainingSession session;
  session.setStepInterval(0);
  QSignalSpy steps(&session, &app::TrainingSession::stepReported);
  QSignalSpy finished(&session, &app::TrainingSession::finished);
  QSignalSpy failed(&session, &app::TrainingSession::failed);
  QStringList log;
  QObject::connect(&session, &app::TrainingSession::logLine, [&](const QString& line) { log << line; });
  app::TrainingRequest request;
  request.dataDir = data_;
  request.runDir = run;
  request.configJson = QString(kSmallConfig).replace("\"log_every\": 1", "\"log_every\": 1, \"max_steps\": 100000, "
                                                                          "\"default_probes\": 0");
  request.workers = 2;
  request.workerProgram = STUDIO_CLI_PATH;
  session.start(request);
  QTRY_VERIFY_WITH_TIMEOUT(steps.size() >= 3 || !failed.isEmpty(), 60000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
  QCOMPARE(steps.last().at(0).value<app::StepProgress>().workers, 2);
  session.stop();  // asked of worker 0: both stop after the same step
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 60000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
  const auto report = finished.first().at(0).value<app::FinishedReport>();
  QCOMPARE(report.reason, QString("stopped"));
  QVERIFY(QFile::exists(report.lastPath));
  // Worker 1 said it joined and stopped at the same step.
  const QString all = log.join('\n');
  QTRY_VERIFY_WITH_TIMEOUT(log.join('\n').contains(QString("worker 1: finished at step %1 (stopped)").arg(report.step)),
                           30000);
  QVERIFY2(all.contains("worker 1: joined as worker 1 of 2"), qPrintable(all));
  QVERIFY2(all.contains("Training on 2 workers"), qPrintable(all));
  // The run folder's metrics are the global figures, marked with the workers.
  QFile metrics(run + "/metrics.jsonl");
  QVERIFY(metrics.open(QIODevice::ReadOnly));
  QVERIFY(metrics.readLine().contains("\"workers\":2"));
}

STUDIO_TEST_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
