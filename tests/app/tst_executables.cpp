// Starts every executable we build. The SentencePiece/protobuf load-order
// crash kills a process before main(); this suite is where it would show.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
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
  void preparesAFixtureCorpus();
  void prepareReportsMisalignedFiles();
  void preparesAnIwsltFolder();
  void prepareUsageErrors_data();
  void prepareUsageErrors();

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

void TestExecutables::preparesAFixtureCorpus() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString tsv = dir.filePath("corpus.tsv");
  {
    QFile file(tsv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QStringList vi{"Mở tập tin", "Đóng cửa sổ", "Lưu tài liệu", "Thoát chương trình", "Tìm kiếm"};
    const QStringList en{"Open file", "Close window", "Save document", "Quit the program", "Search"};
    for (int i = 0; i < 400; ++i)
      file.write(QString("%1 số %2\t%3 number %2\n").arg(vi[i % 5]).arg(i).arg(en[i % 5]).toUtf8());
    file.write("no tab on this line\n");
  }
  const QString out = dir.filePath("data");
  auto r = run(STUDIO_CLI_PATH, {"prepare", "--corpus", tsv, "--out", out, "--vocab-size", "100"});
  QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
  QVERIFY2(r.out.contains("malformed 1"), qPrintable(r.out));  // the summary is printed
  for (const char* name : {"train.vi", "train.en", "dev.vi", "dev.en", "test.vi", "test.en", "spm.model",
                           "spm.vocab", "cache/train.ids", "cache/dev.ids", "cache/test.ids", "summary.json"})
    QVERIFY2(QFile::exists(out + "/" + name), name);
  QFile summary_file(out + "/summary.json");
  QVERIFY(summary_file.open(QIODevice::ReadOnly));
  const auto summary = QJsonDocument::fromJson(summary_file.readAll()).object();
  QCOMPARE(summary["format"].toString(), QString("tsv"));
  const auto read = summary["read"].toObject()["train"].toObject();
  QCOMPARE(read["read"].toInt(), 401);
  QCOMPARE(read["kept"].toInt(), 400);
  const auto splits = summary["splits"].toObject();
  QCOMPARE(splits["train"].toObject()["pairs"].toInt() + splits["dev"].toObject()["pairs"].toInt() +
               splits["test"].toObject()["pairs"].toInt(),
           400);
  QVERIFY(summary["batching_preview"].toObject().contains("padding_ratio"));

  auto bench = run(STUDIO_DATA_BENCH_PATH, {"--data", out, "--pairs", "1000", "--json"});
  QVERIFY2(bench.exit_code == 0, qPrintable(bench.err));
  QVERIFY(bench.out.contains("encode_parallel_seconds"));
}

void TestExecutables::prepareReportsMisalignedFiles() {
  QTemporaryDir dir;
  QFile vi(dir.filePath("a.vi")), en(dir.filePath("a.en"));
  QVERIFY(vi.open(QIODevice::WriteOnly) && en.open(QIODevice::WriteOnly));
  vi.write("một\nhai\nba\n");
  en.write("one\ntwo\n");
  vi.close();
  en.close();
  auto r = run(STUDIO_CLI_PATH, {"prepare", "--src", vi.fileName(), "--tgt", en.fileName(), "--out",
                                 dir.filePath("data")});
  QCOMPARE(r.exit_code, 1);
  QVERIFY2(r.err.contains(vi.fileName()) && r.err.contains(en.fileName()), qPrintable(r.err));
  QVERIFY2(r.err.contains("3 lines") && r.err.contains("has 2"), qPrintable(r.err));
  QVERIFY(!QFile::exists(dir.filePath("data/spm.model")));
}

void TestExecutables::preparesAnIwsltFolder() {
  // IWSLT'15 as the Stanford NMT project ships it: Moses-tokenized, XML-escaped.
  QTemporaryDir dir;
  auto write = [&](const QString& name, const QString& line, int count) {
    QFile file(dir.filePath(name));
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (int i = 0; i < count; ++i) file.write(line.arg(i).toUtf8() + "\n");
  };
  write("train.vi", "Đó là &quot; cuốn sách &quot; số %1 của tôi .", 300);
  write("train.en", "It &apos;s my &quot; book &quot; number %1 .", 300);
  write("tst2012.vi", "Câu kiểm tra %1 .", 20);
  write("tst2012.en", "Dev sentence %1 .", 20);
  write("tst2013.vi", "Câu thử %1 .", 30);
  write("tst2013.en", "Test sentence %1 .", 30);
  const QString out = dir.filePath("data");
  auto r = run(STUDIO_CLI_PATH, {"prepare", "--corpus", dir.path(), "--out", out, "--vocab-size", "100",
                                 "--detokenize"});
  QVERIFY2(r.exit_code == 0, qPrintable(r.err + r.out));
  QFile summary_file(out + "/summary.json");
  QVERIFY(summary_file.open(QIODevice::ReadOnly));
  const auto summary = QJsonDocument::fromJson(summary_file.readAll()).object();
  QCOMPARE(summary["format"].toString(), QString("iwslt"));
  QCOMPARE(summary["splits"].toObject()["dev"].toObject()["pairs"].toInt(), 20);
  QCOMPARE(summary["splits"].toObject()["test"].toObject()["pairs"].toInt(), 30);
  QFile train(out + "/train.en");
  QVERIFY(train.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(train.readLine()).trimmed(), QString("It's my \"book\" number 0."));
}

void TestExecutables::prepareUsageErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("expected");
  QTest::newRow("no corpus") << QStringList{"prepare", "--out", "/tmp/x"} << "give a corpus";
  QTest::newRow("no output") << QStringList{"prepare", "--corpus", "/tmp"} << "--out is required";
  QTest::newRow("bad vocabulary size") << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x",
                                                     "--vocab-size", "lots"}
                                       << "--vocab-size must be a whole number";
  QTest::newRow("bad format") << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--format", "xml"}
                              << "--format";
  QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
}

void TestExecutables::prepareUsageErrors() {
  QFETCH(QStringList, args);
  QFETCH(QString, expected);
  auto r = run(STUDIO_CLI_PATH, args);
  QCOMPARE(r.exit_code, 2);
  QVERIFY2(r.err.contains(expected), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestExecutables)
#include "tst_executables.moc"
