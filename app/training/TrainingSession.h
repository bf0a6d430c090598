#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>

#include <memory>
#include <vector>

class QProcess;
namespace studio::model {
struct TrainingConfig;
}
class QTemporaryFile;
class QThread;

// Training on a worker thread, for the GUI: the engine's Trainer behind Qt
// signals. Only value types cross the thread boundary, and the signals are
// emitted on the thread the object lives in: listeners need no locks.
namespace studio::app {

struct TrainingRequest {
  QString dataDir;     // a data folder written by prepare (not needed to resume)
  QString runDir;      // the run folder
  QString preset = "tiny";
  QString configJson;  // a JSON object over the preset ("" = the preset as it is)
  bool resume = false;
  qint64 maxSteps = 0;  // 0 = the configuration's
  QString device = "auto";
  // Data-parallel workers (model/training/Distributed.h). This process is
  // worker 0, on its thread; the others are `workerProgram` processes
  // (attention-studio-cli; "" = $STUDIO_WORKER_PROGRAM, else the one beside
  // this program), whose lines
  // come through logLine. The cores are shared out between them.
  int workers = 1;
  QString workerProgram;
  // Fine-tuning (model/training/FineTune.h): the model file the weights start
  // from ("" = a new model; then the fine-tuning settings are the base, not
  // `preset`), the data folder it learnt from (its dev split is evaluated
  // too; "" = none) and the share of training pairs replayed from it.
  QString fineTuneFrom;
  QString originalData;
  double replayShare = 0;
};

struct StepProgress {
  qint64 step = 0, maxSteps = 0, epoch = 0;
  double loss = 0, nll = 0, learningRate = 0, gradNorm = 0, tokensPerSecond = 0, elapsedSeconds = 0;
  int workers = 1;  // the figures are every worker's together
};

struct SampleTranslation {
  QString source, reference, hypothesis;
};

struct EvalReport {
  qint64 step = 0;
  double loss = 0, perplexity = 0, tokenAccuracy = 0, bleu = 0;
  double chrf = -1;  // -1: not recorded (runs from before chrF)
  // A fine-tuning run's scores on the original data's dev split (-1: none).
  double originalBleu = -1, originalChrf = -1;
  // A data folder of several corpora: each one's dev BLEU (the corpus as prepared), in order.
  QList<QPair<QString, double>> bleuByCorpus;
  QString bleuLine, chrfLine;
  bool best = false;
  QList<SampleTranslation> samples;
};

struct FinishedReport {
  qint64 step = 0;
  QString reason;  // max_steps, max_epochs, stopped, early_stopping
  double bestBleu = -1;  // of the evaluations
  QString bestPath, lastPath, averagedPath;
  // The final choice of best.pt on the whole dev split (model/training/FinalChoice.h); 0 pairs: none made.
  qint64 wholeDevPairs = 0, bestStep = -1;
  double wholeDevBleu = -1;
};

class TrainingSession : public QObject {
  Q_OBJECT

 public:
  explicit TrainingSession(QObject* parent = nullptr);
  ~TrainingSession() override;  // asks a running training to stop and waits for it

  bool isRunning() const;

  // The program that runs workers 1.. of a data-parallel run: `requested`,
  // else $STUDIO_WORKER_PROGRAM, else the attention-studio-cli beside this
  // program; "" when that is not an executable file.
  static QString workerProgram(const QString& requested = QString());

  // Steps are reported at most this often (the last step always).
  void setStepInterval(int milliseconds) { step_interval_ms_ = milliseconds; }

 public Q_SLOTS:
  // Starts training on a worker thread; failed() if one is already running.
  void start(const studio::app::TrainingRequest& request);
  // The current step finishes, a checkpoint is written, finished() follows.
  void stop();

 Q_SIGNALS:
  void stepReported(const studio::app::StepProgress& progress);
  void evaluated(const studio::app::EvalReport& report);
  void checkpointWritten(const QString& path, bool best);
  void logLine(const QString& line);
  void finished(const studio::app::FinishedReport& report);
  void failed(const QString& message);

 private:
  struct Worker;
  // A new run with a time budget on the configuration's CPU workers first
  // times them against one process (`attention-studio-cli train
  // --time-workers`, worker_probe_steps), then trains the faster way.
  void timeWorkersFirst(const TrainingRequest& request, const model::TrainingConfig& config);
  // Starts the trainer (and workers 1..) for a configuration built by start().
  void startTraining(const TrainingRequest& request, const model::TrainingConfig& config);
  // Starts workers 1.. of a data-parallel run; "" or why it could not.
  QString startHelpers(const TrainingRequest& request, const QString& config_json, int port, int threads);
  void endHelpers();

  std::shared_ptr<Worker> worker_;
  QThread* thread_ = nullptr;
  std::vector<QProcess*> helpers_;
  std::unique_ptr<QTemporaryFile> helper_config_;
  QProcess* timing_ = nullptr;  // while the workers are timed
  std::unique_ptr<QTemporaryFile> timing_config_;
  int step_interval_ms_ = 100;
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::TrainingRequest)
Q_DECLARE_METATYPE(studio::app::StepProgress)
Q_DECLARE_METATYPE(studio::app::EvalReport)
Q_DECLARE_METATYPE(studio::app::FinishedReport)
