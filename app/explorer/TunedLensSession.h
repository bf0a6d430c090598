#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QVector>

#include "app/BackgroundJob.h"

// Trains a model's tuned lens (model::trainTunedLens: a map a decoder block,
// so that each block reads as close to the model's output as it can) on its
// run's data folder, on a worker thread, and keeps it beside the model
// (model::tunedLensPathBeside), where the explorer's Logit lens reads it.
namespace studio::app {

struct TunedLensView {
  QString modelPath, path, dataDir;
  int steps = 0, pairs = 0, heldOutPositions = 0;
  double seconds = 0;
  // Held out (the run's dev pairs), a block but the last's: the KL divergence
  // from the model's output through the logit lens and through this lens.
  QVector<double> klBefore, klAfter;
  QVector<int> logitBlocks;  // blocks whose map did worse than none: they keep none
  bool stopped = false;      // ended early: the steps done so far
};

class TunedLensSession : public QObject {
  Q_OBJECT

 public:
  explicit TunedLensSession(QObject* parent = nullptr);
  ~TunedLensSession() override;

  bool isRunning() const;
  // Where `modelPath`'s tuned lens is kept.
  static QString pathFor(const QString& modelPath);

 public Q_SLOTS:
  // `steps` of training (the CLI's default 300) on 5,000 training pairs, measured on 200 dev pairs.
  void start(const QString& modelPath, int steps = 300);
  void stop();

 Q_SIGNALS:
  // Emitted on this object's thread.
  void progress(int step, int steps);
  void finished(const studio::app::TunedLensView& lens);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"tuned lens"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::TunedLensView)
