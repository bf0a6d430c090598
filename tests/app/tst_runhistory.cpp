// The reader of a run folder's metrics.jsonl behind the opened run's charts:
// records, torn lines, lines too long to hold, steps no run can have.
#include <QBuffer>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "app/training/RunHistory.h"
#include "common/SuiteMain.h"

using studio::app::kMaxMetricsLineBytes;
using studio::app::readRunHistory;
using studio::app::RunHistory;

namespace {

// The lines are written with single quotes (moc does not read raw strings);
// they become JSON's double quotes here.
RunHistory read(const QByteArray& text) {
  QByteArray copy = text;
  copy.replace('\'', '"');
  QBuffer buffer(&copy);
  buffer.open(QIODevice::ReadOnly);
  return readRunHistory(buffer);
}

}  // namespace

class TestRunHistory : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void readsTrainAndEvalRecords() {
    const auto history = read(
        "{'type':'train','step':1,'loss':9.5,'lr':0.0001,'tokens_per_s':1200}"
        "\n"
        "{'type':'train','step':2,'loss':9.0,'lr':0.0002,'tokens_per_s':1300,'workers':2}"
        "\n"
        "{'type':'eval','step':2,'loss':8.5,'perplexity':4900,'token_accuracy':0.1,'bleu':1.5,'best':true,"
        "'samples':[{'source':'xin chào','reference':'hello','hypothesis':'hi'}]}"
        "\n");
    QCOMPARE(history.steps.size(), 2);
    QCOMPARE(history.steps[1].step, 2);
    QCOMPARE(history.steps[1].loss, 9.0);
    QCOMPARE(history.steps[1].learningRate, 0.0002);
    QCOMPARE(history.steps[1].tokensPerSecond, 1300.0);
    QCOMPARE(history.steps[0].workers, 1);  // a line without workers: one
    QCOMPARE(history.steps[1].workers, 2);
    QCOMPARE(history.evals.size(), 1);
    QCOMPARE(history.evals[0].bleu, 1.5);
    QVERIFY(history.evals[0].best);
    QCOMPARE(history.evals[0].samples.size(), 1);
    QCOMPARE(history.evals[0].samples[0].source, QStringLiteral("xin chào"));
    QCOMPARE(history.lastStep, 2);
    QCOMPARE(history.unreadableLines, 0);
  }

  void tornAndForeignLinesAreCountedNotShown() {
    const auto history = read(
        "{'type':'train','step':1,'loss':9.5}" "\n"
        "\n"                                   // blank: not a record, not unreadable
        "not json\n"
        "[1,2,3]\n"                            // JSON, not an object
        "{'type':'train','loss':3}" "\n"    // no step
        "{'type':'train','step':'7'}" "\n"  // a step that is no number
        "{'type':'train','step':2,'loss':9");  // torn by a crash
    QCOMPARE(history.steps.size(), 1);
    QCOMPARE(history.unreadableLines, 5);
    QCOMPARE(history.lastStep, 1);
  }

  void stepsNoRunCanHaveAreUnreadable() {
    // qint64(1e300) would be undefined behaviour; negative steps do not exist.
    const auto history = read("{'type':'train','step':1e300}" "\n"
                              "{'type':'train','step':-4}" "\n"
                              "{'type':'eval','step':1e16}" "\n"
                              "{'type':'train','step':3.7,'loss':'high'}" "\n");
    QCOMPARE(history.unreadableLines, 3);
    QCOMPARE(history.steps.size(), 1);
    QCOMPARE(history.steps[0].step, 3);
    QCOMPARE(history.steps[0].loss, 0.0);  // not a number: no point to draw from it
  }

  void aLineTooLongToHoldIsSkippedAndTheNextOneRead() {
    QByteArray text = "{'type':'train','step':1,'loss':1,'pad':'";
    text += QByteArray(kMaxMetricsLineBytes + 10, 'x');
    text += "'}\n";
    text += "{'type':'train','step':2,'loss':2}\n";
    // The same, with the long line last and no newline.
    text += QByteArray(3 * kMaxMetricsLineBytes, 'y');
    const auto history = read(text);
    QCOMPARE(history.unreadableLines, 2);
    QCOMPARE(history.steps.size(), 1);
    QCOMPARE(history.steps[0].step, 2);
  }

  void aMissingFileSaysWhy() {
    QTemporaryDir dir;
    QString error;
    QVERIFY(!readRunHistory(dir.filePath("metrics.jsonl"), &error).has_value());
    QVERIFY2(!error.isEmpty(), "the error is named");
  }
};

STUDIO_TEST_MAIN(TestRunHistory)
#include "tst_runhistory.moc"
