#include "app/training/FirstRun.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>

#include "model/runtime/Runtime.h"
#include "model/training/Distributed.h"
#include "model/training/Checkpoints.h"
#include "model/training/SpeedProbe.h"
#include "model/training/TrainingConfig.h"

namespace studio::app {

QString runsDir() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath("attention-studio/runs");
}

QString freeFolder(const QString& base) {
  QString dir = base;
  for (int n = 2; QFileInfo::exists(dir); ++n) dir = base + "-" + QString::number(n);
  return dir;
}

QString newRunDir(const QString& preset, const QDateTime& when) {
  return freeFolder(QDir(runsDir()).filePath(preset + "-" + when.toString("yyyy-MM-dd-HHmm")));
}

QString nextRunDir(const QString& run_dir, const QString& preset) {
  const QFileInfo run(QDir::cleanPath(run_dir));
  if (QDir(run.absolutePath()) == QDir(runsDir())) return newRunDir(preset);
  return freeFolder(run.absoluteFilePath());
}

QString newestRun(const QString& dir) {
  const QDir runs(dir.isEmpty() ? runsDir() : dir);
  QString newest;
  QDateTime newest_time;
  for (const QFileInfo& run : runs.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
    QDateTime changed;
    for (const QString& name : {QStringLiteral("metrics.jsonl"), QStringLiteral("best.pt"), QStringLiteral("config.json")}) {
      const QFileInfo file(QDir(run.absoluteFilePath()).filePath(name));
      if (file.isFile() && (!changed.isValid() || file.lastModified() > changed)) changed = file.lastModified();
    }
    if (changed.isValid() && (!newest_time.isValid() || changed > newest_time)) {
      newest = run.absoluteFilePath();
      newest_time = changed;
    }
  }
  return newest;
}

namespace {
bool isRunFolder(const QDir& dir) {
  for (const char* name : {"config.json", "metrics.jsonl", "probes.rec"})
    if (QFileInfo(dir.filePath(QLatin1String(name))).isFile()) return true;
  return false;
}
}  // namespace

QString runDirOf(const QString& model_or_run_dir) {
  const QFileInfo info(model_or_run_dir.trimmed());
  if (model_or_run_dir.trimmed().isEmpty()) return {};
  if (info.isDir()) return info.absoluteFilePath();  // a run folder as the model source: its own
  QDir dir = info.absoluteDir();
  if (isRunFolder(dir)) return dir.absolutePath();
  const QString folder = dir.dirName();
  if ((folder == QLatin1String("models") || folder == QLatin1String("checkpoints")) && dir.cdUp() && isRunFolder(dir))
    return dir.absolutePath();
  return {};
}

QMap<qint64, QString> runModels(const QString& run_dir) {
  QMap<qint64, QString> models;
  const std::string dir = run_dir.toStdString();
  for (const auto& list : {model::listCheckpoints(dir), model::listKeptModels(dir)})
    for (const auto& [step, path] : list) models.insert(step, QFileInfo(QString::fromStdString(path)).absoluteFilePath());
  return models;
}

SpeedEstimator::SpeedEstimator(QObject* parent) : QObject(parent) {
  static const bool registered = [] {
    qRegisterMetaType<SpeedReport>();
    return true;
  }();
  (void)registered;
}

int presetWorkers(const QString& preset, const QString& device) {
  try {
    const auto config = model::trainingPreset(preset.toStdString());
    return model::defaultWorkerCount(int(config.cpu_workers), model::resolveDevice(device.toStdString()),
                                     QThread::idealThreadCount());
  } catch (const std::exception&) {
    return 1;  // an unknown preset or a device not here: the run itself says so
  }
}

SpeedEstimator::~SpeedEstimator() {
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
}

bool SpeedEstimator::isRunning() const { return thread_ && thread_->isRunning(); }

void SpeedEstimator::start(const QString& preset, int vocabularySize) {
  if (isRunning()) return;
  if (thread_) {
    thread_->wait();  // finished: its last signal is posted
    delete thread_;
  }
  thread_ = QThread::create([this, preset, vocabularySize] {
    try {
      const auto config = model::trainingPreset(preset.toStdString());
      const auto device = model::resolveDevice(config.device);
      const auto estimate = model::estimateTrainingSpeed(config, vocabularySize, device);
      SpeedReport report;
      report.preset = preset;
      report.stepSeconds = estimate.step_seconds;
      report.evaluationSeconds = estimate.evaluation_seconds;
      report.runSeconds = estimate.run_seconds;
      report.steps = estimate.steps;
      report.precision = QString::fromStdString(estimate.precision);
      report.workers = estimate.workers;
      report.timedWorkers = estimate.workers_timed;
      // Emitted on this object's thread (queued), whoever listens.
      QMetaObject::invokeMethod(
          this, [this, report] { Q_EMIT estimated(report); }, Qt::QueuedConnection);
    } catch (const std::exception& e) {
      QMetaObject::invokeMethod(
          this, [this, message = QString::fromUtf8(e.what())] { Q_EMIT failed(message); },
          Qt::QueuedConnection);
    }
  });
  thread_->start(QThread::LowPriority);
}

}  // namespace studio::app
