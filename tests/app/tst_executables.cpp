// Starts every executable we build. The SentencePiece/protobuf load-order
// crash kills a process before main(); this suite is where it would show.

#include <algorithm>
#include <cmath>

#include <csignal>

#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/FakeArchive.h"
#include "common/SuiteMain.h"
#include "model/runtime/BlasKernels.h"

namespace {

// What the CLI's `--version` says, run with the variables `removed` unset and
// `name` set to `value` when it is not empty: the first capture of `pattern`
// in its output, or what went wrong.
QString versionSays(const QStringList& removed, const QString& name, const QString& value,
                    const QString& pattern) {
  QProcess process;
  auto env = QProcessEnvironment::systemEnvironment();
  for (const auto& variable : removed) env.remove(variable);
  if (!value.isEmpty()) env.insert(name, value);
  process.setProcessEnvironment(env);
  process.start(STUDIO_CLI_PATH, {"--version"});
  if (!process.waitForFinished(60000)) return "timed out";
  const auto out = QString::fromUtf8(process.readAllStandardOutput());
  const auto line = QRegularExpression(pattern).match(out);
  return line.hasMatch() ? line.captured(1) : "no line matching '" + pattern + "' in: " + out;
}

}  // namespace

class TestExecutables : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void cliVersion();
  void cliStartsAgainOnKernelsOfItsCpu();
  void cliHelp();
  void doctorReportsTheBuildAndTimesEveryDevice();
  void cliUsageErrorExitsWithTwo();
  void missingDeviceIsAUsageErrorNamingTheDevices_data();
  void missingDeviceIsAUsageErrorNamingTheDevices();
  void gui();
  void benchmarkSmoke();
  void guiLatencyBenchmarkSmoke();
  void preparesAFixtureCorpus();
  void prepareReportsMisalignedFiles();
  void alignPrintsLinksLearntFromTheFiles();
  void prepareStopsOnCtrlCKeepingNothing();
  void preparesAnIwsltFolder();
  void endToEndPrepareTrainTranslateEvaluate();
  void backTranslationFromTheCommandLine();
  void prepareUsageErrors_data();
  void prepareUsageErrors();
  void demoCorpusDownloadsUnpacksAndBuilds();

 private:
  struct Run {
    int exit_code = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out, err;
  };
  static Run run(const QString& program, const QStringList& args, int timeout_ms = 180000,
                 const QProcessEnvironment& extra = {}) {
    QProcess process;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert(extra);
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
  // oneDNN's primitive cache: 4,096 unless the user asks otherwise (model/runtime/Runtime.h says why).
  auto cache = [](const QString& asked) {
    return versionSays({"ONEDNN_PRIMITIVE_CACHE_CAPACITY", "DNNL_PRIMITIVE_CACHE_CAPACITY"},
                       "ONEDNN_PRIMITIVE_CACHE_CAPACITY", asked, "oneDNN primitive cache: (\\d+) primitives");
  };
  QCOMPARE(cache(""), QString("4096"));
  QCOMPARE(cache("64"), QString("64"));
}

// model/runtime/BlasKernels.h: Debian's OpenBLAS takes a CPU newer than it
// for a Prescott; the CLI starts again with OPENBLAS_CORETYPE set. Run
// without the variable (this suite's own process may have it from its start).
void TestExecutables::cliStartsAgainOnKernelsOfItsCpu() {
  auto version = [](const QString& asked) {
    return versionSays({"OPENBLAS_CORETYPE", "STUDIO_OPENBLAS_TOOK"}, "OPENBLAS_CORETYPE", asked,
                       "BLAS: ([^\n]*)");
  };
#ifdef STUDIO_SANITIZE
  QSKIP("the sanitized build keeps the kernels OpenBLAS chose (model/runtime/BlasKernels.cpp says why)");
#endif
  const QString blas = version("");
  if (!blas.contains(" kernels")) QSKIP(qPrintable("not OpenBLAS here: " + blas));
  // Never the SSE3 kernels on a CPU with AVX2.
  if (studio::model::cpuVectorUnits().avx2) QVERIFY2(!blas.contains("Prescott kernels"), qPrintable(blas));
  // The user's choice is kept, whatever it costs, and nothing is said about it.
  const QString kept = version("Prescott");
  QVERIFY2(kept.endsWith(", Prescott kernels"), qPrintable(kept));
}

void TestExecutables::doctorReportsTheBuildAndTimesEveryDevice() {
  auto r = run(STUDIO_CLI_PATH, {"doctor", "--seconds", "0.1"});
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  QVERIFY2(r.out.contains(QRegularExpression("Build: (CPU|CUDA) \\(LibTorch [12]\\.")), qPrintable(r.out));
  QVERIFY2(r.out.contains(QRegularExpression("matmul cpu fp32 1024x1024: [0-9.]+ GFLOP/s")), qPrintable(r.out));
  QVERIFY2(r.out.contains("BLAS: "), qPrintable(r.out));
  // The int8 kernels, best first; AVX2 is the last of any x86 CPU that has one.
  QVERIFY2(r.out.contains(QRegularExpression("int8 decoding kernels: ([^\n]*AVX2|none \\(int8 needs AVX2\\))\n")),
           qPrintable(r.out));
  // The bf16 kernels, or none where the CPU has no bf16 instructions (as its line above says).
  const bool bf16 = !r.out.contains("CPU bf16 instructions: none");
  QVERIFY2(r.out.contains(QRegularExpression(bf16 ? "bf16 decoding kernels: [^\n]*(AMX|AVX512-BF16|oneDNN)[^\n]*\n"
                                                   : "bf16 decoding kernels: none \\(bf16 decoding needs AMX or AVX512-BF16\\)\n")),
           qPrintable(r.out));
  // Where the app's help pages are (here: the source tree the programs were built from).
  const auto help = QRegularExpression("\nHelp pages: ([^\n]+)\n").match(r.out);
  QVERIFY2(help.hasMatch() && QFileInfo::exists(help.captured(1) + "/docs/user-guide.md"), qPrintable(r.out));

  r = run(STUDIO_CLI_PATH, {"doctor", "--seconds", "0.1", "--json"});
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  const auto json = QJsonDocument::fromJson(r.out.toUtf8()).object();
  QVERIFY2(json["build"].toString() == "CPU" || json["build"].toString() == "CUDA", qPrintable(r.out));
  QVERIFY2(json["cpu_int8"].isString(), qPrintable(r.out));
  QCOMPARE(json["help_pages"].toString(), help.captured(1));
  QVERIFY2(json["cpu_bf16_kernels"].isString() && json["cpu_bf16_kernels"].toString().isEmpty() == !bf16, qPrintable(r.out));
  const auto matmul = json["matmul"].toArray();
  QVERIFY(matmul.size() >= 2);  // the CPU in fp32 and bf16, then each GPU
  QCOMPARE(matmul[0].toObject()["device"].toString(), QString("cpu"));
  QVERIFY(matmul[0].toObject()["gflops"].toDouble() > 0);
  // A GPU that CUDA sees is timed too.
  QCOMPARE(matmul.size(), 2 * (1 + json["gpus"].toArray().size()));
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

void TestExecutables::missingDeviceIsAUsageErrorNamingTheDevices_data() {
  QTest::addColumn<QStringList>("args");
  // No machine of ours has a hundredth GPU: on one with a GPU or none, the device is missing.
  QTest::newRow("train") << QStringList{"train", "--data", "no-data", "--out", "no-run", "--device", "cuda:99"};
  QTest::newRow("translate") << QStringList{"translate", "--model", "no-model.pt", "--device", "cuda:99"};
  QTest::newRow("evaluate") << QStringList{"evaluate", "--model", "m.pt", "--src", "a", "--ref", "b", "--device", "cuda:99"};
  QTest::newRow("not a device") << QStringList{"translate", "--model", "no-model.pt", "--device", "tpu"};
  QTest::newRow("serve") << QStringList{"serve", "--model", "no-model.pt", "--device", "cuda:99"};
}

void TestExecutables::missingDeviceIsAUsageErrorNamingTheDevices() {
  QFETCH(QStringList, args);
  const auto r = run(STUDIO_CLI_PATH, args);
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 2, qPrintable(r.err));
  QVERIFY2(r.err.contains("--device: ") && r.err.contains("the devices here: cpu"), qPrintable(r.err));
  QVERIFY2(r.err.contains(args.last()), qPrintable(r.err));
}

void TestExecutables::gui() {
#ifdef STUDIO_GUI_PATH
  auto r = run(STUDIO_GUI_PATH, {"--smoke-test"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  // An option that needs another (tst_translateworkspace tests Save word alignments… itself).
  r = run(STUDIO_GUI_PATH, {"--save-alignments", "--smoke-test"});
  QVERIFY2(r.exit_code == 1 && r.err.contains("--save-alignments needs --translate-file"), qPrintable(r.err));
  r = run(STUDIO_GUI_PATH, {"--alignment-dialog", "--smoke-test"});
  QVERIFY2(r.exit_code == 1 && r.err.contains("--alignment-dialog needs --translate-file"),
           qPrintable(r.err));

  // Without a screen: --help and --version answer; anything else says what
  // to do instead of Qt's abort over its platform plugin.
  auto screenless = [](const QStringList& args) {
    QProcess process;
    auto env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
    process.setProcessEnvironment(env);
    process.start(STUDIO_GUI_PATH, args);
    Run result;
    if (!process.waitForFinished(60000)) process.kill(), process.waitForFinished();
    result.exit_code = process.exitCode();
    result.status = process.exitStatus();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
  };
  const auto help = screenless({"--help"});
  QVERIFY2(help.status == QProcess::NormalExit && help.exit_code == 0 && help.out.contains("--screenshot") &&
               help.out.contains("--language"),
           qPrintable(help.out + help.err));
  const auto version = screenless({"--version"});
  QVERIFY2(version.exit_code == 0 && version.out.startsWith("attention-studio 0."),
           qPrintable(version.out + version.err));
  const auto window = screenless({"--workspace", "translate"});
  QVERIFY2(window.status == QProcess::NormalExit && window.exit_code == 1 &&
               window.err.contains("no screen") && window.err.contains("xvfb-run") &&
               window.err.contains("attention-studio-cli"),
           qPrintable(window.err));
#else
  QSKIP("the GUI is not part of this build (STUDIO_BUILD_GUI=OFF)");
#endif
}

void TestExecutables::benchmarkSmoke() {
#ifdef STUDIO_BENCH_PATH
  auto r = run(STUDIO_BENCH_PATH, {"--smoke", "--json"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  QVERIFY2(r.out.contains("\"tokens_per_s\""), qPrintable(r.out));
  QVERIFY2(r.out.contains("\"flops_fraction\""), qPrintable(r.out));
#else
  QSKIP("the benchmarks are not part of this build (STUDIO_BUILD_BENCHMARKS=OFF)");
#endif
}

void TestExecutables::guiLatencyBenchmarkSmoke() {
#ifdef STUDIO_GUI_BENCH_PATH
  auto r = run(STUDIO_GUI_BENCH_PATH, {"--seconds", "3", "--json"});
  QCOMPARE(r.status, QProcess::NormalExit);
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  const auto json = QJsonDocument::fromJson(r.out.toUtf8()).object();
  QVERIFY2(json.contains("longest_stall_ms") && json["ticks"].toInt() > 0, qPrintable(r.out));
  QVERIFY2(json["keystrokes"].toInt() > 0 && json["workspace_switches"].toInt() > 0, qPrintable(r.out));
#elif defined(STUDIO_BENCH_PATH)
  QSKIP("the GUI is not part of this build (STUDIO_BUILD_GUI=OFF)");
#else
  QSKIP("the benchmarks are not part of this build (STUDIO_BUILD_BENCHMARKS=OFF)");
#endif
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

#ifdef STUDIO_BENCH_PATH  // the benchmarks are built
  auto bench = run(STUDIO_DATA_BENCH_PATH, {"--data", out, "--pairs", "1000", "--json"});
  QVERIFY2(bench.exit_code == 0, qPrintable(bench.err));
  QVERIFY(bench.out.contains("encode_parallel_seconds"));
  // The encoding guess's measurement, on the prepared Vietnamese: each encoding's lines counted.
  auto guess_bench = run(STUDIO_ENCODING_BENCH_PATH, {out + "/train.vi", "--json"});
  QVERIFY2(guess_bench.exit_code == 0, qPrintable(guess_bench.err));
  const auto guesses = QJsonDocument::fromJson(guess_bench.out.toUtf8()).object()["encodings"].toObject();
  QCOMPARE(guesses.keys(), (QStringList{"TCVN3", "VISCII", "VNI", "Windows-1258"}));
  QCOMPARE(guesses["VNI"].toObject()["whole_file"].toString(), QString("VNI"));
#endif
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

void TestExecutables::alignPrintsLinksLearntFromTheFiles() {
  QTemporaryDir dir;
  QFile vi(dir.filePath("a.vi")), en(dir.filePath("a.en"));
  QVERIFY(vi.open(QIODevice::WriteOnly) && en.open(QIODevice::WriteOnly));
  // Ten pairs, one with an empty side. (That EM finds links off the
  // diagonal is tst_guidedalignment's to show: here, the command.)
  for (int i = 0; i < 4; ++i) {
    vi.write("mở tập\ntập đóng\n");
    en.write("open file\nfile close\n");
  }
  vi.write("\nđóng cửa sổ\n");
  en.write("nothing\nclose window\n");
  vi.close();
  en.close();
  auto r = run(STUDIO_CLI_PATH, {"align", "--src", vi.fileName(), "--tgt", en.fileName()});
  QVERIFY2(r.exit_code == 0, qPrintable(r.err));
  const auto lines = r.out.split('\n');
  QCOMPARE(lines.size(), 11);  // ten pairs and the last newline
  QCOMPARE(lines[0], QString("0-0 1-1"));
  QCOMPARE(lines[8], QString());               // an empty side: no links
  QCOMPARE(lines[9], QString("0-0 1-0 2-1"));  // đóng, cửa -> close; sổ -> window
  QVERIFY2(r.err.contains("aligned 9 of 10 pairs: 19 links"), qPrintable(r.err));
  // --output: the same, in a file.
  r = run(STUDIO_CLI_PATH,
          {"align", "--src", vi.fileName(), "--tgt", en.fileName(), "--output", dir.filePath("links")});
  QVERIFY2(r.exit_code == 0 && r.out.isEmpty(), qPrintable(r.err));
  QFile links(dir.filePath("links"));
  QVERIFY(links.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(links.readAll()), lines.join('\n'));
  // Files of other lengths are refused, naming both.
  QVERIFY(en.open(QIODevice::Append));
  en.write("one more\n");
  en.close();
  r = run(STUDIO_CLI_PATH, {"align", "--src", vi.fileName(), "--tgt", en.fileName()});
  QCOMPARE(r.exit_code, 1);
  QVERIFY2(r.err.contains(vi.fileName()) && r.err.contains(en.fileName()) && r.err.contains("has 10 lines"),
           qPrintable(r.err));
}

void TestExecutables::prepareStopsOnCtrlCKeepingNothing() {
  // Enough pairs that SentencePiece takes a while: Ctrl+C while it learns stops prepare after it.
  QTemporaryDir dir;
  QFile vi(dir.filePath("big.vi")), en(dir.filePath("big.en"));
  QVERIFY(vi.open(QIODevice::WriteOnly) && en.open(QIODevice::WriteOnly));
  const QStringList vi_words = {"mở", "đóng", "lưu", "xoá", "in", "chép", "dán", "tìm", "thay", "đổi"};
  const QStringList en_words = {"open", "close", "save", "delete",  "print",
                                "copy", "paste", "find", "replace", "change"};
  for (int i = 0; i < 60000; ++i) {
    vi.write(QString("%1 tập tin số %2 và %3 thư mục %4\n")
                 .arg(vi_words[i % 10])
                 .arg(i)
                 .arg(vi_words[(i / 10) % 10])
                 .arg(i * 7 % 1013)
                 .toUtf8());
    en.write(QString("%1 file number %2 and %3 folder %4\n")
                 .arg(en_words[i % 10])
                 .arg(i)
                 .arg(en_words[(i / 10) % 10])
                 .arg(i * 7 % 1013)
                 .toUtf8());
  }
  vi.close();
  en.close();
  const QString out = dir.filePath("data");
  QProcess process;
  process.start(STUDIO_CLI_PATH, {"prepare", "--src", vi.fileName(), "--tgt", en.fileName(), "--out", out,
                                  "--vocab-size", "2000"});
  QVERIFY(process.waitForStarted());
  QByteArray said;
  while (!said.contains("training SentencePiece") && process.state() == QProcess::Running)
    if (process.waitForReadyRead(30000)) said += process.readAllStandardOutput();
  QVERIFY2(said.contains("training SentencePiece"), said.constData());
  QCOMPARE(::kill(pid_t(process.processId()), SIGINT), 0);
  QVERIFY(process.waitForFinished(120000));
  const QString err = QString::fromUtf8(process.readAllStandardError());
  QCOMPARE(process.exitStatus(), QProcess::NormalExit);
  QVERIFY2(process.exitCode() == 130, qPrintable(QString::number(process.exitCode()) + ": " + err));
  QVERIFY2(err.contains("stopped: nothing of this preparation was kept"), qPrintable(err));
  QVERIFY(!QFileInfo::exists(out));
  QVERIFY(!QFileInfo::exists(out + ".preparing"));
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

void TestExecutables::endToEndPrepareTrainTranslateEvaluate() {
  QTemporaryDir dir;
  const QString tsv = dir.filePath("corpus.tsv");
  {
    QFile file(tsv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QStringList vi{"Mở tập tin", "Đóng cửa sổ", "Lưu tài liệu", "Thoát chương trình", "Tìm kiếm"};
    const QStringList en{"Open file", "Close window", "Save document", "Quit the program", "Search"};
    for (int i = 0; i < 300; ++i)
      file.write(QString("%1 số %2\t%3 number %2\n").arg(vi[i % 5]).arg(i).arg(en[i % 5]).toUtf8());
  }
  const QString data = dir.filePath("data"), run_dir = dir.filePath("run");
  auto prepared = run(STUDIO_CLI_PATH, {"prepare", "--corpus", tsv, "--out", data, "--vocab-size", "100"});
  QVERIFY2(prepared.exit_code == 0, qPrintable(prepared.err));

  // How long the starter would take: as many steps as its time budget holds, at most its 12,000;
  // --max-steps fixes them (and turns the budget off).
  QRegularExpression said("about \\d+ minutes here: (\\d+) steps( \\(as many as a time budget of 14 min holds\\))? of");
  auto estimated = run(STUDIO_CLI_PATH, {"train", "--data", data, "--out", dir.filePath("estimate"), "--preset",
                                         "starter", "--nproc", "1", "--estimate"});
  auto match = said.match(estimated.out);
  QVERIFY2(estimated.exit_code == 0 && match.hasMatch() && !match.captured(2).isEmpty(),
           qPrintable(estimated.err + estimated.out));
  QVERIFY2(match.captured(1).toInt() >= 1 && match.captured(1).toInt() <= 12000, qPrintable(estimated.out));
  estimated = run(STUDIO_CLI_PATH, {"train", "--data", data, "--out", dir.filePath("estimate"), "--preset", "starter",
                                    "--nproc", "1", "--estimate", "--max-steps", "50"});
  match = said.match(estimated.out);
  QVERIFY2(match.hasMatch() && match.captured(1) == "50" && match.captured(2).isEmpty(), qPrintable(estimated.out));
  QVERIFY(!QFile::exists(dir.filePath("estimate")));  // an estimate writes no run

  auto trained = run(STUDIO_CLI_PATH,
                     {"train", "--data", data, "--out", run_dir, "--preset", "tiny", "--max-steps", "10",
                      "--eval-every", "5", "--device", "cpu", "--probe-every", "5", "--probe",
                      "Mở tập tin số 7 ||| Open file number 7", "--subword-alpha", "0.3", "--ema-decay", "0.9"},
                     300000);
  QVERIFY2(trained.exit_code == 0, qPrintable(trained.err + trained.out));
  QFile run_config(run_dir + "/config.json");
  QVERIFY(run_config.open(QIODevice::ReadOnly));
  const auto training = QJsonDocument::fromJson(run_config.readAll()).object()["training"].toObject();
  QCOMPARE(training["subword_alpha"].toDouble(), 0.3);
  QCOMPARE(training["ema_decay"].toDouble(), 0.9);
  QVERIFY2(trained.out.contains("weight average: "), qPrintable(trained.out));
  QVERIFY2(trained.out.contains("eval step 5") && trained.out.contains("BLEU|nrefs:1"), qPrintable(trained.out));
  QVERIFY2(trained.out.contains("finished at step 10"), qPrintable(trained.out));
  for (const char* name : {"config.json", "spm.model", "metrics.jsonl", "best.pt", "checkpoints/ckpt-00000010.pt"})
    QVERIFY2(QFile::exists(run_dir + "/" + name), name);

  // Resuming a finished run to more steps.
  auto resumed = run(STUDIO_CLI_PATH, {"train", "--out", run_dir, "--resume", "--max-steps", "12"}, 300000);
  QVERIFY2(resumed.exit_code == 0, qPrintable(resumed.err + resumed.out));
  QVERIFY2(resumed.out.contains("resumed from") && resumed.out.contains("finished at step 12"), qPrintable(resumed.out));

  // average: the newest checkpoints' mean, a model translate and evaluate read.
  auto averaged = run(STUDIO_CLI_PATH, {"average", "--run", run_dir, "--last", "2"});
  QVERIFY2(averaged.exit_code == 0, qPrintable(averaged.err));
  QVERIFY2(averaged.out.startsWith("averaged 2 checkpoints into " + run_dir + "/averaged.pt") &&
               averaged.out.contains("ckpt-00000010.pt") && averaged.out.contains("ckpt-00000012.pt") &&
               !averaged.out.contains("ckpt-00000005.pt"),
           qPrintable(averaged.out));
  auto evaluated_average = run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/averaged.pt", "--src",
                                                 data + "/test.vi", "--ref", data + "/test.en", "--beam", "1"});
  QVERIFY2(evaluated_average.exit_code == 0 && evaluated_average.out.startsWith("BLEU|"),
           qPrintable(evaluated_average.err + evaluated_average.out));
  auto chosen = run(STUDIO_CLI_PATH, {"average", "--model", run_dir + "/checkpoints/ckpt-00000005.pt", "--model",
                                      run_dir + "/checkpoints/ckpt-00000010.pt", "--out", dir.filePath("mean.pt")});
  QVERIFY2(chosen.exit_code == 0 && QFile::exists(dir.filePath("mean.pt")), qPrintable(chosen.err));
  // Outside the run folder no spm.model is found beside it: the one to give is named.
  QVERIFY2(chosen.out.contains("translate and evaluate it with --spm " + run_dir + "/spm.model"),
           qPrintable(chosen.out));
  QVERIFY2(!averaged.out.contains("--spm"), qPrintable(averaged.out));
  auto one = run(STUDIO_CLI_PATH, {"average", "--model", run_dir + "/best.pt", "--out", dir.filePath("one.pt")});
  QVERIFY2(one.exit_code == 2 && one.err.contains("two or more"), qPrintable(one.err));
  auto not_a_run = run(STUDIO_CLI_PATH, {"average", "--run", data});
  QVERIFY2(not_a_run.exit_code == 1 && not_a_run.err.contains(data) && !QFile::exists(data + "/averaged.pt"),
           qPrintable(not_a_run.err));

  // distill: the data folder the run trained on (found from its model), its training sources translated by
  // the model for a student (tst_distillation tests a distilled folder's contents). A model of 12 steps
  // translates every source to nothing: said, naming the data, and nothing is written.
  const QString distilled = dir.filePath("distilled");
  auto empty = run(STUDIO_CLI_PATH,
                   {"distill", "--model", run_dir + "/best.pt", "--out", distilled, "--beam", "1"}, 300000);
  QVERIFY2(empty.exit_code == 1 &&
               empty.err.contains("the teacher's translations of " + QFileInfo(data).absoluteFilePath() +
                                  "/train.vi did not make a data folder") &&
               empty.err.contains("empty 240"),
           qPrintable(empty.err));
  QVERIFY(!QFileInfo::exists(distilled) && !QFileInfo::exists(distilled + ".teacher-corpus") &&
          !QFileInfo::exists(distilled + ".preparing"));
  auto onto_data = run(STUDIO_CLI_PATH, {"distill", "--model", run_dir + "/best.pt", "--out", data});
  QVERIFY2(onto_data.exit_code == 1 && onto_data.err.contains("is the data folder itself"),
           qPrintable(onto_data.err));
  auto no_out = run(STUDIO_CLI_PATH, {"distill", "--model", run_dir + "/best.pt"});
  QVERIFY2(no_out.exit_code == 2 && no_out.err.contains("--out"), qPrintable(no_out.err));

  // An ensemble: --model given again (tst_ensemble tests the decoding).
  auto ensemble = run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--model",
                                        run_dir + "/checkpoints/ckpt-00000005.pt", "--src", data + "/test.vi",
                                        "--ref", data + "/test.en", "--beam", "2"});
  QVERIFY2(ensemble.exit_code == 0 && ensemble.out.startsWith("BLEU|"),
           qPrintable(ensemble.err + ensemble.out));
  // The same pairs as two corpora: evaluate scores each one's test lines on its own too, as
  // evaluating those lines alone does.
  {
    QFile all(tsv), first(dir.filePath("first.tsv")), second(dir.filePath("second.tsv"));
    QVERIFY(all.open(QIODevice::ReadOnly) && first.open(QIODevice::WriteOnly) &&
            second.open(QIODevice::WriteOnly));
    const QList<QByteArray> lines = all.readAll().split('\n');
    for (int i = 0; i < lines.size(); ++i)
      if (!lines[i].isEmpty()) (i < 150 ? first : second).write(lines[i] + "\n");
  }
  const QString mixed = dir.filePath("mixed");
  auto prepared_two =
      run(STUDIO_CLI_PATH, {"prepare", "--corpus", dir.filePath("first.tsv"), "--corpus",
                            dir.filePath("second.tsv"), "--out", mixed, "--vocab-size", "100"});
  QVERIFY2(prepared_two.exit_code == 0, qPrintable(prepared_two.err));
  auto by_corpus =
      run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src", mixed + "/test.vi", "--ref",
                            mixed + "/test.en", "--beam", "1", "--metrics", "bleu,chrf"});
  const QRegularExpression slice_line("by corpus: (\\S+) \\((\\d+) lines\\): BLEU ([0-9.]+), chrF ([0-9.]+)");
  QList<QRegularExpressionMatch> slices;
  for (auto it = slice_line.globalMatch(by_corpus.out); it.hasNext();) slices << it.next();
  QVERIFY2(by_corpus.exit_code == 0 && slices.size() == 2, qPrintable(by_corpus.err + by_corpus.out));
  QCOMPARE(slices[0].captured(1), dir.filePath("first.tsv"));
  QCOMPARE(slices[1].captured(1), dir.filePath("second.tsv"));
  QFile test_vi(mixed + "/test.vi"), test_en(mixed + "/test.en");
  QVERIFY(test_vi.open(QIODevice::ReadOnly) && test_en.open(QIODevice::ReadOnly));
  const QList<QByteArray> test_src = test_vi.readAll().split('\n'), test_ref = test_en.readAll().split('\n');
  const int first_lines = slices[0].captured(2).toInt();
  QCOMPARE(first_lines + slices[1].captured(2).toInt(), int(test_src.size()) - 1);  // the last split is ""
  QFile alone_vi(dir.filePath("second-test.vi")), alone_en(dir.filePath("second-test.en"));
  QVERIFY(alone_vi.open(QIODevice::WriteOnly) && alone_en.open(QIODevice::WriteOnly));
  for (int i = first_lines; i + 1 < int(test_src.size()); ++i) {
    QVERIFY2(test_src[i].contains(" số "), test_src[i].constData());
    alone_vi.write(test_src[i] + "\n");
    alone_en.write(test_ref[i] + "\n");
  }
  alone_vi.close();
  alone_en.close();
  auto second_alone =
      run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src", alone_vi.fileName(),
                            "--ref", alone_en.fileName(), "--beam", "1", "--metrics", "bleu,chrf", "--json"});
  QVERIFY2(second_alone.exit_code == 0 && !second_alone.err.contains("by corpus"),
           qPrintable(second_alone.err));
  const auto scores = QJsonDocument::fromJson(second_alone.out.toUtf8()).array();
  QCOMPARE(QString::number(scores[0].toObject()["score"].toDouble(), 'f', 1), slices[1].captured(3));
  QCOMPARE(QString::number(scores[1].toObject()["score"].toDouble(), 'f', 1), slices[1].captured(4));

  auto ensemble_masked = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--model",
                                               run_dir + "/averaged.pt", "--head-mask", "enc:0:0"});
  QVERIFY2(ensemble_masked.exit_code == 2 && ensemble_masked.err.contains("--head-mask") &&
               ensemble_masked.err.contains("ensemble"),
           qPrintable(ensemble_masked.err));
  // score: a line a pair, the sum of the log-probabilities and their mean a piece (tst_pairscoring tests the
  // values).
  auto scored =
      run(STUDIO_CLI_PATH, {"score", "--model", run_dir + "/best.pt", "--model", run_dir + "/averaged.pt",
                            "--src", data + "/test.vi", "--tgt", data + "/test.en"});
  QVERIFY2(scored.exit_code == 0, qPrintable(scored.err));
  const QStringList pair_lines = scored.out.split('\n', Qt::SkipEmptyParts);
  QFile test_split(data + "/test.vi");
  QVERIFY(test_split.open(QIODevice::ReadOnly));
  const int test_lines = int(test_split.readAll().count('\n'));
  QCOMPARE(int(pair_lines.size()), test_lines);
  const QRegularExpression score_line("^(-\\d+\\.\\d{4}) \\|\\|\\| (-\\d+\\.\\d{4})$");
  for (const QString& line : pair_lines) {
    const auto m = score_line.match(line);
    QVERIFY2(m.hasMatch() && m.captured(1).toDouble() <= m.captured(2).toDouble(), qPrintable(line));
  }
  QVERIFY2(scored.err.contains(QString("scored %1 of %1 pairs").arg(test_lines)), qPrintable(scored.err));
  const QString one_line = dir.filePath("one-line.en");
  {
    QFile file(one_line);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write("Open file\n") > 0);
  }
  auto unpaired = run(STUDIO_CLI_PATH, {"score", "--model", run_dir + "/best.pt", "--src",
                                          data + "/test.vi", "--tgt", one_line});
  QVERIFY2(unpaired.exit_code == 1 && unpaired.err.contains("test.vi") &&
               unpaired.err.contains("one-line.en"),
           qPrintable(unpaired.err));
  // minimal-pairs: the test split's numbers changed (the only rule this corpus gives work to), each side's
  // log-probability the one score gives it; the pairs saved, read back as the user's own, tallied alike.
  const QString made_pairs = dir.filePath("made-pairs.tsv");
  auto minimal = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/best.pt", "--src", data + "/test.vi",
                                       "--ref", data + "/test.en", "--save-pairs", made_pairs, "--json"});
  QVERIFY2(minimal.exit_code == 0, qPrintable(minimal.err));
  const auto minimal_json = QJsonDocument::fromJson(minimal.out.toUtf8()).object();
  const auto minimal_pairs = minimal_json["pairs"].toArray();
  QCOMPARE(int(minimal_pairs.size()), test_lines);  // every line holds a number
  {
    QFile sides_src(dir.filePath("sides.vi")), sides_tgt(dir.filePath("sides.en"));
    QVERIFY(sides_src.open(QIODevice::WriteOnly) && sides_tgt.open(QIODevice::WriteOnly));
    for (const auto& item : minimal_pairs) {
      const auto pair = item.toObject();
      QCOMPARE(pair["kind"].toString(), QString("numbers"));
      QVERIFY2(pair["right"].toString() != pair["wrong"].toString(), qPrintable(pair["right"].toString()));
      for (const char* side : {"right", "wrong"}) {
        sides_src.write((pair["source"].toString() + "\n").toUtf8());
        sides_tgt.write((pair[side].toString() + "\n").toUtf8());
      }
    }
  }
  auto sides = run(STUDIO_CLI_PATH, {"score", "--model", run_dir + "/best.pt", "--src", dir.filePath("sides.vi"),
                                     "--tgt", dir.filePath("sides.en")});
  QVERIFY2(sides.exit_code == 0, qPrintable(sides.err));
  const QStringList side_lines = sides.out.split('\n', Qt::SkipEmptyParts);
  QCOMPARE(int(side_lines.size()), 2 * test_lines);
  int passed = 0;
  for (int i = 0; i < int(minimal_pairs.size()); ++i) {
    const auto pair = minimal_pairs[i].toObject();
    const double right = side_lines[2 * i].section(" ||| ", 0, 0).toDouble();
    const double wrong = side_lines[2 * i + 1].section(" ||| ", 0, 0).toDouble();
    QVERIFY2(std::abs(pair["right_log_probability"].toDouble() - right) < 1e-3, qPrintable(side_lines[2 * i]));
    QVERIFY2(std::abs(pair["wrong_log_probability"].toDouble() - wrong) < 1e-3, qPrintable(side_lines[2 * i + 1]));
    QCOMPARE(pair["preferred"].toBool(), pair["right_log_probability"].toDouble() > pair["wrong_log_probability"].toDouble());
    passed += pair["preferred"].toBool();
  }
  const auto tallies = minimal_json["tallies"].toArray();
  QCOMPARE(tallies.size(), 1);
  QCOMPARE(tallies[0].toObject()["preferred"].toInt(), passed);
  // --against: the same pairs read by the averaged model too, compared pair by pair.
  auto against = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/best.pt", "--pairs",
                                       made_pairs, "--against", run_dir + "/averaged.pt", "--json"});
  QVERIFY2(against.exit_code == 0, qPrintable(against.err));
  auto averaged_alone = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/averaged.pt", "--pairs",
                                              made_pairs, "--json"});
  QVERIFY2(averaged_alone.exit_code == 0, qPrintable(averaged_alone.err));
  const auto compared = QJsonDocument::fromJson(against.out.toUtf8()).object()["comparison"].toArray();
  const auto averaged_pairs =
      QJsonDocument::fromJson(averaged_alone.out.toUtf8()).object()["pairs"].toArray();
  QCOMPARE(compared.size(), 1);
  int only_best = 0, only_averaged = 0, averaged_passed = 0;
  for (int i = 0; i < int(averaged_pairs.size()); ++i) {
    const bool a = minimal_pairs[i].toObject()["preferred"].toBool();
    const bool b = averaged_pairs[i].toObject()["preferred"].toBool();
    only_best += a && !b;
    only_averaged += b && !a;
    averaged_passed += b;
  }
  const auto row = compared[0].toObject();
  QCOMPARE(row["pairs"].toInt(), test_lines);
  QCOMPARE(row["model_preferred"].toInt(), passed);
  QCOMPARE(row["against_preferred"].toInt(), averaged_passed);
  QCOMPARE(row["only_model"].toInt(), only_best);
  QCOMPARE(row["only_against"].toInt(), only_averaged);
  QVERIFY(row["p"].toDouble() > 0 && row["p"].toDouble() <= 1);
  auto own_pairs = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/best.pt", "--pairs", made_pairs});
  QVERIFY2(own_pairs.exit_code == 0, qPrintable(own_pairs.err));
  const QRegularExpression numbers_row(QString("\\nnumbers +%1 +%2 ").arg(test_lines).arg(passed));
  QVERIFY2(numbers_row.match(own_pairs.out).hasMatch(), qPrintable(own_pairs.out));
  {
    QFile bad(dir.filePath("bad-pairs.tsv"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("Mở tập tin\tOpen file\tClose file\nĐóng cửa sổ\tClose window\n");
  }
  auto bad_pairs = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/best.pt", "--pairs",
                                         dir.filePath("bad-pairs.tsv")});
  QVERIFY2(bad_pairs.exit_code == 1 && bad_pairs.err.contains("bad-pairs.tsv' line 2 has 2 fields"),
           qPrintable(bad_pairs.err));
  auto both_ways = run(STUDIO_CLI_PATH, {"minimal-pairs", "--model", run_dir + "/best.pt", "--pairs", made_pairs,
                                         "--src", data + "/test.vi"});
  QVERIFY2(both_ways.exit_code == 2 && both_ways.err.contains("--pairs"), qPrintable(both_ways.err));
  // learn-corrections: a short round on two kept corrections, each translated and scored before and after.
  {
    QFile kept(run_dir + "/corrections.tsv");
    QVERIFY(kept.open(QIODevice::WriteOnly));
    kept.write(
        "Mở tập tin số 7\tOpen the file number 7\tOpen file number 7\n"
        "Đóng cửa sổ số 3\tClose the window number 3\tClose window number 3\n");
  }
  auto learnt = run(STUDIO_CLI_PATH,
                    {"learn-corrections", "--model", run_dir + "/best.pt", "--out", dir.filePath("corrected"),
                     "--steps", "4", "--no-original", "--device", "cpu"},
                    300000);
  QVERIFY2(learnt.exit_code == 0, qPrintable(learnt.err + learnt.out));
  QVERIFY2(learnt.out.count("log-probability a piece: ") == 3, qPrintable(learnt.out));  // two and their mean
  const QRegularExpression learnt_line(
      "translated as corrected: \\d of 2 before, \\d after\nthe corrections' mean log-probability a piece: "
      "(-\\d+\\.\\d{3}) before, (-\\d+\\.\\d{3}) after");
  QVERIFY2(learnt_line.match(learnt.out).hasMatch(), qPrintable(learnt.out));
  // export-corrections: the two as a TMX memory, what the model said kept as a property.
  auto tmx = run(STUDIO_CLI_PATH, {"export-corrections", "--model", run_dir + "/best.pt", "--out",
                                   dir.filePath("corrections.tmx")});
  QVERIFY2(tmx.exit_code == 0 && tmx.out.contains("wrote 2 corrections"), qPrintable(tmx.err + tmx.out));
  {
    QFile memory(dir.filePath("corrections.tmx"));
    QVERIFY(memory.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(memory.readAll());
    QCOMPARE(text.count("<tu>"), 2);
    QVERIFY2(text.contains("<tuv xml:lang=\"vi\"><seg>Mở tập tin số 7</seg></tuv>") &&
                 text.contains("<tuv xml:lang=\"en\"><seg>Close the window number 3</seg></tuv>") &&
                 text.contains("<prop type=\"x-model-translation\">Close window number 3</prop>") &&
                 text.contains("srclang=\"vi\""),
             qPrintable(text));
  }
  {
    QFile bad(dir.filePath("bad-corrections.tsv"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("Mở\tOpen\t\nĐóng\tClo\x01se\tClose\n");
  }
  auto control =
      run(STUDIO_CLI_PATH, {"export-corrections", "--corrections", dir.filePath("bad-corrections.tsv"),
                            "--out", dir.filePath("bad.tmx")});
  QVERIFY2(control.exit_code == 1 &&
               control.err.contains(
                   "bad-corrections.tsv:2: the corrected translation holds control character 1") &&
               !QFileInfo::exists(dir.filePath("bad.tmx")),
           qPrintable(control.err));
  auto over_itself = run(STUDIO_CLI_PATH, {"export-corrections", "--model", run_dir + "/best.pt", "--out",
                                           run_dir + "/corrections.tsv"});
  QVERIFY2(over_itself.exit_code == 2 && over_itself.err.contains("the corrections file itself"),
           qPrintable(over_itself.err));
  auto two_for_one = run(STUDIO_CLI_PATH, {"export", "--model", run_dir + "/best.pt", "--model",
                                           run_dir + "/averaged.pt", "--out", dir.filePath("exported")});
  QVERIFY2(two_for_one.exit_code == 2 && two_for_one.err.contains("--model given 2 times") &&
               !QFileInfo::exists(dir.filePath("exported")),
           qPrintable(two_for_one.err));

  // timelapse: the probe recorded as it trained (steps 0, 5, 10 and, resumed, 12).
  auto listed = run(STUDIO_CLI_PATH, {"timelapse", "--run", run_dir, "--list"});
  QVERIFY2(listed.exit_code == 0, qPrintable(listed.err));
  QVERIFY2(listed.out.contains("probe 0: Mở tập tin số 7") && listed.out.contains("4 steps recorded: 0 .. 12"),
           qPrintable(listed.out));
  const QString frames = dir.filePath("frames");
  auto lapse = run(STUDIO_CLI_PATH, {"timelapse", "--run", run_dir, "--out", frames, "--head", "all"});
  QVERIFY2(lapse.exit_code == 0, qPrintable(lapse.err));
  for (const char* step : {"00000000", "00000005", "00000010", "00000012"}) {
    QFile png(frames + "/frame-" + step + ".png");
    QVERIFY2(png.open(QIODevice::ReadOnly), step);
    QCOMPARE(png.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
  }
  QFile weights_file(frames + "/weights.json");
  QVERIFY(weights_file.open(QIODevice::ReadOnly));
  const auto weights = QJsonDocument::fromJson(weights_file.readAll()).object();
  QCOMPARE(weights["frames"].toArray().size(), 4);
  QCOMPARE(weights["frames"].toArray()[0].toObject()["maps"].toArray().size(), 2 * 4);  // tiny: 2 layers × 4 heads
  QCOMPARE(weights["reference"].toString(), QString("Open file number 7"));
  QVERIFY(QFile::exists(frames + "/weights.csv"));
  auto bad_probe = run(STUDIO_CLI_PATH, {"timelapse", "--run", run_dir, "--out", frames, "--probe", "3"});
  QVERIFY2(bad_probe.exit_code == 2 && bad_probe.err.contains("probes 0..0"), qPrintable(bad_probe.err));
  // Each frame carries the probe's logit lens of that step, as recorded: its pieces are the reference's.
  const auto frame_list = weights["frames"].toArray();
  for (const auto& f : frame_list) {
    const auto frame = f.toObject();
    const auto l = frame["lens"].toObject();
    QCOMPARE(l["stages"].toArray().size(), 6);  // tiny: 2 decoder layers × 3 blocks
    QStringList next = frame["row_tokens"].toVariant().toStringList().mid(1);
    next << "</s>";
    QCOMPARE(l["next_pieces"].toVariant().toStringList(), next);
  }

  // timelapse --lens: each recorded step's share of positions where the piece that came next was
  // already the likeliest after each block, counted here from the frames' lenses (the run has one probe).
  const QString lens_dir = dir.filePath("lens");
  auto lapse_lens = run(STUDIO_CLI_PATH, {"timelapse", "--run", run_dir, "--lens", "--out", lens_dir});
  QVERIFY2(lapse_lens.exit_code == 0, qPrintable(lapse_lens.err));
  QVERIFY2(lapse_lens.out.contains("L2 FFN") && lapse_lens.out.contains("4 steps into"),
           qPrintable(lapse_lens.out));
  QFile lens_csv(lens_dir + "/lens-over-training.csv");
  QVERIFY(lens_csv.open(QIODevice::ReadOnly));
  const QStringList lens_lines = QString::fromUtf8(lens_csv.readAll()).trimmed().split('\n');
  QCOMPARE(lens_lines.size(), 1 + 4 * 6);  // 4 steps × 6 blocks
  for (const QString& line : lens_lines.mid(1)) {
    const QStringList f = line.split(',');
    QCOMPARE(f.size(), 8);
    const qint64 step = f[0].toLongLong();
    const int stage = (f[1].toInt() - 1) * 3 +
                      QStringList{"self-attention", "cross-attention", "feed-forward"}.indexOf(f[2]);
    QJsonObject frame;
    for (const auto& candidate : frame_list)
      if (candidate.toObject()["step"].toInteger() == step) frame = candidate.toObject();
    const auto cells = frame["lens"].toObject()["stages"].toArray()[stage].toObject()["positions"].toArray();
    QVERIFY2(!cells.isEmpty(), qPrintable(line));
    int first = 0;
    double probability = 0;
    for (const auto& cell : cells) {
      first += cell.toObject()["next_rank"].toInt() == 1;
      probability += cell.toObject()["next_probability"].toDouble();
    }
    const int positions = int(cells.size());
    QCOMPARE(f[3].toInt(), 1);
    QCOMPARE(f[4].toInt(), positions);
    QVERIFY2(std::abs(f[5].toDouble() - double(first) / positions) < 1e-6, qPrintable(line));
    QVERIFY2(std::abs(f[6].toDouble() - probability / positions) < 1e-6, qPrintable(line));
    QVERIFY(f[7].toDouble() >= 1);
    // The table on stdout shows the same share, in per cent.
    if (stage == 5)
      QVERIFY2(lapse_lens.out.contains(QString("%1%").arg(100.0 * first / positions, 8, 'f', 1)),
               qPrintable(lapse_lens.out));
  }

  // neighbours: a training pair's own states are among the most similar (the data folder found from the run's
  // config.json). The model has trained a few steps, so many states point nearly the same way and which of
  // them ranks first is decided by rounding: every state is listed and the pair's own must tie with the best.
  QFile train_vi(data + "/train.vi"), train_en(data + "/train.en");
  QVERIFY(train_vi.open(QIODevice::ReadOnly) && train_en.open(QIODevice::ReadOnly));
  const QString pair_vi = QString::fromUtf8(train_vi.readLine()).trimmed();
  const QString pair_en = QString::fromUtf8(train_en.readLine()).trimmed();
  auto neighbours = run(STUDIO_CLI_PATH, {"neighbours", "--model", run_dir + "/best.pt", "--src", pair_vi,
                                          "--target", pair_en, "--pairs", "0", "--k", "10000000", "--json"});
  QVERIFY2(neighbours.exit_code == 0, qPrintable(neighbours.err));
  const auto found = QJsonDocument::fromJson(neighbours.out.toUtf8()).object();
  QCOMPARE(found["data"].toString(), data);
  QVERIFY2(found["pairs_indexed"].toInt() > 200 &&
               found["pairs_indexed"].toInt() == found["distinct_pairs"].toInt(),
           qPrintable(neighbours.out.left(300)));
  for (const char* side : {"source", "output"}) {
    const auto pieces = found[side].toArray();
    const auto lists = found[QString(side) + "_neighbours"].toArray();
    QVERIFY(pieces.size() >= 2 && pieces.last().toString() == "</s>");
    QCOMPARE(lists.size(), pieces.size());
    for (int i = 0; i < lists.size(); ++i) {
      const auto hits = lists[i].toArray();
      QVERIFY2(hits.size() > 200, qPrintable(QString::number(hits.size())));  // every state of the index
      const double best = hits[0].toObject()["similarity"].toDouble();
      int own = -1;
      for (int h = 0; h < hits.size(); ++h) {
        const auto hit = hits[h].toObject();
        if (h > 0) QVERIFY(hit["similarity"].toDouble() <= hits[h - 1].toObject()["similarity"].toDouble());
        if (hit["line"].toInt() == 1 && hit["position"].toInt() == i) {
          QVERIFY2(own < 0, "a state listed twice");
          own = h;
        }
      }
      QVERIFY2(own >= 0, qPrintable(QString("%1 piece %2: its own state is not listed").arg(side).arg(i)));
      const auto mine = hits[own].toObject();
      QCOMPARE(mine["piece"].toString(), pieces[i].toString());
      QVERIFY2(mine["similarity"].toDouble() > 0.9999 && mine["similarity"].toDouble() >= best - 1e-5,
               qPrintable(QString("%1 piece %2: own %3 at rank %4, best %5")
                              .arg(side)
                              .arg(i)
                              .arg(mine["similarity"].toDouble())
                              .arg(own)
                              .arg(best)));
    }
  }
  auto readable = run(STUDIO_CLI_PATH, {"neighbours", "--model", run_dir + "/best.pt", "--src", pair_vi,
                                        "--pairs", "50", "--k", "1"});
  QVERIFY2(readable.exit_code == 0 && readable.out.startsWith("indexed 50 of the ") &&
               readable.out.contains("line ") && readable.out.contains("["),
           qPrintable(readable.err + readable.out));
  auto no_data = run(STUDIO_CLI_PATH,
                     {"neighbours", "--model", run_dir + "/best.pt", "--src", pair_vi, "--data", run_dir});
  QVERIFY2(no_data.exit_code == 1 && no_data.err.contains(run_dir) && no_data.err.contains("train.vi"),
           qPrintable(no_data.err));
#ifdef STUDIO_BENCH_PATH  // the benchmarks are built
  auto probe_bench = run(STUDIO_PROBE_BENCH_PATH, {"--data", data, "--model", run_dir + "/best.pt", "--preset", "tiny",
                                                   "--rounds", "1"});
  QVERIFY2(probe_bench.exit_code == 0 && probe_bench.out.contains("tiny"), qPrintable(probe_bench.err));
#endif

  // translate: stdin lines to stdout lines, in order.
  QProcess translate;
  translate.start(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2", "--scores"});
  QVERIFY(translate.waitForStarted());
  translate.write("Mở tập tin số 7\nĐóng cửa sổ\n\n");
  translate.closeWriteChannel();
  QVERIFY(translate.waitForFinished(120000));
  QVERIFY2(translate.exitCode() == 0, translate.readAllStandardError().constData());
  const QStringList lines = QString::fromUtf8(translate.readAllStandardOutput()).split('\n');
  QCOMPARE(lines.size(), 4);  // three translations and the final newline
  QVERIFY2(lines[0].contains(" ||| "), qPrintable(lines[0]));

  // serve: the same translation over HTTP, until SIGTERM.
  QProcess serve;
  serve.start(STUDIO_CLI_PATH, {"serve", "--model", run_dir + "/best.pt", "--beam", "2", "--port", "0"});
  QByteArray served;
  QRegularExpression listening("on http://127\\.0\\.0\\.1:(\\d+) ");
  for (int i = 0; i < 600 && !listening.match(QString::fromUtf8(served)).hasMatch(); ++i) {
    serve.waitForReadyRead(100);
    served += serve.readAllStandardError();
  }
  const auto port = listening.match(QString::fromUtf8(served)).captured(1).toUShort();
  QVERIFY2(port > 0, served.constData());
  QTcpSocket client;
  client.connectToHost(QHostAddress::LocalHost, port);
  QVERIFY(client.waitForConnected(10000));
  const QByteArray body =
      QJsonDocument(QJsonObject{{"q", QJsonArray{"Mở tập tin số 7", "Đóng cửa sổ"}}}).toJson();
  client.write(
      "POST /translate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: "
      "close\r\nContent-Length: " +
      QByteArray::number(body.size()) + "\r\n\r\n" + body);
  QByteArray answer;
  while (client.state() == QAbstractSocket::ConnectedState && client.waitForReadyRead(30000))
    answer += client.readAll();
  answer += client.readAll();
  QVERIFY2(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer.constData());
  const auto reply = QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
  const auto texts = reply["translatedText"].toArray();
  QCOMPARE(texts.size(), 2);
  QCOMPARE(texts[0].toString(), lines[0].section(" ||| ", 0, 0));
  QCOMPARE(texts[1].toString(), lines[1].section(" ||| ", 0, 0));
  serve.terminate();
  QVERIFY(serve.waitForFinished(30000));
  served += serve.readAllStandardError();
  QVERIFY2(serve.exitStatus() == QProcess::NormalExit && serve.exitCode() == 0, served.constData());
  QVERIFY2(served.contains("127.0.0.1 POST /translate 200 ") && served.endsWith("stopped\n"),
           served.constData());
  // The port taken: an error naming it.
  QTcpServer taken;
  QVERIFY(taken.listen(QHostAddress::LocalHost));
  auto refused = run(STUDIO_CLI_PATH, {"serve", "--model", run_dir + "/best.pt", "--port",
                                       QString::number(taken.serverPort())});
  QVERIFY2(refused.exit_code == 1 &&
               refused.err.contains("cannot listen on 127.0.0.1:" + QString::number(taken.serverPort())),
           qPrintable(refused.err));
  auto bad_host = run(STUDIO_CLI_PATH, {"serve", "--model", run_dir + "/best.pt", "--host", "my-laptop"});
  QVERIFY2(bad_host.exit_code == 2 && bad_host.err.contains("--host: 'my-laptop' is not an IP address"),
           qPrintable(bad_host.err));

  // --sampling: --nbest samples a line ("INDEX ||| TEXT ||| SCORE", best first); the same seed, the same
  // samples.
  auto sample = [&](const QString& seed) {
    QProcess sampler;
    sampler.start(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--sampling", "--nbest",
                                    "3", "--top-p", "0.95", "--seed", seed});
    sampler.waitForStarted();
    sampler.write("Mở tập tin số 7\nĐóng cửa sổ\n");
    sampler.closeWriteChannel();
    sampler.waitForFinished(120000);
    return QString::fromUtf8(sampler.readAllStandardOutput());
  };
  const QString sampled = sample("4");
  const QStringList sample_lines = sampled.split('\n', Qt::SkipEmptyParts);
  QCOMPARE(sample_lines.size(), 6);
  QVERIFY2(sample_lines[0].startsWith("0 ||| ") && sample_lines[5].startsWith("1 ||| "), qPrintable(sampled));
  QCOMPARE(sample("4"), sampled);

  // --input/--output: the file's lines (its CRLF ends and byte order mark
  // kept) into a file written whole; the same lines as through stdin; bad
  // input named by file and line, nothing written; never over the input.
  const QString document = dir.filePath("document.vi.txt"), translated = dir.filePath("document.en.txt");
  auto writeFile = [](const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
  };
  auto readFile = [](const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
  };
  QVERIFY(writeFile(document, "\xEF\xBB\xBFMở tập tin số 7\r\nĐóng cửa sổ\r\n\r\n"));
  auto from_file = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2",
                                         "--scores", "--input", document, "--output", translated});
  QVERIFY2(from_file.exit_code == 0 && from_file.out.isEmpty() && from_file.err.contains("wrote 3 lines"),
           qPrintable(from_file.err));
  QCOMPARE(readFile(translated), QByteArray("\xEF\xBB\xBF") + lines.mid(0, 3).join("\r\n").toUtf8() + "\r\n");
  // --tmx: each sentence and its translation as a translation memory too; never over the output.
  const QString memory = dir.filePath("document.tmx");
  auto with_memory = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2",
                                           "--input", document, "--output", translated, "--tmx", memory});
  // A sentence the small model translates as nothing has no unit, and the message says so.
  const QStringList plain_lines = QString::fromUtf8(readFile(translated)).remove(QChar(0xFEFF)).split("\r\n");
  const int translated_sentences =
      int(!plain_lines.value(0).isEmpty()) + int(!plain_lines.value(1).isEmpty());
  QVERIFY2(
      with_memory.exit_code == 0 &&
          with_memory.err.contains(
              QString("wrote %1 translation units to %2").arg(translated_sentences).arg(memory)) &&
          (translated_sentences == 2) != with_memory.err.contains("left out: their translation is empty"),
      qPrintable(with_memory.err));
  const QString memory_text = QString::fromUtf8(readFile(memory));
  QCOMPARE(memory_text.count("<tu>"), translated_sentences);
  for (int i = 0; i < 2; ++i)
    if (!plain_lines[i].isEmpty())
      QVERIFY2(memory_text.contains(QStringList{"<seg>Mở tập tin số 7</seg>", "<seg>Đóng cửa sổ</seg>"}[i]) &&
                   memory_text.contains("<seg>" + plain_lines[i].toHtmlEscaped() + "</seg>"),
               qPrintable(memory_text));
  auto over_output = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--input", document,
                                           "--output", translated, "--tmx", translated});
  QVERIFY2(over_output.exit_code != 0 && over_output.err.contains("is --output's file too"),
           qPrintable(over_output.err));
  // The same text in UTF-16 (little-endian, its byte order mark): the same lines, written back in UTF-16.
  const QString utf16_text = QString::fromUtf8("Mở tập tin số 7\r\nĐóng cửa sổ\r\n\r\n");
  QByteArray utf16("\xFF\xFE", 2);
  for (const QChar c : utf16_text) utf16 += char(c.unicode() & 0xFF), utf16 += char(c.unicode() >> 8);
  QVERIFY(writeFile(document, utf16));
  auto from_utf16 = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2",
                                          "--scores", "--input", document, "--output", translated});
  QVERIFY2(from_utf16.exit_code == 0 && from_utf16.err.contains("wrote 3 lines"), qPrintable(from_utf16.err));
  const QByteArray written_utf16 = readFile(translated);
  QVERIFY(written_utf16.startsWith(QByteArray("\xFF\xFE", 2)) && written_utf16.size() % 2 == 0);
  QCOMPARE(QString::fromUtf16(reinterpret_cast<const char16_t*>(written_utf16.constData() + 2),
                              (written_utf16.size() - 2) / 2),
           lines.mid(0, 3).join("\r\n") + "\r\n");
  // The same text in Windows-1258 (tone marks after their letters): refused
  // without --encoding, naming the option that reads it; read with it, the
  // same translations, written back in Windows-1258 where it has every
  // character, else (the pieces' "▁" of --scores) in UTF-8 with a notice.
  const QByteArray windows1258(
      "M\xF5\xD2 t\xE2\xF2p tin s\xF4\xEC 7\r\n\xD0\xF3ng c\xFD\xD2"
      "a s\xF4\xD2\r\n\r\n");
  QVERIFY(writeFile(document, windows1258));
  auto unasked = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--input", document});
  QVERIFY2(
      unasked.exit_code == 1 && unasked.err.contains(document + " line 1 is not valid UTF-8: it reads as "
                                                                "Vietnamese in Windows-1258 (--encoding "
                                                                "windows-1258)"),
      qPrintable(unasked.err));
  auto legacy =
      run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2", "--scores",
                            "--encoding", "windows-1258", "--input", document, "--output", translated});
  QVERIFY2(
      legacy.exit_code == 0 && legacy.err.contains("wrote 3 lines") &&
          legacy.err.contains(translated + " line 1 holds \"▁\" (U+2581), which Windows-1258 has no byte "
                                           "for: written in UTF-8 instead"),
      qPrintable(legacy.err));
  QCOMPARE(readFile(translated), (lines.mid(0, 3).join("\r\n") + "\r\n").toUtf8());
  auto legacy_plain =
      run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2", "--encoding",
                            "cp1258", "--input", document, "--output", translated});
  QVERIFY2(legacy_plain.exit_code == 0, qPrintable(legacy_plain.err));
  QStringList plain;
  for (const QString& line : lines.mid(0, 3)) plain << line.section(" ||| ", 0, 0);
  const QString expected = plain.join("\r\n") + "\r\n";
  if (std::all_of(expected.begin(), expected.end(), [](QChar c) { return c.unicode() < 0x80; })) {
    QVERIFY2(!legacy_plain.err.contains("written in UTF-8"), qPrintable(legacy_plain.err));
    QCOMPARE(readFile(translated), expected.toLatin1());  // ASCII: the same bytes in Windows-1258
  } else {
    QVERIFY2(legacy_plain.err.contains("written in UTF-8 instead"), qPrintable(legacy_plain.err));
  }
  auto bad_encoding = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--encoding",
                                            "latin-9", "--input", document});
  QVERIFY2(bad_encoding.exit_code == 2 && bad_encoding.err.contains("--encoding: 'latin-9' is not"),
           qPrintable(bad_encoding.err));
  QVERIFY(writeFile(document, "Mở tập tin\nĐóng \xC3 cửa sổ\n"));
  auto not_utf8 = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--input", document,
                                        "--output", translated + ".new"});
  QVERIFY2(not_utf8.exit_code == 1 && not_utf8.err.contains(document + " line 2 is not valid UTF-8"),
           qPrintable(not_utf8.err));
  QVERIFY(!QFile::exists(translated + ".new"));
  auto over_input = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--input", document,
                                          "--output", dir.path() + "/./document.vi.txt"});
  QVERIFY2(over_input.exit_code == 2 && over_input.err.contains("would replace its source"),
           qPrintable(over_input.err));
  QCOMPARE(readFile(document), QByteArray("Mở tập tin\nĐóng \xC3 cửa sổ\n"));
  // --paragraphs: a paragraph wrapped over lines is one text, its translation as wide as its widest line.
  QVERIFY(writeFile(document, "Mở tập tin số 7 rồi\nđóng cửa sổ.\n\nĐóng cửa sổ\n"));
  auto paragraphs = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2",
                                          "--paragraphs", "--input", document});
  QVERIFY(writeFile(document + ".joined", "Mở tập tin số 7 rồi đóng cửa sổ.\nĐóng cửa sổ\n"));
  auto joined = run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--beam", "2", "--input",
                                      document + ".joined"});
  QVERIFY2(paragraphs.exit_code == 0 && joined.exit_code == 0, qPrintable(paragraphs.err + joined.err));
  const QStringList wrapped_out = paragraphs.out.split('\n'), joined_out = joined.out.split('\n');
  // The first paragraph's lines, a blank line, the second's line, and the file's last line break.
  const int blank = int(wrapped_out.size()) - 3;
  QVERIFY2(blank >= 1 && wrapped_out.at(blank).isEmpty() && wrapped_out.last().isEmpty(),
           qPrintable(paragraphs.out));
  QCOMPARE(wrapped_out.mid(0, blank).join(' '), joined_out.at(0));
  for (const auto& line : wrapped_out.mid(0, blank))
    QVERIFY2(line.size() <= 19 || !line.contains(' '), qPrintable(line));
  QCOMPARE(wrapped_out.at(blank + 1), joined_out.at(1));
  QVERIFY(!paragraphs.err.contains("--paragraphs"));
  QVERIFY(writeFile(document, "Mở tập tin số 7 rồi\nđóng cửa sổ lại,\nmở tập tin số 8.\n"));
  auto hinted = run(STUDIO_CLI_PATH,
                    {"translate", "--model", run_dir + "/best.pt", "--beam", "2", "--input", document});
  QVERIFY2(hinted.exit_code == 0 && hinted.err.contains(document + ": 2 line breaks fall inside sentences") &&
               hinted.err.contains("--paragraphs"),
           qPrintable(hinted.err));
  auto split_and_join =
      run(STUDIO_CLI_PATH, {"translate", "--model", run_dir + "/best.pt", "--paragraphs", "--no-split"});
  QVERIFY2(split_and_join.exit_code == 2 && split_and_join.err.contains("choose one"),
           qPrintable(split_and_join.err));

  // --prefix: the translation starts with it; --head-mask: heads off, or a
  // usage error naming what the model does not have.
  auto translateWith = [&](const QStringList& extra) {
    QProcess p;
    p.start(STUDIO_CLI_PATH, QStringList{"translate", "--model", run_dir + "/best.pt"} + extra);
    p.waitForStarted();
    p.write("Mở tập tin số 7\n");
    p.closeWriteChannel();
    p.waitForFinished(120000);
    return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()));
  };
  const auto prefixed = translateWith({"--prefix", "Close the"});
  QVERIFY2(prefixed.first == 0 && prefixed.second.startsWith("Close the"), qPrintable(prefixed.second));
  const auto masked = translateWith({"--head-mask", "enc:0:0,cross:1:3"});
  QVERIFY2(masked.first == 0 && masked.second.count('\n') == 1, qPrintable(masked.second));  // one line, maybe empty
  const auto bad_layer = translateWith({"--head-mask", "cross:7:0"});
  QVERIFY2(bad_layer.first == 2 && bad_layer.second.contains("--head-mask: ") &&
               bad_layer.second.contains("2 decoder layers"),
           qPrintable(bad_layer.second));
  // --verbatim: the path, the number and the time of the sentence as typed (this model's free
  // translation holds none of them: it writes only the start), each listed after " ||| terms".
  {
    QProcess p;
    p.start(STUDIO_CLI_PATH,
            QStringList{"translate", "--model", run_dir + "/best.pt", "--verbatim", "all", "--scores"});
    p.waitForStarted();
    p.write("Mở /etc/fstab số 7 lúc 10:30\n");
    p.closeWriteChannel();
    p.waitForFinished(120000);
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 0, qPrintable(out + p.readAllStandardError()));
    const auto fields = out.trimmed().split(" ||| ");
    QVERIFY2(fields.size() == 5 && fields[3].startsWith("terms "), qPrintable(out));
    const auto words = fields[0].split(' ');
    for (const QString kept : {"/etc/fstab", "7", "10:30"}) QVERIFY2(words.contains(kept), qPrintable(out));
    QVERIFY2(fields[3].contains("path:/etc/fstab@") && fields[3].contains("number:7@") &&
                 fields[3].contains("number:10:30@"),
             qPrintable(out));
  }
  // --reliance: " ||| source MEAN ||| word:share ...", one a word of the translation.
  // (This model has trained a few steps: it writes only the start, no words, unless a prefix gives some.)
  const auto relied = translateWith({"--reliance", "--beam", "1", "--prefix", "Open file"});
  QVERIFY2(relied.first == 0, qPrintable(relied.second));
  QVERIFY(relied.second.endsWith('\n'));
  const auto fields = relied.second.chopped(1).split(" ||| ");
  QVERIFY2(fields.size() == 3 && fields[1].startsWith("source 0."), qPrintable(relied.second));
  QVERIFY2(fields[2].split(' ').size() >= 2, qPrintable(relied.second));
  for (const auto& item : fields[2].split(' ')) {
    const double share = item.section(':', -1).toDouble();
    QVERIFY2(share > 0 && share < 1, qPrintable(item));
  }

  // --alignment: " ||| S-T ...", each word of the translation linked to one source word. (Sampled:
  // this model's search writes only the start, and a sentence's sample is the same alone or in a line.)
  {
    auto translateLine = [&](const QString& line, const QStringList& extra) {
      QProcess p;
      p.start(STUDIO_CLI_PATH,
              QStringList{"translate", "--model", run_dir + "/best.pt", "--sampling", "--seed", "3"} + extra);
      p.waitForStarted();
      p.write((line + "\n").toUtf8());
      p.closeWriteChannel();
      p.waitForFinished(120000);
      const QString out = QString::fromUtf8(p.readAllStandardOutput());
      return std::make_pair(p.exitCode(),
                            p.exitCode() == 0 ? out.chopped(1) : out + p.readAllStandardError());
    };
    auto linksOf = [](const QString& column) {
      QList<QPair<int, int>> links;
      for (const auto& link : column.split(' ', Qt::SkipEmptyParts))
        links.append({link.section('-', 0, 0).toInt(), link.section('-', 1, 1).toInt()});
      return links;
    };
    const QString first = "Mở tập tin số 7.", second = "Đóng cửa sổ số 8.";
    QList<QPair<int, int>> expected;
    int source_words = 0, target_words = 0;
    for (const auto& sentence : {first, second}) {
      const auto alone = translateLine(sentence, {"--alignment", "hard"});
      const auto fields = alone.second.split(" ||| ");
      QVERIFY2(alone.first == 0 && fields.size() == 2, qPrintable(alone.second));
      const int words = int(fields[0].split(' ', Qt::SkipEmptyParts).size());
      QVERIFY2(words >= 1, qPrintable(alone.second));
      const auto links = linksOf(fields[1]);
      QCOMPARE(int(links.size()), words);  // each target word once, in order
      for (int t = 0; t < links.size(); ++t) {
        QCOMPARE(links[t].second, t);
        QVERIFY2(links[t].first >= 0 && links[t].first < 5, qPrintable(alone.second));  // five source words
        expected.append({links[t].first + source_words, t + target_words});
      }
      source_words += 5;
      target_words += words;
      // union: the hard links and, for each source word, one more link at most (none lost).
      const auto both_ways = translateLine(sentence, {"--alignment", "union"});
      const auto union_links = linksOf(both_ways.second.section(" ||| ", 1));
      for (const auto& link : links) QVERIFY2(union_links.contains(link), qPrintable(both_ways.second));
      QVERIFY2(union_links.size() <= links.size() + 5, qPrintable(both_ways.second));
      // soft: each target word's weights over the five source words, summing to 1.
      const auto soft = translateLine(sentence, {"--alignment", "soft"});
      const auto rows = soft.second.section(" ||| ", 1).split(' ');
      QCOMPARE(int(rows.size()), words);
      for (const auto& row : rows) {
        double sum = 0;
        for (const auto& w : row.split(',')) sum += w.toDouble();
        QVERIFY2(row.split(',').size() == 5 && std::abs(sum - 1) < 0.01, qPrintable(row));
      }
    }
    // Both sentences on one line: the second's links count after the first's words.
    const auto both = translateLine(first + " " + second, {"--alignment", "hard"});
    QVERIFY2(both.first == 0, qPrintable(both.second));
    QCOMPARE(linksOf(both.second.section(" ||| ", 1)), expected);
    // --markup: the tags back around the words aligned to theirs; the words those of the plain text's
    // translation.
    const QString marked = "Mở <b>tập tin</b> số 7. <i>Đóng</i> cửa sổ<br/>số 8.";
    const auto kept = translateLine(marked, {"--markup"});
    const auto plain = translateLine("Mở tập tin số 7. Đóng cửa sổ số 8.", {});
    QVERIFY2(kept.first == 0 && plain.first == 0, qPrintable(kept.second + plain.second));
    for (const QString tag : {"<b>", "</b>", "<i>", "</i>", "<br/>"})
      QVERIFY2(kept.second.count(tag) == 1, qPrintable(kept.second));
    QVERIFY2(kept.second.indexOf("<b>") < kept.second.indexOf("</b>") &&
                 kept.second.indexOf("<i>") < kept.second.indexOf("</i>"),
             qPrintable(kept.second));
    QString stripped = kept.second;
    stripped.replace(QRegularExpression("<[^>]*>"), " ")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">");
    QCOMPARE(stripped.simplified(), plain.second.simplified());
    const auto no_layer = translateLine(first, {"--alignment-layer", "2"});
    QVERIFY2(no_layer.first == 2 &&
                 no_layer.second.contains("--alignment-layer: the model's decoder has layers 0..1"),
             qPrintable(no_layer.second));
  }

  // attention: JSON with tokens, masks and every weight.
  auto attention = run(STUDIO_CLI_PATH, {"attention", "--model", run_dir + "/best.pt", "--text", "Đóng cửa sổ",
                                         "--pad-to", "30", "--beam", "1"});
  QVERIFY2(attention.exit_code == 0, qPrintable(attention.err));
  const auto snapshot = QJsonDocument::fromJson(attention.out.toUtf8()).object();
  QCOMPARE(snapshot["source_tokens"].toArray().size(), 30);
  QCOMPARE(snapshot["source_tokens"].toArray().last().toString(), QString("<pad>"));
  const auto cross = snapshot["attention"].toObject()["cross"].toArray();
  QCOMPARE(cross.size(), 2);                                   // tiny: 2 decoder layers
  QCOMPARE(cross[0].toArray().size(), 4);                      // 4 heads
  QCOMPARE(cross[0].toArray()[0].toArray()[0].toArray().size(), 30);  // keys: the padded source
  QVERIFY(snapshot["masks"].toObject().contains("decoder_self"));
  const auto reliance = snapshot["source_reliance"].toObject();
  QVERIFY(reliance["method"].toString().startsWith("ALTI+"));
  QCOMPARE(reliance["share"].toArray().size(), snapshot["target_tokens"].toArray().size());
  QVERIFY(!snapshot.contains("vectors"));
  // Each output piece's probability, then the end's when the translation finished.
  const auto target_count = snapshot["target_tokens"].toArray().size();
  const auto probabilities = snapshot["probabilities"].toArray().size();
  QVERIFY2(probabilities == target_count || probabilities == target_count - 1,
           qPrintable(attention.out.right(300)));
  QVERIFY(!snapshot.contains("translation_given"));
  // --target (a translation of your own for the model to read) must say something.
  auto no_target = run(STUDIO_CLI_PATH, {"attention", "--model", run_dir + "/best.pt", "--text",
                                         "Đóng cửa sổ", "--target", " "});
  QCOMPARE(no_target.exit_code, 2);
  QVERIFY2(no_target.err.contains("--target is empty"), qPrintable(no_target.err));
  // --vectors: each block's queries and keys beside the weights (tiny: d_model 128 over 4 heads, 32
  // dimensions a head).
  auto with_vectors = run(STUDIO_CLI_PATH, {"attention", "--model", run_dir + "/best.pt", "--text",
                                            "Đóng cửa sổ", "--pad-to", "30", "--beam", "1", "--vectors"});
  QVERIFY2(with_vectors.exit_code == 0, qPrintable(with_vectors.err));
  const auto vectors = QJsonDocument::fromJson(with_vectors.out.toUtf8()).object()["vectors"].toObject();
  const int head_dim = vectors["head_dim"].toInt();
  QVERIFY2(head_dim == 32, qPrintable(with_vectors.out.left(300)));
  QVERIFY(std::abs(vectors["scale"].toDouble() - 1.0 / std::sqrt(double(head_dim))) < 1e-12);
  const auto cross_keys = vectors["cross"].toObject()["keys"].toArray();
  QCOMPARE(cross_keys.size(), 2);                             // layers
  QCOMPARE(cross_keys[0].toArray().size(), 4);                // heads
  QCOMPARE(cross_keys[0].toArray()[0].toArray().size(), 30);  // the padded source's keys
  QCOMPARE(cross_keys[0].toArray()[0].toArray()[0].toArray().size(), head_dim);
  const auto decoder_queries = vectors["decoder_self"].toObject()["queries"].toArray();
  QCOMPARE(decoder_queries[1].toArray()[3].toArray().size(), snapshot["target_tokens"].toArray().size());

  // lens: what each decoder block would predict; the last block's probabilities of a given translation
  // are the model's own, as `attention --target` records them.
  auto given = run(STUDIO_CLI_PATH, {"attention", "--model", run_dir + "/best.pt", "--text", "Đóng cửa sổ",
                                     "--target", "Close window", "--lens", "2"});
  QVERIFY2(given.exit_code == 0, qPrintable(given.err));
  const auto given_snapshot = QJsonDocument::fromJson(given.out.toUtf8()).object();
  auto lens_json = run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", "Đóng cửa sổ",
                                         "--target", "Close window", "--top", "2", "--json"});
  QVERIFY2(lens_json.exit_code == 0, qPrintable(lens_json.err));
  const auto lens = QJsonDocument::fromJson(lens_json.out.toUtf8()).object()["lens"].toObject();
  QCOMPARE(lens, given_snapshot["lens"].toObject());
  const auto stages = lens["stages"].toArray();
  QCOMPARE(stages.size(), 6);  // tiny: 2 decoder layers of 3 blocks
  const auto last = stages[5].toObject();
  QCOMPARE(last["block"].toString(), QString("feed-forward"));
  const auto given_probabilities = given_snapshot["probabilities"].toArray();
  const auto positions = last["positions"].toArray();
  QCOMPARE(positions.size(), given_snapshot["target_tokens"].toArray().size());
  QCOMPARE(given_probabilities.size(), positions.size());  // a given translation finishes: the end's too
  for (int t = 0; t < positions.size(); ++t)
    QVERIFY(std::abs(positions[t].toObject()["next_probability"].toDouble() -
                     given_probabilities[t].toDouble()) < 1e-4);
  auto lens_text = run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", "Đóng cửa sổ",
                                         "--target", "Close window"});
  QVERIFY2(lens_text.exit_code == 0, qPrintable(lens_text.err));
  QVERIFY2(lens_text.out.contains("\"Close window\" (given)") && lens_text.out.contains("after <s> -> ") &&
               lens_text.out.contains("-> </s>") &&
               lens_text.out.count("layer 2 feed-forward") == positions.size(),
           qPrintable(lens_text.out));
  // patch: a changed sentence of another length is a usage error naming both; --file blanks every word of
  // each sentence in turn (the blank line skipped), an encoder state put back everywhere giving all back.
  auto patch_error = run(STUDIO_CLI_PATH, {"patch", "--model", run_dir + "/best.pt", "--src", "Đóng cửa sổ",
                                           "--corrupted", "Đóng"});
  QCOMPARE(patch_error.exit_code, 2);
  QVERIFY2(patch_error.err.contains("as many") && patch_error.err.contains("ổ"), qPrintable(patch_error.err));
  {
    QTemporaryFile patch_src;
    QVERIFY(patch_src.open());
    patch_src.write("Đóng cửa sổ\n\nMở tập tin số 7\nĐóng cửa sổ số 8\n");
    patch_src.flush();
    auto patched = run(STUDIO_CLI_PATH, {"patch", "--model", run_dir + "/best.pt", "--file",
                                         patch_src.fileName(), "--sentences", "2", "--beam", "1", "--json"});
    QVERIFY2(patched.exit_code == 0, qPrintable(patched.err));
    const auto p = QJsonDocument::fromJson(patched.out.toUtf8()).object();
    QCOMPARE(p["sentences"].toInt(), 2);
    QCOMPARE(p["words"].toInt() + p["skipped"].toInt(), 3 + 5);
    QVERIFY(p["words"].toInt() > 0);
    const auto encoder = p["encoder"].toArray();
    QCOMPARE(encoder.size(), 1 + 3 * 2);  // tiny: 2 encoder layers
    QCOMPARE(encoder[0].toObject()["site"].toString(), QString("embeddings"));
    QVERIFY(std::abs(encoder[0].toObject()["all"].toDouble() - 1) < 1e-3);
    QCOMPARE(p["decoder"].toArray().last().toObject()["site"].toString(), QString("layer 2"));
    QCOMPARE(p["direction"].toString(), QString("denoising"));
    // The table, each head, the other direction, estimated.
    auto table = run(STUDIO_CLI_PATH, {"patch", "--model", run_dir + "/best.pt", "--file", patch_src.fileName(),
                                       "--sentences", "2", "--beam", "1", "--heads", "--noising", "--estimate"});
    QVERIFY2(table.exit_code == 0 && table.out.contains("words blanked one at a time") &&
                 table.out.contains("layer 2 cross-attention") && table.out.contains("at the word") &&
                 table.out.contains("takes away") && table.out.contains("layer 2 cross-attention head 4") &&
                 table.out.contains("layer 1 self-attention head 1") &&
                 table.out.contains("Estimated by gradients (attribution patching)"),
             qPrintable(table.out + table.err));
  }
  // lens --src: every sentence's lens summed up; its steps those of each sentence's lens, its last block's
  // share of first places those sentences'.
  QTemporaryFile lens_src;
  QVERIFY(lens_src.open());
  lens_src.write("Đóng cửa sổ\n\nMở tập tin số 7\nĐóng cửa sổ số 8\n");
  lens_src.flush();
  auto summary_run = run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--src",
                                           lens_src.fileName(), "--sentences", "2", "--json"});
  QVERIFY2(summary_run.exit_code == 0, qPrintable(summary_run.err));
  const auto summary = QJsonDocument::fromJson(summary_run.out.toUtf8()).object();
  QCOMPARE(summary["sentences"].toInt(), 2);
  QCOMPARE(summary["blank_lines_skipped"].toInt(), 1);
  int steps = 0, first = 0;
  for (const QString sentence : {"Đóng cửa sổ", "Mở tập tin số 7"}) {
    auto one = run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", sentence, "--json"});
    QVERIFY2(one.exit_code == 0, qPrintable(one.err));
    const auto cells = QJsonDocument::fromJson(one.out.toUtf8())
                           .object()["lens"]
                           .toObject()["stages"]
                           .toArray()
                           .last()
                           .toObject()["positions"]
                           .toArray();
    steps += int(cells.size());
    for (const auto& cell : cells) first += cell.toObject()["next_rank"].toInt() == 1;
  }
  QCOMPARE(summary["steps"].toInt(), steps);
  const auto summed = summary["stages"].toArray();
  QCOMPARE(summed.size(), 6);
  QVERIFY(std::abs(summed.last().toObject()["next_top1_share"].toDouble() - double(first) / steps) < 1e-9);
  auto both_inputs = run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", "Đóng", "--src",
                                           lens_src.fileName()});
  QCOMPARE(both_inputs.exit_code, 2);
  QVERIFY2(both_inputs.err.contains("not both"), qPrintable(both_inputs.err));
  auto lens_bad =
      run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", "Đóng", "--top", "0"});
  QCOMPARE(lens_bad.exit_code, 2);
  QVERIFY2(lens_bad.err.contains("--top"), qPrintable(lens_bad.err));

  // tuned-lens: trained on the run's data folder (found from its config.json), it brings every block but
  // the last closer to the model's output on the dev pairs; `lens --tuned` reads through it: the last
  // block is the model's output still, the others are not the logit lens's. It fits these weights alone.
  const QString tuned_path = dir.filePath("best.tuned-lens");
  auto tuned =
      run(STUDIO_CLI_PATH, {"tuned-lens", "--model", run_dir + "/best.pt", "--out", tuned_path, "--steps",
                            "40", "--learning-rate", "0.01", "--pairs", "300", "--held-out", "50"});
  QVERIFY2(tuned.exit_code == 0, qPrintable(tuned.err));
  QVERIFY2(tuned.out.contains("40 steps") && tuned.out.contains(data), qPrintable(tuned.out));
  int rows = 0;
  for (const QString& line : tuned.out.split('\n')) {
    const QStringList f = line.simplified().split(' ');
    if (f.size() != 5 || f[0] != "layer") continue;  // layer L BLOCK LOGIT TUNED
    ++rows;
    // Below the logit lens, or equal where the block kept no map (said on a line of its own).
    QVERIFY2(f[4].toDouble() < f[3].toDouble() ||
                 (f[4] == f[3] && tuned.out.contains(QString("layer %1 %2: its learnt map").arg(f[1], f[2]))),
             qPrintable(line));
  }
  QCOMPARE(rows, 5);
  QVERIFY2(tuned.out.count("its learnt map") < 5, qPrintable(tuned.out));
  auto through =
      run(STUDIO_CLI_PATH, {"lens", "--model", run_dir + "/best.pt", "--text", "Đóng cửa sổ", "--target",
                            "Close window", "--top", "2", "--json", "--tuned", tuned_path});
  QVERIFY2(through.exit_code == 0, qPrintable(through.err));
  const auto tuned_lens = QJsonDocument::fromJson(through.out.toUtf8()).object()["lens"].toObject();
  QCOMPARE(tuned_lens["method"].toString(), QString("tuned lens (Belrose et al., 2023)"));
  const auto tuned_stages = tuned_lens["stages"].toArray();
  QCOMPARE(tuned_stages.size(), 6);
  for (int t = 0; t < positions.size(); ++t)
    QVERIFY(
        std::abs(
            tuned_stages[5].toObject()["positions"].toArray()[t].toObject()["next_probability"].toDouble() -
            positions[t].toObject()["next_probability"].toDouble()) < 1e-5);
  QVERIFY(tuned_stages[0] != stages[0]);
  auto other_weights =
      run(STUDIO_CLI_PATH, {"lens", "--model", dir.filePath("mean.pt"), "--spm", run_dir + "/spm.model",
                            "--text", "Đóng cửa sổ", "--tuned", tuned_path});
  QCOMPARE(other_weights.exit_code, 1);
  QVERIFY2(other_weights.err.contains("best.tuned-lens") && other_weights.err.contains("other weights"),
           qPrintable(other_weights.err));
  auto over_model =
      run(STUDIO_CLI_PATH, {"tuned-lens", "--model", run_dir + "/best.pt", "--out", run_dir + "/best.pt"});
  QCOMPARE(over_model.exit_code, 2);

#ifdef STUDIO_BENCH_PATH  // the benchmarks are built
  // The decoding benchmark starts and reports the four configurations.
  auto decode_bench = run(STUDIO_DECODE_BENCH_PATH, {"--model", run_dir + "/best.pt", "--src", data + "/test.vi",
                                                     "--sentences", "5", "--json"});
  QVERIFY2(decode_bench.exit_code == 0, qPrintable(decode_bench.err));
  QCOMPARE(decode_bench.out.count("sentences_per_s"), 4);
#endif

  // evaluate: BLEU of the test split.
  auto evaluated = run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src", data + "/test.vi", "--ref",
                                         data + "/test.en", "--beam", "1", "--json", "--hyp-out",
                                         dir.filePath("hyp.txt")});
  QVERIFY2(evaluated.exit_code == 0, qPrintable(evaluated.err));
  const auto score = QJsonDocument::fromJson(evaluated.out.toUtf8()).object();
  QVERIFY(score.contains("score") && score["precisions"].toArray().size() == 4);
  QVERIFY(QFile::exists(dir.filePath("hyp.txt")));

  // --count-verbatim counts the test split's spans the free translations hold; --verbatim keeps them all.
  QTemporaryFile spans_src, spans_ref;
  QVERIFY(spans_src.open() && spans_ref.open());
  spans_src.write("Mở tập tin %s số 12\nĐóng cửa sổ số 3,5\n");
  spans_ref.write("Open file %s number 12\nClose window number 3.5\n");
  spans_src.flush();
  spans_ref.flush();
  QString counts[2];
  for (int keep = 0; keep < 2; ++keep) {
    auto counted = run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src",
                                         spans_src.fileName(), "--ref", spans_ref.fileName(),
                                         keep ? "--verbatim" : "--count-verbatim", "placeholder,number"});
    QVERIFY2(counted.exit_code == 0, qPrintable(counted.err));
    counts[keep] = counted.out.section("verbatim: ", 1).trimmed();
  }
  QVERIFY2(counts[0].startsWith("0 of 3 kept (0.0 %)"), qPrintable(counts[0]));
  QCOMPARE(counts[1], QString("3 of 3 kept (100.0 %) in the translations: placeholder 1/1 number 2/2"));

  // bleu on the hypotheses just written gives the same score.
  auto bleu = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--ref", data + "/test.en", "--json"});
  QVERIFY2(bleu.exit_code == 0, qPrintable(bleu.err));
  QCOMPARE(QJsonDocument::fromJson(bleu.out.toUtf8()).object()["score"].toDouble(), score["score"].toDouble());
  // With chrF: two of sacreBLEU's lines, or a JSON list of two objects.
  auto both = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--ref", data + "/test.en", "--metrics",
                                    "bleu,chrf"});
  QVERIFY2(both.exit_code == 0, qPrintable(both.err));
  const auto score_lines = both.out.trimmed().split('\n');
  QCOMPARE(score_lines.size(), 2);
  QVERIFY2(score_lines[0].startsWith("BLEU|nrefs:1|") && score_lines[1].startsWith("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0"),
           qPrintable(both.out));
  auto both_json = run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src", data + "/test.vi",
                                         "--ref", data + "/test.en", "--beam", "1", "--json", "--metrics", "bleu,chrf",
                                         "--confidence", "--samples", "200"});
  QVERIFY2(both_json.exit_code == 0, qPrintable(both_json.err));
  const auto list = QJsonDocument::fromJson(both_json.out.toUtf8()).array();
  QCOMPARE(list.size(), 2);
  QCOMPARE(list[0].toObject()["score"].toDouble(), score["score"].toDouble());
  // With --confidence each object carries the interval, its signature the resampling.
  for (const auto& object : list) {
    const auto o = object.toObject();
    QVERIFY2(o["signature"].toString().startsWith("nrefs:1|bs:200|seed:12345|"), qPrintable(o["signature"].toString()));
    // (the ten-step model's BLEU may be 0 in every resample: an interval of 0)
    QVERIFY(o["confidence_var"].toDouble() >= 0 &&
            std::abs(o["confidence_mean"].toDouble() - o["score"].toDouble()) <= o["confidence_var"].toDouble() + 1e-9);
    QVERIFY(o["confidence"].toString().startsWith(QString::fromUtf8("\u03bc = ")));
  }
  QCOMPARE(list[1].toObject()["name"].toString(), QString("chrF2"));
  auto chrf_only = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--ref", data + "/test.en",
                                         "--metrics", "chrf", "--json"});
  QVERIFY2(chrf_only.exit_code == 0, qPrintable(chrf_only.err));
  QCOMPARE(QJsonDocument::fromJson(chrf_only.out.toUtf8()).object()["score"].toDouble(),
           list[1].toObject()["score"].toDouble());
  // TER: sacreBLEU's line; evaluate's TER of its translations is bleu's of the same file; the references
  // themselves need no edit.
  auto ter = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--ref", data + "/test.en",
                                   "--metrics", "ter", "--json"});
  QVERIFY2(ter.exit_code == 0, qPrintable(ter.err));
  const auto ter_object = QJsonDocument::fromJson(ter.out.toUtf8()).object();
  QCOMPARE(ter_object["name"].toString(), QString("TER"));
  QVERIFY(ter_object["num_edits"].toInteger() > 0 && ter_object["ref_length"].toInteger() > 0);
  QCOMPARE(ter_object["score"].toDouble(), 100 * (double(ter_object["num_edits"].toInteger()) /
                                                  double(ter_object["ref_length"].toInteger())));
  auto evaluated_ter =
      run(STUDIO_CLI_PATH, {"evaluate", "--model", run_dir + "/best.pt", "--src", data + "/test.vi", "--ref",
                            data + "/test.en", "--beam", "1", "--metrics", "bleu,ter"});
  QVERIFY2(evaluated_ter.exit_code == 0, qPrintable(evaluated_ter.err));
  QVERIFY2(evaluated_ter.out.contains(
               QString("TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.4.0 = ") +
               QString::number(ter_object["score"].toDouble(), 'f', 1)),
           qPrintable(evaluated_ter.out));
  auto no_edits = run(STUDIO_CLI_PATH, {"bleu", "--hyp", data + "/test.en", "--ref", data + "/test.en",
                                        "--metrics", "ter", "--confidence", "--samples", "100"});
  QVERIFY2(no_edits.exit_code == 0 &&
               no_edits.out.startsWith("TER|nrefs:1|bs:100|seed:12345|case:lc|tok:tercom|") &&
               no_edits.out.contains(QString::fromUtf8(" = 0.0 (μ = 0.0 ± 0.0)")),
           qPrintable(no_edits.out + no_edits.err));
  // An empty reference line is scored (as sacreBLEU does) with a warning naming the line.
  QFile holed(dir.filePath("holed.en"));
  QVERIFY(holed.open(QIODevice::WriteOnly));
  holed.write("The file\n\nOpen a folder\n");
  holed.close();
  QFile three(dir.filePath("three.en"));
  QVERIFY(three.open(QIODevice::WriteOnly));
  three.write("The file\nSomething\nOpen the folder\n");
  three.close();
  auto with_hole = run(STUDIO_CLI_PATH, {"bleu", "--hyp", three.fileName(), "--ref", holed.fileName(), "--metrics",
                                         "chrf,bleu"});
  QVERIFY2(with_hole.exit_code == 0, qPrintable(with_hole.err));
  QVERIFY2(with_hole.err.contains("1 empty line (the first is line 2)"), qPrintable(with_hole.err));
  QVERIFY2(with_hole.out.startsWith("chrF2|"), qPrintable(with_hole.out));

  // --confidence: sacreBLEU's line with the interval, the signature with the resampling.
  auto confident = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--ref", data + "/test.en",
                                         "--confidence"});
  QVERIFY2(confident.exit_code == 0, qPrintable(confident.err));
  QVERIFY2(QRegularExpression("^BLEU\\|nrefs:1\\|bs:1000\\|seed:12345\\|case:mixed\\|.* = [0-9.]+ \\(\u03bc = [0-9.]+ "
                              "\u00b1 [0-9.]+\\) [0-9./]+ \\(BP = ")
               .match(confident.out)
               .hasMatch(),
           qPrintable(confident.out));
  // A paired test: the baseline, the references themselves (clearly different) and the baseline again.
  auto paired = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--hyp", data + "/test.en", "--hyp",
                                      dir.filePath("hyp.txt"), "--ref", data + "/test.en", "--paired-bs", "--json"});
  QVERIFY2(paired.exit_code == 0, qPrintable(paired.err));
  const auto systems = QJsonDocument::fromJson(paired.out.toUtf8()).object()["systems"].toArray();
  QCOMPARE(systems.size(), 3);
  const auto base_bleu = systems[0].toObject()["BLEU"].toObject(), perfect = systems[1].toObject()["BLEU"].toObject();
  QCOMPARE(base_bleu["score"].toDouble(), score["score"].toDouble());
  QVERIFY(base_bleu["p_value"].isNull() && base_bleu["ci"].toDouble() >= 0);
  QVERIFY(std::abs(base_bleu["mean"].toDouble() - base_bleu["score"].toDouble()) <= base_bleu["ci"].toDouble() + 1e-9);
  QVERIFY(std::abs(perfect["score"].toDouble() - 100) < 1e-9);
  QCOMPARE(perfect["p_value"].toDouble(), 1.0 / 1001);  // no resample comes near: the smallest p there is
  QVERIFY(systems[2].toObject()["same_as_baseline"].toBool());
  QVERIFY(systems[2].toObject()["BLEU"].toObject()["p_value"].isNull());
  auto paired_text = run(STUDIO_CLI_PATH, {"bleu", "--hyp", dir.filePath("hyp.txt"), "--hyp", data + "/test.en", "--ref",
                                           data + "/test.en", "--paired-ar", "--samples", "500", "--metrics", "bleu,chrf"});
  QVERIFY2(paired_text.exit_code == 0, qPrintable(paired_text.err));
  QVERIFY2(paired_text.out.contains("Paired approximate randomization, 500 trials, seed 12345") &&
               paired_text.out.contains("baseline: " + dir.filePath("hyp.txt")) &&
               paired_text.out.contains("100.0 p = 0.0020*   ") &&
               paired_text.out.contains("chrF2|nrefs:1|ar:500|seed:12345|case:mixed"),
           qPrintable(paired_text.out));

  // A corrupt checkpoint: a clear error naming it, exit 1.
  QFile corrupt(dir.filePath("corrupt.pt"));
  QVERIFY(corrupt.open(QIODevice::WriteOnly));
  corrupt.write("this is not a checkpoint");
  corrupt.close();
  QFile::copy(run_dir + "/spm.model", dir.filePath("spm.model"));
  auto broken = run(STUDIO_CLI_PATH, {"translate", "--model", corrupt.fileName()});
  QCOMPARE(broken.exit_code, 1);
  QVERIFY2(broken.err.contains(corrupt.fileName()), qPrintable(broken.err));
  auto missing = run(STUDIO_CLI_PATH, {"evaluate", "--model", dir.filePath("none.pt"), "--src", data + "/test.vi",
                                       "--ref", data + "/test.en"});
  QCOMPARE(missing.exit_code, 1);
  QVERIFY2(missing.err.contains("none.pt"), qPrintable(missing.err));
  auto misaligned = run(STUDIO_CLI_PATH, {"bleu", "--hyp", data + "/test.en", "--ref", data + "/train.en"});
  QCOMPARE(misaligned.exit_code, 1);
  QVERIFY2(misaligned.err.contains("lines"), qPrintable(misaligned.err));
}

// train --direction en-vi trains English to Vietnamese on the same data folder (the model file says so);
// back-translate turns English text into a data folder with synthetic pairs beside the real ones
// (tst_backtranslation tests the folder's contents); a model of the usual direction, a missing --english
// and bad --direction values are refused.
void TestExecutables::backTranslationFromTheCommandLine() {
  QTemporaryDir dir;
  const QString tsv = dir.filePath("corpus.tsv"), english = dir.filePath("english.txt");
  {
    QFile file(tsv), more(english);
    QVERIFY(file.open(QIODevice::WriteOnly) && more.open(QIODevice::WriteOnly));
    const QStringList vi{"Mở tập tin", "Đóng cửa sổ", "Lưu tài liệu"};
    const QStringList en{"Open file", "Close window", "Save document"};
    for (int i = 0; i < 300; ++i)
      file.write(QString("%1 số %2\t%3 number %2\n").arg(vi[i % 3]).arg(i).arg(en[i % 3]).toUtf8());
    for (int i = 0; i < 20; ++i) more.write(QString("Open window number %1\n").arg(500 + i).toUtf8());
    more.write("Open file number 3\n");  // a training or held-out pair's English: left out
  }
  const QString data = dir.filePath("data"), reverse = dir.filePath("reverse"),
                forward = dir.filePath("forward");
  auto prepared = run(STUDIO_CLI_PATH, {"prepare", "--corpus", tsv, "--out", data, "--vocab-size", "100"});
  QVERIFY2(prepared.exit_code == 0, qPrintable(prepared.err));
  auto trained = run(STUDIO_CLI_PATH,
                     {"train", "--data", data, "--out", reverse, "--preset", "tiny", "--max-steps", "6",
                      "--eval-every", "3", "--device", "cpu", "--direction", "en-vi", "--no-probes"},
                     300000);
  QVERIFY2(trained.exit_code == 0, qPrintable(trained.err + trained.out));
  QVERIFY2(trained.out.contains("read English to Vietnamese"), qPrintable(trained.out));
  QFile config(reverse + "/config.json");
  QVERIFY(config.open(QIODevice::ReadOnly));
  const auto model =
      QJsonDocument::fromJson(config.readAll()).object()["training"].toObject()["model"].toObject();
  QCOMPARE(model["direction"].toString(), QString("en-vi"));
  // --direction goes with a new run only, and takes two values.
  auto resumed = run(STUDIO_CLI_PATH, {"train", "--out", reverse, "--resume", "--direction", "en-vi"});
  QVERIFY2(resumed.exit_code == 2 && resumed.err.contains("drop --direction"), qPrintable(resumed.err));
  auto bad =
      run(STUDIO_CLI_PATH, {"train", "--data", data, "--out", dir.filePath("bad"), "--direction", "en-fr"});
  QVERIFY2(bad.exit_code == 2 && bad.err.contains("--direction") && bad.err.contains("en-fr"),
           qPrintable(bad.err));
  QVERIFY(!QFile::exists(dir.filePath("bad")));

  // A model of 6 steps ends every translation at once: said, and nothing is written.
  const QString augmented = dir.filePath("augmented");
  auto nothing = run(STUDIO_CLI_PATH,
                     {"back-translate", "--model", reverse + "/best.pt", "--english", english, "--out",
                      augmented, "--beam", "1"},
                     300000);
  QVERIFY2(nothing.exit_code == 1 &&
               nothing.err.contains("translated each of the 20 English sentences to nothing"),
           qPrintable(nothing.err + nothing.out));
  QVERIFY(!QFile::exists(augmented) && !QFile::exists(augmented + ".synthetic-corpus"));
  // Sampled, at least the source's length: Vietnamese of a sort. Its data folder is found from its run.
  auto translated = run(STUDIO_CLI_PATH,
                        {"back-translate", "--model", reverse + "/best.pt", "--english", english, "--out",
                         augmented, "--sampling", "--min-length-ratio", "1"},
                        300000);
  QVERIFY2(translated.exit_code == 0, qPrintable(translated.err + translated.out));
  QVERIFY2(translated.out.contains("back-translating 20 English sentences"), qPrintable(translated.out));
  QFile record_file(augmented + "/backtranslation.json");
  QVERIFY(record_file.open(QIODevice::ReadOnly));
  const auto record = QJsonDocument::fromJson(record_file.readAll()).object();
  QCOMPARE(record["translated"].toInt(), 20);
  QCOMPARE(record["search"].toString(), QString("sampling"));
  const auto left_out = record["left_out"].toObject();
  QCOMPARE(left_out["in_dev_or_test"].toInt() + left_out["in_training"].toInt(), 1);
  QCOMPARE(record["data"].toString(), QFileInfo(data).absoluteFilePath());
  QVERIFY(QFile::exists(augmented + "/cache/train.ids"));

  // A model of the usual direction is refused, named; nothing is written.
  auto forward_trained = run(STUDIO_CLI_PATH,
                             {"train", "--data", data, "--out", forward, "--preset", "tiny", "--max-steps",
                              "3", "--eval-every", "3", "--device", "cpu", "--no-probes"},
                             300000);
  QVERIFY2(forward_trained.exit_code == 0, qPrintable(forward_trained.err));
  auto wrong = run(STUDIO_CLI_PATH, {"back-translate", "--model", forward + "/best.pt", "--english", english,
                                     "--out", dir.filePath("wrong")});
  QVERIFY2(wrong.exit_code == 1 && wrong.err.contains(forward + "/best.pt") &&
               wrong.err.contains("--direction en-vi"),
           qPrintable(wrong.err));
  QVERIFY(!QFile::exists(dir.filePath("wrong")));
  auto no_english = run(STUDIO_CLI_PATH,
                        {"back-translate", "--model", reverse + "/best.pt", "--out", dir.filePath("none")});
  QVERIFY2(no_english.exit_code == 2 && no_english.err.contains("--english"), qPrintable(no_english.err));
  auto nbest = run(STUDIO_CLI_PATH, {"back-translate", "--model", reverse + "/best.pt", "--english", english,
                                     "--out", dir.filePath("none"), "--sampling", "--nbest", "3"});
  QVERIFY2(nbest.exit_code == 2, qPrintable(nbest.err));
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
  QTest::newRow("unknown segmentation")
      << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--spm-type", "word"}
      << "--spm-type: 'word' is not unigram or bpe";
  QTest::newRow("a segmentation with --spm")
      << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--spm", "spm.model", "--spm-type", "bpe"}
      << "drop --spm-type";
  QTest::newRow("unknown encoding")
      << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--encoding", "latin-1"}
      << "--encoding: 'latin-1' is not utf-8, windows-1258, viscii, tcvn3 or vni";
  QTest::newRow("weights of one corpus")
      << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--weights", "2"}
      << "--weights weighs several corpora";
  QTest::newRow("fewer weights than corpora")
      << QStringList{"prepare", "--corpus", "/tmp", "--corpus", "/var", "--out", "/tmp/x", "--weights", "2"}
      << "--weights has 1 numbers for 2 corpora";
  QTest::newRow("a weight that is no whole number")
      << QStringList{"prepare", "--corpus", "/tmp",      "--corpus", "/var",
                     "--out",   "/tmp/x",   "--weights", "1,2.5"}
      << "--weights: '2.5' is not a whole number from 1 to 100";
  QTest::newRow("a weight too large") << QStringList{"prepare", "--corpus", "/tmp",      "--corpus", "/var",
                                                     "--out",   "/tmp/x",   "--weights", "1,101"}
                                      << "--weights: '101' is not a whole number";
  QTest::newRow("one format for several corpora")
      << QStringList{"prepare", "--corpus", "/tmp", "--corpus", "/var", "--out", "/tmp/x", "--format", "tsv"}
      << "--format names one corpus's format";
  QTest::newRow("--src beside --corpus")
      << QStringList{"prepare", "--corpus", "/tmp", "--src", "a.vi", "--tgt", "a.en", "--out", "/tmp/x"}
      << "--corpus PREFIX for PREFIX.vi + PREFIX.en";
  QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
  QTest::newRow("neighbours without a sentence")
      << QStringList{"neighbours", "--model", "m.pt"} << "--src is required";
  QTest::newRow("neighbours of nothing")
      << QStringList{"neighbours", "--model", "m.pt", "--src", " "} << "--src is empty";
  QTest::newRow("train without data") << QStringList{"train", "--out", "/tmp/x"} << "--data is required";
  QTest::newRow("train with an unknown preset") << QStringList{"train", "--data", "/tmp", "--out", "/tmp/x", "--preset",
                                                               "huge"}
                                                << "unknown preset";
  QTest::newRow("prepare with --spm and --vocab-size")
      << QStringList{"prepare", "--corpus", "/tmp", "--out", "/tmp/x", "--spm", "spm.model", "--vocab-size", "100"}
      << "--spm brings its own vocabulary";
  QTest::newRow("replay without --from") << QStringList{"train", "--data", "/tmp", "--out", "/tmp/x", "--replay-share",
                                                        "0.3"}
                                         << "--replay-share goes with --from";
  QTest::newRow("fine-tuning with a preset") << QStringList{"train", "--data", "/tmp", "--out", "/tmp/x", "--from",
                                                            "best.pt", "--preset", "tiny"}
                                             << "drop --preset";
  QTest::newRow("resume with --from") << QStringList{"train", "--out", "/tmp/x", "--resume", "--from", "best.pt"}
                                      << "drop --from";
  QTest::newRow("subword alpha above 1")
      << QStringList{"train", "--data", "/tmp", "--out", "/tmp/x", "--subword-alpha", "1.5"}
      << "--subword-alpha must be a number from 0 to 1, got '1.5'";
  QTest::newRow("ema decay of 1") << QStringList{"train", "--data", "/tmp", "--out", "/tmp/x", "--ema-decay", "1"}
                                 << "--ema-decay must be a number from 0 to 0.999999, got '1'";
  QTest::newRow("resume with --ema-decay") << QStringList{"train", "--out", "/tmp/x", "--resume", "--ema-decay", "0.9"}
                                           << "drop --ema-decay";
  QTest::newRow("resume with --subword-alpha")
      << QStringList{"train", "--out", "/tmp/x", "--resume", "--subword-alpha", "0.2"}
      << "drop --subword-alpha";
  QTest::newRow("translate without a model") << QStringList{"translate"} << "--model is required";
  QTest::newRow("nbest above beam") << QStringList{"translate", "--model", "x.pt", "--beam", "2", "--nbest", "3"}
                                    << "--nbest cannot exceed --beam";
  QTest::newRow("weights of one model")
      << QStringList{"translate", "--model", "x.pt", "--weights", "1"} << "give --model more than once";
  QTest::newRow("a weight of nothing")
      << QStringList{"score", "--model", "x.pt",      "--model", "y.pt",     "--weights",
                     "1,0",   "--src",   "/dev/null", "--tgt",   "/dev/null"}
      << "--weights: '0' is not a positive number";
  QTest::newRow("weights that do not count the models")
      << QStringList{"evaluate", "--model", "x.pt",      "--model", "y.pt",     "--weights",
                     "1,2,3",    "--src",   "/dev/null", "--ref",   "/dev/null"}
      << "--weights gives 3 weights for 2 models";
  QTest::newRow("alignment of no kind")
      << QStringList{"translate", "--model", "x.pt", "--alignment", "diagonal"}
      << "--alignment: 'diagonal' is not hard, union, soft or a threshold in (0, 1]";
  QTest::newRow("alignment threshold past 1")
      << QStringList{"translate", "--model", "x.pt", "--alignment", "1.5"} << "--alignment: '1.5'";
  QTest::newRow("markup of paragraphs")
      << QStringList{"translate", "--model", "x.pt", "--markup", "--paragraphs"}
      << "--markup keeps each line's tags";
  QTest::newRow("verbatim of no kind")
      << QStringList{"translate", "--model", "x.pt", "--verbatim", "url,links"}
      << "--verbatim: 'links' is no kind of verbatim text";
  QTest::newRow("verbatim with sampling")
      << QStringList{"translate", "--model", "x.pt", "--sampling", "--verbatim", "all"}
      << "the verbatim spans need the search";
  QTest::newRow("verbatim counted twice")
      << QStringList{"evaluate", "--model",   "x.pt",       "--src", "/dev/null",
                     "--ref",    "/dev/null", "--verbatim", "all",   "--count-verbatim",
                     "all"}
      << "drop --count-verbatim";
  QTest::newRow("top-k without sampling")
      << QStringList{"translate", "--model", "x.pt", "--top-k", "5"} << "--top-k refines --sampling";
  QTest::newRow("sampling with a beam")
      << QStringList{"translate", "--model", "x.pt", "--sampling", "--beam", "4"} << "leave --beam out";
  QTest::newRow("sampling at no temperature")
      << QStringList{"translate", "--model", "x.pt", "--sampling", "--temperature", "0"} << "--temperature";
  QTest::newRow("bleu without ref") << QStringList{"bleu", "--hyp", "x"} << "--ref is required";
  QTest::newRow("bleu with an unknown metric")
      << QStringList{"bleu", "--hyp", "x", "--ref", "y", "--metrics", "bleu,comet"}
      << "'comet' is not a metric (bleu, chrf, chrf++, ter)";
  QTest::newRow("a paired test of one system") << QStringList{"bleu", "--hyp", "x", "--ref", "y", "--paired-bs"}
                                               << "the first is the baseline";
  QTest::newRow("two paired tests") << QStringList{"bleu", "--hyp", "x", "--hyp", "z", "--ref", "y", "--paired-bs",
                                                   "--paired-ar"}
                                    << "one test at a time";
  QTest::newRow("several systems, no test") << QStringList{"bleu", "--hyp", "x", "--hyp", "z", "--ref", "y"}
                                            << "with --paired-bs or --paired-ar";
  QTest::newRow("samples without a test") << QStringList{"bleu", "--hyp", "x", "--ref", "y", "--samples", "100"}
                                          << "--samples and --seed go with --confidence";
  QTest::newRow("one resample") << QStringList{"bleu", "--hyp", "x", "--ref", "y", "--confidence", "--samples", "1"}
                                << "--samples must be a whole number from 2";
}

void TestExecutables::prepareUsageErrors() {
  QFETCH(QStringList, args);
  QFETCH(QString, expected);
  auto r = run(STUDIO_CLI_PATH, args);
  QCOMPARE(r.exit_code, 2);
  QVERIFY2(r.err.contains(expected), qPrintable(r.err));
}

void TestExecutables::demoCorpusDownloadsUnpacksAndBuilds() {
  if (QStandardPaths::findExecutable("dpkg-deb").isEmpty()) QSKIP("no dpkg-deb here: not a Debian system");
  QTemporaryDir dir;
  QDir root(dir.path());
  QVERIFY(root.mkpath("archive") && root.mkpath("bin"));
  const QString archive = root.filePath("archive");
  QList<QPair<QByteArray, QByteArray>> one, two;
  for (int i = 0; i < 40; ++i)
    one.append(qMakePair("Open file " + QByteArray::number(i), "Mở tập tin " + QByteArray::number(i)));
  two.append(qMakePair(QByteArray("Close window"), QByteArray("Đóng cửa sổ")));
  two.append(
      qMakePair(QByteArray("Open file 3"), QByteArray("Mở tập tin 3")));  // a duplicate of one of pkg-one's
  // Beside pkg-one's Vietnamese catalog, its French one: its English that no Vietnamese catalog holds becomes
  // english.en (pkg-none's German catalog has no Vietnamese one of its program beside it: not read).
  QList<QPair<QByteArray, QByteArray>> french{{"Open file 3", "Ouvrir le fichier 3"},
                                              {"Print the page", "Imprimer"}};
  QVERIFY(studio::test::makeCatalogDeb(
      archive, "pkg-one",
      QList<QPair<QString, QByteArray>>{
          {"/usr/share/locale/vi/LC_MESSAGES/one.mo", studio::test::moBytes(one)},
          {"/usr/share/locale/fr/LC_MESSAGES/one.mo", studio::test::moBytes(french)}}));
  QVERIFY(studio::test::makeCatalogDeb(archive, "pkg-two", "/usr/lib/two/resource/vi/LC_MESSAGES/two.mo",
                                       studio::test::moBytes(two)));
  auto german = two;
  german.append(qMakePair(QByteArray("Nobody reads this"), QByteArray("Niemand liest das")));
  QVERIFY(studio::test::makeCatalogDeb(archive, "pkg-none", "/usr/share/locale/de/LC_MESSAGES/none.mo",
                                       studio::test::moBytes(german)));  // not Vietnamese
  const QString log = root.filePath("apt.log");
  QVERIFY(studio::test::writeFakeAptGet(root.filePath("bin"), archive, log));
  QProcessEnvironment env;
  env.insert("PATH", root.filePath("bin") + ":" + qEnvironmentVariable("PATH"));
  QFile list(root.filePath("packages.txt"));
  QVERIFY(list.open(QIODevice::WriteOnly));
  list.write("# a comment\npkg-one\n\npkg-two\npkg-none\npkg-gone\n");
  list.close();
  const QStringList args{"demo-corpus", "--download",           "--packages", list.fileName(),
                         "--cache",     root.filePath("cache"), "--out",      root.filePath("corpus")};

  auto first = run(STUDIO_CLI_PATH, args, 180000, env);
  QVERIFY2(first.exit_code == 0, qPrintable(first.err + first.out));
  QVERIFY2(first.out.contains("41 pairs from 2 catalogs of 3 packages (3 downloaded now)"),
           qPrintable(first.out));
  QVERIFY2(first.err.contains("1 packages could not be downloaded: pkg-gone"), qPrintable(first.err));
  QVERIFY(QFile::exists(root.filePath("cache/pkg-one_1.0_all.deb")));
  QVERIFY(QFileInfo(root.filePath("cache/unpacked/pkg-two_1.0")).isDir());
  QVERIFY(!QFileInfo::exists(root.filePath("cache/unpacked/pkg-two_1.0.partial")));
  int lines = 0;
  for (const char* split : {"train", "dev", "test"}) {
    QFile vi(root.filePath(QString("corpus/%1.vi").arg(split)));
    QVERIFY(vi.open(QIODevice::ReadOnly));
    lines += int(vi.readAll().count('\n'));
  }
  QCOMPARE(lines, 41);  // 42 entries, one of them twice
  QFile english(root.filePath("corpus/english.en"));
  QVERIFY(english.open(QIODevice::ReadOnly));
  QCOMPARE(english.readAll(), QByteArray("Print the page\n"));
  QVERIFY2(first.out.contains("english only: 1 English messages of 1 other languages' catalogs"),
           qPrintable(first.out));
  QFile provenance(root.filePath("corpus/provenance.json"));
  QVERIFY(provenance.open(QIODevice::ReadOnly));
  const auto catalogs = QJsonDocument::fromJson(provenance.readAll()).object()["catalogs"].toArray();
  QCOMPARE(catalogs.size(), 2);
  QCOMPARE(catalogs[1].toObject()["package"].toString(), QString("pkg-two"));
  {
    // One apt-get call for the four; it fetched nothing (pkg-gone is not in
    // the archive), so each was asked for again on its own. Root refreshes
    // the package lists and asks for what failed once more.
    QFile calls(log);
    QVERIFY(calls.open(QIODevice::ReadOnly));
    const QStringList asked = QString::fromUtf8(calls.readAll()).split('\n', Qt::SkipEmptyParts);
    QStringList expected{"download pkg-one pkg-two pkg-none pkg-gone", "download pkg-one", "download pkg-two",
                         "download pkg-none", "download pkg-gone"};
    if (::geteuid() == 0)
      expected << "update -qq"
               << "download pkg-gone";
    QCOMPARE(asked, expected);
  }

  // Again: the cache serves; only the missing package is asked for.
  QFile::remove(log);
  auto second = run(STUDIO_CLI_PATH, args, 180000, env);
  QVERIFY2(second.exit_code == 0 && second.out.contains("(0 downloaded now)"),
           qPrintable(second.err + second.out));
  QFile calls(log);
  QVERIFY(calls.open(QIODevice::ReadOnly));
  const QString asked = QString::fromUtf8(calls.readAll());
  // A call of one name is not tried again on its own.
  QCOMPARE(asked, QString(::geteuid() == 0 ? "download pkg-gone\nupdate -qq\ndownload pkg-gone\n"
                                           : "download pkg-gone\n"));

  // Nothing downloadable, no apt-get, a bad list: errors that say why.
  QVERIFY(list.open(QIODevice::WriteOnly | QIODevice::Truncate));
  list.write("pkg-gone\n");
  list.close();
  auto none = run(STUDIO_CLI_PATH, args, 180000, env);
  QVERIFY2(none.exit_code == 1 && none.err.contains("could not download any of the 1 packages") &&
               none.err.contains("Unable to locate package pkg-gone"),
           qPrintable(none.err));
  QProcessEnvironment bare;
  bare.insert("PATH", root.filePath("archive"));  // no apt-get there
  auto no_apt = run(STUDIO_CLI_PATH, args, 180000, bare);
  QVERIFY2(no_apt.exit_code == 1 && no_apt.err.contains("apt-get is not on this computer"),
           qPrintable(no_apt.err));
  QVERIFY(list.open(QIODevice::WriteOnly | QIODevice::Truncate));
  list.write("pkg-one\nNot_A_Package\n");
  list.close();
  auto bad = run(STUDIO_CLI_PATH, args, 180000, env);
  QVERIFY2(bad.exit_code == 1 && bad.err.contains(list.fileName() + ", line 2") &&
               bad.err.contains("Not_A_Package"),
           qPrintable(bad.err));
  auto both = run(STUDIO_CLI_PATH, {"demo-corpus", "--manifest", "m.tsv", "--download"});
  QVERIFY2(both.exit_code == 2 && both.err.contains("--manifest"), qPrintable(both.err));
}

STUDIO_TEST_MAIN(TestExecutables)
#include "tst_executables.moc"
