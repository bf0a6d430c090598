#include "ui/window/MainWindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include "app/explorer/TunedLensSession.h"
#include "app/training/FirstRun.h"
#include "ui/attention/AttentionWorkspace.h"
#include "ui/attention/EmbeddingView.h"
#include "ui/attention/TimelapseBar.h"
#include "ui/explain/MinimalPairsPanel.h"
#include "ui/explain/NeighboursView.h"
#include "ui/explain/PatchingPanel.h"
#include "ui/heads/HeadAblationPanel.h"
#include "ui/heads/HeadImportanceChart.h"
#include "ui/lens/LensView.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/TrainingWorkspace.h"
#include "ui/translate/FileTranslationBar.h"
#include "ui/translate/TranslateWorkspace.h"
#include "ui/window/HelpWindow.h"

namespace studio::ui {

namespace {
constexpr int kMaxRecent = 8;
}

MainWindow::MainWindow(const app::EngineInfo& engine, QWidget* parent)
    : QMainWindow(parent),
      engine_(engine),
      tabs_(new QTabWidget(this)),
      training_(new TrainingWorkspace(this)),
      translate_(new TranslateWorkspace(&service_, this)),
      attention_(new AttentionWorkspace(&service_, this)) {
  setWindowTitle(tr("Attention Studio"));
  // 1280×800, or the screen's free area where that is smaller (the window fits 1366×768).
  const QScreen* screen = QGuiApplication::primaryScreen();
  resize(screen ? QSize(1280, 800).boundedTo(screen->availableGeometry().size()) : QSize(1280, 800));

  tabs_->setObjectName("Workspaces");
  tabs_->setAccessibleName(tr("Workspaces"));
  tabs_->addTab(training_, tr("&Training"));
  tabs_->addTab(translate_, tr("T&ranslate"));
  tabs_->addTab(attention_, tr("&Attention"));
  setCentralWidget(tabs_);

  connect(training_, &TrainingWorkspace::errorOccurred, this, &MainWindow::showError);
  connect(translate_, &TranslateWorkspace::errorOccurred, this, [this](const QString& message) {
    statusBar()->showMessage(message, 10000);  // typing errors stay in the status bar, not in dialogs
  });
  connect(translate_, &TranslateWorkspace::noticed, this,
          [this](const QString& message) { statusBar()->showMessage(message, 15000); });
  connect(attention_, &AttentionWorkspace::errorOccurred, this, &MainWindow::showError);
  connect(translate_, &TranslateWorkspace::exploreAttention, this,
          [this](const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings) {
            attention_->explore(model, text, settings);
            tabs_->setCurrentWidget(attention_);
          });
  connect(translate_, &TranslateWorkspace::exploreTranslation, this,
          [this](const app::ModelSource& model, const QString& text, const QString& target,
                 const app::DecodeSettings& settings) {
            attention_->explore(model, text, settings, target);
            attention_->showMap();
            tabs_->setCurrentWidget(attention_);
          });
  connect(translate_, &TranslateWorkspace::trainingExamplesWanted, this,
          [this](const app::ModelSource& model, const QString& text, const app::DecodeSettings& settings,
                 int piece) {
            attention_->neighbours()->choosePiece(/*output=*/true, piece);
            attention_->explore(model, text, settings);
            attention_->showNeighbours();
            tabs_->setCurrentWidget(attention_);
          });
  connect(translate_, &TranslateWorkspace::learnFromCorrectionsRequested, this, [this](const QString& model) {
    tabs_->setCurrentWidget(training_);
    training_->startCorrectionsRound(model);
  });
  attention_->setModelProvider([this] { return translate_->modelSource(); },
                               [this] { return translate_->decodeSettings(); });
  // A run started here can be translated with at once (its newest checkpoint).
  connect(training_, &TrainingWorkspace::runningChanged, this, [this](bool running) {
    if (running && translate_->modelSource().isEmpty())
      translate_->setModelSource({app::ModelSource::Kind::RunLatest, training_->runDir()});
  });

  // The explorer's timelapse plays the Training workspace's run; the charts
  // mark the step it shows, and a click on a chart moves it there.
  connect(training_, &TrainingWorkspace::runDirChanged, attention_, &AttentionWorkspace::setTimelapseRun);
  // ... and the run of the model chosen in Translate, when it is a run's (a
  // folder that is there: not each prefix of a path being typed).
  connect(translate_, &TranslateWorkspace::modelSourceChanged, this, [this](const app::ModelSource& model) {
    const QString run = model.kind == app::ModelSource::Kind::File ? app::runDirOf(model.path) : model.path.trimmed();
    if (!run.isEmpty() && QFileInfo(run).isDir()) attention_->setTimelapseRun(run);
  });
  connect(attention_, &AttentionWorkspace::timelapseStepShown, training_, &TrainingWorkspace::setViewedStep);
  connect(training_, &TrainingWorkspace::stepClicked, this, [this](qint64 step) {
    attention_->showTimelapseStep(step);
    if (attention_->timelapseStep() >= 0)
      statusBar()->showMessage(tr("The Attention tab shows the probe sentences at step %1.")
                                   .arg(QLocale().toString(attention_->timelapseStep())),
                               5000);
  });

  connect(training_, &TrainingWorkspace::openModelRequested, this,
          [this](const QString& path, qint64 step, bool attention) {
            translate_->setModelSource({app::ModelSource::Kind::File, path});
            statusBar()->showMessage(tr("Translate and Attention use the model of step %1 now.")
                                         .arg(QLocale().toString(step)),
                                     8000);
            goToModel(attention);
          });
  connect(training_, &TrainingWorkspace::useRunRequested, this, [this](const QString& run_dir, bool attention) {
    translate_->setModelSource({app::ModelSource::Kind::RunBest, run_dir});
    attention_->setTimelapseRun(run_dir);
    statusBar()->showMessage(tr("Translate and Attention use the best checkpoint of %1 now.").arg(run_dir), 8000);
    goToModel(attention);
  });

  buildMenus();
  // What runs the model stays at the right; the passing messages take the left.
  auto* engine_line = new QLabel(tr("%1 build · LibTorch %2 · running on %3")
                                     .arg(engine_.buildKind, engine_.torchVersion, engine_.deviceLine()),
                                 statusBar());
  engine_line->setObjectName("Engine");
  statusBar()->addPermanentWidget(engine_line);
  restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::goToModel(bool attention) {
  if (!attention) {
    tabs_->setCurrentWidget(translate_);
    translate_->focusInput();
    return;
  }
  // The explorer's sentence, else the probe sentence of the timelapse.
  QString sentence = attention_->sentence();
  if (sentence.isEmpty()) sentence = attention_->timelapse()->probeSentence();
  tabs_->setCurrentWidget(attention_);
  if (!sentence.isEmpty()) attention_->explore(translate_->modelSource(), sentence, translate_->decodeSettings());
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open_run = file->addAction(tr("Open &Run…"), this, [this]() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a run folder"), training_->runDir());
    if (!dir.isEmpty()) openPath(dir);
  });
  open_run->setShortcut(QKeySequence::Open);
  QAction* open_model = file->addAction(tr("Open &Model…"), this, [this]() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a model or checkpoint"), QString(),
                                                      tr("Models (*.pt);;All files (*)"));
    if (!path.isEmpty()) openPath(path);
  });
  open_model->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  file->addAction(tr("&Compare with Run…"), this, [this]() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Compare with a run folder"), training_->runDir());
    if (dir.isEmpty()) return;
    tabs_->setCurrentWidget(training_);
    training_->compareWith(dir);
  });
  recent_menu_ = file->addMenu(tr("Open R&ecent"));
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  for (int i = 0; i < tabs_->count(); ++i) {
    QAction* go = view->addAction(tabs_->tabText(i).remove('&'), this, [this, i]() { tabs_->setCurrentIndex(i); });
    go->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
  }

  // The interface language, read at start: choosing one offers a restart.
  QMenu* language = view->addMenu(tr("&Language"));
  language->setObjectName("Language menu");  // its choices are in their own languages
  auto* languages = new QActionGroup(language);
  const QString current = QSettings().value("ui/language").toString();
  const QList<QPair<QString, QString>> choices{
      {QString(), tr("System default")}, {"en", QStringLiteral("English")}, {"vi", QStringLiteral("Tiếng Việt")}};
  for (const auto& [code, name] : choices) {
    QAction* choice = language->addAction(name);
    choice->setCheckable(true);
    choice->setChecked(code == current);
    languages->addAction(choice);
    connect(choice, &QAction::triggered, this, [this, code = code]() {
      QSettings().setValue("ui/language", code);
      offerRestart();
    });
  }

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* guide = help->addAction(tr("&User Guide"), this, [this] { showHelp("docs/user-guide.md"); });
  guide->setShortcut(QKeySequence::HelpContents);
  guide->setObjectName("User guide");
  help->addAction(tr("&Quick Start"), this, [this] { showHelp("README.md#quick-start"); });
  help->addAction(tr("&Command Line"), this, [this] { showHelp("docs/cli.md"); });
  help->addAction(tr("What Does &Not Work Yet"), this, [this] { showHelp("docs/status.md"); });
  help->addSeparator();
  help->addAction(tr("&About Attention Studio"), this, &MainWindow::showAbout);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

HelpWindow* MainWindow::helpWindow() const { return help_.data(); }

HelpWindow* MainWindow::showHelp(const QString& page) {
  if (!help_) {
    QStringList looked;
    const QString dir = app::helpDir(&looked);
    if (dir.isEmpty()) {
      showError(tr("The help pages are not installed here (looked in %1).").arg(looked.join(", ")));
      return nullptr;
    }
    help_ = new HelpWindow(dir, this);
  }
  if (!help_->showPage(page)) {
    showError(help_->message());
    return nullptr;
  }
  help_->show();
  help_->raise();
  help_->activateWindow();
  return help_;
}

bool MainWindow::openPath(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir()) {
    const bool has_metrics = QFileInfo(QDir(path).filePath("metrics.jsonl")).isFile();
    if (!has_metrics && !QFileInfo(QDir(path).filePath("config.json")).isFile()) {
      showError(tr("'%1' is not a run folder: it has neither config.json nor metrics.jsonl.").arg(path));
      return false;
    }
    if (has_metrics) training_->openRun(path);
    training_->setRunDir(path);
    translate_->setModelSource({app::ModelSource::Kind::RunLatest, info.absoluteFilePath()});
    tabs_->setCurrentWidget(training_);
  } else if (info.isFile()) {
    translate_->setModelSource({app::ModelSource::Kind::File, info.absoluteFilePath()});
    tabs_->setCurrentWidget(translate_);
  } else {
    showError(tr("'%1' does not exist.").arg(path));
    recent_.removeAll(path);
    fillRecentMenu();
    return false;
  }
  addRecent(info.absoluteFilePath());
  return true;
}

void MainWindow::addRecent(const QString& path) {
  recent_.removeAll(path);
  recent_.prepend(path);
  while (recent_.size() > kMaxRecent) recent_.removeLast();
  fillRecentMenu();
}

void MainWindow::fillRecentMenu() {
  recent_menu_->clear();
  for (const QString& path : recent_) recent_menu_->addAction(path, this, [this, path]() { openPath(path); });
  recent_menu_->setEnabled(!recent_.isEmpty());
}

void MainWindow::showError(const QString& message) {
  statusBar()->showMessage(message, 10000);
  if (isVisible()) QMessageBox::warning(this, tr("Attention Studio"), message);
}

void MainWindow::showAbout() {
  const QString text =
      tr("<h3>Attention Studio %1</h3>"
         "<p>Train, use and look inside a Transformer translator (Vietnamese → English).</p>"
         "<table>"
         "<tr><td>Build</td><td>%2</td></tr>"
         "<tr><td>Qt</td><td>%3 (built with %4)</td></tr>"
         "<tr><td>LibTorch</td><td>%5</td></tr>"
         "<tr><td>CUDA</td><td>%6</td></tr>"
         "<tr><td>SentencePiece</td><td>%7</td></tr>"
         "<tr><td>CPU threads</td><td>%8 of %9</td></tr>"
         "<tr><td>BLAS</td><td>%10</td></tr>"
         "</table>")
          .arg(QApplication::applicationVersion().toHtmlEscaped(), engine_.buildKind, QString::fromLatin1(qVersion()),
               QStringLiteral(QT_VERSION_STR), engine_.torchVersion,
               engine_.cudaAvailable ? (engine_.gpus.isEmpty() ? tr("available, %n GPU(s)", nullptr, engine_.cudaDevices)
                                                               : engine_.gpus.join(", ").toHtmlEscaped())
                                     : (engine_.cudaBuilt ? tr("built in, no GPU found") : tr("not in this build")),
               engine_.sentencePieceVersion)
          .arg(engine_.threads)
          .arg(engine_.hardwareThreads)
          .arg(engine_.blas.isEmpty() ? tr("unknown") : engine_.blas.toHtmlEscaped());
  QMessageBox::about(this, tr("About Attention Studio"), text);
}

void MainWindow::restoreSettings() {
  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  restoreState(settings.value("window/state").toByteArray());
  tabs_->setCurrentIndex(settings.value("window/tab", 0).toInt());
  recent_ = settings.value("files/recent").toStringList();
  fillRecentMenu();
  // The run Training showed last (or the newest, when none is remembered)
  // comes back with its curves, settings and data; without one, the data
  // folder the form had.
  QString run = settings.value("training/run").toString();
  if (run.isEmpty()) run = app::newestRun();
  if (!run.isEmpty() && QFileInfo(QDir(run).filePath("metrics.jsonl")).isFile()) {
    training_->openRun(run);
  } else {
    const QString data = settings.value("training/data").toString();
    if (!data.isEmpty()) training_->setDataDir(data);
    if (!run.isEmpty()) training_->setRunDir(run);
  }
  app::ModelSource source;
  source.kind = app::ModelSource::Kind(settings.value("translate/source_kind", 0).toInt());
  source.path = settings.value("translate/model").toString();
  if (!source.path.isEmpty()) {
    translate_->setModelSource(source);
  } else if (const QString newest = app::newestRun(); !newest.isEmpty()) {
    // No model chosen yet: the newest run's best checkpoint, as its finished panel offers it (its newest
    // before the first evaluation has written one).
    const bool best = QFileInfo(QDir(newest).filePath("best.pt")).isFile();
    translate_->setModelSource(
        {best ? app::ModelSource::Kind::RunBest : app::ModelSource::Kind::RunLatest, newest});
    if (training_->runDir().isEmpty()) attention_->setTimelapseRun(newest);
  }
  app::DecodeSettings decode;
  decode.beam = settings.value("translate/beam", decode.beam).toInt();
  decode.alpha = settings.value("translate/alpha", decode.alpha).toDouble();
  decode.nbest = settings.value("translate/nbest", 4).toInt();
  decode.int8 = settings.value("translate/int8", false).toBool() && app::engineInfo().int8Unsupported.isEmpty();
  decode.bf16 = settings.value("translate/bf16", false).toBool() && !app::engineInfo().cpuBf16.isEmpty();
  decode.paragraphs = settings.value("translate/paragraphs", false).toBool();
  decode.markup = settings.value("translate/markup", false).toBool();
  decode.verbatim = settings.value("translate/verbatim", false).toBool();
  decode.sampling = settings.value("translate/sampling", false).toBool();
  decode.temperature = settings.value("translate/temperature", decode.temperature).toDouble();
  decode.topK = settings.value("translate/top_k", decode.topK).toInt();
  decode.topP = settings.value("translate/top_p", decode.topP).toDouble();
  decode.seed = settings.value("translate/seed", decode.seed).toLongLong();
  translate_->setDecodeSettings(decode);
}

void MainWindow::saveSettings() const {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
  settings.setValue("window/tab", tabs_->currentIndex());
  settings.setValue("files/recent", recent_);
  settings.setValue("training/data", training_->dataDir());
  settings.setValue("training/run", training_->runDir());
  const auto source = translate_->modelSource();
  settings.setValue("translate/source_kind", int(source.kind));
  settings.setValue("translate/model", source.path);
  const auto decode = translate_->decodeSettings();
  settings.setValue("translate/beam", decode.beam);
  settings.setValue("translate/alpha", decode.alpha);
  settings.setValue("translate/nbest", decode.nbest);
  settings.setValue("translate/int8", decode.int8);
  settings.setValue("translate/bf16", decode.bf16);
  settings.setValue("translate/paragraphs", decode.paragraphs);
  settings.setValue("translate/markup", decode.markup);
  settings.setValue("translate/verbatim", decode.verbatim);
  settings.setValue("translate/sampling", decode.sampling);
  settings.setValue("translate/temperature", decode.temperature);
  settings.setValue("translate/top_k", decode.topK);
  settings.setValue("translate/top_p", decode.topP);
  settings.setValue("translate/seed", decode.seed);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (training_->isTraining()) {
    const auto answer = QMessageBox::question(
        this, tr("Training is running"),
        tr("Stop training? The current step finishes and a checkpoint is written; Resume continues later."));
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
    training_->stopAndWait();
  }
  if (translate_->fileTranslation()->isRunning()) {
    const auto answer =
        QMessageBox::question(this, tr("A file is being translated"),
                              tr("Stop translating the file? Nothing of its translation is written."));
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
  }
  saveSettings();
  event->accept();
}

void MainWindow::offerRestart() {
  if (training_->isTraining() || isBusy()) {
    statusBar()->showMessage(tr("The language changes when Attention Studio starts next."), 10000);
    return;
  }
  auto* box =
      new QMessageBox(QMessageBox::Question, tr("Restart in this language?"),
                      tr("Attention Studio reads its language when it starts. Restart it now? The open "
                         "run, model, workspace and translation settings come back; text typed in "
                         "Translate does not."),
                      QMessageBox::NoButton, this);
  box->setObjectName("Restart for the language");
  box->setAttribute(Qt::WA_DeleteOnClose);
  QPushButton* now = box->addButton(tr("Restart now"), QMessageBox::AcceptRole);
  now->setObjectName("Restart now");
  box->addButton(tr("Later"), QMessageBox::RejectRole)->setObjectName("Later");
  box->setDefaultButton(now);
  connect(box, &QMessageBox::buttonClicked, this, [this, now](QAbstractButton* button) {
    if (button == now)
      restart();
    else
      statusBar()->showMessage(tr("The language changes when Attention Studio starts next."), 10000);
  });
  box->open();
}

void MainWindow::restart() {
  saveSettings();  // before the new process reads them
  QSettings().sync();
  const bool started = restart_starter_
                           ? restart_starter_()
                           : QProcess::startDetached(QCoreApplication::applicationFilePath(), QStringList{});
  if (!started) {
    showError(tr("Attention Studio could not start again (%1); the language changes when it starts next.")
                  .arg(QCoreApplication::applicationFilePath()));
    return;
  }
  close();
}

bool MainWindow::isBusy() const {
  return service_.isBusy() || training_->isPreparing() || training_->isDistilling() ||
         training_->isBackTranslating() || attention_->ablation()->importance()->isRanking() ||
         attention_->neighbours()->session()->isRunning() || attention_->patching()->session()->isRunning() ||
         attention_->embeddings()->session()->isRunning() || attention_->lens()->session()->isRunning() ||
         attention_->lens()->tunedSession()->isRunning() || attention_->minimalPairs()->isRunning() ||
         translate_->fileTranslation()->isRunning() ||
         (training_->firstRun()->isVisible() && training_->firstRun()->isMeasuring());
}

}  // namespace studio::ui
