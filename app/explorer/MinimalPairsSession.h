#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// The explorer's Minimal pairs tab: the engine's minimal pairs
// (evaluation/MinimalPairs.h) made of the model's run's test split (its dev
// split when there is no test split) or read from a file of the user's own,
// both sides scored by the model (PairScoring.h), on a worker thread with
// progress and Stop; value types only cross the thread boundary.
namespace studio::app {

struct MinimalPairsRequest {
  ModelSource model;
  QString pairsFile;  // SOURCE<TAB>RIGHT<TAB>WRONG[<TAB>KIND] a line; empty: made of the run's test split
  // Also every model the model's run kept (keep_models_every), oldest first: when it learnt each kind.
  bool overTraining = false;
};

struct MinimalPairRow {
  int line = 0;
  QString kind, source, right, wrong, change;
  bool scored = false;
  QString why;                        // not scored: which side is too long for the model
  double rightLog = 0, wrongLog = 0;  // log-probabilities of the whole translations
  double margin() const { return rightLog - wrongLog; }
  bool passed() const { return scored && rightLog > wrongLog; }
};

struct MinimalPairTallyRow {
  QString kind;  // "all" for the whole set
  int pairs = 0, scored = 0, preferred = 0;
  double share = 0, low = 0, high = 0, meanMargin = 0;
};

struct MinimalPairsStep {
  qint64 step = 0;
  QString modelPath;
  QList<MinimalPairTallyRow> tallies;
};

struct MinimalPairsResult {
  QString modelPath;
  QString sourceFile, referenceFile;  // the split the pairs were made of
  QString pairsFile;                  // or the file they were read from
  int lines = 0;                      // the split's lines
  QList<MinimalPairTallyRow> tallies;
  QList<MinimalPairRow> pairs;    // in the order made or read
  QList<MinimalPairsStep> steps;  // overTraining: the run's kept models' tallies, oldest first
  bool stopped = false;           // ended early: the pairs scored so far
  double seconds = 0;
  bool isEmpty() const { return pairs.isEmpty(); }
};

class MinimalPairsSession : public QObject {
  Q_OBJECT

 public:
  explicit MinimalPairsSession(QObject* parent = nullptr);
  ~MinimalPairsSession() override;  // stops and waits

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::MinimalPairsRequest& request);
  void stop();  // after the chunk of pairs being scored

 Q_SIGNALS:
  void progress(int done, int total);
  void finished(const studio::app::MinimalPairsResult& result);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"minimal pairs"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::MinimalPairsResult)
