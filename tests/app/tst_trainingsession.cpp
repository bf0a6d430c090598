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

#include "app/TrainingSession.h"
#include "common/TestUtil.h"

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

QTEST_GUILESS_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
