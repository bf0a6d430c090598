#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

#include "app/BackgroundJob.h"

namespace studio::model {
struct EmbeddingMap;
}  // namespace studio::model

// The explorer's "Embeddings" tab: a model's embedding matrix as a map
// (model/explaining/EmbeddingMap.h), made on a worker thread, with each
// piece's nearest pieces looked up in it afterwards.
namespace studio::app {

struct EmbeddingView {
  QString modelPath;
  QStringList pieces;    // by id
  QVector<int> scripts;  // model::PieceScript a piece: 0 special, 1 Vietnamese, 2 ASCII letters, 3 other
  QVector<double> x, y;  // on the first two principal components
  double explained[2] = {0, 0};
  int dimensions = 0;
  std::shared_ptr<const model::EmbeddingMap> map;  // for nearestPieces

  bool isEmpty() const { return pieces.isEmpty(); }
  int idOf(const QString& piece) const { return int(pieces.indexOf(piece)); }  // -1 when none
};

// The `k` pieces nearest piece `id` (cosine over every dimension), nearest first.
QList<QPair<int, double>> nearestPieces(const EmbeddingView& view, int id, int k);

class EmbeddingSession : public QObject {
  Q_OBJECT

 public:
  explicit EmbeddingSession(QObject* parent = nullptr);
  ~EmbeddingSession() override;

  bool isRunning() const;

 public Q_SLOTS:
  void start(const QString& modelPath);

 Q_SIGNALS:
  // Emitted on this object's thread.
  void finished(const studio::app::EmbeddingView& view);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"embeddings"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::EmbeddingView)
