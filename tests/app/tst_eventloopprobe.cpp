// The event-loop probe behind the GUI latency benchmark: a stall it is shown
// is measured at its length, and counted.
#include <QThread>
#include <QTimer>
#include <QtTest/QtTest>

#include "app/EventLoopProbe.h"
#include "common/SuiteMain.h"

class TestEventLoopProbe : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void aBlockedLoopIsMeasured() {
    studio::app::EventLoopProbe probe(5);
    probe.start();
    QTimer::singleShot(100, this, [] { QThread::msleep(150); });  // a slot that keeps the loop busy
    QTest::qWait(400);
    probe.stop();
    const auto s = probe.summary();
    QVERIFY2(s.ticks >= 10, qPrintable(QString::number(s.ticks)));
    QVERIFY2(s.longestMs >= 140, qPrintable(QString::number(s.longestMs)));
    QVERIFY(s.over50Ms >= 1);
    QVERIFY(s.p95Ms <= s.p99Ms && s.p99Ms <= s.longestMs);
    QVERIFY(s.seconds >= 0.3);
  }

  void nothingMeasuredIsAnEmptySummary() {
    studio::app::EventLoopProbe probe(5);
    const auto s = probe.summary();
    QCOMPARE(s.ticks, 0);
    QCOMPARE(s.longestMs, 0.0);
  }
};

STUDIO_TEST_MAIN(TestEventLoopProbe)
#include "tst_eventloopprobe.moc"
