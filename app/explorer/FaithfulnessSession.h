#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

#include "app/BackgroundJob.h"
#include "app/translation/TranslationService.h"

// "Which explanation is faithful" for the GUI: the engine's deletion and
// insertion curves (explaining/Faithfulness.h) for every attribution method
// on the first sentences of the model's dev split, on a worker thread with
// progress and Stop. Value types only cross the thread boundary.
namespace studio::app {

struct FaithfulnessRequest {
  ModelSource model;
  QString sourceFile;  // a sentence a line; empty: the dev split of the model's run (findDevSplit)
  int sentences = 50;  // the first N (0 = all)
  QStringList methods = explanationMethods();
  int steps = 32;                // ig
  bool replaceWithUnk = false;   // remove a piece by <unk> instead of masking it out as <pad>
};

struct FaithfulnessCurveView {
  QString method;  // one of explanationMethods(), or "random"
  QVector<double> deletion, insertion;  // mean probability of the predicted piece at each fraction
  double deletionArea = 0, insertionArea = 0, seconds = 0;
};

struct FaithfulnessResult {
  QString modelPath, sourceFile;
  int sentences = 0, predictions = 0, skipped = 0;
  QVector<double> fractions;
  QList<FaithfulnessCurveView> curves;  // the methods in order, then "random"
  bool stopped = false;
  double seconds = 0;
  QString savedTo;  // faithfulness.json in the run folder, when there is one
  QByteArray json;  // what savedTo holds (and `attention-studio-cli faithfulness --json` prints)
};

class FaithfulnessSession : public QObject {
  Q_OBJECT

 public:
  explicit FaithfulnessSession(QObject* parent = nullptr);
  ~FaithfulnessSession() override;  // stops a measurement and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  void start(const studio::app::FaithfulnessRequest& request);
  void stop();  // after the sentence being measured

 Q_SIGNALS:
  void progress(int done, int total);
  void finished(const studio::app::FaithfulnessResult& result);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"faithfulness"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::FaithfulnessResult)
