// Starts every executable we build. The SentencePiece/protobuf load-order
// crash kills a process before main(); this suite is where it would show.

#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest/QtTest>

class TestExecutables : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void cliVersion();
  void cliHelp();
  void cliUsageErrorExitsWithTwo();
  void gui();
  void benchmarkSmoke();

 private:
  struct Run {
    int exit_code = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out, err;
  };
  static Run run(const QString& program, const QStringList& args, int timeout_ms = 120000) {
    QProcess process;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    process.setProcessEnvironment(env);
    process.start(program, args);
    Run result;
    if (!process.waitForFinished(timeout_ms)) {
      process.kill();
      process.waitForFinished();
      result.err = "timed out";
      return result;
    }
    result.exit_code = process.exitCode();
    result.status = process.exitStatus();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
  }
};

void TestExecutables::cliVersion() {
  auto r = run(STUDIO_CLI_PATH, {"--version"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  QVERIFY2(r.out.contains("attention-studio-cli"), qPrintable(r.out));
  QVERIFY2(r.out.contains("LibTorch"), qPrintable(r.out));
  QVERIFY2(r.out.contains("CUDA:"), qPrintable(r.out));
}

void TestExecutables::cliHelp() {
  auto r = run(STUDIO_CLI_PATH, {"--help"});
  QCOMPARE(r.exit_code, 0);
  QVERIFY(r.out.contains("Usage:"));
}

void TestExecutables::cliUsageErrorExitsWithTwo() {
  auto r = run(STUDIO_CLI_PATH, {"--no-such-option"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QCOMPARE(r.exit_code, 2);
  QVERIFY(r.err.contains("--no-such-option"));
}

void TestExecutables::gui() {
#ifdef STUDIO_GUI_PATH
  auto r = run(STUDIO_GUI_PATH, {"--smoke-test"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
#else
  QSKIP("the GUI is not part of this build (STUDIO_BUILD_GUI=OFF)");
#endif
}

void TestExecutables::benchmarkSmoke() {
  auto r = run(STUDIO_BENCH_PATH, {"--smoke", "--json"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  QVERIFY2(r.out.contains("\"tokens_per_s\""), qPrintable(r.out));
  QVERIFY2(r.out.contains("\"flops_fraction\""), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestExecutables)
#include "tst_executables.moc"
