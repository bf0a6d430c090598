#include "ui/training/TrainingWorkspace.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QThread>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/EngineInfo.h"
#include "app/training/FirstRun.h"
#include "app/training/RunHistory.h"
#include "ui/charts/MetricChart.h"
#include "ui/training/BackTranslationBox.h"
#include "ui/training/CorpusList.h"
#include "ui/training/FineTuneBox.h"
#include "ui/training/FirstRunPanel.h"
#include "ui/training/RunComparisonPanel.h"
#include "ui/training/RunFinishedPanel.h"
#include "ui/training/TeacherBox.h"
#include "ui/training/TrainingSettingsForm.h"

namespace studio::ui {

namespace {

QString clock(double seconds) {
  const auto s = qint64(seconds);
  return QString("%1:%2:%3")
      .arg(s / 3600, 2, 10, QChar('0'))
      .arg(s / 60 % 60, 2, 10, QChar('0'))
      .arg(s % 60, 2, 10, QChar('0'));
}

}  // namespace

TrainingWorkspace::TrainingWorkspace(QWidget* parent) : QWidget(parent) {
  // --- the form ---------------------------------------------------------
  auto* form_box = new QWidget(this);
  auto* form_layout = new QVBoxLayout(form_box);

  auto* data_group = new QGroupBox(tr("Data and run"), form_box);
  auto* data_form = new QFormLayout(data_group);
  auto folderRow = [&](QLineEdit*& edit, const QString& name, const QString& tip) {
    auto* row = new QHBoxLayout;
    edit = new QLineEdit(data_group);
    edit->setObjectName(name);
    edit->setAccessibleName(name);
    edit->setToolTip(tip);
    auto* browse = new QPushButton(tr("Browse…"), data_group);
    browse->setAccessibleName(tr("Browse for %1").arg(name));
    QLineEdit* target = edit;
    connect(browse, &QPushButton::clicked, this, [this, target]() {
      const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a folder"), target->text());
      if (!dir.isEmpty()) target->setText(dir);
    });
    row->addWidget(edit, 1);
    row->addWidget(browse);
    return row;
  };
  {
    corpus_ = new CorpusList(data_group);
    connect(corpus_, &CorpusList::errorOccurred, this, &TrainingWorkspace::errorOccurred);
    connect(corpus_, &CorpusList::toyTaskChosen, this, &TrainingWorkspace::chooseToyTask);
    connect(corpus_, &CorpusList::changed, this, [this]() {
      if (!corpus_->isEmpty() && !isTraining()) setDataDir(dataDirFor(corpus_->corpora()));
    });
    data_form->addRow(tr("Corpus"), corpus_);
    prepare_button_ = new QPushButton(tr("Prepare"), data_group);
    prepare_button_->setObjectName("Prepare");
    prepare_button_->setToolTip(tr("Read, clean and split the corpus, train SentencePiece and encode it into the "
                                   "data folder (Start does it when needed)"));
    connect(prepare_button_, &QPushButton::clicked, this, &TrainingWorkspace::prepareData);
    encoding_ = new QComboBox(data_group);
    encoding_->setObjectName("Corpus encoding");
    encoding_->setAccessibleName(tr("Encoding of corpus files that are not UTF-8"));
    encoding_->addItem(tr("UTF-8"), QString());
    encoding_->addItem(QStringLiteral("Windows-1258"), QStringLiteral("windows-1258"));
    encoding_->addItem(QStringLiteral("VISCII"), QStringLiteral("viscii"));
    encoding_->addItem(QStringLiteral("TCVN3"), QStringLiteral("tcvn3"));
    encoding_->addItem(QStringLiteral("VNI"), QStringLiteral("vni"));
    encoding_->setToolTip(
        tr("Vietnamese written before Unicode: corpus files that are not UTF-8 are read in this "
           "encoding (a file that is UTF-8 stays UTF-8). Preparing says which one a file reads "
           "as when it is not UTF-8."));
    auto* prepare_row = new QHBoxLayout;
    prepare_row->addWidget(prepare_button_);
    prepare_row->addWidget(new QLabel(tr("Encoding:"), data_group));
    prepare_row->addWidget(encoding_);
    keep_duplicates_ = new QCheckBox(tr("Keep repeated pairs"), data_group);
    keep_duplicates_->setObjectName("Keep repeated pairs");
    keep_duplicates_->setToolTip(
        tr("Off: a pair the corpus holds again (once cleaned) is dropped and counted, as "
           "corpora and translation memories repeat their boilerplate. On: every "
           "repeat is trained on."));
    prepare_row->addWidget(keep_duplicates_);
    prepare_row->addStretch(1);
    data_form->addRow(QString(), prepare_row);
  }
  data_form->addRow(tr("Data folder"), folderRow(data_dir_, tr("Data folder"),
                                                 tr("The prepared data (written by Prepare or attention-studio-cli prepare)")));
  data_summary_ = new QLabel(data_group);
  data_summary_->setObjectName("Data summary");
  data_summary_->setWordWrap(true);
  data_summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  data_form->addRow(data_summary_);
  connect(data_dir_, &QLineEdit::textChanged, this, &TrainingWorkspace::showDataSummary);
  data_form->addRow(tr("Run folder"), folderRow(run_dir_, tr("Run folder"),
                                                tr("Checkpoints, metrics.jsonl and best.pt are written here")));
  connect(run_dir_, &QLineEdit::editingFinished, this, [this] { Q_EMIT runDirChanged(runDir()); });
  device_ = new QComboBox(data_group);
  device_->addItems({"auto", "cpu", "cuda"});
  device_->setObjectName("Device");
  device_->setAccessibleName(tr("Device"));
  device_->setToolTip(tr("auto: the GPU when this build has CUDA and one is present, else the CPU"));
  data_form->addRow(tr("Device"), device_);
  auto* device_line = new QLabel(app::engineInfo().deviceLine(), data_group);
  device_line->setObjectName("Device found");
  device_line->setWordWrap(true);
  data_form->addRow(QString(), device_line);
  workers_ = new QSpinBox(data_group);
  workers_->setRange(1, std::max(2, QThread::idealThreadCount()));
  workers_->setObjectName("Workers");
  workers_->setAccessibleName(tr("Workers"));
  workers_->setToolTip(tr("Data-parallel workers: each trains on its share of every batch, their gradients are "
                          "summed (c10d, Gloo), and the charts show the sums. On a CPU they share the cores; on a "
                          "CUDA machine each takes a GPU. The log shows each worker's state."));
  data_form->addRow(tr("Workers"), workers_);
  form_layout->addWidget(data_group);

  fine_tune_ = new FineTuneBox(form_box);
  form_layout->addWidget(fine_tune_);
  connect(fine_tune_, &FineTuneBox::errorOccurred, this, &TrainingWorkspace::errorOccurred);
  teacher_ = new TeacherBox(form_box);
  form_layout->addWidget(teacher_);
  teacher_->setDataDir(dataDir());
  connect(teacher_, &TeacherBox::errorOccurred, this, &TrainingWorkspace::errorOccurred);
  connect(teacher_, &TeacherBox::distilRequested, this, &TrainingWorkspace::distilData);
  addBackTranslation(form_box, form_layout);

  settings_ = new TrainingSettingsForm(form_box);
  form_layout->addWidget(settings_);
  connect(fine_tune_, &FineTuneBox::modelChanged, this, &TrainingWorkspace::onStartingModelChanged);
  connect(teacher_, &TeacherBox::teacherChanged, this, &TrainingWorkspace::onTeacherChanged);

  // The run's controls and progress stay in sight under the form, however far
  // it is scrolled: a run started from the first-run panel above shows its
  // progress and its Stop button without a search through the settings.
  auto* run_bar = new QWidget(this);
  run_bar->setObjectName("Run controls");
  auto* run_layout = new QVBoxLayout(run_bar);
  run_layout->setContentsMargins(6, 4, 6, 2);
  auto* buttons = new QHBoxLayout;
  start_ = new QPushButton(tr("Start"), run_bar);
  stop_ = new QPushButton(tr("Stop"), run_bar);
  resume_ = new QPushButton(tr("Resume"), run_bar);
  start_->setObjectName("Start");
  stop_->setObjectName("Stop");
  resume_->setObjectName("Resume");
  start_->setToolTip(tr("Start a new run in the run folder"));
  stop_->setToolTip(tr("Finish the current step, write a checkpoint and stop"));
  resume_->setToolTip(tr("Continue the run in the run folder from its newest checkpoint"));
  buttons->addWidget(start_);
  buttons->addWidget(stop_);
  buttons->addWidget(resume_);
  run_layout->addLayout(buttons);
  progress_ = new QProgressBar(run_bar);
  progress_->setObjectName("Training progress");
  progress_->setAccessibleName(tr("Training progress"));
  progress_->setFormat("%p%");
  run_layout->addWidget(progress_);
  status_ = new QLabel(tr("Idle"), run_bar);
  status_->setWordWrap(true);
  status_->setObjectName("Status");
  run_layout->addWidget(status_);
  form_layout->addStretch(1);

  // --- charts and text ----------------------------------------------------
  auto* charts = new QWidget(this);
  auto* grid = new QGridLayout(charts);
  loss_chart_ = new MetricChart(tr("Loss"), tr("loss"), charts);
  train_loss_ = loss_chart_->addSeries(tr("train"), QColor(31, 119, 180));
  dev_loss_ = loss_chart_->addSeries(tr("dev"), QColor(255, 127, 14), true);
  bleu_chart_ = new MetricChart(tr("Dev BLEU and chrF"), tr("score"), charts);
  bleu_ = bleu_chart_->addSeries(tr("BLEU"), QColor(44, 160, 44), true);
  chrf_ = bleu_chart_->addSeries(tr("chrF"), QColor(148, 103, 189), true);
  // Fine-tuning: BLEU on the original data's dev split, in the legend once a run has it.
  original_bleu_ = bleu_chart_->addSeries(tr("BLEU, original dev"), QColor(140, 86, 75), true, /*legend=*/false);
  lr_chart_ = new MetricChart(tr("Learning rate"), tr("rate"), charts);
  lr_ = lr_chart_->addSeries(tr("learning rate"), QColor(148, 103, 189));
  speed_chart_ = new MetricChart(tr("Speed"), tr("target tokens / s"), charts);
  speed_ = speed_chart_->addSeries(tr("tokens/s"), QColor(214, 39, 40));
  for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) {
    connect(chart, &MetricChart::saveFailed, this, &TrainingWorkspace::errorOccurred);
    chart->setToolTip(tr("Click a step to see the probe sentences' attention there (Attention tab)"));
    connect(chart, &MetricChart::stepClicked, this, [this, chart](double step) {
      Q_EMIT stepClicked(qint64(std::llround(step)));
      offerModelAt(chart, step);
    });
  }
  grid->addWidget(loss_chart_, 0, 0);
  grid->addWidget(bleu_chart_, 0, 1);
  grid->addWidget(lr_chart_, 1, 0);
  grid->addWidget(speed_chart_, 1, 1);

  auto* texts = new QTabWidget(this);
  samples_ = new QPlainTextEdit(texts);
  samples_->setReadOnly(true);
  samples_->setAccessibleName(tr("Sample translations"));
  samples_->setObjectName("Samples");
  log_ = new QPlainTextEdit(texts);
  log_->setReadOnly(true);
  log_->setAccessibleName(tr("Log"));
  log_->setMaximumBlockCount(5000);
  log_->setObjectName("Log");
  texts->addTab(samples_, tr("Samples"));
  texts->addTab(log_, tr("Log"));
  comparison_ = new RunComparisonPanel;
  comparison_->setObjectName("Compare runs");
  // Scrolled when the charts above leave it little height.
  auto* comparison_scroll = new QScrollArea(texts);
  comparison_scroll->setWidget(comparison_);
  comparison_scroll->setWidgetResizable(true);
  comparison_scroll->setFrameShape(QFrame::NoFrame);
  texts->addTab(comparison_scroll, tr("Compare runs"));
  texts_ = texts;
  connect(comparison_, &RunComparisonPanel::runsChanged, this, &TrainingWorkspace::drawComparedRuns);
  connect(comparison_, &RunComparisonPanel::errorOccurred, this, &TrainingWorkspace::errorOccurred);

  auto* right = new QSplitter(Qt::Vertical, this);
  right->addWidget(charts);
  right->addWidget(texts);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);
  // Three quarters of the height to the charts from the start, not what the
  // text boxes would like (a laptop's screen leaves the plots little).
  right->setSizes({3000, 1000});

  auto* main = new QSplitter(Qt::Horizontal, this);
  auto* form_scroll = new QScrollArea(this);
  form_scroll->setWidget(form_box);
  form_scroll->setWidgetResizable(true);
  form_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  form_scroll->setMinimumWidth(form_box->sizeHint().width() + 24);
  form_scroll_ = form_scroll;
  auto* left = new QWidget(this);
  auto* left_layout = new QVBoxLayout(left);
  left_layout->setContentsMargins(0, 0, 0, 0);
  left_layout->setSpacing(0);
  left_layout->addWidget(form_scroll, 1);
  left_layout->addWidget(run_bar);
  main->addWidget(left);
  main->addWidget(right);
  main->setStretchFactor(1, 1);
  first_run_ = new FirstRunPanel(this);
  first_run_->setVisible(app::newestRun().isEmpty());
  connect(first_run_, &FirstRunPanel::startRequested, this, [this](const QString& dir) { startStarterRun(dir); });
  connect(first_run_, &FirstRunPanel::toyRequested, this, &TrainingWorkspace::startToyRun);
  connect(first_run_, &FirstRunPanel::demoCorpusReady, this, [this] {
    if (corpus().isEmpty()) setCorpus(app::demoCorpusDir());
  });
  run_finished_ = new RunFinishedPanel(this);
  connect(run_finished_, &RunFinishedPanel::useRunRequested, this, &TrainingWorkspace::useRunRequested);
  connect(run_finished_, &RunFinishedPanel::studentRequested, this, &TrainingWorkspace::trainStudentOf);
  connect(run_finished_, &RunFinishedPanel::backTranslateRequested, this,
          &TrainingWorkspace::backTranslateWith);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(first_run_);
  layout->addWidget(run_finished_);
  layout->addWidget(main, 1);

  connect(start_, &QPushButton::clicked, this, &TrainingWorkspace::startTraining);
  connect(stop_, &QPushButton::clicked, this, &TrainingWorkspace::stopTraining);
  connect(resume_, &QPushButton::clicked, this, &TrainingWorkspace::resumeTraining);
  connect(&session_, &app::TrainingSession::stepReported, this, &TrainingWorkspace::onStep);
  connect(&session_, &app::TrainingSession::evaluated, this, &TrainingWorkspace::onEval);
  connect(&session_, &app::TrainingSession::finished, this, &TrainingWorkspace::onFinished);
  connect(&session_, &app::TrainingSession::failed, this, &TrainingWorkspace::onFailed);
  connect(&session_, &app::TrainingSession::logLine, this, &TrainingWorkspace::appendLog);
  connect(&session_, &app::TrainingSession::checkpointWritten, this, [this](const QString& path, bool best) {
    appendLog(best ? tr("best so far: %1").arg(path) : tr("checkpoint: %1").arg(path));
  });
  connectPreparation();
  connect(&distill_, &app::DistillSession::progress, this, &TrainingWorkspace::onDistillProgress);
  connect(&distill_, &app::DistillSession::finished, this, &TrainingWorkspace::onDistilled);
  connect(&distill_, &app::DistillSession::logText, this, [this](const QString& text) {
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) appendLog(line);
  });
  connect(&distill_, &app::DistillSession::stopped, this, [this] {
    start_after_distil_ = false;
    setRunning(false);
    status_->setText(tr("Stopped: the teacher's translations so far were not kept."));
  });
  connect(&distill_, &app::DistillSession::failed, this, [this](const QString& message) {
    start_after_distil_ = false;
    onFailed(tr("Distilling the data failed: %1").arg(message));
  });
  settings_->setPreset("tiny");  // the starter is what the first-run button trains
  // The offline demo corpus (the first-run panel or scripts/demo-corpus builds it) by default.
  if (QFileInfo(app::demoCorpusDir()).isDir()) setCorpus(app::demoCorpusDir());
  setRunning(false);
}

TrainingWorkspace::~TrainingWorkspace() = default;

bool TrainingWorkspace::isTraining() const { return running_; }
void TrainingWorkspace::setRunDir(const QString& dir) {
  run_dir_->setText(dir);
  comparison_->setCurrentRun(dir);
  if (!dir.trimmed().isEmpty()) first_run_->hide();  // there is a run now
  Q_EMIT runDirChanged(runDir());
}

void TrainingWorkspace::setViewedStep(qint64 step) {
  for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) chart->setMarker(double(step));
}
QString TrainingWorkspace::runDir() const { return run_dir_->text().trimmed(); }

void TrainingWorkspace::startTraining() { begin(false); }


void TrainingWorkspace::startStarterRun(const QString& run_dir) {
  if (running_) return;
  first_run_->hide();
  setCorpus(app::demoCorpusDir());
  setDataDir(app::demoDataDir());
  settings_->setPreset("starter");
  settings_->setEnglishToVietnamese(false);  // the translator itself
  // Two one-thread workers on a CPU of two cores or more (the second one a
  // process of the command-line program beside this one, when it is there).
  workers_->setValue(app::TrainingSession::workerProgram().isEmpty()
                         ? 1
                         : app::presetWorkers("starter", device_->currentText()));
  shortenFirstRun();
  if (!starter_overrides_.isEmpty()) settings_->applyConfig(starter_overrides_);
  setRunDir(run_dir);
  startTraining();
}
void TrainingWorkspace::shortenFirstRun() {
  if (starter_max_steps_ <= 0) return;
  settings_->setMaxSteps(int(starter_max_steps_));
  settings_->setEvalEvery(std::min(settings_->evalEvery(), std::max(1, int(starter_max_steps_) / 2)));
}

void TrainingWorkspace::resumeTraining() { begin(true); }

void TrainingWorkspace::begin(bool resume) {
  if (run_dir_->text().trimmed().isEmpty()) {
    if (resume) {
      Q_EMIT errorOccurred(tr("Choose the folder of the run to resume first."));
      return;
    }
    // A new run with no folder chosen goes where the app keeps its runs, named after its preset.
    setRunDir(app::newRunDir(settings_->preset()));
    appendLog(tr("No run folder was chosen: the run goes into %1.").arg(runDir()));
  }
  // Start in the folder of a run on record (the one opened, or the one just
  // finished) begins a new run beside it; Resume is the way to continue it.
  if (!resume && !app::runModels(runDir()).isEmpty()) {
    const QString held = runDir();
    setRunDir(app::nextRunDir(held, settings_->preset()));
    appendLog(
        tr("%1 holds a run already (Resume continues it): the new run goes into %2.").arg(held, runDir()));
  }
  if (!resume && !app::isPreparedDataDir(data_dir_->text().trimmed())) {
    if (!corpus_->isEmpty()) {
      start_after_prepare_ = true;  // prepare, then start
      prepareData();
      return;
    }
    if (data_dir_->text().trimmed().isEmpty()) {
      Q_EMIT errorOccurred(tr("Choose a corpus or a prepared data folder first."));
      return;
    }
  }
  app::TrainingRequest request;
  QString probe_error;
  request.configJson = settings_->configJson(&probe_error);
  if (!resume && !probe_error.isEmpty()) {
    Q_EMIT errorOccurred(probe_error);  // before anything is cleared
    return;
  }
  if (!resume && teacher_->active() && !teacher_->distilled()) {
    start_after_distil_ = true;  // the teacher translates, then the student starts
    distilData();
    return;
  }
  if (!resume) {
    for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) chart->clear();
    bleu_chart_->setInLegend(original_bleu_, false);
    for (const int series : corpus_bleu_) bleu_chart_->setInLegend(series, false);
    samples_->clear();
    original_bleu_at_.clear();
    as_written_at_.clear();
    last_best_step_ = -1;
  }
  request.dataDir = !resume && teacher_->active() ? teacher_->distilledDir() : data_dir_->text().trimmed();
  request.runDir = run_dir_->text().trimmed();
  request.preset = settings_->preset();
  request.resume = resume;
  request.maxSteps = resume ? settings_->maxSteps() : 0;
  request.device = device_->currentText();
  request.workers = workers_->value();
  if (!resume && fine_tune_->active()) {
    request.fineTuneFrom = fine_tune_->modelPath();
    request.originalData = fine_tune_->originalData();
    request.replayShare = fine_tune_->replayShare();
  }
  setRunning(true);
  run_finished_->hide();
  status_->setText(resume ? tr("Resuming…") : tr("Starting…"));
  session_.start(request);
  Q_EMIT runDirChanged(runDir());
}

void TrainingWorkspace::stopTraining() {
  if (!running_) return;
  // What was to follow the data's preparation or distillation does not start.
  start_after_prepare_ = distil_after_prepare_ = start_after_distil_ = false;
  if (distill_.isRunning()) {
    status_->setText(tr("Stopping the teacher after the sentences it is translating…"));
    distill_.stop();
    return;
  }
  if (back_translate_.isRunning()) {
    status_->setText(tr("Stopping the back-translation after the sentences it is translating…"));
    back_translate_.stop();
    return;
  }
  if (prepare_.isRunning()) {
    status_->setText(tr("Stopping the preparation…"));
    prepare_.stop();
    return;
  }
  status_->setText(tr("Stopping after this step…"));
  session_.stop();
}

void TrainingWorkspace::stopAndWait() {
  if (!running_) return;
  stopTraining();
  QEventLoop loop;
  connect(this, &TrainingWorkspace::runningChanged, &loop, [&loop](bool running) {
    if (!running) loop.quit();
  });
  if (running_) loop.exec();
}

void TrainingWorkspace::setRunning(bool running) {
  const bool changed = running_ != running;
  running_ = running;
  start_->setEnabled(!running);
  resume_->setEnabled(!running);
  stop_->setEnabled(running);
  for (QWidget* w :
       std::initializer_list<QWidget*>{corpus_, prepare_button_, encoding_, data_dir_, run_dir_, device_,
                                       workers_, fine_tune_, teacher_, back_translation_, settings_})
    w->setEnabled(!running);
  if (changed) Q_EMIT runningChanged(running);
}

void TrainingWorkspace::onStep(const app::StepProgress& p) {
  loss_chart_->addPoint(train_loss_, double(p.step), p.loss);
  lr_chart_->addPoint(lr_, double(p.step), p.learningRate);
  speed_chart_->addPoint(speed_, double(p.step), p.tokensPerSecond);
  progress_->setRange(0, int(std::min<qint64>(p.maxSteps, INT_MAX)));
  // A time budget decides the steps early in the run: the form says them, and Resume trains to them.
  if (p.maxSteps != settings_->maxSteps()) settings_->setMaxSteps(int(std::min<qint64>(p.maxSteps, INT_MAX)));
  // Timing the workers first may train in one process instead: the form says what trains.
  if (p.workers != workers_->value()) workers_->setValue(p.workers);
  progress_->setValue(int(std::min<qint64>(p.step, INT_MAX)));
  const double eta = p.step > 0 ? p.elapsedSeconds / double(p.step) * double(p.maxSteps - p.step) : 0.0;
  status_->setText(tr("Step %1 of %2 · loss %3 · %4 tokens/s · elapsed %5 · ETA %6")
                       .arg(p.step)
                       .arg(p.maxSteps)
                       .arg(p.loss, 0, 'f', 3)
                       .arg(p.tokensPerSecond, 0, 'f', 0)
                       .arg(clock(p.elapsedSeconds), clock(eta)));
}

void TrainingWorkspace::onEval(const app::EvalReport& r) { showEval(r, /*log=*/true); }

int TrainingWorkspace::corpusBleuSeries(const QString& corpus) {
  const auto it = corpus_bleu_.constFind(corpus);
  if (it != corpus_bleu_.constEnd()) return *it;
  // The workspace's own series come before the compared runs': drawn again after it.
  const int own = 3 + int(corpus_bleu_.size());
  const bool compared = bleu_chart_->seriesCount() > own;
  bleu_chart_->truncateSeries(own);
  static const QColor colors[] = {QColor(23, 190, 207), QColor(188, 189, 34), QColor(227, 119, 194),
                                  QColor(127, 127, 127), QColor(255, 152, 150)};
  const QString name = app::shortCorpusName(corpus);
  const int series = bleu_chart_->addSeries(tr("BLEU, %1").arg(name.isEmpty() ? corpus : name),
                                            colors[corpus_bleu_.size() % 5], true);
  corpus_bleu_.insert(corpus, series);
  if (compared) drawComparedRuns();
  return series;
}

void TrainingWorkspace::showEval(const app::EvalReport& r, bool log) {
  loss_chart_->addPoint(dev_loss_, double(r.step), r.loss);
  bleu_chart_->addPoint(bleu_, double(r.step), r.bleu);
  if (r.chrf >= 0) bleu_chart_->addPoint(chrf_, double(r.step), r.chrf);
  if (r.originalBleu >= 0) {
    bleu_chart_->addPoint(original_bleu_, double(r.step), r.originalBleu);
    bleu_chart_->setInLegend(original_bleu_, true);
    original_bleu_at_[r.step] = r.originalBleu;
  }
  if (r.best) last_best_step_ = r.step;
  // A round on corrections shows every corrected sentence: how many came out as written.
  if (corrections_round_ > 0 && r.samples.size() == corrections_round_) {
    int matches = 0;
    for (const auto& sample : r.samples) matches += sample.hypothesis == sample.reference ? 1 : 0;
    as_written_at_[r.step] = matches;
  }
  for (const auto& [corpus, bleu] : r.bleuByCorpus) {
    const int series = corpusBleuSeries(corpus);
    bleu_chart_->addPoint(series, double(r.step), bleu);
    bleu_chart_->setInLegend(series, true);
  }
  QString text = tr("— step %1: dev loss %2, perplexity %3, accuracy %4 %, BLEU %5%6\n")
                     .arg(r.step)
                     .arg(r.loss, 0, 'f', 3)
                     .arg(r.perplexity, 0, 'f', 2)
                     .arg(100 * r.tokenAccuracy, 0, 'f', 1)
                     .arg(r.chrf >= 0 ? tr("%1, chrF %2").arg(r.bleu, 0, 'f', 2).arg(r.chrf, 0, 'f', 2)
                                      : QString::number(r.bleu, 'f', 2))
                     .arg(r.best ? tr(" (best)") : QString());
  if (r.originalBleu >= 0)
    text += tr("  original dev: BLEU %1, chrF %2\n").arg(r.originalBleu, 0, 'f', 2).arg(r.originalChrf, 0, 'f', 2);
  for (const auto& [corpus, bleu] : r.bleuByCorpus)
    text += tr("  dev of %1: BLEU %2\n").arg(app::shortCorpusName(corpus)).arg(bleu, 0, 'f', 2);
  for (const auto& s : r.samples)
    text += tr("  source:     %1\n  reference:  %2\n  hypothesis: %3\n").arg(s.source, s.reference, s.hypothesis);
  samples_->appendPlainText(text);
  if (log) {
    appendLog(r.bleuLine);
    if (!r.chrfLine.isEmpty()) appendLog(r.chrfLine);
  }
}

void TrainingWorkspace::onFinished(const app::FinishedReport& r) {
  QString text = tr("Finished at step %1 (%2).").arg(r.step).arg(r.reason);
  if (r.wholeDevPairs > 0)
    text += tr(" Best checkpoint: step %1, dev BLEU %2 on all %3 dev sentences.")
                .arg(r.bestStep)
                .arg(r.wholeDevBleu, 0, 'f', 2)
                .arg(r.wholeDevPairs);
  else if (r.bestBleu >= 0)
    text += tr(" Best dev BLEU %1.").arg(r.bestBleu, 0, 'f', 2);
  if (!r.lastPath.isEmpty()) text += tr(" Last checkpoint: %1").arg(r.lastPath);
  status_->setText(text);
  appendLog(text);
  setRunning(false);
  // A fine-tune: the original dev split's BLEU at its first evaluation and at the best checkpoint's.
  FineTuneOutcome outcome;
  const qint64 best_step = r.wholeDevPairs > 0 ? r.bestStep : last_best_step_;
  if (!original_bleu_at_.isEmpty() && original_bleu_at_.contains(best_step))
    outcome = {original_bleu_at_.firstKey(), original_bleu_at_.first(), best_step,
               original_bleu_at_[best_step]};
  if (corrections_round_ > 0 && as_written_at_.contains(best_step)) {
    outcome.corrections = corrections_round_;
    outcome.asWritten = as_written_at_[best_step];
  }
  corrections_round_ = 0;
  run_finished_->showFinished(runDir(), r, outcome);
}

void TrainingWorkspace::onFailed(const QString& message) {
  corrections_round_ = 0;
  status_->setText(tr("Failed: %1").arg(message));
  appendLog(tr("error: %1").arg(message));
  setRunning(false);
  Q_EMIT errorOccurred(message);
}

void TrainingWorkspace::appendLog(const QString& line) { log_->appendPlainText(line); }

}  // namespace studio::ui
