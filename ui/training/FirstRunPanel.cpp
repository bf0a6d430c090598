#include "ui/training/FirstRunPanel.h"

#include <cmath>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "app/training/DataFolders.h"

namespace studio::ui {

FirstRunPanel::FirstRunPanel(QWidget* parent) : QFrame(parent) {
  setObjectName("First run");
  setFrameShape(QFrame::StyledPanel);
  text_ = new QLabel(this);
  text_->setObjectName("First run text");
  text_->setWordWrap(true);
  text_->setTextFormat(Qt::RichText);
  estimate_ = new QLabel(tr("Measuring this computer's speed…"), this);
  estimate_->setObjectName("First run estimate");
  estimate_->setWordWrap(true);
  run_dir_ = new QLineEdit(app::newRunDir("starter"), this);
  run_dir_->setObjectName("First run folder");
  run_dir_->setAccessibleName(tr("Run folder for the starter model"));
  auto* change = new QPushButton(tr("Change…"), this);
  connect(change, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the run"), QFileInfo(runDir()).path());
    if (!dir.isEmpty()) run_dir_->setText(QDir(dir).filePath(QFileInfo(runDir()).fileName()));
  });
  start_ = new QPushButton(tr("Train the starter model"), this);
  start_->setObjectName("Train the starter model");
  start_->setDefault(true);
  connect(start_, &QPushButton::clicked, this, [this] { Q_EMIT startRequested(runDir()); });
  auto* myself = new QPushButton(tr("Set up a run myself"), this);
  connect(myself, &QPushButton::clicked, this, [this] {
    hide();
    Q_EMIT dismissed();
  });

  fetch_ = new QPushButton(tr("Get the demo corpus"), this);
  fetch_->setObjectName("Get the demo corpus");
  fetch_stop_ = new QPushButton(tr("Stop"), this);
  fetch_stop_->setObjectName("Stop getting the demo corpus");
  fetch_progress_ = new QProgressBar(this);
  fetch_status_ = new QLabel(this);
  fetch_status_->setObjectName("Demo corpus status");
  fetch_status_->setWordWrap(true);
  fetch_status_->setVisible(false);
  connect(fetch_, &QPushButton::clicked, this, [this] { fetchDemoCorpus(); });
  connect(fetch_stop_, &QPushButton::clicked, &corpus_, &app::DemoCorpusSession::stop);
  connect(&corpus_, &app::DemoCorpusSession::progress, this,
          [this](const QString& stage, int done, int total) {
            fetch_progress_->setRange(0, total);
            fetch_progress_->setValue(done);
            fetch_status_->setText(
                stage == "download" ? tr("Downloading package %1 of %2…").arg(done + 1).arg(total)
                : stage == "unpack" ? tr("Unpacking package %1 of %2…").arg(done + 1).arg(total)
                                    : tr("Reading the catalogs, cleaning and splitting the pairs…"));
          });
  connect(&corpus_, &app::DemoCorpusSession::finished, this, [this](const app::DemoCorpusFetched& result) {
    describeCorpus();
    fetch_status_->setText(
        tr("The demo corpus is ready: %1 sentence pairs from %2 catalogs.")
            .arg(QLocale().toString(result.pairs))
            .arg(result.catalogs) +
        (result.unavailable.isEmpty()
             ? QString()
             : ' ' + tr("%n package(s) could not be downloaded: %1.", "", int(result.unavailable.size()))
                         .arg(result.unavailable.join(", "))));
    fetch_status_->setVisible(true);
    Q_EMIT demoCorpusReady();
  });
  connect(&corpus_, &app::DemoCorpusSession::failed, this, [this](const QString& why) {
    describeCorpus();
    fetch_status_->setText(why);
    fetch_status_->setVisible(true);
  });

  // Nothing to download and about a minute to wait: a made-up task whose attention can be predicted.
  auto* toy_text = new QLabel(tr("Or watch a small Transformer learn a toy task first, in about a minute, "
                                 "with nothing to download:"),
                              this);
  toy_task_ = new QComboBox(this);
  toy_task_->setObjectName("First run toy task");
  toy_task_->setAccessibleName(tr("Toy task"));
  for (const QString& task : app::toyTaskNames()) {
    toy_task_->addItem(app::toyTaskLabel(task), task);
    toy_task_->setItemData(toy_task_->count() - 1, app::toyTaskDescription(task), Qt::ToolTipRole);
  }
  auto* toy_start = new QPushButton(tr("Train on the toy task"), this);
  toy_start->setObjectName("Train on the toy task");
  auto* toy_about = new QLabel(this);
  toy_about->setWordWrap(true);
  const auto describeToy = [this, toy_about] {
    toy_about->setText(app::toyTaskDescription(toy_task_->currentData().toString()));
  };
  connect(toy_task_, &QComboBox::currentIndexChanged, this, describeToy);
  describeToy();
  connect(toy_start, &QPushButton::clicked, this, [this] {
    const QString task = toy_task_->currentData().toString();
    Q_EMIT toyRequested(task, app::newRunDir("toy-" + task));
  });

  // As few lines as it can: at 1366x768 every line it takes is taken from
  // the charts below it. The title leads the text, the estimate stands
  // beside the buttons, the toy task's description beside its button.
  auto* folder_row = new QHBoxLayout;
  folder_row->addWidget(new QLabel(tr("Run folder:"), this));
  folder_row->addWidget(run_dir_, 1);
  folder_row->addWidget(change);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(fetch_);
  buttons->addWidget(fetch_stop_);
  buttons->addWidget(fetch_progress_, 1);
  buttons->addWidget(start_);
  buttons->addWidget(myself);
  buttons->addWidget(estimate_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setSpacing(4);
  layout->addWidget(text_);
  layout->addLayout(folder_row);
  layout->addLayout(buttons);
  layout->addWidget(fetch_status_);
  auto* toy_row = new QHBoxLayout;
  toy_row->addWidget(toy_text);
  toy_row->addWidget(toy_task_);
  toy_row->addWidget(toy_start);
  toy_row->addWidget(toy_about, 1);
  layout->addLayout(toy_row);
  describeCorpus();

  connect(&estimator_, &app::SpeedEstimator::estimated, this, &FirstRunPanel::showEstimate);
  connect(&estimator_, &app::SpeedEstimator::failed, this, [this](const QString& message) {
    estimate_->setText(tr("Could not measure this computer's speed: %1").arg(message));
  });
}

QString FirstRunPanel::runDir() const { return run_dir_->text().trimmed(); }
void FirstRunPanel::setRunDir(const QString& dir) { run_dir_->setText(dir); }
void FirstRunPanel::describeCorpus() {
  const bool here = hasDemoCorpus(), fetching = corpus_.isRunning();
  const auto setText = [this](const QString& text) {
    text_->setText(tr("<b>Train your first translator</b>") + "&nbsp;&nbsp;" + text.toHtmlEscaped());
  };
  if (here) {
    setText(
        tr("Train a starter model on the demo corpus: Vietnamese and English messages of free software, "
           "about 60,000 sentence pairs. After its first evaluation you can type in Translate and look "
           "inside in Attention without choosing anything; it keeps improving while you do."));
  } else {
    int packages = 0;
    try {
      packages = int(app::demoCorpusPackages().size());
    } catch (const std::exception&) {
    }
    setText(tr("The demo corpus is not on this computer yet. It is made from the Vietnamese message catalogs "
               "of %1 Debian packages: Get the demo corpus downloads them once with apt-get (about 750 MB, "
               "kept in %2) and builds it, in a few minutes. Or set up a run with your own corpus.")
                .arg(packages)
                .arg(QDir::toNativeSeparators(
                    QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
                        .filePath("attention-studio/debs"))));
  }
  start_->setEnabled(here && !fetching);
  start_->setVisible(here);
  fetch_->setVisible(!here);
  fetch_->setEnabled(!fetching);
  fetch_stop_->setVisible(fetching);
  fetch_progress_->setVisible(fetching);
  if (!fetching && !here) fetch_status_->setVisible(!fetch_status_->text().isEmpty());
}

void FirstRunPanel::fetchDemoCorpus(const app::DemoCorpusFetch& request) {
  if (corpus_.isRunning()) return;
  fetch_status_->setText(tr("Starting…"));
  fetch_status_->setVisible(true);
  fetch_progress_->setRange(0, 0);
  corpus_.start(request);
  describeCorpus();
}

bool FirstRunPanel::hasDemoCorpus() const { return QFileInfo(QDir(app::demoCorpusDir()).filePath("train.vi")).isFile(); }
QString FirstRunPanel::estimateText() const { return estimate_->text(); }

void FirstRunPanel::estimate() {
  estimated_ = true;
  estimator_.start("starter");
}

void FirstRunPanel::showEvent(QShowEvent* event) {
  QFrame::showEvent(event);
  if (!estimated_) estimate();
}

void FirstRunPanel::showEstimate(const app::SpeedReport& report) {
  const int minutes = std::max(1, int(std::lround(report.runSeconds / 60.0)));
  const QString precision = report.precision == "fp32" ? tr("float32") : report.precision;
  QString text =
      tr("About %n minute(s) on this computer (%1 steps of %2 s, in %3), measured just now.", "", minutes)
          .arg(report.steps)
          .arg(report.stepSeconds, 0, 'f', 2)
          .arg(report.workers > 1 ? tr("%1 on %2 workers").arg(precision).arg(report.workers) : precision);
  // The run itself times its workers against one process first (TrainingSession) and may train in one.
  if (report.timedWorkers > 1)
    text += ' ' + tr("Before it trains, it times the %1 workers against one process of all the threads, and "
                     "trains the faster way.")
                      .arg(report.timedWorkers);
  estimate_->setText(text);
  start_->setText(tr("Train the starter model (about %n minute(s))", "", minutes));
  Q_EMIT estimated(report);
}

}  // namespace studio::ui
