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

// Where the pieces lie on the plane, by one of model::EmbeddingLayout's ways.
struct PieceLayoutView {
  QVector<double> x, y;          // by id; a Special piece's NaN under t-SNE
  double neighbourhoodKept = 0;  // 0..1: a piece's 10 nearest among its 10 nearest on the plane, averaged
  double perplexity = 0;         // t-SNE's

  bool isEmpty() const { return x.isEmpty(); }
};

struct EmbeddingView {
  QString modelPath;
  QStringList pieces;         // by id
  QVector<int> scripts;       // model::PieceScript a piece: 0 special, 1 Vietnamese, 2 ASCII letters, 3 other
  PieceLayoutView principal;  // on the first two principal components
  PieceLayoutView tsne;       // t-SNE's, once laid out (EmbeddingSession::layOut)
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
  void stop() { job_.stop(); }

 public Q_SLOTS:
  // Maps the model's embeddings (the principal components' layout).
  void start(const QString& modelPath);
  // Lays `view`'s pieces out with t-SNE (a few seconds for 4,000 pieces on 2 cores).
  void layOut(const studio::app::EmbeddingView& view);

 Q_SIGNALS:
  // Emitted on this object's thread.
  void finished(const studio::app::EmbeddingView& view);
  void laidOut(const QString& modelPath, const studio::app::PieceLayoutView& tsne);  // empty: stopped
  void layingOut(int iteration, int iterations);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"embeddings"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::EmbeddingView)
Q_DECLARE_METATYPE(studio::app::PieceLayoutView)
