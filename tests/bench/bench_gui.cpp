// attention-studio-gui-bench: how long the desktop app's GUI thread stalls
// while training runs at full speed. The main window trains the `tiny` preset
// on a generated corpus; meanwhile the bench types into the Translate box
// (each pause translates with the run's newest checkpoint once there is one)
// and switches workspaces, and an event-loop probe (app/EventLoopProbe)
// measures every delay of the GUI thread. Target: the longest stall under
// 50 ms.
//
//   attention-studio-gui-bench [--seconds N] [--threads N] [--json]
//
// --threads sets LibTorch's CPU threads (default: every hardware thread, as
// the app does). Runs offscreen unless QT_QPA_PLATFORM says otherwise.

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

#include "app/EngineInfo.h"
#include "app/EventLoopProbe.h"
#include "app/training/RunHistory.h"
#include "common/TestUtil.h"
#include "model/runtime/BlasKernels.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/MainWindow.h"

using namespace studio;

int main(int argc, char** argv) {
  studio::model::startAgainWithKnownBlasKernels(argv);  // measured on the kernels the programs use
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication application(argc, argv);
  QApplication::setOrganizationName("AttentionStudioBench");  // its own settings, not the user's
  QCommandLineParser parser;
  parser.setApplicationDescription("The GUI thread's longest stall while training runs.");
  parser.addHelpOption();
  QCommandLineOption seconds_option("seconds", "Measure for N seconds (default 30).", "N", "30");
  QCommandLineOption threads_option("threads", "LibTorch CPU threads (default: every hardware thread).", "N", "0");
  QCommandLineOption json_option("json", "Print one JSON object.");
  parser.addOptions({seconds_option, threads_option, json_option});
  parser.process(application);
  const int seconds = parser.value(seconds_option).toInt();

  app::initializeEngine(parser.value(threads_option).toInt());
  const auto engine = app::engineInfo();
  QTemporaryDir tmp;
  const QString data = QString::fromStdString(test::prepareNumberedCorpus(
      tmp.path().toStdString(), {"mở tập tin", "đóng cửa sổ", "lưu tài liệu"}, {"open file", "close window", "save document"},
      2000, 200));
  const QString run = tmp.filePath("run");

  ui::MainWindow window(engine);
  window.resize(1280, 800);
  window.show();
  auto* training = window.training();
  training->setDataDir(data);
  training->setRunDir(run);
  training->findChild<QSpinBox*>("Max steps")->setValue(1000000);
  training->findChild<QSpinBox*>("Eval every")->setValue(100);

  QEventLoop loop;  // not application.exec(): quitting that would close the window mid-run
  app::EventLoopProbe probe(5);
  QElapsedTimer clock;
  int typed = 0, switches = 0;
  bool model_set = false;
  const QString text = "mở tập tin số 12 và đóng cửa sổ ";
  auto* input = window.translate()->findChild<QPlainTextEdit*>("Input");

  // A keystroke every 80 ms; a workspace switch every second.
  QTimer typing, switching, checkpoints;
  QObject::connect(&typing, &QTimer::timeout, [&] {
    input->insertPlainText(text.mid(typed % text.size(), 1));
    ++typed;
    if (typed % 40 == 0) input->clear();
  });
  QObject::connect(&switching, &QTimer::timeout, [&] {
    window.tabs()->setCurrentIndex((window.tabs()->currentIndex() + 1) % window.tabs()->count());
    ++switches;
  });
  // Translate with the run's newest checkpoint as soon as one is written.
  QObject::connect(&checkpoints, &QTimer::timeout, [&] {
    if (model_set || QDir(run + "/checkpoints").entryList({"*.pt"}).isEmpty()) return;
    window.translate()->setModelSource({app::ModelSource::Kind::RunLatest, run});
    model_set = true;
  });

  training->startTraining();
  // Measure once training steps arrive.
  QTimer wait_for_steps;
  QObject::connect(&wait_for_steps, &QTimer::timeout, [&] {
    if (!QFile::exists(run + "/metrics.jsonl")) return;
    wait_for_steps.stop();
    clock.start();
    probe.start();
    typing.start(80);
    switching.start(1000);
    checkpoints.start(500);
    QTimer::singleShot(seconds * 1000, &loop, [&] {
      probe.stop();
      typing.stop();
      switching.stop();
      checkpoints.stop();
      loop.quit();
    });
  });
  wait_for_steps.start(50);
  loop.exec();
  // The training thread ends its step and writes a checkpoint.
  training->stopAndWait();

  const auto stalls = probe.summary();
  const auto history = app::readRunHistory(run + "/metrics.jsonl", nullptr);
  double tokens_per_s = 0;
  int steps = 0;
  if (history) {
    for (const auto& step : history->steps) tokens_per_s += step.tokensPerSecond;
    steps = int(history->steps.size());
    if (steps) tokens_per_s /= steps;
  }
  QJsonObject result{{"threads", engine.threads},
                     {"hardware_threads", engine.hardwareThreads},
                     {"seconds", stalls.seconds},
                     {"ticks", stalls.ticks},
                     {"longest_stall_ms", stalls.longestMs},
                     {"p99_stall_ms", stalls.p99Ms},
                     {"p95_stall_ms", stalls.p95Ms},
                     {"stalls_over_50ms", stalls.over50Ms},
                     {"target_ms", 50},
                     {"keystrokes", typed},
                     {"workspace_switches", switches},
                     {"translated_with_checkpoint", model_set},
                     {"training_steps_logged", steps},
                     {"training_tokens_per_s", tokens_per_s}};
  if (parser.isSet(json_option)) {
    std::printf("%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
  } else {
    std::printf("GUI thread while training (%d of %d threads, %.0f s, %lld probe ticks):\n", engine.threads,
                engine.hardwareThreads, stalls.seconds, stalls.ticks);
    std::printf("  longest stall %.1f ms (target < 50), p99 %.1f ms, p95 %.1f ms, %d stalls >= 50 ms\n",
                stalls.longestMs, stalls.p99Ms, stalls.p95Ms, stalls.over50Ms);
    std::printf("  %d keystrokes, %d workspace switches, translating with a checkpoint: %s\n", typed, switches,
                model_set ? "yes" : "no");
    std::printf("  training: %d logged steps, %.0f tokens/s on average\n", steps, tokens_per_s);
  }
  return 0;
}
