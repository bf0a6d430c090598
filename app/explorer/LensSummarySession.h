#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QVector>

#include "app/BackgroundJob.h"

// The explorer's Logit lens over many sentences: the lens of each of the
// model's run's dev sentences (its own translation, beam 4), summed up block
// by block (model::lensOverSentences), on a worker thread.
namespace studio::app {

struct LensSummaryView {
  QString modelPath, sourceFile;  // the model and the sentences' file (the run's dev.vi)
  int sentences = 0, steps = 0;
  // Stage r is block r % 3 (self-attention, cross-attention, feed-forward) of decoder layer r / 3.
  QVector<double> top1Share;        // [stage], 0..1: the piece that came next the likeliest there
  QVector<double> meanProbability;  // [stage]
  QVector<double> medianRank;       // [stage]
  bool stopped = false;             // ended early: the sentences done so far
  bool tuned = false;               // read through the model's tuned lens (else the logit lens)
  bool isEmpty() const { return top1Share.isEmpty(); }
};

class LensSummarySession : public QObject {
  Q_OBJECT

 public:
  explicit LensSummarySession(QObject* parent = nullptr);
  ~LensSummarySession() override;

  bool isRunning() const;

 public Q_SLOTS:
  // The first `sentences` (0 = all) of the dev split of `modelPath`'s run;
  // with `tuned`, through the tuned lens beside the model (failed() when
  // there is none that fits it).
  void start(const QString& modelPath, int sentences = 200, bool tuned = false);
  void stop();

 Q_SIGNALS:
  // Emitted on this object's thread.
  void finished(const studio::app::LensSummaryView& summary);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"lens summary"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::LensSummaryView)
