#include "ui/FirstRunPanel.h"

#include <cmath>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/PrepareSession.h"

namespace studio::ui {

FirstRunPanel::FirstRunPanel(QWidget* parent) : QFrame(parent) {
  setObjectName("First run");
  setFrameShape(QFrame::StyledPanel);
  auto* title = new QLabel(tr("<b>Train your first translator</b>"), this);
  text_ = new QLabel(this);
  text_->setWordWrap(true);
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

  if (hasDemoCorpus()) {
    text_->setText(tr("Train a starter model on the demo corpus: Vietnamese and English messages of free software, "
                      "about 60,000 sentence pairs. After its first evaluation you can type in Translate and look "
                      "inside in Attention without choosing anything; it keeps improving while you do."));
  } else {
    text_->setText(tr("The demo corpus is not on this computer yet. Build it with scripts/demo-corpus (it "
                      "downloads Debian's Vietnamese message catalogs), or set up a run with your own corpus."));
    start_->setEnabled(false);
  }

  auto* folder_row = new QHBoxLayout;
  folder_row->addWidget(new QLabel(tr("Run folder:"), this));
  folder_row->addWidget(run_dir_, 1);
  folder_row->addWidget(change);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(start_);
  buttons->addWidget(myself);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title);
  layout->addWidget(text_);
  layout->addWidget(estimate_);
  layout->addLayout(folder_row);
  layout->addLayout(buttons);

  connect(&estimator_, &app::SpeedEstimator::estimated, this, &FirstRunPanel::showEstimate);
  connect(&estimator_, &app::SpeedEstimator::failed, this, [this](const QString& message) {
    estimate_->setText(tr("Could not measure this computer's speed: %1").arg(message));
  });
}

QString FirstRunPanel::runDir() const { return run_dir_->text().trimmed(); }
void FirstRunPanel::setRunDir(const QString& dir) { run_dir_->setText(dir); }
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
  estimate_->setText(
      tr("About %n minute(s) on this computer (%1 steps of %2 s, in %3), measured just now.", "", minutes)
          .arg(report.steps)
          .arg(report.stepSeconds, 0, 'f', 2)
          .arg(report.workers > 1 ? tr("%1 on %2 workers").arg(precision).arg(report.workers) : precision));
  start_->setText(tr("Train the starter model (about %n minute(s))", "", minutes));
  Q_EMIT estimated(report);
}

}  // namespace studio::ui
