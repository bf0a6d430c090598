#include "ui/TrainingWorkspace.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/EngineInfo.h"
#include "ui/MetricChart.h"

namespace studio::ui {

namespace {

QString clock(double seconds) {
  const auto s = qint64(seconds);
  return QString("%1:%2:%3")
      .arg(s / 3600, 2, 10, QChar('0'))
      .arg(s / 60 % 60, 2, 10, QChar('0'))
      .arg(s % 60, 2, 10, QChar('0'));
}

QSpinBox* spin(int min, int max, const QString& tip, const QString& name) {
  auto* box = new QSpinBox;
  box->setRange(min, max);
  box->setToolTip(tip);
  box->setObjectName(name);
  box->setAccessibleName(name);
  return box;
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
  data_form->addRow(tr("Data folder"), folderRow(data_dir_, tr("Data folder"),
                                                 tr("A folder written by attention-studio-cli prepare")));
  data_form->addRow(tr("Run folder"), folderRow(run_dir_, tr("Run folder"),
                                                tr("Checkpoints, metrics.jsonl and best.pt are written here")));
  device_ = new QComboBox(data_group);
  device_->addItems({"auto", "cpu", "cuda"});
  device_->setObjectName("Device");
  device_->setAccessibleName(tr("Device"));
  device_->setToolTip(tr("auto: the GPU when this build has CUDA and one is present, else the CPU"));
  data_form->addRow(tr("Device"), device_);
  form_layout->addWidget(data_group);

  auto* model_group = new QGroupBox(tr("Model"), form_box);
  auto* model_form = new QFormLayout(model_group);
  preset_ = new QComboBox(model_group);
  preset_->addItems(app::trainingPresetNames());
  preset_->setObjectName("Preset");
  preset_->setAccessibleName(tr("Preset"));
  preset_->setToolTip(tr("Starting values for every field below"));
  model_form->addRow(tr("Preset"), preset_);
  layers_ = spin(1, 24, tr("Encoder and decoder layers (each)"), "Layers");
  d_model_ = spin(8, 4096, tr("Model width; must be divisible by the heads"), "d_model");
  d_model_->setSingleStep(8);
  heads_ = spin(1, 64, tr("Attention heads"), "Heads");
  d_ff_ = spin(8, 16384, tr("Inner width of the feed-forward"), "d_ff");
  dropout_ = new QDoubleSpinBox(model_group);
  dropout_->setRange(0.0, 0.9);
  dropout_->setSingleStep(0.05);
  dropout_->setObjectName("Dropout");
  dropout_->setAccessibleName(tr("Dropout"));
  dropout_->setToolTip(tr("Residual dropout"));
  model_form->addRow(tr("Layers"), layers_);
  model_form->addRow(tr("d_model"), d_model_);
  model_form->addRow(tr("Heads"), heads_);
  model_form->addRow(tr("d_ff"), d_ff_);
  model_form->addRow(tr("Dropout"), dropout_);
  form_layout->addWidget(model_group);

  auto* train_group = new QGroupBox(tr("Training"), form_box);
  auto* train_form = new QFormLayout(train_group);
  max_tokens_ = spin(8, 1000000, tr("Tokens a batch, padding included"), "Batch tokens");
  warmup_ = spin(1, 1000000, tr("Warmup steps of the Noam schedule"), "Warmup");
  max_steps_ = spin(1, 10000000, tr("Optimizer steps to train"), "Max steps");
  eval_every_ = spin(1, 1000000, tr("Evaluate on dev and write a checkpoint every N steps"), "Eval every");
  train_form->addRow(tr("Batch tokens"), max_tokens_);
  train_form->addRow(tr("Warmup steps"), warmup_);
  train_form->addRow(tr("Max steps"), max_steps_);
  train_form->addRow(tr("Evaluate every"), eval_every_);
  form_layout->addWidget(train_group);

  auto* buttons = new QHBoxLayout;
  start_ = new QPushButton(tr("Start"), form_box);
  stop_ = new QPushButton(tr("Stop"), form_box);
  resume_ = new QPushButton(tr("Resume"), form_box);
  start_->setObjectName("Start");
  stop_->setObjectName("Stop");
  resume_->setObjectName("Resume");
  start_->setToolTip(tr("Start a new run in the run folder"));
  stop_->setToolTip(tr("Finish the current step, write a checkpoint and stop"));
  resume_->setToolTip(tr("Continue the run in the run folder from its newest checkpoint"));
  buttons->addWidget(start_);
  buttons->addWidget(stop_);
  buttons->addWidget(resume_);
  form_layout->addLayout(buttons);
  progress_ = new QProgressBar(form_box);
  progress_->setAccessibleName(tr("Training progress"));
  progress_->setFormat("%p%");
  form_layout->addWidget(progress_);
  status_ = new QLabel(tr("Idle"), form_box);
  status_->setWordWrap(true);
  form_layout->addWidget(status_);
  form_layout->addStretch(1);

  // --- charts and text ----------------------------------------------------
  auto* charts = new QWidget(this);
  auto* grid = new QGridLayout(charts);
  loss_chart_ = new MetricChart(tr("Loss"), tr("loss"), charts);
  train_loss_ = loss_chart_->addSeries(tr("train"), QColor(31, 119, 180));
  dev_loss_ = loss_chart_->addSeries(tr("dev"), QColor(255, 127, 14), true);
  bleu_chart_ = new MetricChart(tr("Dev BLEU"), tr("BLEU"), charts);
  bleu_ = bleu_chart_->addSeries(tr("BLEU"), QColor(44, 160, 44), true);
  lr_chart_ = new MetricChart(tr("Learning rate"), tr("rate"), charts);
  lr_ = lr_chart_->addSeries(tr("learning rate"), QColor(148, 103, 189));
  speed_chart_ = new MetricChart(tr("Speed"), tr("target tokens / s"), charts);
  speed_ = speed_chart_->addSeries(tr("tokens/s"), QColor(214, 39, 40));
  for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_})
    connect(chart, &MetricChart::saveFailed, this, &TrainingWorkspace::errorOccurred);
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
  texts->addTab(samples_, tr("Samples"));
  texts->addTab(log_, tr("Log"));

  auto* right = new QSplitter(Qt::Vertical, this);
  right->addWidget(charts);
  right->addWidget(texts);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);

  auto* main = new QSplitter(Qt::Horizontal, this);
  main->addWidget(form_box);
  main->addWidget(right);
  main->setStretchFactor(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(main);

  connect(preset_, &QComboBox::currentTextChanged, this, &TrainingWorkspace::applyPreset);
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
  applyPreset("tiny");
  setRunning(false);
}

TrainingWorkspace::~TrainingWorkspace() = default;

bool TrainingWorkspace::isTraining() const { return running_; }
void TrainingWorkspace::setDataDir(const QString& dir) { data_dir_->setText(dir); }
void TrainingWorkspace::setRunDir(const QString& dir) { run_dir_->setText(dir); }
QString TrainingWorkspace::dataDir() const { return data_dir_->text().trimmed(); }
QString TrainingWorkspace::runDir() const { return run_dir_->text().trimmed(); }

void TrainingWorkspace::applyPreset(const QString& name) { applyConfig(app::trainingPresetJson(name)); }

void TrainingWorkspace::applyConfig(const QJsonObject& training) {
  const auto model = training["model"].toObject();
  layers_->setValue(model["encoder_layers"].toInt(layers_->value()));
  d_model_->setValue(model["d_model"].toInt(d_model_->value()));
  heads_->setValue(model["heads"].toInt(heads_->value()));
  d_ff_->setValue(model["d_ff"].toInt(d_ff_->value()));
  dropout_->setValue(model["dropout"].toDouble(dropout_->value()));
  max_tokens_->setValue(training["max_tokens"].toInt(max_tokens_->value()));
  warmup_->setValue(training["warmup_steps"].toInt(warmup_->value()));
  max_steps_->setValue(training["max_steps"].toInt(max_steps_->value()));
  eval_every_->setValue(training["eval_every"].toInt(eval_every_->value()));
}

QString TrainingWorkspace::configJson() const {
  QJsonObject model{{"encoder_layers", layers_->value()}, {"decoder_layers", layers_->value()},
                    {"d_model", d_model_->value()},       {"heads", heads_->value()},
                    {"d_ff", d_ff_->value()},             {"dropout", dropout_->value()}};
  QJsonObject config{{"model", model},
                     {"max_tokens", max_tokens_->value()},
                     {"warmup_steps", warmup_->value()},
                     {"max_steps", max_steps_->value()},
                     {"eval_every", eval_every_->value()}};
  return QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact));
}

bool TrainingWorkspace::openRun(const QString& dir) {
  QFile metrics(dir + "/metrics.jsonl");
  if (!metrics.open(QIODevice::ReadOnly | QIODevice::Text)) {
    Q_EMIT errorOccurred(tr("'%1' is not a run folder: it has no metrics.jsonl").arg(dir));
    return false;
  }
  for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) chart->clear();
  samples_->clear();
  int line_number = 0, unreadable = 0;
  qint64 last_step = 0;
  while (!metrics.atEnd()) {
    ++line_number;
    const QByteArray line = metrics.readLine().trimmed();
    if (line.isEmpty()) continue;
    const QJsonObject record = QJsonDocument::fromJson(line).object();
    if (record.isEmpty()) {
      ++unreadable;  // a line torn by a crash
      continue;
    }
    const double step = record["step"].toDouble();
    last_step = std::max<qint64>(last_step, qint64(step));
    if (record["type"] == "train") {
      loss_chart_->addPoint(train_loss_, step, record["loss"].toDouble());
      lr_chart_->addPoint(lr_, step, record["lr"].toDouble());
      speed_chart_->addPoint(speed_, step, record["tokens_per_s"].toDouble());
    } else if (record["type"] == "eval") {
      app::EvalReport report;
      report.step = qint64(step);
      report.loss = record["loss"].toDouble();
      report.perplexity = record["perplexity"].toDouble();
      report.tokenAccuracy = record["token_accuracy"].toDouble();
      report.bleu = record["bleu"].toDouble();
      report.best = record["best"].toBool();
      for (const auto& value : record["samples"].toArray()) {
        const auto sample = value.toObject();
        report.samples.append({sample["source"].toString(), sample["reference"].toString(),
                               sample["hypothesis"].toString()});
      }
      showEval(report, /*log=*/false);
    }
  }
  setRunDir(dir);
  QFile config(dir + "/config.json");
  if (config.open(QIODevice::ReadOnly)) {
    const auto json = QJsonDocument::fromJson(config.readAll()).object();
    setDataDir(json["data"].toString());
    applyConfig(json["training"].toObject());
  }
  progress_->setRange(0, std::max(1, max_steps_->value()));
  progress_->setValue(int(std::min<qint64>(last_step, max_steps_->value())));
  status_->setText(tr("Opened %1: %2 steps of history%3.")
                       .arg(dir)
                       .arg(last_step)
                       .arg(unreadable ? tr(", %1 unreadable lines skipped").arg(unreadable) : QString()));
  return true;
}

void TrainingWorkspace::startTraining() { begin(false); }
void TrainingWorkspace::resumeTraining() { begin(true); }

void TrainingWorkspace::begin(bool resume) {
  if (run_dir_->text().trimmed().isEmpty()) {
    Q_EMIT errorOccurred(tr("Choose a run folder first."));
    return;
  }
  if (!resume && data_dir_->text().trimmed().isEmpty()) {
    Q_EMIT errorOccurred(tr("Choose a data folder first (one written by prepare)."));
    return;
  }
  if (!resume) {
    for (auto* chart : {loss_chart_, bleu_chart_, lr_chart_, speed_chart_}) chart->clear();
    samples_->clear();
  }
  app::TrainingRequest request;
  request.dataDir = data_dir_->text().trimmed();
  request.runDir = run_dir_->text().trimmed();
  request.preset = preset_->currentText();
  request.configJson = configJson();
  request.resume = resume;
  request.maxSteps = resume ? max_steps_->value() : 0;
  request.device = device_->currentText();
  setRunning(true);
  status_->setText(resume ? tr("Resuming…") : tr("Starting…"));
  session_.start(request);
}

void TrainingWorkspace::stopTraining() {
  if (!running_) return;
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
  for (QWidget* w : std::initializer_list<QWidget*>{data_dir_, run_dir_, preset_, device_, layers_, d_model_, heads_,
                                                    d_ff_, dropout_, max_tokens_, warmup_, eval_every_})
    w->setEnabled(!running);
  if (changed) Q_EMIT runningChanged(running);
}

void TrainingWorkspace::onStep(const app::StepProgress& p) {
  loss_chart_->addPoint(train_loss_, double(p.step), p.loss);
  lr_chart_->addPoint(lr_, double(p.step), p.learningRate);
  speed_chart_->addPoint(speed_, double(p.step), p.tokensPerSecond);
  progress_->setRange(0, int(std::min<qint64>(p.maxSteps, INT_MAX)));
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

void TrainingWorkspace::showEval(const app::EvalReport& r, bool log) {
  loss_chart_->addPoint(dev_loss_, double(r.step), r.loss);
  bleu_chart_->addPoint(bleu_, double(r.step), r.bleu);
  QString text = tr("— step %1: dev loss %2, perplexity %3, accuracy %4 %, BLEU %5%6\n")
                     .arg(r.step)
                     .arg(r.loss, 0, 'f', 3)
                     .arg(r.perplexity, 0, 'f', 2)
                     .arg(100 * r.tokenAccuracy, 0, 'f', 1)
                     .arg(r.bleu, 0, 'f', 2)
                     .arg(r.best ? tr(" (best)") : QString());
  for (const auto& s : r.samples)
    text += tr("  source:     %1\n  reference:  %2\n  hypothesis: %3\n").arg(s.source, s.reference, s.hypothesis);
  samples_->appendPlainText(text);
  if (log) appendLog(r.bleuLine);
}

void TrainingWorkspace::onFinished(const app::FinishedReport& r) {
  QString text = tr("Finished at step %1 (%2).").arg(r.step).arg(r.reason);
  if (r.bestBleu >= 0) text += tr(" Best dev BLEU %1.").arg(r.bestBleu, 0, 'f', 2);
  if (!r.lastPath.isEmpty()) text += tr(" Last checkpoint: %1").arg(r.lastPath);
  status_->setText(text);
  appendLog(text);
  setRunning(false);
}

void TrainingWorkspace::onFailed(const QString& message) {
  status_->setText(tr("Failed: %1").arg(message));
  appendLog(tr("error: %1").arg(message));
  setRunning(false);
  Q_EMIT errorOccurred(message);
}

void TrainingWorkspace::appendLog(const QString& line) { log_->appendPlainText(line); }

}  // namespace studio::ui
