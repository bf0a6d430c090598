#pragma once

#include <QDateTime>
#include <QMap>
#include <QObject>
#include <QString>

#include "app/training/DataFolders.h"

class QThread;

// Run folders, and what a new user needs before the first run: where runs go,
// which run is the newest, its models, and how long the starter model will
// train on this computer.
namespace studio::app {

// Where the app puts runs by default: <user data>/attention-studio/runs.
QString runsDir();
// `base`, or the first of "base-2", "base-3"… that is not there yet.
QString freeFolder(const QString& base);
// A new run folder in runsDir() named by preset and time, e.g.
// "starter-2026-11-22-2004" (with "-2", "-3"… when that exists already).
QString newRunDir(const QString& preset, const QDateTime& when = QDateTime::currentDateTime());
// Where a new run of `preset` goes when `run_dir` holds a run already: a new
// folder named by preset and time when `run_dir` is in runsDir(), else the
// first of "run_dir-2", "run_dir-3"… that is not there yet.
QString nextRunDir(const QString& run_dir, const QString& preset);
// The run folder under `dir` (default runsDir()) whose metrics or
// checkpoints changed last; "" when there is none.
QString newestRun(const QString& dir = QString());
// The run folder a model belongs to: a run's folder itself (its latest or
// best checkpoint), the run folder holding a model file (directly or in its
// checkpoints/ or models/ folder); "" when the model is no run's. A run folder is one with
// config.json, metrics.jsonl or probes.rec.
QString runDirOf(const QString& model_or_run_dir);
// The model files of a run by step: its checkpoints and the models it kept
// (keep_models_every), as the engine names them.
QMap<qint64, QString> runModels(const QString& run_dir);

// How many worker processes a run of `preset` starts on `device` ("auto",
// "cpu", "cuda") when the user asks for no number: the preset's cpu_workers
// on a CPU (at most one a core), else 1 (model::defaultWorkerCount).
int presetWorkers(const QString& preset, const QString& device);

struct SpeedReport {
  QString preset;
  double stepSeconds = 0, evaluationSeconds = 0, runSeconds = 0;
  qint64 steps = 0;
  QString precision;  // "bf16" or "fp32", as the run will train here
  int workers = 1;    // worker processes the estimate found faster (1: one process of all the threads)
  int timedWorkers = 1;  // the workers a run times against one process before it trains (1: none)
};

// Times a few training steps of a preset on a worker thread
// (model::estimateTrainingSpeed) and reports how long its whole run takes.
// Its signals are emitted on the thread the object lives in.
class SpeedEstimator : public QObject {
  Q_OBJECT

 public:
  explicit SpeedEstimator(QObject* parent = nullptr);
  ~SpeedEstimator() override;  // waits for a measurement in progress

  bool isRunning() const;

 public Q_SLOTS:
  // `vocabularySize`: the data's (the demo data's is kDemoVocabularySize).
  void start(const QString& preset, int vocabularySize = kDemoVocabularySize);

 Q_SIGNALS:
  void estimated(const studio::app::SpeedReport& report);
  void failed(const QString& message);

 private:
  QThread* thread_ = nullptr;
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::SpeedReport)
