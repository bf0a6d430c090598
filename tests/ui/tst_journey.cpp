// A newcomer's journey through the app, as a person takes it, in one window
// that is never restarted: the first start with the demo corpus, the
// first-run button (with a time budget of a minute), the charts and samples
// filling, the end of the run and what the window says to do next, a
// paragraph translated with the run's model, its attention explored, the
// timelapse of how that attention formed, Heads over training, the heads
// ranked, and a second run compared with the first. Real widgets, real
// training on the real demo corpus, real files.
//
// The demo corpus comes from STUDIO_DEMO_CORPUS (scripts/test builds it), else
// from the user's data folder. Without it the suite skips, saying so; with
// STUDIO_REQUIRE_DEMO_CORPUS=1 (scripts/test) it fails instead.

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "BeamTreeCheck.h"
#include "app/EngineInfo.h"
#include "app/training/DataFolders.h"
#include "app/training/FirstRun.h"
#include "common/SuiteMain.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/BeamExplorer.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/charts/MetricChart.h"
#include "ui/charts/QCustomPlot.h"
#include "ui/heads/HeadAblationPanel.h"
#include "ui/heads/HeadImportanceChart.h"
#include "ui/heads/HeadTimelineView.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/RunComparisonPanel.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/Language.h"
#include "ui/window/MainWindow.h"

using namespace studio;

namespace {

constexpr int kMinute = 60 * 1000;

QString demoCorpus() {
  const QString given = qEnvironmentVariable("STUDIO_DEMO_CORPUS");
  if (!given.isEmpty()) return given;
  const QString data = qEnvironmentVariable("XDG_DATA_HOME", QDir::homePath() + "/.local/share");
  return data + "/attention-studio/demo-corpus";
}

// With STUDIO_SCREENSHOT_DIR set, the window as the journey reaches a view
// (how docs/screenshots/ are made).
void screenshot(QWidget& window, const char* name) {
  const QString dir = qEnvironmentVariable("STUDIO_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QCoreApplication::processEvents();
  QVERIFY(window.grab().save(QDir(dir).filePath(QString(name) + ".png")));
}

// A legend drawn in its own row: it covers no part of the curves.
bool legendBesideTheCurves(ui::MetricChart* chart) {
  auto* plot = chart->plot();
  plot->replot();
  return !plot->legend->visible() || !plot->legend->outerRect().intersects(plot->axisRect()->rect());
}

}  // namespace

class TestJourney : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase();
  void aNewcomersJourneyWithoutARestart();

 private:
  QTemporaryDir tmp_;
};

void TestJourney::initTestCase() {
  QVERIFY(tmp_.isValid());
  const QString corpus = demoCorpus();
  if (!QFileInfo(corpus + "/train.vi").isFile()) {
    const QString why = "no demo corpus at " + corpus + " (scripts/demo-corpus builds it)";
    if (qEnvironmentVariable("STUDIO_REQUIRE_DEMO_CORPUS") == "1") QFAIL(qPrintable(why));
    QSKIP(qPrintable(why));
  }
  // A first start: a user data folder and settings of our own, holding
  // nothing but the demo corpus (a link to the real one).
  qputenv("XDG_DATA_HOME", tmp_.filePath("data").toUtf8());
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp_.filePath("settings"));
  QVERIFY(QDir().mkpath(QFileInfo(app::demoCorpusDir()).path()));
  QVERIFY(QFile::link(QFileInfo(corpus).absoluteFilePath(), app::demoCorpusDir()));
  QCOMPARE(app::newestRun(), QString());
  // The catalogs as the app installs them, for a system language we have none for.
  QCOMPARE(ui::installTranslations(QLocale::c(), STUDIO_QM_DIR), QString("en"));
}

void TestJourney::aNewcomersJourneyWithoutARestart() {
  QElapsedTimer clock;
  clock.start();
  // Where the minutes go, in the test's log.
  auto stage = [&clock](const char* name) { qInfo("%6.1f s: %s", clock.elapsed() / 1000.0, name); };
  // No error dialog on the way: one that appears is recorded, closed, and fails the journey.
  QStringList dialogs;
  QTimer watch;
  connect(&watch, &QTimer::timeout, [&dialogs] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
      dialogs << box->text();
      box->reject();
    }
  });
  watch.start(200);
  ui::MainWindow window(app::engineInfo());
  window.resize(1280, 800);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  auto* training = window.training();
  auto* translate = window.translate();
  auto* explorer = window.attention();

  // --- The first start: one button, and how long it takes here. ---------------
  auto* panel = training->firstRun();
  QVERIFY(panel->isVisible());
  QVERIFY(panel->hasDemoCorpus());
  QTRY_VERIFY_WITH_TIMEOUT(panel->estimateText().startsWith("About"), 3 * kMinute);
  // Plural forms from the catalog, never "minute(s)".
  QVERIFY2(!panel->estimateText().contains("(s)"), qPrintable(panel->estimateText()));
  auto* button = panel->findChild<QPushButton*>("Train the starter model");
  QVERIFY(button && button->isEnabled());
  QVERIFY2(!button->text().contains("(s)"), qPrintable(button->text()));
  // Before any run, the explorer says why its views are empty, in words.
  window.tabs()->setCurrentWidget(explorer);
  explorer->showHeadTimeline();
  QVERIFY2(!explorer->headTimeline()->emptyReason().isEmpty(), "an empty Heads over training says nothing");
  QVERIFY(!explorer->headTimeline()->plot()->isVisibleTo(explorer->headTimeline()));

  window.tabs()->setCurrentWidget(training);

  stage("first start");
  // --- One click: the starter trains, for a minute (the test's budget). -------
  training->setStarterOverrides(QJsonObject{{"time_budget_minutes", 1.0},
                                            {"eval_every", 150},
                                            {"eval_sentences", 50},
                                            {"probe_every", 50}});
  // The other workers of a run on a CPU: the command-line program (installed beside the app).
  qputenv("STUDIO_WORKER_PROGRAM", STUDIO_CLI_PATH);
  const QString run = panel->runDir();
  QSignalSpy running(training, &ui::TrainingWorkspace::runningChanged);
  QTest::mouseClick(button, Qt::LeftButton);
  QVERIFY(!panel->isVisible());
  QCOMPARE(training->runDir(), run);
  // Preparing the demo data, then training: the charts fill and samples appear while it trains.
  QTRY_VERIFY_WITH_TIMEOUT(training->lossChart()->pointCount(0) > 0, 5 * kMinute);
  QVERIFY(training->isTraining());
  if (QThread::idealThreadCount() >= 2) {  // its two workers timed against one process first, the faster kept
    const QString log = training->findChild<QPlainTextEdit*>("Log")->toPlainText();
    QVERIFY2(log.contains("timing 75 steps on 2 workers") && log.contains("the faster here."),
             qPrintable(log));
  }
  auto* samples = training->findChild<QPlainTextEdit*>("Samples");
  QVERIFY(samples);
  QTRY_VERIFY_WITH_TIMEOUT(!samples->toPlainText().isEmpty(), 3 * kMinute);
  QVERIFY(samples->toPlainText().contains("hypothesis:"));
  QVERIFY(training->bleuChart()->pointCount(0) > 0);
  // A look at Attention while it trains: the explorer follows the run, its first records are there.
  window.tabs()->setCurrentWidget(explorer);
  QTRY_VERIFY_WITH_TIMEOUT(!explorer->timelapse()->steps().isEmpty(), 10000);
  QCOMPARE(QFileInfo(explorer->timelapse()->runDir()).absoluteFilePath(), QFileInfo(run).absoluteFilePath());
  window.tabs()->setCurrentWidget(training);
  QTRY_VERIFY_WITH_TIMEOUT(!training->isTraining(), 10 * kMinute);
  QVERIFY2(QFile::exists(run + "/best.pt"), qPrintable(run));

  stage("the run trained");
  QVERIFY2(dialogs.isEmpty(), qPrintable(dialogs.join('\n')));
  // --- The run ends: the window says the translator is ready, and where to go. -
  auto* finished = training->runFinished();
  QVERIFY(finished->isVisible());
  QVERIFY2(finished->text().contains("ready"), qPrintable(finished->text()));
  QVERIFY2(finished->text().contains("BLEU"), qPrintable(finished->text()));
  for (auto* chart : {training->lossChart(), training->bleuChart()})
    QVERIFY2(legendBesideTheCurves(chart), "a chart's legend covers its curves");
  screenshot(window, "first-run-finished");

  stage("finished panel");
  // --- Translate a paragraph with the run's model. --------------------------------
  auto* go_translate = finished->findChild<QPushButton*>("Translate with it");
  QVERIFY(go_translate);
  QTest::mouseClick(go_translate, Qt::LeftButton);
  QCOMPARE(window.tabs()->currentWidget(), translate);
  QCOMPARE(translate->modelSource().path, run);
  QSignalSpy shown(translate, &ui::TranslateWorkspace::translationShown);
  translate->setInputText(QString::fromUtf8("Không tìm thấy tập tin. Lưu tài liệu trước khi đóng cửa sổ.\n"
                                            "Mở thư mục"));
  translate->translateNow();
  QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 2 * kMinute);
  const QString translation = translate->translationText();
  QVERIFY2(translation.count('\n') >= 1, qPrintable(translation));  // the paragraph's line break kept
  QVERIFY(!translation.trimmed().isEmpty());

  stage("translated");
  // --- Explore attention: the sentence's maps, and how they formed. ------------
  QSignalSpy views(explorer, &ui::AttentionWorkspace::viewShown);
  auto* explore = translate->findChild<QPushButton*>("Explore attention");
  QVERIFY(explore);
  QTest::mouseClick(explore, Qt::LeftButton);
  QCOMPARE(window.tabs()->currentWidget(), explorer);
  // The captured sentence replaces the timelapse's frame (step -1: no recorded step shown).
  QTRY_VERIFY_WITH_TIMEOUT(!explorer->view().isEmpty() && explorer->timelapseStep() == -1, 2 * kMinute);
  QVERIFY(explorer->thumbnailCount() > 0);

  // The timelapse plays the run just trained, without a restart.
  auto* bar = explorer->timelapse();
  QCOMPARE(QFileInfo(bar->runDir()).absoluteFilePath(), QFileInfo(run).absoluteFilePath());
  const QList<qint64> steps = bar->steps();
  QVERIFY2(steps.size() >= 3, qPrintable(QString::number(steps.size())));
  QCOMPARE(steps.first(), qint64(0));
  bar->slider()->setValue(0);
  QCOMPARE(explorer->timelapseStep(), qint64(0));
  QCOMPARE(training->lossChart()->marker(), 0.0);  // the charts mark the step shown
  bar->play();
  QTRY_COMPARE_WITH_TIMEOUT(explorer->timelapseStep(), steps.last(), kMinute);
  explorer->select(app::AttentionView::Kind::Cross, 1, -1);  // the last layer's cross-attention, mean of the heads
  explorer->showMap();
  screenshot(window, "timelapse-after-first-run");

  stage("timelapse played");
  // Heads over training: every head of every layer, over the recorded steps.
  explorer->showHeadTimeline();
  auto* timeline = explorer->headTimeline();
  QVERIFY2(timeline->emptyReason().isEmpty(), qPrintable(timeline->emptyReason()));
  QVERIFY(timeline->plot()->isVisibleTo(timeline));
  const auto& heads = timeline->timeline();
  QCOMPARE(heads.rows.size(), 24);  // (2 encoder + 2 decoder + 2 cross layers) × 4 heads
  QCOMPARE(heads.steps.size(), steps.size());
  double largest = 0;
  for (int r = 0; r < heads.rows.size(); ++r)
    for (int c = 0; c < heads.steps.size(); ++c) largest = std::max(largest, heads.value(r, c));
  QVERIFY2(largest > 0.1, qPrintable(QString::number(largest)));  // entropies in bits, not a 1e-7 scale
  screenshot(window, "heads-over-training-after-first-run");

  stage("heads over training");
  // The beam search tab opens on the winner's path.
  QSignalSpy trees(explorer->beam(), &ui::BeamExplorer::treeShown);
  explorer->showBeam();
  QTRY_VERIFY_WITH_TIMEOUT(!trees.isEmpty(), 2 * kMinute);
  auto* tree = explorer->beam()->view();
  QVERIFY(!tree->winner().isEmpty());
  QVERIFY2(test::winnersPathShown(*tree) >= std::min<qsizetype>(3, tree->winner().size()),
           qPrintable(QString::number(test::winnersPathShown(*tree))));

  stage("beam tree");
  // Rank the heads on a few dev sentences.
  explorer->showAblation();
  auto* importance = explorer->ablation()->importance();
  QSignalSpy ranked(importance, &ui::HeadImportanceChart::ranked);
  importance->setSentences(3);
  importance->rank();
  QTRY_VERIFY_WITH_TIMEOUT(!ranked.isEmpty(), 5 * kMinute);
  QVERIFY(!importance->ranking().stopped);
  QCOMPARE(importance->ranking().heads.size(), 24);
  QCOMPARE(importance->ranking().sentences, 3);

  stage("heads ranked");
  // --- A second run, set up by hand, compared with the first. -------------------
  window.tabs()->setCurrentWidget(training);
  const QString second = tmp_.filePath("data/attention-studio/runs/second");
  training->setRunDir(second);
  auto* form = training->findChild<ui::TrainingSettingsForm*>();
  QVERIFY(form);
  form->setPreset("tiny");
  form->setMaxSteps(30);
  form->setEvalEvery(15);
  form->applyConfig(QJsonObject{{"eval_sentences", 20}});
  auto* start = training->findChild<QPushButton*>("Start");
  QVERIFY(start && start->isEnabled());
  QTest::mouseClick(start, Qt::LeftButton);
  QVERIFY2(dialogs.isEmpty(), qPrintable(dialogs.join('\n')));
  QVERIFY(training->isTraining());
  QTRY_VERIFY_WITH_TIMEOUT(!training->isTraining(), 5 * kMinute);
  QVERIFY(QFile::exists(second + "/best.pt"));
  // The explorer follows the new run too.
  window.tabs()->setCurrentWidget(explorer);
  QCOMPARE(QFileInfo(explorer->timelapse()->runDir()).absoluteFilePath(), QFileInfo(second).absoluteFilePath());
  QTRY_VERIFY_WITH_TIMEOUT(!explorer->timelapse()->steps().isEmpty(), 10000);
  window.tabs()->setCurrentWidget(training);
  QVERIFY(training->compareWith(run));
  QVERIFY(training->lossChart()->seriesCount() >= 4);  // train and dev loss of each run
  QVERIFY(training->bleuChart()->seriesCount() >= 3);  // BLEU and chrF of this run, BLEU of the other
  QVERIFY2(legendBesideTheCurves(training->lossChart()), "a chart's legend covers its curves");
  stage("second run compared");
  QVERIFY2(dialogs.isEmpty(), qPrintable(dialogs.join('\n')));
  window.close();
}

STUDIO_TEST_MAIN_APP(TestJourney, QApplication)
#include "tst_journey.moc"
