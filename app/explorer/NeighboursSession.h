#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

#include "app/BackgroundJob.h"

// "Training examples" for the GUI: the engine's state index
// (model/explaining/Neighbours.h) over the training pairs of the data
// folder a model was trained on, built on a worker thread with progress and
// Stop and kept while the model file and the settings stay the same, then
// searched for a sentence's nearest states in milliseconds.
namespace studio::app {

struct NeighboursRequest {
  QString modelPath;         // a model file (the explorer's AttentionView::modelPath)
  QString source;            // the sentence, as it was translated
  QStringList outputPieces;  // its translation's pieces, without <s> and </s>
  QString dataDir;           // "" = the data folder the model's run trained on
  int pairs = 5000;          // distinct training pairs indexed (0 = all)
  int layer = -1;            // whose states: -1 the stacks' outputs, L layer L's (from 0)
  int k = 8;                 // neighbours a piece
};

struct TrainingNeighbour {
  double similarity = 0;       // cosine, -1..1
  int line = 0;                // of the pair in train.vi/train.en, from 1
  int copies = 1;              // how often the pair occurs there
  int position = 0;            // the matching piece in `source` (source side) or `target` (output side)
  QStringList source, target;  // the pair's pieces, each ending in </s>
};

struct NeighboursView {
  QString modelPath, dataDir, source;
  QStringList sourcePieces, outputPieces;                              // each ending in </s>
  QList<QList<TrainingNeighbour>> sourceNeighbours, outputNeighbours;  // one list a piece
  int pairsIndexed = 0, distinctPairs = 0, splitPairs = 0;
  int layer = -1;           // as asked
  double indexSeconds = 0;  // building the index; 0 when the kept one served
  QByteArray json;          // as `attention-studio-cli neighbours --json` prints it

  bool isEmpty() const { return sourcePieces.isEmpty(); }
};

class NeighboursSession : public QObject {
  Q_OBJECT

 public:
  explicit NeighboursSession(QObject* parent = nullptr);
  ~NeighboursSession() override;  // stops a build and waits for it

  bool isRunning() const;

 public Q_SLOTS:
  // Finds `request`'s neighbours, building the index first unless the kept
  // one fits (the same model file, unchanged, data folder and pairs).
  void start(const studio::app::NeighboursRequest& request);
  void stop();  // after the batch being encoded; the index is dropped

 Q_SIGNALS:
  void progress(int done, int total);  // pairs encoded while the index is built
  void finished(const studio::app::NeighboursView& view);
  void failed(const QString& message);

 private:
  struct Kept;
  std::shared_ptr<Kept> kept_;  // used on the job's thread only
  BackgroundJob job_{"neighbours"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::NeighboursRequest)
Q_DECLARE_METATYPE(studio::app::NeighboursView)
