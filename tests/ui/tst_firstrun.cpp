// The guided first run: on a fresh start the Training workspace offers one
// button that trains the starter model on the demo corpus, says how long it
// takes here, and Translate then works without choosing a model
// (ui/training/FirstRunPanel, TrainingWorkspace::startStarterRun, app/training/FirstRun); a
// toy task instead, from the panel or the corpus list.

#include <fstream>
#include <string>

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "common/FakeArchive.h"
#include "common/SuiteMain.h"

#include "app/EngineInfo.h"
#include "app/training/DataFolders.h"
#include "app/training/DemoCorpusFetch.h"
#include "app/training/FirstRun.h"
#include "app/training/PrepareSession.h"
#include "ui/charts/MetricChart.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TrainingSettingsForm.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/MainWindow.h"

using namespace studio;

class TestFirstRun : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    // A user data folder of our own, holding a small "demo corpus".
    qputenv("XDG_DATA_HOME", tmp_.filePath("data").toUtf8());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, tmp_.filePath("settings"));
    QCOMPARE(app::demoCorpusDir(), tmp_.filePath("data/attention-studio/demo-corpus"));
    QVERIFY(QDir().mkpath(app::demoCorpusDir()));
    const char* vi[] = {"mở tập tin", "đóng cửa sổ", "lưu tài liệu", "xoá thư mục"};
    const char* en[] = {"open file", "close window", "save document", "delete folder"};
    for (const auto& [split, count] : {std::pair<const char*, int>{"train", 400}, {"dev", 20}, {"test", 20}}) {
      std::ofstream v((app::demoCorpusDir() + "/" + split + ".vi").toStdString());
      std::ofstream e((app::demoCorpusDir() + "/" + split + ".en").toStdString());
      for (int i = 0; i < count; ++i) {
        const int n = std::string(split) == "train" ? i : (std::string(split) == "dev" ? 1000 : 2000) + i;
        v << vi[i % 4] << " số " << n << "\n";
        e << en[i % 4] << " number " << n << "\n";
      }
    }
  }

  void runFoldersAreNewAndTheNewestIsFound() {
    const QDateTime when(QDate(2026, 11, 22), QTime(20, 4));
    const QString first = app::newRunDir("starter", when);
    QCOMPARE(first, QDir(app::runsDir()).filePath("starter-2026-11-22-2004"));
    QVERIFY(QDir().mkpath(first));
    QCOMPARE(app::newRunDir("starter", when), first + "-2");
    // A folder without a run in it is not a run.
    QCOMPARE(app::newestRun(), QString());
    QDir().rmpath(first);
  }

  void aModelsRunFolderIsFound() {
    // The Attention workspace follows the run of the model chosen in Translate.
    const QString run = tmp_.filePath("runs-of-models/run");
    QVERIFY(QDir().mkpath(run + "/models"));
    QVERIFY(QDir().mkpath(run + "/checkpoints"));
    QFile config(run + "/config.json");
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.close();
    QCOMPARE(app::runDirOf(run + "/best.pt"), run);
    QCOMPARE(app::runDirOf(run + "/models/step-600.pt"), run);
    QCOMPARE(app::runDirOf(run + "/checkpoints/ckpt-00000600.pt"), run);
    QCOMPARE(app::runDirOf(run), run);  // a run folder as the model source
    QCOMPARE(app::runDirOf(tmp_.filePath("runs-of-models/loose.pt")), QString());  // no run's
    QCOMPARE(app::runDirOf(""), QString());
  }

  void withoutTheCorpusThePanelGetsIt() {
    // A user data folder without the corpus, and a Debian archive in a folder with one package of catalogs.
    const QByteArray data_home = qgetenv("XDG_DATA_HOME"), path = qgetenv("PATH");
    qputenv("XDG_DATA_HOME", tmp_.filePath("fresh-data").toUtf8());
    QDir root(tmp_.filePath("fake-debian"));
    QVERIFY(root.mkpath("archive"));
    QList<QPair<QByteArray, QByteArray>> entries;
    for (int i = 0; i < 60; ++i)
      entries.append(qMakePair("Open file " + QByteArray::number(i), "Mở tập tin " + QByteArray::number(i)));
    QVERIFY(test::makeCatalogDeb(root.filePath("archive"), "pkg-one",
                                 "/usr/share/locale/vi/LC_MESSAGES/one.mo", test::moBytes(entries)));
    QVERIFY(test::writeFakeAptGet(root.filePath("bin"), root.filePath("archive"), root.filePath("apt.log")));
    qputenv("PATH", root.filePath("bin").toUtf8() + ":" + path);
    QFile list(root.filePath("packages.txt"));
    QVERIFY(list.open(QIODevice::WriteOnly));
    list.write("pkg-one\npkg-gone\n");
    list.close();

    {
      ui::FirstRunPanel panel;
      panel.show();
      QVERIFY(!panel.hasDemoCorpus());
      auto* fetch = panel.findChild<QPushButton*>("Get the demo corpus");
      auto* start = panel.findChild<QPushButton*>("Train the starter model");
      auto* status = panel.findChild<QLabel*>("Demo corpus status");
      QVERIFY(fetch && start && status);
      QVERIFY(fetch->isVisible() && fetch->isEnabled());
      QVERIFY(!start->isVisible());
      QSignalSpy ready(&panel, &ui::FirstRunPanel::demoCorpusReady);
      app::DemoCorpusFetch request;
      request.packagesFile = list.fileName();
      request.cacheDir = root.filePath("cache");
      panel.fetchDemoCorpus(request);
      QVERIFY(!fetch->isEnabled());  // while it runs
      QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 120000);
      QVERIFY(panel.hasDemoCorpus());
      QCOMPARE(app::demoCorpusDir(), tmp_.filePath("fresh-data/attention-studio/demo-corpus"));
      QVERIFY(start->isVisible() && start->isEnabled());
      QVERIFY(!fetch->isVisible());
      QVERIFY2(status->text().contains("60 sentence pairs") && status->text().contains("pkg-gone"),
               qPrintable(status->text()));
    }
    {
      // Nothing to download: the panel says why and offers to try again.
      qputenv("XDG_DATA_HOME", tmp_.filePath("fresh-data-2").toUtf8());
      QVERIFY(list.open(QIODevice::WriteOnly | QIODevice::Truncate));
      list.write("pkg-gone\n");
      list.close();
      ui::FirstRunPanel panel;
      panel.show();
      app::DemoCorpusFetch request;
      request.packagesFile = list.fileName();
      request.cacheDir = root.filePath("cache");
      auto* fetch = panel.findChild<QPushButton*>("Get the demo corpus");
      auto* status = panel.findChild<QLabel*>("Demo corpus status");
      QSignalSpy failed(panel.demoCorpusSession(), &app::DemoCorpusSession::failed);
      panel.fetchDemoCorpus(request);
      QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 120000);
      QVERIFY2(status->text().contains("could not download any of the 1 packages"),
               qPrintable(status->text()));
      QVERIFY(fetch->isVisible() && fetch->isEnabled());
      QVERIFY(!panel.hasDemoCorpus());
    }
    qputenv("XDG_DATA_HOME", data_home);
    qputenv("PATH", path);
  }

  void theToyButtonAsksForATaskAndANewRun() {
    ui::FirstRunPanel panel;
    auto* task = panel.findChild<QComboBox*>("First run toy task");
    auto* button = panel.findChild<QPushButton*>("Train on the toy task");
    QVERIFY(task && button);
    QCOMPARE(task->count(), 4);
    task->setCurrentIndex(task->findData("sort"));
    QSignalSpy asked(&panel, &ui::FirstRunPanel::toyRequested);
    button->click();
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.first().at(0).toString(), QString("sort"));
    QVERIFY(asked.first().at(1).toString().startsWith(app::runsDir() + "/toy-sort-"));
  }

  void oneClickTrainsTheStarterAndTranslateFollowsIt() {
    ui::MainWindow window(app::engineInfo());
    auto* training = window.training();
    auto* panel = training->firstRun();
    QVERIFY(panel);
    QVERIFY(panel->hasDemoCorpus());
    window.resize(1100, 700);
    window.show();
    QVERIFY(panel->isVisible());  // no run yet
    QVERIFY(panel->runDir().startsWith(app::runsDir() + "/starter-"));
    // How long, measured here.
    QTRY_VERIFY_WITH_TIMEOUT(panel->estimateText().startsWith("About"), 120000);
    // The starter's two workers are timed against one process first, whichever way the estimate found faster.
    if (app::presetWorkers("starter", "auto") > 1)
      QVERIFY2(panel->estimateText().contains("it times the 2 workers against one process"),
               qPrintable(panel->estimateText()));
    auto* button = panel->findChild<QPushButton*>("Train the starter model");
    QVERIFY(button && button->isEnabled());
    QVERIFY(button->text().contains("minute"));

    // One click: the demo data is prepared, the starter trains (shortened).
    training->setStarterMaxSteps(40);
    // The second worker of the starter's two on a CPU: the command-line program.
    qputenv("STUDIO_WORKER_PROGRAM", STUDIO_CLI_PATH);
    QSignalSpy running(training, &ui::TrainingWorkspace::runningChanged);
    const QString run = panel->runDir();
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(running.count() >= 1 && running.first().first().toBool(), 300000);
    QVERIFY(!panel->isVisible());
    QCOMPARE(training->runDir(), run);
    // Its progress and Stop are in sight, in a window of a laptop's size, with the form scrolled to its top.
    for (const char* name : {"Stop", "Status"}) {
      auto* widget = training->findChild<QWidget*>(name);
      QVERIFY(widget);
      QVERIFY2(!widget->visibleRegion().isEmpty(), name);
    }
    QVERIFY(training->findChild<QPushButton*>("Stop")->isEnabled());
    auto* progress = training->findChild<QProgressBar*>("Training progress");
    QVERIFY(progress && !progress->visibleRegion().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!training->isTraining(), 600000);
    QVERIFY(app::isPreparedDataDir(app::demoDataDir()));
    // The demo corpus is prepared with its own, smaller vocabulary; others with the default.
    QCOMPARE(app::vocabularySizeFor(app::demoCorpusDir()), app::kDemoVocabularySize);
    QCOMPARE(app::vocabularySizeFor(tmp_.filePath("elsewhere/corpus.tsv")), app::PrepareRequest().vocabularySize);
    QVERIFY(QFile::exists(run + "/best.pt"));
    const QString config = QString::fromUtf8([&] {
      QFile f(run + "/config.json");
      return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }());
    QVERIFY2(config.contains("\"schedule\": \"cosine\""), qPrintable(config));
    if (app::presetWorkers("starter", "auto") == 2) {
      auto* log = training->findChild<QPlainTextEdit*>("Log");
      QVERIFY(log);
      // Its two workers, or one process where timing them first showed it faster here.
      const QString text = log->toPlainText();
      const bool one = text.contains("Training in one process of all the threads: it was the faster here.");
      QVERIFY2(one != text.contains("Training on 2 workers"), qPrintable(text));
      QVERIFY2(text.contains("timing 75 steps on 2 workers and 75 in one process..."), qPrintable(text));
      // The form says how it trained.
      QCOMPARE(training->findChild<QSpinBox*>("Workers")->value(), one ? 1 : 2);
    }
    qunsetenv("STUDIO_WORKER_PROGRAM");

    // Translate follows the run without a model being chosen.
    auto* translate = window.translate();
    QCOMPARE(translate->modelSource().path, run);
    QSignalSpy shown(translate, &ui::TranslateWorkspace::translationShown);
    translate->setInputText("mở tập tin số 3. đóng cửa sổ số 4.");
    translate->translateNow();
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 60000);
    QVERIFY(!translate->translationText().isEmpty());
    const int evaluations = training->lossChart()->pointCount(1);  // the dev loss of each evaluation
    QVERIFY(evaluations >= 1);
    window.close();

    // The next start shows the run again in Training: its curves, its settings.
    {
      ui::MainWindow reopened(app::engineInfo());
      QCOMPARE(reopened.training()->runDir(), run);
      QCOMPARE(reopened.training()->lossChart()->pointCount(1), evaluations);
      QCOMPARE(reopened.training()->findChild<QComboBox*>("Preset")->currentText(), QString("starter"));
    }
    // A fresh start with nothing remembered picks the newest run, in Translate and Training, and the
    // first-run panel stays away.
    QSettings().clear();
    QCOMPARE(app::newestRun(), run);
    ui::MainWindow again(app::engineInfo());
    again.show();
    QCOMPARE(again.translate()->modelSource().path, run);
    QCOMPARE(again.translate()->modelSource().kind, app::ModelSource::Kind::RunBest);  // as its panel offered
    QCOMPARE(again.training()->runDir(), run);
    QCOMPARE(again.training()->lossChart()->pointCount(1), evaluations);
    QVERIFY(!again.training()->firstRun()->isVisible());
  }

  // After a run, from the corpus list: a toy task is written, prepared with
  // its small vocabulary and trained with the toy preset in a new run folder
  // (not the open run's), and Translate takes it from the finished run's panel.
  void aToyTaskFromTheCorpusListTrainsAndTranslatesWithIt() {
    ui::MainWindow window(app::engineInfo());
    window.show();
    auto* training = window.training();
    const QString before = app::newestRun();
    if (before.isEmpty())  // alone, there is no run: openRun would say so in a box that waits for a click
      QSKIP(
          "needs the starter's run that oneClickTrainsTheStarterAndTranslateFollowsIt trains (run the suite "
          "whole)");
    QVERIFY(training->openRun(before));  // the starter's run, open
    // A user who had chosen to continue the starter: the toy task is a new model.
    auto* continued = training->findChild<ui::FineTuneBox*>();
    QVERIFY(continued && continued->setModel(before + "/best.pt") && continued->active());
    auto* reverse = training->findChild<QAction*>("Toy task reverse");
    QVERIFY(reverse);
    reverse->trigger();
    QVERIFY(!continued->active());
    QCOMPARE(training->corpus(), app::toyCorpusDir("reverse"));
    QCOMPARE(app::toyTaskOf(training->corpus()), QString("reverse"));
    QCOMPARE(app::corpusKind(training->corpus()).name, QString("toy task: Reverse letters"));
    QVERIFY(QFile::exists(app::toyCorpusDir("reverse") + "/train.vi"));
    QCOMPARE(training->findChild<QComboBox*>("Preset")->currentText(), QString("toy"));
    QVERIFY(training->runDir().startsWith(app::runsDir() + "/toy-reverse-"));
    QVERIFY(training->runDir() != before);
    const QString run = training->runDir();

    auto* form = training->findChild<ui::TrainingSettingsForm*>();
    QVERIFY(form);
    form->setMaxSteps(60);
    form->setEvalEvery(30);
    training->startTraining();  // prepares, then trains
    QTRY_VERIFY_WITH_TIMEOUT(training->isTraining() || QFile::exists(run + "/best.pt"), 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!training->isTraining() && !training->isPreparing(), 600000);
    QVERIFY(QFile::exists(run + "/best.pt"));
    // Prepared with the toy's vocabulary: a piece a letter.
    QFile summary(training->dataDir() + "/summary.json");
    QVERIFY(summary.open(QIODevice::ReadOnly));
    const QJsonObject spm = QJsonDocument::fromJson(summary.readAll()).object()["sentencepiece"].toObject();
    QCOMPARE(spm["vocab_size"].toInt(), 57);
    QCOMPARE(spm["model_type"].toString(), QString("bpe"));
    QFile config(run + "/config.json");
    QVERIFY(config.open(QIODevice::ReadOnly));
    const QJsonObject model =
        QJsonDocument::fromJson(config.readAll()).object()["training"].toObject()["model"].toObject();
    QCOMPARE(model["d_model"].toInt(), 64);

    // Translate keeps the model it had (the starter's) until asked.
    auto* translate = window.translate();
    QVERIFY(translate->modelSource().path != run);
    auto* use = training->runFinished()->findChild<QPushButton*>("Translate with it");
    QVERIFY(use && use->isVisible());
    use->click();
    QCOMPARE(translate->modelSource().path, run);
    // The status bar says so, and what runs the model stays beside the message.
    QVERIFY2(window.statusBar()->currentMessage().contains(run),
             qPrintable(window.statusBar()->currentMessage()));
    auto* engine = window.statusBar()->findChild<QLabel*>("Engine");
    QVERIFY(engine && !engine->visibleRegion().isEmpty());
    QVERIFY2(engine->text().contains("LibTorch " + app::engineInfo().torchVersion),
             qPrintable(engine->text()));
    // What the user types next goes into the Vietnamese box.
    QWidget* typed_into = window.focusWidget();
    QVERIFY2(typed_into && translate->isAncestorOf(typed_into),
             typed_into ? qPrintable(typed_into->objectName()) : "no widget has the focus");
    QSignalSpy shown(translate, &ui::TranslateWorkspace::translationShown);
    QTest::keyClicks(typed_into, "a b c d");
    QCOMPARE(translate->inputText(), QString("a b c d"));
    translate->translateNow();
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 60000);
    QVERIFY(!translate->translationText().isEmpty());
  }

 private:
  QTemporaryDir tmp_;
};

STUDIO_TEST_MAIN_APP(TestFirstRun, QApplication)
#include "tst_firstrun.moc"
